// Package ambig holds kernels where the spec does not clearly say what the
// checker must report. Each kernel states its question.
package ambig

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round13/gen/lib"
	"github.com/spmdvet/spmdvet/spmd"
)

// Stepper is a constraint with a method; some implementations are convergent.
type Stepper interface{ Step(l spmd.Lane) int }

// Plain is not convergent.
type Plain struct{}

// Step returns the lane index.
func (Plain) Step(l spmd.Lane) int { return l.Index() }

// Coll is convergent.
type Coll struct{}

// Step returns the lane count via a reduction.
//
//spmd:convergent
//spmd:uniform
func (Coll) Step(l spmd.Lane) int { return spmd.ReduceAdd(l, 1) }

// Apply calls the method through the type parameter.
func Apply[S Stepper](l spmd.Lane, s S) int { return s.Step(l) }

// A1. Question: the spec says "analyze the generic body". In the generic body
// s.Step is an invoke through the type parameter S, whose callee is not known,
// so no fact says it is convergent; only the instantiation at Coll is. Must a
// call through a type parameter be reported when some instantiation is
// convergent? At runtime (S=Coll) this is a real bug, so I lean to EXPECT.
//
//spmd:kernel
func ConstraintBad[S Stepper](l spmd.Lane, s S, out []int) {
	r := 0
	if l.Index()%2 == 0 {
		r = s.Step(l) // EXPECT
	}
	out[l.Index()] = r
}

// A2. Same question through a generic helper: is Apply (whose generic body only
// invokes a type-parameter method) "a function that itself performs" a
// convergent operation? At runtime with Coll the bug is real; I lean to EXPECT.
//
//spmd:kernel
func ApplyBad(l spmd.Lane, out []int) {
	r := 0
	if l.Index()%2 == 0 {
		r = Apply(l, Coll{}) // EXPECT
	}
	out[l.Index()] = r
}

// A3. Question: a type switch on any(v) where v is a per-lane value of type
// parameter T. By the spec's propagation rules (MakeInterface, TypeAssert) the
// switch is on a divergent value, but the dynamic type is T in every lane, so
// the branch is really uniform; Run confirms no divergence. I lean to no
// finding (the kernel is correct), but a propagation-based checker reports it.
//
//spmd:kernel
func TypeSwitchOK[T spmd.Number](l spmd.Lane, data []T, out []int) {
	switch any(data[l.Index()]).(type) {
	case int:
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	default:
		out[l.Index()] = spmd.ReduceAdd(l, 2)
	}
}

// A4. Question: the collective is in the body of a range-over-func loop whose
// generic iterator yields a per-lane number of times (the divergent loop is in
// the iterator, lib.Strided, not in the kernel). Must the checker see that
// the synthesized yield body is reached apart? Run shows the bug; I lean to
// a finding (EXPECT on the call).
//
//spmd:kernel
func IterBodyBad[T spmd.Number](l spmd.Lane, data []T, out []T) {
	var s T
	for _, v := range lib.Strided(l, data) {
		s += spmd.ReduceAdd(l, v) // EXPECT
	}
	out[l.Index()] = s
}

// A4 twin: uniform iterator (lib.Upto with a uniform bound); body collective.
//
//spmd:kernel
func IterBodyOK[T spmd.Number](l spmd.Lane, n T, out []T) {
	var s T
	for i := range lib.Upto(n) {
		s += spmd.ReduceAdd(l, i)
	}
	out[l.Index()] = s
}

// Maybe branches on its own (non-Lane) parameter around a collective.
func Maybe[T any](l spmd.Lane, on bool, v T) T {
	if on {
		return spmd.Broadcast(l, v, 0) // ambiguous: see A5
	}
	return v
}

// A5. Question: inside Maybe, is "if on" a divergent branch? on is a parameter
// of a non-kernel SPMD function, not of a kernel entry, so the spec does not
// say it is uniform; every caller here passes a uniform value. Run shows no
// divergence. I lean to no finding (neither in Maybe nor here).
//
//spmd:kernel
func ParamBranchOK[T spmd.Number](l spmd.Lane, on bool, data []T, out []T) {
	out[l.Index()] = Maybe(l, on, data[l.Index()])
}
