package modern

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func diverges(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
}

func ok(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func TestCapturedSteps(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { CapturedSteps(l, &out) }))
	if out != 24 {
		t.Fatal(out)
	}
}

func TestRangeCount(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { RangeCount(l, &out) }))
	if out != 24 {
		t.Fatal(out)
	}
}

func TestRangeLane(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { RangeLane(l, out) }))
}

func TestMinLaneSteps(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { MinLaneSteps(l, out) }))
}

func TestMaxCountSteps(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { MaxCountSteps(l, out) }))
	if out[3] != 2 {
		t.Fatal(out)
	}
}

func TestClearShared(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { ClearShared(l, []string{"a", "b", "c", "a"}, out) }))
	if out[1] != 3 {
		t.Fatal(out)
	}
}

func TestLabeledScan(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { LabeledScan(l, [][]int{{9, 9}, {0, 1}, {2, 3}}, out) }))
}

func TestLabeledScanShared(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { LabeledScanShared(l, [][]int{{9, 9}, {0, 1}}, 1, out) }))
	if out[2] != 3 {
		t.Fatal(out)
	}
}

func TestValuesReduce(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { ValuesReduce(l, []int{1, 2, 3}, &out) }))
	if out != 24 {
		t.Fatal(out)
	}
}

func TestValuesSkip(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { ValuesSkip(l, []int{0, 1, 2, 3}, out) }))
}

func TestUptoBreak(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { UptoBreak(l, 4, out) }))
}

func TestUptoBreakShared(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { UptoBreakShared(l, 9, 3, out) }))
	if !slices.Equal(out, []int{3, 3, 3, 3}) {
		t.Fatal(out)
	}
}

func TestPairsWeighted(t *testing.T) {
	var out int
	ok(t, spmd.Run(2, func(l spmd.Lane) { PairsWeighted(l, []int{5, 6, 7}, &out) }))
	if out != 2*(6+14) {
		t.Fatal(out)
	}
}

func TestPairsLaneValue(t *testing.T) {
	out := make([]int, 2)
	diverges(t, spmd.Run(2, func(l spmd.Lane) { PairsLaneValue(l, []int{1}, out) }))
}

func TestPullShared(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { PullShared(l, 4, out) }))
	if out[1] != 6 {
		t.Fatal(out)
	}
}

func TestPullLaneStop(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { PullLaneStop(l, 4, out) }))
}

func TestVecTotal(t *testing.T) {
	var out float64
	ok(t, spmd.Run(4, func(l spmd.Lane) { VecTotal(l, []float64{0.5, 1}, &out) }))
	if out != 6 {
		t.Fatal(out)
	}
}

func TestVecTotalLane(t *testing.T) {
	var out float64
	diverges(t, spmd.Run(4, func(l spmd.Lane) { VecTotalLane(l, []float64{0.5, 1}, &out) }))
}

func TestAccTotal(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { AccTotal(l, &out) }))
	if out != 10 {
		t.Fatal(out)
	}
}

func TestAccTotalEven(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { AccTotalEven(l, out) }))
}

func TestBestShared(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { BestShared(l, []Item{{3}, {9}}, &out) }))
	if out != 9 {
		t.Fatal(out)
	}
}

func TestBestWhenHeavy(t *testing.T) {
	out := make([]int, 2)
	diverges(t, spmd.Run(2, func(l spmd.Lane) { BestWhenHeavy(l, []Item{{9}, {1}}, out) }))
}

func TestFirstLane(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { FirstLane(l, out) }))
	if !slices.Equal(out, []int{7, 7, 7, 7}) {
		t.Fatal(out)
	}
}

func TestTagLane(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { TagLane(l, out) }))
}
