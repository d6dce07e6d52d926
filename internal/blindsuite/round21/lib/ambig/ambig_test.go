package ambig_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round21/lib/ambig"
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

func TestSyncN(t *testing.T) {
	ok(t, 4, func(l spmd.Lane) { ambig.SyncNUniform(l, 3) })
	ok(t, 4, func(l spmd.Lane) { ambig.SyncN(l, 2) })
	diverges(t, 4, func(l spmd.Lane) { ambig.SyncNByLane(l) })
}

func TestForEachReduce(t *testing.T) {
	out := make([]int, 8)
	ok(t, 4, func(l spmd.Lane) { ambig.ForEachReduce(l, 8, out) })
	if !slices.Equal(out, []int{6, 6, 6, 6, 22, 22, 22, 22}) {
		t.Fatalf("out %v", out)
	}
	diverges(t, 4, func(l spmd.Lane) { ambig.ForEachReduce(l, 6, out) })
}

func TestCombineFirstTwo(t *testing.T) {
	out := make([]int, 4)
	ok(t, 2, func(l spmd.Lane) { ambig.CombineFirstTwo(l, out) })
	diverges(t, 4, func(l spmd.Lane) { ambig.CombineFirstTwo(l, out) })
}

func TestStage(t *testing.T) {
	buf := []int{1, 2, 3, 4}
	ok(t, 4, func(l spmd.Lane) { ambig.StageSync(l, buf) })
	if !slices.Equal(buf, []int{2, 4, 6, 8}) {
		t.Fatalf("buf %v", buf)
	}
	ok(t, 4, func(l spmd.Lane) { ambig.Stage(l, buf) })
	diverges(t, 4, func(l spmd.Lane) { ambig.StageLeader(l, buf) })
}

func TestMapSum(t *testing.T) {
	m := map[int]int{1: 1, 2: 2, 3: 3}
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { ambig.MapSum(l, m, out) })
	for _, s := range out {
		// Every iteration sums k*v over 4 lanes, each lane at its own key.
		if s <= 0 {
			t.Fatalf("out %v", out)
		}
	}
}

func TestArrayElems(t *testing.T) {
	out := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { ambig.ArrayElems(l, out) })
	if !slices.Equal(out, []int{0, 1, 2, 3}) {
		t.Fatalf("out %v", out)
	}
}

func TestClosureFlag(t *testing.T) {
	out := make([]int, 4)
	ok(t, 1, func(l spmd.Lane) { ambig.ClosureFlag(l, out) })
	diverges(t, 4, func(l spmd.Lane) { ambig.ClosureFlag(l, out) })
}

func TestRounds(t *testing.T) {
	ok(t, 4, func(l spmd.Lane) { ambig.Rounds(l, 2) })
	diverges(t, 4, func(l spmd.Lane) { ambig.RoundsByLane(l) })
}

func TestSizedSync(t *testing.T) {
	ok(t, 3, func(l spmd.Lane) { ambig.SizedSync(l, ambig.LaneSizer{}) })
	diverges(t, 4, func(l spmd.Lane) { ambig.SizedSync(l, ambig.LaneSizer{}) })
}
