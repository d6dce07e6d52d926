package loops

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
	err := spmd.Run(lanes, k)
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

func each2(t *testing.T, out, want []int) {
	t.Helper()
	for i := range want {
		if out[i] != want[i] {
			t.Fatalf("out = %v, want %v", out, want)
		}
	}
}

func TestLocalUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { LocalUniform(l, 3, out) })
	all(t, out, 18) // sum_i i*(0+1+2+3) for i < 3
}

func TestLocalLaneLength(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { LocalLaneLength(l, out) })
}

func TestCrossStrided(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { CrossStrided(l, []int{1, 2, 3, 4, 5}, out) })
}

func TestCrossStepsPadded(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { CrossStepsPadded(l, []int{1, 2, 3, 4, 5}, out) })
	all(t, out, 15)
}

func TestUniformBreak(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { UniformBreak(l, 5, 3, out) })
	all(t, out, 12)
}

func TestDivergentBreakBefore(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { DivergentBreakBefore(l, 4, out) })
}

func TestDivergentBreakAfter(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { DivergentBreakAfter(l, 4, out) })
}

func TestDivergentContinue(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { DivergentContinue(l, 3, out) })
}

func TestDivergentReturn(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { DivergentReturn(l, []int{0, 1}, out) })
}

func TestUniformReturn(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { UniformReturn(l, []int{1, 5, 2}, 3, out) })
	all(t, out, 1)
	ok(t, 4, func(l spmd.Lane) { UniformReturn(l, []int{1, 2}, 3, out) })
	all(t, out, -1)
}

func TestReturnAfterBarrierInBody(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { ReturnAfterBarrierInBody(l, 4, out) })
}

func TestLabelledContinueOuter(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { LabelledContinueOuter(l, [][]int{{0}, {5}}, out) })
}

func TestLabelledContinueOuterUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { LabelledContinueOuterUniform(l, [][]int{{1, -1}, {2}}, out) })
	all(t, out, 16) // k = 4 in every lane, then summed
}

func TestLabelledBreakOuter(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { LabelledBreakOuter(l, 2, 2, out) })
}

func TestNestedUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { NestedUniform(l, 4, out) })
	all(t, out, 16)
}

func TestNestedInnerLaneLength(t *testing.T) {
	out := make([]int, 2)
	diverges(t, 2, func(l spmd.Lane) { NestedInnerLaneLength(l, 2, out) })
}

func TestGotoOut(t *testing.T) {
	out := make([]int, 2)
	diverges(t, 2, func(l spmd.Lane) { GotoOut(l, []int{0}, out) })
}

func TestGotoOutUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { GotoOutUniform(l, []int{3, 4}, 4, out) })
	all(t, out, 4)
	ok(t, 4, func(l spmd.Lane) { GotoOutUniform(l, []int{3, 4}, 9, out) })
	all(t, out, -4)
}

func TestDeferInBodyDivergent(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { DeferInBodyDivergent(l, 2, out) })
}

func TestDeferInBodyUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { DeferInBodyUniform(l, 3, out) })
	all(t, out, 3)
}

func TestDeferInBodyLaneLength(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { DeferInBodyLaneLength(l, 5, out) })
}

func TestValueAfterLoopDivergent(t *testing.T) {
	out := make([]int, 2)
	diverges(t, 2, func(l spmd.Lane) { ValueAfterLoopDivergent(l, []int{1}, out) })
}

func TestValueAfterLoopUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { ValueAfterLoopUniform(l, 3, out) })
	all(t, out, 2)
}

func TestFoundHelperDivergent(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { FoundHelperDivergent(l, []int{2, 3}, out) })
}

func TestFoundHelperUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { FoundHelperUniform(l, []int{7, 4}, out) })
	all(t, out, 1)
}

func TestYieldOnce(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { YieldOnce(l, out) })
	all(t, out, 16)
}

func TestYieldWhenLane(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { YieldWhenLane(l, out) })
}

func TestYieldWhenUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { YieldWhenUniform(l, out) })
	all(t, out, 20)
}

func TestFilterLanePred(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { FilterLanePred(l, 4, out) })
}

func TestLaneBitsIter(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { LaneBitsIter(l, out) })
}

func TestRoundsIter(t *testing.T) {
	out := make([]int, 8)
	ok(t, 8, func(l spmd.Lane) { RoundsIter(l, []int{1, 2, 3, 4, 5, 6, 7, 8}, out) })
	all(t, out, 36)
}

func TestListAllUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { ListAllUniform(l, 3, out) })
	all(t, out, 32)
}

func TestListLaneLength(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { ListLaneLength(l, out) })
}

func TestListValuesDivergentContent(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { ListValuesDivergentContent(l, 2, out) })
	all(t, out, 12)
}

func TestRingRotatedUniformLen(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { RingRotatedUniformLen(l, []int{1, 2, 3}, out) })
	all(t, out, 24) // 4 lanes * (1+2+3)
}

func TestRingBreakOnValue(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { RingBreakOnValue(l, []int{0, 1, 2, 3}, out) })
}

// The uniform inputs below exercise the other path of the correct kernels.
func TestUniformBreakNoStop(t *testing.T) {
	out := make([]int, 3)
	ok(t, 3, func(l spmd.Lane) { UniformBreak(l, 2, 7, out) })
	each2(t, out, []int{6, 6, 6})
}
