package control

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, name string, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Errorf("%s: err = %v, want a *spmd.DivergenceError", name, err)
		return
	}
	t.Logf("%s: %v", name, de)
}

func wantNil(t *testing.T, name string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9*max(1, math.Abs(a), math.Abs(b)) }

func TestClamp(t *testing.T) {
	data := []float64{-3, 0.5, 2, 0.1, 7, 1}
	n, err := Clamp(data, 0, 1)
	wantNil(t, "Clamp", err)
	if n != 3 || !slices.Equal(data, []float64{0, 0.5, 1, 0.1, 1, 1}) {
		t.Errorf("clamp = %v, %d", data, n)
	}
	n, err = Clamp([]float64{0.2, 0.3}, 0, 1)
	wantNil(t, "Clamp none", err)
	if n != 0 {
		t.Errorf("count = %d", n)
	}
	_, err = ClampCount([]float64{-3, 0.5, 2, 0.1, 7, 1}, 0, 1)
	wantDivergence(t, "ClampCount", err)
}

func hostSmooth(buf []float64) {
	old := slices.Clone(buf)
	n := len(buf)
	for i := range buf {
		buf[i] = (old[max(i-1, 0)] + old[i] + old[min(i+1, n-1)]) / 3
	}
}

func TestRelax(t *testing.T) {
	buf := []float64{0, 0, 9, 0, 0, 3}
	ref := slices.Clone(buf)
	wantNil(t, "Relax", Relax(buf, 1, 2, 5))
	for range 3 {
		hostSmooth(ref)
	}
	if !slices.EqualFunc(buf, ref, near) {
		t.Errorf("relax = %v, want %v", buf, ref)
	}
	wantDivergence(t, "RelaxLocal", RelaxLocal([]float64{0, 0, 9, 0, 0, 3}, 1, 2, 5))
}

func TestStridedSum(t *testing.T) {
	data := []float64{1, 2, 3, 4, 5, 6, 7}
	s, err := StridedSum(data, 4)
	wantNil(t, "StridedSum", err)
	if s != 28 {
		t.Errorf("sum = %v", s)
	}
	s, err = StridedSum(data[:2], 4)
	wantNil(t, "StridedSum short", err)
	if s != 3 {
		t.Errorf("sum = %v", s)
	}
	_, err = StridedSumOwners(data[:2], 4)
	wantDivergence(t, "StridedSumOwners", err)
}

func levels(n, depth int) [][]float64 {
	lv := make([][]float64, depth+1)
	for d := range lv {
		lv[d] = make([]float64, n)
	}
	for i := range n {
		lv[0][i] = float64(i + 1)
	}
	return lv
}

func TestPyramid(t *testing.T) {
	need := []int{1, 2, 0, 2}
	lv := levels(4, 2)
	got, err := Pyramid(need, lv)
	wantNil(t, "Pyramid", err)
	// level 1: (1+2)/2, (2+1)/2, (3+4)/2, (4+3)/2
	if want := []float64{1 + 1.5, 2 + 1.5, 3 + 3.5, 4 + 3.5}; !slices.Equal(got, want) {
		t.Errorf("pyramid = %v, want %v", got, want)
	}
	_, err = PyramidOwn(need, levels(4, 2))
	wantDivergence(t, "PyramidOwn", err)
}

func TestDescend(t *testing.T) {
	tree := []float64{5, 2, 8, 1, 3, 7, 9}
	leaf, err := Descend(tree, []float64{1, 2, 4, 6})
	wantNil(t, "Descend", err)
	// root 5: 4 of 4 below -> left (1); node 2: q<2 in 1 lane -> right (4)
	if leaf != 4 {
		t.Errorf("leaf = %d", leaf)
	}
	_, err = DescendFrom(tree, []float64{1, 2, 4, 6}, []int{0, 1, 2, 0})
	wantDivergence(t, "DescendFrom", err)
}

func TestCenter(t *testing.T) {
	got, err := Center([]float64{1, 2, 6}, 4)
	wantNil(t, "Center", err)
	if !slices.Equal(got, []float64{-2, -1, 3}) {
		t.Errorf("center = %v", got)
	}
	_, err = CenterInside([]float64{1, 2, 6}, 4)
	wantDivergence(t, "CenterInside", err)
}

