// Package ambig holds kernels where what the spec demands is not clear to me.
// Each kernel says the question and the answer its annotation assumes.
package ambig

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round18/warp/wlib"
	"github.com/spmdvet/spmdvet/spmd"
)

// FullButterflyBranch (bug by the spec, never at run time): after a complete
// xor-butterfly every lane holds the same total, so the branch is uniform at
// run time, but the spec says "ShuffleXor ... result divergent" and a value
// computed from it stays divergent.
// Question: the rules want buggy kernels to fail at run time, the spec wants a
// report. The annotation follows the spec (EXPECT); the test asserts nil.
//
//spmd:kernel
func FullButterflyBranch(l spmd.Lane, in, out []int, limit int) {
	i := l.Index()
	v := in[i]
	for m := l.Count() / 2; m > 0; m >>= 1 {
		v += spmd.ShuffleXor(l, v, m)
	}
	if v > limit {
		l.Barrier() // EXPECT
	}
	out[i] = v
}

// ShuffleUniformSrc (bug by the spec, never at run time): Shuffle from the
// uniform src 0 is what Broadcast(l, v, 0) computes, but Shuffle carries no
// "uniform src" rule: the spec says "Shuffle ... result divergent".
// Question: same as FullButterflyBranch. Annotated EXPECT.
//
//spmd:kernel
func ShuffleUniformSrc(l spmd.Lane, in, out []int, limit int) {
	i := l.Index()
	v := spmd.Shuffle(l, in[i], 0)
	if v > limit {
		l.Barrier() // EXPECT
	}
	out[i] = v
}

// ElectNoDirective (correct by reading the body): wlib.Elect has no result
// directive; its results come from a Ballot and are uniform whatever p is.
// The spmd package doc says a checker "reads its body: a result is divergent
// when lanes calling it with the arguments they pass may get different
// values"; but spec.md says cross-function summaries are a later issue and a
// conservative rule (divergent when an argument is divergent, and p is) is
// fine. Question: must the checker see that ok and leader are uniform?
// Annotated without EXPECT (the package doc's rule).
//
//spmd:kernel
func ElectNoDirective(l spmd.Lane, in, out []int) {
	i := l.Index()
	leader, ok := wlib.Elect(l, in[i] > 0)
	if ok {
		out[i] = spmd.Broadcast(l, in[i], leader)
	}
}

// maybeSync is an SPMD helper (it has a Lane parameter) but not a kernel
// entry. Question: is its parameter doit uniform? The spec lists "the
// parameters of a kernel entry" as uniform inputs and says nothing about
// other SPMD functions. Every caller passes a uniform value. Annotated
// without EXPECT.
func maybeSync(l spmd.Lane, doit bool) {
	if doit {
		l.Barrier()
	}
}

// HelperParamGate (correct): calls maybeSync with a kernel parameter.
//
//spmd:kernel
func HelperParamGate(l spmd.Lane, in, out []int, gate bool) {
	maybeSync(l, gate)
	out[l.Index()] = in[l.Index()]
}

// ClosureBarrier (bug): a local closure that calls l.Barrier is called under
// the divergent i == 0. The closure has no Lane parameter and is not a
// declared function, so no fact can name it. Question: must the checker see
// that calling this closure is a convergent operation ("a call of a function
// that itself performs one")? Annotated EXPECT.
//
//spmd:kernel
func ClosureBarrier(l spmd.Lane, in, out []int) {
	i := l.Index()
	sync := func() { l.Barrier() }
	if i == 0 {
		sync() // EXPECT
	}
	out[i] = in[i]
}
