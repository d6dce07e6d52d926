package containers

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

var tree = [][]int{0: {1, 2}, 1: {3}, 2: {}, 3: {}}

var path = [][]int{0: {1}, 1: {0, 2}, 2: {1, 3}, 3: {2, 4}, 4: {3}}

func TestStackDrain(t *testing.T) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { StackDrain(l, []int{1, 2, 3}, out) })
	allEqual(t, err, out, 4*6+3*6)
}

func TestStackFiltered(t *testing.T) {
	out := make([]int, 3)
	diverges(t, spmd.Run(3, func(l spmd.Lane) { StackFiltered(l, []int{1, 2, 3, 4, 5, 6}, out) }))
}

func TestSubtreeWalk(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { SubtreeWalk(l, tree, out) }))
}

func TestWeightedTreeSum(t *testing.T) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { WeightedTreeSum(l, tree, out) })
	allEqual(t, err, out, (0+1+2+3)*(0+1+2+3))
}

func TestFrontierSync(t *testing.T) {
	out := make([]int, 3)
	diverges(t, spmd.Run(3, func(l spmd.Lane) { FrontierSync(l, path, out) }))
}

func TestNeighbourJobs(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { NeighbourJobs(l, []int{1, 2, 3, 4}, out) }))
}

func TestLeaderJobs(t *testing.T) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { LeaderJobs(l, []int{3, 9, 9, 9}, out) })
	allEqual(t, err, out, 4*(0+1+2)+3*(0+1+2+3))
}

func TestBucketPhases(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { BucketPhases(l, []int{0, 1}, 4, out) }))
}

func TestBinTotals(t *testing.T) {
	const n = 4
	data := []int{0, 1, 2, 3, 4, 5}
	want := make([]int, 3)
	for _, d := range data {
		for i := 0; i < n; i++ {
			want[(d+i)%3]++
		}
	}
	out := make([]int, 3)
	if err := spmd.Run(n, func(l spmd.Lane) { BinTotals(l, data, out) }); err != nil {
		t.Fatal(err)
	}
	for b := range want {
		if out[b] != want[b] {
			t.Fatalf("out = %v, want %v", out, want)
		}
	}
}

func TestChainSync(t *testing.T) {
	out := make([]int, 2)
	diverges(t, spmd.Run(2, func(l spmd.Lane) { ChainSync(l, out) }))
}

func TestFixedChain(t *testing.T) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { FixedChain(l, []int{1, 2, 3}, out) })
	allEqual(t, err, out, 6*6)
}

func TestTopItemRounds(t *testing.T) {
	items := []Item{{ID: 1}, {ID: 2}, {ID: 3}, {ID: 4}}
	out := make([]int, 2)
	diverges(t, spmd.Run(2, func(l spmd.Lane) { TopItemRounds(l, items, out) }))
}

func TestEvenIDScores(t *testing.T) {
	items := []Item{{ID: 4}, {ID: 1}, {ID: 3}, {ID: 2}}
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { EvenIDScores(l, items, out) })
	allEqual(t, err, out, (2+4)*(0+1+2+3))
	if items[0].ID != 4 || items[0].Score != 0 {
		t.Fatal("shared items were modified")
	}
}

func TestPopUntilMarker(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { PopUntilMarker(l, []int{0, 1, 2, 3}, out) }))
}
