package cudakern

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/vocab/cuda"
)

// RoundSums gives each thread one list of a CSR structure (row tid is
// vals[rowPtr[tid]:rowPtr[tid+1]]) and returns, for every k, the sum of the
// k-th elements of all lists. The number of rounds is the longest list,
// agreed on with a warp reduction; the threads whose list is shorter add
// zeros.
//
// kernel(ok)
func RoundSums(rowPtr []int, vals []float32) ([]float32, error) {
	longest := 0
	for r := 0; r+1 < len(rowPtr); r++ {
		longest = max(longest, rowPtr[r+1]-rowPtr[r])
	}
	out := make([]float32, longest)
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		start, n := rowPtr[tid], rowPtr[tid+1]-rowPtr[tid]
		rounds := t.WarpReduceMax(n)
		for k := 0; k < rounds; k++ {
			var v float32
			if k < n {
				v = vals[start+k]
			}
			s := t.WarpReduceSum(v)
			if tid == 0 {
				out[k] = s
			}
		}
	})
	return out, err
}

// RoundSumsOwnLength loops over the thread's own list: the threads with
// short lists leave the loop while the others wait in the reduction.
//
// kernel(bug)
func RoundSumsOwnLength(rowPtr []int, vals []float32) ([]float32, error) {
	longest := 0
	for r := 0; r+1 < len(rowPtr); r++ {
		longest = max(longest, rowPtr[r+1]-rowPtr[r])
	}
	out := make([]float32, longest)
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		start, n := rowPtr[tid], rowPtr[tid+1]-rowPtr[tid]
		for k := 0; k < n; k++ {
			s := t.WarpReduceSum(vals[start+k]) // EXPECT
			if tid == 0 {
				out[k] = s
			}
		}
	})
	return out, err
}

// Jacobi runs iters double-buffered smoothing sweeps over one block of
// samples; cuda.Thread.Phases puts the barrier between the sweeps. The
// number of sweeps is the largest that any thread asks for.
//
// kernel(ok)
func Jacobi(x []float32, want []int) ([]float32, error) {
	bufs := [2][]float32{make([]float32, Block), make([]float32, Block)}
	copy(bufs[0], x)
	var sweeps int
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		n := t.BlockDim()
		iters := t.WarpReduceMax(want[tid])
		t.Phases(iters, func(k int) {
			src, dst := bufs[k%2], bufs[(k+1)%2]
			lo, hi := max(tid-1, 0), min(tid+1, n-1)
			dst[tid] = (src[lo] + src[tid] + src[hi]) / 3
		})
		if tid == 0 {
			sweeps = iters
		}
	})
	return bufs[sweeps%2], err
}

// JacobiOwnCount lets every thread run the number of sweeps it asks for:
// the helper's barrier count then differs between threads.
//
// kernel(bug)
func JacobiOwnCount(x []float32, want []int) ([]float32, error) {
	bufs := [2][]float32{make([]float32, Block), make([]float32, Block)}
	copy(bufs[0], x)
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		n := t.BlockDim()
		t.Phases(want[tid], func(k int) { // EXPECT
			src, dst := bufs[k%2], bufs[(k+1)%2]
			lo, hi := max(tid-1, 0), min(tid+1, n-1)
			dst[tid] = (src[lo] + src[tid] + src[hi]) / 3
		})
	})
	return bufs[0], err
}

// FirstNegativeColumn scans a Block x width matrix, one row per thread,
// column by column, and stops at the first column that holds a negative
// value in some row; it returns that column and its sum, or -1. The exit
// test is a __syncthreads_or, so k is the same in every thread after the
// loop.
//
// kernel(ok)
func FirstNegativeColumn(m []float32, width int) (int, float32, error) {
	col, colSum := -1, float32(0)
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		row := m[tid*width : (tid+1)*width]
		k := 0
		for ; k < width; k++ {
			if t.SyncThreadsOr(row[k] < 0) {
				break
			}
		}
		if k < width {
			s := t.WarpReduceSum(row[k])
			if tid == 0 {
				col, colSum = k, s
			}
		}
	})
	return col, colSum, err
}

// FirstNegativeColumnPerRow stops each row at its own first negative: after
// the loop k differs between threads, and the rows without a negative skip
// the reduction.
//
// kernel(bug)
func FirstNegativeColumnPerRow(m []float32, width int) (int, float32, error) {
	col, colSum := -1, float32(0)
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		row := m[tid*width : (tid+1)*width]
		k := 0
		for ; k < width; k++ {
			if row[k] < 0 {
				break
			}
		}
		if k < width {
			s := t.WarpReduceSum(row[k]) // EXPECT
			if tid == 0 {
				col, colSum = k, s
			}
		}
	})
	return col, colSum, err
}

// GridTotal sums data over a grid of blocks: every block reduces its part,
// thread 0 stores it and takes a ticket, and the block that takes the last
// ticket adds up the partial sums. __syncthreads_or spreads thread 0's
// ticket test to the whole block.
//
// kernel(ok)
func GridTotal(data []float32) (float32, error) {
	grid := gridFor(len(data))
	partial := make([]float32, grid)
	shared := make([]float32, Block)
	var done int32
	var total float32
	err := cuda.Launch(grid, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		i := t.GlobalIdx()
		var v float32
		if i < len(data) {
			v = data[i]
		}
		sum := t.BlockReduceSum(shared, v)
		ticket := int32(-1)
		if tid == 0 {
			partial[t.BlockIdx()] = sum
			ticket = t.AtomicAdd(&done, 1)
		}
		if t.SyncThreadsOr(ticket == int32(t.GridDim()-1)) {
			var p float32
			for j := tid; j < t.GridDim(); j += t.BlockDim() {
				p += partial[j]
			}
			s := t.BlockReduceSum(shared, p)
			if tid == 0 {
				total = s
			}
		}
	})
	return total, err
}

