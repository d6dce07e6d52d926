package backing

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

const lanes = 4

func diverges(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("diverged as expected: %v", err)
}

func ok(t *testing.T, err error, got, want []int) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func perLane(f func(i int) int) []int {
	w := make([]int, lanes)
	for i := range w {
		w[i] = f(i)
	}
	return w
}

const sumLanes = lanes * (lanes - 1) / 2

func TestArrayAssignCopies(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { ArrayAssignCopies(l, 3, out) })
	ok(t, err, out, perLane(func(int) int { return 3*sumLanes + 3 }))
}

func TestSubsliceSharesArray(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { SubsliceSharesArray(l, out) }))
}

func TestSliceOfArrayCopy(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { SliceOfArrayCopy(l, 2, out) })
	ok(t, err, out, perLane(func(i int) int { return 4 * i }))
}

func TestArrayToSliceWrites(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { ArrayToSliceWrites(l, out) }))
}

func TestArrayByValueArg(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { ArrayByValueArg(l, 2, out) })
	ok(t, err, out, perLane(func(int) int { return 2 * (sumLanes + 3*lanes) }))
}

func TestSliceArgWrites(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { SliceArgWrites(l, out) }))
}

func TestAppendSharesBacking(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { AppendSharesBacking(l, out) }))
}

func TestRunSharedUniformIndex(t *testing.T) {
	out := make([]int, lanes)
	data := []int{2, 9, 3, 4}
	err := RunSharedUniformIndex(lanes, data, out)
	ok(t, err, out, perLane(func(int) int { return 3 * 18 }))
}

func TestRunSharedLaneIndex(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, RunSharedLaneIndex(lanes, []int{1, -1, 2, -2}, out))
}

func TestPublishThenReadEnds(t *testing.T) {
	out := make([]int, lanes)
	slots := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { PublishThenReadEnds(l, slots, out) })
	ok(t, err, out, perLane(func(int) int { return 3 * (lanes - 1) * lanes }))
}

func TestRowsFirstRow(t *testing.T) {
	out := make([]int, lanes)
	rows := [][]int{{1, 2, 3}, {4}, {5, 6}}
	err := spmd.Run(lanes, func(l spmd.Lane) { RowsFirstRow(l, rows, out) })
	ok(t, err, out, perLane(func(int) int { return 6 * sumLanes }))
}

func TestRowsLaneRow(t *testing.T) {
	out := make([]int, lanes)
	rows := [][]int{{1}, {1, 2}, {1, 2, 3}}
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { RowsLaneRow(l, rows, out) }))
}

func TestItemsDivergentField(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { ItemsDivergentField(l, out) }))
}

func TestItemsReduced(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { ItemsReduced(l, out) })
	ok(t, err, out, perLane(func(int) int { return 6 * sumLanes }))
}

func TestRangeSliceSeesWrites(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { RangeSliceSeesWrites(l, out) }))
}

func TestEarlyBreakOnPerLaneSlice(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { EarlyBreakOnPerLaneSlice(l, out) }))
}

func TestSliceLenUniform(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { SliceLenUniform(l, 3, out) })
	ok(t, err, out, perLane(func(int) int { return lanes * (lanes + 1) / 2 }))
}
