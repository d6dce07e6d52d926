package carried

import (
	"slices"
	"testing"
)

func TestCascade(t *testing.T) {
	y := make([]float64, 4)
	wantNil(t, Cascade([]float64{1, 2, 3, 4}, []float64{2, 3, 0.5}, 1, y))
	if !slices.Equal(y, []float64{6, 12, 18, 24}) {
		t.Errorf("y = %v", y)
	}
}

func TestCascadeBug(t *testing.T) {
	wantDivergence(t, CascadeBug([]float64{0.25, 1, 2, 3}, []float64{2, 3, 0.5}, 1, make([]float64, 4)))
}

func TestRecurrence(t *testing.T) {
	var n int
	wantNil(t, Recurrence(1, 1, 3, 6, &n))
	if n != 8 {
		t.Errorf("count = %d", n)
	}
}

func TestRecurrenceBug(t *testing.T) {
	var n int
	wantDivergence(t, RecurrenceBug(1, []int{1, 10, 1, 10}, 3, 6, &n))
}

var rows = [][]float64{{1, 2}, {3, -1}, {4, 5}, {-2, 0}}

func TestResample(t *testing.T) {
	var n int
	wantNil(t, Resample(rows, &n))
	if n != 2 {
		t.Errorf("bad rows = %d", n)
	}
}

func TestResampleBug(t *testing.T) {
	var n int
	wantDivergence(t, ResampleBug(rows, &n))
}

var stream = []int{1, 2, 0, 9, 3, 4, 5, 6, 0, 1, 1, 1}

func TestDrain(t *testing.T) {
	var total int
	wantNil(t, Drain(stream, 4, 0, &total))
	if total != 21 {
		t.Errorf("total = %d", total)
	}
}

func TestDrainBug(t *testing.T) {
	var total int
	wantDivergence(t, DrainBug(stream, 4, 0, &total))
}

var (
	rbX    = []float64{1, 2, 3, 4, 10, 20, 30, 40}
	rbMask = []bool{true, true, true, true, false, false, true, false}
)

func TestRedBlack(t *testing.T) {
	sums := make([]float64, 4)
	wantNil(t, RedBlack(rbX, rbMask, 4, sums))
	if !slices.Equal(sums, []float64{1, 0, 34, 0}) {
		t.Errorf("sums = %v", sums)
	}
}

func TestRedBlackBug(t *testing.T) {
	wantDivergence(t, RedBlackBug(rbX, rbMask, 4, make([]float64, 4)))
}

var (
	wx = []float64{1, -1, 2, -3, -4, 5}
	ww = []float64{1, 2, 3}
)

func TestWeigh(t *testing.T) {
	var p int
	wantNil(t, Weigh(wx, ww, 5, &p))
	if p != 3 {
		t.Errorf("pos = %d", p)
	}
}

func TestWeighBug(t *testing.T) {
	var p int
	wantDivergence(t, WeighBug(wx, ww, 3.5, &p))
}

func TestRefine(t *testing.T) {
	cells := []float64{8, 16, 24, 32}
	done := make([]int, 4)
	wantNil(t, Refine(cells, 5, 3, done))
	if !slices.Equal(done, []int{3, 3, 3, 3}) || !slices.Equal(cells, []float64{1, 2, 3, 4}) {
		t.Errorf("done %v cells %v", done, cells)
	}
}

func TestRefineBug(t *testing.T) {
	wantDivergence(t, RefineBug([]float64{8, 16, 24, 32}, 5, []int{3, 1, 5, 2}, make([]int, 4)))
}

func TestDiffuse(t *testing.T) {
	var n int
	wantNil(t, Diffuse([]float64{1, 2, 3, 6}, 2, 2, &n))
	if n != 2 {
		t.Errorf("syncs = %d", n)
	}
}

func TestDiffuseBug(t *testing.T) {
	var n int
	wantDivergence(t, DiffuseBug([]float64{1, 2, 3, 6}, 2, 2, &n))
}

func TestGossip(t *testing.T) {
	flag := make([]bool, 4)
	wantNil(t, Gossip([]int{1, 2, 3, 4}, 4, 5, flag))
	if !slices.Equal(flag, []bool{true, true, true, true}) {
		t.Errorf("flag = %v", flag)
	}
}

func TestGossipBug(t *testing.T) {
	wantDivergence(t, GossipBug([]int{1, 2, 3, 4}, 2, 5, make([]bool, 4)))
}
