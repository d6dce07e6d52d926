package control

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

func TestShortCircuit(t *testing.T) {
	_, err := EvenLanesNegative(data8)
	diverges(t, err)
	f, err := PhaseNegative(data8, 2)
	ok(t, err)
	eqs(t, f, []bool{true, true, true, true, true, true, true, true})
	f, err = PhaseNegative(data8, 1)
	ok(t, err)
	eqs(t, f, make([]bool, 8))

	diverges(t, Clip(data8, make([]int, 8), 10))
	marks := make([]int, 8)
	ok(t, ClipLimit(data8, marks, 30)) // sum is 34
	eqs(t, marks, []int{1, 1, 1, 1, 1, 1, 1, 1})

	_, err = DrainQueues([]int{2, 0, 3, 1})
	diverges(t, err)
	done, err := DrainRounds([]int{2, 0, 3, 1}, 10)
	ok(t, err)
	eqs(t, done, []int{2, 0, 3, 1})
	done, err = DrainRounds([]int{2, 0, 3, 1}, 2)
	ok(t, err)
	eqs(t, done, []int{2, 0, 2, 1})
}

func TestSwitch(t *testing.T) {
	_, err := OpByClass(data8)
	diverges(t, err)
	out, err := OpByMode(data8, 1)
	ok(t, err)
	eq(t, out[3], 30)
	out, err = OpByMode(data8, 0)
	ok(t, err)
	eq(t, out[3], 34)

	diverges(t, Refine([]int{2, 1, 0, 2, 0, 1}, make([]int, 6)))
	cells := []int{1, 2, 3}
	ok(t, RefineStage(2, cells))
	eqs(t, cells, []int{3, 5, 7})
	ok(t, RefineStage(0, cells))
	eqs(t, cells, []int{3, 5, 7})

	_, err = BigOrPositive(data8, 8)
	diverges(t, err)
	s, err := BigOrHeadPositive(data8, 8)
	ok(t, err)
	eq(t, s, 34)
	_, err = BigOrHeadPositive(data8, 100)
	ok(t, err)

	diverges(t, SkipNegativeThenSync(slices.Clone(data8), 8))
	d := slices.Clone(data8)
	ok(t, ClearAllThenSync(d, 8, false))
	eqs(t, d, data8)
	ok(t, ClearAllThenSync(d, 8, true))
	eqs(t, d, make([]int, 8))
}

func TestLoops(t *testing.T) {
	data := make([]int, 13)
	want := 0
	for i := range data {
		data[i] = i * i
		want += i * i
	}
	_, err := StridedSum(data)
	diverges(t, err)
	s, err := RoundSum(data)
	ok(t, err)
	eq(t, s, want)

	diverges(t, Halve([]float64{1, 8, 3, 100}, 1))
	xs := []float64{1, 8, 3, 100}
	ok(t, HalveFixed(xs, 2))
	eqs(t, xs, []float64{0.25, 2, 0.75, 25})

	_, err = EmitCounts([]int{1, 3, 0, 2})
	diverges(t, err)
	e, err := EmitPasses([]int{1, 3, 0, 2}, 3)
	ok(t, err)
	// k*counts summed over lanes = 6k, for k = 0, 1, 2
	eqs(t, e, []int{18, 18, 18, 18})

	rows := [][]int{{1, 2}, {5}, {3, 4, 9}, {}}
	diverges(t, RaggedMax(rows, make([]int, 4)))
	pm := make([]int, 4)
	ok(t, PivotMax(rows, pm, 2))
	eqs(t, pm, []int{12, 12, 12, 12})
}

func TestLabelled(t *testing.T) {
	grid := []int{
		9, 1, 9,
		9, 9, 9,
		3, 9, 2,
	}
	diverges(t, Owners(grid, 3, 3, make([]int, 4)))
	seen := make([]int, 4)
	ok(t, Sentinels(grid, 3, 3, seen, 2))
	eqs(t, seen, []int{2, 2, 2, 2})

	_, err := FindRowSynced(grid, 3, 3)
	diverges(t, err)
	found, err := FindRowThenSync(grid, 3, 3)
	ok(t, err)
	eqs(t, found, []int{-1, 0, 2, 2, -1, -1, -1, -1})
}

