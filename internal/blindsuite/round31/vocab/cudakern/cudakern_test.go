package cudakern

import (
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/vocab/internal/check"
)

var wantDivergence = check.Divergence

func near(a, b float32) bool {
	return math.Abs(float64(a-b)) <= 1e-3*math.Max(1, math.Abs(float64(b)))
}

func ramp(n int, f func(i int) float32) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = f(i)
	}
	return s
}

func TestBlockSums(t *testing.T) {
	data := ramp(70, func(i int) float32 { return float32(i%7) - 2 })
	got, err := BlockSums(data)
	if err != nil {
		t.Fatal(err)
	}
	for b := range got {
		var want float32
		for _, v := range data[b*Block : min((b+1)*Block, len(data))] {
			want += v
		}
		if !near(got[b], want) {
			t.Errorf("block %d: %g, want %g", b, got[b], want)
		}
	}
	_, err = BlockSumsEarlyExit(data)
	wantDivergence(t, err)
}

func TestBlockMax(t *testing.T) {
	data := make([]int, 50)
	for i := range data {
		data[i] = (i * 37) % 101
	}
	got, err := BlockMax(data)
	if err != nil {
		t.Fatal(err)
	}
	if got[0] != slices.Max(data[:32]) || got[1] != slices.Max(data[32:]) {
		t.Errorf("BlockMax = %v", got)
	}
	_, err = BlockMaxSyncInside(data)
	wantDivergence(t, err)
}

func TestWarpTreeSum(t *testing.T) {
	x := ramp(32, func(i int) float32 { return float32(i) })
	got, err := WarpTreeSum(x)
	if err != nil || got != 496 {
		t.Fatalf("WarpTreeSum = %g, %v; want 496", got, err)
	}
	_, err = WarpTreeSumSyncInside(x)
	wantDivergence(t, err)
}

func TestPairThenReduce(t *testing.T) {
	a := ramp(32, func(i int) float32 { return float32(i + 1) })
	got, err := PairThenReduce(a)
	if err != nil || got != 528 {
		t.Fatalf("PairThenReduce = %g, %v; want 528", got, err)
	}
	_, err = PairThenReduceHalf(a)
	wantDivergence(t, err)
}

func TestVariance(t *testing.T) {
	x := ramp(32, func(i int) float32 { return float32(i%4) + 1 }) // 1 2 3 4 ..., mean 2.5
	got, err := Variance(x)
	if err != nil || !near(got, 1.25) {
		t.Fatalf("Variance = %g, %v; want 1.25", got, err)
	}
	_, err = VarianceLocalScratch(x)
	wantDivergence(t, err)
}

func TestPositiveMean(t *testing.T) {
	x := ramp(32, func(i int) float32 {
		if i%2 == 0 {
			return float32(i)
		}
		return -1
	}) // positives 2, 4, ..., 30: mean 16
	got, err := PositiveMean(x)
	if err != nil || !near(got, 16) {
		t.Fatalf("PositiveMean = %g, %v; want 16", got, err)
	}
	_, err = PositiveMeanBranch(x)
	wantDivergence(t, err)
}

func TestSortBlock(t *testing.T) {
	data := ramp(32, func(i int) float32 { return float32((i * 13) % 32) })
	got, err := SortBlock(data)
	if err != nil {
		t.Fatal(err)
	}
	want := slices.Clone(data)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("SortBlock = %v, want %v", got, want)
	}
	_, err = SortBlockLocalExit(data)
	wantDivergence(t, err)
}

func TestSmoothEdges(t *testing.T) {
	x := ramp(32, func(i int) float32 {
		if i >= 16 {
			return 10
		}
		return 0
	})
	got, err := SmoothEdges(x, 5)
	if err != nil {
		t.Fatal(err)
	}
	if !near(got[15], 10.0/3) || !near(got[16], 20.0/3) || got[0] != 0 || got[31] != 10 {
		t.Errorf("SmoothEdges = %v", got)
	}
	flat := ramp(32, func(int) float32 { return 1 })
	if got, err := SmoothEdges(flat, 5); err != nil || !slices.Equal(got, flat) {
		t.Errorf("SmoothEdges(flat) = %v, %v", got, err)
	}
	_, err = SmoothEdgesLocal(x, 5)
	wantDivergence(t, err)
}

func TestBudget(t *testing.T) {
	x := ramp(32, func(int) float32 { return 2 })
	got, err := Budget(x, 32)
	if err != nil || !near(got[5], 1) {
		t.Fatalf("Budget = %v, %v", got, err)
	}
	y := ramp(32, func(i int) float32 { return float32(i % 8) })
	_, err = BudgetPairwise(y, 8)
	wantDivergence(t, err)
}

func TestNormalizeByLeader(t *testing.T) {
	x := ramp(32, func(i int) float32 { return float32(2 * (i + 1)) })
	got, err := NormalizeByLeader(x)
	if err != nil || !near(got[0], 1-16.5) || !near(got[31], 32-16.5) {
		t.Fatalf("NormalizeByLeader = %v, %v", got, err)
	}
	z := ramp(32, func(i int) float32 {
		if i%4 == 0 {
			return 0
		}
		return float32(i)
	})
	_, err = NormalizeByPairLeader(z)
	wantDivergence(t, err)
}

