package uniexit

import (
	"math"
	"slices"
	"testing"
)

var drainCounts = []int{3, 0, 1, 5}

func TestDrainQueues(t *testing.T) {
	popped := make([]int, 4)
	var r int
	wantNil(t, DrainQueues(drainCounts, popped, &r))
	if r != 5 || !slices.Equal(popped, drainCounts) {
		t.Errorf("rounds %d popped %v", r, popped)
	}
}

func TestDrainQueuesBug(t *testing.T) {
	popped := make([]int, 4)
	var r int
	wantDivergence(t, DrainQueuesBug(drainCounts, popped, &r))
}

func TestDrainStats(t *testing.T) {
	avg := -1
	wantNil(t, DrainStats(drainCounts, &avg))
	if avg != 2 {
		t.Errorf("avg = %d", avg)
	}
}

func TestDrainStatsBug(t *testing.T) {
	avg := -1
	wantDivergence(t, DrainStatsBug(drainCounts, &avg))
}

var keys = []int{7, 3, 7, 9, 3, 3}

func TestServeKeys(t *testing.T) {
	served := make([]int, 6)
	per := make([]int, 6)
	wantNil(t, ServeKeys(keys, served, per))
	if !slices.Equal(served, []int{0, 1, 0, 2, 1, 1}) || !slices.Equal(per[:3], []int{2, 3, 1}) {
		t.Errorf("served %v per round %v", served, per)
	}
}

func TestServeKeysBug(t *testing.T) {
	served := make([]int, 6)
	per := make([]int, 6)
	wantDivergence(t, ServeKeysBug(keys, served, per))
}

var (
	rowPtr = []int{0, 2, 2, 5, 6}
	cols   = []int{0, 1, 0, 2, 3, 1}
	vals   = []float64{1, 2, 3, 4, 5, 6}
	xs     = []float64{1, 1, 1, 1}
)

func TestRowProduct(t *testing.T) {
	y := make([]float64, 4)
	wantNil(t, RowProduct(rowPtr, cols, vals, xs, y))
	if !slices.Equal(y, []float64{3, 0, 12, 6}) {
		t.Errorf("y = %v", y)
	}
}

func TestRowProductBug(t *testing.T) {
	y := make([]float64, 4)
	wantDivergence(t, RowProductBug(rowPtr, cols, vals, xs, y))
}

func rod() []float64 { return []float64{0, 5, 3, 8, 1, 0, 10} }

func TestRelax(t *testing.T) {
	u := rod()
	var n int
	wantNil(t, Relax(u, 1e-6, 100000, &n))
	for i, v := range u {
		if math.Abs(v-10*float64(i)/6) > 1e-3 {
			t.Errorf("u = %v after %d sweeps", u, n)
			break
		}
	}
}

func TestRelaxBug(t *testing.T) {
	var n int
	wantDivergence(t, RelaxBug(rod(), 1e-6, 100000, &n))
}

var costs = [][]int{{1, 2, 6}, {4, 0, 1}, {10, 10, 10}}

func TestSpendBudget(t *testing.T) {
	sums := make([]int, 3)
	var acc int
	wantNil(t, SpendBudget(costs, 12, sums, &acc))
	if acc != 9 || !slices.Equal(sums, []int{9, 5, 0}) {
		t.Errorf("accepted %d sums %v", acc, sums)
	}
}

func TestSpendBudgetBug(t *testing.T) {
	sums := make([]int, 3)
	var acc int
	wantDivergence(t, SpendBudgetBug(costs, 5, sums, &acc))
}

func TestRefine(t *testing.T) {
	out := make([]float64, 4)
	wantNil(t, Refine([][]float64{{1, 2, 3}, {4, -1, 5}, {}, {2}}, out))
	if !slices.Equal(out, []float64{6, 4, 0, 2}) {
		t.Errorf("out = %v", out)
	}
}

func TestRefineBug(t *testing.T) {
	out := make([]float64, 4)
	wantDivergence(t, RefineBug([][]float64{{1, 2, 3}, {4, -1, 5}, {}, {2}}, out))
}

var filterSamples = [][]float64{{1, 5}, {6}, {}, {7, 8, 9}}

func TestFilter(t *testing.T) {
	passed := make([]int, 4)
	wantNil(t, Filter(filterSamples, 5, passed))
	if !slices.Equal(passed, []int{2, 2, 1, 0}) {
		t.Errorf("passed %v", passed)
	}
}

func TestFilterBug(t *testing.T) {
	passed := make([]int, 4)
	wantDivergence(t, FilterBug(filterSamples, 5, passed))
}

var ring = [][]int{{1, 2}, {3}, {4, 5, 6}, {}}

func grid(n, m int) [][]int {
	g := make([][]int, n)
	for i := range g {
		g[i] = make([]int, m)
	}
	return g
}

func TestRotateRing(t *testing.T) {
	got := grid(4, 3)
	wantNil(t, RotateRing(ring, got))
	want := [][]int{{0, 0, 0}, {1, 2, 0}, {3, 0, 0}, {4, 5, 6}}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("got %v", got)
		}
	}
}

func TestRotateRingBug(t *testing.T) {
	wantDivergence(t, RotateRingBug(ring, grid(4, 3)))
}

func TestPowerStep(t *testing.T) {
	var n int
	wantNil(t, PowerStep([]float64{0, 1, 2, 10}, 1e-3, &n))
	if n != 11 {
		t.Errorf("iters = %d", n)
	}
}

func TestPowerStepBug(t *testing.T) {
	var n int
	wantDivergence(t, PowerStepBug([]float64{0, 1, 2, 10}, 1e-3, &n))
}

var gatherIn = [][]int{{1, 2}, {3}, {}, {4, 5, 6}}

func TestGather(t *testing.T) {
	sum := make([]int, 10)
	wantNil(t, Gather(gatherIn, 10, sum))
	if !slices.Equal(sum[:4], []int{8, 7, 6, 0}) {
		t.Errorf("sum %v", sum)
	}
}

func TestGatherBug(t *testing.T) {
	wantDivergence(t, GatherBug(gatherIn, 10, make([]int, 10)))
}

func TestSettle(t *testing.T) {
	var n int
	var far float64
	pos := []float64{1, -4, 0.5, 2}
	wantNil(t, Settle(pos, 0.1, &n, &far))
	if n != 6 || far != 0.0625 || pos[1] != -0.0625 {
		t.Errorf("n %d far %v pos %v", n, far, pos)
	}
}

func TestSettleBug(t *testing.T) {
	var n int
	var far float64
	wantDivergence(t, SettleBug([]float64{1, -4, 0.5, 2}, 0.1, &n, &far))
}
