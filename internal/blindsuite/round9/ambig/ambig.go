// Package ambig: kernels where the specification does not settle the answer.
// Convergent calls in question carry "// AMBIG lean: ..." instead of EXPECT.
// No line here carries EXPECT.
package ambig

import (
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
)

// AWhileIncrBeforeContinue: i++ before a lane-dependent continue in a
// while-style loop. Every lane increments i identically, so the trip count is
// uniform and Run is happy. In go/ssa the continue jumps straight to the loop
// header, which then has two back edges (continue, end of body), both carrying
// the same SSA value i+1; the header phi is [0, i+1, i+1]. The header is a
// join of the divergent branch (reached by disjoint paths). LLVM's
// taintAndPushPhiNodes keeps a join-block phi uniform only if all its incoming
// values are the same value; here the entry value 0 differs, so a literal
// port would make i divergent and flag the barrier. A precise reading looks
// only at the values arriving along the divergent paths (i+1 on both) and
// keeps i uniform. This is exactly the shape go/ssa emits for
// `for _, v := range slice` (index phi [-1, incr, incr]), which the spec asks
// to get right. Lean: no finding.
//
//spmd:kernel
func AWhileIncrBeforeContinue(l spmd.Lane, data []int, n int, out []int) {
	i, acc := 0, 0
	for i < n {
		i++
		l.Barrier() // AMBIG lean: none
		if data[l.Index()] > i {
			continue
		}
		acc++
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc) + i
}

// AForeverIncrTopContinue: the same question with for {} and a uniform break.
// Lean: no finding.
//
//spmd:kernel
func AForeverIncrTopContinue(l spmd.Lane, n int, out []int) {
	i, acc := -1, 0
	for {
		i++
		if i >= n {
			break
		}
		_ = spmd.Ballot(l, acc > 0) // AMBIG lean: none
		if (i+l.Index())%2 == 0 {
			continue
		}
		acc++
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// AGotoIncrBeforeDivergentGoto: a goto loop where i++ precedes the
// lane-dependent goto back to the head. Same question. Lean: no finding.
//
//spmd:kernel
func AGotoIncrBeforeDivergentGoto(l spmd.Lane, n int, out []int) {
	i, acc := 0, 0
loop:
	if i >= n {
		goto done
	}
	l.Barrier() // AMBIG lean: none
	i++
	if i == l.Index() {
		goto loop
	}
	acc++
	goto loop
done:
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// AIdenticalUpdatesBothPaths: both the continue path and the fall-through
// path do i++, as two different SSA values. Numerically every lane has the
// same i, and Run is happy, but the header phi merges two distinct values at
// a join of a divergent branch: judged by paths (LLVM), i is divergent and
// the barrier is under a divergent loop exit. Lean: finding (path-based), but
// no runtime bug exists, so it cannot live in a "buggy" package.
//
//spmd:kernel
func AIdenticalUpdatesBothPaths(l spmd.Lane, n int, out []int) {
	i, acc := 0, 0
	for i < n {
		l.Barrier() // AMBIG lean: finding
		if (i+l.Index())%2 == 0 {
			i++
			continue
		}
		i++
		acc++
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// ARangeChanShared: all lanes range over one shared channel, so they split
// its elements and leave the loop after different numbers of iterations
// (Run shows it). But the spec says nothing about receives: by plain
// operand propagation (UnOp of a uniform channel) the receive would be
// uniform. Semantically it is like an atomic read-modify-write (which the
// spec makes divergent). Lean: finding.
//
//spmd:kernel
func ARangeChanShared(l spmd.Lane, ch chan int, out []int) {
	acc := 0
	for v := range ch {
		l.Barrier() // AMBIG lean: finding
		if v == l.Index() {
			continue
		}
		acc += v
	}
	out[l.Index()] = acc
}

// ARangeChanPerLane: each lane makes its own channel, fills it with the same
// n values and closes it, so every lane iterates n times; barrier before a
// lane-dependent continue. Run is happy. A checker that treats receives as
// divergent (which ARangeChanShared needs) flags this. Lean: none.
//
//spmd:kernel
func ARangeChanPerLane(l spmd.Lane, n int, out []int) {
	ch := make(chan int, n)
	for i := 0; i < n; i++ {
		ch <- i
	}
	close(ch)
	acc := 0
	for v := range ch {
		l.Barrier() // AMBIG lean: none
		if v == l.Index() {
			continue
		}
		acc += v
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

func upto(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

// AYieldParamBranch: a branch on the value yielded by a uniform iterator.
// The value is the same in every lane, but it is a parameter of the
// synthesized yield closure, which is not a kernel entry; the spec does not
// say whether such parameters are uniform. Lean: none.
//
//spmd:kernel
func AYieldParamBranch(l spmd.Lane, n int, out []int) {
	acc := 0
	for v := range upto(n) {
		if v%2 == 0 {
			continue
		}
		l.Barrier() // AMBIG lean: none
		acc += v + l.Index()
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}
