package basic_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round14/xlib/kernels/basic"
	"github.com/spmdvet/spmdvet/spmd"
)

func wantDiv(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want DivergenceError, got %v", err)
	}
	t.Log(err)
}

func wantOK(t *testing.T, err error, got, want []int) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func fill(n, v int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

func TestSyncUnderIndex(t *testing.T) {
	out := make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { basic.SyncUnderIndex(l, out) }))
}

func TestSyncUnderCount(t *testing.T) {
	in, out := make([]int, 4), make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { basic.SyncUnderCount(l, in, out) })
	wantOK(t, err, out, []int{10, 20, 30, 0})
}

func TestChainUnderSelf(t *testing.T) {
	cells := make([]int, 4)
	wantDiv(t, spmd.Run(4, func(l spmd.Lane) { basic.ChainUnderSelf(l, cells) }))
}

func TestChainUnderMean(t *testing.T) {
	cells := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { basic.ChainUnderMean(l, cells) })
	wantOK(t, err, cells, fill(4, 1))
}

func TestTotalGuard(t *testing.T) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { basic.TotalGuard(l, out) })
	wantOK(t, err, out, fill(4, 6))
}

func TestScaleUniform(t *testing.T) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { basic.ScaleUniform(l, out) })
	wantOK(t, err, out, fill(4, 8))
}

func TestScaleDivergent(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, spmd.Run(4, func(l spmd.Lane) { basic.ScaleDivergent(l, out) }))
}

func TestMixIgnoresB(t *testing.T) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { basic.MixIgnoresB(l, out) })
	wantOK(t, err, out, fill(4, 12))
}

func TestRowGuard(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, spmd.Run(4, func(l spmd.Lane) { basic.RowGuard(l, out) }))
}

func TestEarlyReturn(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, spmd.Run(4, func(l spmd.Lane) { basic.EarlyReturn(l, out) }))
}

func TestEarlyReturnUniform(t *testing.T) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { basic.EarlyReturnUniform(l, out) })
	wantOK(t, err, out, fill(4, 1))
	one := make([]int, 1)
	err = spmd.Run(1, func(l spmd.Lane) { basic.EarlyReturnUniform(l, one) })
	wantOK(t, err, one, []int{0})
}

func TestLoopDivergentBound(t *testing.T) {
	cells := make([]int, 4)
	wantDiv(t, spmd.Run(4, func(l spmd.Lane) { basic.LoopDivergentBound(l, cells) }))
}

func TestShortCircuitDivergent(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, spmd.Run(4, func(l spmd.Lane) { basic.ShortCircuitDivergent(l, out) }))
}

func TestShortCircuitUniform(t *testing.T) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { basic.ShortCircuitUniform(l, out) })
	wantOK(t, err, out, fill(4, 1))
}
