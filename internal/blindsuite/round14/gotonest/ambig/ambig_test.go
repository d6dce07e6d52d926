package ambig

import (
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func TestSharedPartOfTwoEntryCycle(t *testing.T) {
	// Lanes 0-5 enter at mid, lanes 6-7 at top: both enter the cycle, and
	// both call the barrier three times. The runtime sees no divergence.
	out := make([]int, 8)
	if err := spmd.Run(8, func(l spmd.Lane) { SharedPartOfTwoEntryCycle(l, out) }); err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if !slices.Equal(out, []int{20, 20, 20, 20, 20, 20, 30, 30}) {
		t.Fatalf("out = %v", out)
	}
}

func TestSeenSetBeforeAnyExit(t *testing.T) {
	out := make([]int, 20)
	if err := spmd.Run(20, func(l spmd.Lane) { SeenSetBeforeAnyExit(l, out) }); err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	for _, v := range out {
		if v != 1 {
			t.Fatalf("out = %v", out)
		}
	}
}

func TestReturnInLastIterationAfterBarrier(t *testing.T) {
	out := make([]int, 4)
	if err := spmd.Run(4, func(l spmd.Lane) { ReturnInLastIterationAfterBarrier(l, out) }); err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if !slices.Equal(out, []int{3, 103, 3, 103}) {
		t.Fatalf("out = %v", out)
	}
}
