// Package kt has test helpers that run kernels with spmd.Run. It contains
// no kernels.
package kt

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

// Diverges runs k on n lanes and fails unless Run returns a
// *spmd.DivergenceError.
func Diverges(t *testing.T, n int, k func(spmd.Lane)) {
	t.Helper()
	err := spmd.Run(n, k)
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("Run(%d): want *DivergenceError, got %v", n, err)
	}
	t.Logf("Run(%d): %v", n, err)
}

// DivergesSometimes runs k on n lanes up to tries times and fails unless
// one run returns a *spmd.DivergenceError; other errors fail at once.
func DivergesSometimes(t *testing.T, n, tries int, reset func(), k func(spmd.Lane)) {
	t.Helper()
	for range tries {
		if reset != nil {
			reset()
		}
		err := spmd.Run(n, k)
		var de *spmd.DivergenceError
		if errors.As(err, &de) {
			t.Logf("Run(%d): %v", n, err)
			return
		}
		if err != nil {
			t.Fatalf("Run(%d): unexpected error %v", n, err)
		}
	}
	t.Fatalf("Run(%d): no divergence in %d runs", n, tries)
}

// Runs runs k on n lanes, fails if Run returns an error, and returns the
// first n entries of out (which it zeroes first).
func Runs(t *testing.T, n int, out []int, k func(spmd.Lane)) []int {
	t.Helper()
	clear(out)
	if err := spmd.Run(n, k); err != nil {
		t.Fatalf("Run(%d): %v", n, err)
	}
	return append([]int(nil), out[:n]...)
}

// Same fails unless got equals want.
func Same(t *testing.T, got []int, want ...int) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

// All returns n copies of v.
func All(n, v int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}
