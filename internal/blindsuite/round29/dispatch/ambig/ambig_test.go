package ambig

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantOK(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("err = %v, want nil", err)
	}
}

// The tests run every kernel with inputs for which it succeeds, and then,
// to document what the executor says, with the inputs that trigger the
// doubtful path.

func isDivergence(err error) bool {
	var de *spmd.DivergenceError
	return errors.As(err, &de)
}

func isPanic(err error) bool {
	var pe *spmd.PanicError
	return errors.As(err, &pe)
}

func TestFiniteShareRecover(t *testing.T) {
	out, errs, err := FiniteShareRecover([]float64{1, 2, 3})
	wantOK(t, err)
	if !slices.Equal(out, []float64{2, 3, 1}) || errs[0] != nil {
		t.Errorf("FiniteShareRecover = %v, %v", out, errs)
	}
	if _, _, err := FiniteShareRecover([]float64{1, math.NaN(), 3}); !isDivergence(err) {
		t.Errorf("with a NaN: err = %v, want divergence", err)
	}
}

func TestLoggedShare(t *testing.T) {
	out, _, err := LoggedShare([]float64{1, 2, 3})
	wantOK(t, err)
	if !slices.Equal(out, []float64{2, 3, 1}) {
		t.Errorf("LoggedShare = %v", out)
	}
	if _, _, err := LoggedShare([]float64{1, -2, 3}); !isPanic(err) {
		t.Errorf("with a negative input: err = %v, want a panic (recover too deep)", err)
	}
}

func TestTryStage(t *testing.T) {
	out, errs, err := TryStage([]float64{1, 2, 3})
	wantOK(t, err)
	if !slices.Equal(out, []float64{2, 3, 1}) || errs[1] != nil {
		t.Errorf("TryStage = %v, %v", out, errs)
	}
	if _, _, err := TryStage([]float64{1, -2, 3}); !isDivergence(err) {
		t.Errorf("with a negative input: err = %v, want divergence", err)
	}
}

func TestGatherRecover(t *testing.T) {
	out, _, err := GatherRecover([]float64{10, 20, 30}, []int{2, 0, 1})
	wantOK(t, err)
	if !slices.Equal(out, []float64{10, 20, 30}) {
		t.Errorf("GatherRecover = %v", out)
	}
	if _, _, err := GatherRecover([]float64{10, 20, 30}, []int{2, 7, 1}); !isDivergence(err) {
		t.Errorf("with an index out of range: err = %v, want divergence", err)
	}
}

func TestCheckpointedCost(t *testing.T) {
	got, err := CheckpointedCost([][]float64{{1, 1}, {2}, {3}}, [][]float64{{5, -1}, {2}, {-3}})
	wantOK(t, err)
	if got != 7 {
		t.Errorf("CheckpointedCost = %v, want 7", got)
	}
}

func TestDeferredSync(t *testing.T) {
	out, err := DeferredSync([]float64{1, 2, 3}, 3)
	wantOK(t, err)
	if !slices.Equal(out, []float64{2, 4, 6}) {
		t.Errorf("DeferredSync = %v", out)
	}
	if _, err := DeferredSync([]float64{1, 2, 3}, 8); !isDivergence(err) {
		t.Errorf("with idle lanes: err = %v, want divergence", err)
	}
}

func TestBoundSyncPick(t *testing.T) {
	out, err := BoundSyncPick([]float64{1, 2, 3, 4})
	wantOK(t, err)
	if !slices.Equal(out, []float64{4, 3, 2, 1}) {
		t.Errorf("BoundSyncPick = %v", out)
	}
}

func TestSameTypeTable(t *testing.T) {
	got, err := SameTypeTable([]float64{1, 2, 3, 4})
	wantOK(t, err)
	if got != 10 {
		t.Errorf("SameTypeTable = %v, want 10", got)
	}
}

func TestRethrowShare(t *testing.T) {
	out, _, err := RethrowShare([]float64{1, 2, 3})
	wantOK(t, err)
	if !slices.Equal(out, []float64{2, 3, 1}) {
		t.Errorf("RethrowShare = %v", out)
	}
	if _, _, err := RethrowShare([]float64{1, -2, 3}); !isPanic(err) {
		t.Errorf("with a negative input: err = %v, want a panic (rethrown)", err)
	}
}
