package sources

import (
	"errors"
	"reflect"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func diverges(t *testing.T, lanes int, k func(spmd.Lane)) {
	t.Helper()
	err := spmd.Run(lanes, k)
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want a DivergenceError, got %v", err)
	}
}

func runs(t *testing.T, lanes int, k func(spmd.Lane)) {
	t.Helper()
	if err := spmd.Run(lanes, k); err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func same(t *testing.T, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func fill[T any](n int, v T) []T {
	s := make([]T, n)
	for i := range s {
		s[i] = v
	}
	return s
}

func iota8() []int { return []int{0, 1, 2, 3, 4, 5, 6, 7} }

func TestFirstLaneSync(t *testing.T) {
	sh := make([]int, 1)
	diverges(t, 8, func(l spmd.Lane) { FirstLaneSyncBug(l, sh, 7) })
	sh[0] = 0
	runs(t, 8, func(l spmd.Lane) { FirstLaneSync(l, sh, 7) })
	same(t, sh[0], 7)
}

func TestPairSum(t *testing.T) {
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { PairSumBug(l, iota8(), out) })
	runs(t, 8, func(l spmd.Lane) { PairSum(l, iota8(), out, 2) })
	same(t, out, fill(8, 28))
}

func TestMirror(t *testing.T) {
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { MirrorBug(l, out) })
	runs(t, 8, func(l spmd.Lane) { Mirror(l, out, 5) })
	same(t, out, fill(8, -5))
}

func TestMask(t *testing.T) {
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { MaskBug(l, out) })
	runs(t, 8, func(l spmd.Lane) { Mask(l, out, 2) })
	same(t, out, fill(8, 7))
}

func TestHalfStep(t *testing.T) {
	out := make([]float64, 8)
	diverges(t, 8, func(l spmd.Lane) { HalfStepBug(l, out) })
	runs(t, 8, func(l spmd.Lane) { HalfStep(l, out, 4) })
	same(t, out, fill(8, 28.0))
}

func TestOddRow(t *testing.T) {
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { OddRowBug(l, out) })
	runs(t, 8, func(l spmd.Lane) { OddRow(l, out, 3) })
	same(t, out, fill(8, 8))
}

func TestLabel(t *testing.T) {
	out := make([]string, 8)
	diverges(t, 8, func(l spmd.Lane) { LabelBug(l, out) })
	runs(t, 8, func(l spmd.Lane) { Label(l, out, 3) })
	same(t, out, fill(8, "3"))
}

func TestTile(t *testing.T) {
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { TileBug(l, out) })
	runs(t, 8, func(l spmd.Lane) { Tile(l, out, 8) })
	same(t, out, fill(8, 8))
}

func TestParse(t *testing.T) {
	out := make([]int, 8)
	toks := []string{"2", "x", "2", "2", "2", "2", "2", "2"}
	diverges(t, 8, func(l spmd.Lane) { ParseBug(l, toks, out) })
	runs(t, 8, func(l spmd.Lane) { Parse(l, toks, out) })
	same(t, out, fill(8, 16))
}

func TestLut(t *testing.T) {
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { LutBug(l, out) })
	runs(t, 8, func(l spmd.Lane) { Lut(l, out, 1) })
	same(t, out, fill(8, 80))
}

func TestFilter(t *testing.T) {
	out := make([]float64, 8)
	per := fill(8, Params{Radius: 2, Gain: 1})
	per[3].Radius = 0
	diverges(t, 8, func(l spmd.Lane) { FilterBug(l, per, out) })
	runs(t, 8, func(l spmd.Lane) { Filter(l, Params{Radius: 2, Gain: 0.5}, out) })
	same(t, out, fill(8, 4.0))
}

func TestRightHalf(t *testing.T) {
	out := make([]float64, 8)
	pts := fill(8, Point{X: 1, Y: 1})
	pts[5].X = -1
	diverges(t, 8, func(l spmd.Lane) { RightHalfBug(l, pts, out) })
	runs(t, 8, func(l spmd.Lane) { RightHalf(l, pts, 0, out) })
	same(t, out, fill(8, 8.0))
}

