// Package tri holds dense and sparse linear-algebra kernels whose loops are
// triangular or banded: their bounds come either from a uniform step (the
// pivot k, the tile base, a ReduceMax of the row lengths) or from the lane
// itself (j from i, k up to i, a row of CSR). The correct kernels keep every
// collective at a level whose trip count is the same in all lanes; the buggy
// twins put one inside a loop whose bounds are derived from l.Index().
package tri

import (
	"math"
	"math/bits"

	"github.com/spmdvet/spmdvet/spmd"
)

// ForwardSubst solves L x = b for a lower-triangular n×n matrix L stored row
// major, lane i owning row i. Column k is retired in step k: lane k finishes
// x[k], a barrier publishes it, and the rows below subtract its contribution.
// The step loop runs over all n columns in every lane.
//
// kernel(ok)
func ForwardSubst(L, b []float64) ([]float64, error) {
	n := len(b)
	x := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		acc := b[i]
		for k := 0; k < n; k++ {
			if i == k {
				x[k] = acc / L[k*n+k]
			}
			l.Barrier()
			if i > k {
				acc -= L[i*n+k] * x[k]
			}
		}
	})
	return x, err
}

// ForwardSubstTriangular is ForwardSubst with the step loop cut down to the
// columns left of the lane's diagonal, k < i, so that lane i "only waits for
// the x it needs". Lane 0 never enters the loop, lane n-1 runs it n-1 times,
// and the barrier inside is reached by fewer lanes every step.
//
// kernel(bug)
func ForwardSubstTriangular(L, b []float64) ([]float64, error) {
	n := len(b)
	x := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		acc := b[i]
		for k := 0; k < i; k++ {
			l.Barrier() // EXPECT
			acc -= L[i*n+k] * x[k]
		}
		x[i] = acc / L[i*n+i]
	})
	return x, err
}

// UpperColumnSums returns, for each column j of the n×n matrix A, the sum of
// its upper-triangular part (rows 0..j). Lane i owns row i and contributes
// A[i][j] to the columns j >= i and zero to the others, so every lane takes
// part in every column's reduction.
//
// kernel(ok)
func UpperColumnSums(A []float64, n int) ([]float64, error) {
	sums := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for j := 0; j < n; j++ {
			v := 0.0
			if j >= i {
				v = A[i*n+j]
			}
			s := spmd.ReduceAdd(l, v)
			if i == 0 {
				sums[j] = s
			}
		}
	})
	return sums, err
}

// UpperColumnSumsTriangular walks only the upper triangle, j from i, and
// reduces each column there: lane i stops taking part after n-i columns.
//
// kernel(bug)
func UpperColumnSumsTriangular(A []float64, n int) ([]float64, error) {
	sums := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for j := i; j < n; j++ {
			s := spmd.ReduceAdd(l, A[i*n+j]) // EXPECT
			if i == 0 {
				sums[j] = s
			}
		}
	})
	return sums, err
}

// Eliminate reduces the n×n matrix A (row major) in place to its Doolittle
// LU factors, without pivoting: U on and above the diagonal, the multipliers
// of L below it. Lane i owns row i. The barrier at the top of step k waits
// for the pivot row, which lane k finished in step k-1. The rows at or above
// the pivot skip the rest of the step with continue and rejoin the others at
// k++, before the next barrier.
//
// kernel(ok)
func Eliminate(A []float64, n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for k := 0; k < n-1; k++ {
			l.Barrier()
			if i <= k {
				continue
			}
			f := A[i*n+k] / A[k*n+k]
			A[i*n+k] = f
			for j := k + 1; j < n; j++ {
				A[i*n+j] -= f * A[k*n+j]
			}
		}
	})
}

// EliminateLate is Eliminate with the barrier moved to the end of the step,
// after the rows at or above the pivot have already continued: only the
// rows below the pivot ever reach it.
//
// kernel(bug)
func EliminateLate(A []float64, n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for k := 0; k < n-1; k++ {
			if i <= k {
				continue
			}
			f := A[i*n+k] / A[k*n+k]
			A[i*n+k] = f
			for j := k + 1; j < n; j++ {
				A[i*n+j] -= f * A[k*n+j]
			}
			l.Barrier() // EXPECT
		}
	})
}

