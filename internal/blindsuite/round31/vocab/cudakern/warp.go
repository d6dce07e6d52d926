package cudakern

import (
	"math/bits"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/vocab/cuda"
)

// SortBlock sorts Block values with odd-even transposition sort in shared
// memory. Before every round the block asks, with __syncthreads_or,
// whether some neighbour pair is still out of order, so all threads leave
// the loop together.
//
// kernel(ok)
func SortBlock(data []float32) ([]float32, error) {
	shared := make([]float32, Block)
	out := make([]float32, Block)
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		n := t.BlockDim()
		shared[tid] = data[tid]
		t.SyncThreads()
		for {
			x := shared[tid]
			next := t.ShflDown(x, 1)
			if !t.SyncThreadsOr(next < x) {
				break
			}
			for phase := 0; phase < 2; phase++ {
				if tid%2 == phase && tid+1 < n && shared[tid] > shared[tid+1] {
					shared[tid], shared[tid+1] = shared[tid+1], shared[tid]
				}
				t.SyncThreads()
			}
		}
		out[tid] = shared[tid]
	})
	return out, err
}

// SortBlockLocalExit lets each thread leave the sorting loop as soon as its
// own pair is in order, as if that meant the block were sorted.
//
// kernel(bug)
func SortBlockLocalExit(data []float32) ([]float32, error) {
	shared := make([]float32, Block)
	out := make([]float32, Block)
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		n := t.BlockDim()
		shared[tid] = data[tid]
		t.SyncThreads()
		for {
			x := shared[tid]
			next := t.ShflDown(x, 1) // EXPECT
			if !(next < x) {
				break
			}
			for phase := 0; phase < 2; phase++ {
				if tid%2 == phase && tid+1 < n && shared[tid] > shared[tid+1] {
					shared[tid], shared[tid+1] = shared[tid+1], shared[tid]
				}
				t.SyncThreads() // EXPECT
			}
		}
		out[tid] = shared[tid]
	})
	return out, err
}

// SmoothEdges smooths a block of samples with a 3-point stencil through
// shared memory, but only when the block contains an edge (a jump above
// thresh to the right neighbour); the ballot makes the decision the same
// in every thread.
//
// kernel(ok)
func SmoothEdges(x []float32, thresh float32) ([]float32, error) {
	shared := make([]float32, Block)
	out := make([]float32, Block)
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		v := x[tid]
		right := t.ShflDown(v, 1)
		if t.BallotSync(right-v > thresh) != 0 {
			shared[tid] = v
			t.SyncThreads()
			lo, hi := max(tid-1, 0), min(tid+1, t.BlockDim()-1)
			v = (shared[lo] + shared[tid] + shared[hi]) / 3
			t.SyncThreads()
		}
		out[tid] = v
	})
	return out, err
}

// SmoothEdgesLocal smooths only around the threads that see the edge
// themselves: the shuffled neighbour decides, per thread, whether to enter
// the barriers.
//
// kernel(bug)
func SmoothEdgesLocal(x []float32, thresh float32) ([]float32, error) {
	shared := make([]float32, Block)
	out := make([]float32, Block)
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		v := x[tid]
		right := t.ShflDown(v, 1)
		if right-v > thresh {
			shared[tid] = v
			t.SyncThreads() // EXPECT
			lo, hi := max(tid-1, 0), min(tid+1, t.BlockDim()-1)
			v = (shared[lo] + shared[tid] + shared[hi]) / 3
			t.SyncThreads() // EXPECT
		}
		out[tid] = v
	})
	return out, err
}

// Budget rescales a block of values when their total exceeds budget. The
// warp sum is the same in every thread, so the rescaling pass with its
// barrier runs in all of them or none.
//
// kernel(ok)
func Budget(x []float32, budget float32) ([]float32, error) {
	shared := make([]float32, Block)
	out := make([]float32, Block)
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		v := x[tid]
		total := t.WarpReduceSum(v)
		if total > budget {
			shared[tid] = v * budget / total
			t.SyncThreads()
			v = shared[tid]
		}
		out[tid] = v
	})
	return out, err
}

// BudgetPairwise checks the budget on the sum of each pair of threads,
// obtained with a butterfly shuffle, which is different in every pair.
//
// kernel(bug)
func BudgetPairwise(x []float32, budget float32) ([]float32, error) {
	shared := make([]float32, Block)
	out := make([]float32, Block)
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		v := x[tid]
		total := v + t.ShflXor(v, 1)
		if total > budget {
			shared[tid] = v * budget / total
			t.SyncThreads() // EXPECT
			v = shared[tid]
		}
		out[tid] = v
	})
	return out, err
}

// NormalizeByLeader divides every sample by the reference sample of thread
// 0 and removes the mean. __shfl_sync from a fixed source is a broadcast,
// so the zero test is uniform.
//
// kernel(ok)
func NormalizeByLeader(x []float32) ([]float32, error) {
	out := make([]float32, Block)
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		v := x[tid]
		ref := t.ShflIdx(v, 0)
		if ref != 0 {
			y := v / ref
			mean := t.WarpReduceSum(y) / float32(t.BlockDim())
			v = y - mean
		}
		out[tid] = v
	})
	return out, err
}

// NormalizeByPairLeader takes the reference from the even thread of each
// pair: the source depends on the thread, so each pair has its own
// reference and the zero test splits the warp.
//
// kernel(bug)
func NormalizeByPairLeader(x []float32) ([]float32, error) {
	out := make([]float32, Block)
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		v := x[tid]
		ref := t.ShflIdx(v, tid&^1)
		if ref != 0 {
			y := v / ref
			mean := t.WarpReduceSum(y) / float32(t.BlockDim()) // EXPECT
			v = y - mean
		}
		out[tid] = v
	})
	return out, err
}

// ArgMaxPayload finds the thread with the largest key and broadcasts its
// payload; the source thread comes from a ballot, so it is uniform and so
// is the payload, and the branch on it may hold a barrier.
//
// kernel(ok)
func ArgMaxPayload(keys []int, payload []float32) (float32, error) {
	shared := make([]float32, Block)
	var best float32
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		m := t.WarpReduceMax(keys[tid])
		owner := bits.TrailingZeros64(t.BallotSync(keys[tid] == m))
		p := t.ShflIdx(payload[tid], owner)
		if p > 0 {
			shared[tid] = payload[tid] / p
			t.SyncThreads()
		}
		if tid == 0 {
			best = p
		}
	})
	return best, err
}

// QuadLeaderPayload broadcasts within quads of threads, from the first
// thread of each quad: the source differs between quads, and so does the
// payload that the barrier is guarded by.
//
// kernel(bug)
func QuadLeaderPayload(payload []float32) (float32, error) {
	shared := make([]float32, Block)
	var best float32
	err := cuda.Launch(1, Block, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		p := t.ShflIdx(payload[tid], tid&^3)
		if p > 0 {
			shared[tid] = payload[tid] / p
			t.SyncThreads() // EXPECT
		}
		if tid == 0 {
			best = p
		}
	})
	return best, err
}
