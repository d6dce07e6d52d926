// Package ambig holds kernels for which the spec does not clearly say what
// the checker must report. Each is annotated with my best reading of the
// spec, and its doc comment states the question.
package ambig

import "github.com/spmdvet/spmdvet/spmd"

// Out receives one value per lane.
var Out [spmd.MaxLanes]int

// Shared is a channel shared by all lanes; each lane receives a different
// element from it.
var Shared = make(chan int, spmd.MaxLanes)

// SelectRandomBug: a select with two ready channels picks a case at random
// in each lane, so a barrier in one case is reached by a random subset of
// lanes (Run shows it).
//
// Question: is the case index of a Select with several ready cases a
// source of divergence? The spec lists Select only among the instructions
// that propagate uniformity, but, like the key order of a range over a map,
// the choice is per lane. My reading: the checker must report, because the
// call may not be reached by all lanes together.
//
//spmd:kernel
func SelectRandomBug(l spmd.Lane) {
	a := make(chan int, 8)
	b := make(chan int, 8)
	for i := range 8 {
		a <- i
		b <- i
	}
	for range 4 {
		select {
		case <-a:
			l.Barrier() // EXPECT
		case <-b:
		}
	}
	Out[l.Index()] = 1
}

// RecvPerLaneUniform: each lane makes its own channel and sends it the same
// value, so the received value and ok are uniform (Run shows no error).
//
// Question: is a channel receive treated as propagation (UnOp of a uniform
// operand gives a uniform result) or as a source of divergence? My reading
// of "Propagation through every SSA instruction: ... UnOp": uniform, no
// report.
//
//spmd:kernel
func RecvPerLaneUniform(l spmd.Lane) {
	ch := make(chan int, 1)
	ch <- l.Count()
	if v, ok := <-ch; ok && v > 1 {
		Out[l.Index()] = spmd.ReduceAdd(l, v)
	}
}

// SharedRecvBug: all lanes receive from one shared (global) channel, so each
// gets a different element; the branch on it is divergent (Run shows it).
//
// Question: the channel is a uniform global and the receive an UnOp, which
// by propagation alone would be uniform; but semantically the received
// values differ per lane. My reading: the checker must report (the call may
// not be reached together).
//
//spmd:kernel
func SharedRecvBug(l spmd.Lane) {
	v := <-Shared
	if v == 0 {
		l.Barrier() // EXPECT
	}
	Out[l.Index()] = v
}

type pair struct{ lo, hi int }

// StructFieldUniform: a struct literal with one divergent and one uniform
// field; only the uniform field decides the branch (Run shows no error).
//
// Question: are the fields of a (per-lane, Alloc'd) struct tracked
// separately, or does a divergent store to one field make loads of the
// whole struct divergent? The spec says "a load is divergent if any store
// to that memory stores a divergent value" without saying how fine "that
// memory" is. My reading: field by field, no report.
//
//spmd:kernel
func StructFieldUniform(l spmd.Lane) {
	p := pair{lo: l.Index(), hi: l.Count()}
	if p.hi > 1 {
		Out[l.Index()] = spmd.ReduceAdd(l, p.lo)
	}
}

// TypeSwitchSameType: the interface always holds an int, only its value
// depends on the lane, so every lane takes the int case (Run shows no
// error).
//
// Question: must the checker report? By the literal propagation rule
// (TypeAssert of a divergent operand is divergent) the comma-ok result and
// hence the branch are divergent, so it reports; Run never fails.
// My reading: report (the spec's rule does not separate the dynamic type
// from the value).
//
//spmd:kernel
func TypeSwitchSameType(l spmd.Lane) {
	v := any(l.Index())
	switch v.(type) {
	case int:
		l.Barrier() // EXPECT
	}
	Out[l.Index()] = 1
}

// PanicRecoverBug: lane 0 panics before the barrier and recovers in a
// deferred call, returning early; the others wait at the barrier (Run
// shows it).
//
// Question: is a panic an early exit that makes the blocks after it
// divergent? The spec names "returned early" but not panics. My reading:
// report.
//
//spmd:kernel
func PanicRecoverBug(l spmd.Lane) {
	defer func() { _ = recover() }()
	if l.Index() == 0 {
		panic("lane 0 leaves")
	}
	l.Barrier() // EXPECT
	Out[l.Index()] = 1
}

// IrreducibleUniformExit: an irreducible loop entered at a or b depending on
// the lane, whose only exit is decided by Any, a uniform result. All lanes
// call Any the same number of times, so Run never fails.
//
// Question: rule 2 of section 3 says a convergent call inside a cycle that
// is not m-converged is reported, and this cycle is entered at two places
// by the paths of a divergent branch; but the rules ask a buggy kernel to
// fail under Run, which it cannot. My reading of the spec: report.
//
//spmd:kernel
func IrreducibleUniformExit(l spmd.Lane) {
	x := 0
	if l.Index()%2 == 0 {
		goto a
	}
	goto b
a:
	x++
b:
	if spmd.Any(l, x < 3) { // EXPECT
		goto a
	}
	Out[l.Index()] = x
}

func syncIf(l spmd.Lane, c bool) {
	if c {
		l.Barrier() // EXPECT
	}
}

// HelperParamBug: a helper branches on its bool parameter around a barrier,
// and the kernel passes a divergent value (Run shows it).
//
// Question: where is the finding? Parameters of a helper are not listed as
// uniform inputs (only those of kernel entries are), so inside the helper
// the branch on c is divergent and the barrier line is reported; the call
// in the kernel is under uniform control. A checker with summaries might
// instead report the call site. My reading: the barrier line in the
// helper, and not the call.
//
//spmd:kernel
func HelperParamBug(l spmd.Lane) {
	syncIf(l, l.Index() > 0)
	Out[l.Index()] = 1
}

// Syncer is implemented by a type whose method is convergent.
type Syncer interface{ Sync(l spmd.Lane) }

type barrierSyncer struct{}

func (barrierSyncer) Sync(l spmd.Lane) { l.Barrier() }

// Syncers is a shared table of implementations.
var Syncers = []Syncer{barrierSyncer{}}

// InterfaceCallBug: a call through an interface whose only implementation
// performs a barrier, in a divergent branch (Run shows it).
//
// Question: an interface method call has no static callee, so no fact says
// it is convergent. Must the checker report it? The spec only makes calls
// of functions "known to be convergent (by directive or fact)" convergent.
// My reading: no report (a known false negative of the design).
//
//spmd:kernel
func InterfaceCallBug(l spmd.Lane) {
	s := Syncers[0]
	if l.Index() == 0 {
		s.Sync(l)
	}
	Out[l.Index()] = 1
}

// Scale multiplies before reducing.
type Scale int

// Reduce returns the group sum of s*v: uniform whatever v is.
func (s Scale) Reduce(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, int(s)*v) }

// MethodValueDivergentArg: a method value called with a divergent argument;
// the method returns a ReduceAdd result, which is uniform (Run shows no
// error).
//
// Question: is a call through a method value (a closure of the synthetic
// bound-method wrapper) a call with a known callee whose body is read, or an
// unknown callee whose result is divergent when an argument is? My reading
// of the package doc: the callee is known, the result is uniform, no report.
//
//spmd:kernel
func MethodValueDivergentArg(l spmd.Lane) {
	r := Scale(3).Reduce
	x := r(l, l.Index())
	if x > 0 {
		l.Barrier()
	}
	Out[l.Index()] = x
}
