package stdit

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

// divergesSometimes is for kernels whose bug depends on the per-lane map
// order: it runs the kernel until one run diverges.
func divergesSometimes(t *testing.T, lanes int, k func(spmd.Lane)) {
	t.Helper()
	for try := 0; try < 200; try++ {
		err := spmd.Run(lanes, k)
		if err == nil {
			continue
		}
		var de *spmd.DivergenceError
		if !errors.As(err, &de) {
			t.Fatalf("want *spmd.DivergenceError, got %v", err)
		}
		t.Logf("as expected (try %d): %v", try, err)
		return
	}
	t.Fatalf("no run diverged")
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

func TestAllUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { AllUniform(l, []int{1, 2, 3}, out) })
	all(t, out, 32)
}

func TestAllLaneSlice(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { AllLaneSlice(l, []int{1, 2, 3, 4}, out) })
}

func TestValuesDivergentBreak(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { ValuesDivergentBreak(l, []int{0, 1, 2, 3}, out) })
}

func TestValuesUniformBreak(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { ValuesUniformBreak(l, []int{1, 2, -1, 5}, out) })
	all(t, out, 3)
}

func TestBackwardBroadcast(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { BackwardBroadcast(l, []int{1, 2, 3}, out) })
	all(t, out, 8)
}

func TestBackwardLaneReturn(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { BackwardLaneReturn(l, []int{1, 2}, out) })
}

func TestMapKeysUniformCount(t *testing.T) {
	out := make([]int, 8)
	for range 20 {
		ok(t, 8, func(l spmd.Lane) { MapKeysUniformCount(l, letters, out) })
		all(t, out, 64)
	}
}

func TestMapKeysBreak(t *testing.T) {
	out := make([]int, 8)
	divergesSometimes(t, 8, func(l spmd.Lane) { MapKeysBreak(l, letters, "c", out) })
}

func TestMapFirstKey(t *testing.T) {
	out := make([]int, 8)
	divergesSometimes(t, 8, func(l spmd.Lane) { MapFirstKey(l, letters, out) })
}

func TestMapKeyBarrierThenSum(t *testing.T) {
	out := make([]int, 8)
	divergesSometimes(t, 8, func(l spmd.Lane) { MapKeyBarrierThenSum(l, letters, "e", out) })
}

func TestMapLaneSize(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { MapLaneSize(l, out) })
}

func TestPullUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { PullUniform(l, []int{1, 2, 3}, out) })
	all(t, out, 24)
}

func TestPullLaneLength(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { PullLaneLength(l, []int{1, 2, 3, 4}, out) })
}

func TestSplitSeqUniform(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { SplitSeqUniform(l, "a,,bb,ccc", out) })
	all(t, out, 24)
}

func TestSplitSeqLaneContinue(t *testing.T) {
	out := make([]int, 4)
	diverges(t, 4, func(l spmd.Lane) { SplitSeqLaneContinue(l, "a,bb,ccc", out) })
}
