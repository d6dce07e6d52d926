// Package gotos pins convergence in control flow built with goto: an
// unstructured diamond joins like an if/else, so a convergent call after the
// join is reached by every lane and one in an arm is not.
package gotos

import "github.com/spmdvet/spmdvet/spmd"

// A diamond: the arms meet at join.
func diamond(l spmd.Lane) int {
	x := 0
	if l.Index() < 4 {
		goto small
	}
	x = 2
	goto join
small:
	x = 1
join:
	l.Barrier() // fine: both arms reach the join
	return x
}

// The same diamond with a barrier in one arm.
func barrierInArm(l spmd.Lane) int {
	x := 0
	if l.Index() < 4 {
		goto small
	}
	x = 2
	goto join
small:
	l.Barrier() // want `barrier l.Barrier under divergent control`
	x = 1
join:
	return x
}

// The value merged at the join is divergent: branching on it is divergent
// control.
func branchOnJoinedValue(l spmd.Lane) {
	x := 0
	if l.Index() < 4 {
		goto small
	}
	x = 2
	goto join
small:
	x = 1
join:
	if x == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: a diamond on a uniform condition.
func uniformDiamond(l spmd.Lane, n int) {
	if n < 4 {
		goto small
	}
	l.Barrier()
	goto join
small:
	_ = spmd.ReduceAdd(l, 1)
join:
	l.Barrier()
}

// A goto that skips the barrier in some lanes only: the join is after the
// barrier.
func skipBarrier(l spmd.Lane) {
	if l.Index() == 0 {
		goto done
	}
	l.Barrier() // want `barrier l.Barrier under divergent control`
done:
	l.Barrier() // fine: every lane reaches done
}

// A loop built with goto, with a lane-dependent trip count.
func gotoLoop(l spmd.Lane) {
	i := 0
loop:
	l.Barrier() // want `barrier l.Barrier under divergent control`
	i++
	if i < l.Index() {
		goto loop
	}
	l.Barrier() // fine: after the loop
}

// A goto out of a loop in some lanes is a divergent break.
func gotoOutOfLoop(l spmd.Lane, n int) {
	for i := 0; i < n; i++ {
		if i == l.Index() {
			goto done
		}
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
done:
	l.Barrier() // fine: every lane gets to done
}

// An if whose goto lands on the label right after it: the goto and the
// if's end are two paths to next, which joins them, as in LLVM's IR of the
// source (go/ssa made the if a jump). x's phi at next also merges the
// value from the loop, so it is divergent: joins are judged by paths, not
// values.
func gotoNextLabel(l spmd.Lane, n int) {
	x := n
	if l.Index() > n {
		goto next
	}
next:
	if x > 3 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	x--
	if x > 0 {
		goto next
	}
}

// A goto to the label of a for statement with an init restarts the loop:
// lanes that take it leave the loop's cycle and come back at the first
// iteration, while the others go on. The barrier in the loop then runs in
// different iterations for different lanes, though whichever way the
// branch goes, control comes back to the loop header.
func restartLoop(l spmd.Lane, n int) {
	restarted := false
L:
	for i := 0; i < n; i++ {
		l.Barrier() // want `barrier l.Barrier under divergent control`
		if l.Index() == 0 && !restarted {
			restarted = true
			goto L
		}
	}
}
