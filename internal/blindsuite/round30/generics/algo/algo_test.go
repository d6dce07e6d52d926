package algo

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

func TestLiveTotal(t *testing.T) {
	rows := [][]float64{{1, 2}, {3}, {4, 5}}
	live := []bool{true, false, true}
	_, err := LiveTotalBug(rows, live)
	wantDivergence(t, err)
	got, err := LiveTotalOK(rows, live)
	wantNil(t, err)
	if want := []float64{3, 0, 9}; !slices.Equal(got, want) {
		t.Errorf("LiveTotalOK = %v, want %v", got, want)
	}
}

func TestRunningPeak(t *testing.T) {
	series := [][]Celsius{{1, 3, 2}, {}, {5, 4}}
	mk := func() [][]Celsius {
		return [][]Celsius{make([]Celsius, 3), nil, make([]Celsius, 2)}
	}
	_, err := RunningPeakBug(series, mk())
	wantDivergence(t, err)
	out := mk()
	got, err := RunningPeakOK(series, out)
	wantNil(t, err)
	if want := []Celsius{3, 0, 5}; !slices.Equal(got, want) {
		t.Errorf("RunningPeakOK peaks = %v, want %v", got, want)
	}
	if !slices.Equal(out[0], []Celsius{1, 3, 3}) || !slices.Equal(out[2], []Celsius{5, 5}) {
		t.Errorf("RunningPeakOK out = %v", out)
	}
}

func mkRows() [][]float64 {
	return [][]float64{{0, 3, 0, 3, 0}, {9, 0, 0, 0, 9}, {1, 2, 3, 4, 5}}
}

func TestSmoothRows(t *testing.T) {
	passes := []int{1, 2, 1}
	err := SmoothRowsBug(mkRows(), passes)
	wantDivergence(t, err)
	rows := mkRows()
	err = SmoothRowsOK(rows, passes)
	wantNil(t, err)
	want := mkRows()
	for i, row := range want {
		for range passes[i] {
			smooth(row)
		}
	}
	for i := range rows {
		if !slices.Equal(rows[i], want[i]) {
			t.Errorf("SmoothRowsOK row %d = %v, want %v", i, rows[i], want[i])
		}
	}
}

func TestRotateNonZero(t *testing.T) {
	_, err := RotateNonZeroBug([]int{1, 0, 2, 3})
	wantDivergence(t, err)
	got, err := RotateNonZeroOK([]int{1, 0, 2, 3})
	wantNil(t, err)
	if want := []int{0, 2, 3, 1}; !slices.Equal(got, want) {
		t.Errorf("RotateNonZeroOK = %v, want %v", got, want)
	}
	got, err = RotateNonZeroOK([]int{0, 0, 0})
	wantNil(t, err)
	if want := []int{0, 0, 0}; !slices.Equal(got, want) {
		t.Errorf("RotateNonZeroOK(zeros) = %v", got)
	}
}

func TestReportTotal(t *testing.T) {
	rows := [][]float64{{1, 2}, {3}, {4}}
	mode := []Mode{Report, Quiet, Report}
	_, err := ReportTotalBug(rows, mode)
	wantDivergence(t, err)
	got, err := ReportTotalOK(rows, mode)
	wantNil(t, err)
	if want := []float64{3, 0, 4}; !slices.Equal(got, want) {
		t.Errorf("ReportTotalOK = %v, want %v", got, want)
	}
}

func TestMeanTemp(t *testing.T) {
	rows := [][]Celsius{{10, 20}, {}, {30}}
	_, err := MeanTempBug(rows)
	wantDivergence(t, err)
	got, err := MeanTempOK(rows)
	wantNil(t, err)
	if got != 20 {
		t.Errorf("MeanTempOK = %v, want 20", got)
	}
}

func TestMeanHits(t *testing.T) {
	bins := [][]Hits{{1, 2}, {9, 1}, {3}}
	_, err := MeanHitsBug(bins, 5)
	wantDivergence(t, err)
	got, err := MeanHitsOK(bins, 5)
	wantNil(t, err)
	if got != 2 {
		t.Errorf("MeanHitsOK = %v, want 2", got)
	}
}

func TestRaggedTotal(t *testing.T) {
	rows := [][]int{{1, 2}, {}, {3}}
	_, err := RaggedTotalBug(rows)
	wantDivergence(t, err)
	got, err := RaggedTotalOK(rows)
	wantNil(t, err)
	if want := []int{3, 0, 3}; !slices.Equal(got, want) {
		t.Errorf("RaggedTotalOK = %v, want %v", got, want)
	}
}

func TestPhased(t *testing.T) {
	frozen := []bool{false, true, false}
	err := PhasedBug([]float64{4, 4, 8}, frozen)
	wantDivergence(t, err)
	cells := []float64{4, 4, 8}
	err = PhasedOK(cells, frozen)
	wantNil(t, err)
	if want := []float64{2, 4, 3}; !slices.Equal(cells, want) {
		t.Errorf("PhasedOK = %v, want %v", cells, want)
	}
}

func TestBins(t *testing.T) {
	vals := [][]int{{1, 2, 5}, {}, {3}}
	_, err := BinsBug(vals)
	wantDivergence(t, err)
	got, err := BinsOK(vals)
	wantNil(t, err)
	if want := []Hist{{0, 2, 1, 0}, {}, {0, 0, 0, 1}}; !slices.Equal(got, want) {
		t.Errorf("BinsOK = %v, want %v", got, want)
	}
}

func TestWeightedEpochs(t *testing.T) {
	losses := [][]int{{1, 2, 0}, {3, 4, 5}}
	_, err := WeightedEpochsBug(losses, 2)
	wantDivergence(t, err)
	got, err := WeightedEpochsOK(losses, 2, 3)
	wantNil(t, err)
	if want := []int{8, 12, 10}; !slices.Equal(got, want) {
		t.Errorf("WeightedEpochsOK = %v, want %v", got, want)
	}
}

func TestErode(t *testing.T) {
	mask := []bool{true, true, true, true, true, false, true, true}
	_, err := ErodeBug(mask, []int{1, 2, 1, 1, 1, 1, 1, 1})
	wantDivergence(t, err)
	got, err := ErodeOK(mask, []int{2, 1, 1, 1, 1, 1, 1, 1})
	wantNil(t, err)
	want := []bool{true, true, true, false, false, false, false, false}
	if !slices.Equal(got, want) {
		t.Errorf("ErodeOK = %v, want %v", got, want)
	}
	rows := [][]bool{{true, true, true, true}, {true, false, true, true, true}}
	err = OwnErodeOK(rows, []int{1, 2})
	wantNil(t, err)
	if !slices.Equal(rows[0], []bool{true, true, true, true}) ||
		!slices.Equal(rows[1], []bool{true, false, false, false, true}) {
		t.Errorf("OwnErodeOK = %v", rows)
	}
}
