// Package ambig holds kernels whose expected diagnostic is debatable. Each
// line marked AMBIG says why; none of them is counted as correct or buggy.
package ambig

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round3/helpers"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round3/prim"
	"github.com/spmdvet/spmdvet/spmd"
)

// IteratorBoundLane ranges over helpers.Tiles with a lane-dependent length:
// the body (and its barrier) runs a lane-dependent number of times, so it
// IS divergent (the runtime confirms), but the divergence lives inside the
// iterator function in another package; whether the finding belongs on the
// barrier in the body or on the range statement is not specified.
func IteratorBoundLane(lanes int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		n := 0
		for t := range helpers.Tiles(i+1, 1) {
			n += t
			l.Barrier() // AMBIG: divergent, report location unclear (body vs range statement)
		}
		out[i] = n
	})
}

// DeferredBarrier defers a barrier and returns early in some lanes. Every
// lane runs the deferred barrier when it leaves, so the lanes do meet in
// Go terms; but the runtime identifies sites by PC and open-coded defers
// run at each return site, and a GPU has no analogue.
func DeferredBarrier(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		defer l.Barrier() // AMBIG: convergent at function exit in all lanes, despite the early return
		i := l.Index()
		if data[i] < 0 {
			return
		}
		data[i] *= 2
	})
}

// AtomicLoadAfterBarrier reads a shared counter with atomic.LoadInt32 at a
// uniform address after a barrier. It is a load from shared memory (uniform
// by the rules) but also an atomic operation (RMW results are divergent; a
// plain atomic load is not an RMW).
func AtomicLoadAfterBarrier(lanes int, data []int, out []int) error {
	var cnt int32
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		if data[i] > 0 {
			atomic.AddInt32(&cnt, 1)
		}
		l.Barrier()
		if atomic.LoadInt32(&cnt) > 2 {
			l.Barrier() // AMBIG: uniform at run time; atomic Load of shared memory at a uniform address
		}
		out[i] = int(cnt)
	})
}

// fail never returns.
func fail(msg string) {
	panic(msg)
}

// PanicViaHelper guards with a helper that always panics: semantically a
// panic branch (not divergence), but only if the checker sees that fail
// never returns.
func PanicViaHelper(lanes int, data []int, out *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		v := data[l.Index()]
		if v < 0 {
			fail("negative")
		}
		s := spmd.ReduceAdd(l, v) // AMBIG: fine if fail is known not to return
		if l.Index() == 0 {
			*out = s
		}
	})
}

// MapRangeBarrier synchronises once per entry of a shared map. Every lane
// runs len(m) iterations, so the lanes stay together, but the iteration
// order (and so the loop's control values) is lane-dependent.
func MapRangeBarrier(lanes int, m map[int]int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		acc := 0
		for _, v := range m {
			acc += v
			l.Barrier() // AMBIG: trip count uniform (len(m)), order lane-dependent
		}
		out[l.Index()] = acc
	})
}

// WarpSumBranch branches on a butterfly all-reduce: the value is the same
// in every lane, so the runtime never diverges, but it is made of
// ShuffleXor results, which are divergent by declaration.
func WarpSumBranch(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		s := prim.WarpSum(l, data[l.Index()])
		if s > 0 {
			l.Barrier() // AMBIG: numerically uniform, declared divergent (the checker's rules say report)
		}
	})
}
