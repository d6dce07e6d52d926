// Package ambig holds kernels where what the checker should say is open to
// argument. Each marked line says why.
package ambig

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round4/lib"

	"github.com/spmdvet/spmdvet/spmd"
)

// DeferBeforeDivergentReturn registers a deferred barrier in every lane,
// then returns early in some: every lane runs the barrier, but at
// different exits (the run-time check sees different call sites).
func DeferBeforeDivergentReturn(n int, data []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		defer l.Barrier() // AMBIG: all lanes run it, at different returns; report here, at the return, or not at all?
		if data[l.Index()] < 0 {
			return
		}
		data[l.Index()]++
	})
}

// ImplicitPanicRecovered divides by a lane's element under a deferred
// recover: lanes dividing by zero return, but no branch in the source
// decides it.
func ImplicitPanicRecovered(n int, data []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		defer func() { recover() }()
		q := 100 / data[l.Index()]
		l.Barrier() // AMBIG: implicit panic (integer division) under recover is divergence at run time
		data[l.Index()] = q
	})
}

// MadeSliceToSharedHelper gives a helper that needs shared memory a slice
// made inside the kernel: per-lane memory, but not a local variable's
// address.
func MadeSliceToSharedHelper(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		mine := new([64]int)
		lib.Publish(l, mine, l.Index()+1) // AMBIG: new() in the kernel is per-lane memory, is it "a local variable"?
	})
}

// OtherElementOfLaneArray writes the lane index into one element of a
// lane's array and decides on another element, which holds a constant.
func OtherElementOfLaneArray(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var arr [2]int
		arr[0] = l.Index()
		arr[1] = 5
		if arr[1] == 5 {
			l.Barrier() // AMBIG: correct at run time; reported only if array elements are not told apart
		}
	})
}

// RacyShared reads shared memory that lanes write with different values
// without a barrier between (atomically, so that the race detector stays
// quiet): the checker promises loads at uniform
// addresses from shared memory are uniform, but lanes see different values.
func RacyShared(n int, shared []int64) error {
	return spmd.Run(n, func(l spmd.Lane) {
		atomic.StoreInt64(&shared[0], int64(l.Index()))
		if atomic.LoadInt64(&shared[0])%2 == 0 {
			l.Barrier() // AMBIG: promised uniform (shared, uniform address), yet lanes read different values
		}
	})
}

// UnknownSyncer calls an interface method whose concrete type the kernel
// does not see (it comes from the caller).
func UnknownSyncer(n int, s lib.Syncer) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if l.Index() == 0 {
			s.Sync(l) // AMBIG: concrete type unknown in this function (only one implementation exists)
		}
	})
}
