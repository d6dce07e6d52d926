package ambig

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

var letters = map[string]int{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8}

func TestDivergentCallee(t *testing.T) {
	out := make([]int, 2)
	diverges(t, 2, func(l spmd.Lane) { DivergentCallee(l, out) })
}

func TestMapValueSum(t *testing.T) {
	out := make([]int, 8)
	for range 20 {
		ok(t, 8, func(l spmd.Lane) { MapValueSum(l, letters, out) })
		all(t, out, 36)
	}
}

func TestMapValueSumPlain(t *testing.T) {
	out := make([]int, 8)
	for range 20 {
		ok(t, 8, func(l spmd.Lane) { MapValueSumPlain(l, letters, out) })
		all(t, out, 36)
	}
}

func TestSortedMapKeys(t *testing.T) {
	out := make([]int, 8)
	for range 20 {
		ok(t, 8, func(l spmd.Lane) { SortedMapKeys(l, letters, out) })
		all(t, out, 1)
	}
}

func TestRunFactory(t *testing.T) {
	out := make([]int, 4)
	if err := RunFactory(4, 3, out); err != nil {
		t.Fatal(err)
	}
	all(t, out, 12) // 4 * (0+1+2)
}

func TestSyncedDivergentBreak(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { SyncedDivergentBreak(l, 4, out) })
}

func TestSyncedDivergentContinue(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { SyncedDivergentContinue(l, 4, out) })
	all(t, out, 3)
}

func TestSyncEachLaneSeq(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { SyncEachLaneSeq(l, out) })
}

func TestSyncEachUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { SyncEachUniform(l, out) })
	all(t, out, 4)
}
