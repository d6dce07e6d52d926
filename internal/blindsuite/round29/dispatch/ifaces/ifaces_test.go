package ifaces

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

func all(n int, v float64) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = v
	}
	return s
}

func TestAggregate(t *testing.T) {
	vals := []float64{4, 1, 7, 2, 6, 4}
	for _, c := range []struct {
		agg  string
		want float64
	}{{"sum", 24}, {"max", 7}, {"mean", 4}} {
		got, err := Aggregate(c.agg, vals)
		wantOK(t, err)
		if !slices.Equal(got, all(len(vals), c.want)) {
			t.Errorf("Aggregate(%s) = %v, want all %v", c.agg, got, c.want)
		}
	}
	_, err := AggregateBug([]string{"sum", "max", "sum", "mean", "max", "sum"}, vals)
	wantDivergence(t, err)
}

func TestStat(t *testing.T) {
	vals := []float64{3, 9, 0, 4}
	for _, c := range []struct {
		stat string
		want float64
	}{{"sum", 16}, {"max", 9}, {"mean", 4}} {
		got, err := Stat(c.stat, vals)
		wantOK(t, err)
		if !slices.Equal(got, all(len(vals), c.want)) {
			t.Errorf("Stat(%s) = %v, want all %v", c.stat, got, c.want)
		}
	}
	_, err := StatPerLaneBug([]string{"sum", "sum", "max", "mean"}, vals)
	wantDivergence(t, err)
}

func TestWeightedSum(t *testing.T) {
	vals := []float64{1, 2, 3, 4, 5}
	weights := []float64{2, 0, 1, 0.5, 0}
	got, err := WeightedSum(vals, weights)
	wantOK(t, err)
	if got != 7 {
		t.Errorf("WeightedSum = %v, want 7", got)
	}
	_, err = WeightedSumBug(vals, weights)
	wantDivergence(t, err)
}

func TestReverseActive(t *testing.T) {
	data := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	wantOK(t, ReverseActive(data, 5, 8))
	if !slices.Equal(data, []float64{5, 4, 3, 2, 1, 6, 7, 8}) {
		t.Errorf("ReverseActive = %v", data)
	}
	one := []float64{9}
	wantOK(t, ReverseActive(one, 1, 1))
	if one[0] != 9 {
		t.Errorf("ReverseActive(one lane) = %v", one)
	}
	wantDivergence(t, ReverseActiveBug([]float64{1, 2, 3, 4, 5, 6, 7, 8}, 5, 8))
}

func TestExec(t *testing.T) {
	x := []float64{1, 3, 2, 0}
	got, err := Exec([]Instr{Peak{}, Skip{}, Add{Scale: 0.5}}, x)
	wantOK(t, err)
	if !slices.Equal(got, all(4, 6)) {
		t.Errorf("Exec = %v, want all 6", got)
	}
	_, err = ExecPerLaneBug([]Instr{Add{Scale: 1}, Peak{}, Skip{}, Add{Scale: 2}}, x)
	wantDivergence(t, err)
}

func TestPublish(t *testing.T) {
	x := []float64{1, 2, 3}
	for kind := range 2 {
		got, err := Publish(kind, x)
		wantOK(t, err)
		if !slices.Equal(got, []float64{2, 4, 6}) {
			t.Errorf("Publish(%d) = %v", kind, got)
		}
	}
	_, err := PublishBug([]int{0, 1, 0}, x)
	wantDivergence(t, err)
}

func TestLoadShare(t *testing.T) {
	load := []float64{2, 0, 6, 0, 12}
	got, err := LoadShare(load)
	wantOK(t, err)
	if !slices.Equal(got, []float64{0.1, 0, 0.3, 0, 0.6}) {
		t.Errorf("LoadShare = %v", got)
	}
	_, err = LoadShareBug(load)
	wantDivergence(t, err)
}

func TestRowTotals(t *testing.T) {
	got, err := RowTotals([][]int{{1, 2, 3}, {}, {10}, {4, 4}})
	wantOK(t, err)
	if !slices.Equal(got, []int{6, 0, 10, 8}) {
		t.Errorf("RowTotals = %v", got)
	}
}

func TestBatchTotals(t *testing.T) {
	batches := [][][]int{
		{{1, 2}, {3}},
		{{4}, {5, 6}, {7}},
		{{8}},
	}
	got, err := BatchTotals(batches)
	wantOK(t, err)
	if !slices.Equal(got, []int{15, 14, 7}) {
		t.Errorf("BatchTotals = %v, want [15 14 7]", got)
	}
	_, err = BatchTotalsBug(batches)
	wantDivergence(t, err)
}

func TestSampleMeans(t *testing.T) {
	samples := [][]float64{{2, 1}, {4}, {}, {6, 5, 4}}
	got, err := SampleMeans(samples)
	wantOK(t, err)
	if got != 3 {
		t.Errorf("SampleMeans = %v, want 3", got)
	}
	got, err = SampleMeans([][]float64{{7}})
	wantOK(t, err)
	if got != 7 {
		t.Errorf("SampleMeans(one lane) = %v, want 7", got)
	}
	_, err = SampleMeansBug(samples)
	wantDivergence(t, err)
}

func TestColumnSum(t *testing.T) {
	nan := math.NaN()
	vals := []float64{1, nan, 2, 3, nan, 4}
	got, err := ColumnSum(vals)
	wantOK(t, err)
	if got != 10 {
		t.Errorf("ColumnSum = %v, want 10", got)
	}
	_, err = ColumnSumBug(vals)
	wantDivergence(t, err)
}

func TestHistogram(t *testing.T) {
	vals := []int{0, 2, 2, 1, 3, 2, 0, 3}
	got, err := Histogram(vals, 4)
	wantOK(t, err)
	if !slices.Equal(got, []int32{2, 1, 3, 2}) {
		t.Errorf("Histogram = %v, want [2 1 3 2]", got)
	}
	_, err = HistogramBug(vals, 4)
	wantDivergence(t, err)
}

func TestPrefixSteps(t *testing.T) {
	x := []int{3, 1, 4, 1, 5, 9, 2, 6, 5, 3}
	got, err := PrefixSteps(x)
	wantOK(t, err)
	want := []int{3, 4, 8, 9, 14, 23, 25, 31, 36, 39}
	if !slices.Equal(got, want) {
		t.Errorf("PrefixSteps = %v, want %v", got, want)
	}
	_, err = PrefixStepsBug(x)
	wantDivergence(t, err)
}

func TestPrefixLocal(t *testing.T) {
	got, err := PrefixLocal([][]int{{1, 2, 3}, {}, {5}, {1, 1, 1, 1}})
	wantOK(t, err)
	want := [][]int{{1, 3, 6}, {}, {5}, {1, 2, 3, 4}}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("PrefixLocal row %d = %v, want %v", i, got[i], want[i])
		}
	}
}

func TestMirrorTiles(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5}
	for _, columns := range []bool{false, true} {
		got, err := MirrorTiles(x, columns)
		wantOK(t, err)
		if !slices.Equal(got, []float64{5, 4, 3, 2, 1}) {
			t.Errorf("MirrorTiles(%v) = %v", columns, got)
		}
	}
	_, err := MirrorTilesBug(x)
	wantDivergence(t, err)
}
