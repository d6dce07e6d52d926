// Package knownbugs holds kernels on which spmdvet's static verdict is wrong
// today. Their "want" comments state the correct verdict; agreement_test
// runs them to show, with spmd.Run, what the kernels really do, and reports
// the static mismatch as a known disagreement. Once spmdvet is right about
// a kernel, it moves to package agreement. (The kernels that were here
// first, from a helper that reaches a barrier to an endless loop, have
// moved.) Each kernel names the testdata package that pins the same bug.
package knownbugs

import "github.com/spmdvet/spmdvet/spmd"

func a(l spmd.Lane) { l.Barrier() }

func b(l spmd.Lane) { l.Barrier() }

// FuncByBranch calls a function chosen by a divergent branch: lanes wait at
// a's barrier and at b's (testdata/src/bugfuncvalues).
func FuncByBranch(l spmd.Lane) {
	f := a
	if l.Index() < 4 {
		f = b
	}
	f(l) // want `(barrier|collective) f called through a lane-dependent function value`
}

// FuncByIndex calls a function loaded at a lane-dependent index
// (testdata/src/bugfuncvalues).
func FuncByIndex(l spmd.Lane) {
	fs := []func(spmd.Lane){a, b}
	fs[l.Index()%2](l) // want `(barrier|collective) fs\[l.Index\(\) % 2\] called through a lane-dependent function value`
}

// total is the sum of v over the lanes: declared uniform, but not declared
// convergent.
//
//spmd:uniform
func total(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, v) }

// DeclaredWrapper calls total in some lanes only: total's body reaches a
// collective, but its directives do not say so (testdata/src/bugdeclaredbody).
func DeclaredWrapper(l spmd.Lane) {
	if l.Index() < 2 {
		_ = total(l, 1) // want `collective total under divergent control`
	}
}
