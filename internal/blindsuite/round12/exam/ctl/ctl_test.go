package ctl

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round12/exam/internal/check"
	"github.com/spmdvet/spmdvet/spmd"
)

const N = 4

func TestShortCircuit(t *testing.T) {
	out := make([]int, N)
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { AndDiv(l, out) }))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { AndUni(l, out) }))
	check.Ints(t, out, check.Fill(N, 1))
	out = make([]int, N)
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { OrDiv(l, out) }))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { OrUni(l, out) }))
	check.Ints(t, out, check.Fill(N, N))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { AndDivLeftCollective(l, out) }))
	check.Ints(t, out, []int{0, 0, 1, 1})
}

func TestSwitch(t *testing.T) {
	check.Div(t, spmd.Run(N, SwitchDiv))
	check.Div(t, spmd.Run(N, SwitchBothArms))
	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { SwitchUni(l, 2, out) }))
	check.Ints(t, out, check.Fill(N, N))
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { SwitchMixed(l, 6) }))
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { SwitchMixed(l, 1) }))
	out = make([]int, N)
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { SwitchFallthroughDiv(l, 0, out) }))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { SwitchFallthroughUni(l, 1, out) }))
	check.Ints(t, out, check.Fill(N, 2))
}

func TestFor(t *testing.T) {
	check.Div(t, spmd.Run(N, ForDivBound))
	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { ForUniBound(l, 2, out) }))
	check.Ints(t, out, []int{0, 0, 1, 3})
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { ForDivBreak(l, 4, []int{0, 1, 2, 3}) }))
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { ForDivContinue(l, 3) }))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { ForUniContinue(l, 4, out) }))
	check.Ints(t, out, check.Fill(N, N*5))
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { ForDivReturn(l, 2) }))
	check.Div(t, spmd.Run(N, RetDiv))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { RetUni(l, 5, out) }))
	check.Ints(t, out, check.Fill(N, 5))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { LoopInnerReconverge(l, 3, out) }))
	check.Ints(t, out, []int{0, 1, 2, 3})
}

func TestRange(t *testing.T) {
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { RangeSliceDiv(l, []int{5, 6, 7, 8}) }))
	check.Div(t, spmd.Run(N, RangeIntDiv))
	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { RangeUni(l, []int{1, 0, 2}, out) }))
	check.Ints(t, out, check.Fill(N, 3))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { RangeIntUni(l, 4, out) }))
	check.Ints(t, out, check.Fill(N, 2*N))
}

func TestLabels(t *testing.T) {
	check.Div(t, spmd.Run(N, LabelContinueOuter))
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { LabelBreakOuter(l, 2, []int{0, 1, 2, 3}) }))
	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { LabelUni(l, 3, out) }))
	check.Ints(t, out, check.Fill(N, 5*N))
}

func TestGoto(t *testing.T) {
	check.Div(t, spmd.Run(N, GotoSkipDiv))
	check.Div(t, spmd.Run(N, GotoLoopDiv))
	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { GotoLoopUni(l, 3, out) }))
	check.Ints(t, out, check.Fill(N, 3))
}

// retryDiv runs a kernel whose bug depends on per-lane map iteration order
// until it diverges.
func retryDiv(t *testing.T, lanes int, k func(spmd.Lane)) {
	t.Helper()
	for try := 0; try < 50; try++ {
		err := spmd.Run(lanes, k)
		var de *spmd.DivergenceError
		if errors.As(err, &de) {
			t.Logf("diverged at try %d: %v", try, err)
			return
		}
		if err != nil {
			t.Fatalf("unexpected error %v", err)
		}
	}
	t.Fatal("never diverged")
}

func TestMap(t *testing.T) {
	m := map[int]bool{}
	for i := range 8 {
		m[i] = true
	}
	retryDiv(t, 32, func(l spmd.Lane) { MapFirstKeyDiv(l, m) })
	ms := map[string]int{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}
	retryDiv(t, 32, func(l spmd.Lane) { MapValueDiv(l, ms) })
	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { MapUni(l, ms, out) }))
	check.Ints(t, out, check.Fill(N, 2))
}

func TestTemporal(t *testing.T) {
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { TemporalDiv(l, []int{0, 1, 2, 3}) }))
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { TemporalLastDiv(l, 4) }))
	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { TemporalUni(l, 3, out) }))
	check.Ints(t, out, []int{30, 31, 32, 33})
}

func TestIrreducible(t *testing.T) {
	check.Div(t, spmd.Run(N, IrrDiv))
	check.Div(t, spmd.Run(N, IrrDivMid))
	for _, n := range []int{1, 2} {
		out := make([]int, N)
		check.OK(t, spmd.Run(N, func(l spmd.Lane) { IrrUni(l, n, out) }))
		check.Ints(t, out, check.Fill(N, 3))
	}
	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { IrrDivBarrierAfter(l, out) }))
	check.Ints(t, out, []int{7, 6, 7, 6})
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { ReducibleAfterDiv(l, out) }))
	check.Ints(t, out, []int{4, 3, 4, 3})
}
