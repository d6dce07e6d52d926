package panics

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round32/exits/errs"
	"github.com/spmdvet/spmdvet/spmd"
)

func wantDiv(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
}

func wantPanic(t *testing.T, err error) {
	t.Helper()
	var pe *spmd.PanicError
	if !errors.As(err, &pe) {
		t.Fatalf("want *spmd.PanicError, got %v", err)
	}
}

func wantNil(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func TestGather(t *testing.T) {
	src := []float64{10, 20, 30}
	out, err := Gather(src, []int{2, 0, 1, 2})
	wantNil(t, err)
	if !slices.Equal(out, []float64{10, 20, 30, 30}) {
		t.Errorf("Gather = %v", out)
	}
	_, err = Gather(src, []int{2, 5, 1, 2})
	wantPanic(t, err)
	_, msgs, err := GatherLogged(src, []int{2, 5, 1, 2})
	wantDiv(t, err)
	if msgs[1] == "" {
		t.Errorf("GatherLogged did not log lane 1")
	}
}

func TestSumFields(t *testing.T) {
	_, _, err := SumFields([]string{"1", "x", "3"})
	wantDiv(t, err)
	s, _, err := SumFieldsOK([]string{"1", "2", "3"})
	wantNil(t, err)
	if s != 6 {
		t.Errorf("SumFieldsOK = %d", s)
	}
	_, es, err := SumFieldsOK([]string{"1", "x", "3"})
	wantNil(t, err)
	var e *errs.Error
	for i, le := range es {
		if !errors.As(le, &e) {
			t.Errorf("SumFieldsOK lane %d error = %v", i, le)
		}
	}
	s, _, err = SumFieldsWrapped([]string{"4", "5"})
	wantNil(t, err)
	if s != 9 {
		t.Errorf("SumFieldsWrapped = %d", s)
	}
	_, _, err = SumFieldsWrapped([]string{"4", "x"})
	wantPanic(t, err)
}

func TestHistogram(t *testing.T) {
	c, _, err := Histogram([]int{0, 1, 1, 3, 1}, 4)
	wantNil(t, err)
	if !slices.Equal(c, []int{1, 3, 0, 1}) {
		t.Errorf("Histogram = %v", c)
	}
	_, _, err = Histogram([]int{0, 7, 1}, 4)
	wantPanic(t, err)
	_, _, err = HistogramFiltered([]int{0, 7, 1}, 4)
	wantDiv(t, err)
}

func TestRowSums(t *testing.T) {
	rows := [][]float64{{1, 2}, {}, {3}}
	_, _, err := RowSums(rows)
	wantDiv(t, err)
	s, g, err := RowSumsOK(rows)
	wantNil(t, err)
	if g != 6 || !slices.Equal(s, []float64{3, 0, 3}) {
		t.Errorf("RowSumsOK = %v, %v", s, g)
	}
}

func TestMeanOfFields(t *testing.T) {
	f := []string{"1.5", "oops", "2.5"}
	_, _, err := MeanOfFields(f)
	wantDiv(t, err)
	m, bad, err := MeanOfFieldsOK(f)
	wantNil(t, err)
	if m != 2 || !slices.Equal(bad, []bool{false, true, false}) {
		t.Errorf("MeanOfFieldsOK = %v, %v", m, bad)
	}
}

func TestSmooth(t *testing.T) {
	_, _, err := Smooth([]float64{1, math.NaN(), 3})
	wantDiv(t, err)
	out, _, err := SmoothOK([]float64{1, 2, 3, 4})
	wantNil(t, err)
	if !slices.Equal(out, []float64{1.5, 2.5, 3.5, 2.5}) {
		t.Errorf("SmoothOK = %v", out)
	}
	_, es, err := SmoothOK([]float64{1, math.NaN(), 3})
	wantNil(t, err)
	for i, e := range es {
		if e == nil {
			t.Errorf("SmoothOK lane %d: no error", i)
		}
	}
}

func TestPermute(t *testing.T) {
	out, err := Permute([]float64{1, 2, 3}, []int{2, 0, 1})
	wantNil(t, err)
	if !slices.Equal(out, []float64{3, 1, 2}) {
		t.Errorf("Permute = %v", out)
	}
	_, err = Permute([]float64{1, 2, 3}, []int{2, 9, 1})
	wantPanic(t, err)
}

func TestRescale(t *testing.T) {
	out, err := Rescale([]float64{1, 4, 2})
	wantNil(t, err)
	if !slices.Equal(out, []float64{0.25, 1, 0.5}) {
		t.Errorf("Rescale = %v", out)
	}
	_, err = Rescale([]float64{1, -4, 2})
	wantPanic(t, err)
	_, err = RescaleQuiet([]float64{1, -4, 2})
	wantDiv(t, err)
}
