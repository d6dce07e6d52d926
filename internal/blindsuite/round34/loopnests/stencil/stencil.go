// Package stencil holds grid kernels: Jacobi and Gauss-Seidel sweeps, 2D
// five-point updates with walls, variable-radius blurs, ray marching and
// smoothing on unstructured meshes. Their loop nests mostly have uniform
// bounds (iterations, rows, colors, taps); what differs between the correct
// and the buggy twins is whether the body leaves an iteration, or the whole
// loop, on lane-dependent data (boundary cells, walls, per-cell residuals),
// and at which level of the nest the barrier or collective sits.
package stencil

import (
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

// Jacobi1D runs iters Jacobi sweeps of the 1D Laplace equation on u, whose
// end points are fixed, lane i owning cell i. Boundary lanes keep their value
// but still take part in both barriers of every sweep.
//
// kernel(ok)
func Jacobi1D(u []float64, iters int) error {
	n := len(u)
	next := make([]float64, n)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		interior := i != 0 && i != n-1
		for it := 0; it < iters; it++ {
			if interior {
				next[i] = 0.5 * (u[i-1] + u[i+1])
			}
			l.Barrier()
			if interior {
				u[i] = next[i]
			}
			l.Barrier()
		}
	})
}

// Jacobi1DSkipBoundary lets the boundary lanes skip the sweep with continue,
// since "they have nothing to compute": they also skip both barriers.
//
// kernel(bug)
func Jacobi1DSkipBoundary(u []float64, iters int) error {
	n := len(u)
	next := make([]float64, n)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for it := 0; it < iters; it++ {
			if i == 0 || i == n-1 {
				continue // boundary values are fixed
			}
			next[i] = 0.5 * (u[i-1] + u[i+1])
			l.Barrier() // EXPECT
			u[i] = next[i]
			l.Barrier() // EXPECT
		}
	})
}

// Heat2D runs iters sweeps of a five-point heat stencil on a rows×cols grid
// (row major) with insulated walls, lane c owning column c. Rows are updated
// in place from top to bottom; prev keeps the old values of the row above,
// already overwritten. Every lane reaches both barriers of every row, walls
// and boundary columns included: only their arithmetic is masked.
//
// kernel(ok)
func Heat2D(grid []float64, wall []bool, rows, cols, iters int) error {
	prev := make([]float64, cols)
	return spmd.Run(cols, func(l spmd.Lane) {
		c := l.Index()
		for it := 0; it < iters; it++ {
			prev[c] = grid[c]
			l.Barrier()
			for r := 1; r < rows-1; r++ {
				p := r*cols + c
				nv := grid[p]
				if c > 0 && c < cols-1 && !wall[p] {
					nv = 0.25 * (prev[c] + grid[p+cols] + grid[p-1] + grid[p+1])
				}
				l.Barrier() // row r and prev are read by everyone
				prev[c] = grid[p]
				grid[p] = nv
				l.Barrier() // row r and prev are updated
			}
		}
	})
}

// Heat2DSkipWalls leaves the row early, with continue, in the boundary
// columns and at wall cells: those lanes skip both barriers of the row.
//
// kernel(bug)
func Heat2DSkipWalls(grid []float64, wall []bool, rows, cols, iters int) error {
	prev := make([]float64, cols)
	return spmd.Run(cols, func(l spmd.Lane) {
		c := l.Index()
		for it := 0; it < iters; it++ {
			prev[c] = grid[c]
			l.Barrier()
			for r := 1; r < rows-1; r++ {
				p := r*cols + c
				if c == 0 || c == cols-1 || wall[p] {
					continue
				}
				nv := 0.25 * (prev[c] + grid[p+cols] + grid[p-1] + grid[p+1])
				l.Barrier() // EXPECT
				prev[c] = grid[p]
				grid[p] = nv
				l.Barrier() // EXPECT
			}
		}
	})
}

// clamp returns v limited to [lo, hi].
func clamp(v, lo, hi int) int {
	return max(lo, min(v, hi))
}

