// Package atomics pins sync/atomic: a read-modify-write (Add, Swap,
// CompareAndSwap, And, Or) returns what it found in memory, which is
// different in each lane because lanes do it one after the other. A plain
// Load at a uniform address is a load from shared memory, uniform like any
// other.
package atomics

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

var counter int32

var hits atomic.Int64

// The old value of an atomic add tells lanes apart: a ticket.
func ticket(l spmd.Lane) {
	if atomic.AddInt32(&counter, 1) == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Exactly one lane wins a compare-and-swap.
func electLeader(l spmd.Lane, flag *int32) {
	if atomic.CompareAndSwapInt32(flag, 0, 1) {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Swap, and the methods of the atomic types.
func swapAndMethods(l spmd.Lane, p *uint32) {
	if atomic.SwapUint32(p, 7) == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	if hits.Add(1) > 3 {
		_ = spmd.ReduceAdd(l, 1) // want `collective spmd.ReduceAdd under divergent control`
	}
	if atomic.OrInt32(&counter, 4)&4 == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: the result of an atomic add is discarded; the add itself is not a
// branch.
func addOnly(l spmd.Lane) {
	atomic.AddInt32(&counter, 1)
	l.Barrier()
}

// Fine: an atomic load at a uniform address, after a barrier that orders it
// after every lane's add, reads the same value in every lane.
func loadAfterBarrier(l spmd.Lane) {
	atomic.AddInt32(&counter, 1)
	l.Barrier()
	if atomic.LoadInt32(&counter) > 4 {
		l.Barrier()
	}
	if hits.Load() > 0 {
		l.Barrier()
	}
}

// An atomic load at a lane-dependent address.
func loadDivergentAddress(l spmd.Lane, slots []int32) {
	if atomic.LoadInt32(&slots[l.Index()]) > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: a reduction of the tickets is uniform again.
func reducedTickets(l spmd.Lane) {
	t := atomic.AddInt32(&counter, 1)
	if spmd.ReduceMax(l, t) > 8 {
		l.Barrier()
	}
}
