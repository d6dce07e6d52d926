package stencil

import (
	"errors"
	"math"
	"slices"
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

func field(n int) []float64 {
	u := make([]float64, n)
	for i := range u {
		u[i] = float64(i*i%7) + 0.5
	}
	return u
}

func refJacobi(u []float64) []float64 {
	n := len(u)
	res := make([]float64, n)
	for i := range u {
		if i > 0 && i < n-1 {
			res[i] = (u[i-1] + u[i] + u[i+1]) / 3
		} else {
			res[i] = u[i]
		}
	}
	return res
}

func TestJacobi1DHalo(t *testing.T) {
	u := field(11)
	got, err := Jacobi1DHalo(u, 4)
	if err != nil || !slices.Equal(got, refJacobi(u)) {
		t.Fatalf("got %v, %v; want %v", got, err, refJacobi(u))
	}
}

func TestJacobi1DHaloBarrierInHalo(t *testing.T) {
	_, err := Jacobi1DHaloBarrierInHalo(field(11), 4)
	wantDivergence(t, err)
}

func TestJacobi1DBoundaryReturn(t *testing.T) {
	_, err := Jacobi1DBoundaryReturn(field(6))
	wantDivergence(t, err)
}

func refLaplace(u []float64, eps float64, maxIter int) ([]float64, int) {
	n := len(u)
	cur := slices.Clone(u)
	it := 0
	for it < maxIter {
		next := slices.Clone(cur)
		delta := 0.0
		for i := 1; i < n-1; i++ {
			next[i] = (cur[i-1] + cur[i+1]) / 2
		}
		for i := range cur {
			delta = max(delta, math.Abs(next[i]-cur[i]))
		}
		cur = next
		it++
		if delta < eps {
			break
		}
	}
	return cur, it
}

func TestJacobiUntilConverged(t *testing.T) {
	u := []float64{0, 0, 0, 0, 0, 0, 0, 7}
	got, iters, err := JacobiUntilConverged(u, 1e-3, 10000)
	want, wantIt := refLaplace(u, 1e-3, 10000)
	if err != nil || iters != wantIt || !slices.Equal(got, want) {
		t.Fatalf("got %v in %d, %v; want %v in %d", got, iters, err, want, wantIt)
	}
}

func TestJacobiLocalConvergence(t *testing.T) {
	_, err := JacobiLocalConvergence([]float64{0, 0, 0, 0, 0, 0, 0, 7}, 1e-3, 10000)
	wantDivergence(t, err)
}

func square(n int) []float64 {
	m := make([]float64, n*n)
	for i := range m {
		m[i] = float64(i%9 - 3)
	}
	return m
}

func refTranspose(in []float64, n int) []float64 {
	out := make([]float64, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			out[c*n+r] = in[r*n+c]
		}
	}
	return out
}

func TestTransposeTiled(t *testing.T) {
	in := square(4)
	got, err := TransposeTiled(in, 4, 2)
	if err != nil || !slices.Equal(got, refTranspose(in, 4)) {
		t.Fatalf("got %v, %v", got, err)
	}
}

func TestTransposeTiledBounds(t *testing.T) {
	_, err := TransposeTiledBounds(square(5), 5, 2)
	wantDivergence(t, err)
}

func refMatMul(a, b []float64, n int) []float64 {
	c := make([]float64, n*n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			s := 0.0
			for k := 0; k < n; k++ {
				s += a[i*n+k] * b[k*n+j]
			}
			c[i*n+j] = s
		}
	}
	return c
}

func TestMatMulTiled(t *testing.T) {
	a, b := square(5), refTranspose(square(5), 5)
	got, err := MatMulTiled(a, b, 5, 2)
	if err != nil || !slices.Equal(got, refMatMul(a, b, 5)) {
		t.Fatalf("got %v, %v; want %v", got, err, refMatMul(a, b, 5))
	}
}

func TestMatMulGuardedTileCall(t *testing.T) {
	_, err := MatMulGuardedTileCall(square(5), square(5), 5, 2, 8)
	wantDivergence(t, err)
}

// testCSR is a 4x12 matrix; the last column of the rows lies in x tiles
// 0, 2, 1 and 0 (tiles of 4 columns).
func testCSR() (CSR, []float64, []float64) {
	a := CSR{
		RowPtr: []int{0, 2, 5, 7, 8},
		Col:    []int{0, 3, 1, 6, 9, 2, 5, 1},
		Val:    []float64{1, 2, 3, 4, 5, 6, 7, 8},
		Cols:   12,
	}
	x := make([]float64, 12)
	for i := range x {
		x[i] = float64(i + 1)
	}
	y := make([]float64, 4)
	for r := 0; r < 4; r++ {
		for j := a.RowPtr[r]; j < a.RowPtr[r+1]; j++ {
			y[r] += a.Val[j] * x[a.Col[j]]
		}
	}
	return a, x, y
}

func TestSpMVTiledOwnTrip(t *testing.T) {
	a, x, _ := testCSR()
	_, err := SpMVTiledOwnTrip(a, x)
	wantDivergence(t, err)
}

func TestSpMVTiledMaxTrip(t *testing.T) {
	a, x, want := testCSR()
	got, err := SpMVTiledMaxTrip(a, x)
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("got %v, %v; want %v", got, err, want)
	}
}

func ints(n int) []int {
	d := make([]int, n)
	for i := range d {
		d[i] = i*3%5 + 1
	}
	return d
}

func total(d []int) int {
	s := 0
	for _, x := range d {
		s += x
	}
	return s
}

func TestGridStrideSum(t *testing.T) {
	d := ints(10)
	got, err := GridStrideSum(d, 4)
	if err != nil || got != total(d) {
		t.Fatalf("got %d, %v; want %d", got, err, total(d))
	}
}

func TestGridStrideBarrier(t *testing.T) {
	_, err := GridStrideBarrier(ints(10), 4)
	wantDivergence(t, err)
}

func TestGridStrideTiled(t *testing.T) {
	d := ints(10)
	got, err := GridStrideTiled(d, 4)
	if err != nil || got != total(d) {
		t.Fatalf("got %d, %v; want %d", got, err, total(d))
	}
}

var grid = []int{
	1, 2, 3, 4,
	5, 0, 7, 8,
	9, 1, 2, 3,
}

func refSkip(g []int, w int) []int {
	out := make([]int, len(g))
	for i, v := range g {
		if v == 0 {
			continue
		}
		left := 0
		if i%w > 0 {
			left = g[i-1]
		}
		out[i] = v + left
	}
	return out
}

func TestSparseTileSkip(t *testing.T) {
	_, err := SparseTileSkip(grid, 4)
	wantDivergence(t, err)
}

func TestSparseTileSkipFixed(t *testing.T) {
	got, err := SparseTileSkipFixed(grid, 4)
	if err != nil || !slices.Equal(got, refSkip(grid, 4)) {
		t.Fatalf("got %v, %v; want %v", got, err, refSkip(grid, 4))
	}
}
