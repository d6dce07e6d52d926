// Package jacobi holds relaxation sweeps (Jacobi, red-black Gauss-Seidel,
// block and sparse Jacobi) written the way a GPU programmer ports them: one
// row (or a strided set of rows) per lane, shared vectors in captured slices,
// and barriers between the read and write phases of a sweep.
//
// Every exported function launches one kernel and says in its doc comment
// whether that kernel is correct or has a convergence bug.
package jacobi

import (
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

// rowUpdate returns the Jacobi update of row i of a x = b, reading the
// current iterate x.
func rowUpdate(a [][]float64, b, x []float64, i int) float64 {
	s := b[i]
	for j, aij := range a[i] {
		if j != i {
			s -= aij * x[j]
		}
	}
	return s / a[i][i]
}

// residualRow returns b[i] - (a x)[i].
func residualRow(a [][]float64, b, x []float64, i int) float64 {
	s := b[i]
	for j, aij := range a[i] {
		s -= aij * x[j]
	}
	return s
}

// JacobiUntilConverged runs Jacobi sweeps on a x = b, one row per lane,
// until no row moves by tol or more, or for maxSweeps sweeps. It returns
// the number of sweeps that changed x.
//
// kernel(ok): whether to stop is decided by an Any over all rows, so every
// lane leaves the sweep loop in the same sweep and meets the barriers.
func JacobiUntilConverged(a [][]float64, b, x []float64, tol float64, maxSweeps int) (int, error) {
	n := len(b)
	var sweeps int
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		s := 0
		for ; s < maxSweeps; s++ {
			xi := rowUpdate(a, b, x, i)
			moved := math.Abs(xi-x[i]) >= tol
			if !spmd.Any(l, moved) {
				break
			}
			l.Barrier() // every lane has read x
			x[i] = xi
			l.Barrier() // every lane has written its row
		}
		if i == 0 {
			sweeps = s
		}
	})
	return sweeps, err
}

// JacobiSkipConverged runs Jacobi sweeps on a x = b, one row per lane,
// letting rows that have settled skip the write phase.
//
// kernel(bug): a lane whose row moved by less than tol continues to the
// next sweep and skips both barriers, which the rows still moving wait at.
func JacobiSkipConverged(a [][]float64, b, x []float64, tol float64, maxSweeps int) error {
	n := len(b)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for s := 0; s < maxSweeps; s++ {
			xi := rowUpdate(a, b, x, i)
			if math.Abs(xi-x[i]) < tol {
				continue // this row has settled
			}
			l.Barrier() // EXPECT
			x[i] = xi
			l.Barrier() // EXPECT
		}
	})
}

// RedBlackGS solves -u_xx = f on a uniform grid of spacing h with the
// boundary values u[0] and u[len(u)-1] fixed, by red-black Gauss-Seidel:
// one interior point per lane, odd points first, then even points.
//
// kernel(ok): the barriers that separate the colours are outside the
// colour tests.
func RedBlackGS(u, f []float64, h float64, sweeps int) error {
	n := len(u) - 2
	h2 := h * h
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index() + 1
		for s := 0; s < sweeps; s++ {
			if i%2 == 1 { // red points
				u[i] = (u[i-1] + u[i+1] + h2*f[i]) / 2
			}
			l.Barrier()
			if i%2 == 0 { // black points
				u[i] = (u[i-1] + u[i+1] + h2*f[i]) / 2
			}
			l.Barrier()
		}
	})
}

// RedBlackGSInnerBarrier is RedBlackGS with the barrier after the red
// update moved into the red branch.
//
// kernel(bug): only the red lanes reach the first barrier; the black lanes
// go on to the barrier at the end of the sweep.
func RedBlackGSInnerBarrier(u, f []float64, h float64, sweeps int) error {
	n := len(u) - 2
	h2 := h * h
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index() + 1
		for s := 0; s < sweeps; s++ {
			if i%2 == 1 { // red points
				u[i] = (u[i-1] + u[i+1] + h2*f[i]) / 2
				l.Barrier() // EXPECT
			}
			if i%2 == 0 { // black points
				u[i] = (u[i-1] + u[i+1] + h2*f[i]) / 2
			}
			l.Barrier()
		}
	})
}

