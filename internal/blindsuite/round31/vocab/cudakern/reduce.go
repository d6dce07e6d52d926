// Package cudakern holds CUDA-style kernels written against package cuda:
// reductions, scans, sorting and stencils in shared memory, each in a
// correct version and a buggy one.
package cudakern

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/vocab/cuda"
)

// Block is the block size of the kernels of this package: one warp.
const Block = cuda.WarpSize

func gridFor(n int) int { return (n + Block - 1) / Block }

// BlockSums returns the sum of each block of Block elements of data, with a
// tree reduction in shared memory. The threads past the end of data
// contribute zero but still take part in every barrier.
//
// kernel(ok)
func BlockSums(data []float32) ([]float32, error) {
	grid := gridFor(len(data))
	out := make([]float32, grid)
	shared := make([]float32, Block)
	err := cuda.Launch(grid, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		i := t.GlobalIdx()
		var v float32
		if i < len(data) {
			v = data[i]
		}
		shared[tid] = v
		t.SyncThreads()
		for s := t.BlockDim() / 2; s > 0; s /= 2 {
			if tid < s {
				shared[tid] += shared[tid+s]
			}
			t.SyncThreads()
		}
		if tid == 0 {
			out[t.BlockIdx()] = shared[0]
		}
	})
	return out, err
}

// BlockSumsEarlyExit is BlockSums with the bounds check written as an early
// exit: the threads past the end of data leave, and the others wait for
// them at the barriers.
//
// kernel(bug)
func BlockSumsEarlyExit(data []float32) ([]float32, error) {
	grid := gridFor(len(data))
	out := make([]float32, grid)
	shared := make([]float32, Block)
	err := cuda.Launch(grid, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		i := t.GlobalIdx()
		if i >= len(data) {
			return
		}
		shared[tid] = data[i]
		t.SyncThreads() // EXPECT
		for s := t.BlockDim() / 2; s > 0; s /= 2 {
			if tid < s {
				shared[tid] += shared[tid+s]
			}
			t.SyncThreads() // EXPECT
		}
		if tid == 0 {
			out[t.BlockIdx()] = shared[0]
		}
	})
	return out, err
}

// BlockMax returns the largest element of each block, by a tree reduction
// whose barrier is after the active threads' step.
//
// kernel(ok)
func BlockMax(data []int) ([]int, error) {
	grid := gridFor(len(data))
	out := make([]int, grid)
	shared := make([]int, Block)
	err := cuda.Launch(grid, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		i := t.GlobalIdx()
		v := data[min(i, len(data)-1)] // the tail repeats the last element
		shared[tid] = v
		t.SyncThreads()
		for s := t.BlockDim() / 2; s > 0; s /= 2 {
			if tid < s {
				shared[tid] = max(shared[tid], shared[tid+s])
			}
			t.SyncThreads()
		}
		if tid == 0 {
			out[t.BlockIdx()] = shared[0]
		}
	})
	return out, err
}

// BlockMaxSyncInside puts the barrier of each step inside the branch of the
// active threads: the upper half of the block never reaches it.
//
// kernel(bug)
func BlockMaxSyncInside(data []int) ([]int, error) {
	grid := gridFor(len(data))
	out := make([]int, grid)
	shared := make([]int, Block)
	err := cuda.Launch(grid, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		i := t.GlobalIdx()
		v := data[min(i, len(data)-1)]
		shared[tid] = v
		t.SyncThreads()
		for s := t.BlockDim() / 2; s > 0; s /= 2 {
			if tid < s {
				shared[tid] = max(shared[tid], shared[tid+s])
				t.SyncThreads() // EXPECT
			}
		}
		if tid == 0 {
			out[t.BlockIdx()] = shared[0]
		}
	})
	return out, err
}

// WarpTreeSum adds up one warp of values in shared memory, warp-synchronous
// style, with a __syncwarp after every step.
//
// kernel(ok)
func WarpTreeSum(x []float32) (float32, error) {
	shared := make([]float32, cuda.WarpSize)
	var total float32
	err := cuda.Launch(1, cuda.WarpSize, func(t cuda.Thread) {
		lane := t.LaneID()
		shared[lane] = x[lane]
		t.SyncWarp()
		for s := cuda.WarpSize / 2; s > 0; s /= 2 {
			if lane < s {
				shared[lane] += shared[lane+s]
			}
			t.SyncWarp()
		}
		if lane == 0 {
			total = shared[0]
		}
	})
	return total, err
}

