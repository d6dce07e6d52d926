package blocks

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, name string, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Errorf("%s: got %v, want *spmd.DivergenceError", name, err)
	}
}

func ok(t *testing.T, name string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

var data8 = []float64{3, -1, 4, 0, -5, 9, 2, 6}

func TestRotate(t *testing.T) {
	out, err := Rotate(data8)
	ok(t, "Rotate", err)
	want := append(slices.Clone(data8[1:]), data8[0])
	if !slices.Equal(out, want) {
		t.Errorf("Rotate = %v, want %v", out, want)
	}
	_, err = RotateEven(data8)
	wantDivergence(t, "RotateEven", err)
}

func TestTotals(t *testing.T) {
	out, err := Totals(data8, false)
	ok(t, "Totals", err)
	for i, v := range out {
		if v != 18 {
			t.Errorf("Totals[%d] = %g, want 18", i, v)
		}
	}
	out, err = Totals(data8, true)
	ok(t, "Totals perLane", err)
	if !slices.Equal(out, data8) {
		t.Errorf("Totals perLane = %v", out)
	}
	_, err = TotalsSkipNegative(data8)
	wantDivergence(t, "TotalsSkipNegative", err)
}

func TestCountAndSum(t *testing.T) {
	total, hits, err := CountAndSum(data8)
	ok(t, "CountAndSum", err)
	if total != 18 {
		t.Errorf("total = %g", total)
	}
	want := []int{1, 0, 1, 0, 0, 1, 1, 1}
	if !slices.Equal(hits, want) {
		t.Errorf("hits = %v, want %v", hits, want)
	}
	_, err = CountAndSumHitsOnly(data8)
	wantDivergence(t, "CountAndSumHitsOnly", err)
}

func TestPositiveFlags(t *testing.T) {
	left, err := PositiveFlags(data8)
	ok(t, "PositiveFlags", err)
	want := []int{1, 1, 0, 1, 0, 0, 1, 1}
	if !slices.Equal(left, want) {
		t.Errorf("PositiveFlags = %v, want %v", left, want)
	}
	_, err = PositiveFlagsDrain(data8)
	wantDivergence(t, "PositiveFlagsDrain", err)
}

func TestInterleave(t *testing.T) {
	const lanes, k = 4, 3
	data := make([]float64, lanes*k)
	for i := range data {
		data[i] = float64(i)
	}
	got, err := Interleave(data, lanes, k)
	ok(t, "Interleave", err)
	for i := range lanes {
		for j := range k {
			if got[j*lanes+i] != data[i*k+j] {
				t.Errorf("Interleave[%d] = %g, want %g", j*lanes+i, got[j*lanes+i], data[i*k+j])
			}
		}
	}
	_, err = InterleaveRagged(data, []int{3, 1, 2, 3}, k)
	wantDivergence(t, "InterleaveRagged", err)
}

func TestSmooth(t *testing.T) {
	data := []float64{3, 0, 3, 6, 0, 9, 3, 3}
	out, err := Smooth(data)
	ok(t, "Smooth", err)
	want := []float64{2, 0, 3, 3, 0, 4, 5, 3}
	if !slices.Equal(out, want) {
		t.Errorf("Smooth = %v, want %v", out, want)
	}
	_, err = SmoothSkipZero(data)
	wantDivergence(t, "SmoothSkipZero", err)
}

func TestAccumulate(t *testing.T) {
	counts := []int{0, 3, 1, 2}
	acc, err := Accumulate(counts, 0.5)
	ok(t, "Accumulate", err)
	if !slices.Equal(acc, []float64{0, 1.5, 0.5, 1}) {
		t.Errorf("Accumulate = %v", acc)
	}
	_, err = AccumulateOwn(counts, 0.5)
	wantDivergence(t, "AccumulateOwn", err)
}

func TestSegmentSums(t *testing.T) {
	data := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	sums, err := SegmentSums(data, 4)
	ok(t, "SegmentSums", err)
	if !slices.Equal(sums, []float64{10, 26}) {
		t.Errorf("SegmentSums = %v", sums)
	}
	sums, err = SegmentSums(data, 2)
	ok(t, "SegmentSums/2", err)
	if !slices.Equal(sums, []float64{3, 7, 11, 15}) {
		t.Errorf("SegmentSums/2 = %v", sums)
	}
	_, err = SegmentSumsRagged(data, []int{2, 2, 2, 2, 4, 4, 4, 4}, []int{0, 0, 2, 2, 4, 4, 4, 4})
	wantDivergence(t, "SegmentSumsRagged", err)
}
