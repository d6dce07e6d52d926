package loops

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

func TestAnyLoopCorrect(t *testing.T) {
	in, out := []int{0, 3, 1, 2, 0, 5, 0, 1}, make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { AnyLoopCorrect(l, in, out) }), out, fill(8, 5))
}

func TestAnyLoopBreakBug(t *testing.T) {
	in, out := []int{0, 2, 2, 2, 2, 2, 2, 2}, make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { AnyLoopBreakBug(l, in, out) }))
}

func TestAnyLoopEarlyReturnBug(t *testing.T) {
	in, out := []int{-1, 2, 2, 2, 2, 2, 2, 2}, make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { AnyLoopEarlyReturnBug(l, in, out) }))
}

func TestAllLoopCorrect(t *testing.T) {
	in, out := iota1(8), make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { AllLoopCorrect(l, in, out) }), out, fill(8, 16))
}

func TestSetBitsUniformCorrect(t *testing.T) {
	in, out := []int{1, -2, 3, 0, 5, 0, 0, 10}, make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { SetBitsUniformCorrect(l, in, out) }), out, fill(8, 19))
}

func TestSetBitsPerLaneBug(t *testing.T) {
	in, out := fill(8, 1), make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { SetBitsPerLaneBug(l, in, out) }))
}

func TestPerLaneLoopThenReduceCorrect(t *testing.T) {
	in, out := fill(8, 1), make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { PerLaneLoopThenReduceCorrect(l, in, out) }), out, fill(8, 7))
}

func TestContinueAnyCorrect(t *testing.T) {
	in := []int{0, 3, 1, 2, 0, 5, 0, 1}
	out := make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { ContinueAnyCorrect(l, in, out) }), out, in)
}

func TestContinueBarrierBug(t *testing.T) {
	in, out := []int{0, 3, 1, 2, 0, 5, 0, 1}, make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { ContinueBarrierBug(l, in, out) }))
}

// labelRef simulates LabelBreakAnyCorrect sequentially.
func labelRef(in []int, limit int) []int {
	x := slices.Clone(in)
outer:
	for r := 0; r < 4; r++ {
		for s := 0; s < 3; s++ {
			if slices.ContainsFunc(x, func(v int) bool { return v > limit }) {
				break outer
			}
			y := slices.Clone(x)
			for j := range x {
				x[j] = y[j] + y[j^1]
			}
		}
	}
	return x
}

func TestLabelBreakAnyCorrect(t *testing.T) {
	for _, limit := range []int{-1, 50, 1000, 1 << 40} {
		in, out := iota1(8), make([]int, 8)
		wantOK(t, spmd.Run(8, func(l spmd.Lane) { LabelBreakAnyCorrect(l, in, out, limit) }), out, labelRef(in, limit))
	}
}

func TestLabelBreakBug(t *testing.T) {
	in, out := []int{100, 0, 0, 0, 0, 0, 0, 0}, make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { LabelBreakBug(l, in, out, 50) }))
}

func TestGotoRetryCorrect(t *testing.T) {
	in, out := []int{0, 3, 7, 5, 1, 9, 2, 4}, make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { GotoRetryCorrect(l, in, out, 5) }), out, []int{5, 5, 7, 5, 5, 9, 5, 5})
}

func TestGotoRetryBug(t *testing.T) {
	in, out := []int{0, 1, 2, 3, 0, 1, 2, 3}, make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { GotoRetryBug(l, in, out, 3) }))
}

func TestIrreducibleBug(t *testing.T) {
	out := make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { IrreducibleBug(l, nil, out) }))
}

func TestIrreducibleUniformCorrect(t *testing.T) {
	out := make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { IrreducibleUniformCorrect(l, nil, out, 0) }), out, fill(8, 16))
	out = make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { IrreducibleUniformCorrect(l, nil, out, 1) }), out, fill(8, 24))
}
