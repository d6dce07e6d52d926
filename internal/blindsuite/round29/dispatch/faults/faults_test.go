package faults

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

func TestShareChecked(t *testing.T) {
	got, err := ShareChecked([]float64{1, 2, 3, 4})
	wantOK(t, err)
	if !slices.Equal(got, []float64{10, 10, 10, 10}) {
		t.Errorf("ShareChecked = %v", got)
	}
	// A negative input brings the kernel down: a panic, not divergence.
	_, err = ShareChecked([]float64{1, -2, 3, 4})
	var pe *spmd.PanicError
	if !errors.As(err, &pe) || !errors.Is(err, ErrNegative) {
		t.Errorf("ShareChecked(negative) err = %v, want a *spmd.PanicError for ErrNegative", err)
	}
	_, _, err = ShareCheckedRecoverBug([]float64{1, -2, 3, 4})
	wantDivergence(t, err)
}

func TestSumFinite(t *testing.T) {
	total, errs, err := SumFinite([]float64{1, 2, 3, 4})
	wantOK(t, err)
	if total != 10 {
		t.Errorf("SumFinite = %v, want 10", total)
	}
	for i, e := range errs {
		if e != nil {
			t.Errorf("lane %d: %v", i, e)
		}
	}
	_, errs, err = SumFinite([]float64{1, math.Inf(1), 3, 4})
	wantOK(t, err)
	if errs[1] == nil || errs[0] != nil {
		t.Errorf("SumFinite(Inf) errs = %v, want lane 1 only", errs)
	}
	_, _, err = SumFiniteBug([]float64{1, math.NaN(), 3, 4})
	wantDivergence(t, err)
}

func TestBatchTotals(t *testing.T) {
	batches := [][]float64{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}
	got, errs, err := BatchTotals(batches)
	wantOK(t, err)
	if !slices.Equal(got, []float64{6, 15, 24}) {
		t.Errorf("BatchTotals = %v", got)
	}
	if errs[0] != nil {
		t.Errorf("BatchTotals errs = %v", errs)
	}
	bad := [][]float64{{1, 2, 3}, {4, -5, 6}, {7, 8, 9}}
	got, errs, err = BatchTotals(bad)
	wantOK(t, err)
	if !slices.Equal(got, []float64{6, 0, 0}) || errs[0] == nil || errs[2] == nil {
		t.Errorf("BatchTotals(bad) = %v, %v; want [6 0 0] and every lane failed", got, errs)
	}
	_, _, err = BatchTotalsBug(bad)
	wantDivergence(t, err)
}

func TestWorkTotal(t *testing.T) {
	work := [][]float64{{1, 2}, {}, {3}, {}}
	got, err := WorkTotal(work)
	wantOK(t, err)
	if got != 6 {
		t.Errorf("WorkTotal = %v, want 6", got)
	}
	got, err = WorkTotal(make([][]float64, 3))
	wantOK(t, err)
	if got != -1 {
		t.Errorf("WorkTotal(no work) = %v, want -1", got)
	}
	_, err = WorkTotalBug(work)
	wantDivergence(t, err)
}

func TestExchangeChecked(t *testing.T) {
	got, errs, err := ExchangeChecked([]float64{1, 2, 3})
	wantOK(t, err)
	if !slices.Equal(got, []float64{2, 3, 1}) || errs[0] != nil {
		t.Errorf("ExchangeChecked = %v, %v", got, errs)
	}
	_, errs, err = ExchangeChecked([]float64{1, math.NaN(), 3})
	wantOK(t, err)
	for i, e := range errs {
		if e == nil {
			t.Errorf("ExchangeChecked(NaN): lane %d has no error", i)
		}
	}
	_, _, err = ExchangeCheckedBug([]float64{1, math.NaN(), 3})
	wantDivergence(t, err)
}

func TestRatioTotal(t *testing.T) {
	a := []float64{1, 4, 9, 5}
	b := []float64{1, 2, 0, 5}
	got, err := RatioTotal(a, b)
	wantOK(t, err)
	if got != 4 {
		t.Errorf("RatioTotal = %v, want 4", got)
	}
	_, err = RatioTotalBug(a, b)
	wantDivergence(t, err)
}
