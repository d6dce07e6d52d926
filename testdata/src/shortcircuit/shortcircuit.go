// Package shortcircuit pins && and ||: the right operand runs only when the
// left one does not decide the result, so it is under the left operand's
// control, and a condition is divergent when either operand that decides it
// is. (Constant operands, as in "x || true", are pinned in package
// constbranch.)
package shortcircuit

import "github.com/spmdvet/spmdvet/spmd"

// The right operand is lane-dependent: the body runs in some lanes only.
func andDivergentRight(l spmd.Lane, n int) {
	if n > 0 && l.Index() < 4 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// The left operand is lane-dependent.
func andDivergentLeft(l spmd.Lane, n int) {
	if l.Index() < 4 && n > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// || with a lane-dependent operand.
func orDivergent(l spmd.Lane, n int) {
	if n > 0 || l.Index() < 4 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A collective as the right operand of && runs only in the lanes where the
// left operand is true.
func collectiveAsRightOperand(l spmd.Lane) {
	if l.Index() < 4 && spmd.Any(l, true) { // want `collective spmd.Any under divergent control`
		_ = 0
	}
	if l.Index() < 4 || spmd.All(l, true) { // want `collective spmd.All under divergent control`
		_ = 0
	}
}

// Fine: the collective is the left operand, which every lane evaluates; the
// barrier is guarded by the lane-dependent right operand, though.
func collectiveAsLeftOperand(l spmd.Lane) {
	if spmd.Any(l, true) && l.Index() < 4 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	if spmd.Any(l, l.Index() == 0) || l.Count() > 2 {
		l.Barrier() // fine: both operands are uniform
	}
}

// A short-circuit expression stored in a variable is a divergent value: the
// phi that merges its two paths depends on the lane.
func storedCondition(l spmd.Lane, n int) {
	ok := n > 0 && l.Index() < 4
	if ok {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: a stored condition made of uniform operands.
func storedUniformCondition(l spmd.Lane, n int) {
	ok := n > 0 && l.Count() < 4
	if ok {
		l.Barrier()
	}
}

// Both operands lane-dependent: the body runs in some lanes only.
func bothDivergent(l spmd.Lane) {
	if l.Index() >= 0 && l.Index() < l.Count() {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}
