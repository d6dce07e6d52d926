package closures

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round28/hof/internal/check"
	"github.com/spmdvet/spmdvet/spmd"
)

func TestShiftLeft(t *testing.T) {
	in := []float32{1, 2, 3, 4, 5, 6}
	out := make([]float32, 8)
	check.OK(t, ShiftLeftOK(in, out, 8))
	for i := 0; i < 5; i++ {
		if out[i] != in[i+1] {
			t.Fatalf("out = %v", out)
		}
	}
	check.Div(t, ShiftLeftBug(in, make([]float32, 8), 8))
}

func TestActiveSum(t *testing.T) {
	data := []int{1, 2, 3, 4, 5, 6, 7, 8}
	active := []bool{true, false, true, false, true, false, true, false}
	out := make([]int, 1)
	check.OK(t, ActiveSumOK(data, active, out))
	if out[0] != 16 {
		t.Fatalf("sum = %d", out[0])
	}
	check.Div(t, ActiveSumBug(data, active, out))
}

func TestPublish(t *testing.T) {
	out := make([]float64, 1)
	check.OK(t, PublishOK([]float64{1, 0, 2, 3}, out))
	if out[0] != 12 {
		t.Fatalf("out = %v", out[0])
	}
	check.Div(t, PublishBug([]float64{1, 0, 2, 3}, out))
}

func TestDrain(t *testing.T) {
	out := make([]int, 1)
	check.OK(t, DrainOK([]int{1, 0, 2, 3}, out))
	if out[0] != 14 {
		t.Fatalf("out = %v", out[0])
	}
	check.Div(t, DrainBug([]int{1, 0, 2, 3}, out))
}

func TestSquareOwned(t *testing.T) {
	buf := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	out := make([]int, 1)
	check.OK(t, SquareOwnedOK(buf, 4, out))
	if out[0] != 385 {
		t.Fatalf("out = %v", out[0])
	}
	check.Div(t, SquareOwnedBug([]int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 4, out))
}

func relax(x []float64, rounds int) []float64 {
	n := len(x)
	x = slices.Clone(x)
	for range rounds {
		y := make([]float64, n)
		for i := range x {
			y[i] = (x[(i+n-1)%n] + x[i] + x[(i+1)%n]) / 3
		}
		x = y
	}
	return x
}

func TestRelax(t *testing.T) {
	x := []float64{3, 0, 6, 9, 0, 3}
	want := relax(x, 3)
	check.OK(t, RelaxOK(x, 3))
	if !slices.Equal(x, want) {
		t.Fatalf("x = %v, want %v", x, want)
	}
	check.Div(t, RelaxBug([]float64{3, 0, 6, 9, 0, 3}, []int{1, 2, 1, 2, 1, 2}))
}

func TestPeak(t *testing.T) {
	out := make([]float32, 1)
	check.OK(t, PeakOK([]float32{-1, 4, 2, -7}, out))
	if out[0] != 4 {
		t.Fatalf("out = %v", out[0])
	}
	check.OK(t, PeakOK([]float32{-1, -4}, out))
	if out[0] != 0 {
		t.Fatalf("out = %v", out[0])
	}
	check.Div(t, PeakBug([]float32{-1, 4, 2, -7}, out))
}

func TestStages(t *testing.T) {
	in := []int{4, 8, 12, 16}
	out := make([]int, 4)
	check.OK(t, StagesOK(in, out, true))
	if !slices.Equal(out, []int{-2, 2, 6, -6}) {
		t.Fatalf("out = %v", out)
	}
	check.OK(t, StagesOK(in, out, false))
	if !slices.Equal(out, []int{8, 12, 16, 4}) {
		t.Fatalf("out = %v", out)
	}
	check.Div(t, StagesBug([]int{4, -8, 12, 16}, out))
}

func TestPhases(t *testing.T) {
	for phase, want := range [][]int{{2, 3, 4, 5}, {2, 4, 6, 8}, {2, 3, 4, 1}} {
		buf := []int{1, 2, 3, 4}
		check.OK(t, PhasesOK(buf, phase))
		if !slices.Equal(buf, want) {
			t.Fatalf("phase %d: %v", phase, buf)
		}
	}
	check.Div(t, PhasesBug([]int{1, 2, 3, 4}))
}

func TestScan(t *testing.T) {
	buf := []int{3, 1, 4, 1, 5}
	check.OK(t, ScanOK(buf))
	// scan 3 4 8 9 14; minus 3: 0 1 5 6 11; 11 - x.
	if !slices.Equal(buf, []int{11, 10, 6, 5, 0}) {
		t.Fatalf("buf = %v", buf)
	}
	check.Div(t, ScanBug([]int{3, 1, 4, 1, 5}))
}

func TestStats(t *testing.T) {
	v := []float64{2, -1, 5, 3}
	out := make([]float64, 1)
	for mode, want := range map[string]float64{"sum": 9, "min": -1, "max": 5} {
		check.OK(t, StatsOK(v, mode, out))
		if out[0] != want {
			t.Fatalf("%s = %v", mode, out[0])
		}
	}
	check.Div(t, StatsBug(v, []string{"sum", "min", "max", "sum"}, out))
}

func TestAllStats(t *testing.T) {
	v := []float64{2, -1, 5, 3}
	out := map[string]float64{}
	check.OK(t, AllStatsOK(v, out))
	want := map[string]float64{"sum": 9, "min": -1, "max": 5, "first": 2}
	for k, w := range want {
		if out[k] != w {
			t.Fatalf("%s = %v", k, out[k])
		}
	}
	// Map order is random per range: retry until the lanes disagree.
	var err error
	for range 50 {
		err = AllStatsBug([]float64{1, 2, 3, 4, 5, 6, 7, 8}, map[string]float64{})
		var d *spmd.DivergenceError
		if errors.As(err, &d) {
			break
		}
	}
	check.Div(t, err)
}

func TestTiledSum(t *testing.T) {
	src := []float32{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	out := make([]float32, 1)
	check.OK(t, TiledSumOK(src, 4, out))
	if out[0] != 55 {
		t.Fatalf("out = %v", out[0])
	}
	check.Div(t, TiledSumBug(src, 4, out))
}

func TestTreeSum(t *testing.T) {
	out := make([]int, 1)
	check.OK(t, TreeSumOK([]int{1, 2, 3, 4, 5, 6, 7, 8}, out))
	if out[0] != 36 {
		t.Fatalf("out = %v", out[0])
	}
	check.Div(t, TreeSumBug([]int{1, 2, 3, 4, 5, 6, 7, 8}, out))
}

func TestFlush(t *testing.T) {
	rows := [][]int{{1, 0, 2}, {0, 0, 0}, {5, 6, 7}, {1, -1, -1}}
	out := make([]int, 3)
	check.OK(t, FlushOK(rows, out))
	if !slices.Equal(out, []int{3, 2, 1}) {
		t.Fatalf("out = %v", out)
	}
	check.Div(t, FlushBug(rows, out))
}
