package gotoexit

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

func TestGotoAfterNest(t *testing.T) {
	data := []int{9, 9, 3, 9, 0, 9, 9, 9, 9, 1, 9, 9, 9, 9, 2, 9}
	out := make([]int, 5)
	wantNil(t, spmd.Run(5, func(l spmd.Lane) { GotoAfterNest(l, data, out) }))
	if !slices.Equal(out, []int{4, 9, 14, 2, -1}) {
		t.Fatalf("out = %v", out)
	}
}

func TestGotoSkipsBarrier(t *testing.T) {
	out := make([]int, 8)
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { GotoSkipsBarrier(l, out) }))
}

func TestGotoSiblingForLabel(t *testing.T) {
	out := make([]int, 8)
	wantNil(t, spmd.Run(8, func(l spmd.Lane) { GotoSiblingForLabel(l, out) }))
	if !slices.Equal(out, all(8, 3)) {
		t.Fatalf("out = %v", out)
	}
}

func TestGotoSiblingGotoLoopHeader(t *testing.T) {
	// 20 lanes: lanes 16.. finish the nest without the goto.
	out := make([]int, 20)
	wantNil(t, spmd.Run(20, func(l spmd.Lane) { GotoSiblingGotoLoopHeader(l, out) }))
	if !slices.Equal(out, all(20, 3)) {
		t.Fatalf("out = %v", out)
	}
}

func TestGotoSiblingHeaderCarriesCounter(t *testing.T) {
	out := make([]int, 8)
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { GotoSiblingHeaderCarriesCounter(l, out) }))
}

func TestGotoSiblingForBoundFromOuter(t *testing.T) {
	out := make([]int, 8)
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { GotoSiblingForBoundFromOuter(l, out) }))
}

func TestGotoUniformExitSkipsBarrier(t *testing.T) {
	for _, c := range []struct{ n, per int }{{4, 13}, {5, 24}} {
		out := make([]int, c.n)
		wantNil(t, spmd.Run(c.n, func(l spmd.Lane) { GotoUniformExitSkipsBarrier(l, out) }))
		for idx, v := range out {
			if v != c.per*idx {
				t.Fatalf("%d lanes: out = %v", c.n, out)
			}
		}
	}
}

func TestGotoFoundOthersReturn(t *testing.T) {
	out := make([]int, 6)
	wantDivergence(t, spmd.Run(6, func(l spmd.Lane) { GotoFoundOthersReturn(l, out) }))
}

func TestReturnAfterLastBarrier(t *testing.T) {
	out := make([]int, 20)
	wantNil(t, spmd.Run(20, func(l spmd.Lane) { ReturnAfterLastBarrier(l, out) }))
	want := append(all(16, 3), all(4, -1)...)
	if !slices.Equal(out, want) {
		t.Fatalf("out = %v", out)
	}
}

func TestReturnFromInnerBarrierInOuter(t *testing.T) {
	out := make([]int, 4)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { ReturnFromInnerBarrierInOuter(l, out) }))
}

func TestGotoLoopInForDivergentLeave(t *testing.T) {
	out := make([]int, 4)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { GotoLoopInForDivergentLeave(l, out) }))
}

func TestGotoLoopInForUniformLeave(t *testing.T) {
	out := make([]int, 4)
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { GotoLoopInForUniformLeave(l, out) }))
	if !slices.Equal(out, []int{0, 9, 18, 27}) {
		t.Fatalf("out = %v", out)
	}
}

func TestGotoSiblingHeaderAfterReduce(t *testing.T) {
	out := make([]int, 8)
	wantNil(t, spmd.Run(8, func(l spmd.Lane) { GotoSiblingHeaderAfterReduce(l, out) }))
	if !slices.Equal(out, all(8, 3)) {
		t.Fatalf("out = %v", out)
	}
}
