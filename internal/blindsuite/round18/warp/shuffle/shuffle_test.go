package shuffle

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

func TestButterflyReduceCorrect(t *testing.T) {
	in, out := iota1(8), make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { ButterflyReduceCorrect(l, in, out) }), out, fill(8, 36))
}

func TestPairSwapBranchBug(t *testing.T) {
	in, out := []int{10, 5, 0, 0, 0, 0, 0, 0}, make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { PairSwapBranchBug(l, in, out) }))
}

func TestShuffleRotateBug(t *testing.T) {
	in, out := iota1(8), make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { ShuffleRotateBug(l, in, out) }))
}

func TestShuffleLoopBoundBug(t *testing.T) {
	in, out := []int{1, 2, 1, 2, 1, 2, 1, 2}, make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { ShuffleLoopBoundBug(l, in, out) }))
}

func TestCompactionCorrect(t *testing.T) {
	in, out := []int{3, 0, 5, 0, 0, 7, 0, 1}, make([]int, 8)
	var cnt int
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { CompactionCorrect(l, in, out, &cnt) }), out, []int{3, 5, 7, 1, 0, 0, 0, 0})
	if cnt != 4 {
		t.Fatalf("cnt %d", cnt)
	}
}

func TestOffsetBranchBug(t *testing.T) {
	in, out := fill(8, 1), make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { OffsetBranchBug(l, in, out) }))
}

func TestInclusiveTotalCorrect(t *testing.T) {
	in, out := iota1(8), make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { InclusiveTotalCorrect(l, in, out, 10) }), out, fill(8, 8))
	out = make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { InclusiveTotalCorrect(l, in, out, 100) }), out, fill(8, 36))
}

func TestInclusiveOverflowBug(t *testing.T) {
	in, out := iota1(8), make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { InclusiveOverflowBug(l, in, out, 10) }))
}

func TestDivergentButterflyBug(t *testing.T) {
	in, out := iota1(8), make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { DivergentButterflyBug(l, in, out) }))
}

func TestShuffleStructFieldBug(t *testing.T) {
	in, out := []int{1, 0, 0, 0, 0, 0, 0, 0}, make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { ShuffleStructFieldBug(l, in, out, 0) }))
}

func TestCountPow2Correct(t *testing.T) {
	in, out := iota1(8), make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { CountPow2Correct(l, in, out) }), out, fill(8, 36))
	in, out = iota1(6), make([]int, 6)
	wantOK(t, spmd.Run(6, func(l spmd.Lane) { CountPow2Correct(l, in, out) }), out, fill(6, 21))
}
