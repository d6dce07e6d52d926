package hof

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func ok(t *testing.T, lanes int, k func(spmd.Lane)) {
	t.Helper()
	if err := spmd.Run(lanes, k); err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func diverges(t *testing.T, lanes int, k func(spmd.Lane)) {
	t.Helper()
	isDivergence(t, spmd.Run(lanes, k))
}

func isDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("as expected: %v", err)
}

func all(t *testing.T, out []int, want int) {
	t.Helper()
	for i, v := range out {
		if v != want {
			t.Fatalf("out[%d] = %d, want %d (out = %v)", i, v, want, out)
		}
	}
}

func TestForEachUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { ForEachUniform(l, []int{1, 2, 3}, out) })
	all(t, out, 32) // 4 * (0 + 2 + 6)
}

func TestForEachDivergentInside(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { ForEachDivergentInside(l, []int{0, 1}, out) })
}

func TestForEachUniformBranchInside(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { ForEachUniformBranchInside(l, []int{1, 0, 2}, out) })
	all(t, out, 2)
}

func TestForEachLaneSlice(t *testing.T) {
	diverges(t, 4, func(l spmd.Lane) { ForEachLaneSlice(l, []int{1, 2, 3, 4}) })
}

func TestMapReduceUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { MapReduceUniform(l, []int{1, 2}, out) })
	all(t, out, 18)
}

func TestMapCallbackDivergent(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { MapCallbackDivergent(l, []int{0, 1, 2, 3}, out) })
}

func TestRepeatUnderDivergence(t *testing.T) {
	out := make([]int, 2)
	diverges(t, 2, func(l spmd.Lane) { RepeatUnderDivergence(l, out) })
}

func TestRepeatMethodValueUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { RepeatMethodValueUniform(l, out) })
	all(t, out, 4)
}

func TestRepeatMethodValueLane(t *testing.T) {
	diverges(t, 3, func(l spmd.Lane) { RepeatMethodValueLane(l) })
}

func TestClosureCalledUnderDivergence(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { ClosureCalledUnderDivergence(l, out) })
}

func TestMethodValueDivergent(t *testing.T) {
	out := make([]int, 2)
	diverges(t, 2, func(l spmd.Lane) { MethodValueDivergent(l, out) })
}

func TestMethodExprDivergent(t *testing.T) {
	diverges(t, 2, func(l spmd.Lane) { MethodExprDivergent(l, []int{0, 1}) })
}

func TestTeamMethodValueDivergent(t *testing.T) {
	out := make([]int, 2)
	diverges(t, 2, func(l spmd.Lane) { TeamMethodValueDivergent(l, out) })
}

func TestTeamMethodUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { TeamMethodUniform(l, out) })
	all(t, out, 6)
}

func TestFactoryDivergent(t *testing.T) {
	out := make([]int, 2)
	diverges(t, 2, func(l spmd.Lane) { FactoryDivergent(l, out) })
}

func TestFactoryUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { FactoryUniform(l, out) })
	all(t, out, 6)
}

func TestStructCallbackDivergent(t *testing.T) {
	out := make([]int, 2)
	diverges(t, 2, func(l spmd.Lane) { StructCallbackDivergent(l, out) })
}

func TestStructCallbacksUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { StructCallbacksUniform(l, out) })
	all(t, out, 6)
}

func TestSliceCallbacksDivergentSkip(t *testing.T) {
	out := make([]int, 2)
	diverges(t, 2, func(l spmd.Lane) { SliceCallbacksDivergentSkip(l, out) })
}

func TestCapturedLaneVarPredicate(t *testing.T) {
	out := make([]int, 2)
	diverges(t, 2, func(l spmd.Lane) { CapturedLaneVarPredicate(l, out) })
}

func TestCapturedUniformPredicate(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { CapturedUniformPredicate(l, out) })
	all(t, out, 4)
}

func TestCapturedMutatedVar(t *testing.T) {
	out := make([]int, 2)
	diverges(t, 2, func(l spmd.Lane) { CapturedMutatedVar(l, out) })
}

func TestCapturedMutatedUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { CapturedMutatedUniform(l, out) })
	all(t, out, 8)
}

func TestDeferredClosureDivergent(t *testing.T) {
	out := make([]int, 2)
	diverges(t, 2, func(l spmd.Lane) { DeferredClosureDivergent(l, out) })
}

func TestClosureIterUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { ClosureIterUniform(l, out) })
	all(t, out, 24)
}

func TestClosureIterLane(t *testing.T) {
	out := make([]int, 3)
	diverges(t, 3, func(l spmd.Lane) { ClosureIterLane(l, out) })
}

func TestFirstMatchLane(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { FirstMatchLane(l, 4, out) })
}

func TestFirstMatchUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { FirstMatchUniform(l, 4, out) })
	all(t, out, 2)
}

func TestSumSquares(t *testing.T) {
	got, err := SumSquares(3, []int{1, 2, 3, 4})
	if err != nil || got != 30 {
		t.Fatalf("SumSquares = %d, %v; want 30, nil", got, err)
	}
}

func TestCountAbsent(t *testing.T) {
	_, err := CountAbsent(3, []int{0})
	isDivergence(t, err)
}
