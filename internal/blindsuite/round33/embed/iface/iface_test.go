package iface

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

// The interface assertions the kernels rely on.
var (
	_ Group    = Warp{}
	_ Group    = Serial{}
	_ Group    = Team{}
	_ Weighted = Heavy{}
)

func TestCenter(t *testing.T) {
	in := []float64{1, 2, 3, 6}
	out := make([]float64, len(in))
	wantNil(t, "Center", Center(in, out, 8))
	if want := []float64{-2, -1, 0, 3}; !slices.Equal(out, want) {
		t.Errorf("Center = %v, want %v", out, want)
	}
	wantDivergence(t, "CenterInRange", CenterInRange(in, make([]float64, len(in)), 8))
}

func TestPermute(t *testing.T) {
	in := []float64{10, 20, 30, 40, 50}
	dst := []int{4, 3, -1, 0, 1}
	out := make([]float64, len(in))
	back := make([]float64, len(in))
	wantNil(t, "Permute", Permute(in, out, dst, back))
	wantOut := []float64{40, 50, 0, 20, 10}
	if !slices.Equal(out, wantOut) {
		t.Errorf("Permute out = %v, want %v", out, wantOut)
	}
	for i := range back {
		if back[i] != 2*wantOut[i] {
			t.Errorf("Permute back = %v, want twice %v", back, wantOut)
			break
		}
	}
	wantDivergence(t, "PermuteDropped", PermuteDropped(in, make([]float64, len(in)), dst, make([]float64, len(in))))
}

func TestTotal(t *testing.T) {
	in := []float64{1, 0, 2, 0, 3}
	var s float64
	wantNil(t, "Total", Total(in, &s))
	if s != 6 {
		t.Errorf("Total = %g, want 6", s)
	}
	wantNil(t, "Total (one lane)", Total([]float64{7}, &s))
	if s != 7 {
		t.Errorf("Total one lane = %g, want 7", s)
	}
	wantDivergence(t, "TotalNonzero", TotalNonzero(in, &s))
}

func TestAreaTotal(t *testing.T) {
	shapes := []Shape{Rect{2, 3}, Square{2}, Rect{1, 1}, Square{3}}
	var s float64
	wantNil(t, "AreaTotal", AreaTotal(shapes, &s))
	if s != 6+4+1+9 {
		t.Errorf("AreaTotal = %g, want 20", s)
	}
	wantDivergence(t, "AreaTotalPerCase", AreaTotalPerCase(shapes, &s))
}

func TestSyncIfWarp(t *testing.T) {
	in := []float64{1, 2, 2, 5, 3}
	out := make([]float64, len(in))
	wantNil(t, "SyncIfWarp", SyncIfWarp(in, out))
	want := make([]float64, len(in))
	for i := range in {
		want[i] = in[i] + in[(i+1)%len(in)]
	}
	if !slices.Equal(out, want) {
		t.Errorf("SyncIfWarp = %v, want %v", out, want)
	}
	one := make([]float64, 1)
	wantNil(t, "SyncIfWarp (one lane)", SyncIfWarp([]float64{4}, one))
	if one[0] != 8 {
		t.Errorf("SyncIfWarp one lane = %v, want [8]", one)
	}
	wantDivergence(t, "SyncIfWarpPerLane", SyncIfWarpPerLane(in, make([]float64, len(in))))
}

func TestWeightedSum(t *testing.T) {
	items := []any{Item{1}, Heavy{Item{2}, 3}, Item{4}, Heavy{Item{5}, 0.5}}
	var s float64
	wantNil(t, "WeightedSum", WeightedSum(items, &s))
	if s != 1+6+4+2.5 {
		t.Errorf("WeightedSum = %g, want 13.5", s)
	}
	wantDivergence(t, "WeightedSumSplit", WeightedSumSplit(items, &s))
}

func TestRelax(t *testing.T) {
	cur := []float64{0, 9, 0, 9, 0, 9}
	want := slices.Clone(cur)
	for range 3 {
		next := slices.Clone(want)
		for i := 1; i+1 < len(want); i++ {
			next[i] = (want[i-1] + want[i] + want[i+1]) / 3
		}
		want = next
	}
	got := slices.Clone(cur)
	wantNil(t, "Relax", Relax(got, 3))
	for i := range got {
		if !near(got[i], want[i]) {
			t.Errorf("Relax = %v, want %v", got, want)
			break
		}
	}
	own := []int{1, 2, 3, 3, 2, 1}
	wantDivergence(t, "RelaxOwn", RelaxOwn(slices.Clone(cur), own))
}

func TestClamp(t *testing.T) {
	buf := []float64{-1, 5, 12, -3, 7}
	wantNil(t, "ClampLocal", ClampLocal(buf, 10))
	if want := []float64{0, 5, 10, 0, 7}; !slices.Equal(buf, want) {
		t.Errorf("ClampLocal = %v, want %v", buf, want)
	}
	wantDivergence(t, "ClampShared", ClampShared([]float64{-1, 5, 12, -3, 7}, 10))
}

func TestTeamPeak(t *testing.T) {
	in := []float64{3, 1, 4, 1, 5, 9, 2, 6}
	var m float64
	wantNil(t, "TeamPeak", TeamPeak(in, &m))
	if m != 9 {
		t.Errorf("TeamPeak = %g, want 9", m)
	}
	inf := []float64{3, math.Inf(1), 4, 1}
	wantDivergence(t, "TeamPeakFinite", TeamPeakFinite(inf, &m))
}
