package scan

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
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("divergence: %v", err)
}

func data(n int) []int {
	d := make([]int, n)
	for i := range d {
		d[i] = (i*7)%5 + 1
	}
	return d
}

func prefix(d []int, inclusive bool) []int {
	r := make([]int, len(d))
	s := 0
	for i, v := range d {
		if inclusive {
			s += v
			r[i] = s
		} else {
			r[i] = s
			s += v
		}
	}
	return r
}

func TestInclusiveHS(t *testing.T) {
	d := data(16)
	want := prefix(d, true)
	sh := make([]int, 16)
	if err := spmd.Run(16, func(l spmd.Lane) { InclusiveHS(l, d, sh) }); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(d, want) {
		t.Fatalf("got %v want %v", d, want)
	}
}

func TestInclusiveHSInPlace(t *testing.T) {
	d := data(16)
	sh := make([]int, 16)
	wantDiv(t, spmd.Run(16, func(l spmd.Lane) { InclusiveHSInPlace(l, d, sh) }))
}

func TestExclusiveBlelloch(t *testing.T) {
	for _, lanes := range []int{1, 2, 8, 32} {
		d := data(2 * lanes)
		want := prefix(d, false)
		sh := make([]int, 2*lanes)
		if err := spmd.Run(lanes, func(l spmd.Lane) { ExclusiveBlelloch(l, d, sh) }); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(d, want) {
			t.Fatalf("lanes %d: got %v want %v", lanes, d, want)
		}
	}
}

func TestExclusiveBlellochIdleExit(t *testing.T) {
	d := data(16)
	sh := make([]int, 16)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { ExclusiveBlellochIdleExit(l, d, sh) }))
}

func compactWant(in []int32) []int32 {
	var r []int32
	for _, v := range in {
		if v > 0 {
			r = append(r, v)
		}
	}
	return r
}

func testIn() []int32 {
	in := make([]int32, 37)
	for i := range in {
		in[i] = int32((i*13)%7 - 3)
	}
	for i := 8; i < 16; i++ {
		in[i] = -1 // an empty tile
	}
	return in
}

func TestCompactPositive(t *testing.T) {
	in := testIn()
	out := make([]int32, len(in))
	n := make([]int, 1)
	if err := spmd.Run(8, func(l spmd.Lane) { CompactPositive(l, in, out, n) }); err != nil {
		t.Fatal(err)
	}
	want := compactWant(in)
	if !slices.Equal(out[:n[0]], want) {
		t.Fatalf("got %v want %v", out[:n[0]], want)
	}
}

func TestCompactPositiveTail(t *testing.T) {
	in := testIn()
	out := make([]int32, len(in))
	n := make([]int, 1)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { CompactPositiveTail(l, in, out, n) }))
}
