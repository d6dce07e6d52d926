// Package mem: the lane index reaches a branch through memory: channels,
// maps, per-lane arrays, pointers written by helpers, captured variables,
// sync/atomic, globals and shared slices.
package mem

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round17/subtle/lib"
	"github.com/spmdvet/spmdvet/spmd"
)

// ChanEcho (bug): each lane sends its index to its own buffered channel and
// receives it back; the received value is the lane index.
//
//spmd:kernel
func ChanEcho(l spmd.Lane, out []int) {
	ch := make(chan int, 1)
	ch <- l.Index()
	if v := <-ch; v == 0 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = 1
}

// ChanEchoGroup (correct): twin of ChanEcho sending Count; what comes back is
// uniform.
//
//spmd:kernel
func ChanEchoGroup(l spmd.Lane, out []int) {
	ch := make(chan int, 1)
	ch <- l.Count()
	if v := <-ch; v == l.Count() {
		l.Barrier()
	}
	out[l.Index()] = 1
}

// SelectReady (bug): the values sent are uniform, but which channel gets one
// depends on the lane, so the select takes a lane-dependent case.
//
//spmd:kernel
func SelectReady(l spmd.Lane, out []int) {
	even, odd := make(chan int, 1), make(chan int, 1)
	if l.Index()%2 == 0 {
		even <- l.Count()
	} else {
		odd <- l.Count()
	}
	select {
	case n := <-even:
		out[l.Index()] = spmd.ReduceAdd(l, n) // EXPECT
	case n := <-odd:
		out[l.Index()] = n
	}
}

// MapFill (bug): a per-lane map filled in a loop bounded by the lane index;
// its length differs between lanes.
//
//spmd:kernel
func MapFill(l spmd.Lane, out []int) {
	seen := map[int]bool{}
	for i := 0; i <= l.Index(); i++ {
		seen[i%3] = true
	}
	if len(seen) == 3 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = len(seen)
}

// FirstKey (bug): the map is a uniform kernel parameter, but each lane
// iterates it in its own order, so the first key differs between lanes.
//
//spmd:kernel
func FirstKey(l spmd.Lane, m map[int]int, out []int) {
	for k := range m {
		if k%2 == 0 {
			l.Barrier() // EXPECT
		}
		out[l.Index()] = k
		break
	}
}

// MapLookup (correct): twin of FirstKey; a lookup at a constant key in the
// uniform map is uniform.
//
//spmd:kernel
func MapLookup(l spmd.Lane, m map[int]int, out []int) {
	if m[2]%2 == 0 {
		l.Barrier()
	}
	out[l.Index()] = m[2]
}

// StoreRankKernel (bug): a helper in another package stores the lane index
// through a pointer to the kernel's local.
//
//spmd:kernel
func StoreRankKernel(l spmd.Lane, out []int) {
	var rank int
	lib.StoreRank(l, &rank)
	if rank == 0 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = rank
}

// StoreSizeKernel (correct): twin of StoreRankKernel; the helper stores Count.
//
//spmd:kernel
func StoreSizeKernel(l spmd.Lane, out []int) {
	var size int
	lib.StoreSize(l, &size)
	if size == l.Count() {
		l.Barrier()
	}
	out[l.Index()] = size
}

// StateInit (bug): a pointer-receiver method stores the lane index into a
// field of the kernel's local struct.
//
//spmd:kernel
func StateInit(l spmd.Lane, out []int) {
	var st lib.State
	st.Init(l)
	if st.ID == 0 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = st.ID
}

// FlagSlot (bug): a uniform value (true) is stored at a lane-dependent index
// of a per-lane array; flags[0] is then true in lane 0 only.
//
//spmd:kernel
func FlagSlot(l spmd.Lane, out []int) {
	var flags [4]bool
	flags[l.Index()%4] = true
	if flags[0] {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = 1
}

// ClosureLateStore (bug): the closure captured x by reference before the
// lane index was stored into it; get() reads the lane index.
//
//spmd:kernel
func ClosureLateStore(l spmd.Lane, out []int) {
	x := 0
	get := func() int { return x }
	x = l.Index()
	if get() == 0 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = x
}

// FirstArrival (bug): the result of an atomic Add (read-modify-write) tells
// each lane in which order it arrived; only the first one waits.
//
//spmd:kernel
func FirstArrival(l spmd.Lane, arrivals *atomic.Int32, out []int) {
	if arrivals.Add(1) == 1 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = 1
}

// ClaimOnce (bug): exactly one lane wins the CompareAndSwap.
//
//spmd:kernel
func ClaimOnce(l spmd.Lane, flag *int32, out []int) {
	if atomic.CompareAndSwapInt32(flag, 0, 1) {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// CountArrivals (correct): every lane adds, discarding the result; after the
// barrier an atomic Load (not a read-modify-write) of the shared counter is
// uniform.
//
//spmd:kernel
func CountArrivals(l spmd.Lane, arrivals *atomic.Int32, out []int) {
	arrivals.Add(1)
	l.Barrier()
	if arrivals.Load() == int32(l.Count()) {
		l.Barrier()
	}
	out[l.Index()] = int(arrivals.Load())
}

var phaseFlag int

// PublishThenRead (correct): lane 0 alone writes a global, then all lanes
// meet at a barrier and read it after: the load of a global at a uniform
// address is uniform, and here it really is the same in every lane.
//
//spmd:kernel
func PublishThenRead(l spmd.Lane, out []int) {
	if l.Index() == 0 {
		phaseFlag = 7
	}
	l.Barrier()
	if phaseFlag == 7 {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// ResetPhaseFlag lets the tests run PublishThenRead more than once.
func ResetPhaseFlag() { phaseFlag = 0 }

// NeighborParity (bug): the shared slice is read back after the barrier at a
// lane-dependent address (the neighbour's slot).
//
//spmd:kernel
func NeighborParity(l spmd.Lane, buf, out []int) {
	buf[l.Index()] = l.Index() % 2
	l.Barrier()
	if buf[(l.Index()+1)%l.Count()] == 0 {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// SlotZeroParity (correct): twin of NeighborParity reading slot 0: a load of
// shared memory at a uniform address after the barrier.
//
//spmd:kernel
func SlotZeroParity(l spmd.Lane, buf, out []int) {
	buf[l.Index()] = l.Index() % 2
	l.Barrier()
	if buf[0] == 0 {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}
