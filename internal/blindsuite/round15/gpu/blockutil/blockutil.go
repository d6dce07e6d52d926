// Package blockutil holds block-level helpers in the style of CUDA's
// cub::BlockReduce and cooperative groups. They wrap barriers and collectives,
// so each of them is itself a convergent operation: all lanes of the group
// must call it together.
package blockutil

import "github.com/spmdvet/spmdvet/spmd"

// SyncThreads is CUDA's __syncthreads(): a barrier, declared as such by
// directive (and it performs one).
//
//spmd:convergent barrier
func SyncThreads(l spmd.Lane) {
	l.Barrier()
}

// BlockReduceSum (correct helper): every lane stores v at buf[Index], then a
// shared-memory tree reduction halves the active range each step with the
// barrier outside the `if tid < s` guard. Count must be a power of two and
// buf at least Count long. The result is buf[0], the same in every lane,
// which the directive states. It performs barriers, so it is convergent by fact.
//
//spmd:uniform
func BlockReduceSum(l spmd.Lane, buf []float64, v float64) float64 {
	tid := l.Index()
	buf[tid] = v
	l.Barrier()
	for s := l.Count() / 2; s > 0; s >>= 1 {
		if tid < s {
			buf[tid] += buf[tid+s]
		}
		l.Barrier()
	}
	r := buf[0]
	l.Barrier() // buf may be reused as soon as we return
	return r
}

// WarpAllSum (correct helper): butterfly reduction with ShuffleXor; every lane
// ends with the total. Count must be a power of two. Convergent by fact.
func WarpAllSum(l spmd.Lane, v float64) float64 {
	for m := l.Count() / 2; m > 0; m >>= 1 {
		v += spmd.ShuffleXor(l, v, m)
	}
	return v
}

// ReadLane (correct helper): the v of lane src, like HLSL WaveReadLaneAt. Its
// result is uniform exactly when src is, as the directive says. Convergent by
// fact (it calls Broadcast).
//
//spmd:uniform src
func ReadLane(l spmd.Lane, v int, src int) int {
	return spmd.Broadcast(l, v, src)
}

// GlobalID is blockIdx.x*blockDim.x + threadIdx.x: a lane ID by directive.
//
//spmd:laneid
func GlobalID(l spmd.Lane, block int) int {
	return block*l.Count() + l.Index()
}

// PublishFromLeader (bug): lane 0 writes v into the shared slot and then waits
// at a barrier so that the others can read it, but the barrier is inside the
// lane-0 branch: lanes 1.. never reach it and read the slot without waiting.
func PublishFromLeader(l spmd.Lane, slot []int, v int) int {
	if l.Index() == 0 {
		slot[0] = v
		l.Barrier() // EXPECT
	}
	return slot[0]
}
