package irreducible

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
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("divergence as expected: %v", err)
}

func wantNil(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func all(n, v int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

func TestTwoEntryDivergent(t *testing.T) {
	out := make([]int, 4)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { TwoEntryDivergent(l, out) }))
}

func TestTwoEntryUniform(t *testing.T) {
	for _, c := range []struct{ n, want int }{{4, 2}, {3, 3}} {
		out := make([]int, c.n)
		wantNil(t, spmd.Run(c.n, func(l spmd.Lane) { TwoEntryUniform(l, out) }))
		if !slices.Equal(out, all(c.n, c.want)) {
			t.Fatalf("%d lanes: out = %v", c.n, out)
		}
	}
}

func TestNestGotoIntoMiddle(t *testing.T) {
	out := make([]int, 8)
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { NestGotoIntoMiddle(l, out) }))
}

func TestNestGotoIntoMiddleUniform(t *testing.T) {
	for _, c := range []struct{ n, per int }{{8, 8}, {20, 16}} {
		out := make([]int, c.n)
		wantNil(t, spmd.Run(c.n, func(l spmd.Lane) { NestGotoIntoMiddleUniform(l, out) }))
		for idx, v := range out {
			if v != c.per*idx {
				t.Fatalf("%d lanes: out = %v", c.n, out)
			}
		}
	}
}

func TestDivergentEntryNoConvergentInside(t *testing.T) {
	out := make([]int, 6)
	wantNil(t, spmd.Run(6, func(l spmd.Lane) { DivergentEntryNoConvergentInside(l, out) }))
	if !slices.Equal(out, []int{23, 23, 23, 23, 33, 33}) {
		t.Fatalf("out = %v", out)
	}
}

func TestUniformEntryCollectiveInside(t *testing.T) {
	for _, n := range []int{4, 6} {
		out := make([]int, n)
		wantNil(t, spmd.Run(n, func(l spmd.Lane) { UniformEntryCollectiveInside(l, out) }))
		rounds := 4
		if n > 4 {
			rounds = 3
		}
		acc := 0
		for range rounds {
			acc = n*acc + n*(n-1)/2
		}
		if !slices.Equal(out, all(n, acc)) {
			t.Fatalf("%d lanes: out = %v, want all %d", n, out, acc)
		}
	}
}

func TestUniformEntryDivergentExit(t *testing.T) {
	out := make([]int, 4)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { UniformEntryDivergentExit(l, out) }))
}

func TestEntryChosenByLastSeen(t *testing.T) {
	out := make([]int, 8)
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { EntryChosenByLastSeen(l, out) }))
}

func TestEntryChosenByReducedLastSeen(t *testing.T) {
	for _, c := range []struct{ n, want int }{{8, 2}, {4, 3}} {
		out := make([]int, c.n)
		wantNil(t, spmd.Run(c.n, func(l spmd.Lane) { EntryChosenByReducedLastSeen(l, out) }))
		if !slices.Equal(out, all(c.n, c.want)) {
			t.Fatalf("%d lanes: out = %v", c.n, out)
		}
	}
}

func TestDivergentRejoinThenUniformEntry(t *testing.T) {
	out := make([]int, 4)
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { DivergentRejoinThenUniformEntry(l, out) }))
	if !slices.Equal(out, []int{3, 6, 3, 6}) {
		t.Fatalf("out = %v", out)
	}
}

func TestThreeLevelNestTwoGotos(t *testing.T) {
	out := make([]int, 8)
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { ThreeLevelNestTwoGotos(l, out) }))
}

func TestRestartNestWithGoto(t *testing.T) {
	out := make([]int, 20)
	wantNil(t, spmd.Run(20, func(l spmd.Lane) { RestartNestWithGoto(l, out) }))
	for idx, v := range out {
		want := 16
		if idx < 16 {
			want += idx
		}
		if v != want {
			t.Fatalf("out = %v", out)
		}
	}
}

func TestRestartNestBarrierInOuter(t *testing.T) {
	out := make([]int, 4)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { RestartNestBarrierInOuter(l, out) }))
}
