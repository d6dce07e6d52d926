package scan

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, name string, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Errorf("%s: err = %v, want a *spmd.DivergenceError", name, err)
		return
	}
	t.Logf("%s: %v", name, de)
}

func wantNil(t *testing.T, name string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9*max(1, math.Abs(a), math.Abs(b)) }

var sample = []float64{3, 0, 5, -2, 0, 7, 1, 4}

func TestMeanNonZero(t *testing.T) {
	m, err := MeanNonZero(sample)
	wantNil(t, "MeanNonZero", err)
	if !near(m, 18.0/6) {
		t.Errorf("mean = %v", m)
	}
	_, err = MeanNonZeroSkip(sample)
	wantDivergence(t, "MeanNonZeroSkip", err)
}

func TestCompact(t *testing.T) {
	out := make([]float64, len(sample))
	n, err := Compact(sample, 2, out)
	wantNil(t, "Compact", err)
	if want := []float64{3, 5, 7, 4}; !slices.Equal(out[:n], want) {
		t.Errorf("compact = %v, want %v", out[:n], want)
	}
	_, err = CompactLazy(sample, 2, make([]float64, len(sample)))
	wantDivergence(t, "CompactLazy", err)
}

func TestInclusiveScan(t *testing.T) {
	in := []int{1, 2, 3, 4, 5, 6, 7, 8}
	got, err := InclusiveScan(in)
	wantNil(t, "InclusiveScan", err)
	if want := []int{1, 3, 6, 10, 15, 21, 28, 36}; !slices.Equal(got, want) {
		t.Errorf("scan = %v", got)
	}
	_, err = InclusiveScanGuarded(in)
	wantDivergence(t, "InclusiveScanGuarded", err)
}

func TestBitonic(t *testing.T) {
	in := []int{7, 3, 9, 1, 8, 2, 6, 5, 15, 0, 11, 4, 13, 10, 12, 14}
	got, err := BitonicSort(in)
	wantNil(t, "BitonicSort", err)
	want := slices.Sorted(slices.Values(in))
	if !slices.Equal(got, want) {
		t.Errorf("sort = %v", got)
	}
	_, err = BitonicSortHalf(in)
	wantDivergence(t, "BitonicSortHalf", err)
}

func TestHistogram(t *testing.T) {
	data := []float64{0.5, 1.5, 1.7, 2.2, 9, -1, 3.9, 0.1}
	h, err := Histogram(data, 0, 1, 4)
	wantNil(t, "Histogram", err)
	if want := []int{2, 2, 1, 1}; !slices.Equal(h, want) {
		t.Errorf("hist = %v", h)
	}
	_, err = HistogramDrop(data, 0, 1, 4)
	wantDivergence(t, "HistogramDrop", err)
}

func TestCountAboveMean(t *testing.T) {
	valid := []bool{true, true, false, true, true, true, false, true}
	// mean 18/8 = 2.25: above are 3, 5, 7, 4; valid among them 3, 7, 4.
	n, err := CountAboveMean(sample, valid)
	wantNil(t, "CountAboveMean", err)
	if n != 3 {
		t.Errorf("count = %d", n)
	}
	_, err = CountAboveMeanLazy(sample, valid)
	wantDivergence(t, "CountAboveMeanLazy", err)
}

func TestRange(t *testing.T) {
	data := []float64{3, math.NaN(), -4, 8, math.NaN(), 1}
	lo, hi, err := Range(data)
	wantNil(t, "Range", err)
	if lo != -4 || hi != 8 {
		t.Errorf("range = %v, %v", lo, hi)
	}
	_, _, err = RangeSkipNaN(data)
	wantDivergence(t, "RangeSkipNaN", err)
}

func TestMatVec(t *testing.T) {
	const rows, n, lanes = 3, 10, 4
	A := make([]float64, rows*n)
	x := make([]float64, n)
	for i := range A {
		A[i] = float64(i%7) - 2
	}
	for i := range x {
		x[i] = float64(i) + 1
	}
	y, err := MatVec(A, rows, n, x, lanes)
	wantNil(t, "MatVec", err)
	for r := range rows {
		s := 0.0
		for k := range n {
			s += A[r*n+k] * x[k]
		}
		if !near(y[r], s) {
			t.Errorf("y[%d] = %v, want %v", r, y[r], s)
		}
	}
	_, err = MatVecIdle(A, rows, n, x, lanes)
	wantDivergence(t, "MatVecIdle", err)
}

func TestSegmentSums(t *testing.T) {
	data := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	got, err := SegmentSums(data, 4)
	wantNil(t, "SegmentSums", err)
	if want := []float64{10, 10, 10, 10, 26, 26, 26, 26}; !slices.Equal(got, want) {
		t.Errorf("sums = %v", got)
	}
	_, err = SegmentSumsVar(data, []int{4, 4, 4, 4, 2, 2, 2, 2})
	wantDivergence(t, "SegmentSumsVar", err)
}

func TestRadixPass(t *testing.T) {
	keys := []uint32{13, 4, 7, 2, 9, 14, 1, 8}
	got, err := RadixPass(keys, 0)
	wantNil(t, "RadixPass", err)
	want := slices.Clone(keys)
	slices.SortStableFunc(want, func(a, b uint32) int { return int(a&3) - int(b&3) })
	if !slices.Equal(got, want) {
		t.Errorf("pass = %v, want %v", got, want)
	}
	_, err = RadixPassLazy(keys, 0)
	wantDivergence(t, "RadixPassLazy", err)
}

func TestPositiveEnergy(t *testing.T) {
	e, err := PositiveEnergy(sample)
	wantNil(t, "PositiveEnergy", err)
	if !near(e, 9+25+49+1+16) {
		t.Errorf("energy = %v", e)
	}
	_, err = PositiveEnergyLazy(sample)
	wantDivergence(t, "PositiveEnergyLazy", err)
}

func TestBatchedSum(t *testing.T) {
	data := []float64{1, 2, 3, -4, 5, 6, 7, 8, 9, 10}
	s, err := BatchedSum(data, 4)
	wantNil(t, "BatchedSum", err)
	if !near(s, 51) {
		t.Errorf("sum = %v", s)
	}
	_, err = BatchedSumSkip(data, 4)
	wantDivergence(t, "BatchedSumSkip", err)
}

func TestStandardize(t *testing.T) {
	data := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9}
	out, err := Standardize(data)
	wantNil(t, "Standardize", err)
	sd := math.Sqrt(60.0 / 9)
	for i, v := range data {
		if !near(out[i], (v-5)/sd) {
			t.Errorf("out[%d] = %v", i, out[i])
		}
	}
	_, err = StandardizeSkip(data)
	wantDivergence(t, "StandardizeSkip", err)
}
