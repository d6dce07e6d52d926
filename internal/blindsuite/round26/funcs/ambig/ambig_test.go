package ambig

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, name string, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Errorf("%s: err = %v, want a *spmd.DivergenceError", name, err)
		return
	}
	t.Logf("%s: %v", name, de)
}

func wantNil(t *testing.T, name string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9*max(1, math.Abs(a), math.Abs(b)) }

// A1 diverges at run time: the lanes meet the deferred ReduceAdd from two
// different returns, which are different call sites.
func TestDeferredTotal(t *testing.T) {
	s, err := DeferredTotal([]float64{1, 2, 3})
	wantNil(t, "DeferredTotal all non-negative", err)
	if s != 6 {
		t.Errorf("sum = %v", s)
	}
	_, err = DeferredTotal([]float64{1, -2, 3})
	wantDivergence(t, "DeferredTotal", err)
}

// A2 runs fine: every lane calls the same code.
func TestChannels(t *testing.T) {
	got, err := Channels([]float64{1, -2, 4, 2}, 2)
	wantNil(t, "Channels", err)
	if want := []float64{0.25, -1, 1, 1}; !slices.EqualFunc(got, want, near) {
		t.Errorf("channels = %v", got)
	}
}

// A3 diverges: lanes run different collectives.
func TestNormalizeModes(t *testing.T) {
	got, err := NormalizeModes([]float64{1, -2, 3, -4}, []string{"max"})
	wantNil(t, "NormalizeModes one mode", err)
	if !slices.EqualFunc(got, []float64{0.25, -0.5, 0.75, -1}, near) {
		t.Errorf("normalize = %v", got)
	}
	_, err = NormalizeModes([]float64{1, -2, 3, -4}, []string{"max", "l1"})
	wantDivergence(t, "NormalizeModes", err)
}

// A4 runs fine: the sorted names are the same in every lane.
func TestRunStages(t *testing.T) {
	for range 20 {
		got, err := RunStages([]float64{1, 2, 3, 6})
		wantNil(t, "RunStages", err)
		// centered: -2 -1 0 3; scaled by 3; squared
		if want := []float64{4.0 / 9, 1.0 / 9, 0, 1}; !slices.EqualFunc(got, want, near) {
			t.Fatalf("stages = %v", got)
		}
	}
}

// A5 runs fine: one method, per-lane receivers.
func TestWeightedSum(t *testing.T) {
	s, err := WeightedSum([]float64{1, 2, 0, -1}, []float64{5, 1, 7, 3})
	wantNil(t, "WeightedSum", err)
	if s != 4 {
		t.Errorf("sum = %v", s)
	}
}

// A6 diverges when the counts differ.
func TestSettle(t *testing.T) {
	wantNil(t, "Settle same", Settle([]int{2, 2, 2}))
	wantDivergence(t, "Settle", Settle([]int{2, 1, 2}))
}
