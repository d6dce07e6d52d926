package mem

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

// mustDiverge runs k and requires a *spmd.DivergenceError.
func mustDiverge(t *testing.T, lanes int, k func(spmd.Lane)) {
	t.Helper()
	err := spmd.Run(lanes, k)
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("diverged as expected: %v", err)
}

// mustDivergeSometimes runs k up to tries times (each with fresh state from
// mk) and requires a *spmd.DivergenceError at least once, and no other error.
func mustDivergeSometimes(t *testing.T, lanes, tries int, mk func() func(spmd.Lane)) {
	t.Helper()
	for i := 0; i < tries; i++ {
		err := spmd.Run(lanes, mk())
		if err == nil {
			continue
		}
		var de *spmd.DivergenceError
		if !errors.As(err, &de) {
			t.Fatalf("want *spmd.DivergenceError or nil, got %v", err)
		}
		t.Logf("diverged as expected on try %d: %v", i+1, err)
		return
	}
	t.Fatalf("no divergence in %d tries", tries)
}

// mustRun runs k, requires success, and compares got with want.
func mustRun[T comparable](t *testing.T, lanes int, k func(spmd.Lane), got, want []T) {
	t.Helper()
	if err := spmd.Run(lanes, k); err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

// rep returns n copies of v.
func rep(n, v int) []int { return slices.Repeat([]int{v}, n) }
