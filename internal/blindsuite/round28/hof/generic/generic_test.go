package generic

import (
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round28/hof/internal/check"
)

func TestColumnTotals(t *testing.T) {
	out := make([]float64, 3)
	check.OK(t, ColumnTotalsOK([]float64{1, 2, 3}, 4, out))
	if !slices.Equal(out, []float64{6, 12, 18}) {
		t.Fatalf("out = %v", out)
	}
	check.Div(t, ColumnTotalsBug([][]float64{{1, 2}, {3}, {4, 5, 6}}, out))
}

func TestDot(t *testing.T) {
	w := []int{1, 2, 3}
	x := [][]int{{1, 0, 1}, {2, 2, 0}, {0, 0, 1}}
	out := make([]int, 1)
	check.OK(t, DotOK(w, x, out))
	if out[0] != 4+6+3 {
		t.Fatalf("out = %v", out[0])
	}
	check.Div(t, DotBug(w, x, out))
}

func TestScatter(t *testing.T) {
	cols := []float32{1, 2, 3, 4, 5, 6}
	buf := make([]float32, 6)
	check.OK(t, ScatterOK(cols, buf, 4))
	if !slices.Equal(buf, []float32{2, 4, 6, 8, 10, 12}) {
		t.Fatalf("buf = %v", buf)
	}
	check.Div(t, ScatterBug(cols, buf, 4))
}

func TestHistogram(t *testing.T) {
	out := make([]int32, 3)
	check.OK(t, HistogramOK([]int{0, 2, 2, 5, 1, -1}, 3, out))
	if !slices.Equal(out, []int32{1, 1, 2}) {
		t.Fatalf("out = %v", out)
	}
	check.Div(t, HistogramBug([]int{0, 2, 2, 5, 1, -1}, 3, out))
}

func TestBlur(t *testing.T) {
	src := []float32{2, 4, 6, 8, 10, 12}
	dst := make([]float32, 6)
	check.OK(t, BlurOK(src, dst, 4))
	if !slices.Equal(dst, []float32{1, 2, 3, 4, 5, 6}) {
		t.Fatalf("dst = %v", dst)
	}
	check.Div(t, BlurBug(src, dst, 4))
}

func TestFind(t *testing.T) {
	src := []int{5, 3, 8, 1, 9, 7, 2}
	out := make([]int, 1)
	check.OK(t, FindOK(src, 9, 3, out))
	if out[0] != 4 {
		t.Fatalf("out = %v", out[0])
	}
	check.OK(t, FindOK(src, 42, 3, out))
	if out[0] != -1 {
		t.Fatalf("out = %v", out[0])
	}
	check.Div(t, FindBug(src, 9, 3, out))
}

func TestRowSums(t *testing.T) {
	rows := [][]int{{1, 2, 3}, {4, 5, 6}}
	out := make([]int, 3)
	check.OK(t, RowSumsOK(rows, out))
	// each lane adds rows[0][k] + rows[i][k]: 2*rows[0] + rows[0] + rows[1].
	if !slices.Equal(out, []int{7, 11, 15}) {
		t.Fatalf("out = %v", out)
	}
	check.Div(t, RowSumsBug([][]int{{1, 2, 3}, {4}}, out))
}

func TestMax(t *testing.T) {
	out := make([]float32, 1)
	check.OK(t, MaxOK([]float32{3, 9, 1, 4, 7, 2, 8, 6}, out))
	if out[0] != 9 {
		t.Fatalf("out = %v", out[0])
	}
	check.Div(t, MaxBug([]float32{3, 9, 1, 4, 7, 2, 8, 6}, out))
}

func TestClamp(t *testing.T) {
	buf := []int{50, 150, 300, 7, 101}
	check.OK(t, ClampOK(buf, 2))
	if !slices.Equal(buf, []int{50, 100, 100, 7, 100}) {
		t.Fatalf("buf = %v", buf)
	}
	buf = []int{500, 150, -1, 700}
	check.OK(t, ClampOK(buf, 2))
	if !slices.Equal(buf, []int{100, 100, -1, 700}) {
		t.Fatalf("buf = %v", buf)
	}
	check.Div(t, ClampBug([]int{500, 150, -1, 700, 3}, 2))
}
