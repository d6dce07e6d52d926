package ambig

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
		t.Fatalf("got error %v, want a *spmd.DivergenceError", err)
	}
}

func wantNil(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func TestButterflyBranch(t *testing.T) {
	got, err := ButterflyBranch([]int{4, 2, 6, 8}, 10)
	wantNil(t, err)
	if want := []int{2, 1, 3, 4}; !slices.Equal(got, want) {
		t.Errorf("ButterflyBranch = %v, want %v", got, want)
	}
	got, err = ButterflyBranch([]int{1, 2, 3, 4}, 10)
	wantNil(t, err)
	if want := []int{0, 0, 0, 0}; !slices.Equal(got, want) {
		t.Errorf("ButterflyBranch(under cap) = %v, want %v", got, want)
	}
}

func TestSettleNoSync(t *testing.T) {
	xs := []float64{4, 0.1, -2}
	wantNil(t, SettleNoSync(xs, 1))
	if want := []float64{2, 0.1, -1}; !slices.Equal(xs, want) {
		t.Errorf("SettleNoSync = %v, want %v", xs, want)
	}
}

func TestPerLaneCombiner(t *testing.T) {
	_, err := PerLaneCombiner([]float64{1, 2, 3, 4})
	wantDivergence(t, err)
}

func TestApplyLocal(t *testing.T) {
	got, err := ApplyLocal([]float64{2, -1, 3})
	wantNil(t, err)
	if want := []float64{4, 0, 9}; !slices.Equal(got, want) {
		t.Errorf("ApplyLocal = %v, want %v", got, want)
	}
}

func TestLaneTypeParam(t *testing.T) {
	wantDivergence(t, LaneTypeParam([]int{1, 0, 2, 0}))
}

func TestDistinctLabels(t *testing.T) {
	got, err := DistinctLabels([][]int{{1, 2}, {3, 4}, {5, 6}})
	wantNil(t, err)
	if got != 6 {
		t.Errorf("DistinctLabels = %v, want 6", got)
	}
}

func TestInterfaceInstantiated(t *testing.T) {
	got, err := InterfaceInstantiated([][]float64{{1, 2}, {}, {3}})
	wantNil(t, err)
	if want := []float64{3, 0, 3}; !slices.Equal(got, want) {
		t.Errorf("InterfaceInstantiated = %v, want %v", got, want)
	}
}
