package indirect

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

func TestI01(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { I01(l, out) })
}

func TestI02(t *testing.T) {
	out := make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { I02(l, out) })
	wantAll(t, out, 4*4)
}

func TestI03(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { I03(l, out) })
}

func TestI04(t *testing.T) {
	out := make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { I04(l, out) })
	wantAll(t, out, 4)
}

func TestI05(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { I05(l, out) })
}

func TestI06(t *testing.T) {
	out := make([]int, 5)
	wantOK(t, 5, func(l spmd.Lane) { I06(l, out) })
	wantAll(t, out, 10)
}

func TestI07(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { I07(l, out) })
}

func TestI08(t *testing.T) {
	out := make([]int, 8)
	wantDiv(t, 8, func(l spmd.Lane) { I08(l, out) })
}

func TestI09(t *testing.T) {
	out := make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { I09(l, out) })
	wantAll(t, out, 12)
}

func TestI10(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { I10(l, out) })
}

func TestI11(t *testing.T) {
	out := make([]int, 5)
	wantOK(t, 5, func(l spmd.Lane) { I11(l, out) })
	wantAll(t, out, 5*4)
}

func TestI12(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { I12(l, out) })
}

func TestI13(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { I13(l, out) })
}

func TestI14(t *testing.T) {
	out := make([]int, 4)
	shared := []int{3, 7, 9}
	wantOK(t, 4, func(l spmd.Lane) { I14(l, shared, out) })
	wantAll(t, out, 4)
}

func TestI15(t *testing.T) {
	out := make([]int, 4)
	shared := []int{3, 7, 9}
	wantDiv(t, 4, func(l spmd.Lane) { I15(l, shared, out) })
}

func TestI16(t *testing.T) {
	out := make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { I16(l, out) })
	wantAll(t, out, 8)
}

func TestI17(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { I17(l, out) })
}
