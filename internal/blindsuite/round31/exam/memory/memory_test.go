package memory

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func diverges(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("got %v, want a *spmd.DivergenceError", err)
	}
}

// divergesSometimes runs a kernel whose divergence depends on map
// iteration order until it diverges; with the inputs used, the chance that
// every lane sees the same order is tiny, and 20 attempts make a false
// failure practically impossible.
func divergesSometimes(t *testing.T, run func() error) {
	t.Helper()
	var err error
	for range 20 {
		err = run()
		var de *spmd.DivergenceError
		if errors.As(err, &de) {
			return
		}
		if err != nil {
			t.Fatalf("got %v, want a *spmd.DivergenceError", err)
		}
	}
	t.Fatalf("no divergence in 20 runs")
}

func ok(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func eq[T comparable](t *testing.T, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("got %v, want %v", got, want)
	}
}

func eqs[T comparable](t *testing.T, got, want []T) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

var data8 = []int{3, -4, 12, 7, -20, 5, 30, 1}

func TestLocalAddressTaken(t *testing.T) {
	window := []int{4, 9, 2}
	_, err := PeakAlarm([]int{1, 20, 3, 15}, window, 10)
	diverges(t, err)
	peaks, err := WindowAlarm([]int{1, 20, 3, 15}, window, 5, 0)
	ok(t, err)
	eqs(t, peaks, []int{10, 29, 12, 24})

	diverges(t, ClampFlag([]int{1, 9, 3, 12}, 5))
	xs := []int{1, 9, 3, 12}
	ok(t, ClampStrict(xs, 5, true))
	eqs(t, xs, []int{1, 5, 3, 5})
	ok(t, ClampStrict(xs, 2, false))
	eqs(t, xs, []int{1, 5, 3, 5})

	_, err = StoreHelper(data8)
	diverges(t, err)
	out, err := StoreHelperBase(data8, 2)
	ok(t, err)
	eq(t, out[0], 16+34)

	diverges(t, SweepByColumn(make([]int, 10), 2))
	grid := make([]int, 10)
	ok(t, SweepByRound(grid, 2))
	eqs(t, grid, []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1})

	diverges(t, PairIndex(make([]int, 4)))
	pc := make([]int, 4)
	ok(t, PairCount(pc))
	eqs(t, pc, []int{24, 24, 24, 24})

	_, err = PositiveTally(data8)
	diverges(t, err)
	bt, err := BaseTally(data8, 1)
	ok(t, err)
	eq(t, bt[5], 34)
	bt, err = BaseTally(data8, -1)
	ok(t, err)
	eq(t, bt[5], 0)

	grid = make([]int, 8*3)
	for i := range grid {
		grid[i] = i%4 - 1
	}
	_, err = PickPositive(grid, 3)
	diverges(t, err)
	pa, err := PickAll(grid, 3)
	ok(t, err)
	want := 0
	for _, v := range grid {
		want += max(v, 0)
	}
	eq(t, pa[2], want)
}

func TestShared(t *testing.T) {
	_, err := TreeThenOwnSlot([]int{1, 2, 3, 4, 5, 6, 7, 8}, 10)
	diverges(t, err)
	s, err := TreeThenRoot([]int{1, 2, 3, 4, 5, 6, 7, 8}, 10)
	ok(t, err)
	eq(t, s, 36)

	_, err = QualityByLane([]int{0, 3, 1, 1})
	diverges(t, err)
	q, err := QualityByPreset([]int{0, 3, 1, 1}, 2)
	ok(t, err)
	eqs(t, q, []int{15, 15, 15, 15})

	diverges(t, SolvePerLane(&Params{PerLane: []int{1, 2, 1, 0}}, []float64{1, 2, 3, 4}))
	x := []float64{1, 2, 3, 6}
	ok(t, SolveShared(&Params{Iters: 2, PerLane: []int{1, 2, 1, 0}}, x))
	eqs(t, x, []float64{3, 3, 3, 3})
}

func TestAtomics(t *testing.T) {
	_, err := FirstTickets(data8)
	diverges(t, err)
	s, err := AllTickets(data8)
	ok(t, err)
	eq(t, s, 34)

	diverges(t, Elect(make([]int32, 1), make([]int32, 1)))
	lock, leader := make([]int32, 1), []int32{-1}
	ok(t, ElectThenSync(lock, leader))
	eq(t, lock[0], 1)
	if leader[0] < 0 || leader[0] >= Lanes {
		t.Errorf("leader %d", leader[0])
	}

	_, err = LastDone([]int64{1, 2, 3, 4})
	diverges(t, err)
	tot, err := AllDone([]int64{1, 2, 3, 4})
	ok(t, err)
	eq(t, tot, 10)

	_, err = TakeFlag(data8)
	diverges(t, err)
	m, first, err := TakeFlagThenSync(data8)
	ok(t, err)
	eq(t, m, -20)
	if first < 0 {
		t.Errorf("nobody took the flag")
	}
}

func TestMapRange(t *testing.T) {
	weights := map[string]int{"ab": 1, "cd": 2, "efgh": -3, "ijkl": 4, "mn": 5, "opqr": 6, "st": 7, "uvwx": 8}
	divergesSometimes(t, func() error { return WeightsUntilNegative(weights) })
	seen, err := SortedWeightsUntilNegative(weights)
	ok(t, err)
	eqs(t, seen, []int{2, 2, 2, 2, 2, 2, 2, 2}) // ab, cd, then efgh

	divergesSometimes(t, func() error { return FirstKey(weights, make([]int, 8)) })
	out := make([]int, 8)
	ok(t, MinKey(weights, out))
	eqs(t, out, make([]int, 8)) // "ab" is short
	long := map[string]int{"abcd": 3, "efgh": 4, "ijkl": 5}
	ok(t, MinKey(long, out))
	eqs(t, out, []int{24, 24, 24, 24, 24, 24, 24, 24})

	divergesSometimes(t, func() error { _, err := ValuesUntilNegative(weights); return err })
	sv, err := SortedValuesUntilNegative(weights)
	ok(t, err)
	eq(t, sv[0], 8*(1+2+4+5+6+7+8))
}

func TestLeaderConfig(t *testing.T) {
	diverges(t, LeaderConfigLocal(2, make([]int, 4)))
	out := make([]int, 4)
	ok(t, LeaderConfigShared(2, out))
	eqs(t, out, []int{8, 8, 8, 8})
}
