package queues

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round28/mem/memlib"
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

func TestWalk(t *testing.T) {
	children := [][]int{{1, 2}, {3}, {}, {}}
	visits := make([]int, 2)
	wantDiv(t, WalkBug(children, []int{0, 2}, visits))
	visits = make([]int, 2)
	wantOK(t, WalkOK(3, []int{0, 10}, visits))
	if visits[0] != 3 || visits[1] != 33 {
		t.Fatalf("WalkOK: %v", visits)
	}
}

func TestBudget(t *testing.T) {
	out := make([]int, 3)
	wantDiv(t, BudgetBug([]int{1, 2, 1}, out))
	out = make([]int, 3)
	wantOK(t, BudgetOK([]int{2, 5, 1}, out))
	if out[2] != 6 {
		t.Fatalf("BudgetOK: %v", out)
	}
}

func TestWindow(t *testing.T) {
	x := []int{1, 2, 3, 4, 5, 6, 7, 8}
	out := make([]int, 2)
	wantDiv(t, WindowBug(x, out))
	out = make([]int, 2)
	wantOK(t, WindowOK(x, out))
	if out[0] != 10 || out[1] != 26 {
		t.Fatalf("WindowOK: %v", out)
	}
}

func TestLaneHist(t *testing.T) {
	grid := [][]int{{8, 1}, {1, 2}, {0, 16}}
	out := make([]int, 3)
	wantDiv(t, LaneHistBug(grid, out))
	wantOK(t, LaneHistOK(grid, out))
	if out[0] != 3 {
		t.Fatalf("LaneHistOK: %v", out)
	}
}

func TestEnqueue(t *testing.T) {
	wantDiv(t, EnqueueBug(&memlib.Queue{Items: make([]int, 4)}, []int{1, 2, 3, 4}))
	q := &memlib.Queue{Items: make([]int, 4)}
	wantOK(t, EnqueueOK(q, []int{1, 2, 3, 4}))
	s := 0
	for _, v := range q.Items {
		s += v
	}
	if q.Len() != 4 || s != 10 {
		t.Fatalf("EnqueueOK: %v", q.Items)
	}
}

func TestPeak(t *testing.T) {
	x := []int64{-3, 5, 2, -1}
	out := make([]int64, 4)
	wantDiv(t, PeakBug(x, out))
	out = make([]int64, 4)
	wantOK(t, PeakOK(x, out))
	if out[0] != 20 {
		t.Fatalf("PeakOK: %v", out)
	}
}

func TestStage(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, StageBug([]int{1, 0, 2, 3}, out))
	wantOK(t, StageOK([]int{1, 0, 2, 3}, out))
	if out[3] != 3 {
		t.Fatalf("StageOK: %v", out)
	}
}

func TestTileGate(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, TileGateBug([]int{1, 0, 2, 3}, out))
	wantOK(t, TileGateOK([]int{1, 0, 2, 3}, out))
	if out[1] != 6 || out[2] != 6 {
		t.Fatalf("TileGateOK: %v", out)
	}
}

func TestSegments(t *testing.T) {
	out := make([]int, 3)
	wantDiv(t, SegmentsBug(3, out))
	wantOK(t, SegmentsOK(3, out))
	if out[2] != 11 {
		t.Fatalf("SegmentsOK: %v", out)
	}
}
