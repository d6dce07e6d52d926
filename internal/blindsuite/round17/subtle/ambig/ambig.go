// Package ambig holds kernels where I cannot tell from the specification
// whether a finding is required. Each kernel says what it does at run time,
// the question, and my lean; the EXPECT comments follow the lean.
package ambig

import (
	"iter"
	"math/rand/v2"

	"github.com/spmdvet/spmdvet/spmd"
)

var ready int

// ResetReady lets the tests run RacyFlag more than once.
func ResetReady() { ready = 0 }

// RacyFlag (bug at run time): lane 0 writes a global under a divergent
// branch, and every lane reads it BEFORE any barrier (the channel only
// forces the order in which the race resolves, so the test is
// deterministic: the other lanes read 0, lane 0 reads 1). Lane 0 then waits
// at the first barrier, the others at the second.
//
// Question: the spec says "A load from shared memory (parameters, globals)
// at a uniform address is uniform." Does that hold for a global stored under
// divergent control before any barrier (a data race)? Lean: yes, by the
// explicit rule, so no finding is required; the bug is a race the spec does
// not model.
//
//spmd:kernel
func RacyFlag(l spmd.Lane, gate chan struct{}, out []int) {
	if l.Index() == 0 {
		for i := 1; i < l.Count(); i++ {
			<-gate
		}
		ready = 1
	}
	r := ready
	if l.Index() != 0 {
		gate <- struct{}{}
	}
	if r == 1 {
		l.Barrier()
	}
	l.Barrier()
	out[l.Index()] = r
}

// SelectEither (bug at run time, random): both channels are ready, so each
// lane's select picks a case at random.
//
// Question: the spec names map iteration order as a per-lane source of
// divergence but says nothing about select's random choice among ready
// cases; "Select" is only listed under propagation. Lean: report, for the
// same reason as maps.
//
//spmd:kernel
func SelectEither(l spmd.Lane, out []int) {
	a, b := make(chan int, 1), make(chan int, 1)
	a <- 1
	b <- 2
	select {
	case v := <-a:
		out[l.Index()] = spmd.ReduceAdd(l, v) // EXPECT
	case v := <-b:
		out[l.Index()] = v
	}
}

var pickers = []func() bool{
	func() bool { return true },
	func() bool { return false },
}

// PerLaneFunc (bug at run time): the function value is chosen per lane (a
// global table at a lane-dependent index) and called with no arguments;
// even lanes get true, odd lanes false.
//
// Question: the doc says a function value the checker cannot resolve "is
// taken to have divergent results exactly when some argument is divergent".
// There is no argument here, only a divergent callee. Lean: the callee is an
// operand of the call, so the result is divergent; report.
//
//spmd:kernel
func PerLaneFunc(l spmd.Lane, out []int) {
	f := pickers[l.Index()%2]
	if f() {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = 1
}

// Prober answers with some per-lane number.
type Prober interface{ Probe(l spmd.Lane) int }

// LaneProber's Probe returns the lane index.
type LaneProber struct{}

// Probe implements Prober.
func (LaneProber) Probe(l spmd.Lane) int { return l.Index() }

// InterfaceProbe (bug at run time with LaneProber): a dynamic call through
// an interface kernel parameter, with uniform receiver and arguments, whose
// implementation returns the lane index.
//
// Question: the checker cannot resolve the callee; the stated rule makes the
// result uniform since no argument is divergent. Should the checker instead
// consider the implementations it can see (LaneProber in this package)?
// Lean: no finding required (explicit rule).
//
//spmd:kernel
func InterfaceProbe(l spmd.Lane, p Prober, out []int) {
	if p.Probe(l) == 0 {
		l.Barrier()
	}
	out[l.Index()] = 1
}

// DeferAndReturn (bug at run time): lane 0 returns early and runs the
// deferred barrier, while the other lanes wait at the barrier in the body.
// The body barrier is clearly under divergent control (EXPECT).
//
// Question: must the deferred barrier be reported too? Every lane reaches
// it, but lane 0 reaches it from the divergent return, while the others are
// at another barrier. Lean was no; CORRECTED after the run (REPORT.md):
// spmd.Run shows a deferred barrier at a divergent return is its own site.
//
//spmd:kernel
func DeferAndReturn(l spmd.Lane, out []int) {
	defer l.Barrier() // EXPECT
	if l.Index() == 0 {
		return
	}
	l.Barrier() // EXPECT
	out[l.Index()] = 1
}

// forOwned calls f for the items owned by the lane (round robin); f is an
// unknown function value here, so the call f(x) is not a known convergent
// call.
func forOwned(l spmd.Lane, items []int, f func(int)) {
	for i, x := range items {
		if i%l.Count() == l.Index() {
			f(x)
		}
	}
}

// CallbackReduce (bug at run time with 6 items and 4 lanes): the callback
// passed to forOwned performs a ReduceAdd, and forOwned calls it a
// lane-dependent number of times.
//
// Question: where, if anywhere, must this be reported? In forOwned the
// callee is unknown; in the kernel the call of forOwned is uniform and
// forOwned is not convergent by any directive or fact; in the closure the
// ReduceAdd is under uniform control. Lean: no finding required (it needs
// higher-order reasoning beyond the spec).
//
//spmd:kernel
func CallbackReduce(l spmd.Lane, items, out []int) {
	acc := 0
	forOwned(l, items, func(x int) {
		acc += spmd.ReduceAdd(l, x)
	})
	out[l.Index()] = acc
}

// owned yields the items owned by the lane.
func owned(l spmd.Lane, items []int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i, x := range items {
			if i%l.Count() == l.Index() && !yield(x) {
				return
			}
		}
	}
}

