package tempdiv

import (
	"math"
	"testing"
)

var pixels = []complex128{2, 0, 1 + 1i, -1, 0.25, 3, -2, 0.1i}

func TestEscapeCountBug(t *testing.T) {
	iters := make([]int, len(pixels))
	var n int
	wantDivergence(t, EscapeCountBug(pixels, 50, iters, &n))
}

func TestEscapeCount(t *testing.T) {
	iters := make([]int, len(pixels))
	var n int
	wantNil(t, EscapeCount(pixels, 50, iters, &n))
	want := 0
	for _, it := range iters {
		if it < 50 {
			want++
		}
	}
	if n != want || want != 3 {
		t.Errorf("escaped = %d, want %d (3)", n, want)
	}
}

var bounds = []float64{1, 2, 3, 4, 5, 6, 7, 8}

func TestBucketLoadBug(t *testing.T) {
	samples := []float64{0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5}
	loads := []int{0, 10, 0, 10, 0, 10, 0, 10}
	heavy := make([]bool, 8)
	wantDivergence(t, BucketLoadBug(bounds, samples, loads, 5, heavy))
}

func TestBucketLoad(t *testing.T) {
	loads := []int{0, 10, 0, 10, 0, 10, 0, 10}
	heavy := make([]bool, 8)
	wantNil(t, BucketLoad(bounds, 3.5, loads, 5, heavy))
	for i, h := range heavy {
		if !h {
			t.Errorf("lane %d not heavy", i)
		}
	}
}

var (
	flHead = 0
	flNext = []int{1, 2, -1}
	flCaps = []int{4, 8, 16}
	flReq  = []int{2, 6, 12, 20, 3, 30, 1, 16}
)

func TestFreeListBug(t *testing.T) {
	var g int
	wantDivergence(t, FreeListBug(flHead, flNext, flCaps, flReq, &g))
}

func TestFreeList(t *testing.T) {
	var g int
	wantNil(t, FreeList(flHead, flNext, flCaps, flReq, &g))
	if g != 50 {
		t.Errorf("grow = %d, want 50", g)
	}
}

var newtonVals = []float64{1, 2, 3, 1, 5, 7, 10, 100}

func TestNewtonScale(t *testing.T) {
	roots := make([]float64, len(newtonVals))
	wantNil(t, NewtonScale(newtonVals, []float64{0.7, 0.6}, roots))
	for i, r := range roots {
		if math.Abs(r-1.3*math.Sqrt(newtonVals[i])) > 1e-6 {
			t.Errorf("root %d = %v", i, r)
		}
	}
}

func TestNewtonScaleBug(t *testing.T) {
	roots := make([]float64, len(newtonVals))
	w := []float64{0.7, 0.6, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2}
	wantDivergence(t, NewtonScaleBug(newtonVals, w, roots))
}

func TestPickLeader(t *testing.T) {
	prefs := []int{2, 5, 1, 0, 3, 4, 6, 7}
	alive := []bool{true, true, false, true, true, true, true, true}
	vals := []int{1, 2, 10, 4, 5, 100, 7, 8}
	out := make([]int, 8)
	wantNil(t, PickLeader(prefs, alive, vals, 50, out))
	for i, v := range out {
		if v != 100 {
			t.Errorf("lane %d: %d", i, v)
		}
	}
}

func TestPickLeaderBug(t *testing.T) {
	prefs := []int{2, 5, 1, 0, 3, 4, 6, 7}
	alive := []bool{true, true, true, true, true, true, true, true}
	vals := []int{1, 2, 10, 4, 5, 100, 7, 8}
	out := make([]int, 8)
	wantDivergence(t, PickLeaderBug(prefs, alive, vals, 50, out))
}

func smoothRef(cells []float64, passes int, early bool) ([]float64, []int) {
	n := len(cells)
	vs := make([]float64, n)
	ks := make([]int, n)
	for i := range n {
		v := cells[i]
		k := 0
		for ; k < passes && (!early || v > 0.5); k++ {
			v = 0.5*v + 0.25*(cells[(i+1)%n]+cells[(i+n-1)%n])
		}
		vs[i], ks[i] = v, k
	}
	return vs, ks
}

