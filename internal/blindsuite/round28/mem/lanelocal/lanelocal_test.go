package lanelocal

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantOK(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func wantDiv(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
}

func rows4() [][]float32 {
	return [][]float32{{1, 2}, {0, 0}, {3, 1}, {-1, -1}}
}

func TestRowScale(t *testing.T) {
	out := make([]float32, 4)
	wantDiv(t, RowScaleBug(rows4(), 2, out))
	rows := [][]float32{{1, 2}, {1, 1}, {3, 1}, {1, 0}}
	out = make([]float32, 4)
	wantOK(t, RowScaleOK(rows, 2, out))
	if out[0] != 3.0/10 || out[3] != 1.0/10 {
		t.Fatalf("RowScaleOK: %v", out)
	}
}

func TestSmooth(t *testing.T) {
	buf := []float32{8, 0, 0, 0, 0, 0, 0, 0}
	wantDiv(t, SmoothBug([]int{1, 2, 1, 1, 1, 1, 1, 1}, 3, buf))
	buf = []float32{3, 0, 0, 0, 0, 0, 0, 0}
	wantOK(t, SmoothOK(1, 3, buf))
	if buf[0] != 1 || buf[1] != 1 || buf[7] != 1 || buf[2] != 0 {
		t.Fatalf("SmoothOK: %v", buf)
	}
}

func TestRelax(t *testing.T) {
	out := make([]float32, 4)
	wantDiv(t, RelaxBug([]float32{8, 2, 0.5, 1}, 0, out))
	wantOK(t, RelaxOK([]float32{8, 2, 0.5, 1}, 2, out))
	if out[0] != 2 || out[2] != 0.125 {
		t.Fatalf("RelaxOK: %v", out)
	}
}

func TestClassify(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, ClassifyBug([]int{0, 1, 2, 4}, out))
	wantOK(t, ClassifyOK([]int{0, 1, 2, 4}, out))
	if out[0] != 2 || out[3] != 6 {
		t.Fatalf("ClassifyOK: %v", out)
	}
}

func TestParity(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, ParityBug(4, out))
	out = make([]int, 4)
	wantOK(t, ParityOK(4, 0, out))
	wantOK(t, ParityOK(4, 1, out))
	if out[0] != 1 || out[3] != 1 {
		t.Fatalf("ParityOK: %v", out)
	}
}

func TestCompact(t *testing.T) {
	out := make([]float32, 4)
	wantDiv(t, CompactBug(rows4(), 2, 1, out))
	wantOK(t, CompactOK(rows4(), 2, 1, out))
	if out[0] != 3 || out[1] != 0 || out[3] != 0 {
		t.Fatalf("CompactOK: %v", out)
	}
}

func TestOneHot(t *testing.T) {
	out := make([]float32, 4)
	wantDiv(t, OneHotBug([]int{0, 1, 0, 2}, 3, out))
	wantOK(t, OneHotOK([]int{0, 1, 0, 2}, 3, 0, out))
	if out[1] != 3 {
		t.Fatalf("OneHotOK: %v", out)
	}
	out = make([]float32, 4)
	wantOK(t, OneHotOK([]int{0, 1, 0, 2}, 3, 2, out))
	if out[1] != 0 {
		t.Fatalf("OneHotOK target 2: %v", out)
	}
}

func TestSearch(t *testing.T) {
	grid := [][]int{{1, 2}, {3, 4}, {5, 7}, {7, 0}}
	hits := make([]int, 4)
	wantDiv(t, SearchBug(grid, 7, hits))
	wantOK(t, SearchOK(grid, 2, 7, hits))
	if hits[0] != 4 {
		t.Fatalf("SearchOK: %v", hits)
	}
}

func TestLeader(t *testing.T) {
	out := make([]int, 1)
	wantDiv(t, LeaderBug([]int{3, 9, 2, 5}, out))
	wantOK(t, LeaderOK([]int{3, 9, 2, 5}, out))
	if out[0] != 9 {
		t.Fatalf("LeaderOK: %v", out)
	}
}

func TestDistinct(t *testing.T) {
	grid := [][]int{{1, 1, 1}, {1, 2, 3}, {0, 5, 5}, {4, 5, 6}}
	out := make([]int, 4)
	wantDiv(t, DistinctBug(grid, out))
	wantOK(t, DistinctOK(grid, out))
	if out[0] != 3 || out[2] != 2 {
		t.Fatalf("DistinctOK: %v", out)
	}
}
