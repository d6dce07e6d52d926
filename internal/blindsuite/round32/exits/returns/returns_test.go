package returns

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

func TestNormalize(t *testing.T) {
	data := []float64{3, 0, 4, 0}
	_, err := Normalize(data)
	wantDiv(t, err)
	out, err := NormalizeOK(data)
	wantNil(t, err)
	if !slices.Equal(out, []float64{0.6, 0, 0.8, 0}) {
		t.Errorf("NormalizeOK = %v", out)
	}
}

func TestPeakBelow(t *testing.T) {
	data := []float64{1, 5, -2, 3}
	_, err := PeakBelow(data, 0, 10, true)
	wantDiv(t, err)
	p, err := PeakBelowOK(data, 0, 10, true)
	wantNil(t, err)
	if p != 5 {
		t.Errorf("PeakBelowOK = %v", p)
	}
	p, err = PeakBelowOK(data, math.Inf(1), 0, true)
	wantNil(t, err)
	if p != 0 {
		t.Errorf("PeakBelowOK with bad bounds = %v", p)
	}
}

func TestInterpret(t *testing.T) {
	_, err := Interpret([]int{OpKeep, OpNeg, OpDrop, OpKeep}, []int{1, 2, 3, 4})
	wantDiv(t, err)
	s, err := InterpretOK(OpNeg, []int{1, 2, 3, 4})
	wantNil(t, err)
	if s != -10 {
		t.Errorf("InterpretOK = %d", s)
	}
	s, err = InterpretOK(OpDrop, []int{1, 2, 3, 4})
	wantNil(t, err)
	if s != 0 {
		t.Errorf("InterpretOK drop = %d", s)
	}
}

func TestCompactWords(t *testing.T) {
	words := []string{"the", "quick", "fox", "and", "dog"}
	stop := []string{"the", "and", "a"}
	_, err := CompactWords(words, stop)
	wantDiv(t, err)
	out, err := CompactWordsOK(words, stop)
	wantNil(t, err)
	if !slices.Equal(out, []string{"quick", "fox", "dog"}) {
		t.Errorf("CompactWordsOK = %v", out)
	}
}

func TestShiftLeft(t *testing.T) {
	src := []float64{1, 2, 3, 4, 5, 6}
	_, err := ShiftLeft(src)
	wantDiv(t, err)
	out, err := ShiftLeftOK(src)
	wantNil(t, err)
	if !slices.Equal(out, []float64{2, 3, 4, 5, 6, 0}) {
		t.Errorf("ShiftLeftOK = %v", out)
	}
}

func TestScaleValid(t *testing.T) {
	_, err := ScaleValid([]float64{1, -1, 2, 3})
	wantDiv(t, err)
	out, err := ScaleValidOK([]float64{1, 2, 3})
	wantNil(t, err)
	if !slices.Equal(out, []float64{3, 6, 9}) {
		t.Errorf("ScaleValidOK = %v", out)
	}
	out, err = ScaleValidOK([]float64{1, -1, 3})
	wantNil(t, err)
	if !slices.Equal(out, []float64{0, 0, 0}) {
		t.Errorf("ScaleValidOK invalid = %v", out)
	}
}

func TestTiledPrefix(t *testing.T) {
	data := []float64{1, 2, 3, 4, 5, 6}
	_, err := TiledPrefix(data, 4)
	wantDiv(t, err)
	out, err := TiledPrefixOK(data, 4)
	wantNil(t, err)
	if !slices.Equal(out, []float64{1, 3, 6, 10, 5, 11}) {
		t.Errorf("TiledPrefixOK = %v", out)
	}
}
