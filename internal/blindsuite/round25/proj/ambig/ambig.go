// Package ambig holds kernels for which the spec does not settle, to my
// reading, whether a finding is due. Each kernel states the question and
// the annotation is my best guess.
package ambig

import "github.com/spmdvet/spmdvet/spmd"

// Steps runs n barriers. It is an SPMD function (it has a spmd.Lane
// parameter) but not a kernel entry.
//
// kernel A1. Question: the spec lists "the parameters of a kernel entry" as
// uniform inputs. Are the other parameters of a non-entry SPMD function
// divergent, so that the loop bound n makes the barrier a finding even
// though every caller in this module passes a uniform n? Best guess: yes,
// since nothing says they are uniform.
func Steps(l spmd.Lane, n int) {
	for k := 0; k < n; k++ {
		l.Barrier() // EXPECT
	}
}

// Rounds is a launch configuration whose kernel is a method without a
// //spmd:kernel directive.
type Rounds struct{ N int }

// Run performs r.N reductions.
//
// kernel A2. Question: Run is launched as the method value r.Run passed to
// spmd.Run, not a function literal. Is it a kernel entry whose receiver is
// uniform? The spec names only "function literals passed to spmd.Run".
// Best guess, consistent with A1: the receiver is an ordinary parameter of
// a non-entry SPMD function, so the loop bound is not known uniform.
func (r Rounds) Run(l spmd.Lane) {
	for k := 0; k < r.N; k++ {
		spmd.ReduceAdd(l, k) // EXPECT
	}
}

// StepsKernel is Steps with its parameters declared uniform.
//
//spmd:kernel
func StepsKernel(l spmd.Lane, n int) {
	for k := 0; k < n; k++ {
		l.Barrier()
	}
}