// BlockJacobi runs Jacobi sweeps with lanes owning the strided rows i,
// i+lanes, ...; a row with a zero pivot keeps its value.
//
// kernel(ok): the zero-pivot test only skips to the lane's next row; every
// lane finishes its rows and meets the barriers.
func BlockJacobi(a [][]float64, b, x []float64, lanes, sweeps int) error {
	n := len(b)
	next := make([]float64, n)
	return spmd.Run(lanes, func(l spmd.Lane) {
		for s := 0; s < sweeps; s++ {
			for r := l.Index(); r < n; r += l.Count() {
				if a[r][r] == 0 {
					next[r] = x[r] // singular pivot: keep the old value
					continue
				}
				next[r] = rowUpdate(a, b, x, r)
			}
			l.Barrier() // next is complete
			for r := l.Index(); r < n; r += l.Count() {
				x[r] = next[r]
			}
			l.Barrier() // x is complete
		}
	})
}

// BlockJacobiAbandonSweep is BlockJacobi where a zero pivot makes the lane
// give up on the whole sweep.
//
// kernel(bug): continue sweep leaves the row loop and the sweep body, so a
// lane owning a singular row never reaches the barriers.
func BlockJacobiAbandonSweep(a [][]float64, b, x []float64, lanes, sweeps int) error {
	n := len(b)
	next := make([]float64, n)
	return spmd.Run(lanes, func(l spmd.Lane) {
	sweep:
		for s := 0; s < sweeps; s++ {
			for r := l.Index(); r < n; r += l.Count() {
				if a[r][r] == 0 {
					continue sweep // singular pivot: give up on this sweep
				}
				next[r] = rowUpdate(a, b, x, r)
			}
			l.Barrier() // EXPECT
			for r := l.Index(); r < n; r += l.Count() {
				x[r] = next[r]
			}
			l.Barrier() // EXPECT
		}
	})
}

// DampedJacobiCycles runs up to cycles cycles of per damped Jacobi sweeps,
// lowering the damping factor after each cycle, and stops as soon as the
// largest change of a sweep is below tol. It returns the damping factor in
// use when it stopped.
//
// kernel(ok): the labelled break leaves both loops on a ReduceMax, in every
// lane at once.
func DampedJacobiCycles(a [][]float64, b, x []float64, omega0, tol float64, cycles, per int) (float64, error) {
	n := len(b)
	var omegaOut float64
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		omega := omega0
	outer:
		for c := 0; c < cycles; c++ {
			for s := 0; s < per; s++ {
				xi := (1-omega)*x[i] + omega*rowUpdate(a, b, x, i)
				delta := math.Abs(xi - x[i])
				l.Barrier()
				x[i] = xi
				l.Barrier()
				if spmd.ReduceMax(l, delta) < tol {
					break outer
				}
			}
			omega *= 0.9
		}
		if i == 0 {
			omegaOut = omega
		}
	})
	return omegaOut, err
}

// DampedJacobiCyclesLocal is DampedJacobiCycles with the stopping test made
// on the lane's own row.
//
// kernel(bug): break outer on a lane-local delta takes settled lanes out of
// both loops, and the lanes still sweeping wait at the barriers.
func DampedJacobiCyclesLocal(a [][]float64, b, x []float64, omega0, tol float64, cycles, per int) error {
	n := len(b)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		omega := omega0
	outer:
		for c := 0; c < cycles; c++ {
			for s := 0; s < per; s++ {
				xi := (1-omega)*x[i] + omega*rowUpdate(a, b, x, i)
				delta := math.Abs(xi - x[i])
				l.Barrier() // EXPECT
				x[i] = xi
				l.Barrier() // EXPECT
				if delta < tol {
					break outer
				}
			}
			omega *= 0.9
		}
	})
}

// rowState is what a lane keeps about its row between sweeps. The fields
// are separate: sweeps is counted the same way in every lane, the others
// are the lane's own.
type rowState struct {
	x      float64 // the lane's unknown
	delta  float64 // how far it moved in the last sweep
	done   bool    // delta < tol: the row has settled
	sweeps int     // sweeps done so far, the same in every lane
}

