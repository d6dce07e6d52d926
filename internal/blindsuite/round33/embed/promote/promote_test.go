package promote

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

func close(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func closeAll(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !close(a[i], b[i]) {
			return false
		}
	}
	return true
}

func TestSmooth3(t *testing.T) {
	in := []float64{4, 8, 0, 4, 12, 4, 0, 8}
	out := make([]float64, len(in))
	wantNil(t, "Smooth3", Smooth3(in, out))
	want := make([]float64, len(in))
	for i := range in {
		if in[i] == 0 {
			continue
		}
		lo, hi := max(i-1, 0), min(i+1, len(in)-1)
		want[i] = (in[lo] + 2*in[i] + in[hi]) / 4
	}
	if !closeAll(out, want) {
		t.Errorf("Smooth3 = %v, want %v", out, want)
	}
	wantDivergence(t, "Smooth3SkipZeros", Smooth3SkipZeros(in, make([]float64, len(in))))
}

func TestReverseChunks(t *testing.T) {
	in := make([]float64, 13)
	for i := range in {
		in[i] = float64(i)
	}
	out := make([]float64, len(in))
	wantNil(t, "ReverseChunks", ReverseChunks(in, out, 4))
	want := []float64{3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 12}
	if !slices.Equal(out, want) {
		t.Errorf("ReverseChunks = %v, want %v", out, want)
	}
	wantDivergence(t, "ReverseChunksStrided", ReverseChunksStrided(in, make([]float64, len(in)), 4))
}

func jacobiRef(grid []float64, rows, cols, iters int) []float64 {
	g := slices.Clone(grid)
	for range iters {
		next := slices.Clone(g)
		for r := 1; r < rows-1; r++ {
			for c := 1; c < cols-1; c++ {
				i := r*cols + c
				next[i] = (g[i-1] + g[i+1] + g[i-cols] + g[i+cols]) / 4
			}
		}
		g = next
	}
	return g
}

func TestJacobi(t *testing.T) {
	rows, cols := 5, 6
	grid := make([]float64, rows*cols)
	for i := range grid {
		if i < cols {
			grid[i] = 100
		}
	}
	want := jacobiRef(grid, rows, cols, 3)
	g := slices.Clone(grid)
	wantNil(t, "Jacobi", Jacobi(g, rows, cols, 3))
	if !closeAll(g, want) {
		t.Errorf("Jacobi = %v, want %v", g, want)
	}
	wantDivergence(t, "JacobiInterior", JacobiInterior(slices.Clone(grid), rows, cols, 3))
}

func TestScaleBlock(t *testing.T) {
	in := []float64{1, 2, 4, 8, 3, 5}
	out := make([]float64, len(in))
	wantNil(t, "ScaleBlock row 0", ScaleBlock(in, out, 0, 2, 3))
	for i := range in {
		if !close(out[i], in[i]/8) {
			t.Errorf("ScaleBlock row 0: out[%d] = %g, want %g", i, out[i], in[i]/8)
		}
	}
	wantNil(t, "ScaleBlock row 1", ScaleBlock(in, out, 1, 2, 3))
	for i := range in {
		if !close(out[i], in[i]*3) {
			t.Errorf("ScaleBlock row 1: out[%d] = %g, want %g", i, out[i], in[i]*3)
		}
	}
	wantDivergence(t, "ScaleRow0", ScaleRow0(in, make([]float64, len(in)), 3, 3))
}

func TestDiffs(t *testing.T) {
	in := []float64{1, 0, 4, 9, 0, 0, 2, 5}
	want := make([]float64, len(in))
	for i := 0; i+1 < len(in); i++ {
		want[i] = in[i+1] - in[i]
	}
	for name, k := range map[string]func(in, out []float64) error{
		"Diffs":       Diffs,
		"DiffsStaged": DiffsStaged,
	} {
		out := make([]float64, len(in))
		wantNil(t, name, k(in, out))
		if !slices.Equal(out, want) {
			t.Errorf("%s = %v, want %v", name, out, want)
		}
	}
	wantDivergence(t, "DiffsSparse", DiffsSparse(in, make([]float64, len(in))))
	wantDivergence(t, "DiffsStagedInner", DiffsStagedInner(in, make([]float64, len(in))))
}

func TestHistogram(t *testing.T) {
	in := []int{3, -1, 4, 1, -5, 9, 2, 6}
	bins := make([]int32, 4)
	var total int32
	wantNil(t, "Histogram", Histogram(in, bins, &total))
	want := make([]int32, 4)
	for _, v := range in {
		if v >= 0 {
			want[v%4]++
		}
	}
	if !slices.Equal(bins, want) || total != 6 {
		t.Errorf("Histogram = %v total %d, want %v total 6", bins, total, want)
	}
	var total2 int32
	wantDivergence(t, "HistogramSynced", HistogramSynced(in, make([]int32, 4), &total2))
}

func TestRowTotals(t *testing.T) {
	in := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	var total float64
	wantNil(t, "RowTotals", RowTotals(in, 3, &total))
	if total != 55 {
		t.Errorf("RowTotals = %g, want 55", total)
	}
	var total2 float64
	wantDivergence(t, "RowTotalsLeaders", RowTotalsLeaders(in, 3, &total2))
}

func TestTileWidths(t *testing.T) {
	in := []float64{1, 2, 3, 4, 5, 6, 7}
	for _, w := range []int{1, 3} {
		out := make([]float64, len(in))
		wantNil(t, "TileWidths", TileWidths(in, out, w))
		for i := range in {
			s := in[i]
			if i%w != w-1 && i+1 < len(in) {
				s += in[i+1]
			}
			if out[i] != s {
				t.Errorf("TileWidths(w=%d): out[%d] = %g, want %g", w, i, out[i], s)
			}
		}
	}
	wantDivergence(t, "TileWidthsLast", TileWidthsLast(in, make([]float64, len(in)), 3))
}
