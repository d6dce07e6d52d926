package stdlib

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

func TestSortedMax(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { SortedMax(l, []int{3, 17, 5}, &out) }))
	if out != 17 {
		t.Fatal(out)
	}
}

func TestAppendLaneMax(t *testing.T) {
	var out int
	diverges(t, spmd.Run(4, func(l spmd.Lane) { AppendLaneMax(l, []int{1, 2}, &out) }))
}

func TestContainsLane(t *testing.T) {
	var out int
	diverges(t, spmd.Run(4, func(l spmd.Lane) { ContainsLane(l, []int{1, 3}, &out) }))
}

func TestContainsCount(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { ContainsCount(l, []int{1, 4}, &out) }))
	if out != 4 {
		t.Fatal(out)
	}
}

func TestReversedHead(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { ReversedHead(l, []int{1, 2, 5}, &out) }))
	if out != 20 {
		t.Fatal(out)
	}
}

func TestIndexOfDouble(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { IndexOfDouble(l, []int{0, 1, 2}, out) }))
}

func TestSortLaneLiteral(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { SortLaneLiteral(l, out) }))
}

func TestSortCountLiteral(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { SortCountLiteral(l, out) }))
	if !slices.Equal(out, []int{1, 1, 1, 1}) {
		t.Fatal(out)
	}
}

func TestSearchLane(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { SearchLane(l, []int{0, 1, 2}, out) }))
}

func TestSearchCount(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { SearchCount(l, []int{0, 1, 2}, out) }))
	if !slices.Equal(out, []int{3, 3, 3, 3}) {
		t.Fatal(out)
	}
}

func TestMapRangeSum(t *testing.T) {
	var out int
	m := map[string]int{"a": 1, "b": 2, "c": 3}
	ok(t, spmd.Run(4, func(l spmd.Lane) { MapRangeSum(l, m, &out) }))
	if out != 24 {
		t.Fatal(out)
	}
}

func TestMapRangeCount(t *testing.T) {
	var out int
	m := map[string]int{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9}
	for range 20 {
		ok(t, spmd.Run(8, func(l spmd.Lane) { MapRangeCount(l, m, &out) }))
		if out != 9 {
			t.Fatal(out)
		}
	}
}

func TestMapRangeStop(t *testing.T) {
	m := map[string]int{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9}
	out := make([]int, 8)
	for range 50 {
		if err := spmd.Run(8, func(l spmd.Lane) { MapRangeStop(l, m, "e", out) }); err != nil {
			diverges(t, err)
			return
		}
	}
	t.Fatal("map order never diverged")
}

func TestMapLookupLane(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { MapLookupLane(l, map[int]int{0: 5, 1: 6}, out) }))
}

func TestMapLookupKey(t *testing.T) {
	out := make([]int, 4)
	m := map[int]int{0: 5, 1: 6}
	ok(t, spmd.Run(4, func(l spmd.Lane) { MapLookupKey(l, m, 1, out) }))
	if out[2] != 30 {
		t.Fatal(out)
	}
	clear(out)
	ok(t, spmd.Run(4, func(l spmd.Lane) { MapLookupKey(l, m, 7, out) }))
	if out[2] != 0 {
		t.Fatal(out)
	}
}

func TestAtoiShared(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { AtoiShared(l, "12", &out) }))
	if out != 48 {
		t.Fatal(out)
	}
	ok(t, spmd.Run(4, func(l spmd.Lane) { AtoiShared(l, "x", &out) }))
}

func TestAtoiField(t *testing.T) {
	var out int
	diverges(t, spmd.Run(4, func(l spmd.Lane) { AtoiField(l, "1 x 3 4", &out) }))
}

func TestAtoiFieldAny(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { AtoiFieldAny(l, "1 x 3 4", &out) }))
	if out != -1 {
		t.Fatal(out)
	}
	ok(t, spmd.Run(4, func(l spmd.Lane) { AtoiFieldAny(l, "1 2 3 4", &out) }))
	if out != 10 {
		t.Fatal(out)
	}
}

func TestLaneNamePrefix(t *testing.T) {
	out := make([]string, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { LaneNamePrefix(l, out) }))
}

func TestGroupNamePrefix(t *testing.T) {
	out := make([]string, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { GroupNamePrefix(l, "g", out) }))
	if out[3] != "g4" {
		t.Fatal(out)
	}
}

func TestRepeatLane(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { RepeatLane(l, out) }))
}

func TestRepeatCount(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { RepeatCount(l, out) }))
	if out[0] != 4 {
		t.Fatal(out)
	}
}

func TestUpperContains(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { UpperContains(l, "let's go", &out) }))
	if out != 6 {
		t.Fatal(out)
	}
}

func TestHalfSuffix(t *testing.T) {
	out := make([]string, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { HalfSuffix(l, out) }))
}

func TestBytesSuffix(t *testing.T) {
	var out int
	diverges(t, spmd.Run(4, func(l spmd.Lane) { BytesSuffix(l, "ab", &out) }))
}

func TestBytesFields(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { BytesFields(l, []byte("a b  c"), &out) }))
	if out != 3 {
		t.Fatal(out)
	}
}

func TestSqrtCount(t *testing.T) {
	var out float64
	ok(t, spmd.Run(4, func(l spmd.Lane) { SqrtCount(l, &out) }))
	if out != 2 {
		t.Fatal(out)
	}
}

func TestFloorHalf(t *testing.T) {
	out := make([]float64, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { FloorHalf(l, out) }))
}

func TestHypotReduce(t *testing.T) {
	var out float64
	ok(t, spmd.Run(4, func(l spmd.Lane) { HypotReduce(l, &out) }))
	if out < 3.16 || out > 3.17 {
		t.Fatal(out)
	}
}
