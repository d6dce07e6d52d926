package typed_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round14/xlib/kernels/typed"
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

func wantOK[T comparable](t *testing.T, err error, got, want []T) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func fill[T any](n int, v T) []T {
	s := make([]T, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// run4 runs k in 4 lanes with a fresh 4-cell output.
func run4(k func(spmd.Lane, []int)) ([]int, error) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { k(l, out) })
	return out, err
}

func TestTileMineGuard(t *testing.T) {
	cells := []int{0, 1, 2, 3}
	wantDiv(t, spmd.Run(4, func(l spmd.Lane) { typed.TileMineGuard(l, cells) }))
}

func TestTileSumGuard(t *testing.T) {
	cells, out := []int{1, 2, 3, 4}, make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { typed.TileSumGuard(l, cells, out) })
	wantOK(t, err, out, fill(4, 10))
}

func TestWarpIDGuard(t *testing.T) {
	_, err := run4(typed.WarpIDGuard)
	wantDiv(t, err)
}

func TestWarpVoteLoop(t *testing.T) {
	out, err := run4(typed.WarpVoteLoop)
	wantOK(t, err, out, fill(4, 4))
}

func TestGenericSumGuard(t *testing.T) {
	out := make([]float64, 4)
	err := spmd.Run(4, func(l spmd.Lane) { typed.GenericSumGuard(l, out) })
	wantOK(t, err, out, fill(4, 6.0))
}

func TestGenericOwnGuard(t *testing.T) {
	_, err := run4(typed.GenericOwnGuard)
	wantDiv(t, err)
}

func TestGenericTakeUniform(t *testing.T) {
	out := make([]float32, 4)
	err := spmd.Run(4, func(l spmd.Lane) { typed.GenericTakeUniform(l, out) })
	wantOK(t, err, out, fill(4, float32(0)))
}

func TestGenericTakeDivergent(t *testing.T) {
	_, err := run4(typed.GenericTakeDivergent)
	wantDiv(t, err)
}

func TestPublishUnderIndex(t *testing.T) {
	_, err := run4(typed.PublishUnderIndex)
	wantDiv(t, err)
}

func TestPublishAll(t *testing.T) {
	slots, out := make([]int, 4), make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { typed.PublishAll(l, slots, out) })
	wantOK(t, err, out, []int{100, 200, 300, 0})
}

func TestCallbackLaneDivergent(t *testing.T) {
	_, err := run4(typed.CallbackLaneDivergent)
	wantDiv(t, err)
}

func TestCallbackTwiceDivergent(t *testing.T) {
	_, err := run4(typed.CallbackTwiceDivergent)
	wantDiv(t, err)
}

func TestCallbackMap(t *testing.T) {
	cells := []int{1, 2, 3, 4, 5}
	err := spmd.Run(4, func(l spmd.Lane) { typed.CallbackMap(l, cells) })
	wantOK(t, err, cells, []int{2, 4, 6, 8, 10})
}

func TestFoldUniform(t *testing.T) {
	out, err := run4(typed.FoldUniform)
	wantOK(t, err, out, fill(4, 10))
}

func TestFoldLeader(t *testing.T) {
	_, err := run4(typed.FoldLeader)
	wantDiv(t, err)
}

func TestSummerUnderIndex(t *testing.T) {
	_, err := run4(typed.SummerUnderIndex)
	wantDiv(t, err)
}

func TestLaunchLoop(t *testing.T) {
	out := make([]int, 4)
	wantOK(t, typed.LaunchLoop(4, 3, out), out, fill(4, 3))
}

func TestLaunchDivergent(t *testing.T) {
	cells := make([]int, 4)
	wantDiv(t, typed.LaunchDivergent(4, 2, cells))
}
