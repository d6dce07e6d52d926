package kern

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round13/gen/lib"
	"github.com/spmdvet/spmdvet/spmd"
)

type Meters float64
type ID int

func wantDiv(t *testing.T, name string, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Errorf("%s: want DivergenceError, got %v", name, err)
	}
}

func wantNil(t *testing.T, name string, err error) {
	t.Helper()
	if err != nil {
		t.Errorf("%s: %v", name, err)
	}
}

func all[T comparable](t *testing.T, name string, got []T, want T) {
	t.Helper()
	for i, g := range got {
		if g != want {
			t.Errorf("%s: out[%d] = %v, want %v", name, i, g, want)
		}
	}
}

func TestSumPos(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, "SumPosBad", spmd.Run(4, func(l spmd.Lane) { SumPosBad(l, []int{1, -1, 2, 3}, out) }))
	fo := make([]float64, 4)
	wantNil(t, "SumPosOK", spmd.Run(4, func(l spmd.Lane) { SumPosOK[float64](l, []float64{1, -1, 2, 3}, fo) }))
	all(t, "SumPosOK", fo, 6)
	mo := make([]Meters, 4)
	wantNil(t, "SumPosOK", spmd.Run(4, func(l spmd.Lane) { SumPosOK(l, []Meters{1, -1, 2, 3}, mo) }))
	all(t, "SumPosOK m", mo, 6)
}

func TestBcast(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, "BcastBad", spmd.Run(4, func(l spmd.Lane) { BcastBad(l, []int{1, -1, 1, -1}, out) }))
	fo := make([]float64, 4)
	wantNil(t, "BcastOK", spmd.Run(4, func(l spmd.Lane) { BcastOK[float64](l, []float64{1.5, -1, 1, -1}, fo) }))
	all(t, "BcastOK", fo, 1.5)
}

func TestFrom(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, "FromBad", spmd.Run(4, func(l spmd.Lane) { FromBad(l, []int{1, 2, 3, 4}, out) }))
	wantNil(t, "FromOK", spmd.Run(4, func(l spmd.Lane) { FromOK(l, []int{1, 2, 3, 4}, out) }))
	all(t, "FromOK", out, 16)
}

func TestMatch(t *testing.T) {
	hits := make([]int, 4)
	wantDiv(t, "MatchBad", spmd.Run(4, func(l spmd.Lane) { MatchBad(l, []string{"a", "b", "a", "c"}, "a", hits) }))
	wantNil(t, "MatchOK", spmd.Run(4, func(l spmd.Lane) { MatchOK(l, []string{"a", "b", "a", "c"}, "a", hits) }))
	all(t, "MatchOK", hits, 4)
}

func TestAcc(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, "AccBad", spmd.Run(4, func(l spmd.Lane) { AccBad(l, []int{5, -10, 1, 1}, out) }))
	wantNil(t, "AccOK", spmd.Run(4, func(l spmd.Lane) { AccOK(l, []int{5, -1, 1, 1, 2}, out) }))
	all(t, "AccOK", out, 8)
}

func TestFlush(t *testing.T) {
	out := make([]int64, 4)
	wantDiv(t, "FlushBad", spmd.Run(4, func(l spmd.Lane) { FlushBad(l, []int64{3, 4}, out) }))
	wantNil(t, "FlushOK", spmd.Run(4, func(l spmd.Lane) { FlushOK(l, []int64{3, 4}, out) }))
	all(t, "FlushOK", out, 7)
}

func TestMaxRot(t *testing.T) {
	out := make([]int, 4)
	wantNil(t, "MaxOK", spmd.Run(4, func(l spmd.Lane) { MaxOK(l, []int{1, 20, 3, 4}, out) }))
	all(t, "MaxOK", out, 20)
	wantDiv(t, "RotBad", spmd.Run(4, func(l spmd.Lane) { RotBad(l, []int{1, 20, 3, 4}, out) }))
}

func TestRunSum(t *testing.T) {
	_, err := RunSumBad(4, []int{0, 1, 2, 3})
	wantDiv(t, "RunSumBad", err)
	s, err := RunSumOK(4, []float64{0, 1, 2, 3})
	wantNil(t, "RunSumOK", err)
	if s != 6 {
		t.Errorf("RunSumOK = %v", s)
	}
}

func TestCount(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, "CountBad", spmd.Run(4, func(l spmd.Lane) { CountBad(l, []ID{1, 2, 1, 3, 1}, 1, out) }))
	wantNil(t, "CountOK", spmd.Run(4, func(l spmd.Lane) { CountOK(l, []ID{1, 2, 1, 3, 1}, 1, out) }))
	all(t, "CountOK", out, 3)
}

