package grid_test

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round14/xlib/grid"
	"github.com/spmdvet/spmdvet/spmd"
)

// LeaderTotal's bug is inside the library: every lane calls it, but only
// lane 0 reaches the reduction.
func TestLeaderTotalBug(t *testing.T) {
	err := spmd.Run(4, func(l spmd.Lane) { grid.LeaderTotal(l, 1) })
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want DivergenceError, got %v", err)
	}
	t.Log(err)
}

// With one lane there is nobody to disagree with: 1.
func TestLeaderTotalOneLane(t *testing.T) {
	got := 0
	err := spmd.Run(1, func(l spmd.Lane) { got = grid.LeaderTotal(l, 1) })
	if err != nil || got != 1 {
		t.Fatalf("got %d, %v", got, err)
	}
}
