// want package:"spmd"

// Package sumiface pins callees that are not known statically. An interface
// method call is first bounded by class hierarchy: the types of this
// package and of the SPMD packages it depends on that implement the
// interface. When all are known, the call is as convergent as the worst of
// them (here the only implementation has a barrier, so the calls are
// barriers). When they are not, and for calls of function values, the
// conservative rule applies: a call that passes a lane handle (as an
// argument or receiver) may reach a barrier or collective, so it is treated
// as a convergent operation (a collective: it is not known to be a barrier)
// and must run under uniform control. A call that passes no lane handle is
// assumed not to reach a convergent operation (but a closure may have
// captured one: see package sumhigherorder).
//
// A call of a function parameter of a helper is not judged in the helper:
// its callers give the function, and the helper's summary says how it
// calls it (calls(0), calls(0)=always). A caller that gives a function not
// known there, which takes a lane handle, gives one that may be convergent.
package sumiface

import "github.com/spmdvet/spmdvet/spmd"

type syncer interface {
	Sync(l spmd.Lane)
}

type barrierSyncer struct{}

func (barrierSyncer) Sync(l spmd.Lane) { // want Sync:`spmd\(barrier\)`
	l.Barrier()
}

// An interface call that passes the lane: a possibly convergent operation,
// fine here since every lane makes it, but it makes viaInterface
// convergent. (Whether s itself must be uniform, so that all lanes call the
// same method, is left open.)
func viaInterface(s syncer, l spmd.Lane) { // want viaInterface:`spmd\(barrier plain\[p0\.Sync\]=spmd\(\)\)`
	s.Sync(l)
}

// The same through a function parameter: judged where f is given.
func viaFuncValue(f func(spmd.Lane), l spmd.Lane) { // want viaFuncValue:`spmd\(calls\(0\)\)`
	f(l)
}

// Calling the helpers: the call of viaInterface is itself possibly
// convergent, so it too needs uniform control.
func callsViaInterface(l spmd.Lane) { // want callsViaInterface:`spmd\(barrier\)`
	var s syncer = barrierSyncer{}
	viaInterface(s, l)
	if l.Index() == 0 {
		viaInterface(s, l) // want `barrier l.Barrier \(reached through viaInterface\) under divergent control`
	}
	viaFuncValue(s.Sync, l)
	if l.Index() == 1 {
		viaFuncValue(s.Sync, l) // want `barrier l.Barrier \(reached through viaFuncValue\) under divergent control`
	}
}

type shape interface {
	Area() float64
}

type square struct{ side float64 }

func (q square) Area() float64 { return q.side * q.side } // want Area:`^spmd\(result0=on\(0\.0\)\)$`

// An interface call that passes no lane handle cannot reach a convergent
// operation: fine under divergent control.
func noLane(l spmd.Lane, sh shape) float64 { // want noLane:`spmd\(result0=always\)`
	a := 0.0
	if l.Index() < 4 {
		a = sh.Area()
	}
	return a
}

// The result of a call that can reach the lane but whose callee is not
// known is divergent.
type indexer interface {
	At(l spmd.Lane) int
}

func unknownResult(ix indexer, l spmd.Lane) { // want unknownResult:`spmd\(convergent barrier\)|spmd\(barrier\)`
	if ix.At(l) > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// And it may write divergent values into per-lane memory it is given.
type filler interface {
	Fill(l spmd.Lane, p *int)
}

func unknownEffect(fl filler, l spmd.Lane) { // want unknownEffect:`spmd\(convergent barrier\)|spmd\(barrier\)`
	x := 0
	fl.Fill(l, &x)
	if x > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// The conservative rule at the call itself: an interface call, a call of a
// function value, a method called through a type parameter's constraint,
// each passing the lane under divergent control.
func ifaceUnderDivergent(s syncer, l spmd.Lane) { // want ifaceUnderDivergent:`spmd\(barrier plain\[p0\.Sync\]=spmd\(\)\)`
	if l.Index() < 4 {
		s.Sync(l) // want `barrier l.Barrier \(reached through s.Sync\) under divergent control`
	}
}

func funcValueUnderDivergent(f func(spmd.Lane), l spmd.Lane) { // want funcValueUnderDivergent:`spmd\(calls\(0\)=always\)`
	if l.Index() < 4 {
		f(l) // judged where f is given
	}
}

// The callers of funcValueUnderDivergent: a convergent function given is
// reported, one that only stores is not, and an interface's method value is
// as convergent as the worst method that implements it.
func givesToDivergent(l spmd.Lane, out []int, s syncer) { // want givesToDivergent:`spmd\(barrier own\[1\]=spmd\(barrier effect\(\*1\)=always\)\)`
	funcValueUnderDivergent(spmd.Lane.Barrier, l) // want `barrier spmd.Lane.Barrier \(reached through funcValueUnderDivergent\) under divergent control`
	funcValueUnderDivergent(func(l spmd.Lane) { out[l.Index()] = 1 }, l)
	funcValueUnderDivergent(s.Sync, l) // want `barrier l.Barrier \(reached through funcValueUnderDivergent\) under divergent control`
}

// A kernel entry's function parameter comes from whoever launches it: a
// call of it under divergent control may reach a convergent operation.
//
//spmd:kernel
func kernelParam(l spmd.Lane, f func(spmd.Lane)) { // want kernelParam:`spmd\(convergent kernel calls\(1\)=always\)`
	if l.Index() < 4 {
		f(l) // want `collective f under divergent control`
	}
}

// With a type argument whose Sync is not convergent, it is not (plain).
func typeParamUnderDivergent[S syncer](s S, l spmd.Lane) { // want typeParamUnderDivergent:`spmd\(barrier plain\[0\.Sync\]=spmd\(\)\)`
	if l.Index() < 2 {
		s.Sync(l) // want `barrier l.Barrier \(reached through s.Sync\) under divergent control`
	}
}

// An interface value made here from a concrete type runs that type's
// method: a storing one under divergent control is fine, a barrier is not,
// whatever other types implement the interface.
type countingSyncer struct{ n *int }

func (c countingSyncer) Sync(l spmd.Lane) { *c.n++ } // want Sync:`spmd\(\)`

// Given the lane's own counter, only lane 0 increments it.
func concreteReceivers(l spmd.Lane, n *int) { // want concreteReceivers:`spmd\(barrier own\[1\]=spmd\(barrier effect\(\*1\)=always\)\)`
	var s syncer = countingSyncer{n}
	if l.Index() == 0 {
		s.Sync(l)
	}
	var t syncer = barrierSyncer{}
	if l.Index() == 1 {
		t = countingSyncer{n}
	}
	if l.Index() == 2 {
		t.Sync(l) // want `barrier l.Barrier \(reached through t.Sync\) under divergent control`
	}
}
