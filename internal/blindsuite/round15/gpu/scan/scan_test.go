package scan

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want a *spmd.DivergenceError, got %v", err)
	}
	t.Logf("divergence as expected: %v", err)
}

var data8 = []int{3, 1, 4, 1, 5, 9, 2, 6}

func inclusive(d []int) []int {
	out := make([]int, len(d))
	s := 0
	for i, x := range d {
		s += x
		out[i] = s
	}
	return out
}

func exclusive(d []int) []int {
	out := make([]int, len(d))
	s := 0
	for i, x := range d {
		out[i] = s
		s += x
	}
	return out
}

func TestHillisSteeleShared(t *testing.T) {
	got, err := HillisSteeleShared(data8)
	if err != nil || !slices.Equal(got, inclusive(data8)) {
		t.Fatalf("got %v, %v", got, err)
	}
}

func TestHillisSteeleBarrierInBranch(t *testing.T) {
	_, err := HillisSteeleBarrierInBranch(data8)
	wantDivergence(t, err)
}

func TestBlellochShared(t *testing.T) {
	d := []int{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3}
	got, err := BlellochShared(d)
	if err != nil || !slices.Equal(got, exclusive(d)) {
		t.Fatalf("got %v, %v; want %v", got, err, exclusive(d))
	}
}

func TestBlellochRootClear(t *testing.T) {
	_, err := BlellochRootClear(data8)
	wantDivergence(t, err)
}

func TestShuffleScan(t *testing.T) {
	got, err := ShuffleScan(data8)
	if err != nil || !slices.Equal(got, inclusive(data8)) {
		t.Fatalf("got %v, %v", got, err)
	}
}

func TestShuffleScanGuarded(t *testing.T) {
	_, err := ShuffleScanGuarded(data8)
	wantDivergence(t, err)
}

func TestCompactBallot(t *testing.T) {
	got, err := CompactBallot([]int{0, 5, 0, 0, 7, 1, 0, 2})
	if err != nil || !slices.Equal(got, []int{5, 7, 1, 2}) {
		t.Fatalf("got %v, %v", got, err)
	}
}

func TestCompactBallotInBranch(t *testing.T) {
	_, err := CompactBallotInBranch([]int{0, 5, 0, 0, 7, 1, 0, 2})
	wantDivergence(t, err)
}

func TestCompactAnyShortCircuit(t *testing.T) {
	// 5 inputs in 8 lanes: the padding lanes skip the Any.
	_, err := CompactAnyShortCircuit([]int{0, 5, 3, 0, 2}, 8)
	wantDivergence(t, err)
	// With a negative input the in-range lanes would return and the padding
	// lanes go on to the Ballot; the run stops at the Any first.
	_, err = CompactAnyShortCircuit([]int{0, -5, 3, 0, 2}, 8)
	wantDivergence(t, err)
}

func TestCompactAnyChecked(t *testing.T) {
	got, aborted, err := CompactAnyChecked([]int{0, 5, 3, 0, 2}, 8)
	if err != nil || aborted || !slices.Equal(got, []int{5, 3, 2}) {
		t.Fatalf("got %v, %v, %v", got, aborted, err)
	}
	got, aborted, err = CompactAnyChecked([]int{0, -5, 3, 0, 2}, 8)
	if err != nil || !aborted || len(got) != 0 {
		t.Fatalf("got %v, %v, %v", got, aborted, err)
	}
}

func TestRadixSplit(t *testing.T) {
	keys := []uint32{5, 2, 7, 4, 1, 8, 6, 3}
	got, err := RadixSplit(keys, 0)
	want := []uint32{2, 4, 8, 6, 5, 7, 1, 3}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("got %v, %v; want %v", got, err, want)
	}
}

func TestRadixSplitSwitch(t *testing.T) {
	_, err := RadixSplitSwitch([]uint32{5, 2, 7, 4, 1, 8, 6, 3}, 0)
	wantDivergence(t, err)
}

func TestBitonicSortShared(t *testing.T) {
	d := []int{9, 3, 14, 1, 5, 9, 2, 6, 15, 3, 5, 8, 0, 7, 11, 4}
	got, err := BitonicSortShared(d)
	want := slices.Sorted(slices.Values(d))
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("got %v, %v; want %v", got, err, want)
	}
}

func TestBitonicSortBarrierInSwap(t *testing.T) {
	_, err := BitonicSortBarrierInSwap(data8)
	wantDivergence(t, err)
}

func TestBitonicShuffle(t *testing.T) {
	d := []int{9, 3, 14, 1, 5, 9, 2, 6, 15, 3, 5, 8, 0, 7, 11, 4}
	got, err := BitonicShuffle(d)
	want := slices.Sorted(slices.Values(d))
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("got %v, %v; want %v", got, err, want)
	}
}