// MatVecTiled computes y = A x for an m×n matrix A, lane i owning row i, one
// lane per row. x is staged through a shared tile of l.Count() entries: in
// every round each lane loads at most one entry, a barrier waits for the
// tile, every lane uses it, and a second barrier keeps the tile until all
// are done. The round loop steps over x in uniform strides.
//
// kernel(ok)
func MatVecTiled(A, x []float64, m int) ([]float64, error) {
	n := len(x)
	y := make([]float64, m)
	tile := make([]float64, m)
	err := spmd.Run(m, func(l spmd.Lane) {
		i := l.Index()
		acc := 0.0
		for base := 0; base < n; base += l.Count() {
			if j := base + i; j < n {
				tile[i] = x[j]
			}
			l.Barrier()
			for t := 0; t < l.Count() && base+t < n; t++ {
				acc += A[i*n+base+t] * tile[t]
			}
			l.Barrier()
		}
		y[i] = acc
	})
	return y, err
}

// MatVecStrided stages x with the textbook grid-stride loop, j from the lane
// index in steps of l.Count(). When n is not a multiple of the lane count,
// the lanes past the end of x leave the loop a round early, and both
// barriers of the last round wait for them.
//
// kernel(bug)
func MatVecStrided(A, x []float64, m int) ([]float64, error) {
	n := len(x)
	y := make([]float64, m)
	tile := make([]float64, m)
	err := spmd.Run(m, func(l spmd.Lane) {
		i := l.Index()
		acc := 0.0
		for j := i; j < n; j += l.Count() {
			base := j - i
			tile[i] = x[j]
			l.Barrier() // EXPECT
			for t := 0; t < l.Count() && base+t < n; t++ {
				acc += A[i*n+base+t] * tile[t]
			}
			l.Barrier() // EXPECT
		}
		y[i] = acc
	})
	return y, err
}

// SpMVCSR computes y = A x for a sparse matrix in CSR form, lane i owning row
// i. The lanes step through their rows together up to the longest row, whose
// length ReduceMax makes uniform; every step a ballot counts the lanes that
// still had a nonzero, which is returned as the SIMD occupancy per step.
//
// kernel(ok)
func SpMVCSR(rowPtr, cols []int, vals, x []float64) (y []float64, occupancy []int, err error) {
	m := len(rowPtr) - 1
	y = make([]float64, m)
	occ := make([]int, len(vals)+1)
	steps := 0
	err = spmd.Run(m, func(l spmd.Lane) {
		i := l.Index()
		start, end := rowPtr[i], rowPtr[i+1]
		longest := spmd.ReduceMax(l, end-start)
		acc := 0.0
		for k := 0; k < longest; k++ {
			p := start + k
			active := p < end
			if active {
				acc += vals[p] * x[cols[p]]
			}
			mask := spmd.Ballot(l, active)
			if i == 0 {
				occ[k] = bits.OnesCount64(mask)
			}
		}
		y[i] = acc
		if i == 0 {
			steps = longest
		}
	})
	return y, occ[:steps], err
}

// SpMVCSRRowLoop walks each lane's own row, p from rowPtr[i] to rowPtr[i+1],
// and takes the occupancy ballot inside that loop: a lane with a short row
// stops voting while the lanes with long rows still wait for it.
//
// kernel(bug)
func SpMVCSRRowLoop(rowPtr, cols []int, vals, x []float64) (y []float64, occupancy []int, err error) {
	m := len(rowPtr) - 1
	y = make([]float64, m)
	occ := make([]int, len(vals)+1)
	steps := 0
	err = spmd.Run(m, func(l spmd.Lane) {
		i := l.Index()
		acc := 0.0
		k := 0
		for p := rowPtr[i]; p < rowPtr[i+1]; p++ {
			acc += vals[p] * x[cols[p]]
			mask := spmd.Ballot(l, true) // EXPECT
			if i == 0 {
				occ[k] = bits.OnesCount64(mask)
			}
			k++
		}
		y[i] = acc
		if i == 0 {
			steps = k
		}
	})
	return y, occ[:steps], err
}

