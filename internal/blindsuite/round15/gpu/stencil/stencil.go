// Package stencil holds stencils with halo loads, tiled transpose and matrix
// multiply with shared tiles, a tiled SpMV and grid-stride loops.
package stencil

import (
	"math"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round15/gpu/blockutil"
	"github.com/spmdvet/spmdvet/spmd"
)

// Jacobi1DHalo (correct): one 3-point averaging step over u, processed block
// by block (uniform loop over base). Each lane loads its cell into the tile;
// the first and last lane also load the halo cells, under lane-dependent
// guards that contain no barrier; the barriers are outside every guard.
// Boundary cells are copied.
func Jacobi1DHalo(u []float64, block int) ([]float64, error) {
	n := len(u)
	res := make([]float64, n)
	tile := make([]float64, block+2)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		b := l.Count()
		for base := 0; base < n; base += b {
			g := base + tid
			v := 0.0
			if g < n {
				v = u[g]
			}
			tile[tid+1] = v
			if tid == 0 {
				left := 0.0
				if base > 0 {
					left = u[base-1]
				}
				tile[0] = left
			}
			if tid == b-1 {
				right := 0.0
				if base+b < n {
					right = u[base+b]
				}
				tile[b+1] = right
			}
			l.Barrier()
			if g > 0 && g < n-1 {
				res[g] = (tile[tid] + tile[tid+1] + tile[tid+2]) / 3
			} else if g < n {
				res[g] = v
			}
			l.Barrier()
		}
	})
	return res, err
}

// Jacobi1DHaloBarrierInHalo (bug): lane 0 waits for "its" halo load with a
// barrier inside the `tid == 0` branch.
func Jacobi1DHaloBarrierInHalo(u []float64, block int) ([]float64, error) {
	n := len(u)
	res := make([]float64, n)
	tile := make([]float64, block+2)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		b := l.Count()
		for base := 0; base < n; base += b {
			g := base + tid
			v := 0.0
			if g < n {
				v = u[g]
			}
			tile[tid+1] = v
			if tid == 0 {
				left := 0.0
				if base > 0 {
					left = u[base-1]
				}
				tile[0] = left
				l.Barrier() // EXPECT
			}
			if tid == b-1 {
				right := 0.0
				if base+b < n {
					right = u[base+b]
				}
				tile[b+1] = right
			}
			l.Barrier()
			if g > 0 && g < n-1 {
				res[g] = (tile[tid] + tile[tid+1] + tile[tid+2]) / 3
			} else if g < n {
				res[g] = v
			}
			l.Barrier()
		}
	})
	return res, err
}

// Jacobi1DBoundaryReturn (bug): one lane per cell; the two boundary lanes copy
// their cell and return (`tid == 0 || tid == n-1`) before the barrier the
// interior lanes wait at.
func Jacobi1DBoundaryReturn(u []float64) ([]float64, error) {
	n := len(u)
	res := make([]float64, n)
	tile := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		tid := l.Index()
		tile[tid] = u[tid]
		if tid == 0 || tid == n-1 {
			res[tid] = u[tid]
			return
		}
		l.Barrier() // EXPECT
		res[tid] = (tile[tid-1] + tile[tid] + tile[tid+1]) / 3
	})
	return res, err
}

// JacobiUntilConverged (correct): Laplace relaxation with fixed ends, one lane
// per cell, iterated until the largest change is below eps. The loop leaves
// on `delta < eps` where delta comes from ReduceMax: every lane leaves in the
// same iteration. Returns the field and the number of sweeps.
func JacobiUntilConverged(u []float64, eps float64, maxIter int) ([]float64, int, error) {
	n := len(u)
	cur := make([]float64, n)
	iters := 0
	err := spmd.Run(n, func(l spmd.Lane) {
		tid := l.Index()
		cur[tid] = u[tid]
		l.Barrier()
		for it := 0; it < maxIter; it++ {
			nv := cur[tid]
			if tid > 0 && tid < n-1 {
				nv = (cur[tid-1] + cur[tid+1]) / 2
			}
			delta := spmd.ReduceMax(l, math.Abs(nv-cur[tid]))
			l.Barrier()
			cur[tid] = nv
			l.Barrier()
			if tid == 0 {
				iters = it + 1
			}
			if delta < eps {
				break
			}
		}
	})
	return cur, iters, err
}

