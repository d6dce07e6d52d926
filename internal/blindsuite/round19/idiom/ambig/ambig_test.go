package ambig

import (
	"errors"
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

var bigMap = map[string]int{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9}

func TestSortedKeys(t *testing.T) {
	out := make([]string, 8)
	for range 20 {
		ok(t, spmd.Run(8, func(l spmd.Lane) { SortedKeys(l, bigMap, out) }))
		if out[5] != "a" {
			t.Fatal(out)
		}
	}
}

func TestCollectKeys(t *testing.T) {
	out := make([]string, 8)
	for range 50 {
		if err := spmd.Run(8, func(l spmd.Lane) { CollectKeys(l, bigMap, "c", out) }); err != nil {
			diverges(t, err)
			return
		}
	}
	t.Fatal("map order never diverged")
}

func TestKeysSeqStop(t *testing.T) {
	out := make([]int, 8)
	for range 50 {
		if err := spmd.Run(8, func(l spmd.Lane) { KeysSeqStop(l, bigMap, "e", out) }); err != nil {
			diverges(t, err)
			return
		}
	}
	t.Fatal("map order never diverged")
}

func TestBuilderLen(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { BuilderLen(l, out) }))
}

func TestCloneStore(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { CloneStore(l, []int{0, 1}, out) }))
}

func TestErrorfNonNil(t *testing.T) {
	out := make([]string, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { ErrorfNonNil(l, out) }))
	if out[3] != "lane 3" {
		t.Fatal(out)
	}
}

func TestClearLiteral(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { ClearLiteral(l, out) }))
}

func TestIfaceUniformResult(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { IfaceUniformResult(l, SumReducer{}, out) }))
	if out[0] != 6 {
		t.Fatal(out)
	}
	ok(t, spmd.Run(4, func(l spmd.Lane) { IfaceUniformResult(l, MaxReducer{}, out) }))
	if out[0] != 3 {
		t.Fatal(out)
	}
}

func TestIfaceLaneType(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { IfaceLaneType(l, out) }))
}

func TestIfaceSharedType(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { IfaceSharedType(l, Slow{}, out) }))
}

func TestOpByLane(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { OpByLane(l, out) }))
}

func TestStagesSkipInLane0(t *testing.T) {
	out := make([]int, 4)
	stages := []Stage{
		{Name: "max", Apply: spmd.ReduceMax[int]},
		{Name: "add", Apply: spmd.ReduceAdd[int]},
	}
	diverges(t, spmd.Run(4, func(l spmd.Lane) { StagesSkipInLane0(l, stages, out) }))
}

func TestMaybeSyncShared(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { MaybeSyncShared(l, true, out) }))
	ok(t, spmd.Run(4, func(l spmd.Lane) { MaybeSyncShared(l, false, out) }))
}

func TestMaybeSyncLane(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { MaybeSyncLane(l, out) }))
}

func TestDeferEarlyReturn(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { DeferEarlyReturn(l, out) }))
}

func TestPanicRecovered(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { PanicRecovered(l, []int{1, -1, 2, 3}, out) }))
}

func TestRangeFuncLaneLength(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { RangeFuncLaneLength(l, out) }))
}

func TestCapturedLane(t *testing.T) {
	out := make([]bool, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { CapturedLane(l, out) }))
}

func TestPullLaneLength(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { PullLaneLength(l, out) }))
}
