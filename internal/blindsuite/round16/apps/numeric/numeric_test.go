package numeric

import (
	"errors"
	"math"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func mustDiverge(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	t.Log(err)
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
}

func mustOK(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("want nil error, got %v", err)
	}
}

// problem is -u” = 1 on (0, 1) with n interior points; exact u = x(1-x)/2.
func problem(n int) *Poisson {
	h := 1.0 / float64(n+1)
	f := make([]float64, n)
	for i := range f {
		f[i] = 1
	}
	return &Poisson{F: f, H2: h * h}
}

func checkPoisson(t *testing.T, u []float64, tol float64) {
	t.Helper()
	n := len(u)
	h := 1.0 / float64(n+1)
	for i, v := range u {
		x := float64(i+1) * h
		if want := x * (1 - x) / 2; math.Abs(v-want) > tol {
			t.Fatalf("u[%d] = %v, want %v", i, v, want)
		}
	}
}

func TestJacobi(t *testing.T) {
	for _, lanes := range []int{1, 3, 8} {
		p := problem(9)
		u, tmp := make([]float64, 9), make([]float64, 9)
		var it int
		mustOK(t, spmd.Run(lanes, func(l spmd.Lane) { Jacobi(l, p, u, tmp, 1e-12, 10000, &it) }))
		checkPoisson(t, u, 1e-9)
	}
}

func TestJacobiLocalStop(t *testing.T) {
	p := problem(9)
	u, tmp := make([]float64, 9), make([]float64, 9)
	var it int
	mustDiverge(t, spmd.Run(4, func(l spmd.Lane) { JacobiLocalStop(l, p, u, tmp, 1e-6, 10000, &it) }))
}

func TestRedBlack(t *testing.T) {
	for _, lanes := range []int{1, 2, 5} {
		p := problem(9)
		u := make([]float64, 9)
		var it int
		mustOK(t, spmd.Run(lanes, func(l spmd.Lane) { RedBlack(l, p, u, 1e-13, 10000, &it) }))
		checkPoisson(t, u, 1e-9)
	}
}

func TestRedBlackAllInBranch(t *testing.T) {
	p := problem(9)
	u := make([]float64, 9)
	var it int
	mustDiverge(t, spmd.Run(4, func(l spmd.Lane) { RedBlackAllInBranch(l, p, u, 1e-6, 10000, &it) }))
}

func TestNewtonSqrt(t *testing.T) {
	xs := []float64{2, 9, 1e6, 0.25, 3, 1e-4, 17}
	roots := make([]float64, len(xs))
	var m int
	mustOK(t, spmd.Run(3, func(l spmd.Lane) { NewtonSqrt(l, xs, roots, &m) }))
	for i, x := range xs {
		if math.Abs(roots[i]-math.Sqrt(x)) > 1e-9*math.Sqrt(x) {
			t.Fatalf("sqrt(%v) = %v", x, roots[i])
		}
	}
	if m < 5 {
		t.Fatalf("max iterations %d", m)
	}
}

func TestNewtonResidualLog(t *testing.T) {
	xs := []float64{1, 1e6, 2, 4}
	roots := make([]float64, 4)
	log := make([]float64, 100)
	mustDiverge(t, spmd.Run(4, func(l spmd.Lane) { NewtonResidualLog(l, xs, roots, log) }))
}

func TestNewtonUniformStop(t *testing.T) {
	xs := []float64{1, 1e6, 2, 4}
	roots := make([]float64, 4)
	log := make([]float64, 100)
	mustOK(t, spmd.Run(4, func(l spmd.Lane) { NewtonUniformStop(l, xs, roots, log) }))
	for i, x := range xs {
		if math.Abs(roots[i]-math.Sqrt(x)) > 1e-9*math.Sqrt(x) {
			t.Fatalf("sqrt(%v) = %v", x, roots[i])
		}
	}
}

func lcsRef(a, b string) int {
	w := len(b) + 1
	t := make([]int, (len(a)+1)*w)
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			if a[i-1] == b[j-1] {
				t[i*w+j] = t[(i-1)*w+j-1] + 1
			} else {
				t[i*w+j] = max(t[(i-1)*w+j], t[i*w+j-1])
			}
		}
	}
	return t[len(a)*w+len(b)]
}

func TestLCS(t *testing.T) {
	a, b := "AGGTABQXT", "GXTXAYBT"
	for _, lanes := range []int{1, 3, 4, 16} {
		table := make([]int32, (len(a)+1)*(len(b)+1))
		var got int
		mustOK(t, spmd.Run(lanes, func(l spmd.Lane) { LCS(l, a, b, table, &got) }))
		if want := lcsRef(a, b); got != want {
			t.Fatalf("lanes %d: lcs %d, want %d", lanes, got, want)
		}
	}
}

func TestLCSBarrierInCell(t *testing.T) {
	a, b := "AGGTAB", "GXTXAYB"
	table := make([]int32, (len(a)+1)*(len(b)+1))
	var got int
	mustDiverge(t, spmd.Run(4, func(l spmd.Lane) { LCSBarrierInCell(l, a, b, table, &got) }))
}

func editRef(a, b string) int {
	w := len(b) + 1
	t := make([]int, (len(a)+1)*w)
	for i := 0; i <= len(a); i++ {
		for j := 0; j <= len(b); j++ {
			switch {
			case i == 0:
				t[j] = j
			case j == 0:
				t[i*w] = i
			default:
				c := 1
				if a[i-1] == b[j-1] {
					c = 0
				}
				t[i*w+j] = min(t[(i-1)*w+j]+1, t[i*w+j-1]+1, t[(i-1)*w+j-1]+c)
			}
		}
	}
	return t[len(a)*w+len(b)]
}

func TestEditDistance(t *testing.T) {
	a, b := "kitten sitting", "sitting kitten!"
	for _, lanes := range []int{1, 4, 7, 32} {
		table := make([]int32, (len(a)+1)*(len(b)+1))
		var got int
		mustOK(t, spmd.Run(lanes, func(l spmd.Lane) { EditDistance(l, a, b, table, &got) }))
		if want := editRef(a, b); got != want {
			t.Fatalf("lanes %d: distance %d, want %d", lanes, got, want)
		}
	}
}

func TestEditDistanceSkipDiagonal(t *testing.T) {
	a, b := "kitten", "sitting"
	table := make([]int32, (len(a)+1)*(len(b)+1))
	var got int
	mustDiverge(t, spmd.Run(4, func(l spmd.Lane) { EditDistanceSkipDiagonal(l, a, b, table, &got) }))
}

func TestPowerStep(t *testing.T) {
	// A = -I scaled: y = A x has a negative first component before the fix.
	A := []float64{
		-2, 0, 0,
		0, -1, 0,
		0, 0, 3,
	}
	x := []float64{1, 1, 1}
	y := make([]float64, 3)
	var norm float64
	mustOK(t, spmd.Run(4, func(l spmd.Lane) { PowerStep(l, A, x, y, &norm) }))
	want := []float64{2, 1, -3}
	wn := math.Sqrt(14)
	for i := range want {
		if math.Abs(y[i]-want[i]/wn) > 1e-12 {
			t.Fatalf("y = %v, want %v/%v", y, want, wn)
		}
	}
	if math.Abs(norm-wn) > 1e-12 {
		t.Fatalf("norm %v", norm)
	}
}

func TestSignChanges(t *testing.T) {
	y := []float64{1, -1, -2, 3}
	var got int
	mustDiverge(t, spmd.Run(4, func(l spmd.Lane) { SignChanges(l, y, &got) }))
}
