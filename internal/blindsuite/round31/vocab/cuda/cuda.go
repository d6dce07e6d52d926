// Package cuda binds a CUDA-flavoured vocabulary to package spmd: a thread
// block is one spmd group, a Thread is the handle a kernel gets, and the
// block-wide and warp-wide intrinsics are collectives of the group.
//
// The emulator treats a warp as the whole block, so kernels that use the
// warp intrinsics launch blocks of at most WarpSize threads.
//
// The vocabulary is declared with //spmd: directives. Some intrinsics stand
// for hardware instructions: their Go bodies only call a hook that the CPU
// emulator installs, so a checker cannot see through them and relies on the
// directive alone. Others are plain wrappers with no directive, whose
// behaviour a checker infers from their bodies.
package cuda

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// WarpSize is the number of threads of a warp.
const WarpSize = 32

// A Thread is the handle of the CUDA thread running a kernel. It is passed
// by value, like spmd.Lane.
//
//spmd:lane
type Thread struct {
	lane  spmd.Lane
	block int
	grid  int
}

// ThreadIdx returns threadIdx.x, the thread's index in its block.
//
//spmd:laneid
func (t Thread) ThreadIdx() int {
	return t.lane.Index()
}

// BlockDim returns blockDim.x, the number of threads of the block.
//
//spmd:uniform
func (t Thread) BlockDim() int {
	return t.lane.Count()
}

// BlockIdx returns blockIdx.x, the index of the block in the grid.
//
//spmd:uniform
func (t Thread) BlockIdx() int {
	return t.block
}

// GridDim returns gridDim.x, the number of blocks of the grid.
//
//spmd:uniform
func (t Thread) GridDim() int {
	return t.grid
}

// GlobalIdx returns blockIdx.x*blockDim.x + threadIdx.x. (No directive: its
// lane dependence follows from its body.)
func (t Thread) GlobalIdx() int {
	return t.BlockIdx()*t.BlockDim() + t.ThreadIdx()
}

// LaneID returns the thread's index in its warp. (No directive.)
func (t Thread) LaneID() int {
	return t.ThreadIdx() % WarpSize
}

// SyncThreads is __syncthreads(): a barrier for the whole block.
//
//spmd:convergent barrier
func (t Thread) SyncThreads() {
	t.lane.Barrier()
}

// SyncThreadsOr is __syncthreads_or(pred): a barrier that also tells every
// thread whether pred held in some thread of the block.
//
//spmd:convergent barrier
//spmd:uniform
func (t Thread) SyncThreadsOr(pred bool) bool {
	return hw.syncOr(t.lane, pred)
}

// SyncThreadsCount is __syncthreads_count(pred): a barrier that returns the
// number of threads of the block for which pred held.
//
//spmd:convergent barrier
//spmd:uniform
func (t Thread) SyncThreadsCount(pred bool) int {
	return hw.syncCount(t.lane, pred)
}

// SyncWarp is __syncwarp(): a barrier for the threads of the warp.
//
//spmd:convergent barrier
func (t Thread) SyncWarp() {
	hw.syncWarp(t.lane)
}

// WarpReduceSum is __reduce_add_sync over float32: the sum of v over the
// warp, the same in every thread.
//
//spmd:convergent
//spmd:uniform
func (t Thread) WarpReduceSum(v float32) float32 {
	return hw.reduceSum(t.lane, v)
}

// WarpReduceMax is __reduce_max_sync. (No directive: it forwards to
// spmd.ReduceMax.)
func (t Thread) WarpReduceMax(v int) int {
	return spmd.ReduceMax(t.lane, v)
}

// ShflDown is __shfl_down_sync: the v of the thread delta above, or the
// thread's own v when there is none.
//
//spmd:convergent
//spmd:divergent
func (t Thread) ShflDown(v float32, delta int) float32 {
	return hw.shflDown(t.lane, v, delta)
}