// VariableBlur blurs a 1D signal held in registers, one sample per lane, for
// a number of passes. Each sample has its own radius; the tap loop runs over
// the largest radius of all (ReduceMax), fetching the neighbour with Shuffle
// in every lane and keeping only the taps within the lane's own radius. After
// each pass ReduceMax gives the largest change. The blurred samples go back
// to img, and after a barrier each lane takes the forward difference.
//
// kernel(ok)
func VariableBlur(img []float64, rad []int, passes int) (grad, maxChange []float64, err error) {
	n := len(img)
	grad = make([]float64, n)
	changes := make([]float64, passes)
	err = spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		mine := img[i]
		r := rad[i]
		maxRad := spmd.ReduceMax(l, r)
		for p := 0; p < passes; p++ {
			s, cnt := 0.0, 0
			for k := -maxRad; k <= maxRad; k++ {
				nb := spmd.Shuffle(l, mine, clamp(i+k, 0, n-1))
				if k >= -r && k <= r && i+k >= 0 && i+k < n {
					s += nb
					cnt++
				}
			}
			d := math.Abs(s/float64(cnt) - mine)
			mine = s / float64(cnt)
			worst := spmd.ReduceMax(l, d)
			if i == 0 {
				changes[p] = worst
			}
		}
		img[i] = mine
		l.Barrier()
		grad[i] = img[min(i+1, n-1)] - mine
	})
	return grad, changes, err
}

// VariableBlurOwnRadius runs the tap loop over the lane's own radius, so the
// Shuffle in it is done a different number of times in different lanes. The
// pass-level ReduceMax and the final barrier are outside the tap loop, where
// the lanes have met again.
//
// kernel(bug)
func VariableBlurOwnRadius(img []float64, rad []int, passes int) (grad, maxChange []float64, err error) {
	n := len(img)
	grad = make([]float64, n)
	changes := make([]float64, passes)
	err = spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		mine := img[i]
		r := rad[i]
		for p := 0; p < passes; p++ {
			s, cnt := 0.0, 0
			for k := -r; k <= r; k++ {
				nb := spmd.Shuffle(l, mine, clamp(i+k, 0, n-1)) // EXPECT
				if i+k >= 0 && i+k < n {
					s += nb
					cnt++
				}
			}
			d := math.Abs(s/float64(cnt) - mine)
			mine = s / float64(cnt)
			worst := spmd.ReduceMax(l, d)
			if i == 0 {
				changes[p] = worst
			}
		}
		img[i] = mine
		l.Barrier()
		grad[i] = img[min(i+1, n-1)] - mine
	})
	return grad, changes, err
}

// SolveLaplace relaxes the 1D Laplace equation with fixed end points until
// the largest change of a check period is below tol. The outer loop (the
// checks) exits on ReduceMax, a uniform value; the inner loop runs a uniform
// number of Jacobi steps, each with two barriers. It returns the number of
// checks made.
//
// kernel(ok)
func SolveLaplace(u []float64, period int, tol float64, maxChecks int) (int, error) {
	n := len(u)
	checks := 0
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		c := 0
		for c < maxChecks {
			c++
			delta := 0.0
			for s := 0; s < period; s++ {
				v := u[i]
				if i > 0 && i < n-1 {
					v = 0.5 * (u[i-1] + u[i+1])
				}
				l.Barrier()
				delta = math.Abs(v - u[i])
				u[i] = v
				l.Barrier()
			}
			if spmd.ReduceMax(l, delta) < tol {
				break
			}
		}
		if i == 0 {
			checks = c
		}
	})
	return checks, err
}

// SolveLaplaceLocal lets every cell stop on its own residual: the outer loop
// is left in different checks by different lanes, and the barriers of the
// uniform inner loop are then reached by the lanes still iterating only.
//
// kernel(bug)
func SolveLaplaceLocal(u []float64, period int, tol float64, maxChecks int) (int, error) {
	n := len(u)
	checks := 0
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		c := 0
		for c < maxChecks {
			c++
			delta := 0.0
			for s := 0; s < period; s++ {
				v := u[i]
				if i > 0 && i < n-1 {
					v = 0.5 * (u[i-1] + u[i+1])
				}
				l.Barrier() // EXPECT
				delta = math.Abs(v - u[i])
				u[i] = v
				l.Barrier() // EXPECT
			}
			if delta < tol {
				break
			}
		}
		if i == 0 {
			checks = c
		}
	})
	return checks, err
}

// RedBlack runs red-black Gauss-Seidel sweeps of -d²u/dx² = f (h = 1) with
// fixed end points, then returns the largest residual. In each color the
// lanes of that color update, and all lanes wait at the color's barrier.
//
// kernel(ok)
func RedBlack(u, f []float64, sweeps int) (float64, error) {
	n := len(u)
	var res float64
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for s := 0; s < sweeps; s++ {
			for color := 0; color < 2; color++ {
				if i > 0 && i < n-1 && i%2 == color {
					u[i] = 0.5 * (u[i-1] + u[i+1] + f[i])
				}
				l.Barrier()
			}
		}
		r := 0.0
		if i > 0 && i < n-1 {
			r = math.Abs(u[i-1] - 2*u[i] + u[i+1] + f[i])
		}
		worst := spmd.ReduceMax(l, r)
		if i == 0 {
			res = worst
		}
	})
	return res, err
}