// JacobiChecked runs Jacobi sweeps, one row per lane, and every `every`
// sweeps checks whether all rows have settled. It returns the index of the
// sweep it stopped at (maxSweeps if it never did).
//
// kernel(ok): the check is guarded by the sweep counter, a uniform field of
// the state struct, and decided by All.
func JacobiChecked(a [][]float64, b, x []float64, tol float64, maxSweeps, every int) (int, error) {
	n := len(b)
	var used int
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		st := rowState{x: x[i]}
		for st.sweeps = 0; st.sweeps < maxSweeps; st.sweeps++ {
			next := rowUpdate(a, b, x, i)
			st.delta = math.Abs(next - st.x)
			st.x = next
			st.done = st.delta < tol
			l.Barrier()
			x[i] = st.x
			l.Barrier()
			if st.sweeps%every == every-1 && spmd.All(l, st.done) {
				break
			}
		}
		if i == 0 {
			used = st.sweeps
		}
	})
	return used, err
}

// JacobiCheckedLocal is JacobiChecked where each lane stops on its own
// done flag.
//
// kernel(bug): st.done is the lane's own; lanes that settle leave the loop
// while the others sweep on and wait at the barriers.
func JacobiCheckedLocal(a [][]float64, b, x []float64, tol float64, maxSweeps, every int) error {
	n := len(b)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		st := rowState{x: x[i]}
		for st.sweeps = 0; st.sweeps < maxSweeps; st.sweeps++ {
			next := rowUpdate(a, b, x, i)
			st.delta = math.Abs(next - st.x)
			st.x = next
			st.done = st.delta < tol
			l.Barrier() // EXPECT
			x[i] = st.x
			l.Barrier() // EXPECT
			if st.sweeps%every == every-1 && st.done {
				break
			}
		}
	})
}

// JacobiSharedFlag runs Jacobi sweeps, one row per lane; lane 0 gathers
// the row changes from shared memory and writes the decision to stop into
// a shared flag that every lane reads after the barrier.
//
// kernel(ok): stop[0] is shared memory read at a fixed index, the same in
// every lane.
func JacobiSharedFlag(a [][]float64, b, x []float64, tol float64, maxSweeps int) (int, error) {
	n := len(b)
	res := make([]float64, n)
	stop := make([]bool, 1)
	var sweeps int
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		s := 0
		for ; s < maxSweeps; s++ {
			xi := rowUpdate(a, b, x, i)
			res[i] = math.Abs(xi - x[i])
			l.Barrier() // res is complete, x has been read
			x[i] = xi
			if i == 0 {
				worst := 0.0
				for _, r := range res {
					worst = max(worst, r)
				}
				stop[0] = worst < tol
			}
			l.Barrier() // x and stop are complete
			if stop[0] {
				break
			}
		}
		if i == 0 {
			sweeps = s
		}
	})
	return sweeps, err
}

// JacobiNeighbourFlag is JacobiSharedFlag where each lane decides from its
// own row and its right neighbour's.
//
// kernel(bug): the stencil-local test differs between lanes; lanes that
// stop leave the others waiting at the barriers.
func JacobiNeighbourFlag(a [][]float64, b, x []float64, tol float64, maxSweeps int) error {
	n := len(b)
	res := make([]float64, n)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for s := 0; s < maxSweeps; s++ {
			xi := rowUpdate(a, b, x, i)
			res[i] = math.Abs(xi - x[i])
			l.Barrier() // EXPECT
			x[i] = xi
			l.Barrier() // EXPECT
			if res[i] < tol && res[(i+1)%n] < tol {
				break
			}
		}
	})
}

// ResidualNorm returns the 2-norm of b - a x, with lanes owning the
// strided rows i, i+lanes, ...
//
// kernel(ok): each lane sums its rows first; the one ReduceAdd is after the
// row loop.
func ResidualNorm(a [][]float64, b, x []float64, lanes int) (float64, error) {
	n := len(b)
	var norm float64
	err := spmd.Run(lanes, func(l spmd.Lane) {
		local := 0.0
		for r := l.Index(); r < n; r += l.Count() {
			res := residualRow(a, b, x, r)
			local += res * res
		}
		total := spmd.ReduceAdd(l, local)
		if l.Index() == 0 {
			norm = math.Sqrt(total)
		}
	})
	return norm, err
}

