package defers

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDiv(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
}

func wantNil(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func TestAccumulate(t *testing.T) {
	rows := [][]float64{{1, 0, 2}, {3, 4, 0}}
	_, err := Accumulate(rows)
	wantDiv(t, err)
	out, err := AccumulateOK(append(rows, nil))
	wantNil(t, err)
	if !slices.Equal(out, []float64{4, 2, 4}) {
		t.Errorf("AccumulateOK = %v", out)
	}
}

func TestPeakAbove(t *testing.T) {
	data := []float64{1, 7, 3, 9, 2}
	_, err := PeakAbove(data, 3)
	wantDiv(t, err)
	p, err := PeakAboveOK(data, 3)
	wantNil(t, err)
	if p != 9 {
		t.Errorf("PeakAboveOK = %v", p)
	}
}

func TestSoftmax(t *testing.T) {
	logits := []float64{0, math.Log(3), 0}
	_, err := Softmax(logits)
	wantDiv(t, err)
	w, err := SoftmaxOK(logits)
	wantNil(t, err)
	want := []float64{0.2, 0.6, 0.2}
	for i := range w {
		if math.Abs(w[i]-want[i]) > 1e-12 {
			t.Errorf("SoftmaxOK = %v", w)
		}
	}
}

func TestShares(t *testing.T) {
	xs := []float64{1, 5, 2}
	_, err := Shares(xs, 3)
	wantDiv(t, err)
	s, err := SharesOK(xs, 3)
	wantNil(t, err)
	if !slices.Equal(s, []float64{1.0 / 6, 3.0 / 6, 2.0 / 6}) {
		t.Errorf("SharesOK = %v", s)
	}
}

func TestDedup(t *testing.T) {
	keys := []int{1, 1, 2, 3, 3, 3}
	_, _, err := Dedup(keys)
	wantDiv(t, err)
	d, u, err := DedupOK(keys)
	wantNil(t, err)
	if u != 3 || !slices.Equal(d, []bool{false, true, false, false, true, true}) {
		t.Errorf("DedupOK = %v, %d", d, u)
	}
}