func TestTail(t *testing.T) {
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { TailBug(l, iota8(), out) })
	runs(t, 8, func(l spmd.Lane) { Tail(l, iota8(), 2, out) })
	same(t, out, fill(8, 28))
}

func TestWeight(t *testing.T) {
	out := make([]int, 8)
	w := map[string]int{"a": 1, "b": 2}
	cls := []string{"a", "b", "c", "a", "a", "a", "a", "a"}
	diverges(t, 8, func(l spmd.Lane) { WeightBug(l, cls, w, out) })
	runs(t, 8, func(l spmd.Lane) { Weight(l, "b", w, out) })
	same(t, out, fill(8, 44))
}

func TestCode(t *testing.T) {
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { CodeBug(l, "xx.x.x..", out) })
	runs(t, 8, func(l spmd.Lane) { Code(l, "xx.x.x..", out) })
	same(t, out, fill(8, 8))
}

func TestCountInts(t *testing.T) {
	out := make([]int, 8)
	items := []any{1, "a", 1, 1, 1, 1, 2.0, 1}
	diverges(t, 8, func(l spmd.Lane) { CountIntsBug(l, items, out) })
	runs(t, 8, func(l spmd.Lane) { CountInts(l, items, out) })
	same(t, out, fill(8, 8))
}

func TestRuneSum(t *testing.T) {
	out := make([]int, 8)
	words := []string{"a", "bb", "a", "a", "a", "a", "a", "a"}
	diverges(t, 8, func(l spmd.Lane) { RuneSumBug(l, words, out) })
	runs(t, 8, func(l spmd.Lane) { RuneSum(l, "ab", out) })
	// (97*8+28) + (98*8+28)
	same(t, out, fill(8, 97*8+28+98*8+28))
}

func TestPhase(t *testing.T) {
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { PhaseBug(l, out) })
	runs(t, 8, func(l spmd.Lane) { Phase(l, 5, out) })
	same(t, out, fill(8, 28))
}

func TestDistance(t *testing.T) {
	out := make([]float64, 8)
	diverges(t, 8, func(l spmd.Lane) { DistanceBug(l, out) })
	runs(t, 8, func(l spmd.Lane) { Distance(l, 2, out) })
	same(t, out, fill(8, 8.0))
}

func TestApply(t *testing.T) {
	out := make([]int, 8)
	id := func(x int) int { return x }
	diverges(t, 8, func(l spmd.Lane) { ApplyBug(l, id, out) })
	runs(t, 8, func(l spmd.Lane) { Apply(l, id, 3, out) })
	same(t, out, fill(8, 24+28))
}

func TestScore(t *testing.T) {
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { ScoreBug(l, out) })
	runs(t, 8, func(l spmd.Lane) { Score(l, 4, out) })
	same(t, out, fill(8, 8))
}

func TestUniformInputs(t *testing.T) {
	out := make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { ConstTile(l, out) })
	same(t, out, fill(8, 32))
	runs(t, 8, func(l spmd.Lane) { GlobalTile(l, out) })
	same(t, out, fill(8, 2))
	diverges(t, 8, func(l spmd.Lane) { GlobalTileBug(l, out) })
	runs(t, 8, func(l spmd.Lane) { WideGroup(l, out) })
	same(t, out, fill(8, 32))
	diverges(t, 8, func(l spmd.Lane) { WideGroupBug(l, out) })
}

func TestNormalizeIfLarge(t *testing.T) {
	data := []float64{1, 1, 1, 1, 1, 1, 1, 20}
	diverges(t, 8, func(l spmd.Lane) { NormalizeIfLargeBug(l, data) })
	data = []float64{1, 1, 1, 1, 1, 1, 1, 20}
	runs(t, 8, func(l spmd.Lane) { NormalizeIfLarge(l, data) })
	same(t, data, []float64{0.05, 0.05, 0.05, 0.05, 0.05, 0.05, 0.05, 1})
}
