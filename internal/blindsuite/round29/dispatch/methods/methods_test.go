package methods

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
		t.Fatalf("err = %v, want a *spmd.DivergenceError", err)
	}
}

func wantOK(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("err = %v, want nil", err)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

func nearAll(a, b []float64, tol float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > tol {
			return false
		}
	}
	return true
}

func TestTotalMass(t *testing.T) {
	mass := []float64{1, 0, 2.5, -1, 4, 0, 0.5, 3}
	got, err := TotalMass(mass)
	wantOK(t, err)
	if got != 11 {
		t.Errorf("TotalMass = %v, want 11", got)
	}
	_, err = TotalMassBug(mass)
	wantDivergence(t, err)
}

func TestSmooth(t *testing.T) {
	in := []float64{3, 6, 9, 3, 0, 3, 12, 6}
	got, err := Smooth(in)
	wantOK(t, err)
	want := []float64{3, 6, 6, 4, 2, 5, 7, 6}
	if !nearAll(got, want, 1e-12) {
		t.Errorf("Smooth = %v, want %v", got, want)
	}
	_, err = SmoothBug(in)
	wantDivergence(t, err)
}

func TestJobCost(t *testing.T) {
	costs := [][]float64{{1, 2}, {3, -1, 5}, {}, {4}, {-2}, {1, 1, 1}}
	got, err := JobCost(costs, false)
	wantOK(t, err)
	if got != 18 {
		t.Errorf("JobCost = %v, want 18", got)
	}
	got, err = JobCost(costs, true)
	wantOK(t, err)
	if got != 0 {
		t.Errorf("JobCost dry run = %v, want 0", got)
	}
	_, err = JobCostBug(costs)
	wantDivergence(t, err)
}

func TestRelax(t *testing.T) {
	u0 := []float64{0, 5, -3, 2, 8, 1, 4, 7}
	got, err := Relax(u0, 1e-9)
	wantOK(t, err)
	// The fixed point is the straight line from 0 to 7.
	want := []float64{0, 1, 2, 3, 4, 5, 6, 7}
	if !nearAll(got, want, 1e-6) {
		t.Errorf("Relax = %v, want %v", got, want)
	}
	_, err = RelaxBug(u0, 1e-9)
	wantDivergence(t, err)
}

func TestNormalizePeaks(t *testing.T) {
	sig := []float64{1, 8, 2, 4, 0.5, 6, 3, 2}
	got, err := NormalizePeaks(sig, 3.5)
	wantOK(t, err)
	want := []float64{1, 1, 2, 0.5, 0.5, 0.75, 3, 2}
	if !nearAll(got, want, 1e-12) {
		t.Errorf("NormalizePeaks = %v, want %v", got, want)
	}
	_, err = NormalizePeaksBug(sig, 3.5)
	wantDivergence(t, err)
}

func TestClassStats(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5, 6}
	got, err := ClassStats("sum", x)
	wantOK(t, err)
	if !slices.Equal(got, []float64{21, 21, 21, 21, 21, 21}) {
		t.Errorf("ClassStats(sum) = %v", got)
	}
	got, err = ClassStats("max", x)
	wantOK(t, err)
	if !slices.Equal(got, []float64{6, 6, 6, 6, 6, 6}) {
		t.Errorf("ClassStats(max) = %v", got)
	}
	_, err = ClassStatsBug([]string{"sum", "max", "sum", "max", "sum", "max"}, x)
	wantDivergence(t, err)
}

func TestBlurTwice(t *testing.T) {
	sig := []float64{3, 0, 0, 6, 0, 0}
	got, err := BlurTwice(sig, 8, 1)
	wantOK(t, err)
	// First pass (zero padded): 1 1 2 2 2 0; second pass over it.
	want := []float64{2.0 / 3, 4.0 / 3, 5.0 / 3, 2, 4.0 / 3, 2.0 / 3}
	if !nearAll(got, want, 1e-12) {
		t.Errorf("BlurTwice = %v, want %v", got, want)
	}
	_, err = BlurTwiceBug(sig, 8, 1)
	wantDivergence(t, err)
}

func TestEventRate(t *testing.T) {
	events := [][]float64{{1, 2}, {}, {3}, {}, {0.5, 0.5}, {}, {}, {1}}
	got, err := EventRate(events)
	wantOK(t, err)
	if got != 8 {
		t.Errorf("EventRate = %v, want 8", got)
	}
	got, err = EventRate(make([][]float64, 4))
	wantOK(t, err)
	if got != 0 {
		t.Errorf("EventRate(no events) = %v, want 0", got)
	}
	_, err = EventRateBug(events)
	wantDivergence(t, err)
}

func TestScatter(t *testing.T) {
	data := []float64{10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21}
	idx := []int{11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}
	got, err := Scatter(data, idx, 8, 8) // the second block: lanes 8..15
	wantOK(t, err)
	want := []float64{21, 20, 19, 18, 0, 0, 0, 0, 0, 0, 0, 0}
	if !slices.Equal(got, want) {
		t.Errorf("Scatter = %v, want %v", got, want)
	}
	_, err = ScatterBug(data, idx, 8, 8)
	wantDivergence(t, err)
}

func TestBatchRounds(t *testing.T) {
	headers := []int{3, 3, 2, 3}
	vals := []float64{1, 2, 4}
	got, err := BatchRounds(headers, vals)
	wantOK(t, err)
	if !slices.Equal(got, []float64{10, 20, 40}) {
		t.Errorf("BatchRounds = %v, want [10 20 40]", got)
	}
	_, err = BatchRoundsBug(headers, vals)
	wantDivergence(t, err)
}

func TestPivotSum(t *testing.T) {
	x := []float64{2, -1, 3, 4, -5, 6}
	got, err := PivotSum(x)
	wantOK(t, err)
	if got != 9 {
		t.Errorf("PivotSum = %v, want 9", got)
	}
	got, err = PivotSum([]float64{-2, 1, 1})
	wantOK(t, err)
	if got != 0 {
		t.Errorf("PivotSum(negative pivot) = %v, want 0", got)
	}
	_, err = PivotSumBug(x)
	wantDivergence(t, err)
}

func TestGatherItems(t *testing.T) {
	items := [][]float64{{1}, {2, 3}, {4, 5, 6}, {7, 8, 9, 10}}
	dst := make([]float64, 10)
	wantOK(t, GatherItems(items, dst))
	if !slices.Equal(dst, []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}) {
		t.Errorf("GatherItems = %v", dst)
	}
	wantDivergence(t, GatherItemsBug(items, make([]float64, 10)))
}

func TestPairSwap(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5}
	got, err := PairSwap(x)
	wantOK(t, err)
	if !slices.Equal(got, []float64{2, 1, 4, 3, 5}) {
		t.Errorf("PairSwap = %v", got)
	}
	_, err = PairSwapBug(x)
	wantDivergence(t, err)
}