func TestIter(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, "IterReturnBad", spmd.Run(4, func(l spmd.Lane) { IterReturnBad(l, []int{1, -1, 2, 3}, out) }))
	wantNil(t, "IterBreakOK", spmd.Run(4, func(l spmd.Lane) { IterBreakOK(l, []int{1, -1, 2, 3}, out) }))
	all(t, "IterBreakOK", out, 6)
}

func TestNeigh(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, "NeighBad", spmd.Run(4, func(l spmd.Lane) { NeighBad(l, []int{1, 2, 3, 4}, out) }))
	wantNil(t, "NeighOK", spmd.Run(4, func(l spmd.Lane) { NeighOK(l, []int{1, 2, 3, 4}, out) }))
	if !slices.Equal(out, []int{2, 2, 4, 4}) {
		t.Errorf("NeighOK = %v", out)
	}
}

func TestLabel(t *testing.T) {
	out := make([]int, 4)
	grid := [][]int{{1, -1, 1, 1}, {1, 1, 1, 1}}
	wantDiv(t, "LabelBad", spmd.Run(4, func(l spmd.Lane) { LabelBad(l, grid, out) }))
	grid2 := [][]float64{{1, 1, 1, 1}, {1, -1, 1, 1}, {1, 1, 1, 1}}
	wantNil(t, "LabelOK", spmd.Run(4, func(l spmd.Lane) { LabelOK(l, grid2, out) }))
	all(t, "LabelOK", out, 4)
}

func TestLaunch(t *testing.T) {
	_, err := LaunchBad(4, []int{1, -1, 1, 1})
	wantDiv(t, "LaunchBad", err)
	s, err := LaunchOK(4, []int{1, -1, 1, 1})
	wantNil(t, "LaunchOK", err)
	if s != 2 {
		t.Errorf("LaunchOK = %v", s)
	}
}

func TestTable(t *testing.T) {
	out := make([]int, 4)
	tab := lib.Table[string]{Keys: []string{"x", "y"}}
	wantDiv(t, "TableBad", spmd.Run(4, func(l spmd.Lane) { TableBad(l, tab, []string{"x", "z", "y", "w"}, out) }))
	wantNil(t, "TableOK", spmd.Run(4, func(l spmd.Lane) { TableOK(l, tab, "y", out) }))
	all(t, "TableOK", out, 4)
}

func TestPrefix(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, "PrefixBad", spmd.Run(4, func(l spmd.Lane) { PrefixBad[int](l, out) }))
	wantNil(t, "PrefixOK", spmd.Run(4, func(l spmd.Lane) { PrefixOK[float32](l, out) }))
	all(t, "PrefixOK", out, 4)
}

func TestScale(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, "ScaleBad", spmd.Run(4, func(l spmd.Lane) { ScaleBad(l, []int{1, 3, 1, 3}, out) }))
	wantNil(t, "ScaleOK", spmd.Run(4, func(l spmd.Lane) { ScaleOK(l, []int{2, 3, 1, 3}, out) }))
	all(t, "ScaleOK", out, 8)
}

func TestSlot(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, "SlotBad", spmd.Run(4, func(l spmd.Lane) { SlotBad(l, []int{5, 6}, out) }))
	wantNil(t, "SlotOK", spmd.Run(4, func(l spmd.Lane) { SlotOK(l, []int{5, -6}, out) }))
	all(t, "SlotOK", out, -6)
}

func TestAnd(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, "AndBad", spmd.Run(4, func(l spmd.Lane) { AndBad(l, true, []int{1, 0, 1, 1}, out) }))
	out = make([]int, 4)
	wantNil(t, "AndOK", spmd.Run(4, func(l spmd.Lane) { AndOK(l, true, []int{1, 0, 1, 1}, out) }))
	all(t, "AndOK", out, 1)
}

func TestSync(t *testing.T) {
	out := make([]int, 4)
	buf := make([]int, 4)
	wantDiv(t, "SyncBad", spmd.Run(4, func(l spmd.Lane) { SyncBad(l, []int{1, 0, 1, 1}, buf, out) }))
	wantNil(t, "SyncOK", spmd.Run(4, func(l spmd.Lane) { SyncOK(l, []int{1, 2, 3, 4}, buf, out) }))
	if !slices.Equal(out, []int{2, 3, 4, 1}) {
		t.Errorf("SyncOK = %v", out)
	}
}

func TestPool(t *testing.T) {
	out := make([]Meters, 4)
	p := &lib.Pool[Meters]{Shared: make([]Meters, 4)}
	wantDiv(t, "PoolBad", spmd.Run(4, func(l spmd.Lane) { PoolBad(l, p, []Meters{1, 0, 1, 1}, out) }))
	wantNil(t, "PoolOK", spmd.Run(4, func(l spmd.Lane) { PoolOK(l, p, []Meters{1, 2, 3, 4}, out) }))
	if !slices.Equal(out, []Meters{2, 3, 4, 1}) {
		t.Errorf("PoolOK = %v", out)
	}
}
