package sparse_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round21/lib/block"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round21/lib/sparse"
	"github.com/spmdvet/spmdvet/spmd"
)

func ok(t *testing.T, n int, k func(spmd.Lane)) {
	t.Helper()
	if err := spmd.Run(n, k); err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func diverges(t *testing.T, n int, k func(spmd.Lane)) {
	t.Helper()
	err := spmd.Run(n, k)
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want DivergenceError, got %v", err)
	}
}

// m is the 5x4 matrix
//
//	[1 0 2 0]
//	[0 0 0 0]
//	[0 3 0 0]
//	[4 5 6 7]
//	[0 0 0 8]
var m = sparse.CSR{
	Rows:   5,
	RowPtr: []int{0, 2, 2, 3, 7, 8},
	Col:    []int{0, 2, 1, 0, 1, 2, 3, 3},
	Val:    []float64{1, 2, 3, 4, 5, 6, 7, 8},
}

var x = []float64{1, 1, 1, 1}
var want = []float64{3, 0, 3, 22, 8}

func TestSpMV(t *testing.T) {
	for _, k := range []func(spmd.Lane, sparse.CSR, []float64, []float64){
		sparse.SpMVScalar, sparse.SpMVVector, sparse.SpMVVectorSkipEmpty,
	} {
		y := make([]float64, 5)
		ok(t, 4, func(l spmd.Lane) { k(l, m, x, y) })
		if !slices.Equal(y, want) {
			t.Fatalf("y %v", y)
		}
	}
	y := make([]float64, 5)
	diverges(t, 4, func(l spmd.Lane) { sparse.SpMVScalarNorm(l, m, x, y, []float64{0}) })
	diverges(t, 4, func(l spmd.Lane) { sparse.SpMVVectorSkipIdle(l, m, x, y) })
}

func TestSpMVAcc(t *testing.T) {
	out := []float64{0}
	ok(t, 4, func(l spmd.Lane) { sparse.SpMVAcc(l, m, x, out) })
	if out[0] != 36 {
		t.Fatalf("out %v", out)
	}
	// 4 lanes: lane 1 has only the empty row 1, so its sum is 0.
	diverges(t, 4, func(l spmd.Lane) { sparse.SpMVAccNonzero(l, m, x, out) })
}

func TestRowCombine(t *testing.T) {
	y := make([]float64, 5)
	ok(t, 4, func(l spmd.Lane) { sparse.RowCombine(l, m, block.SumOf[float64]{}, y) })
	if !slices.Equal(y, want) {
		t.Fatalf("y %v", y)
	}
	ok(t, 4, func(l spmd.Lane) { sparse.RowCombine(l, m, block.MaxOf[float64]{}, y) })
	if !slices.Equal(y, []float64{2, 0, 3, 7, 8}) {
		t.Fatalf("y %v", y)
	}
}

func TestRowCombineNonzero(t *testing.T) {
	y := make([]float64, 5)
	diverges(t, 4, func(l spmd.Lane) { sparse.RowCombineNonzero(l, m, y) })
}

var in = []int{3, -1, 0, 4, 5, -2, 7, 0, 0, 9}

func TestCompact(t *testing.T) {
	for _, k := range []func(spmd.Lane, []int, []int, []int){sparse.Compact, sparse.CompactBallot} {
		out := make([]int, len(in))
		count := []int{0}
		ok(t, 4, func(l spmd.Lane) { k(l, in, out, count) })
		if count[0] != 5 || !slices.Equal(out[:5], []int{3, 4, 5, 7, 9}) {
			t.Fatalf("out %v count %v", out, count)
		}
	}
	out := make([]int, len(in))
	diverges(t, 4, func(l spmd.Lane) { sparse.CompactGuarded(l, in, out, []int{0}) })
	diverges(t, 4, func(l spmd.Lane) { sparse.CompactBallotGuarded(l, in, out) })
}

func TestWorkQueue(t *testing.T) {
	items := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	out := make([]int, len(items))
	var next int64
	ok(t, 4, func(l spmd.Lane) { sparse.WorkQueueLeader(l, items[:10], &next, out) })
	for i := 0; i < 10; i++ {
		if out[i] != 2*items[i] {
			t.Fatalf("out %v", out)
		}
	}
	next = 0
	diverges(t, 4, func(l spmd.Lane) { sparse.WorkQueue(l, items[:10], &next, out) })
	next = 0
	diverges(t, 8, func(l spmd.Lane) { sparse.WorkQueueTiles(l, items, &next, out) })
}

func TestDot(t *testing.T) {
	a := []float64{1, 0, 2, 0, 3}
	b := []float64{1, 1, 1, 1, 1}
	out := []float64{0}
	ok(t, 4, func(l spmd.Lane) { sparse.Dot(l, a, b, out) })
	if out[0] != 6 {
		t.Fatalf("out %v", out)
	}
	diverges(t, 4, func(l spmd.Lane) { sparse.DotSkipZeros(l, a, b, out) })
}

func TestRowRounds(t *testing.T) {
	rounds := []int{0}
	// lane 0: row 0 has 2 nonzeros; lane 3: row 3 has 4.
	ok(t, 4, func(l spmd.Lane) { sparse.RowRounds(l, m, rounds) })
	if rounds[0] != 6 {
		t.Fatalf("rounds %v", rounds)
	}
	diverges(t, 4, func(l spmd.Lane) { sparse.RowRoundsPartner(l, m) })
	diverges(t, 4, func(l spmd.Lane) { sparse.RowRoundsNext(l, m) })
}

func TestSegmentSums(t *testing.T) {
	vals := []int{1, 2, 3, 4, 0, 6}
	heads := []bool{true, false, true, false, false, true}
	out := make([]int, 6)
	ok(t, 6, func(l spmd.Lane) { sparse.SegmentSums(l, vals, heads, out) })
	if !slices.Equal(out, []int{0, 3, 0, 0, 7, 6}) {
		t.Fatalf("out %v", out)
	}
	diverges(t, 6, func(l spmd.Lane) { sparse.SegmentSumsNonEmpty(l, vals, heads, out) })
}

func TestMaxRowLength(t *testing.T) {
	out := []int{-1}
	ok(t, 8, func(l spmd.Lane) { sparse.MaxRowLength(l, m, out) })
	if out[0] != 4 {
		t.Fatalf("out %v", out)
	}
}