// tileWidth is the number of positions staged per round in PairEnergy.
const tileWidth = 4

// stage copies pos[base:base+len(tile)] into the shared tile, one entry per
// lane, between two barriers: the first waits until nobody reads the
// previous tile any more, the second until the new one is complete. Its own
// control is uniform; only the store is masked.
func stage(l spmd.Lane, tile, pos []float64, base int) {
	l.Barrier()
	if k := l.Index(); k < len(tile) && base+k < len(pos) {
		tile[k] = pos[base+k]
	}
	l.Barrier()
}

// PairEnergy returns the total pair potential sum over i<j of 1/|p_i-p_j|
// for points on a line, lane i owning point i. Positions are staged through
// a shared tile of tileWidth entries by stage; lane i adds up only the pairs
// j > i of each tile, a triangular loop whose bound is uniform per tile.
//
// kernel(ok)
func PairEnergy(pos []float64) (float64, error) {
	n := len(pos)
	tile := make([]float64, tileWidth)
	var total float64
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		e := 0.0
		for base := 0; base < n; base += tileWidth {
			stage(l, tile, pos, base)
			for t := 0; t < tileWidth && base+t < n; t++ {
				if j := base + t; j > i {
					e += 1 / math.Abs(pos[i]-tile[t])
				}
			}
		}
		sum := spmd.ReduceAdd(l, e)
		if i == 0 {
			total = sum
		}
	})
	return total, err
}

// PairEnergyFromOwnTile skips the tiles wholly below the lane's own point,
// starting the tile loop at the lane's tile: the loop over tiles is
// triangular in the lane, and the stage helper's barriers are reached by
// fewer lanes in the first tiles.
//
// kernel(bug)
func PairEnergyFromOwnTile(pos []float64) (float64, error) {
	n := len(pos)
	tile := make([]float64, tileWidth)
	var total float64
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		e := 0.0
		for base := i / tileWidth * tileWidth; base < n; base += tileWidth {
			stage(l, tile, pos, base) // EXPECT
			for t := 0; t < tileWidth && base+t < n; t++ {
				if j := base + t; j > i {
					e += 1 / math.Abs(pos[i]-tile[t])
				}
			}
		}
		sum := spmd.ReduceAdd(l, e)
		if i == 0 {
			total = sum
		}
	})
	return total, err
}

// BackSubst solves U x = b for an upper-triangular n×n matrix U, lane i owning
// row i. Step k goes from n-1 down to 0 in every lane: lane k finishes its x,
// Broadcast from lane k (a uniform source) hands it to all lanes, and the
// rows above subtract it.
//
// kernel(ok)
func BackSubst(U, b []float64) ([]float64, error) {
	n := len(b)
	x := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		acc := b[i]
		xi := 0.0
		for k := n - 1; k >= 0; k-- {
			if i == k {
				xi = acc / U[i*n+i]
			}
			xk := spmd.Broadcast(l, xi, k)
			if i < k {
				acc -= U[i*n+k] * xk
			}
		}
		x[i] = xi
	})
	return x, err
}

// BackSubstTriangular only visits the columns right of the diagonal, k from
// n-1 down to i+1, and asks lane k for its x with Broadcast. The source k is
// the same in every lane that gets there, but lane k itself has already left
// the loop: the lanes leave it in different steps.
//
// kernel(bug)
func BackSubstTriangular(U, b []float64) ([]float64, error) {
	n := len(b)
	x := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		acc := b[i]
		xi := 0.0
		for k := n - 1; k > i; k-- {
			xk := spmd.Broadcast(l, xi, k) // EXPECT
			acc -= U[i*n+k] * xk
		}
		xi = acc / U[i*n+i]
		x[i] = xi
	})
	return x, err
}

