package sorting

import (
	"cmp"
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, name string, err error) {
	t.Helper()
	var div *spmd.DivergenceError
	if !errors.As(err, &div) {
		t.Fatalf("%s: got error %v, want a *spmd.DivergenceError", name, err)
	}
	t.Logf("%s: %v", name, err)
}

func gen[T cmp.Ordered](n int, f func(i int) T) []T {
	out := make([]T, n)
	for i := range out {
		out[i] = f(i)
	}
	return out
}

func checkSorted[T cmp.Ordered](t *testing.T, name string, in, got []T, err error) {
	t.Helper()
	want := slices.Clone(in)
	slices.Sort(want)
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("%s(%d) = %v, %v, want %v", name, len(in), got, err, want)
	}
}

func TestBitonicSort(t *testing.T) {
	for _, n := range []int{0, 1, 2, 5, 64, 100, 256} {
		in := gen(n, func(i int) int32 { return int32((i*7919)%1000 - 500) })
		got, err := BitonicSort(in)
		checkSorted(t, "BitonicSort", in, got, err)
	}
	_, err := BitonicSortBug(gen(16, func(i int) int32 { return int32(16 - i) }))
	wantDivergence(t, "BitonicSortBug", err)
}

func TestOddEvenMergeSort(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 17, 64, 128} {
		in := gen(n, func(i int) uint32 { return uint32((i * 2654435761) % 977) })
		got, err := OddEvenMergeSort(in)
		checkSorted(t, "OddEvenMergeSort", in, got, err)
	}
	_, err := OddEvenMergeSortBug(gen(32, func(i int) uint32 { return uint32(100 - i) }))
	wantDivergence(t, "OddEvenMergeSortBug", err)
}

func TestBallotRadixSort(t *testing.T) {
	for _, n := range []int{0, 1, 10, 63, 64} {
		in := gen(n, func(i int) uint32 { return uint32(i*2654435761) >> uint(i%20) })
		got, err := BallotRadixSort(in)
		checkSorted(t, "BallotRadixSort", in, got, err)
	}
	_, err := BallotRadixSortBug(gen(40, func(i int) uint32 { return uint32(i * 37 % 101) }))
	wantDivergence(t, "BallotRadixSortBug", err)
}

func TestDigitRadixSort(t *testing.T) {
	for _, n := range []int{0, 1, 10, 63, 64} {
		in := gen(n, func(i int) uint16 { return uint16(i * 40503) })
		got, err := DigitRadixSort(in)
		checkSorted(t, "DigitRadixSort", in, got, err)
	}
	_, err := DigitRadixSortBug(gen(40, func(i int) uint16 { return uint16(i * 40503) }))
	wantDivergence(t, "DigitRadixSortBug", err)
}

func TestMergePath(t *testing.T) {
	for _, sz := range [][2]int{{0, 0}, {0, 5}, {7, 0}, {100, 200}, {256, 256}, {500, 33}} {
		a := gen(sz[0], func(i int) int32 { return int32(i * 3) })
		b := gen(sz[1], func(i int) int32 { return int32(i*2 + 1) })
		got, err := MergePath(a, b)
		checkSorted(t, "MergePath", append(slices.Clone(a), b...), got, err)
	}
	a := gen(100, func(i int) int32 { return int32(i * 3) })
	b := gen(200, func(i int) int32 { return int32(i*2 + 1) })
	_, err := MergePathBug(a, b)
	wantDivergence(t, "MergePathBug", err)
}

func TestOddEvenTransposition(t *testing.T) {
	for _, n := range []int{0, 1, 2, 31, 100, 128} {
		in := gen(n, func(i int) float64 { return float64((i*61)%37) / 4 })
		got, err := OddEvenTransposition(in)
		checkSorted(t, "OddEvenTransposition", in, got, err)
	}
	in := gen(100, func(i int) float64 { return float64((i*61)%37) / 4 })
	_, err := OddEvenTranspositionBug(in)
	wantDivergence(t, "OddEvenTranspositionBug", err)
}

func TestWarpBitonic(t *testing.T) {
	for _, n := range []int{0, 1, 33, 64} {
		in := gen(n, func(i int) uint32 { return uint32(i*2654435761) >> 7 })
		got, err := WarpBitonic(in)
		checkSorted(t, "WarpBitonic", in, got, err)
	}
	_, err := WarpBitonicBug(gen(33, func(i int) uint32 { return uint32(i * 5 % 33) }))
	wantDivergence(t, "WarpBitonicBug", err)
}

func TestMergeSort(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 50, 64, 100, 128} {
		in := gen(n, func(i int) int { return (i*7919)%211 - 100 })
		got, err := MergeSort(in)
		checkSorted(t, "MergeSort", in, got, err)
	}
	_, err := MergeSortBug(gen(100, func(i int) int { return (i*7919)%211 - 100 }))
	wantDivergence(t, "MergeSortBug", err)
}

func TestBucketSplit(t *testing.T) {
	for _, n := range []int{0, 1, 7, 100, 256} {
		in := gen(n, func(i int) uint32 { return uint32(i*2654435761) >> 9 })
		var want []uint32
		for b := range uint32(buckets) {
			for _, k := range in {
				if k%buckets == b {
					want = append(want, k)
				}
			}
		}
		got, err := BucketSplit(in)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("BucketSplit(%d) = %v, %v, want %v", n, got, err, want)
		}
	}
	_, err := BucketSplitBug(gen(100, func(i int) uint32 { return uint32(i * 7) }))
	wantDivergence(t, "BucketSplitBug", err)
}
