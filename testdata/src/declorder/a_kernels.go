// Package declorder declares its kernels before the methods they reach
// (and in a file that sorts first): what is reported must not depend on
// the order of declarations or files. Found by the runtime-oracle fuzzer.
package declorder

import "github.com/spmdvet/spmdvet/spmd"

type doer interface{ Do(p int) int }

func interfaceCall(l spmd.Lane, out []int) {
	var it doer = reducer{l}
	if l.Index() < 1 {
		out[0] = it.Do(1) // want `collective spmd.ReduceMax \(reached through it.Do\) under divergent control`
	}
}

func interfaceMethodValue(l spmd.Lane, out []int) {
	var it doer = reducer{l}
	f := it.Do
	if l.Index() < 1 {
		out[0] = f(1) // want `collective spmd.ReduceMax \(reached through f\) under divergent control`
	}
}

func methodValue(l spmd.Lane, out []int) {
	s := adder{l}
	g := s.get
	if l.Index() < 1 {
		out[0] = g(1) // want `collective spmd.ReduceAdd \(reached through g\) under divergent control`
	}
}

func methodExpression(l spmd.Lane, out []int) {
	s := adder{l}
	if l.Index() < 1 {
		out[0] = adder.get(s, 1) // want `collective spmd.ReduceAdd \(reached through adder.get\) under divergent control`
	}
}

// Fine: every lane makes the calls.
func uniformCalls(l spmd.Lane, out []int) {
	var it doer = reducer{l}
	f := it.Do
	s := adder{l}
	out[0] = it.Do(1) + f(2) + s.get(3) + adder.get(s, 4)
}
