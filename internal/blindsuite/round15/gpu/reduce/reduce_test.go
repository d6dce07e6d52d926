package reduce

import (
	"errors"
	"math"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want a *spmd.DivergenceError, got %v", err)
	}
	t.Logf("divergence as expected: %v", err)
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i*7%11 + 1
	}
	return s
}

func sum(s []int) int {
	t := 0
	for _, x := range s {
		t += x
	}
	return t
}

func TestSharedTreeSum(t *testing.T) {
	d := seq(16)
	got, err := SharedTreeSum(d)
	if err != nil || got != sum(d) {
		t.Fatalf("got %d, %v; want %d", got, err, sum(d))
	}
}

func TestSharedTreeSumBarrierInIf(t *testing.T) {
	_, err := SharedTreeSumBarrierInIf(seq(8))
	wantDivergence(t, err)
}

func TestSharedTreeSumEarlyReturn(t *testing.T) {
	_, err := SharedTreeSumEarlyReturn(seq(5), 8)
	wantDivergence(t, err)
}

func TestSharedTreeSumPadded(t *testing.T) {
	d := seq(5)
	got, err := SharedTreeSumPadded(d, 8)
	if err != nil || got != sum(d) {
		t.Fatalf("got %d, %v; want %d", got, err, sum(d))
	}
}

func TestWarpButterflySum(t *testing.T) {
	d := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	got, err := WarpButterflySum(d)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range got {
		if v != 36 {
			t.Fatalf("lane %d: got %v, want 36", i, v)
		}
	}
}

func TestLastWarpUnrolled(t *testing.T) {
	_, err := LastWarpUnrolled(seq(64))
	wantDivergence(t, err)
}

func TestLastWarpAllLanes(t *testing.T) {
	for _, n := range []int{64, 128} {
		d := seq(n)
		got, err := LastWarpAllLanes(d)
		if err != nil || got != sum(d) {
			t.Fatalf("n=%d: got %d, %v; want %d", n, got, err, sum(d))
		}
	}
}

func refSoftmax(x []float64) []float64 {
	m := math.Inf(-1)
	for _, v := range x {
		m = max(m, v)
	}
	out := make([]float64, len(x))
	s := 0.0
	for i, v := range x {
		out[i] = math.Exp(v - m)
		s += out[i]
	}
	for i := range out {
		out[i] /= s
	}
	return out
}

func approxEq(a, b []float64, tol float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > tol {
			return false
		}
	}
	return true
}

func TestSoftmaxPadded(t *testing.T) {
	x := []float64{1, 2, 0.5, -1, 3}
	got, err := SoftmaxPadded(x, 8)
	if err != nil || !approxEq(got, refSoftmax(x), 1e-12) {
		t.Fatalf("got %v, %v; want %v", got, err, refSoftmax(x))
	}
}

func TestSoftmaxMasked(t *testing.T) {
	_, err := SoftmaxMasked([]float64{1, 2, 0.5, -1, 3}, 8)
	wantDivergence(t, err)
}

func TestSoftmaxOverflowGuard(t *testing.T) {
	for _, x := range [][]float64{{1, 2, 3, 4}, {800, 801, 799, 0}} {
		got, err := SoftmaxOverflowGuard(x)
		if err != nil || !approxEq(got, refSoftmax(x), 1e-12) {
			t.Fatalf("x=%v: got %v, %v; want %v", x, got, err, refSoftmax(x))
		}
	}
}

func TestKMeansAssign(t *testing.T) {
	pts := []float64{0.1, 0.2, 5.1, 4.9, 9.5, 0.4, 5.5, 10}
	cs := []float64{0, 5, 10}
	assign, counts, err := KMeansAssign(pts, cs)
	if err != nil {
		t.Fatal(err)
	}
	want := []int{0, 0, 1, 1, 2, 0, 1, 2}
	for i := range want {
		if assign[i] != want[i] {
			t.Fatalf("assign %v, want %v", assign, want)
		}
	}
	if counts[0] != 3 || counts[1] != 3 || counts[2] != 2 {
		t.Fatalf("counts %v", counts)
	}
}

func TestKMeansAssignEarlyBreak(t *testing.T) {
	pts := []float64{0, 0.2, 5.1, 4.9} // lane 0 sits on centroid 0
	_, _, err := KMeansAssignEarlyBreak(pts, []float64{0, 5, 10}, 1)
	wantDivergence(t, err)
}

func TestKMeansUpdate(t *testing.T) {
	pts := []float64{1, 2, 3, 11, 12, 13, 14, 0}
	got, err := KMeansUpdate(pts, []float64{0, 10, 100})
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{1.5, 12.5, 100}
	if !approxEq(got, want, 1e-12) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestKMeansUpdateMasked(t *testing.T) {
	_, err := KMeansUpdateMasked([]float64{1, 2, 3, 11, 12, 13, 14, 0}, []float64{0, 10, 100})
	wantDivergence(t, err)
}

func TestArgMaxWinnerBroadcast(t *testing.T) {
	_, err := ArgMaxWinnerBroadcast([]float64{1, 9, 3, 9, 2, 0, 4, 5})
	wantDivergence(t, err)
}

func TestArgMaxBallot(t *testing.T) {
	got, err := ArgMaxBallot([]float64{1, 9, 3, 9, 2, 0, 4, 5})
	if err != nil || got != 1 {
		t.Fatalf("got %d, %v; want 1", got, err)
	}
}

func TestBroadcastViaSharedBug(t *testing.T) {
	_, err := BroadcastViaSharedBug([]int{3, 1, 4, 1})
	wantDivergence(t, err)
}
