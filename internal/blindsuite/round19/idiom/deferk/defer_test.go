package deferk

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

func TestDeferBarrier(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { DeferBarrier(l, out) }))
	if !slices.Equal(out, []int{0, 2, 4, 6}) {
		t.Fatal(out)
	}
}

func TestDeferInBranch(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { DeferInBranch(l, out) }))
}

func TestDeferInSharedBranch(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { DeferInSharedBranch(l, true, out) }))
	ok(t, spmd.Run(4, func(l spmd.Lane) { DeferInSharedBranch(l, false, out) }))
}

func TestDeferReduceClosure(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { DeferReduceClosure(l, []int{1, 2, 3, 4, 5, 6}, &out) }))
	if out != 21 {
		t.Fatal(out)
	}
}

func TestDeferDoneFlag(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { DeferDoneFlag(l, []int{1, 0, 1, 1}, out) }))
}

func TestDeferSharedFlag(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { DeferSharedFlag(l, 0, out) }))
	if out[1] != 4 {
		t.Fatal(out)
	}
	ok(t, spmd.Run(4, func(l spmd.Lane) { DeferSharedFlag(l, 1, out) }))
}

func TestDeferLaneCheck(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { DeferLaneCheck(l, out) }))
}

func TestDeferLoopLane(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { DeferLoopLane(l, out) }))
}

func TestDeferLoopShared(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { DeferLoopShared(l, out) }))
}

func TestDeferArgEval(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { DeferArgEval(l, out) }))
	if !slices.Equal(out, []int{3, 3, 3, 3}) {
		t.Fatal(out)
	}
}

func TestDeferUnlockStyle(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { DeferUnlockStyle(l, []int{1, 2}, &out) }))
	if out != 18 {
		t.Fatal(out)
	}
}
