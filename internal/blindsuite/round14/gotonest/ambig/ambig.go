// Package ambig holds kernels where the spec can be read two ways: the static
// rules it lists and what spmd.Run shows disagree. Each kernel says how it
// is annotated and why.
package ambig

import "github.com/spmdvet/spmdvet/spmd"

// SharedPartOfTwoEntryCycle: a lane-dependent goto from the inner loop of a
// nest into the middle of the goto loop that follows; lanes that finish the
// nest enter at its top. The barrier is in the part of the cycle that both
// entries run first (after mid), so every lane calls it exactly three times
// at the same site, and spmd.Run completes without error.
//
// Question: spec section 3 item 2 reports "a call to a convergent operation
// inside a cycle that is not m-converged", with the divergent branch "whose
// paths enter it at different places". That is the case here, so the line
// is annotated EXPECT; but rules.md wants every EXPECT kernel to fail under
// spmd.Run, and this one cannot (the runtime matches calls by site, not by
// dynamic instance). Its test asserts that Run returns nil.
//
//spmd:kernel
func SharedPartOfTwoEntryCycle(l spmd.Lane, out []int) {
	k := 0
	for i := range 4 {
		for j := range 4 {
			if i*4+j == l.Index()*3 {
				goto mid
			}
		}
	}
top:
	out[l.Index()] += 10
mid:
	k++
	l.Barrier() // EXPECT
	if k < 3 {
		goto top
	}
}

// SeenSetBeforeAnyExit: seen is set to true at the top of every outer
// iteration, before any exit can be taken, and the outer loop runs at least
// once, so it is true in every lane after the nest, however lanes leave it.
// In SSA it is a phi of the constant true (from the break outer) and the
// header phi of false/true (from the normal exit): a join of a divergent
// exit with different incoming values, so a checker that applies the Phi and
// temporal-divergence rules literally flags the barrier.
//
// Question: is a finding here required (the static rules) or a false
// positive (lanes always reach it together)? Annotated without EXPECT, by
// what the kernel does; spmd.Run completes.
//
//spmd:kernel
func SeenSetBeforeAnyExit(l spmd.Lane, out []int) {
	seen := false
outer:
	for i := range 4 {
		seen = true
		for j := range 4 {
			if i*4+j == l.Index() {
				break outer
			}
		}
	}
	if seen {
		l.Barrier()
		out[l.Index()] = 1
	}
}

// ReturnInLastIterationAfterBarrier: the lane-dependent return is only taken
// when i == 2, the last iteration, after that iteration's barrier; no lane
// ever misses a barrier. A checker without arithmetic on i sees a barrier in
// a loop with a divergent exit and flags it.
//
// Question: the spec's "may not reach together" read statically (a finding
// is acceptable) or dynamically (no finding)? Annotated without EXPECT;
// spmd.Run completes.
//
//spmd:kernel
func ReturnInLastIterationAfterBarrier(l spmd.Lane, out []int) {
	for i := 0; i < 3; i++ {
		l.Barrier()
		out[l.Index()] += i
		if i == 2 && l.Index()%2 == 0 {
			return
		}
	}
	out[l.Index()] += 100
}
