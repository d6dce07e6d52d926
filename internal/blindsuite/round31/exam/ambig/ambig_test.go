package ambig

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
		t.Fatalf("got %v, want a *spmd.DivergenceError", err)
	}
}

func ok(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func eqs[T comparable](t *testing.T, got, want []T) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// Kernels that run correctly at run time (whatever the checker says).
func TestRunClean(t *testing.T) {
	grid := []int{
		1, 0, 2,
		0, 3, 4,
	}
	out, err := WhileContinue(grid, 3)
	ok(t, err)
	// column sums 1, 3, 6; lane 0 skips column 1, lane 1 skips column 0
	eqs(t, out, []int{7, 9})

	m, err := MapRangeBarrier(map[string]int{"a": 1, "b": 2, "c": 3})
	ok(t, err)
	eqs(t, m, []int{6, 6, 6, 6})

	sp, err := SameValuePhi([]int{1, -1, 2, 0})
	ok(t, err)
	eqs(t, sp, []int{4, 4, 4, 4})

	lc, err := LocalChannelSelect(5)
	ok(t, err)
	eqs(t, lc, []int{20, 20, 20, 20})
	lc, err = LocalChannelSelect(0)
	ok(t, err)
	eqs(t, lc, []int{0, 0, 0, 0})

	su, err := ShuffleUniformSource([]int{3, -1, 4, 1})
	ok(t, err)
	eqs(t, su, []int{3, 3, 3, 3})
}

// Kernels that diverge at run time.
func TestRunDiverges(t *testing.T) {
	ops := []func(int) int{func(x int) int { return x }, func(x int) int { return -x }}
	_, err := DivergentCallee(ops, 3)
	diverges(t, err)

	diverges(t, IrreducibleHelperEntry(make([]int, 4), 3))
	diverges(t, KernelArgDivergent(make([]int, 4)))
	diverges(t, UnknownLaneCallback([]int{1, 0, 2, 0}, func(l spmd.Lane, n int) { l.Barrier() }))
	ok(t, UnknownLaneCallback([]int{1, 0, 2, 0}, func(l spmd.Lane, n int) {}))
}
