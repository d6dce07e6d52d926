package org

import (
	"errors"
	"slices"
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

func ok(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func TestLeaderPublishes(t *testing.T) {
	var out float64
	ok(t, spmd.Run(4, func(l spmd.Lane) { LeaderPublishes(l, &out) }))
	if out != 6 {
		t.Fatal(out)
	}
}

func TestLeaderReduces(t *testing.T) {
	var out float64
	diverges(t, spmd.Run(4, func(l spmd.Lane) { LeaderReduces(l, &out) }))
}

func TestRankSyncs(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { RankSyncs(l, out) }))
}

func TestWidthSyncs(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { WidthSyncs(l, out) }))
	if !slices.Equal(out, []int{4, 4, 4, 4}) {
		t.Fatal(out)
	}
}

func TestChunkSum(t *testing.T) {
	var out float64
	ok(t, spmd.Run(4, func(l spmd.Lane) { ChunkSum(l, []float64{1, 2, 3}, &out) }))
	if out != 6 {
		t.Fatal(out)
	}
}

func TestChunkSumSkipEmpty(t *testing.T) {
	var out float64
	diverges(t, spmd.Run(4, func(l spmd.Lane) { ChunkSumSkipEmpty(l, []float64{1, 2, 3}, &out) }))
}

func TestOffsetSync(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { OffsetSync(l, []int{1, 2, 3, 4}, out) }))
}

func TestOffsetTotalSync(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { OffsetTotalSync(l, []int{1, 2, 3, 4}, out) }))
	if !slices.Equal(out, []int{0, 1, 3, 6}) {
		t.Fatal(out)
	}
}

func TestMeanCentered(t *testing.T) {
	out := make([]float64, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { MeanCentered(l, []float64{1, 2, 3, 6}, out) }))
	if !slices.Equal(out, []float64{-2, -1, 0, 3}) {
		t.Fatal(out)
	}
}

func TestMeanWhenNegative(t *testing.T) {
	out := make([]float64, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { MeanWhenNegative(l, []float64{1, -2, 3, 6}, out) }))
}

func TestFenceOdd(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { FenceOdd(l, out) }))
}

func TestFenceGroups(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { FenceGroups(l, out) }))
	if out[0] != 4 {
		t.Fatal(out)
	}
}

func TestCtxSum(t *testing.T) {
	var out float64
	ok(t, spmd.Run(4, func(l spmd.Lane) { CtxSum(l, []float64{1, 2, 3, 4, 5}, &out) }))
	if out != 15 {
		t.Fatal(out)
	}
}

func TestCtxSumMine(t *testing.T) {
	out := make([]float64, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { CtxSumMine(l, []float64{1, 2}, out) }))
}

func TestTotalOfRank(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { TotalOfRank(l, out) }))
}