// ResidualNormPerRow is ResidualNorm with the reduction done once per row.
//
// kernel(bug): the row loop runs ceil((n-i)/lanes) times, which differs
// between lanes when lanes does not divide n.
func ResidualNormPerRow(a [][]float64, b, x []float64, lanes int) (float64, error) {
	n := len(b)
	var norm float64
	err := spmd.Run(lanes, func(l spmd.Lane) {
		total := 0.0
		for r := l.Index(); r < n; r += l.Count() {
			res := residualRow(a, b, x, r)
			total += spmd.ReduceAdd(l, res*res) // EXPECT
		}
		if l.Index() == 0 {
			norm = math.Sqrt(total)
		}
	})
	return norm, err
}

// CSR is a sparse matrix in compressed sparse row form.
type CSR struct {
	RowPtr []int
	Col    []int
	Val    []float64
}

// relax returns the Jacobi update of row i, and false if the row has no
// diagonal entry (the value is then x[i]).
func (m *CSR) relax(b, x []float64, i int) (float64, bool) {
	diag := 0.0
	s := b[i]
	for k := m.RowPtr[i]; k < m.RowPtr[i+1]; k++ {
		if m.Col[k] == i {
			diag = m.Val[k]
		} else {
			s -= m.Val[k] * x[m.Col[k]]
		}
	}
	if diag == 0 {
		return x[i], false
	}
	return s / diag, true
}

// SparseJacobi runs Jacobi sweeps on a CSR matrix, one row per lane. Empty
// rows (unused unknowns) keep their value.
//
// kernel(ok): empty rows skip the update but keep meeting the barriers.
func SparseJacobi(m *CSR, b, x []float64, sweeps int) error {
	return spmd.Run(len(b), func(l spmd.Lane) {
		i := l.Index()
		empty := m.RowPtr[i+1] == m.RowPtr[i]
		for s := 0; s < sweeps; s++ {
			xi := x[i]
			if !empty {
				xi, _ = m.relax(b, x, i)
			}
			l.Barrier()
			x[i] = xi
			l.Barrier()
		}
	})
}

// SparseJacobiEarlyExit is SparseJacobi where the lanes of empty rows
// return at once.
//
// kernel(bug): the early return is lane-dependent; the lanes of non-empty
// rows wait at the barriers for lanes that have gone.
func SparseJacobiEarlyExit(m *CSR, b, x []float64, sweeps int) error {
	return spmd.Run(len(b), func(l spmd.Lane) {
		i := l.Index()
		if m.RowPtr[i+1] == m.RowPtr[i] {
			return // an unused row: nothing to relax
		}
		for s := 0; s < sweeps; s++ {
			xi, _ := m.relax(b, x, i)
			l.Barrier() // EXPECT
			x[i] = xi
			l.Barrier() // EXPECT
		}
	})
}

// ShuffleJacobi1D solves -u_xx = f (u[0] and u[len(u)-1] fixed) by Jacobi
// sweeps in registers: one interior point per lane, the neighbours'
// values exchanged with Shuffle.
//
// kernel(ok): every lane takes part in both shuffles, the end lanes with a
// clamped source whose value they then replace by the boundary value.
func ShuffleJacobi1D(u, f []float64, h float64, sweeps int) error {
	n := len(u) - 2
	h2 := h * h
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		ui := u[i+1]
		for s := 0; s < sweeps; s++ {
			left := spmd.Shuffle(l, ui, max(i-1, 0))
			right := spmd.Shuffle(l, ui, min(i+1, n-1))
			if i == 0 {
				left = u[0]
			}
			if i == n-1 {
				right = u[n+1]
			}
			ui = (left + right + h2*f[i+1]) / 2
		}
		u[i+1] = ui
	})
}

// ShuffleJacobi1DGuarded is ShuffleJacobi1D where the end lanes skip the
// shuffle they do not need.
//
// kernel(bug): lane 0 skips the first shuffle and the last lane the second;
// the lanes meet different shuffles.
func ShuffleJacobi1DGuarded(u, f []float64, h float64, sweeps int) error {
	n := len(u) - 2
	h2 := h * h
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		ui := u[i+1]
		for s := 0; s < sweeps; s++ {
			left, right := u[0], u[n+1]
			if i > 0 {
				left = spmd.Shuffle(l, ui, i-1) // EXPECT
			}
			if i < n-1 {
				right = spmd.Shuffle(l, ui, i+1) // EXPECT
			}
			ui = (left + right + h2*f[i+1]) / 2
		}
		u[i+1] = ui
	})
}
