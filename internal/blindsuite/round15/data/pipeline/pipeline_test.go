package pipeline

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

func allEqual(t *testing.T, err error, out []int, want int) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	for i, v := range out {
		if v != want {
			t.Fatalf("out[%d] = %d, want %d (out %v)", i, v, want, out)
		}
	}
}

func TestCyclicShare(t *testing.T) {
	out := make([]int, 4)
	// 8 elements over 4 lanes: every lane owns 2, no divergence.
	err := spmd.Run(4, func(l spmd.Lane) { CyclicShare(l, []int{1, 2, 3, 4, 5, 6, 7, 8}, out) })
	allEqual(t, err, out, 36)
	// 6 elements over 4 lanes: lanes 0,1 own 2, lanes 2,3 own 1.
	diverges(t, spmd.Run(4, func(l spmd.Lane) { CyclicShare(l, []int{1, 2, 3, 4, 5, 6}, out) }))
}

func TestLaneDigits(t *testing.T) {
	out := make([]int, 4) // 0, 37, 74, 111: 1, 2, 2, 3 digits
	diverges(t, spmd.Run(4, func(l spmd.Lane) { LaneDigits(l, out) }))
}

func TestCountDigits(t *testing.T) {
	out := make([]int, 4) // digits of 4000: 4,0,0,0
	err := spmd.Run(4, func(l spmd.Lane) { CountDigits(l, out) })
	allEqual(t, err, out, 4*6)
}

func TestSharedSet(t *testing.T) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { SharedSet(l, []int{3, 1, 3, 2, 1}, out) })
	allEqual(t, err, out, 3)
}

func TestLaneSet(t *testing.T) {
	out := make([]int, 3)
	diverges(t, spmd.Run(3, func(l spmd.Lane) { LaneSet(l, []int{3, 1, 3, 2, 1}, out) }))
}

func TestSharedChunks(t *testing.T) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { SharedChunks(l, []int{1, 2, 3, 4, 5, 6, 7}, out) })
	allEqual(t, err, out, 28*6)
}

func TestLaneChunks(t *testing.T) {
	out := make([]int, 2)
	diverges(t, spmd.Run(2, func(l spmd.Lane) { LaneChunks(l, []int{1, 2, 3, 4}, out) }))
}

func TestRangeSync(t *testing.T) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { RangeSync(l, []int{1, 2, 3}, out) })
	allEqual(t, err, out, 6)
}

func TestLaneRange(t *testing.T) {
	out := make([]int, 3)
	diverges(t, spmd.Run(3, func(l spmd.Lane) { LaneRange(l, out) }))
}
