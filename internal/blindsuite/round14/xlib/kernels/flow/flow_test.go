package flow_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round14/xlib/kernels/flow"
	"github.com/spmdvet/spmdvet/spmd"
)

func wantDiv(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want DivergenceError, got %v", err)
	}
	t.Log(err)
}

func wantOK(t *testing.T, err error, got, want []int) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func fill(n, v int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// run4 runs k in 4 lanes with a fresh 4-cell output.
func run4(k func(spmd.Lane, []int)) ([]int, error) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { k(l, out) })
	return out, err
}

func TestFenceUnderIndex(t *testing.T) {
	_, err := run4(flow.FenceUnderIndex)
	wantDiv(t, err)
}

func TestFenceWidthLoop(t *testing.T) {
	out, err := run4(flow.FenceWidthLoop)
	wantOK(t, err, out, fill(4, 4))
}

func TestSlotSwitch(t *testing.T) {
	_, err := run4(flow.SlotSwitch)
	wantDiv(t, err)
}

func TestSizeSwitch(t *testing.T) {
	out, err := run4(flow.SizeSwitch)
	wantOK(t, err, out, fill(4, 4))
	two := make([]int, 2)
	err = spmd.Run(2, func(l spmd.Lane) { flow.SizeSwitch(l, two) })
	wantOK(t, err, two, fill(2, -1))
}

func TestJitterGuard(t *testing.T) {
	_, err := run4(flow.JitterGuard)
	wantDiv(t, err)
}

func TestFromUniformSrc(t *testing.T) {
	out, err := run4(flow.FromUniformSrc)
	wantOK(t, err, out, fill(4, 10))
}

func TestFromDivergentSrc(t *testing.T) {
	_, err := run4(flow.FromDivergentSrc)
	wantDiv(t, err)
}

func TestBreakOnSlot(t *testing.T) {
	_, err := run4(flow.BreakOnSlot)
	wantDiv(t, err)
}

func TestBreakOnTotal(t *testing.T) {
	out, err := run4(flow.BreakOnTotal)
	wantOK(t, err, out, fill(4, 4))
}

func TestContinueOnSelf(t *testing.T) {
	_, err := run4(flow.ContinueOnSelf)
	wantDiv(t, err)
}

func TestLabelledUniform(t *testing.T) {
	out, err := run4(flow.LabelledUniform)
	wantOK(t, err, out, fill(4, 3))
}

func TestGotoIrreducible(t *testing.T) {
	cells := make([]int, 4)
	wantDiv(t, spmd.Run(4, func(l spmd.Lane) { flow.GotoIrreducible(l, cells) }))
}

// With every lane entering the cycle at the same place (one lane group of
// lanes 0-1 only), the cycle runs 4 steps in each lane: no error.
func TestGotoIrreducibleTwoLanes(t *testing.T) {
	cells := make([]int, 2)
	err := spmd.Run(2, func(l spmd.Lane) { flow.GotoIrreducible(l, cells) })
	wantOK(t, err, cells, fill(2, 4))
}

func TestClosureCapture(t *testing.T) {
	_, err := run4(flow.ClosureCapture)
	wantDiv(t, err)
}

func TestClosureUniform(t *testing.T) {
	out, err := run4(flow.ClosureUniform)
	wantOK(t, err, out, fill(4, 4))
}
