package sortk

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

func keys(n int) []int {
	k := make([]int, n)
	for i := range k {
		k[i] = (i*37 + 11) % 29
	}
	return k
}

func TestBitonicShared(t *testing.T) {
	a := keys(32)
	want := slices.Clone(a)
	slices.Sort(want)
	if err := spmd.Run(32, func(l spmd.Lane) { BitonicShared(l, a) }); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a, want) {
		t.Fatalf("got %v", a)
	}
}

func TestBitonicSharedSyncInPair(t *testing.T) {
	a := keys(8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { BitonicSharedSyncInPair(l, a) }))
}

func TestBitonicRegisters(t *testing.T) {
	a := keys(16)
	want := slices.Clone(a)
	slices.Sort(want)
	if err := spmd.Run(16, func(l spmd.Lane) { BitonicRegisters(l, a) }); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a, want) {
		t.Fatalf("got %v", a)
	}
}

func ukeys(n int) []uint32 {
	k := make([]uint32, n)
	for i := range k {
		k[i] = uint32((i*2654435761)>>7) % 1000
	}
	return k
}

func TestRadixDigitPass(t *testing.T) {
	in := ukeys(53)
	a := slices.Clone(in)
	b := make([]uint32, len(a))
	for shift := uint(0); shift < 12; shift += 4 {
		if err := spmd.Run(8, func(l spmd.Lane) { RadixDigitPass(l, a, b, shift, 4) }); err != nil {
			t.Fatal(err)
		}
		a, b = b, a
	}
	want := slices.Clone(in)
	slices.Sort(want)
	if !slices.Equal(a, want) {
		t.Fatalf("got %v want %v", a, want)
	}
	// a 2-bit digit, one pass, check stability against a reference
	c := make([]uint32, len(in))
	if err := spmd.Run(8, func(l spmd.Lane) { RadixDigitPass(l, in, c, 0, 2) }); err != nil {
		t.Fatal(err)
	}
	ref := slices.Clone(in)
	slices.SortStableFunc(ref, func(x, y uint32) int { return int(x&3) - int(y&3) })
	if !slices.Equal(c, ref) {
		t.Fatalf("2-bit pass: got %v want %v", c, ref)
	}
}

func TestRadixDigitPassTail(t *testing.T) {
	in := ukeys(53)
	out := make([]uint32, len(in))
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { RadixDigitPassTail(l, in, out, 0, 4) }))
}
