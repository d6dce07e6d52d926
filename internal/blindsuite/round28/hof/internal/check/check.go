// Package check holds test helpers.
package check

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

// Div fails unless err is a *spmd.DivergenceError.
func Div(t *testing.T, err error) {
	t.Helper()
	var d *spmd.DivergenceError
	if !errors.As(err, &d) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("divergence: %v", err)
}

// OK fails unless err is nil.
func OK(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}