// JacobiLocalConvergence (bug): each lane stops when its *own* change is below
// eps. Lanes leave the loop in different iterations (the fixed boundary cells
// right away) and the barriers in the loop lose them.
func JacobiLocalConvergence(u []float64, eps float64, maxIter int) ([]float64, error) {
	n := len(u)
	cur := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		tid := l.Index()
		cur[tid] = u[tid]
		l.Barrier()
		for it := 0; it < maxIter; it++ {
			nv := cur[tid]
			if tid > 0 && tid < n-1 {
				nv = (cur[tid-1] + cur[tid+1]) / 2
			}
			l.Barrier() // EXPECT
			old := cur[tid]
			cur[tid] = nv
			l.Barrier() // EXPECT
			if math.Abs(nv-old) < eps {
				break
			}
		}
	})
	return cur, err
}

// transposeKernel (correct): tiled transpose through a shared t*t tile
// (the CUDA "transposeCoalesced" sample). A kernel entry: n and t are
// uniform, so both tile loops have uniform trip counts. n must be a multiple
// of t; t*t lanes.
//
//spmd:kernel
func transposeKernel(l spmd.Lane, in, out, tile []float64, n, t int) {
	r, c := l.Index()/t, l.Index()%t
	for by := 0; by < n; by += t {
		for bx := 0; bx < n; bx += t {
			tile[r*t+c] = in[(by+r)*n+bx+c]
			l.Barrier()
			out[(bx+r)*n+by+c] = tile[c*t+r]
			l.Barrier()
		}
	}
}

// TransposeTiled (correct): runs transposeKernel; the call is unconditional.
func TransposeTiled(in []float64, n, t int) ([]float64, error) {
	out := make([]float64, n*n)
	tile := make([]float64, t*t)
	err := spmd.Run(t*t, func(l spmd.Lane) {
		transposeKernel(l, in, out, tile, n, t)
	})
	return out, err
}

// TransposeTiledBounds (bug): the transpose generalized to n not a multiple of
// t. The load and its __syncthreads were both put under the bounds check, so
// in edge tiles the lanes outside the matrix skip that barrier.
func TransposeTiledBounds(in []float64, n, t int) ([]float64, error) {
	out := make([]float64, n*n)
	tile := make([]float64, t*t)
	err := spmd.Run(t*t, func(l spmd.Lane) {
		r, c := l.Index()/t, l.Index()%t
		for by := 0; by < n; by += t {
			for bx := 0; bx < n; bx += t {
				if by+r < n && bx+c < n {
					tile[r*t+c] = in[(by+r)*n+bx+c]
					blockutil.SyncThreads(l) // EXPECT
				}
				if bx+r < n && by+c < n {
					out[(bx+r)*n+by+c] = tile[c*t+r]
				}
				blockutil.SyncThreads(l)
			}
		}
	})
	return out, err
}

