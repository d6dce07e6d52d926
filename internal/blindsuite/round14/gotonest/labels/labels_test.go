package labels

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

func TestBreakOuterThenBarrier(t *testing.T) {
	out := make([]int, 8)
	wantNil(t, spmd.Run(8, func(l spmd.Lane) { BreakOuterThenBarrier(l, out) }))
	if !slices.Equal(out, []int{0, 1, 2, 3, 4, 5, 6, 7}) {
		t.Fatalf("out = %v", out)
	}
}

func TestBreakOuterBarrierInInner(t *testing.T) {
	out := make([]int, 4)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { BreakOuterBarrierInInner(l, out) }))
}

func TestContinueOuterSkipsBarrier(t *testing.T) {
	out := make([]int, 4)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { ContinueOuterSkipsBarrier(l, out) }))
}

func TestContinueOuterUniformThreeLevels(t *testing.T) {
	const n = 4
	out := make([]int, n)
	wantNil(t, spmd.Run(n, func(l spmd.Lane) { ContinueOuterUniformThreeLevels(l, out) }))
	want := 0
	for idx := range n {
	outer:
		for i := range 4 {
			for j := range 4 {
				for k := range 4 {
					if i+j+k == 7 {
						continue outer
					}
					want += idx * k
				}
			}
		}
	}
	for _, v := range out {
		if v != want {
			t.Fatalf("out = %v, want all %d", out, want)
		}
	}
}

var grid = [][]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}}

func TestFindThenReduce(t *testing.T) {
	out := make([]int, 8)
	wantNil(t, spmd.Run(8, func(l spmd.Lane) { FindThenReduce(l, grid, out) }))
	if !slices.Equal(out, []int{7, 7, 7, 7, 7, 7, 7, 7}) {
		t.Fatalf("out = %v", out)
	}
}

func TestFindThenBranch(t *testing.T) {
	out := make([]int, 8)
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { FindThenBranch(l, grid, out) }))
}

func TestOuterCounterWithContinueOuter(t *testing.T) {
	out := make([]int, 8)
	wantNil(t, spmd.Run(8, func(l spmd.Lane) { OuterCounterWithContinueOuter(l, out) }))
	if !slices.Equal(out, []int{5, 10, 15, 20, 25, 25, 25, 25}) {
		t.Fatalf("out = %v", out)
	}
}

func TestInnerCounterWithContinueOuter(t *testing.T) {
	out := make([]int, 4)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { InnerCounterWithContinueOuter(l, out) }))
}

func TestBreakMiddleOfThree(t *testing.T) {
	out := make([]int, 4)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { BreakMiddleOfThree(l, out) }))
}

func TestUniformBreakMiddleOnReduction(t *testing.T) {
	const n = 4
	out := make([]int, n)
	wantNil(t, spmd.Run(n, func(l spmd.Lane) { UniformBreakMiddleOnReduction(l, out) }))
	want := 0
	for i := range 3 {
	middle:
		for j := range 4 {
			for k := range 4 {
				s := n*(n-1)/2 + n*k
				if s > 10*(i+1)+j {
					break middle
				}
				want += s
			}
		}
	}
	if want == 0 {
		t.Fatal("reference computed nothing")
	}
	for _, v := range out {
		if v != want {
			t.Fatalf("out = %v, want all %d", out, want)
		}
	}
}

func TestContinueOuterOnAnyVote(t *testing.T) {
	out := make([]int, 4)
	data := []int{1, 6, 20, 20}
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { ContinueOuterOnAnyVote(l, data, out) }))
	if !slices.Equal(out, []int{2, 2, 2, 2}) {
		t.Fatalf("out = %v", out)
	}
}

func TestBallotAfterDivergentContinueOuter(t *testing.T) {
	out := make([]uint64, 4)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { BallotAfterDivergentContinueOuter(l, out) }))
}

func TestRangeSliceBreakOuterInGotoLoop(t *testing.T) {
	const n = 4
	rows := [][]int{{0, 1, 2}, {3, 4, 5}}
	out := make([]int, n)
	wantNil(t, spmd.Run(n, func(l spmd.Lane) { RangeSliceBreakOuterInGotoLoop(l, rows, out) }))
	for idx := range n {
		want := 0
		for round := range 3 {
		scan:
			for _, row := range rows {
				for _, v := range row {
					if v == idx+round {
						break scan
					}
					want++
				}
			}
		}
		if out[idx] != want {
			t.Fatalf("lane %d: out = %d, want %d", idx, out[idx], want)
		}
	}
}