// FirstAbove returns, for each position i, the first j in the window
// [i, i+w) with x[j] >= thresh, or -1. The window loop counts offsets 0..w-1
// (a uniform bound) and masks the positions past the end; the lanes stop
// early, together, once All says that every lane has found its j.
//
// kernel(ok)
func FirstAbove(x []float64, w int, thresh float64) ([]int, error) {
	n := len(x)
	first := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		found := -1
		for d := 0; d < w; d++ {
			if j := i + d; found < 0 && j < n && x[j] >= thresh {
				found = j
			}
			if spmd.All(l, found >= 0) {
				break
			}
		}
		first[i] = found
	})
	return first, err
}

// FirstAboveClipped loops j over the lane's window clipped to the array,
// from i to min(i+w, n): the lanes near the end have shorter windows and
// leave the loop while the others still vote in All.
//
// kernel(bug)
func FirstAboveClipped(x []float64, w int, thresh float64) ([]int, error) {
	n := len(x)
	first := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		found := -1
		for j := i; j < min(i+w, n); j++ {
			if found < 0 && x[j] >= thresh {
				found = j
			}
			if spmd.All(l, found >= 0) { // EXPECT
				break
			}
		}
		first[i] = found
	})
	return first, err
}

// ChunkSums splits data into l.Count() contiguous chunks of
// ceil(len/Count) elements, lane i owning chunk i, and returns the running
// total after every element offset t: after round t, totals[t] is the sum of
// the first t+1 elements of all chunks. The round loop counts the uniform
// chunk size and masks the positions past the end.
//
// kernel(ok)
func ChunkSums(data []int, lanes int) ([]int, error) {
	n := len(data)
	chunk := (n + lanes - 1) / lanes
	totals := make([]int, chunk)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		lo := i * chunk
		run := 0
		for t := 0; t < chunk; t++ {
			if j := lo + t; j < n {
				run += data[j]
			}
			s := spmd.ReduceAdd(l, run)
			if i == 0 {
				totals[t] = s
			}
		}
	})
	return totals, err
}

// ChunkSumsClipped loops over the lane's chunk clipped to the data, j from
// i*chunk to min((i+1)*chunk, n): the last chunk is shorter (or empty), and
// its lane leaves the round loop early.
//
// kernel(bug)
func ChunkSumsClipped(data []int, lanes int) ([]int, error) {
	n := len(data)
	chunk := (n + lanes - 1) / lanes
	totals := make([]int, chunk)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		lo, hi := i*chunk, min((i+1)*chunk, n)
		run := 0
		for j := lo; j < hi; j++ {
			run += data[j]
			s := spmd.ReduceAdd(l, run) // EXPECT
			if i == 0 {
				totals[j-lo] = s
			}
		}
	})
	return totals, err
}

// JacobiSolve runs iters Jacobi iterations for A x = b (A n×n, row major,
// diagonally dominant), lane i owning x[i]. Each iteration checks the lane's
// diagonal, which a caller may have shifted, and panics on a zero pivot: that
// branch only decides whether the lane brings the kernel down, so the lanes
// that go on are all the lanes there are. The row loop j runs over all n
// columns but skips the diagonal with continue.
//
// kernel(ok)
func JacobiSolve(A, b []float64, iters int) ([]float64, error) {
	n := len(b)
	x := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for it := 0; it < iters; it++ {
			d := A[i*n+i]
			if d == 0 {
				panic("tri: zero pivot")
			}
			s := b[i]
			for j := 0; j < n; j++ {
				if j == i {
					continue
				}
				s -= A[i*n+j] * x[j]
			}
			l.Barrier()
			x[i] = s / d
			l.Barrier()
		}
	})
	return x, err
}

// JacobiSolveSkipZero leaves the kernel quietly on a zero pivot instead:
// the lane returns in the middle of the iteration loop, and the barriers
// after it wait for it.
//
// kernel(bug)
func JacobiSolveSkipZero(A, b []float64, iters int) ([]float64, error) {
	n := len(b)
	x := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for it := 0; it < iters; it++ {
			d := A[i*n+i]
			if d == 0 {
				return
			}
			s := b[i]
			for j := 0; j < n; j++ {
				if j == i {
					continue
				}
				s -= A[i*n+j] * x[j]
			}
			l.Barrier() // EXPECT
			x[i] = s / d
			l.Barrier() // EXPECT
		}
	})
	return x, err
}