func TestArgMaxPayload(t *testing.T) {
	keys := make([]int, 32)
	for i := range keys {
		keys[i] = (i * 7) % 32 // key 31 at i = 9 (63 mod 32 = 31)
	}
	payload := ramp(32, func(i int) float32 { return float32(i) + 0.5 })
	got, err := ArgMaxPayload(keys, payload)
	if err != nil || got != 9.5 {
		t.Fatalf("ArgMaxPayload = %g, %v; want 9.5", got, err)
	}
	mixed := ramp(32, func(i int) float32 {
		if i%8 == 0 {
			return -1
		}
		return 1
	})
	_, err = QuadLeaderPayload(mixed)
	wantDivergence(t, err)
}

func TestRoundSums(t *testing.T) {
	rowPtr := []int{0}
	var vals []float32
	for r := 0; r < Block; r++ {
		for k := 0; k < r%4; k++ {
			vals = append(vals, float32(k+1))
		}
		rowPtr = append(rowPtr, len(vals))
	}
	got, err := RoundSums(rowPtr, vals)
	if err != nil {
		t.Fatal(err)
	}
	// rows with length 1, 2, 3 each occur 8 times: round k adds k+1 for
	// the rows longer than k.
	if want := []float32{24 * 1, 16 * 2, 8 * 3}; !slices.Equal(got, want) {
		t.Errorf("RoundSums = %v, want %v", got, want)
	}
	_, err = RoundSumsOwnLength(rowPtr, vals)
	wantDivergence(t, err)
}

func jacobiRef(x []float32, iters int) []float32 {
	cur := slices.Clone(x)
	for range iters {
		next := make([]float32, len(cur))
		for i := range cur {
			lo, hi := max(i-1, 0), min(i+1, len(cur)-1)
			next[i] = (cur[lo] + cur[i] + cur[hi]) / 3
		}
		cur = next
	}
	return cur
}

func TestJacobi(t *testing.T) {
	x := ramp(32, func(i int) float32 { return float32(i % 5) })
	want := make([]int, 32)
	for i := range want {
		want[i] = i % 3
	}
	got, err := Jacobi(x, want)
	if err != nil {
		t.Fatal(err)
	}
	ref := jacobiRef(x, 2)
	for i := range ref {
		if !near(got[i], ref[i]) {
			t.Fatalf("Jacobi[%d] = %g, want %g", i, got[i], ref[i])
		}
	}
	_, err = JacobiOwnCount(x, want)
	wantDivergence(t, err)
}

func TestFirstNegativeColumn(t *testing.T) {
	const width = 6
	m := make([]float32, Block*width)
	for r := 0; r < Block; r++ {
		for c := 0; c < width; c++ {
			m[r*width+c] = float32(r + c)
		}
	}
	m[5*width+3] = -4 // row 5 has its first negative in column 3
	m[9*width+4] = -1
	col, sum, err := FirstNegativeColumn(m, width)
	if err != nil {
		t.Fatal(err)
	}
	var want float32
	for r := 0; r < Block; r++ {
		want += m[r*width+3]
	}
	if col != 3 || sum != want {
		t.Errorf("FirstNegativeColumn = %d, %g; want 3, %g", col, sum, want)
	}
	_, _, err = FirstNegativeColumnPerRow(m, width)
	wantDivergence(t, err)
}

func TestGridTotal(t *testing.T) {
	data := ramp(80, func(i int) float32 { return float32(i%9) - 3 })
	var want float32
	for _, v := range data {
		want += v
	}
	got, err := GridTotal(data)
	if err != nil || !near(got, want) {
		t.Fatalf("GridTotal = %g, %v; want %g", got, err, want)
	}
	_, err = GridTotalTicketBranch(data)
	wantDivergence(t, err)
}

func TestStageAndBias(t *testing.T) {
	in := ramp(Block/2, func(i int) float32 { return float32(i) })
	got, err := StageAndBias(in, 1)
	if err != nil || got[0] != 1 || got[15] != 31 {
		t.Fatalf("StageAndBias = %v, %v", got, err)
	}
	_, err = StageAndBiasSyncPerRole(in, 1)
	wantDivergence(t, err)
}

func TestHalveActiveOnOverflow(t *testing.T) {
	x := ramp(32, func(i int) float32 { return float32(i) })
	active := make([]bool, 32)
	for i := range active {
		active[i] = i%3 == 0
	}
	got, err := HalveActiveOnOverflow(x, active, 30)
	if err != nil || got[3] != 1.5 || got[4] != 4 {
		t.Fatalf("HalveActiveOnOverflow = %v, %v", got, err)
	}
	_, err = HalveActiveOnOverflowShortCircuit(x, active, 30)
	wantDivergence(t, err)
}

func TestAdjacentDiff(t *testing.T) {
	x := ramp(100, func(i int) float32 { return float32(i * i % 17) })
	got, err := AdjacentDiff(x)
	if err != nil {
		t.Fatal(err)
	}
	for i := range x {
		want := x[i]
		if i > 0 {
			want -= x[i-1]
		}
		if got[i] != want {
			t.Fatalf("AdjacentDiff[%d] = %g, want %g", i, got[i], want)
		}
	}
	_, err = AdjacentDiffPerThread(x)
	wantDivergence(t, err)
}
