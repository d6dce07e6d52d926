package contain

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

func TestRankTotals(t *testing.T) {
	scores := [][]Score{{5, 1, 7}, {2, 8, 9}, {6, 1, 1}}
	_, err := RankTotalsBug(scores, 3, 4)
	wantDivergence(t, err)
	got, err := RankTotalsOK(scores, 3, 4)
	wantNil(t, err)
	if want := []Score{16, 8, 11}; !slices.Equal(got, want) {
		t.Errorf("RankTotalsOK = %v, want %v", got, want)
	}
}

func TestApply(t *testing.T) {
	pending := [][]Update{
		{{0, 1}, {1, 2}},
		{{2, 3}},
		{{3, 4}, {3, 5}, {3, 6}},
	}
	err := ApplyBug(make([]float64, 4), pending)
	wantDivergence(t, err)
	grid := make([]float64, 4)
	err = ApplyOK(grid, pending)
	wantNil(t, err)
	if want := []float64{1, 2, 3, 15}; !slices.Equal(grid, want) {
		t.Errorf("ApplyOK grid = %v, want %v", grid, want)
	}
}

func TestHitSums(t *testing.T) {
	readings := [][]int{{1, -2, 3}, {4, 5, 6}, {-1, -1, 2}}
	_, err := HitSumsBug(readings, 3)
	wantDivergence(t, err)
	got, err := HitSumsOK(readings, 3)
	wantNil(t, err)
	if want := []int{11, 5, 5}; !slices.Equal(got, want) {
		t.Errorf("HitSumsOK = %v, want %v", got, want)
	}
}

func TestPeakStrided(t *testing.T) {
	xs := []float64{3, 1, 4, 1, 5, 9, 2, 6, 5, 3}
	_, err := PeakStridedBug(xs, 4)
	wantDivergence(t, err)
	got, err := PeakStridedOK(xs, 4)
	wantNil(t, err)
	if got != 9 {
		t.Errorf("PeakStridedOK = %v, want 9", got)
	}
}

// diffuseRef is DiffuseOK computed serially.
func diffuseRef(u, steps []float64, tol float64) []float64 {
	cur := slices.Clone(u)
	n := len(u)
	for _, dt := range steps {
		next := make([]float64, n)
		settled := true
		for i := range n {
			d := dt * (cur[max(i-1, 0)] - 2*cur[i] + cur[min(i+1, n-1)])
			next[i] = cur[i] + d
			if math.Abs(d) >= tol {
				settled = false
			}
		}
		cur = next
		if settled {
			break
		}
	}
	return cur
}

func TestDiffuse(t *testing.T) {
	u := []float64{0, 0, 0, 0, 10, 0, 0, 0}
	steps := []float64{0.1, 0.1, 0.1, 0.1, 0.1}
	_, err := DiffuseBug(u, steps, 1e-9)
	wantDivergence(t, err)
	got, err := DiffuseOK(u, steps, 1e-9)
	wantNil(t, err)
	if want := diffuseRef(u, steps, 1e-9); !slices.Equal(got, want) {
		t.Errorf("DiffuseOK = %v, want %v", got, want)
	}
	// A flat start settles at the first step.
	flat := []float64{1, 1, 1, 1}
	got, err = DiffuseOK(flat, steps, 1e-9)
	wantNil(t, err)
	if !slices.Equal(got, flat) {
		t.Errorf("DiffuseOK(flat) = %v", got)
	}
}

func TestClampSteps(t *testing.T) {
	u := []float64{1, 0, 0, 0, 0, 2}
	pinned := []bool{true, false, false, false, false, true}
	steps := []float64{0.5, 0.5, 0.5}
	got, err := ClampStepsOK(u, pinned, steps)
	wantNil(t, err)
	cur := slices.Clone(u)
	n := len(u)
	for _, w := range steps {
		next := slices.Clone(cur)
		for i := range n {
			if !pinned[i] {
				next[i] = (1-w)*cur[i] + w*(cur[max(i-1, 0)]+cur[min(i+1, n-1)])/2
			}
		}
		cur = next
	}
	if !slices.Equal(got, cur) {
		t.Errorf("ClampStepsOK = %v, want %v", got, cur)
	}
}

func TestTileSums(t *testing.T) {
	xs := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	_, err := TileSumsBug(xs, 4)
	wantDivergence(t, err)
	got, err := TileSumsOK(xs, 4)
	wantNil(t, err)
	if want := []int{10, 26, 19}; !slices.Equal(got, want) {
		t.Errorf("TileSumsOK = %v, want %v", got, want)
	}
}

func TestLoggerTotal(t *testing.T) {
	records := [][]float64{{1, 2, 3}, {1, -1, 3}, {1, 2, 3}}
	_, err := LoggerTotalBug(records)
	wantDivergence(t, err)
	got, err := LoggerTotalOK(records)
	wantNil(t, err)
	if got != 14 {
		t.Errorf("LoggerTotalOK = %v, want 14", got)
	}
}

func TestRegionCount(t *testing.T) {
	around := [][]Label{{1, 1, 2}, {3}, {4, 5, 6}}
	_, err := RegionCountBug(around)
	wantDivergence(t, err)
	got, err := RegionCountOK(around)
	wantNil(t, err)
	if got != 6 {
		t.Errorf("RegionCountOK = %v, want 6", got)
	}
}

func TestCostRounds(t *testing.T) {
	jobs := [][]Job{
		{{1, 2}, {2, 0}, {3, 5}, {9, 9}},
		{{4, 1}, {5, 1}, {6, 1}},
	}
	_, err := CostRoundsBug(jobs, 3)
	wantDivergence(t, err)
	got, err := CostRoundsOK(jobs, 3)
	wantNil(t, err)
	if want := []int{3, 1, 6}; !slices.Equal(got, want) {
		t.Errorf("CostRoundsOK = %v, want %v", got, want)
	}
}
