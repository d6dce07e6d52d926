package locals

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDiv(t *testing.T, n int, k func(spmd.Lane)) {
	t.Helper()
	err := spmd.Run(n, k)
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("divergence as expected: %v", err)
}

func wantOK(t *testing.T, n int, k func(spmd.Lane)) {
	t.Helper()
	if err := spmd.Run(n, k); err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func wantAll(t *testing.T, out []int, want int) {
	t.Helper()
	for i, v := range out {
		if v != want {
			t.Fatalf("out[%d] = %d, want %d (out=%v)", i, v, want, out)
		}
	}
}

func TestL01(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { L01(l, out) })
}

func TestL02(t *testing.T) {
	out := make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { L02(l, out) })
	wantAll(t, out, 0+1+2+3)
}

func TestL03(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { L03(l, out) })
}

func TestL04(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { L04(l, out) })
}

func TestL05(t *testing.T) {
	out := make([]int, 5)
	wantOK(t, 5, func(l spmd.Lane) { L05(l, out) })
	wantAll(t, out, 4)
}

func TestL06(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { L06(l, out) })
}

func TestL07(t *testing.T) {
	out := make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { L07(l, out) })
	wantAll(t, out, 10)
}

func TestL08(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { L08(l, out) })
}

func TestL09(t *testing.T) {
	out := make([]int, 6)
	wantDiv(t, 6, func(l spmd.Lane) { L09(l, out) })
}

func TestL10(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { L10(l, out) })
}

func TestL11(t *testing.T) {
	out := make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { L11(l, out) })
	wantAll(t, out, 4)
}

func TestL12(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { L12(l, out) })
}

func TestL13(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { L13(l, out) })
}

func TestL14(t *testing.T) {
	out := make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { L14(l, out) })
	wantAll(t, out, 4) // xs[1] == 1 in each of 4 lanes
}

func TestL15(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { L15(l, out) })
}

func TestL16(t *testing.T) {
	out := make([]int, 3)
	wantOK(t, 3, func(l spmd.Lane) { L16(l, out) })
	wantAll(t, out, 0+6+3)
}