// WarpTreeSumSyncInside puts the __syncwarp inside the branch of the lanes
// that add, the classic misuse of warp-synchronous code.
//
// kernel(bug)
func WarpTreeSumSyncInside(x []float32) (float32, error) {
	shared := make([]float32, cuda.WarpSize)
	var total float32
	err := cuda.Launch(1, cuda.WarpSize, func(t cuda.Thread) {
		lane := t.LaneID()
		shared[lane] = x[lane]
		t.SyncWarp()
		for s := cuda.WarpSize / 2; s > 0; s /= 2 {
			if lane < s {
				shared[lane] += shared[lane+s]
				t.SyncWarp() // EXPECT
			}
		}
		if lane == 0 {
			total = shared[0]
		}
	})
	return total, err
}

// PairThenReduce folds the upper half of a into the lower half and then
// reduces with the block helper; the upper half contributes zero.
//
// kernel(ok)
func PairThenReduce(a []float32) (float32, error) {
	shared := make([]float32, Block)
	var total float32
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		half := t.BlockDim() / 2
		var v float32
		if tid < half {
			v = a[tid] + a[tid+half]
		}
		s := t.BlockReduceSum(shared, v)
		if tid == 0 {
			total = s
		}
	})
	return total, err
}

// PairThenReduceHalf calls the block reduction only in the lower half of
// the block, which holds the folded values.
//
// kernel(bug)
func PairThenReduceHalf(a []float32) (float32, error) {
	shared := make([]float32, Block)
	var total float32
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		half := t.BlockDim() / 2
		if tid < half {
			s := t.BlockReduceSum(shared, a[tid]+a[tid+half]) // EXPECT
			if tid == 0 {
				total = s
			}
		}
	})
	return total, err
}

// Variance returns the variance of Block samples: the block sum through
// shared memory is the same in every thread, so the branch on it is
// uniform.
//
// kernel(ok)
func Variance(x []float32) (float32, error) {
	shared := make([]float32, Block)
	var out float32
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		v := x[t.ThreadIdx()]
		sum := t.BlockReduceSum(shared, v)
		if sum > 0 {
			mean := sum / float32(t.BlockDim())
			sq := t.BlockReduceSum(shared, (v-mean)*(v-mean))
			if t.ThreadIdx() == 0 {
				out = sq / float32(t.BlockDim())
			}
		}
	})
	return out, err
}

// VarianceLocalScratch is Variance ported from CUDA with the __shared__
// array declared inside the kernel: in Go that makes it each thread's own
// array, so the "block sum" is a different number in every thread.
//
// kernel(bug)
func VarianceLocalScratch(x []float32) (float32, error) {
	var out float32
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		var scratch [Block]float32
		v := x[t.ThreadIdx()]
		sum := t.BlockReduceSum(scratch[:], v)
		if sum > 0 {
			mean := sum / float32(t.BlockDim())
			sq := t.BlockReduceSum(scratch[:], (v-mean)*(v-mean)) // EXPECT
			if t.ThreadIdx() == 0 {
				out = sq / float32(t.BlockDim())
			}
		}
	})
	return out, err
}

// PositiveMean returns the mean of the positive elements of a warp. Every
// thread takes part in both reductions, the others with zeros.
//
// kernel(ok)
func PositiveMean(x []float32) (float32, error) {
	var mean float32
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		v := x[t.ThreadIdx()]
		var pos, one float32
		if v > 0 {
			pos, one = v, 1
		}
		sum := t.WarpReduceSum(pos)
		cnt := t.WarpReduceSum(one)
		if t.ThreadIdx() == 0 && cnt > 0 {
			mean = sum / cnt
		}
	})
	return mean, err
}

// PositiveMeanBranch reduces inside the branch of the positive elements.
//
// kernel(bug)
func PositiveMeanBranch(x []float32) (float32, error) {
	var mean float32
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		v := x[t.ThreadIdx()]
		if v > 0 {
			sum := t.WarpReduceSum(v) // EXPECT
			cnt := t.WarpReduceSum(1) // EXPECT
			if t.ThreadIdx() == 0 {
				mean = sum / cnt
			}
		}
	})
	return mean, err
}
