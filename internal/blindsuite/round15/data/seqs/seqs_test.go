package seqs

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func diverges(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
}

func allEqual(t *testing.T, err error, out []int, want int) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	for i, v := range out {
		if v != want {
			t.Fatalf("out[%d] = %d, want %d (out %v)", i, v, want, out)
		}
	}
}

func TestScaledSum(t *testing.T) {
	data := []int{1, 2, 3}
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { ScaledSum(l, data, out) })
	allEqual(t, err, out, 6*6)
}

func TestStridedMax(t *testing.T) {
	data := []int{5, 1, 4, 2, 3}
	out := make([]int, 3)
	diverges(t, spmd.Run(3, func(l spmd.Lane) { StridedMax(l, data, out) }))
}

func TestOwnedPhases(t *testing.T) {
	data := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { OwnedPhases(l, data, out) }))
}

func TestOwnedPaddedSum(t *testing.T) {
	data := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { OwnedPaddedSum(l, data, out) })
	allEqual(t, err, out, 45)
}

func TestWindowSums(t *testing.T) {
	data := []int{1, 2, 3, 4, 5, 6, 7, 8}
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { WindowSums(l, data, out) })
	allEqual(t, err, out, 6+9+12+15)
}

func TestTailCount(t *testing.T) {
	data := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { TailCount(l, data, out) }))
}

func TestSortedCutoff(t *testing.T) {
	data := []int{1, 2, 3, 4}
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { SortedCutoff(l, data, out) }))
}

func TestSortedSharedCutoff(t *testing.T) {
	data := []int{5, 1, 4, 2, 3}
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { SortedSharedCutoff(l, data, 3, out) })
	allEqual(t, err, out, (1+2+3)*(0+1+2+3))
	if data[0] != 5 {
		t.Fatal("shared data was modified")
	}
}

func TestUntilZero(t *testing.T) {
	data := []int{1, 2, 3, 4, 5, 6}
	out := make([]int, 3)
	diverges(t, spmd.Run(3, func(l spmd.Lane) { UntilZero(l, data, out) }))
}

func TestRaggedRows(t *testing.T) {
	out := make([]int, 2)
	diverges(t, spmd.Run(2, func(l spmd.Lane) { RaggedRows(l, 3, out) }))
}

func TestTriangleRows(t *testing.T) {
	const n, rows = 4, 3
	want := 0
	for r := 0; r < rows; r++ {
		for c := 0; c <= r; c++ {
			for i := 0; i < n; i++ {
				want += r*c + i
			}
		}
	}
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) { TriangleRows(l, rows, out) })
	allEqual(t, err, out, want)
}

func TestSignedCopy(t *testing.T) {
	const n = 5
	data := []int{3, 8, 1, 6, 7}
	want := 0
	for _, d := range data {
		for i := 0; i < n; i++ {
			if (d+i)%2 == 1 {
				want -= d
			} else {
				want += d
			}
		}
	}
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) { SignedCopy(l, data, out) })
	allEqual(t, err, out, want)
}