// RangeOwned (bug at run time): the same as CallbackReduce written as a
// range-over-func loop; the loop body runs a lane-dependent number of times.
//
// Question: the spec asks for correct range semantics; is a range-over-func
// loop whose iterator was built from uniform arguments (a closure capturing
// uniform values) a uniform loop? Lean: by the stated rules the iterator is
// uniform, so no finding is required, though a reader sees a collective in a
// loop whose trip count depends on the lane.
//
//spmd:kernel
func RangeOwned(l spmd.Lane, items, out []int) {
	acc := 0
	for x := range owned(l, items) {
		acc += spmd.ReduceAdd(l, x)
	}
	out[l.Index()] = acc
}

// phase runs n barriers. It is not a kernel; n is a parameter of a helper.
//
// Question: the spec lists "the parameters of a kernel entry" as uniform
// inputs and says nothing about the other parameters of a non-kernel SPMD
// function (one with a Lane parameter). If they are not uniform, the barrier
// in this loop is under divergent control and must be reported here, whatever
// the callers pass; if they are assumed uniform, PhasesByLane's bug is found
// nowhere. Lean: report here (only kernel parameters are uniform inputs).
func phase(l spmd.Lane, n int) {
	for i := 0; i < n; i++ {
		l.Barrier() // EXPECT
	}
}

// PhasesUniform (correct at run time): calls phase with a constant.
//
//spmd:kernel
func PhasesUniform(l spmd.Lane, out []int) {
	phase(l, 3)
	out[l.Index()] = 3
}

// PhasesByLane (bug at run time): calls phase with a lane-dependent count.
// Question as for phase; the call itself is under uniform control, so my
// lean puts no finding on this line.
//
//spmd:kernel
func PhasesByLane(l spmd.Lane, out []int) {
	phase(l, l.Index()+1)
	out[l.Index()] = 1
}

// RandomSync (bug at run time, random): each lane draws its own random bit.
//
// Question: math/rand is not lane-dependent by any directive or fact, and
// its arguments are uniform; the stated rule for callees the checker does not
// read makes the result uniform. But per-lane randomness is as divergent as
// map iteration order. Lean: no finding required (explicit rule).
//
//spmd:kernel
func RandomSync(l spmd.Lane, out []int) {
	if rand.IntN(2) == 0 {
		l.Barrier()
	}
	out[l.Index()] = 1
}

type hooks struct{ done func() }

// HookInField (bug at run time): the method value l.Barrier is stored in a
// struct field and called from there by lane 0 only.
//
// Question: the spec reports calls of functions "known to be convergent (by
// directive or fact)". The callee here is a function value loaded from a
// local struct; resolving it needs store-to-load forwarding. Lean: not
// known, so no finding required.
//
//spmd:kernel
func HookInField(l spmd.Lane, out []int) {
	h := hooks{done: l.Barrier}
	if l.Index() == 0 {
		h.done()
	}
	out[l.Index()] = 1
}

type syncer interface{ Sync() }

type barrierSyncer struct{ l spmd.Lane }

func (s barrierSyncer) Sync() { s.l.Barrier() }

// InterfaceSync (bug at run time): a barrier behind an interface method,
// called by lane 0 only; the dynamic type is visible in the kernel.
//
// Question: an invoke is not a call of a function known to be convergent,
// but the only implementation (and the concrete type of s) is visible.
// Lean: no finding required.
//
//spmd:kernel
func InterfaceSync(l spmd.Lane, out []int) {
	var s syncer = barrierSyncer{l: l}
	if l.Index() == 0 {
		s.Sync()
	}
	out[l.Index()] = 1
}