// matmulKernel (correct): C = A*B with t*t shared tiles of A and B (the
// "matrixMul" sample), any n. The k0 loop depends only on n and t (kernel
// parameters, uniform); out-of-range elements are loaded as zero under
// guards that hold no barrier. t*t lanes.
//
//spmd:kernel
func matmulKernel(l spmd.Lane, a, b, c, as, bs []float64, n, t int) {
	tr, tc := l.Index()/t, l.Index()%t
	for by := 0; by < n; by += t {
		for bx := 0; bx < n; bx += t {
			row, col := by+tr, bx+tc
			acc := 0.0
			for k0 := 0; k0 < n; k0 += t {
				av, bv := 0.0, 0.0
				if row < n && k0+tc < n {
					av = a[row*n+k0+tc]
				}
				if k0+tr < n && col < n {
					bv = b[(k0+tr)*n+col]
				}
				as[tr*t+tc] = av
				bs[tr*t+tc] = bv
				l.Barrier()
				for k := 0; k < t; k++ {
					acc += as[tr*t+k] * bs[k*t+tc]
				}
				l.Barrier()
			}
			if row < n && col < n {
				c[row*n+col] = acc
			}
		}
	}
}

// MatMulTiled (correct): runs matmulKernel with exactly t*t lanes.
func MatMulTiled(a, b []float64, n, t int) ([]float64, error) {
	c := make([]float64, n*n)
	as := make([]float64, t*t)
	bs := make([]float64, t*t)
	err := spmd.Run(t*t, func(l spmd.Lane) {
		matmulKernel(l, a, b, c, as, bs, n, t)
	})
	return c, err
}

// MatMulGuardedTileCall (bug): the group was rounded up to a whole warp of
// lanes and the extra lanes are kept out of the tile kernel with a guard on
// the lane index. The tile kernel performs barriers, so calling it under the
// guard is a divergent convergent call.
func MatMulGuardedTileCall(a, b []float64, n, t, lanes int) ([]float64, error) {
	c := make([]float64, n*n)
	as := make([]float64, t*t)
	bs := make([]float64, t*t)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		if l.Index() < t*t {
			matmulKernel(l, a, b, c, as, bs, n, t) // EXPECT
		}
	})
	return c, err
}

// CSR is a sparse matrix in compressed sparse row form, column indices sorted
// within each row.
type CSR struct {
	RowPtr []int
	Col    []int
	Val    []float64
	Cols   int
}

// SpMVTiledOwnTrip (bug): y = A*x with x staged through shared memory one tile
// of Count entries at a time. Each lane (row) only loops over the tiles up to
// its own last column, so the trip count, and with it the number of barriers,
// depends on the row.
func SpMVTiledOwnTrip(a CSR, x []float64) ([]float64, error) {
	rows := len(a.RowPtr) - 1
	y := make([]float64, rows)
	xs := make([]float64, rows)
	err := spmd.Run(rows, func(l spmd.Lane) {
		tid := l.Index()
		b := l.Count()
		lo, hi := a.RowPtr[tid], a.RowPtr[tid+1]
		need := 0
		if hi > lo {
			need = a.Col[hi-1]/b + 1
		}
		acc := 0.0
		j := lo
		for ti := 0; ti < need; ti++ {
			base := ti * b
			if base+tid < a.Cols {
				xs[tid] = x[base+tid]
			}
			l.Barrier() // EXPECT
			for j < hi && a.Col[j] < base+b {
				acc += a.Val[j] * xs[a.Col[j]-base]
				j++
			}
			l.Barrier() // EXPECT
		}
		y[tid] = acc
	})
	return y, err
}

// SpMVTiledMaxTrip (correct): the fix. The trip count is the ReduceMax of the
// per-row needs, uniform; rows that are done just skip the inner loop.
func SpMVTiledMaxTrip(a CSR, x []float64) ([]float64, error) {
	rows := len(a.RowPtr) - 1
	y := make([]float64, rows)
	xs := make([]float64, rows)
	err := spmd.Run(rows, func(l spmd.Lane) {
		tid := l.Index()
		b := l.Count()
		lo, hi := a.RowPtr[tid], a.RowPtr[tid+1]
		need := 0
		if hi > lo {
			need = a.Col[hi-1]/b + 1
		}
		trips := spmd.ReduceMax(l, need)
		acc := 0.0
		j := lo
		for ti := 0; ti < trips; ti++ {
			base := ti * b
			if base+tid < a.Cols {
				xs[tid] = x[base+tid]
			}
			l.Barrier()
			for j < hi && a.Col[j] < base+b {
				acc += a.Val[j] * xs[a.Col[j]-base]
				j++
			}
			l.Barrier()
		}
		y[tid] = acc
	})
	return y, err
}

