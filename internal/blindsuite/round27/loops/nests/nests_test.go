package nests

import (
	"math"
	"slices"
	"testing"
)

func TestDoubleStrided(t *testing.T) {
	d := []float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	wantNil(t, DoubleStrided(d))
	for i, v := range d {
		if v != float64(2*i) {
			t.Fatalf("d = %v", d)
		}
	}
}

func TestDoubleStridedBug(t *testing.T) {
	wantDivergence(t, DoubleStridedBug(make([]float64, 10)))
}

var (
	lower = []float64{1, 0, 0, 2, 3, 0, 4, 5, 6}
	lxs   = []float64{1, 1, 1, 1, 2, 3}
)

func TestLowerMulti(t *testing.T) {
	ys := make([]float64, 6)
	wantNil(t, LowerMulti(lower, 3, lxs, ys))
	if !slices.Equal(ys, []float64{1, 5, 15, 1, 8, 32}) {
		t.Errorf("ys = %v", ys)
	}
}

func TestLowerMultiBug(t *testing.T) {
	wantDivergence(t, LowerMultiBug(lower, 3, lxs, make([]float64, 6)))
}

func sweepRef(a []float64, n int) {
	for i := range n {
		for c := range n {
			for k := range c {
				a[i*n+c] -= 0.5 * a[i*n+k]
			}
		}
	}
}

func TestColumnSweep(t *testing.T) {
	a := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9}
	want := slices.Clone(a)
	sweepRef(want, 3)
	wantNil(t, ColumnSweep(a, 3))
	if !slices.Equal(a, want) {
		t.Errorf("a = %v, want %v", a, want)
	}
}

func TestColumnSweepBug(t *testing.T) {
	wantDivergence(t, ColumnSweepBug([]float64{1, 2, 3, 4, 5, 6, 7, 8, 9}, 3))
}

var bfIn = []float64{1, 2, 3, 4, 10, 20, 30, 40}

func TestButterflies(t *testing.T) {
	out := make([]float64, 8)
	wantNil(t, Butterflies(bfIn, 2, out))
	if !slices.Equal(out, []float64{10, 10, 10, 10, 100, 100, 100, 100}) {
		t.Errorf("out = %v", out)
	}
}

func TestButterfliesBug(t *testing.T) {
	wantDivergence(t, ButterfliesBug(bfIn, []int{1, 2, 2, 1}, make([]float64, 8)))
}

var nan = math.NaN()

func TestMaskedSum(t *testing.T) {
	s := []float64{1, nan, 2, 3, 4, 5, nan, 6, 7, 8, 9, 10}
	sums := make([]float64, 3)
	wantNil(t, MaskedSum(s, 3, sums))
	if !slices.Equal(sums, []float64{6, 15, 34}) {
		t.Errorf("sums = %v", sums)
	}
}

func TestMaskedSumBug(t *testing.T) {
	s := []float64{1, nan, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	wantDivergence(t, MaskedSumBug(s, 3, make([]float64, 3)))
}

var prefixGrid = []int{1, 0, 3, 4, 5, 6, 7, 8}

func TestRowPrefix(t *testing.T) {
	sums := make([]int, 2)
	wantNil(t, RowPrefix(prefixGrid, 2, 0, sums))
	if !slices.Equal(sums, []int{12, 22}) {
		t.Errorf("sums = %v", sums)
	}
}

func TestRowPrefixBug(t *testing.T) {
	wantDivergence(t, RowPrefixBug(prefixGrid, 2, 0, make([]int, 2)))
}

var (
	targetGrid = []int{1, 2, 3, 4, 5, 6, 7, 8, 9}
	targets    = []int{2, 9, 5, 42}
)

func TestFindTarget(t *testing.T) {
	found, seen := make([]int, 4), make([]int, 4)
	var hits int
	wantNil(t, FindTarget(targetGrid, 3, targets, found, seen, &hits))
	if hits != 3 || !slices.Equal(found, []int{1, 8, 4, -1}) || !slices.Equal(seen, []int{0, 2, 1, 3}) {
		t.Errorf("hits %d found %v seen %v", hits, found, seen)
	}
}

func TestFindTargetBug(t *testing.T) {
	var hits int
	wantDivergence(t, FindTargetBug(targetGrid, 3, targets, make([]int, 4), make([]int, 4), &hits))
}

var negGrid = []int{1, -1, 2, 1, 2, 3, -5, 0, 0, 1, 1, -1}

func TestFirstNegative(t *testing.T) {
	pos := make([]int, 2)
	wantNil(t, FirstNegative(negGrid, 3, pos))
	if !slices.Equal(pos, []int{4, 2}) {
		t.Errorf("pos = %v", pos)
	}
}

func TestFirstNegativeBug(t *testing.T) {
	wantDivergence(t, FirstNegativeBug(negGrid, 3, make([]int, 2)))
}

var ops = []byte("disssd")

func TestOpcodes(t *testing.T) {
	sums := make([]int, 3)
	wantNil(t, Opcodes(ops, 3, sums))
	if !slices.Equal(sums, []int{2, 3, 2}) {
		t.Errorf("sums = %v", sums)
	}
}

func TestOpcodesBug(t *testing.T) {
	wantDivergence(t, OpcodesBug(ops, 3, make([]int, 3)))
}

var clampIn = []int{1, -5, -20, 2, 3, 4}

func TestClampScan(t *testing.T) {
	acc := make([]int, 2)
	wantNil(t, ClampScan(clampIn, 3, -10, acc))
	if !slices.Equal(acc, []int{-3, 18}) {
		t.Errorf("acc = %v", acc)
	}
}

func TestClampScanBug(t *testing.T) {
	wantDivergence(t, ClampScanBug(clampIn, 3, -10, make([]int, 2)))
}

var stageSrc = []float64{1, 2, 3, 4, 10, 20, 30, 40}

func TestStage(t *testing.T) {
	out := make([]float64, 4)
	wantNil(t, Stage(stageSrc, 2, make([]float64, 4), out))
	if !slices.Equal(out, []float64{22, 33, 44, 11}) {
		t.Errorf("out = %v", out)
	}
}

func TestStageBug(t *testing.T) {
	wantDivergence(t, StageBug(stageSrc, []int{2, 1, 2, 2}, make([]float64, 4), make([]float64, 4)))
}

func TestPhases(t *testing.T) {
	board := make([]int, 4)
	wantNil(t, Phases([]int{1, 3, 0, 2}, board))
	if !slices.Equal(board, []int{0, 3, 0, 1}) {
		t.Errorf("board = %v", board)
	}
}

func TestPhasesBug(t *testing.T) {
	wantDivergence(t, PhasesBug([]int{1, 3, 0, 2}, make([]int, 4)))
}

func TestClear(t *testing.T) {
	s := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	wantNil(t, Clear(s))
	for _, v := range s {
		if v != 0 {
			t.Fatalf("s = %v", s)
		}
	}
}

func TestClearBug(t *testing.T) {
	wantDivergence(t, ClearBug(make([]int, 10)))
}

var tileData = []float64{1, 2, 3, 4, 5, 10, 20, 30, 40, 50}

func TestTileSum(t *testing.T) {
	out := make([]float64, 5)
	wantNil(t, TileSum(tileData, 5, 2, make([]float64, 5), out))
	if !slices.Equal(out, []float64{22, 33, 44, 55, 11}) {
		t.Errorf("out = %v", out)
	}
}

func TestTileSumBug(t *testing.T) {
	wantDivergence(t, TileSumBug(tileData, 5, 2, make([]float64, 5), make([]float64, 5)))
}
