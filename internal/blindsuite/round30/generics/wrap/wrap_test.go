package wrap

import (
	"errors"
	"math"
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

func TestClimb(t *testing.T) {
	h := []Meters{0, 1, 0.5, 2}
	_, err := ClimbBug(h)
	wantDivergence(t, err)
	got, err := ClimbOK(h)
	wantNil(t, err)
	if got != 2.5 {
		t.Errorf("ClimbOK = %v, want 2.5", got)
	}
}

func TestPeak(t *testing.T) {
	counts := []Hits{3, 9, 4, 1, 7}
	_, err := PeakBug(counts, 8)
	wantDivergence(t, err)
	got, err := PeakOK(counts, 8)
	wantNil(t, err)
	if got != 9 {
		t.Errorf("PeakOK = %v, want 9", got)
	}
}

func TestBlur(t *testing.T) {
	src := []float64{3, 6, 9, 12, 15, 18}
	_, err := BlurBug(src)
	wantDivergence(t, err)
	got, err := BlurOK(src)
	wantNil(t, err)
	want := []float64{4, 6, 9, 12, 15, 17}
	if !slices.Equal(got, want) {
		t.Errorf("BlurOK = %v, want %v", got, want)
	}
}

func TestMaskedTotal(t *testing.T) {
	vals := []float64{1, 2, 3, 4}
	mask := []bool{true, false, true, false}
	_, err := MaskedTotalBug(vals, mask)
	wantDivergence(t, err)
	got, err := MaskedTotalOK(vals, mask)
	wantNil(t, err)
	if got != 4 {
		t.Errorf("MaskedTotalOK = %v, want 4", got)
	}
}

func TestNormInf(t *testing.T) {
	xs := []int{3, -7, 2, -1}
	_, err := NormInfBug(xs)
	wantDivergence(t, err)
	got, err := NormInfOK(xs)
	wantNil(t, err)
	if got != 7 {
		t.Errorf("NormInfOK = %v, want 7", got)
	}
}

func TestRefine(t *testing.T) {
	errs := []float64{0.5, 0.1, 0.5, 0.1}
	owner := []int{0, 0, 1, 1}
	_, err := RefineBug(errs, owner, 0.2)
	wantDivergence(t, err)
	got, err := RefineOK(errs, owner, 0.2)
	wantNil(t, err)
	if want := []float64{0.25, 0.05, 0.25, 0.05}; !slices.Equal(got, want) {
		t.Errorf("RefineOK = %v, want %v", got, want)
	}
	got, err = RefineOK(errs, []int{1, 0, 0, 0}, 0.2)
	wantNil(t, err)
	if want := []float64{0, 0, 0, 0}; !slices.Equal(got, want) {
		t.Errorf("RefineOK (owner 1) = %v, want %v", got, want)
	}
}

func TestRelax(t *testing.T) {
	res := []float64{0.1, 0.5, 0.1, 0.5}
	_, err := RelaxBug(res, 0.2)
	wantDivergence(t, err)
	res = []float64{0.5, 0.1, 0.5, 0.1}
	got, err := RelaxOK(res, 0.2)
	wantNil(t, err)
	if want := []float64{0.25, 0.05, 0.25, 0.05}; !slices.Equal(got, want) {
		t.Errorf("RelaxOK = %v, want %v", got, want)
	}
}

func TestForces(t *testing.T) {
	owned := [][]float64{{1, 2}, {3, 4, 5}, {6}}
	_, err := ForcesBug(owned)
	wantDivergence(t, err)
	got, err := ForcesOK(owned)
	wantNil(t, err)
	if want := []float64{21, 21, 21}; !slices.Equal(got, want) {
		t.Errorf("ForcesOK = %v, want %v", got, want)
	}
}

func TestFeatureSums(t *testing.T) {
	feat := [][]float64{{1, 2}, {3, 4, 5}, {10, 20, 30, 40}}
	_, err := FeatureSumsBug(feat)
	wantDivergence(t, err)
	got, err := FeatureSumsOK(feat, 2)
	wantNil(t, err)
	if want := []float64{14, 26}; !slices.Equal(got, want) {
		t.Errorf("FeatureSumsOK = %v, want %v", got, want)
	}
}

func TestRescale(t *testing.T) {
	xs := []float64{1, 3, 5}
	_, _, err := RescaleBug(xs)
	wantDivergence(t, err)
	out, total, err := RescaleOK(xs)
	wantNil(t, err)
	if want := []float64{0, 0.5, 1}; !slices.Equal(out, want) || total != 1.5 {
		t.Errorf("RescaleOK = %v, %v, want %v, 1.5", out, total, want)
	}
	out, total, err = RescaleOK([]float64{2, 2, 2})
	wantNil(t, err)
	if want := []float64{0, 0, 0}; !slices.Equal(out, want) || total != 0 {
		t.Errorf("RescaleOK(flat) = %v, %v", out, total)
	}
}

func TestNaNGuard(t *testing.T) {
	vals := []float64{1, math.NaN(), 3, 4}
	active := []bool{true, true, false, true}
	_, err := NaNGuardBug(vals, active)
	wantDivergence(t, err)
	got, err := NaNGuardOK(vals, active)
	wantNil(t, err)
	if got[0] != 0 || got[1] != 0 || got[2] != 3 || got[3] != 0 {
		t.Errorf("NaNGuardOK = %v, want [0 0 3 0]", got)
	}
	got, err = NaNGuardOK([]float64{1, 2, 3, 4}, active)
	wantNil(t, err)
	if want := []float64{1, 2, 3, 4}; !slices.Equal(got, want) {
		t.Errorf("NaNGuardOK(no NaN) = %v, want %v", got, want)
	}
}

func TestBudget(t *testing.T) {
	costs := []int{4, 0, 2, 2}
	_, err := BudgetBug(costs, 4)
	wantDivergence(t, err)
	got, err := BudgetOK(costs, 4)
	wantNil(t, err)
	if want := []int{2, 0, 1, 1}; !slices.Equal(got, want) {
		t.Errorf("BudgetOK = %v, want %v", got, want)
	}
	got, err = BudgetOK(costs, 100)
	wantNil(t, err)
	if !slices.Equal(got, costs) {
		t.Errorf("BudgetOK(100) = %v, want %v", got, costs)
	}
}

func TestTally(t *testing.T) {
	samples := [][]int{{1, 2}, {3}, {4, 5, 6}}
	_, err := TallyBug(samples)
	wantDivergence(t, err)
	got, err := TallyOK(samples, 3)
	wantNil(t, err)
	if got != 21 {
		t.Errorf("TallyOK = %v, want 21", got)
	}
}
