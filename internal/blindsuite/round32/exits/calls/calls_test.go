package calls

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

func TestTileSums(t *testing.T) {
	src := []float64{1, 2, 3, 4, 5, 6}
	_, err := TileSums(src, 4)
	wantDiv(t, err)
	out, err := TileSumsOK(src, 4)
	wantNil(t, err)
	if !slices.Equal(out, []float64{10, 11}) {
		t.Errorf("TileSumsOK = %v", out)
	}
}

func TestNeighbours(t *testing.T) {
	_, err := Neighbours([]float64{1, 0, 3})
	wantDiv(t, err)
	out, err := NeighboursOK([]float64{1, 0, 3}, false)
	wantNil(t, err)
	if !slices.Equal(out, []float64{0, 3, 1}) {
		t.Errorf("NeighboursOK = %v", out)
	}
	out, err = NeighboursOK([]float64{1, 0, 3}, true)
	wantNil(t, err)
	if !slices.Equal(out, []float64{0, 0, 0}) {
		t.Errorf("NeighboursOK dry = %v", out)
	}
}

func TestPositiveTotal(t *testing.T) {
	_, err := PositiveTotal([]float64{1, -2, 3})
	wantDiv(t, err)
	s, err := PositiveTotalOK([]float64{1, -2, 3})
	wantNil(t, err)
	if s != 4 {
		t.Errorf("PositiveTotalOK = %v", s)
	}
}

func TestLookup(t *testing.T) {
	keys := []int{10, 20, 30, -1}
	_, err := Lookup(keys, []int{20, 99, 10})
	wantDiv(t, err)
	out, err := LookupOK(keys, -1, 3)
	wantNil(t, err)
	if !slices.Equal(out, []int{3, 4, 5}) {
		t.Errorf("LookupOK = %v", out)
	}
}

func TestSegmentSums(t *testing.T) {
	vals := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	_, err := SegmentSums(vals, []int{2, 2, 2, 2, 4, 4, 4, 4})
	wantDiv(t, err)
	out, err := SegmentSumsOK(vals, 4)
	wantNil(t, err)
	if !slices.Equal(out, []float64{10, 10, 10, 10, 26, 26, 26, 26}) {
		t.Errorf("SegmentSumsOK = %v", out)
	}
}

func TestMaxRowNorm(t *testing.T) {
	m := []float64{3, 4, 0, 0, 6, 8}
	_, err := MaxRowNorm(m, 2)
	wantDiv(t, err)
	b, err := MaxRowNormOK(m, 2)
	wantNil(t, err)
	if math.Abs(b-10) > 1e-12 {
		t.Errorf("MaxRowNormOK = %v", b)
	}
}
