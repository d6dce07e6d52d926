package ambig

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %T %v", err, err)
	}
	t.Log(err)
}

func wantNil(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("want nil, got %v", err)
	}
}

func TestGateDivergentArg(t *testing.T) {
	wantDivergence(t, spmd.Run(4, GateDivergentArg))
}

func TestGateUniformArg(t *testing.T) {
	for _, n := range []int{1, 3} {
		var passed int32
		wantNil(t, spmd.Run(4, func(l spmd.Lane) { GateUniformArg(l, n, &passed) }))
		if passed != 4 {
			t.Fatalf("passed = %d", passed)
		}
	}
}

func TestGateRoundsOwnCount(t *testing.T) {
	counts := []int{1, 2, 1, 1}
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { GateRoundsOwnCount(l, counts) }))
}

func TestLocalStructOtherField(t *testing.T) {
	out := make([]int, 4)
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { LocalStructOtherField(l, out) }))
	for _, v := range out {
		if v != 6 {
			t.Fatalf("out %v", out)
		}
	}
}

func TestComposedPairOtherField(t *testing.T) {
	out := make([]int, 4)
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { ComposedPairOtherField(l, 3, out) }))
	for _, v := range out {
		if v != 3 {
			t.Fatalf("out %v", out)
		}
	}
}

func TestLocalArrayLaneAddress(t *testing.T) {
	wantDivergence(t, spmd.Run(4, LocalArrayLaneAddress))
}

func TestMakeSliceLaneValue(t *testing.T) {
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { MakeSliceLaneValue(l, 2) }))
}

func TestHistAddInCallee(t *testing.T) {
	wantDivergence(t, spmd.Run(4, HistAddInCallee))
}

func TestClosureBumpsLocal(t *testing.T) {
	wantDivergence(t, spmd.Run(4, ClosureBumpsLocal))
}

func TestSyncerFromTable(t *testing.T) {
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { SyncerFromTable(l, 1) }))
	// With the non-convergent implementation the same code runs cleanly.
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { SyncerFromTable(l, 0) }))
}

func TestSyncerLocalVote(t *testing.T) {
	wantDivergence(t, spmd.Run(4, SyncerLocalVote))
}

func TestDeferredBarrierEarlyReturn(t *testing.T) {
	out := make([]int, 4)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { DeferredBarrierEarlyReturn(l, out) }))
}

func TestPanicWithoutRecover(t *testing.T) {
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { PanicWithoutRecover(l, []int{1, 2, 3, 4}) }))
	err := spmd.Run(4, func(l spmd.Lane) { PanicWithoutRecover(l, []int{1, -2, 3, 4}) })
	var pe *spmd.PanicError
	if !errors.As(err, &pe) {
		t.Fatalf("want *spmd.PanicError, got %T %v", err, err)
	}
	t.Log(err)
}

func TestMapRangeSum(t *testing.T) {
	// The spec calls the sum divergent, but it is the same in every lane: the
	// run is clean. This documents the conservative EXPECT.
	var passed int32
	m := map[string]int{"a": 5, "b": 6, "c": 7}
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { MapRangeSum(l, m, &passed) }))
	if passed != 4 {
		t.Fatalf("passed = %d", passed)
	}
}

func TestRacyCounterLoad(t *testing.T) {
	for try := 0; try < 500; try++ {
		var n int64
		if err := spmd.Run(8, func(l spmd.Lane) { RacyCounterLoad(l, &n) }); err != nil {
			wantDivergence(t, err)
			t.Logf("diverged on try %d", try)
			return
		}
	}
	t.Fatal("no divergence in 500 runs")
}