func TestGoto(t *testing.T) {
	d := []int{5, 0, 20, 0}
	_, err := SkipZeroGoto(d)
	diverges(t, err)
	s, err := SkipZeroJoin(d)
	ok(t, err)
	eq(t, s, 25)

	diverges(t, Retry([]int{1, 3, 2, 1}, make([]int, 4)))
	tries := make([]int, 4)
	ok(t, RetryAll(3, tries))
	eqs(t, tries, []int{12, 12, 12, 12})
}

func TestEarlyReturn(t *testing.T) {
	diverges(t, NormalizePositive([]float64{1, -1, 3, 0}))
	xs := []float64{1, 2, 3, 4}
	ok(t, NormalizeAll(xs, 10))
	eqs(t, xs, []float64{1, 2, 3, 4})

	rows := [][]int{{7, 2, 9, 0}, nil, nil, nil}
	_, err := ScanReturn(rows)
	diverges(t, err)
	out, err := ScanBreak(rows)
	ok(t, err)
	// lane 0 stops after 3, lane 1 runs all 4, lane 2 stops after 1, lane 3 all 4
	eqs(t, out, []int{12, 12, 12, 12})

	diverges(t, Clamp([]int{1, 10, 3, 12}, 5))
	snap, err := ClampThenSync([]int{1, 10, 3, 12}, 5)
	ok(t, err)
	eqs(t, snap, []int{5, 3, 5, 1})
}

func TestBreakContinue(t *testing.T) {
	grid := make([]int, 8*4)
	for i := range grid {
		grid[i] = i%5 + 1
	}
	grid[1*4+2] = -1
	grid[5*4+0] = -1
	_, err := PrefixUntilNegative(grid, 4)
	diverges(t, err)
	out, err := PrefixUntilAnyNegative(grid, 4)
	ok(t, err)
	// column 0 only: lane 5 has -1 there, so the group stops at k == 0
	eqs(t, out, make([]int, 8))
	grid[5*4+0] = 1
	out, err = PrefixUntilAnyNegative(grid, 4)
	ok(t, err)
	col0, col1 := 0, 0
	for i := range 8 {
		col0 += grid[i*4]
		col1 += grid[i*4+1]
	}
	eq(t, out[3], col0+col1)

	sparse := []int{
		1, 0, 2,
		0, 0, 3,
		4, 5, 6,
	}
	diverges(t, Sparse(sparse, 3, make([]int, 3)))
	acc := make([]int, 3)
	ok(t, SparseFirst(sparse, 3, acc))
	// column sums 5, 5, 11
	eqs(t, acc, []int{16, 11, 21})
}

func TestTemporal(t *testing.T) {
	_, err := CollatzSteps([]int{1, 6, 7, 2}, 5)
	diverges(t, err)
	out, err := CollatzSeed(6, 5)
	ok(t, err)
	eq(t, out[3], 8)

	table := []int{10, 20, 30, 40}
	diverges(t, Lookup(table, []int{20, 25, 40, 5}, make([]int, 4)))
	miss := make([]int, 4)
	ok(t, LookupTarget(table, 25, miss))
	eqs(t, miss, []int{4, 4, 4, 4})
	ok(t, LookupTarget(table, 30, miss))

	grid := make([]int, 8*4)
	for i := range grid {
		grid[i] = 1
	}
	grid[2*4+1] = -1
	_, err = ValidPrefix(grid, 4)
	diverges(t, err)
	vp, err := ValidPrefixGroup(grid, 4)
	ok(t, err)
	eqs(t, vp, []int{8, 8, 8, 8, 8, 8, 8, 8})
}

func TestPanicBranch(t *testing.T) {
	xs := []float64{1, 1, 2}
	ok(t, NormalizeOrPanic(xs))
	eqs(t, xs, []float64{0.25, 0.25, 0.5})
	var pe *spmd.PanicError
	if err := NormalizeOrPanic([]float64{1, -1, 2}); !errors.As(err, &pe) {
		t.Errorf("got %v, want a *spmd.PanicError", err)
	}
}

func TestRecoverBranch(t *testing.T) {
	diverges(t, NormalizeOrRecover([]float64{1, -1, 2}))
	xs := []float64{1, 1, 2}
	ok(t, NormalizeOrRecover(xs))
	eqs(t, xs, []float64{0.25, 0.25, 0.5})
}
