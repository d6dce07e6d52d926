package refs

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

const lanes = 4

const sumLanes = lanes * (lanes - 1) / 2

func diverges(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("diverged as expected: %v", err)
}

func ok(t *testing.T, err error, got, want []int) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func perLane(f func(i int) int) []int {
	w := make([]int, lanes)
	for i := range w {
		w[i] = f(i)
	}
	return w
}

func TestClosureMutatesCaptured(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { ClosureMutatesCaptured(l, out) }))
}

func TestClosureCountsUniform(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { ClosureCountsUniform(l, 3, out) })
	ok(t, err, out, perLane(func(int) int { return 3 * sumLanes }))
}

func TestLaneParamClosureReadsFlag(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { LaneParamClosureReadsFlag(l, out) }))
}

func TestSetMaxLaneValue(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { SetMaxLaneValue(l, out) }))
}

func TestSetMaxUniform(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { SetMaxUniform(l, out) })
	ok(t, err, out, perLane(func(i int) int { return lanes*lanes + i }))
}

func TestOtherPkgStoreIf(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { OtherPkgStoreIf(l, out) }))
}

func TestOtherPkgStoreUniform(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { OtherPkgStoreUniform(l, 2, out) })
	ok(t, err, out, perLane(func(i int) int { return 3 * i }))
}

func TestRunTicket(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, RunTicket(lanes, out))
}

func TestAliasThroughUniformBranch(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { AliasThroughUniformBranch(l, out) }))
}

func TestDistinctPointers(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { DistinctPointers(l, 2, out) })
	ok(t, err, out, perLane(func(int) int { return 3 * sumLanes }))
}

func TestDivergentWriteThenJoin(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { DivergentWriteThenJoin(l, out) }))
}

func TestDivergentWriteThenReduced(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { DivergentWriteThenReduced(l, out) })
	ok(t, err, out, perLane(func(int) int { return 10 + 30 }))
}

func TestOverwrittenBeforeUse(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { OverwrittenBeforeUse(l, 2, out) })
	ok(t, err, out, perLane(func(i int) int { return 7*i + 2 }))
}

func TestOverwriteAfterDivergentWrite(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { OverwriteAfterDivergentWrite(l, 2, out) })
	ok(t, err, out, perLane(func(i int) int {
		if i%2 == 0 {
			return 5 + 2*lanes
		}
		return 1 + 2*lanes
	}))
}

func TestSwapOtherPkg(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { SwapOtherPkg(l, 1, out) }))
}

func TestCollectiveHelperResult(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { CollectiveHelperResult(l, out) })
	ok(t, err, out, perLane(func(int) int { return sumLanes }))
}

func TestConvergentHelperUnderMemoryBranch(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { ConvergentHelperUnderMemoryBranch(l, out) }))
}
