package ambig

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantOK(t *testing.T, n int, k func(spmd.Lane)) {
	t.Helper()
	if err := spmd.Run(n, k); err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func wantEach(t *testing.T, out []int, want func(i int) int) {
	t.Helper()
	for i, v := range out {
		if v != want(i) {
			t.Fatalf("out[%d] = %d, want %d (out=%v)", i, v, want(i), out)
		}
	}
}

func TestA01(t *testing.T) {
	out := make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { A01(l, out) })
	wantEach(t, out, func(int) int { return 4 })
}

func TestA02(t *testing.T) {
	out := make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { A02(l, out) })
	wantEach(t, out, func(i int) int { return 16 + i })
}

func TestA03(t *testing.T) {
	out := make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { A03(l, out) })
	wantEach(t, out, func(i int) int { return i + 4 })
}

func TestA04(t *testing.T) {
	out := make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { A04(l, out) })
	wantEach(t, out, func(int) int { return 12 })
}

func TestA05(t *testing.T) {
	out := make([]int, 8)
	for try := 0; try < 20; try++ { // iteration order varies: repeat
		wantOK(t, 8, func(l spmd.Lane) { A05(l, out) })
		wantEach(t, out, func(int) int { return 8 })
	}
}

func TestA06(t *testing.T) {
	out := make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { A06(l, out) })
	wantEach(t, out, func(int) int { return 12 })
}

// TestA07 documents the run-time divergence of the racy kernel A07 (which is
// annotated without EXPECT, following the spec's shared-memory rule).
func TestA07(t *testing.T) {
	Ready = 0
	out := make([]int, 2)
	handoff := make(chan struct{})
	err := spmd.Run(2, func(l spmd.Lane) { A07(l, handoff, out) })
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("divergence as expected: %v", err)
}

func TestA08(t *testing.T) {
	out := make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { A08(l, out) })
	wantEach(t, out, func(i int) int { return 12 + i })
}

func TestA09(t *testing.T) {
	out := make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { A09(l, out) })
	wantEach(t, out, func(i int) int { return 4 + i })
}
