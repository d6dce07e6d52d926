// Package constbranch pins conditions with constant operands.
//
// go/ssa does not fold constant conditions: "true || x" and "x || true"
// compile to an "if true" branch with a dead edge. Only the live edge
// counts, so the lane-dependent branch on x does not decide whether the
// body runs. Constants such as a debug flag make this realistic ("if debug
// || l.Index() == 0"). (These were false positives, reported as
// BUG(report), fixed in 5daa642.)
package constbranch

import "github.com/spmdvet/spmdvet/spmd"

const debug = true

// Fine: "x || true" is true in every lane, whatever x.
func orTrue(l spmd.Lane) {
	if l.Index() < 4 || true {
		l.Barrier()
	}
}

// Fine: the constant left operand decides the result before the lane is
// looked at.
func trueOr(l spmd.Lane) {
	if true || l.Index() < 4 {
		l.Barrier()
	}
}

// Fine: a debug flag that is on.
func debugFlag(l spmd.Lane) {
	if debug || l.Index() == 0 {
		l.Barrier()
	}
}

// Fine: "false && x" is false in every lane; the barrier after the if is
// reached by all.
func falseAnd(l spmd.Lane) {
	if !debug && l.Index() == 0 {
		return
	}
	l.Barrier()
}