func TestSmoothPasses(t *testing.T) {
	cells := []float64{0.2, 4, 0.3, 8, 0.1, 5, 0.4, 3}
	res := make([]float64, len(cells))
	wantNil(t, SmoothPasses(cells, 3, res))
	vs, _ := smoothRef(cells, 3, false)
	want := vs[3]
	if want > 1 {
		for _, v := range vs {
			want = max(want, v)
		}
	}
	for i, r := range res {
		if !near(r, want) {
			t.Errorf("lane %d: %v, want %v", i, r, want)
		}
	}
}

func TestSmoothPassesBug(t *testing.T) {
	cells := []float64{0.2, 4, 0.3, 8, 0.1, 5, 0.4, 3}
	vs, ks := smoothRef(cells, 3, true)
	t.Log(vs, ks)
	res := make([]float64, len(cells))
	wantDivergence(t, SmoothPassesBug(cells, 3, res))
}

var (
	blockData = []float64{1, 5, 2, 9, 3, 3, 3, 3}
	blockThr  = []float64{0, 4, 6, 10}
)

func TestBlockFirstAboveBug(t *testing.T) {
	sums := make([]float64, 2)
	wantDivergence(t, BlockFirstAboveBug(blockData, 4, blockThr, sums))
}

func TestBlockFirstAbove(t *testing.T) {
	sums := make([]float64, 2)
	wantNil(t, BlockFirstAbove(blockData, 4, blockThr, sums))
	if sums[0] != 15 || sums[1] != 3 {
		t.Errorf("sums = %v", sums)
	}
}

func TestBlockSyncOdd(t *testing.T) {
	pos := make([]int, 8)
	wantNil(t, BlockSyncOdd(blockData, 4, blockThr, pos))
	want := []int{0, 1, 3, 4, 0, 4, 4, 4}
	for i := range want {
		if pos[i] != want[i] {
			t.Fatalf("pos = %v, want %v", pos, want)
		}
	}
}

func TestBlockSyncOddBug(t *testing.T) {
	pos := make([]int, 8)
	wantDivergence(t, BlockSyncOddBug(blockData, 4, blockThr, pos))
}

var curve = []float64{0, 1, 2, 3, 4, 5, 6, 7}

func TestQuotaLevel(t *testing.T) {
	lv := make([]float64, 4)
	wantNil(t, QuotaLevel(curve, 2.5, 2, lv))
	for _, v := range lv {
		if math.Abs(v-2.5) > 1e-5 {
			t.Errorf("levels = %v", lv)
		}
	}
}

func TestQuotaLevelBug(t *testing.T) {
	lv := make([]float64, 4)
	wantDivergence(t, QuotaLevelBug(curve, []float64{1.5, 3.5, 1.5, 3.5}, 2.5, lv))
}

func TestTierOf(t *testing.T) {
	var total float64
	wantNil(t, TierOf([]float64{10, 20, 30}, 5, []float64{5, 15, 25, 8}, &total))
	if total != 53 {
		t.Errorf("total = %v", total)
	}
}

func TestTierOfBug(t *testing.T) {
	var total float64
	wantDivergence(t, TierOfBug([]float64{10, 20, 30}, []float64{5, 15, 25, 8}, &total))
}

func sweepGrid() []int {
	return []int{
		1, 1, 1, 1,
		1, 0, 1, 1,
		0, 1, 0, 1,
	}
}

func TestSweepRowsBug(t *testing.T) {
	p := make([]int, 3)
	wantDivergence(t, SweepRowsBug(sweepGrid(), 4, 10, p))
}

func TestSweepRows(t *testing.T) {
	p := make([]int, 3)
	g := sweepGrid()
	wantNil(t, SweepRows(g, 4, 10, p))
	for i, v := range p {
		if v != 2 {
			t.Errorf("lane %d passes %d", i, v)
		}
	}
	for _, v := range g {
		if v == 0 {
			t.Errorf("grid not clean: %v", g)
		}
	}
}
