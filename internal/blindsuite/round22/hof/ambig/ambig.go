// Package ambig holds kernels where I am not sure what the spec demands. Each
// one says what the question is; the EXPECT annotations are my best reading.
package ambig

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round22/hof/hof"
	"github.com/spmdvet/spmdvet/spmd"
)

// ---------------------------------------------------------------- kernels calling kernels with lane-dependent arguments
//
// Question: //spmd:kernel says "the function is a kernel entry; its
// parameters are uniform". When another kernel calls such a function with a
// lane-dependent argument, is the callee analysed with that argument
// (context-sensitively), so that a convergent operation the parameter controls
// is reported at the caller's call? Or are the callee's parameters uniform
// whatever the call, so nothing is reported? Or is passing a lane-dependent
// value to a parameter declared uniform a finding in itself, even when the
// callee uses it for stores only? My reading: the first. A kernel called from
// another kernel is not an entry for that call; the finding belongs at the
// call whose lane-dependent argument decides whether or how often the callee's
// barrier runs, and a lane-dependent argument the callee does not use for
// control of a convergent operation is fine. Runtime confirms the first case
// diverges and the others do not.

// Rounds runs n barriers.
//
//spmd:kernel
func Rounds(l spmd.Lane, n int) {
	for i := 0; i < n; i++ {
		l.Barrier()
	}
}

// BadKernelArgLane calls Rounds with a lane-dependent count.
//
//spmd:kernel
func BadKernelArgLane(l spmd.Lane) {
	Rounds(l, l.Index()%2) // EXPECT
}

// OkKernelArgAll calls Rounds with a count made uniform by All.
//
//spmd:kernel
func OkKernelArgAll(l spmd.Lane) {
	n := 1
	if spmd.All(l, l.Index() >= 0) {
		n = 2
	}
	Rounds(l, n)
}

// Relay passes its (uniform) parameter to a helper that loops on barriers.
//
//spmd:kernel
func Relay(l spmd.Lane, n int) {
	hof.BarrierN(l, n)
}

// BadKernelArgRelay calls Relay with a lane-dependent count.
//
//spmd:kernel
func BadKernelArgRelay(l spmd.Lane) {
	Relay(l, l.Index()%3) // EXPECT
}

// StoreOnly uses its parameter for a store; its barrier is unconditional.
//
//spmd:kernel
func StoreOnly(l spmd.Lane, v int, out []int) {
	if v > 2 {
		out[l.Index()] = v
	}
	l.Barrier()
}

// OkKernelArgLaneStoreOnly calls StoreOnly with a lane-dependent value.
//
//spmd:kernel
func OkKernelArgLaneStoreOnly(l spmd.Lane, out []int) {
	StoreOnly(l, l.Index(), out)
}

// UsedAfter runs a reduction first and uses its parameter only afterwards.
//
//spmd:kernel
func UsedAfter(l spmd.Lane, k int, out []int) {
	s := spmd.ReduceAdd(l, 1)
	if k < s {
		out[l.Index()] = s - k
	}
}

// OkKernelArgUsedAfter calls UsedAfter with a lane-dependent value.
//
//spmd:kernel
func OkKernelArgUsedAfter(l spmd.Lane, out []int) {
	UsedAfter(l, l.Index(), out)
}

// ---------------------------------------------------------------- range over a map of callbacks
//
// Question: the spec says that keys and values of a range over a map are
// divergent (iteration order is per lane), but does not say whether the loop
// itself (its trip count, the "ok" of Next) is divergent. Every lane iterates
// the same map, so the trip count is the same; the order is not. My reading:
// a call of a divergent function value whose possible targets are convergent
// is a finding (lanes call different convergent operations at the same
// moment, which spmd.Run reports), and a barrier in the loop body that does
// not depend on the order is not.

// BadMapRangeSync calls convergent callbacks in per-lane map order.
//
//spmd:kernel
func BadMapRangeSync(l spmd.Lane) {
	m := map[int]func(spmd.Lane){
		0: func(l spmd.Lane) { l.Barrier() },
		1: func(l spmd.Lane) { spmd.ReduceAdd(l, 1) },
	}
	for _, f := range m {
		f(l) // EXPECT
	}
}

// OkMapRangeStore calls storing callbacks in per-lane map order.
//
//spmd:kernel
func OkMapRangeStore(l spmd.Lane, out []int) {
	m := map[int]func(spmd.Lane){
		0: func(l spmd.Lane) { out[l.Index()] += 1 },
		1: func(l spmd.Lane) { out[l.Index()] += 10 },
	}
	for _, f := range m {
		f(l)
	}
}

// OkMapRangeCountBarrier runs one barrier per map entry, not depending on the order.
//
//spmd:kernel
func OkMapRangeCountBarrier(l spmd.Lane, m map[int]int, out []int) {
	for k := range m {
		out[l.Index()] += k
		l.Barrier()
	}
}

// ---------------------------------------------------------------- a lane-dependent choice of callback
//
// Question: the call f(l) is reached by every lane, but f itself is chosen
// per lane, and only one of the candidates is convergent. Is that call a
// convergent call "that lanes may not reach together"? My reading: yes, the
// lanes that chose Sync wait at a barrier the others never reach (spmd.Run
// reports it); a checker that knows f may be hof.Sync should report f(l).

// BadLaneChosenCallback picks Sync or a store per lane, then calls it.
//
//spmd:kernel
func BadLaneChosenCallback(l spmd.Lane, out []int) {
	f := hof.Sync
	if l.Index()%2 == 0 {
		f = hof.Marker(out)
	}
	f(l) // EXPECT
}

// OkUniformChosenCallback picks between two convergent callbacks on a uniform condition.
//
//spmd:kernel
func OkUniformChosenCallback(l spmd.Lane, out []int) {
	f := hof.Sync
	if l.Count() > 4 {
		f = hof.Syncer()
	}
	out[l.Index()] = 1
	f(l)
	out[l.Count()+l.Index()] = out[(l.Index()+1)%l.Count()] + 1
}
