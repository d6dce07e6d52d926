package gotos

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round9/internal/kt"
	"github.com/spmdvet/spmdvet/spmd"
)

func TestGLoopUniform(t *testing.T) {
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { GLoopUniform(l, []int{0, 1, 2, 5}, out) })
	// total 8 per lane minus own index: 8+7+6 = 21
	kt.Eq(t, out, kt.Fill(3, 21))
}

func TestGLoopSkipBarrierBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { GLoopSkipBarrierBad(l, []int{0, 5}, out) })
}

func TestGLoopDivergentExitBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { GLoopDivergentExitBad(l, []int{0, 1, 2}, out) })
}

func TestGRestartLabelledForUniform(t *testing.T) {
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { GRestartLabelledForUniform(l, 3, out) })
	// first pass i=0 only (then restart at i=1), second pass i=0,1,2.
	// lane0: first pass skip i=0 -> 0; second pass skip 0 -> i=1 restart? no, restarts=1; acc: i=1,2 -> 2
	// lane1: first pass i=0 -> 1; second pass i=0,2 -> 2 => 3
	// lane2: first pass i=0 -> 1; second: i=0,1 -> 2 => 3
	kt.Eq(t, out, kt.Fill(3, 8))
}

func TestGRestartLabelledForDivergentBad(t *testing.T) {
	out := make([]int, 2)
	kt.Diverges(t, 2, func(l spmd.Lane) { GRestartLabelledForDivergentBad(l, 3, out) })
}

func TestGIrreducibleDivergentBad(t *testing.T) {
	out := make([]int, 2)
	kt.Diverges(t, 2, func(l spmd.Lane) { GIrreducibleDivergentBad(l, 3, out) })
}

func TestGIrreducibleUniform(t *testing.T) {
	for _, n := range []int{2, 3} {
		out := make([]int, 3)
		kt.OK(t, 3, func(l spmd.Lane) { GIrreducibleUniform(l, n, out) })
		// n=2: enter at B: k=1, goto A once: x=idx -> sum 3
		// n=3: enter at A: x=idx, k=1, A again x=2idx, k=2, A again x=3idx, k=3 -> sum 9
		want := 3
		if n == 3 {
			want = 9
		}
		kt.Eq(t, out, kt.Fill(3, want))
	}
}

func TestGGotoAsBreakBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { GGotoAsBreakBad(l, []int{7, 1, 7}, out) })
}

func TestGGotoAsContinue(t *testing.T) {
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { GGotoAsContinue(l, []int{0, 1, 2, 5}, out) })
	kt.Eq(t, out, kt.Fill(3, 21))
}

func TestGGotoAsContinueBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { GGotoAsContinueBad(l, []int{7, 1, 7}, out) })
}
