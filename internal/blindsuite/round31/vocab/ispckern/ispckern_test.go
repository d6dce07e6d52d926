package ispckern

import (
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/vocab/internal/check"
)

var wantDivergence = check.Divergence

func TestLowerHalfSum(t *testing.T) {
	x := []float64{1, 2, 3, 4, 10, 20, 30, 40}
	got, err := LowerHalfSum(x)
	if err != nil || got != 10 {
		t.Fatalf("LowerHalfSum = %g, %v; want 10", got, err)
	}
	_, err = LowerHalfSumMasked(x)
	wantDivergence(t, err)
}

func TestDot(t *testing.T) {
	a := make([]float64, 20)
	b := make([]float64, 20)
	want := 0.0
	for i := range a {
		a[i], b[i] = float64(i), float64(i%3)
		want += a[i] * b[i]
	}
	got, err := Dot(a, b)
	if err != nil || got != want {
		t.Fatalf("Dot = %g, %v; want %g", got, err, want)
	}
	_, err = DotPerInstance(a, b)
	wantDivergence(t, err)
}

func TestScale(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	got, err := Scale(x)
	if err != nil || got[10] != 22 || got[0] != 2 {
		t.Fatalf("Scale = %v, %v", got, err)
	}
}

func TestAboveLastValid(t *testing.T) {
	x := []int{5, 9, -1, 2, 7, 4, -3, -2} // last valid is lane 5, value 4
	got, err := AboveLastValid(x)
	if err != nil || got != 3 { // 5, 9, 7
		t.Fatalf("AboveLastValid = %d, %v; want 3", got, err)
	}
	_, err = AbovePrevious(x)
	wantDivergence(t, err)
}

func TestNormalizeByTop(t *testing.T) {
	sorted := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	got, err := NormalizeByTop(sorted)
	if err != nil || math.Abs(got-36.0/64) > 1e-12 {
		t.Fatalf("NormalizeByTop = %g, %v; want %g", got, err, 36.0/64)
	}
	withZeros := []float64{0, 0, 0, 1, 2, 3, 4, 5}
	_, err = NormalizeByNext(withZeros)
	wantDivergence(t, err)
}

func TestAnyAboveValid(t *testing.T) {
	x := []float64{1, math.NaN(), 3, 12, 5, math.NaN(), 7, 8}
	got, err := AnyAboveValid(x, 10)
	if err != nil || !got {
		t.Fatalf("AnyAboveValid = %v, %v; want true", got, err)
	}
	_, err = AnyAboveValidEarlyReturn(x, 10)
	wantDivergence(t, err)
}

func TestCircularDescents(t *testing.T) {
	x := []float64{1, 3, 2, 4, 5, 0, 6, 7} // 3>2, 5>0, 7>1
	got, err := CircularDescents(x)
	if err != nil || got != 3 {
		t.Fatalf("CircularDescents = %d, %v; want 3", got, err)
	}
	_, err = CircularDescentsBranch(x)
	wantDivergence(t, err)
}

func TestChainWidths(t *testing.T) {
	//        0
	//      1   2
	//     3     4
	//     5
	parent := []int{0, 0, 0, 1, 2, 3}
	start := []int{0, 1, 2, 3, 4, 5, 5, 0}
	widths, depths, err := ChainWidths(parent, start)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 1, 1, 2, 2, 3, 3, 0}; !slices.Equal(depths, want) {
		t.Errorf("depths = %v, want %v", depths, want)
	}
	if want := []int{6, 4, 2}; !slices.Equal(widths, want) {
		t.Errorf("widths = %v, want %v", widths, want)
	}
	_, _, err = ChainWidthsOwnWalk(parent, start)
	wantDivergence(t, err)
}

func TestSqrt(t *testing.T) {
	x := []float64{1, 2, 4, 9, 100, 1e6, 0.25, 3}
	roots, failed, err := Sqrt(x, 60)
	if err != nil || failed != 0 {
		t.Fatalf("Sqrt: failed %d, %v", failed, err)
	}
	for i, v := range x {
		if math.Abs(roots[i]-math.Sqrt(v)) > 1e-6 {
			t.Errorf("sqrt(%g) = %g", v, roots[i])
		}
	}
	if _, failed, err := Sqrt(x, 3); err != nil || failed == 0 || failed == Gang {
		t.Errorf("Sqrt with 3 iterations: failed %d, %v", failed, err)
	}
	_, _, err = SqrtOwnExit(x, 3)
	wantDivergence(t, err)
}

func TestCompactPositive(t *testing.T) {
	in := []int{3, -1, 4, 0, -5, 9, 2, -6, 5, 3, -5, 8, 9, -7, 9, 3, 2, -3, 8, 4}
	var want []int
	for _, v := range in {
		if v > 0 {
			want = append(want, v)
		}
	}
	got, err := CompactPositive(in)
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("CompactPositive = %v, %v; want %v", got, err, want)
	}
	_, err = CompactPositiveGuarded(in)
	wantDivergence(t, err)
}

func TestFirstKPositive(t *testing.T) {
	in := make([]int, 40)
	for i := range in {
		in[i] = i + 1
	}
	got, err := FirstKPositive(in, 12)
	if err != nil || !slices.Equal(got, in[:12]) {
		t.Fatalf("FirstKPositive = %v, %v; want %v", got, err, in[:12])
	}
	_, err = FirstKPositiveOwnSlot(in, 12)
	wantDivergence(t, err)
}

func TestTaskSums(t *testing.T) {
	data := make([]float64, 21)
	for i := range data {
		data[i] = float64(i)
	}
	sums, lastMax, err := TaskSums(data)
	if err != nil {
		t.Fatal(err)
	}
	if want := []float64{28, 92, 16 + 17 + 18 + 19 + 20}; !slices.Equal(sums, want) || lastMax != 20 {
		t.Errorf("TaskSums = %v, %d; want %v, 20", sums, lastMax, want)
	}
	_, _, err = TaskSumsBoundsBranch(data)
	wantDivergence(t, err)
}

func TestMismatches(t *testing.T) {
	x := []float64{1, 2, 3, 4, 4, 3, 9, 1} // lanes 1 and 6 differ
	got, err := Mismatches(x)
	if err != nil || got != 2 {
		t.Fatalf("Mismatches = %d, %v; want 2", got, err)
	}
	_, err = MismatchesBranch(x)
	wantDivergence(t, err)
}

func TestStats(t *testing.T) {
	x := []float64{4, 8, 1, 7, 3, 9, 2, 6}
	got, err := Stats(x)
	if err != nil || got != [3]float64{1, 9, 5} {
		t.Fatalf("Stats = %v, %v; want [1 9 5]", got, err)
	}
	_, err = StatsPerRole(x)
	wantDivergence(t, err)
}
