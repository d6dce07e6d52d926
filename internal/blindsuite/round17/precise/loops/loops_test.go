package loops

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round17/precise/internal/check"
	"github.com/spmdvet/spmdvet/spmd"
)

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i + 1
	}
	return s
}

func TestContinueBarrierAtTop(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { ContinueBarrierAtTop(l, 4, out) }))
	check.Ints(t, out, check.Fill(4, 20))
}

func TestContinueBarrierAfter(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { ContinueBarrierAfter(l, 4, out) }))
}

func TestContinueKeepsExitUniform(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { ContinueKeepsExitUniform(l, 4, out) }))
	check.Ints(t, out, check.Fill(4, 32))
}

func TestBreakMakesExitDivergent(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { BreakMakesExitDivergent(l, 4, out) }))
}

func TestDivergentTripBarrierAfter(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { DivergentTripBarrierAfter(l, seq(6), out) }))
	check.Ints(t, out, check.Fill(4, 21))
}

func TestDivergentTripBarrierInside(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { DivergentTripBarrierInside(l, seq(6), out) }))
}

func TestStrideTiled(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { StrideTiled(l, seq(10), out) }))
	check.Ints(t, out, check.Fill(4, 55))
}

func TestRangeOverParam(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { RangeOverParam(l, seq(6), out) }))
	check.Ints(t, out, check.Fill(4, 42))
}

func TestRangeOverLaneSlice(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { RangeOverLaneSlice(l, seq(6), out) }))
}

func TestGotoLoopUniform(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { GotoLoopUniform(l, 3, out) }))
	check.Ints(t, out, check.Fill(4, 18))
	out = make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { GotoLoopUniform(l, 0, out) }))
	check.Ints(t, out, check.Fill(4, 0))
}

func TestGotoLoopDivergentExit(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { GotoLoopDivergentExit(l, 2, out) }))
}

func TestIrreducibleUniformEntry(t *testing.T) {
	for skip, want := range map[bool]int{false: 30, true: 24} {
		out := make([]int, 4)
		check.OK(t, spmd.Run(4, func(l spmd.Lane) { IrreducibleUniformEntry(l, 3, skip, out) }))
		check.Ints(t, out, check.Fill(4, want))
	}
}

func TestIrreducibleDivergentEntry(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { IrreducibleDivergentEntry(l, 3, out) }))
}

func TestIrreducibleDivergentEntryBarrierAfter(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { IrreducibleDivergentEntryBarrierAfter(l, 3, out) }))
	check.Ints(t, out, check.Fill(4, 26))
}

func TestNestedInnerDivergent(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { NestedInnerDivergent(l, 2, out) }))
	check.Ints(t, out, check.Fill(4, 9))
}

func TestLabeledContinueOuter(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { LabeledContinueOuter(l, 3, 5, out) }))
	check.Ints(t, out, check.Fill(4, 15))
	out = make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { LabeledContinueOuter(l, 3, 2, out) }))
	// j = 0, 1 only: lane 1 gets 0+1, lanes 2 and 3 get 2*(0+1)
	check.Ints(t, out, check.Fill(4, 5))
}

func TestLabeledContinueSkipsBarrier(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { LabeledContinueSkipsBarrier(l, 3, 5, out) }))
}

func TestWhileAnyLoop(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { WhileAnyLoop(l, out) }))
	check.Ints(t, out, []int{12, 13, 15, 18})
}

func TestWhileLaneLoop(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { WhileLaneLoop(l, out) }))
}
