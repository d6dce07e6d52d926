package krylov

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

// spd returns the symmetric positive definite tridiagonal matrix
// tridiag(-1, 4, -1) of size n, with the first `decoupled` rows and
// columns cut off from the rest (their diagonal entry is 1).
func spd(n, decoupled int) [][]float64 {
	a := make([][]float64, n)
	for i := range a {
		a[i] = make([]float64, n)
		if i < decoupled {
			a[i][i] = 1
			continue
		}
		a[i][i] = 4
		if i-1 >= decoupled {
			a[i][i-1] = -1
		}
		if i < n-1 {
			a[i][i+1] = -1
		}
	}
	return a
}

func rhs(n int) []float64 {
	b := make([]float64, n)
	for i := range b {
		b[i] = float64(i + 1)
	}
	return b
}

func residual(a [][]float64, b, x []float64) float64 {
	worst := 0.0
	for i := range b {
		worst = max(worst, math.Abs(b[i]-matRow(a[i], x)))
	}
	return worst
}

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("got %v, want a *spmd.DivergenceError", err)
	}
	t.Log(err)
}

// zeroEntry returns rhs(n) with entry k set to 0.
func zeroEntry(n, k int) []float64 {
	b := rhs(n)
	b[k] = 0
	return b
}

func TestCG(t *testing.T) {
	for _, b := range [][]float64{rhs(8), zeroEntry(8, 3)} {
		a := spd(8, 0)
		x := make([]float64, 8)
		iters, err := CG(a, b, x, 1e-12, 100)
		if err != nil {
			t.Fatal(err)
		}
		if r := residual(a, b, x); r > 1e-10 || iters > 8 {
			t.Fatalf("%d iterations, residual %g", iters, r)
		}
	}
}

func TestCGLocalResidual(t *testing.T) {
	x := make([]float64, 8)
	wantDivergence(t, CGLocalResidual(spd(8, 0), zeroEntry(8, 3), x, 1e-12, 100))
}

func TestCGHelpers(t *testing.T) {
	a, b := spd(8, 0), zeroEntry(8, 3)
	x := make([]float64, 8)
	iters, err := CGHelpers(a, b, x, 1e-12, 100)
	if err != nil {
		t.Fatal(err)
	}
	if r := residual(a, b, x); r > 1e-10 || iters > 8 {
		t.Fatalf("%d iterations, residual %g", iters, r)
	}
}

func TestCGHelpersLocalStop(t *testing.T) {
	x := make([]float64, 8)
	wantDivergence(t, CGHelpersLocalStop(spd(8, 0), zeroEntry(8, 3), x, 1e-12, 100))
}

// start returns the unit vector (0, 1, 1, ..., 1)/sqrt(n-1).
func start(n int) []float64 {
	v := make([]float64, n)
	for i := 1; i < n; i++ {
		v[i] = 1 / math.Sqrt(float64(n-1))
	}
	return v
}

// lambdaMax is the largest eigenvalue of spd(8, 1): the tridiagonal block
// of size 7.
var lambdaMax = 4 + 2*math.Cos(math.Pi/8)

func TestPowerIteration(t *testing.T) {
	v := start(8)
	lam, err := PowerIteration(spd(8, 1), v, 1e-12, 5000)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(lam-lambdaMax) > 1e-9 || v[0] != 0 {
		t.Fatalf("lambda %v, want %v; v %v", lam, lambdaMax, v)
	}
}

func TestPowerIterationLocal(t *testing.T) {
	_, err := PowerIterationLocal(spd(8, 1), start(8), 1e-12, 5000)
	wantDivergence(t, err)
}

func TestPowerIterationLeader(t *testing.T) {
	v := start(8)
	lam, err := PowerIterationLeader(spd(8, 1), v, 1e-14, 5000)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(lam-lambdaMax) > 1e-9 {
		t.Fatalf("lambda %v, want %v", lam, lambdaMax)
	}
}

func TestPowerIterationLeaderLocal(t *testing.T) {
	_, err := PowerIterationLeaderLocal(spd(8, 1), start(8), 1e-14, 5000)
	wantDivergence(t, err)
}

func TestRichardson(t *testing.T) {
	a := spd(8, 1)
	b := zeroEntry(8, 0)
	x := make([]float64, 8)
	iters, err := Richardson(a, b, x, 0.2, 1e-11, 2000, 5)
	if err != nil {
		t.Fatal(err)
	}
	if r := residual(a, b, x); r > 1e-10 || iters%5 != 0 || iters == 2000 {
		t.Fatalf("%d iterations, residual %g", iters, r)
	}
}

func TestRichardsonLocalFirst(t *testing.T) {
	x := make([]float64, 8)
	wantDivergence(t, RichardsonLocalFirst(spd(8, 1), zeroEntry(8, 0), x, 0.2, 1e-11, 2000))
}

func TestPowerSteps(t *testing.T) {
	a := spd(8, 1)
	v := start(8)
	want := slices.Clone(v)
	for range 20 {
		y := make([]float64, 8)
		norm := 0.0
		for i := range y {
			y[i] = matRow(a[i], want)
			norm += y[i] * y[i]
		}
		for i := range y {
			want[i] = y[i] / math.Sqrt(norm)
		}
	}
	if err := PowerSteps(a, v, 20); err != nil {
		t.Fatal(err)
	}
	for i := range v {
		if math.Abs(v[i]-want[i]) > 1e-14 {
			t.Fatalf("got %v, want %v", v, want)
		}
	}
}

func TestPowerStepsPerRow(t *testing.T) {
	steps := []int{20, 20, 20, 25, 20, 20, 20, 20}
	wantDivergence(t, PowerStepsPerRow(spd(8, 1), start(8), steps))
}

// diagonal returns the diagonal matrix with the given diagonal.
func diagonal(d ...float64) [][]float64 {
	a := make([][]float64, len(d))
	for i := range a {
		a[i] = make([]float64, len(d))
		a[i][i] = d[i]
	}
	return a
}

func TestRichardsonRestart(t *testing.T) {
	d := []float64{100, 40, 50, 60, 45, 55}
	b := rhs(6)
	x := make([]float64, 6)
	w, err := RichardsonRestart(diagonal(d...), b, x, 0.05, 300)
	if err != nil {
		t.Fatal(err)
	}
	if w != 0.0125 {
		t.Fatalf("w = %g, want 0.0125", w)
	}
	for i := range x {
		if math.Abs(x[i]-b[i]/d[i]) > 1e-12 {
			t.Fatalf("x = %v", x)
		}
	}
}

func TestRichardsonRestartLocal(t *testing.T) {
	x := make([]float64, 6)
	wantDivergence(t, RichardsonRestartLocal(diagonal(100, 40, 50, 60, 45, 55), rhs(6), x, 0.05, 300))
}
