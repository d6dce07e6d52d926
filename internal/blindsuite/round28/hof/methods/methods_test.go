package methods

import (
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round28/hof/internal/check"
)

func TestPositiveSum(t *testing.T) {
	v := []float64{1, -2, 3, 0}
	out := make([]float64, 1)
	check.OK(t, PositiveSumOK(v, out))
	if out[0] != 4 {
		t.Fatalf("out = %v", out[0])
	}
	check.Div(t, PositiveSumBug(v, out))
}

func TestColumnSums(t *testing.T) {
	grid := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	out := make([]int, 3)
	check.OK(t, ColumnSumsOK(grid, 3, out))
	if !slices.Equal(out, []int{22, 26, 30}) {
		t.Fatalf("out = %v", out)
	}
	check.Div(t, ColumnSumsBug([]int{1, -2, 3, 4, 5, 6, -7, -8, 9, 10, 11, 12}, 3, out))
}

func smooth(x []float64, rounds int) []float64 {
	x = slices.Clone(x)
	for range rounds {
		y := slices.Clone(x)
		for i := 1; i < len(x)-1; i++ {
			y[i] = (x[i-1] + x[i] + x[i+1]) / 3
		}
		x = y
	}
	return x
}

func TestSmooth(t *testing.T) {
	buf := []float64{0, 3, 6, 0, 9, 3}
	want := smooth(buf, 2)
	check.OK(t, SmoothOK(buf, 2))
	if !slices.Equal(buf, want) {
		t.Fatalf("buf = %v, want %v", buf, want)
	}
	check.Div(t, SmoothBug([]float64{0, 3, 6, 0, 9, 3}, 2))
}

func TestRotate(t *testing.T) {
	buf := []float32{1, 2, 3, 4, 5}
	check.OK(t, RotateOK(buf, 2))
	if !slices.Equal(buf, []float32{3, 4, 5, 1, 2}) {
		t.Fatalf("buf = %v", buf)
	}
	check.Div(t, RotateBug([]float32{1, 2, 3, 4, 5}, []int{1, 2, 1, 2, 1}))
	buf = []float32{1, 2, 3, 4, 5}
	check.OK(t, RotateExprOK(buf, 1))
	if !slices.Equal(buf, []float32{2, 3, 4, 5, 1}) {
		t.Fatalf("buf = %v", buf)
	}
	check.Div(t, RotateExprBug([]float32{1, 2, 3, 4, 5}, []int{1, 2, 1, 2, 1}))
}

func TestCombine(t *testing.T) {
	v := []float64{1, -2, 3, 5}
	out := make([]float64, 1)
	check.OK(t, CombineOK(v, false, out))
	if out[0] != 7 {
		t.Fatalf("sum = %v", out[0])
	}
	check.OK(t, CombineOK(v, true, out))
	if out[0] != 5 {
		t.Fatalf("max = %v", out[0])
	}
	check.Div(t, CombineBug(v, out))
}

func TestStat(t *testing.T) {
	v := []float32{1, -2, 3, 5}
	out := make([]float32, 1)
	for kind, want := range []float32{7, 5, -2} {
		check.OK(t, StatOK(v, kind, out))
		if out[0] != want {
			t.Fatalf("kind %d = %v", kind, out[0])
		}
	}
	check.Div(t, StatBug(v, []int{0, 1, 2, 0}, out))
}

func TestButterfly(t *testing.T) {
	buf := []int{1, 2, 3, 4, 5, 6, 7, 8}
	check.OK(t, ButterflyOK(buf))
	for _, v := range buf {
		if v != 36 {
			t.Fatalf("buf = %v", buf)
		}
	}
	check.Div(t, ButterflyBug([]int{1, 2, 3, 4, 5, 6, 7, 8}))
}

func TestTick(t *testing.T) {
	c := &counter{rounds: 3, hits: make([]int, 4)}
	check.OK(t, TickOK(c, 5))
	if !slices.Equal(c.hits, []int{5, 5, 5, 0}) {
		t.Fatalf("hits = %v", c.hits)
	}
	check.Div(t, TickBug(&counter{rounds: 3, hits: make([]int, 4)}, 5))
}
