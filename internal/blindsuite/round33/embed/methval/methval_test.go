package methval

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, name string, err error) {
	t.Helper()
	var div *spmd.DivergenceError
	if !errors.As(err, &div) {
		t.Fatalf("%s: got error %v, want a *spmd.DivergenceError", name, err)
	}
	t.Logf("%s: %v", name, err)
}

func wantNil(t *testing.T, name string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestNormalize(t *testing.T) {
	in := []float64{1, -2, 3, 0, 4, -1}
	out := make([]float64, len(in))
	wantNil(t, "Normalize", Normalize(in, out))
	for i, x := range in {
		want := 0.0
		if x > 0 {
			want = x / 8
		}
		if !near(out[i], want) {
			t.Errorf("Normalize: out[%d] = %g, want %g", i, out[i], want)
		}
	}
	wantDivergence(t, "NormalizePositive", NormalizePositive(in, make([]float64, len(in))))
}

func TestRotateLeft(t *testing.T) {
	in := []float64{1, 2, 3, 4, 5}
	out := make([]float64, len(in))
	wantNil(t, "RotateLeft", RotateLeft(in, out, 8))
	if want := []float64{2, 3, 4, 5, 1}; !slices.Equal(out, want) {
		t.Errorf("RotateLeft = %v, want %v", out, want)
	}
	wantDivergence(t, "RotateLeftEarlyExit", RotateLeftEarlyExit(in, make([]float64, len(in)), 8))
}

func TestOddEvenSort(t *testing.T) {
	a := []int{9, 3, 7, 1, 8, 2, 6, 0, 5, 4, 11, 10}
	want := slices.Sorted(slices.Values(a))
	wantNil(t, "OddEvenSort", OddEvenSort(a))
	if !slices.Equal(a, want) {
		t.Errorf("OddEvenSort = %v, want %v", a, want)
	}
	b := []int{9, 3, 7, 1, 8, 2, 6, 0}
	wantDivergence(t, "OddEvenSortShort", OddEvenSortShort(b))
}

func TestSpread(t *testing.T) {
	in := []float64{3, -1, 4, 1, -5, 9}
	var out float64
	wantNil(t, "Spread", Spread(in, &out))
	if out != 14 {
		t.Errorf("Spread = %g, want 14", out)
	}
	in2 := []float64{3, math.NaN(), 4, 1}
	wantDivergence(t, "SpreadActive", SpreadActive(in2, &out))
}

func TestPeakAbove(t *testing.T) {
	in := []float64{3, 1, 4, 1, 5, 9, 2, 6}
	var out float64
	wantNil(t, "PeakAbove", PeakAbove(in, 4, &out))
	if out != 9 {
		t.Errorf("PeakAbove(4) = %g, want 9", out)
	}
	wantNil(t, "PeakAbove", PeakAbove(in, 10, &out))
	if out != 0 {
		t.Errorf("PeakAbove(10) = %g, want 0", out)
	}
	wantDivergence(t, "PeakAboveOnly", PeakAboveOnly(in, 4, &out))
}

func TestStats(t *testing.T) {
	in := []float64{3, 0, 4, 1, -5, 9}
	res := make([]float64, 3)
	wantNil(t, "Stats", Stats(in, res))
	if want := []float64{12, 9, -5}; !slices.Equal(res, want) {
		t.Errorf("Stats = %v, want %v", res, want)
	}
	wantDivergence(t, "StatsSkipZero", StatsSkipZero(in, make([]float64, 3)))
}

func TestScatterPositive(t *testing.T) {
	in := []float64{3, -1, 4, 0, 5, -9}
	out := make([]float64, len(in))
	var n int
	wantNil(t, "ScatterPositive", ScatterPositive(in, out, &n))
	if want := []float64{3, 0, 4, 0, 5, 0}; !slices.Equal(out, want) || n != 3 {
		t.Errorf("ScatterPositive = %v (%d), want %v (3)", out, n, want)
	}
	wantDivergence(t, "ScatterPositivePublish", ScatterPositivePublish(in, make([]float64, len(in)), &n))
}

func TestMean(t *testing.T) {
	in := []float64{2, 4, 6, 8, 10}
	var m float64
	wantNil(t, "Mean", Mean(in, 8, &m))
	if m != 6 {
		t.Errorf("Mean = %g, want 6", m)
	}
	wantDivergence(t, "MeanInRange", MeanInRange(in, 8, &m))
}

func TestBlur2(t *testing.T) {
	buf := []float64{0, 3, 6, 9, 3, 0, 6}
	want := slices.Clone(buf)
	for range 2 {
		next := slices.Clone(want)
		for i := 1; i+1 < len(want); i++ {
			next[i] = (want[i-1] + want[i] + want[i+1]) / 3
		}
		want = next
	}
	got := slices.Clone(buf)
	wantNil(t, "Blur2", Blur2(got))
	for i := range got {
		if !near(got[i], want[i]) {
			t.Errorf("Blur2 = %v, want %v", got, want)
			break
		}
	}
	wantDivergence(t, "Blur2Interior", Blur2Interior(slices.Clone(buf)))
}