// GridStrideSum (correct): grid-stride accumulation (lane-dependent trip
// count, but nothing convergent inside), then one ReduceAdd after the loop,
// where all lanes are back together.
func GridStrideSum(data []int, lanes int) (int, error) {
	out := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		acc := 0
		for i := l.Index(); i < len(data); i += l.Count() {
			acc += data[i]
		}
		total := spmd.ReduceAdd(l, acc)
		if l.Index() == 0 {
			out = total
		}
	})
	return out, err
}

// GridStrideBarrier (bug): a grid-stride loop that stages each round in shared
// memory for lane 0 to fold. When n is not a multiple of Count, the low lanes
// run one more round than the high ones; the barriers in the loop see
// different sets of lanes.
func GridStrideBarrier(data []int, lanes int) (int, error) {
	n := len(data)
	stage := make([]int, lanes)
	out := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		gid := blockutil.GlobalID(l, 0)
		for i := gid; i < n; i += l.Count() {
			stage[tid] = data[i]
			l.Barrier() // EXPECT
			if tid == 0 {
				for k := 0; k < l.Count(); k++ {
					out += stage[k]
				}
			}
			l.Barrier() // EXPECT
		}
	})
	return out, err
}

// GridStrideTiled (correct): the fix. The loop runs over tile bases, a uniform
// trip count; the lanes past the end stage a zero.
func GridStrideTiled(data []int, lanes int) (int, error) {
	n := len(data)
	stage := make([]int, lanes)
	out := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		for base := 0; base < n; base += l.Count() {
			v := 0
			if base+tid < n {
				v = data[base+tid]
			}
			stage[tid] = v
			l.Barrier()
			if tid == 0 {
				for k := 0; k < l.Count(); k++ {
					out += stage[k]
				}
			}
			l.Barrier()
		}
	})
	return out, err
}

// SparseTileSkip (bug): rows of a grid are processed one tile (row) at a time;
// each lane adds its left neighbour to its cell. Empty cells `continue` to
// the next tile before the barriers, so the lanes holding a zero skip them.
func SparseTileSkip(grid []int, width int) ([]int, error) {
	tiles := len(grid) / width
	stage := make([]int, width)
	out := make([]int, len(grid))
	err := spmd.Run(width, func(l spmd.Lane) {
		tid := l.Index()
		for t := 0; t < tiles; t++ {
			v := grid[t*width+tid]
			if v == 0 {
				continue
			}
			stage[tid] = v
			l.Barrier() // EXPECT
			left := 0
			if tid > 0 {
				left = stage[tid-1]
			}
			out[t*width+tid] = v + left
			l.Barrier() // EXPECT
		}
	})
	return out, err
}

// SparseTileSkipFixed (correct): the barriers come before the `continue`, at
// the top of the body. The continue only jumps to the loop's latch, where
// the paths join again before the (uniform) loop test, so the barriers are
// reached by every lane in every iteration.
func SparseTileSkipFixed(grid []int, width int) ([]int, error) {
	tiles := len(grid) / width
	stage := make([]int, width)
	out := make([]int, len(grid))
	err := spmd.Run(width, func(l spmd.Lane) {
		tid := l.Index()
		for t := 0; t < tiles; t++ {
			l.Barrier() // the previous tile's readers are done with stage
			v := grid[t*width+tid]
			stage[tid] = v
			l.Barrier()
			if v == 0 {
				continue
			}
			left := 0
			if tid > 0 {
				left = stage[tid-1]
			}
			out[t*width+tid] = v + left
		}
	})
	return out, err
}