// GridTotalTicketBranch tests thread 0's ticket directly: in the last
// block only thread 0 enters the final reduction.
//
// kernel(bug)
func GridTotalTicketBranch(data []float32) (float32, error) {
	grid := gridFor(len(data))
	partial := make([]float32, grid)
	shared := make([]float32, Block)
	var done int32
	var total float32
	err := cuda.Launch(grid, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		i := t.GlobalIdx()
		var v float32
		if i < len(data) {
			v = data[i]
		}
		sum := t.BlockReduceSum(shared, v)
		ticket := int32(-1)
		if tid == 0 {
			partial[t.BlockIdx()] = sum
			ticket = t.AtomicAdd(&done, 1)
		}
		if ticket == int32(t.GridDim()-1) {
			var p float32
			for j := tid; j < t.GridDim(); j += t.BlockDim() {
				p += partial[j]
			}
			s := t.BlockReduceSum(shared, p) // EXPECT
			if tid == 0 {
				total = s
			}
		}
	})
	return total, err
}

// StageAndBias specialises the block: the lower half stages the scaled
// input, the upper half loads the bias, and after one barrier the upper
// half combines them.
//
// kernel(ok)
func StageAndBias(in []float32, bias float32) ([]float32, error) {
	stage := make([]float32, Block/2)
	out := make([]float32, Block/2)
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		half := t.BlockDim() / 2
		var acc float32
		switch {
		case tid < half:
			stage[tid] = in[tid] * 2
		default:
			acc = bias
		}
		t.SyncThreads()
		if tid >= half {
			out[tid-half] = stage[tid-half] + acc
		}
	})
	return out, err
}

// StageAndBiasSyncPerRole gives each role its own __syncthreads: the two
// halves wait at different barriers.
//
// kernel(bug)
func StageAndBiasSyncPerRole(in []float32, bias float32) ([]float32, error) {
	stage := make([]float32, Block/2)
	out := make([]float32, Block/2)
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		half := t.BlockDim() / 2
		var acc float32
		switch {
		case tid < half:
			stage[tid] = in[tid] * 2
			t.SyncThreads() // EXPECT
		default:
			acc = bias
			t.SyncThreads() // EXPECT
		}
		if tid >= half {
			out[tid-half] = stage[tid-half] + acc
		}
	})
	return out, err
}

// HalveActiveOnOverflow halves the active samples when any sample of the
// block exceeds limit. The __syncthreads_or comes first, so every thread
// reaches it; only the assignment depends on active.
//
// kernel(ok)
func HalveActiveOnOverflow(x []float32, active []bool, limit float32) ([]float32, error) {
	out := make([]float32, Block)
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		v := x[tid]
		if t.SyncThreadsOr(v > limit) && active[tid] {
			v /= 2
		}
		out[tid] = v
	})
	return out, err
}

// HalveActiveOnOverflowShortCircuit tests active first: the inactive
// threads skip the __syncthreads_or on the right of &&.
//
// kernel(bug)
func HalveActiveOnOverflowShortCircuit(x []float32, active []bool, limit float32) ([]float32, error) {
	out := make([]float32, Block)
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		v := x[tid]
		if active[tid] && t.SyncThreadsOr(v > limit) { // EXPECT
			v /= 2
		}
		out[tid] = v
	})
	return out, err
}

// AdjacentDiff computes x[i]-x[i-1] (and x[0]) with a grid-stride loop over
// tiles staged in shared memory. The loop walks tile bases, which are the
// same in every thread of a block, so all threads run it equally often.
//
// kernel(ok)
func AdjacentDiff(x []float32) ([]float32, error) {
	const grid = 2
	out := make([]float32, len(x))
	shared := make([]float32, Block)
	err := cuda.Launch(grid, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		stride := t.BlockDim() * t.GridDim()
		for base := t.BlockIdx() * t.BlockDim(); base < len(x); base += stride {
			i := base + tid
			if i < len(x) {
				shared[tid] = x[i]
			}
			t.SyncThreads()
			if i < len(x) {
				switch {
				case tid > 0:
					out[i] = shared[tid] - shared[tid-1]
				case i > 0:
					out[i] = x[i] - x[i-1]
				default:
					out[i] = x[i]
				}
			}
			t.SyncThreads()
		}
	})
	return out, err
}

// AdjacentDiffPerThread is the textbook grid-stride loop over elements,
// with the tile barriers inside: the threads whose last element is past
// the end leave the loop one iteration early.
//
// kernel(bug)
func AdjacentDiffPerThread(x []float32) ([]float32, error) {
	const grid = 2
	out := make([]float32, len(x))
	shared := make([]float32, Block)
	err := cuda.Launch(grid, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		stride := t.BlockDim() * t.GridDim()
		for i := t.GlobalIdx(); i < len(x); i += stride {
			shared[tid] = x[i]
			t.SyncThreads() // EXPECT
			switch {
			case tid > 0:
				out[i] = shared[tid] - shared[tid-1]
			case i > 0:
				out[i] = x[i] - x[i-1]
			default:
				out[i] = x[i]
			}
			t.SyncThreads() // EXPECT
		}
	})
	return out, err
}