func TestReverse(t *testing.T) {
	got, err := Reverse([]float64{1, 2, 3}, 5)
	wantNil(t, "Reverse", err)
	if !slices.Equal(got, []float64{3, 2, 1}) {
		t.Errorf("reverse = %v", got)
	}
	_, err = ReverseEarly([]float64{1, 2, 3}, 5)
	wantDivergence(t, "ReverseEarly", err)
}

func TestTileNormalize(t *testing.T) {
	data := []float64{1, -4, 2, 2, 5, 1, -10}
	got, err := TileNormalize(data, 4)
	wantNil(t, "TileNormalize", err)
	want := []float64{0.25, -1, 0.5, 0.5, 0.5, 0.1, -1}
	if !slices.EqualFunc(got, want, near) {
		t.Errorf("normalize = %v", got)
	}
	_, err = TileNormalizeOwned(data, 4)
	wantDivergence(t, "TileNormalizeOwned", err)
}

func TestSmooth(t *testing.T) {
	buf := []float64{0, 6, 0, 3, 0}
	ref := slices.Clone(buf)
	wantNil(t, "Smooth", Smooth(buf, 2))
	hostSmooth(ref)
	hostSmooth(ref)
	if !slices.EqualFunc(buf, ref, near) {
		t.Errorf("smooth = %v, want %v", buf, ref)
	}
	wantDivergence(t, "SmoothAdaptive", SmoothAdaptive([]float64{0, 6, 0, 3, 0}, []int{1, 2, 2, 1, 1}))
}

func TestRebalance(t *testing.T) {
	got, err := Rebalance([]float64{1, 2, 9, 4}, 5)
	wantNil(t, "Rebalance", err)
	if !slices.Equal(got, []float64{4, 4, 4, 4}) {
		t.Errorf("rebalance = %v", got)
	}
	got, err = Rebalance([]float64{1, 2, 3, 4}, 5)
	wantNil(t, "Rebalance none", err)
	if !slices.Equal(got, []float64{1, 2, 3, 4}) {
		t.Errorf("rebalance = %v", got)
	}
	_, err = RebalanceOver([]float64{1, 2, 9, 4}, 5)
	wantDivergence(t, "RebalanceOver", err)
}

func TestPrefixMax(t *testing.T) {
	data := []float64{3, 1, 4, 1, 5, 9, 2, 6}
	got, err := PrefixMax(data)
	wantNil(t, "PrefixMax", err)
	if want := []float64{3, 3, 4, 4, 5, 9, 9, 9}; !slices.Equal(got, want) {
		t.Errorf("prefix max = %v", got)
	}
	_, err = PrefixMaxLazy(data)
	wantDivergence(t, "PrefixMaxLazy", err)
}

func TestSumPositive(t *testing.T) {
	data := []float64{3, -1, 4, 0, 5}
	s, err := SumPositive(data)
	wantNil(t, "SumPositive", err)
	if s != 12 {
		t.Errorf("sum = %v", s)
	}
	_, err = SumPositiveInside(data)
	wantDivergence(t, "SumPositiveInside", err)
}

func TestMoments(t *testing.T) {
	data := []float64{1, 0, 2, -1}
	got, err := Moments(data)
	wantNil(t, "Moments", err)
	if got != [3]float64{2, 6, 8} {
		t.Errorf("moments = %v", got)
	}
	_, err = MomentsSparse(data)
	wantDivergence(t, "MomentsSparse", err)
}

func TestTransform(t *testing.T) {
	data := []float64{0, 1, 2, 0.25}
	got, n, err := Transform(data, true)
	wantNil(t, "Transform", err)
	if !slices.Equal(got, []float64{-1, 1, 3, -0.5}) || n != 2 {
		t.Errorf("transform = %v, %d", got, n)
	}
	_, n, err = Transform(data, false)
	wantNil(t, "Transform plain", err)
	if n != -1 {
		t.Errorf("count = %d", n)
	}
	_, _, err = TransformEven(data)
	wantDivergence(t, "TransformEven", err)
}

func TestSumUntil(t *testing.T) {
	data := []float64{1, 1, 1, 1, 10, 1, 1, 1, 5, 5}
	s, err := SumUntil(data, 4, 5)
	wantNil(t, "SumUntil", err)
	if s != 17 {
		t.Errorf("sum = %v", s)
	}
	_, err = SumUntilLocal(data, 4, 5)
	wantDivergence(t, "SumUntilLocal", err)
}
