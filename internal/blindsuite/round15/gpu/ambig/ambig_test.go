package ambig

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want a *spmd.DivergenceError, got %v", err)
	}
	t.Logf("divergence as expected: %v", err)
}

func TestHelperParamTrip(t *testing.T) {
	src := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	got, err := HelperParamTrip(src, 4)
	want := []int{3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("got %v, %v", got, err)
	}
}

func TestBranchOnHelperLoad(t *testing.T) {
	got, err := BranchOnHelperLoad([]int{4, -1, 2, 0})
	if err != nil || !slices.Equal(got, []int{4, 4, 4, 4}) {
		t.Fatalf("got %v, %v", got, err)
	}
	got, err = BranchOnHelperLoad([]int{-4, 1, 2, 0})
	if err != nil || !slices.Equal(got, []int{0, 0, 0, 0}) {
		t.Fatalf("got %v, %v", got, err)
	}
}

func TestAtomicLoadAfterBarrier(t *testing.T) {
	got, err := AtomicLoadAfterBarrier([]int{1, 0, 3, 4, 0, 0, 2, 0})
	if err != nil || got != 4 {
		t.Fatalf("got %v, %v", got, err)
	}
}

func TestClosureCounter(t *testing.T) {
	got, err := ClosureCounter([]int{1, 2, 3, 4}, 3)
	if err != nil || !slices.Equal(got, []int{3, 6, 9, 12}) {
		t.Fatalf("got %v, %v", got, err)
	}
}

func TestRangeMapBarrier(t *testing.T) {
	m := map[int]int{1: 10, 2: 20, 3: 30, 4: 40, 5: 50}
	for range 20 {
		got, err := RangeMapBarrier(m, 4)
		if err != nil || !slices.Equal(got, []int{150, 150, 150, 150}) {
			t.Fatalf("got %v, %v", got, err)
		}
	}
}

func TestDeferredBarrier(t *testing.T) {
	// All lanes in range: a single exit is taken, no divergence.
	got, err := DeferredBarrier([]int{1, 2, 3, 4}, 4)
	if err != nil || !slices.Equal(got, []int{3, 6, 9, 12}) {
		t.Fatalf("got %v, %v", got, err)
	}
	// A padding lane leaves by the early return: the deferred barrier runs
	// at two different sites.
	_, err = DeferredBarrier([]int{1, 2, 3}, 4)
	wantDivergence(t, err)
}

func TestKernelCalledWithDivergentArg(t *testing.T) {
	// Uniform argument: fine.
	got, err := KernelCalledWithDivergentArg([]int{3, 3, 3, 3})
	if err != nil || !slices.Equal(got, []int{3, 3, 3, 3}) {
		t.Fatalf("got %v, %v", got, err)
	}
	// Lane-dependent argument: a run-time divergence the static rules of the
	// spec do not cover (see the doc comment).
	_, err = KernelCalledWithDivergentArg([]int{1, 2, 3, 4})
	wantDivergence(t, err)
}

func TestGoexitEarly(t *testing.T) {
	_, err := GoexitEarly([]int{1, 2, 3}, 4)
	wantDivergence(t, err)
}
