package values

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

const lanes = 8

func ok(t *testing.T, name string, want []int, k func(l spmd.Lane, out []int)) {
	t.Helper()
	out := make([]int, lanes)
	if err := spmd.Run(lanes, func(l spmd.Lane) { k(l, out) }); err != nil {
		t.Fatalf("%s: unexpected error: %v", name, err)
	}
	if !slices.Equal(out, want) {
		t.Fatalf("%s: out = %v, want %v", name, out, want)
	}
}

func bad(t *testing.T, name string, k func(l spmd.Lane, out []int)) {
	t.Helper()
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { k(l, out) })
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("%s: want *spmd.DivergenceError, got %v", name, err)
	}
	t.Logf("%s: %v", name, err)
}

func perLane(f func(idx int) int) []int {
	w := make([]int, lanes)
	for i := range w {
		w[i] = f(i)
	}
	return w
}

func iota(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

func TestSameValue(t *testing.T) {
	ok(t, "SameValueBothArms", perLane(func(i int) int {
		if i%2 == 0 {
			return 2*i + 3
		}
		return i + 1 + 3
	}), func(l spmd.Lane, out []int) { SameValueBothArms(l, out, 3) })
	ok(t, "SameConstBothArms", perLane(func(i int) int {
		if i < 3 {
			return 1 + 32
		}
		return 2 + 32
	}), func(l spmd.Lane, out []int) { SameConstBothArms(l, out) })
	bad(t, "DifferentConstArms", func(l spmd.Lane, out []int) { DifferentConstArms(l, out) })
}

func TestCollectivesMakeUniform(t *testing.T) {
	data := []int{1, 3, 5}
	ok(t, "AnyGuardsBarrier", perLane(func(int) int { return 1 }),
		func(l spmd.Lane, out []int) { AnyGuardsBarrier(l, data, out) })
	ok(t, "AnyGuardsBarrier/none", perLane(func(int) int { return 0 }),
		func(l spmd.Lane, out []int) { AnyGuardsBarrier(l, []int{-1}, out) })
	bad(t, "FlagGuardsBarrier", func(l spmd.Lane, out []int) { FlagGuardsBarrier(l, data, out) })
	ok(t, "AllLoopCondition", perLane(func(int) int { return 7 }),
		func(l spmd.Lane, out []int) { AllLoopCondition(l, out) })
	ok(t, "BallotLoop", perLane(func(int) int { return 3 }),
		func(l spmd.Lane, out []int) { BallotLoop(l, out) })
	// data = 0..7 reversed: lane idx breaks at i = 7-idx; sum = 28.
	rev := []int{7, 6, 5, 4, 3, 2, 1, 0}
	ok(t, "ReduceTemporal", perLane(func(int) int { return 28 }),
		func(l spmd.Lane, out []int) { ReduceTemporal(l, rev, out) })
	// m = 7: s = sum over i in 0..7 of 8i = 224.
	ok(t, "ReduceMaxBound", perLane(func(int) int { return 224 }),
		func(l spmd.Lane, out []int) { ReduceMaxBound(l, out) })
	ok(t, "BroadcastFirstBranch", perLane(func(int) int { return 5 }),
		func(l spmd.Lane, out []int) { BroadcastFirstBranch(l, []int{4, -1, 9}, out) })
	ok(t, "BroadcastFirstBranch/neg", perLane(func(int) int { return -2 }),
		func(l spmd.Lane, out []int) { BroadcastFirstBranch(l, []int{-2, 1, 9}, out) })
	ok(t, "BroadcastConstSrc", perLane(func(int) int { return 6 }),
		func(l spmd.Lane, out []int) { BroadcastConstSrc(l, out) })
	bad(t, "BroadcastLaneSrc", func(l spmd.Lane, out []int) { BroadcastLaneSrc(l, out) })
	bad(t, "InclusiveBranch", func(l spmd.Lane, out []int) { InclusiveBranch(l, out) })
	bad(t, "ShuffleXorBranch", func(l spmd.Lane, out []int) { ShuffleXorBranch(l, out) })
}

func TestHelpers(t *testing.T) {
	data := []int{3, 0, 2} // lane 0 -> 1, lane 2 -> 2, lane 3 -> 0, others -1: sum -2
	ok(t, "PlainHelperEarlyReturn", perLane(func(int) int { return -2 }),
		func(l spmd.Lane, out []int) { PlainHelperEarlyReturn(l, data, out) })
	ok(t, "PlainHelperEarlyReturn/pos", perLane(func(int) int { return 28 }),
		func(l spmd.Lane, out []int) { PlainHelperEarlyReturn(l, iota(8), out) })
	d2 := []int{4, -5, 6}
	ok(t, "LaneHelperEarlyReturn", []int{4, -1, 6, 0, 0, 0, 0, 0},
		func(l spmd.Lane, out []int) { LaneHelperEarlyReturn(l, d2, out) })
	bad(t, "HelperReturnBeforeBarrier", func(l spmd.Lane, out []int) { HelperReturnBeforeBarrier(l, d2, out) })
	bad(t, "ConvergentHelperInBranch", func(l spmd.Lane, out []int) { ConvergentHelperInBranch(l, out) })
	ok(t, "ConvergentHelperAfterBranch", perLane(func(i int) int {
		if i < 4 {
			return 2*i + 1
		}
		return i + 1
	}), func(l spmd.Lane, out []int) { ConvergentHelperAfterBranch(l, out) })
}

func TestPanics(t *testing.T) {
	data := iota(8)
	ok(t, "PanicThenReduce", perLane(func(int) int { return 28 }),
		func(l spmd.Lane, out []int) { PanicThenReduce(l, data, out) })
	// With fewer data than lanes the group stops with a panic, not a
	// divergence: the lanes that did not panic are not left waiting.
	err := spmd.Run(lanes, func(l spmd.Lane) { PanicThenReduce(l, data[:5], make([]int, lanes)) })
	var pe *spmd.PanicError
	if !errors.As(err, &pe) {
		t.Fatalf("PanicThenReduce/short: want *spmd.PanicError, got %v", err)
	}
	ok(t, "PanicInLoop", perLane(func(int) int { return 28 }),
		func(l spmd.Lane, out []int) { PanicInLoop(l, data, out) })
	withMarker := []int{1, 2, -3, 4}
	err = spmd.Run(lanes, func(l spmd.Lane) { PanicInLoop(l, withMarker, make([]int, lanes)) })
	if !errors.As(err, &pe) {
		t.Fatalf("PanicInLoop/marker: want *spmd.PanicError, got %v", err)
	}
	bad(t, "ReturnInLoop", func(l spmd.Lane, out []int) { ReturnInLoop(l, withMarker, out) })
}

func TestDefers(t *testing.T) {
	data := iota(8)
	// res = sum of d <= idx = idx*(idx+1)/2, plus 8.
	ok(t, "DeferThenDivergence", perLane(func(i int) int { return i*(i+1)/2 + 8 }),
		func(l spmd.Lane, out []int) { DeferThenDivergence(l, data, out) })
	ok(t, "RecoveredHelperPanic", perLane(func(i int) int {
		if i == 2 {
			return 0
		}
		return 12 / (i - 2)
	}), func(l spmd.Lane, out []int) { RecoveredHelperPanic(l, out) })
	ok(t, "DeferredBarrierSingleExit", perLane(func(i int) int { return i }),
		func(l spmd.Lane, out []int) { DeferredBarrierSingleExit(l, data, out) })
}

func TestTemporal(t *testing.T) {
	data := iota(8)
	ok(t, "TemporalStoreOnly", perLane(func(i int) int { return i }),
		func(l spmd.Lane, out []int) { TemporalStoreOnly(l, data, out) })
	bad(t, "TemporalBranch", func(l spmd.Lane, out []int) { TemporalBranch(l, data, out) })
	bad(t, "LastSetInLoop", func(l spmd.Lane, out []int) { LastSetInLoop(l, out, 8) })
	ok(t, "LastSetUniformBreak", perLane(func(i int) int {
		if i <= 5 {
			return 1
		}
		return 0
	}), func(l spmd.Lane, out []int) { LastSetUniformBreak(l, data, out, 5) })
}
