package sortnet_test

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round21/lib/sortnet"
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

func sorted(t *testing.T, got []int) {
	t.Helper()
	if !slices.IsSorted(got) {
		t.Fatalf("not sorted: %v", got)
	}
}

var input = []int{5, 1, 7, 3, 8, 2, 6, 4}

func TestBitonicShared(t *testing.T) {
	keys := slices.Clone(input)
	ok(t, 8, func(l spmd.Lane) { sortnet.BitonicShared(l, keys) })
	sorted(t, keys)
	keys = slices.Clone(input)
	diverges(t, 8, func(l spmd.Lane) { sortnet.BitonicSharedGuarded(l, keys) })
}

func TestBitonicRegs(t *testing.T) {
	in := input[:6]
	out := make([]int, 6)
	ok(t, 8, func(l spmd.Lane) { sortnet.BitonicRegs(l, in, out) })
	sorted(t, out)
	if out[0] != 1 || out[5] != 8 {
		t.Fatalf("out %v", out)
	}
	diverges(t, 8, func(l spmd.Lane) { sortnet.BitonicRegsSkip(l, in, out) })
}

func TestOddEven(t *testing.T) {
	keys := slices.Clone(input)
	ok(t, 8, func(l spmd.Lane) { sortnet.OddEven(l, keys) })
	sorted(t, keys)
	keys = slices.Clone(input)
	ok(t, 8, func(l spmd.Lane) { sortnet.OddEvenUntilSortedAny(l, keys) })
	sorted(t, keys)
	keys = []int{4, 3, 2, 1}
	diverges(t, 4, func(l spmd.Lane) { sortnet.OddEvenUntilSorted(l, keys) })
}

func TestRankSort(t *testing.T) {
	out := make([]int, 6)
	in := []int{3, 1, 3, 0, 9, 2}
	ok(t, 8, func(l spmd.Lane) { sortnet.RankSort(l, in, out) })
	if !slices.Equal(out, []int{0, 1, 2, 3, 3, 9}) {
		t.Fatalf("out %v", out)
	}
}

func TestPairSwap(t *testing.T) {
	keys := []int{2, 1, 3, 4}
	sh := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { sortnet.PairSwap(l, keys, sh) })
	if !slices.Equal(keys, []int{1, 2, 3, 4}) {
		t.Fatalf("keys %v", keys)
	}
	diverges(t, 4, func(l spmd.Lane) { sortnet.PairSwapLeader(l, keys, sh) })
}

func TestMergeSync(t *testing.T) {
	keys := []int{2, 1, 3, 4, 9, 0}
	ok(t, 6, func(l spmd.Lane) { sortnet.MergeSync(l, keys) })
	if !slices.Equal(keys, []int{1, 2, 3, 4, 0, 9}) {
		t.Fatalf("keys %v", keys)
	}
	keys = []int{2, 1, 3, 4}
	diverges(t, 4, func(l spmd.Lane) { sortnet.MergeSyncSwapped(l, keys) })
}

func TestTopK(t *testing.T) {
	out := make([]int, 3)
	ok(t, 8, func(l spmd.Lane) { sortnet.TopK(l, input, 3, out) })
	if !slices.Equal(out, []int{8, 7, 6}) {
		t.Fatalf("out %v", out)
	}
	all := make([]int, 8)
	ok(t, 8, func(l spmd.Lane) { sortnet.Drain(l, input, all) })
	if !slices.Equal(all, []int{8, 7, 6, 5, 4, 3, 2, 1}) {
		t.Fatalf("all %v", all)
	}
	diverges(t, 8, func(l spmd.Lane) { sortnet.DrainLocal(l, input, all) })
}

func TestChunkRounds(t *testing.T) {
	rounds := []int{-1, -1, -1, -1}
	ok(t, 4, func(l spmd.Lane) { sortnet.ChunkRounds(l, 10, rounds) })
	if !slices.Equal(rounds, []int{0, 1, 2, -1}) {
		t.Fatalf("rounds %v", rounds)
	}
	diverges(t, 4, func(l spmd.Lane) { sortnet.ChunkRoundsRemaining(l, 5) })
}

func TestAdjacent(t *testing.T) {
	out := []bool{false}
	ok(t, 8, func(l spmd.Lane) { sortnet.AdjacentOutOfOrderAll(l, input, out) })
	if !out[0] {
		t.Fatal("want out of order")
	}
	out[0] = false
	ok(t, 4, func(l spmd.Lane) { sortnet.AdjacentOutOfOrderAll(l, []int{1, 2, 3, 4}, out) })
	if out[0] {
		t.Fatal("want in order")
	}
	diverges(t, 4, func(l spmd.Lane) { sortnet.AdjacentOutOfOrder(l, []int{1, 2, 3, 4}, out) })
}

func TestTiledMax(t *testing.T) {
	keys := []int{1, 9, 2, 3, 4, 5, 6, 0, 7, 8}
	maxes := make([]int, 3)
	ok(t, 4, func(l spmd.Lane) { sortnet.TiledMax(l, keys, maxes) })
	if !slices.Equal(maxes, []int{9, 6, 8}) {
		t.Fatalf("maxes %v", maxes)
	}
	_ = math.MaxInt
}
