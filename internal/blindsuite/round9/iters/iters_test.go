package iters

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round9/internal/kt"
	"github.com/spmdvet/spmdvet/spmd"
)

func TestISeqContinueBefore(t *testing.T) {
	out := make([]int, 2)
	kt.OK(t, 2, func(l spmd.Lane) { ISeqContinueBefore(l, 4, out) })
	// lane0 keeps odd v: 1+3=4; lane1 keeps even: 0+2=2 -> 6
	kt.Eq(t, out, kt.Fill(2, 6))
}

func TestISeqContinueAfterBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { ISeqContinueAfterBad(l, 2, out) })
}

func TestISeqContinueSwitchBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { ISeqContinueSwitchBad(l, 2, out) })
}

func TestISeqBreakBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { ISeqBreakBad(l, 3, out) })
}

func TestISeqDivergentIteratorBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { ISeqDivergentIteratorBad(l, out) })
}

func TestISeqNestedIfContinue(t *testing.T) {
	out := make([]int, 2)
	kt.OK(t, 2, func(l spmd.Lane) { ISeqNestedIfContinue(l, 5, out) })
	// v=1..4: lane0 skips even (2,4) acc=2; lane1 skips odd (1,3) acc=2; ballot=3, sum=4 -> 7
	kt.Eq(t, out, kt.Fill(2, 7))
}

func TestISeq2ContinueMid(t *testing.T) {
	out := make([]int, 2)
	kt.OK(t, 2, func(l spmd.Lane) { ISeq2ContinueMid(l, []int{0, 1, 0, 1}, out) })
	// lane0 keeps i=1,3 -> 4; lane1 keeps 0,2 -> 2; Any(acc>3) true -> negate
	kt.Eq(t, out, []int{-4, -2})
}

func TestISeqContinueOuterBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { ISeqContinueOuterBad(l, 2, out) })
}

func TestISeqUniformBreak(t *testing.T) {
	out := make([]int, 2)
	kt.OK(t, 2, func(l spmd.Lane) { ISeqUniformBreak(l, 10, out) })
	// Any(v == idx+2): true at v=2 (lane0) -> 2 iterations each -> 4
	kt.Eq(t, out, kt.Fill(2, 4))
}
