package collectives

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/exam/kit"
	"github.com/spmdvet/spmdvet/spmd"
)

func diverges(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("got %v, want a *spmd.DivergenceError", err)
	}
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

func TestUniformResults(t *testing.T) {
	sizes := []int{3, 1, 4, 1, 5}
	_, err := RunningOverflow(sizes, 6)
	diverges(t, err)
	out, err := TotalOverflow(sizes, 6)
	ok(t, err)
	eqs(t, out, []int{14, 14, 14, 14, 14})

	vals := []int{1, 9, 2, 2, 7, 0, 3, 3}
	diverges(t, Butterfly(vals, 5, make([]int, 8)))
	po := make([]int, 8)
	ok(t, Peak(vals, 5, po))
	eqs(t, po, []int{27, 27, 27, 27, 27, 27, 27, 27})

	diverges(t, PairLeader([]bool{true, false, false, false}))
	ra, err := RootLeader([]bool{true, false, false, false}, 0)
	ok(t, err)
	eqs(t, ra, []bool{true, true, true, true})
	ra, err = RootLeader([]bool{true, false, false, false}, 2)
	ok(t, err)
	eqs(t, ra, []bool{false, false, false, false})

	scores := []int{4, 9, 1, 9}
	budget := []int{1, 3, 0, 2}
	al, err := ArgmaxLeader(scores, budget)
	ok(t, err)
	eqs(t, al, []int{12, 12, 12, 12})
	_, err = ArgmaxOwnBudget(scores, budget)
	diverges(t, err)

	diverges(t, Neighbour([]int{5, -1, 3, 0}, make([]int, 4)))
	pv := make([]int, 4)
	ok(t, Pivot([]int{5, -1, 3, 0}, pv))
	eqs(t, pv, []int{5, 5, 5, 5})

	keep := []bool{true, false, true, true}
	_, err = OwnBallotBit(keep)
	diverges(t, err)
	fb, err := FirstBallotBit(keep)
	ok(t, err)
	eqs(t, fb, []int{3, 3, 3, 3})

	diverges(t, AppendFits([]int{2, 3, 1, 4}, make([]int, 6)))
	buf := make([]int, 10)
	ok(t, AppendAllFit([]int{2, 3, 1, 4}, buf))
	eqs(t, buf, []int{0, 0, 1, 1, 1, 2, 3, 3, 3, 3})

	diverges(t, Validate([]int{1, -1, 2, 3}, make([]int, 4)))
	vo := make([]int, 4)
	ok(t, ValidateAll([]int{1, -1, 2, 3}, vo))
	eqs(t, vo, []int{0, 0, 0, 0})
	ok(t, ValidateAll([]int{1, 0, 2, 3}, vo))
	eqs(t, vo, []int{1, 1, 1, 1})

	ln, err := LowestNegativeRounds([]int{0, -2, 3, -1})
	ok(t, err)
	eqs(t, ln, []int{8, 8, 8, 8})
	_, err = OwnNegativeRounds([]int{0, -2, 3, -1})
	diverges(t, err)
}

func TestConvergentHelpers(t *testing.T) {
	diverges(t, LeaderFlush(make([]int, 4)))
	buf := make([]int, 4)
	ok(t, AllFlush(buf))
	eqs(t, buf, []int{42, 42, 42, 42})

	vals := []int{0, 5, 0, 7}
	diverges(t, PublishSome(vals, make([]int, 4)))
	buf = make([]int, 4)
	ok(t, PublishAll(vals, buf))
	eqs(t, buf, vals)

	diverges(t, TileSyncOdd(&kit.Tile{Cells: []float64{1, 2, 3, 4}, Side: 2}))
	snap, err := TileSyncSide(&kit.Tile{Cells: []float64{1, 2, 3, 4}, Side: 2})
	ok(t, err)
	eqs(t, snap, []float64{4, 6, 8, 2})

	diverges(t, FenceDirty([]bool{false, true, false, false}))
	ok(t, FenceAnyDirty([]bool{false, true, false, false}))
	ok(t, FenceAnyDirty([]bool{false, false, false, false}))

	diverges(t, FlushPending([]int{0, 2, 0, 1}))
	ok(t, FlushTotal([]int{0, 2, 0, 1}))
	ok(t, FlushTotal([]int{0, 0, 0, 0}))
}

func TestGenerics(t *testing.T) {
	temps := []float32{20, 35, 18, 40}
	_, err := HotSum(temps, 30)
	diverges(t, err)
	s, err := HotSumAll(temps, 30)
	ok(t, err)
	eq(t, s, 75)

	diverges(t, PositivePeak([]int16{3, -2, 8, 0}, make([]int16, 4)))
	pp := make([]float64, 4)
	ok(t, PositivePeakAll([]float64{3, -2, 8, 0}, pp))
	eqs(t, pp, []float64{8, 8, 8, 8})

	_, err = MixedExtremes([]int{3, 1, 4, 1})
	diverges(t, err)
	ex, err := Extremes([]int{3, 1, 4, 1}, true)
	ok(t, err)
	eqs(t, ex, []int{4, 4, 4, 4})
	ex, err = Extremes([]int{3, 1, 4, 1}, false)
	ok(t, err)
	eqs(t, ex, []int{1, 1, 1, 1})

	diverges(t, Normalize([]float64{1, 0, 3, 0}))
	xs := []float32{1, 0, 3, 0}
	ok(t, NormalizeAll(xs))
	eqs(t, xs, []float32{0.25, 0, 0.75, 0})

	words := []string{"go", "lane", "go", "warp", "go"}
	diverges(t, DuplicateRank(words, "go"))
	dc, err := DuplicateCount(words, "go")
	ok(t, err)
	eqs(t, dc, []int{3, 3, 3, 3, 3})
}
