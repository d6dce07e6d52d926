package kinds

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

func TestWorkerOddSync(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { WorkerOddSync(l, out) }))
}

func TestWorkerWideSync(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { WorkerWideSync(l, out) }))
	if out[3] != 7 {
		t.Fatal(out)
	}
}

func TestWorkerMeSum(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { WorkerMeSum(l, out) }))
}

func TestTileSum(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { TileSum(l, &out) }))
	if out != 12 {
		t.Fatal(out)
	}
}

func TestTileSumEarly(t *testing.T) {
	var out int
	diverges(t, spmd.Run(4, func(l spmd.Lane) { TileSumEarly(l, 2, &out) }))
}

func TestSharedShapeArea(t *testing.T) {
	var out float64
	ok(t, spmd.Run(4, func(l spmd.Lane) { SharedShapeArea(l, Rect{W: 3, H: 4}, &out) }))
	if out != 12 {
		t.Fatal(out)
	}
}

func TestLaneShapeArea(t *testing.T) {
	out := make([]float64, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { LaneShapeArea(l, out) }))
}

func TestLaneShapeSwitch(t *testing.T) {
	out := make([]float64, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { LaneShapeSwitch(l, []Shape{Square{1}, Rect{2, 3}}, out) }))
}

func TestSharedShapeSwitch(t *testing.T) {
	out := make([]float64, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { SharedShapeSwitch(l, Rect{2, 3}, out) }))
	if out[0] != 12 {
		t.Fatal(out)
	}
	ok(t, spmd.Run(4, func(l spmd.Lane) { SharedShapeSwitch(l, Square{2}, out) }))
	if out[0] != 8 {
		t.Fatal(out)
	}
}

func TestAnyValueSwitch(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { AnyValueSwitch(l, out) }))
}

func TestAssertComma(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { AssertComma(l, 5, out) }))
	if out[2] != 20 {
		t.Fatal(out)
	}
	ok(t, spmd.Run(4, func(l spmd.Lane) { AssertComma(l, "x", out) }))
}

func TestAssertCommaLane(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { AssertCommaLane(l, []any{1, "x"}, out) }))
}

func TestMethodValueSync(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { MethodValueSync(l, out) }))
}

func TestMethodValueLoop(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { MethodValueLoop(l, out) }))
}

func TestMethodExprSync(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { MethodExprSync(l, out) }))
}

func TestMethodExprSum(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { MethodExprSum(l, &out) }))
	if out != 6 {
		t.Fatal(out)
	}
}

func TestMethodValueSumLane(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { MethodValueSumLane(l, []int{2, 3, 4, 5}, out) }))
}

func TestPipeline(t *testing.T) {
	out := make([]int, 4)
	stages := []Stage{
		{Name: "max", Apply: spmd.ReduceMax[int]},
		{Name: "add", Apply: spmd.ReduceAdd[int]},
	}
	ok(t, spmd.Run(4, func(l spmd.Lane) { Pipeline(l, stages, out) }))
	if !slices.Equal(out, []int{12, 12, 12, 12}) {
		t.Fatal(out)
	}
}

func TestLocalOp(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { LocalOp(l, true, out) }))
	if out[0] != 3 {
		t.Fatal(out)
	}
	ok(t, spmd.Run(4, func(l spmd.Lane) { LocalOp(l, false, out) }))
	if out[0] != 6 {
		t.Fatal(out)
	}
}
