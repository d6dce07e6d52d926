// Package kt holds test helpers (no kernels).
package kt

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

// OK runs k and fails unless it returns nil.
func OK(t *testing.T, lanes int, k func(spmd.Lane)) {
	t.Helper()
	if err := spmd.Run(lanes, k); err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

// Diverges runs k and fails unless it returns a *spmd.DivergenceError.
func Diverges(t *testing.T, lanes int, k func(spmd.Lane)) {
	t.Helper()
	err := spmd.Run(lanes, k)
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *DivergenceError, got %v", err)
	}
	t.Logf("divergence: %v", err)
}

// Eq compares int slices.
func Eq(t *testing.T, got, want []int) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %v want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("got %v want %v", got, want)
		}
	}
}

// Fill returns a slice of n copies of v.
func Fill(n, v int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}
