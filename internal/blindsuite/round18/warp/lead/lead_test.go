package lead

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDiv(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want DivergenceError, got %v", err)
	}
}

func wantOK(t *testing.T, err error, got, want []int) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
}

func fill(n, v int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

func iota1(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i + 1
	}
	return s
}

func TestElectUCorrect(t *testing.T) {
	in, out := []int{0, 0, 5, 3, 0, 0, 0, 0}, make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { ElectUCorrect(l, in, out) }), out, fill(8, 5))
}

func TestElectUUnderBranchBug(t *testing.T) {
	in, out := []int{1, 0, 0, 0, 0, 0, 0, 0}, make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { ElectUUnderBranchBug(l, in, out) }))
}

func TestWarpSumCorrect(t *testing.T) {
	in, out := iota1(8), make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { WarpSumCorrect(l, in, out, 10) }), out, fill(8, 36))
}

func TestWarpSumBranchBug(t *testing.T) {
	in, out := iota1(8), make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { WarpSumBranchBug(l, in, out) }))
}

func TestLaneBitBug(t *testing.T) {
	in, out := []int{1, 0, 0, 0, 0, 0, 0, 0}, make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { LaneBitBug(l, in, out) }))
}

func TestPickUniformCorrect(t *testing.T) {
	in, out := []int{0, 4, 0, 2, 0, 0, 0, 0}, make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { PickUniformCorrect(l, in, out, 1) }), out, fill(8, 4))
}

func TestPickDivergentSrcBug(t *testing.T) {
	in, out := []int{5, 0, 0, 0, 0, 0, 0, 0}, make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { PickDivergentSrcBug(l, in, out, 1) }))
}

func TestSyncDirectiveBug(t *testing.T) {
	in, out := iota1(8), make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { SyncDirectiveBug(l, in, out) }))
}

func TestSyncCorrect(t *testing.T) {
	in, out := iota1(8), make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { SyncCorrect(l, in, out) }), out, fill(8, 2))
}

func TestNeighborBug(t *testing.T) {
	in, out := iota1(8), make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { NeighborBug(l, in, out) }))
}

func TestLeaderDoCorrect(t *testing.T) {
	in, out := iota1(8), make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { LeaderDoCorrect(l, in, out) }), out, fill(8, 2))
}

func TestLeaderDoBug(t *testing.T) {
	in, out := []int{1, 0, 0, 0, 0, 0, 0, 0}, make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { LeaderDoBug(l, in, out) }))
}

func TestWarpOfCorrect(t *testing.T) {
	out := make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { WarpOfCorrect(l, nil, out) }), out, fill(8, 1))
}

func TestParamGateCorrect(t *testing.T) {
	in, out := iota1(8), make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { ParamGateCorrect(l, in, out, true) }), out, fill(8, 36))
	out = make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { ParamGateCorrect(l, in, out, false) }), out, fill(8, 0))
}

func TestLaunchCorrect(t *testing.T) {
	in, out := []int{1, 0, 1, 0, 1, 0, 0, 0}, make([]int, 8)
	wantOK(t, LaunchCorrect(in, out), out, fill(8, 3))
}

func TestLaunchBug(t *testing.T) {
	in, out := []int{1, 0, 1, 0, 1, 0, 0, 0}, make([]int, 8)
	wantDiv(t, LaunchBug(in, out))
}
