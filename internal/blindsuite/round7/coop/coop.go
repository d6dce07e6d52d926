// Package coop holds cooperative-group style helpers: device functions that
// every lane of the group must call together.
package coop

import (
	"math/bits"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// BlockSum returns the sum of v over the group, reduced through the shared
// scratch sh (len >= Count, Count a power of two). It starts with a barrier so
// that sh can be reused by back-to-back calls.
func BlockSum(l spmd.Lane, sh []float64, v float64) float64 {
	tid := l.Index()
	l.Barrier()
	sh[tid] = v
	l.Barrier()
	for s := l.Count() / 2; s > 0; s >>= 1 {
		if tid < s {
			sh[tid] += sh[tid+s]
		}
		l.Barrier()
	}
	return sh[0]
}

// WarpSum is the xor-butterfly all-reduce (Count a power of two).
func WarpSum(l spmd.Lane, v int) int {
	for m := l.Count() / 2; m > 0; m >>= 1 {
		v += spmd.ShuffleXor(l, v, m)
	}
	return v
}

// SyncTile is __syncthreads for a tile.
func SyncTile(l spmd.Lane) {
	l.Barrier()
}

// AggInc is a warp-aggregated atomic increment: the lanes with want set get
// consecutive slots from *ctr with a single atomic per group; the others get
// -1. One ballot elects a leader, who does the atomic; its result is
// broadcast. (Count <= 64.)
func AggInc(l spmd.Lane, ctr *int32, want bool) int32 {
	mask := spmd.Ballot(l, want)
	if mask == 0 {
		return -1
	}
	leader := bits.TrailingZeros64(mask)
	var base int32
	if l.Index() == leader {
		k := int32(bits.OnesCount64(mask))
		base = atomic.AddInt32(ctr, k) - k
	}
	base = spmd.Broadcast(l, base, leader)
	if !want {
		return -1
	}
	below := mask & (uint64(1)<<uint(l.Index()) - 1)
	return base + int32(bits.OnesCount64(below))
}

// BlockSumU is BlockSum declared uniform: every lane returns sh[0], read
// after the last barrier.
//
//spmd:uniform
func BlockSumU(l spmd.Lane, sh []float64, v float64) float64 {
	return BlockSum(l, sh, v)
}
