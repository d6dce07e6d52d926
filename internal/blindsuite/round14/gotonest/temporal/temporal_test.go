package temporal

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("divergence as expected: %v", err)
}

func wantNil(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func TestLastSeenBreakOuter(t *testing.T) {
	out := make([]int, 8)
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { LastSeenBreakOuter(l, out) }))
}

func TestLastSeenReduced(t *testing.T) {
	out := make([]int, 8)
	wantNil(t, spmd.Run(8, func(l spmd.Lane) { LastSeenReduced(l, out) }))
	if !slices.Equal(out, []int{0, 0, 0, 0, 1, 1, 1, 1}) {
		t.Fatalf("out = %v", out)
	}
}

func TestOuterCounterInnerDivergentBreak(t *testing.T) {
	out := make([]int, 6)
	wantNil(t, spmd.Run(6, func(l spmd.Lane) { OuterCounterInnerDivergentBreak(l, out) }))
	if !slices.Equal(out, []int{6, 6, 6, 6, 6, 6}) {
		t.Fatalf("out = %v", out)
	}
}

func TestAccumulatorUniformBreakOuter(t *testing.T) {
	out := make([]int, 4)
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { AccumulatorUniformBreakOuter(l, out) }))
	if !slices.Equal(out, []int{1500, 1515, 1530, 1545}) {
		t.Fatalf("out = %v", out)
	}
}

func TestThresholdNotChangedInNest(t *testing.T) {
	out := make([]int, 4)
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { ThresholdNotChangedInNest(l, out) }))
	if !slices.Equal(out, []int{0, 2, 4, 6}) {
		t.Fatalf("out = %v", out)
	}
}

func TestAllAfterNest(t *testing.T) {
	out := []int{-5, -5, -5, -5}
	data := []int{7, 2, 7, 0, 7, 3, 1, 7}
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { AllAfterNest(l, data, out) }))
	if !slices.Equal(out, []int{3, 6, 1, 5}) {
		t.Fatalf("out = %v", out)
	}
	out = []int{-5, -5, -5, -5}
	data = []int{7, 2, 7, 0, 7, 7, 1, 7} // lane 3 finds nothing
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { AllAfterNest(l, data, out) }))
	if !slices.Equal(out, []int{-5, -5, -5, -5}) {
		t.Fatalf("out = %v", out)
	}
}

func TestInnerIndexInOuterBody(t *testing.T) {
	out := make([]int, 4)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { InnerIndexInOuterBody(l, out) }))
}

func TestGotoLoopCountAsBound(t *testing.T) {
	out := make([]int, 4)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { GotoLoopCountAsBound(l, out) }))
}

func TestGotoLoopDivergentWorkUniformExit(t *testing.T) {
	out := make([]int, 4)
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { GotoLoopDivergentWorkUniformExit(l, out) }))
	if !slices.Equal(out, []int{0, 5, 0, 5}) {
		t.Fatalf("out = %v", out)
	}
}

func TestContinueOuterThenInnerCounterCollective(t *testing.T) {
	out := make([]int, 4)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { ContinueOuterThenInnerCounterCollective(l, out) }))
}