// ShflXor is __shfl_xor_sync. (No directive: it forwards to
// spmd.ShuffleXor.)
func (t Thread) ShflXor(v float32, mask int) float32 {
	return spmd.ShuffleXor(t.lane, v, mask)
}

// ShflIdx is __shfl_sync: the v of thread src. When every thread names the
// same src it is a broadcast, and the result is uniform.
//
//spmd:convergent
//spmd:uniform src
func (t Thread) ShflIdx(v float32, src int) float32 {
	return hw.shflIdx(t.lane, v, src)
}

// BallotSync is __ballot_sync: bit i of the result is pred of thread i.
//
//spmd:convergent
//spmd:uniform
func (t Thread) BallotSync(pred bool) uint64 {
	return spmd.Ballot(t.lane, pred)
}

// AtomicAdd is atomicAdd: it adds v to *p and returns the old value, which
// differs from thread to thread.
//
//spmd:divergent
func (t Thread) AtomicAdd(p *int32, v int32) int32 {
	return atomic.AddInt32(p, v) - v
}

// BlockReduceSum adds up v over the block with the classic tree reduction
// through shared, which must have room for BlockDim values and be shared by
// the block. Every thread gets the sum. (No directive: a checker infers
// from the body that it is convergent.)
func (t Thread) BlockReduceSum(shared []float32, v float32) float32 {
	tid := t.ThreadIdx()
	shared[tid] = v
	t.SyncThreads()
	for s := t.BlockDim() / 2; s > 0; s /= 2 {
		if tid < s {
			shared[tid] += shared[tid+s]
		}
		t.SyncThreads()
	}
	sum := shared[0]
	t.SyncThreads() // shared may be reused right after
	return sum
}

// Phases runs n phases of a pipelined loop, with a block barrier after each
// phase so that the next one sees what this one wrote to shared memory.
// (No directive.)
func (t Thread) Phases(n int, phase func(k int)) {
	for k := 0; k < n; k++ {
		phase(k)
		t.SyncThreads()
	}
}

// Launch runs kernel on a grid of grid blocks of block threads each. The
// emulator runs the blocks one after the other, so shared memory allocated
// by the caller can be reused by every block.
//
//spmd:kernel kernel
func Launch(grid, block int, kernel func(Thread)) error {
	for b := 0; b < grid; b++ {
		err := spmd.Run(block, func(l spmd.Lane) {
			kernel(Thread{lane: l, block: b, grid: grid})
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// hooks are the instructions behind the intrinsics. On a GPU they are
// hardware; the CPU emulator installs implementations in terms of spmd.
type hooks struct {
	syncOr    func(spmd.Lane, bool) bool
	syncCount func(spmd.Lane, bool) int
	syncWarp  func(spmd.Lane)
	reduceSum func(spmd.Lane, float32) float32
	shflDown  func(spmd.Lane, float32, int) float32
	shflIdx   func(spmd.Lane, float32, int) float32
}

var hw hooks

func init() {
	hw = hooks{
		syncOr: func(l spmd.Lane, pred bool) bool {
			l.Barrier()
			return spmd.Any(l, pred)
		},
		syncCount: func(l spmd.Lane, pred bool) int {
			one := 0
			if pred {
				one = 1
			}
			l.Barrier()
			return spmd.ReduceAdd(l, one)
		},
		syncWarp: func(l spmd.Lane) {
			l.Barrier()
		},
		reduceSum: func(l spmd.Lane, v float32) float32 {
			return spmd.ReduceAdd(l, v)
		},
		shflDown: func(l spmd.Lane, v float32, delta int) float32 {
			src := l.Index() + delta
			if src >= l.Count() {
				src = l.Index()
			}
			return spmd.Shuffle(l, v, src)
		},
		shflIdx: func(l spmd.Lane, v float32, src int) float32 {
			return spmd.Broadcast(l, v, src)
		},
	}
}
