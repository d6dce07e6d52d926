// Package check holds test helpers shared by the kernel packages. It performs
// no convergent operation and never touches a lane.
package check

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

// Diverges fails the test unless err is a *spmd.DivergenceError.
func Diverges(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want a *spmd.DivergenceError, got %v", err)
	}
}

// OK fails the test if err is not nil.
func OK(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("want no error, got %v", err)
	}
}

// Ints fails the test unless got equals want.
func Ints(t *testing.T, got, want []int) {
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

// Fill returns a slice of n copies of v.
func Fill(n, v int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}
