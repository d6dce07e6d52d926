package sortk

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("diverged as expected: %v", err)
}

func perm(seed uint64, n int) []int {
	return rand.New(rand.NewPCG(seed, 7)).Perm(n)
}

func TestBitonicSort(t *testing.T) {
	a := perm(1, 16)
	if err := spmd.Run(16, func(l spmd.Lane) { BitonicSort(l, a) }); err != nil {
		t.Fatal(err)
	}
	if !slices.IsSorted(a) {
		t.Fatalf("not sorted: %v", a)
	}
	s := []string{"kernel", "warp", "lane", "block", "grid", "tile", "shuffle", "ballot"}
	if err := spmd.Run(8, func(l spmd.Lane) { BitonicSort(l, s) }); err != nil {
		t.Fatal(err)
	}
	if !slices.IsSorted(s) {
		t.Fatalf("not sorted: %v", s)
	}
}

func TestBitonicSortPairs(t *testing.T) {
	a := perm(2, 8)
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { BitonicSortPairs(l, a) }))
}

func TestWarpBitonic(t *testing.T) {
	a := make([]int32, 32)
	for i, v := range perm(3, 32) {
		a[i] = int32(v*37%101) - 50
	}
	want := slices.Sorted(slices.Values(a))
	if err := spmd.Run(32, func(l spmd.Lane) { WarpBitonic(l, a) }); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a, want) {
		t.Fatalf("got %v, want %v", a, want)
	}
}

func TestWarpBitonicN(t *testing.T) {
	a := make([]int32, 16)
	for i, v := range perm(4, 16) {
		a[i] = int32(v)
	}
	wantDivergence(t, spmd.Run(16, func(l spmd.Lane) { WarpBitonicN(l, a, 11) }))
}

func TestRadixSplit(t *testing.T) {
	keys := make([]uint32, 16)
	for i, v := range perm(5, 16) {
		keys[i] = uint32(v*13%256) ^ 0x5a
	}
	want := slices.Sorted(slices.Values(keys))
	tmp := make([]uint32, 16)
	if err := spmd.Run(16, func(l spmd.Lane) { RadixSplit(l, keys, tmp, 8) }); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(keys, want) {
		t.Fatalf("got %v, want %v", keys, want)
	}
}

func TestRadixSplitBranchy(t *testing.T) {
	keys := []uint32{3, 2, 7, 4, 1, 0, 6, 5}
	tmp := make([]uint32, 8)
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { RadixSplitBranchy(l, keys, tmp, 3) }))
}

func TestRadixPass(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 7))
	keys := make([]uint32, 50)
	for i := range keys {
		keys[i] = uint32(r.IntN(256))
	}
	want := slices.Sorted(slices.Values(keys))
	tmp := make([]uint32, len(keys))
	if err := spmd.Run(8, func(l spmd.Lane) { RadixPass(l, keys, tmp, 0) }); err != nil {
		t.Fatal(err)
	}
	if err := spmd.Run(8, func(l spmd.Lane) { RadixPass(l, tmp, keys, 4) }); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(keys, want) {
		t.Fatalf("got %v, want %v", keys, want)
	}
}

func TestRadixPassSkipEmpty(t *testing.T) {
	keys := []uint32{0, 1, 0, 0, 2, 2, 3, 3}
	out := make([]uint32, len(keys))
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { RadixPassSkipEmpty(l, keys, out, 0) }))
}

func sortedInts(seed uint64, n int) []int {
	r := rand.New(rand.NewPCG(seed, 9))
	a := make([]int, n)
	for i := range a {
		a[i] = r.IntN(30)
	}
	slices.Sort(a)
	return a
}

func TestMerge(t *testing.T) {
	a, b := sortedInts(1, 23), sortedInts(2, 17)
	out := make([]int, 40)
	var ok bool
	if err := spmd.Run(8, func(l spmd.Lane) { Merge(l, a, b, out, &ok) }); err != nil {
		t.Fatal(err)
	}
	want := slices.Sorted(slices.Values(append(slices.Clone(a), b...)))
	if !ok || !slices.Equal(out, want) {
		t.Fatalf("ok %v got %v, want %v", ok, out, want)
	}
}

func TestMergeLockstep(t *testing.T) {
	a, b := sortedInts(3, 23), sortedInts(4, 17)
	out := make([]int, 40)
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { MergeLockstep(l, a, b, out) }))
}

func TestOddEvenSort(t *testing.T) {
	a := make([]int, 16)
	for i := range a {
		a[i] = 16 - i
	}
	if err := spmd.Run(8, func(l spmd.Lane) { OddEvenSort(l, a) }); err != nil {
		t.Fatal(err)
	}
	if !slices.IsSorted(a) {
		t.Fatalf("not sorted: %v", a)
	}
}

func TestOddEvenSortOwned(t *testing.T) {
	a := perm(8, 8)
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { OddEvenSortOwned(l, a) }))
}