// RedBlackContinue skips the color a lane does not own with continue, and
// with it the color's barrier. (Odd and even lanes would even meet at the
// same barrier in different colors; the end points, which never update,
// never reach it.)
//
// kernel(bug)
func RedBlackContinue(u, f []float64, sweeps int) (float64, error) {
	n := len(u)
	var res float64
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for s := 0; s < sweeps; s++ {
			for color := 0; color < 2; color++ {
				if i == 0 || i == n-1 || i%2 != color {
					continue
				}
				u[i] = 0.5 * (u[i-1] + u[i+1] + f[i])
				l.Barrier() // EXPECT
			}
		}
		r := 0.0
		if i > 0 && i < n-1 {
			r = math.Abs(u[i-1] - 2*u[i] + u[i+1] + f[i])
		}
		worst := spmd.ReduceMax(l, r)
		if i == 0 {
			res = worst
		}
	})
	return res, err
}

// DistanceToWall returns, for each cell i, the number of cells from i to the
// first wall at or after it (or to the end of the grid). The lanes march in
// lockstep while Any lane is still marching; the loop condition is a
// collective, so the loop is left in the same step by all lanes. A lane
// that has stopped continues straight back to the condition, where it
// meets the others.
//
// kernel(ok)
func DistanceToWall(wall []bool) ([]int, error) {
	n := len(wall)
	dist := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		p := i
		marching := true
		for spmd.Any(l, marching) {
			if !marching {
				continue
			}
			if p >= n || wall[p] {
				marching = false
			} else {
				p++
			}
		}
		dist[i] = p - i
	})
	return dist, err
}

// DistanceToWallWhile marches with a per-lane while loop and takes the vote
// inside it, to stop everyone once nobody can move: the lanes that hit their
// wall first are already out of the loop and never vote again.
//
// kernel(bug)
func DistanceToWallWhile(wall []bool) ([]int, error) {
	n := len(wall)
	dist := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		p := i
		for p < n && !wall[p] {
			p++
			if !spmd.Any(l, p < n && !wall[p]) { // EXPECT
				break
			}
		}
		dist[i] = p - i
	})
	return dist, err
}

// MeshSmooth runs iters Laplacian smoothing sweeps on an unstructured mesh:
// cell i has up to k neighbours nbr[i*k:(i+1)*k], -1 for none. The tap loop
// skips the missing neighbours with continue (inside the tap loop only) and
// panics on a corrupt index; the two barriers sit at the sweep level, which
// every lane reaches.
//
// kernel(ok)
func MeshSmooth(u []float64, nbr []int, k, iters int) error {
	n := len(u)
	next := make([]float64, n)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
	sweeps:
		for it := 0; it < iters; it++ {
			s, cnt := u[i], 1
			for t := 0; t < k; t++ {
				j := nbr[i*k+t]
				if j < 0 {
					continue
				}
				if j >= n {
					panic("stencil: neighbour index out of range")
				}
				s += u[j]
				cnt++
			}
			next[i] = s / float64(cnt)
			l.Barrier()
			u[i] = next[i]
			l.Barrier()
			if it == iters-1 {
				break sweeps
			}
		}
	})
}

// MeshSmoothSkipCell means to skip a missing neighbour but writes continue
// sweeps: a cell with a missing neighbour leaves the tap loop and skips the
// rest of the sweep, both barriers included.
//
// kernel(bug)
func MeshSmoothSkipCell(u []float64, nbr []int, k, iters int) error {
	n := len(u)
	next := make([]float64, n)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
	sweeps:
		for it := 0; it < iters; it++ {
			s, cnt := u[i], 1
			for t := 0; t < k; t++ {
				j := nbr[i*k+t]
				if j < 0 {
					continue sweeps
				}
				if j >= n {
					panic("stencil: neighbour index out of range")
				}
				s += u[j]
				cnt++
			}
			next[i] = s / float64(cnt)
			l.Barrier() // EXPECT
			u[i] = next[i]
			l.Barrier() // EXPECT
		}
	})
}
