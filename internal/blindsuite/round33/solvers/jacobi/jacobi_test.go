package jacobi

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

// system returns a diagonally dominant tridiagonal system of size n. With
// settled > 0, the first settled rows are decoupled with a zero right-hand
// side, so that starting from x = 0 they are solved from the first sweep on.
func system(n, settled int) ([][]float64, []float64, []float64) {
	a := make([][]float64, n)
	b := make([]float64, n)
	for i := range a {
		a[i] = make([]float64, n)
		a[i][i] = 4 + float64(i%3)
		b[i] = float64(i + 1)
		if i < settled {
			b[i] = 0
			continue
		}
		if i > 0 {
			a[i][i-1] = -1
		}
		if i < n-1 {
			a[i][i+1] = -1
		}
	}
	return a, b, make([]float64, n)
}

func maxResidual(a [][]float64, b, x []float64) float64 {
	worst := 0.0
	for i := range b {
		worst = max(worst, math.Abs(residualRow(a, b, x, i)))
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

func close(t *testing.T, name string, got, want []float64, tol float64) {
	t.Helper()
	for i := range want {
		if math.Abs(got[i]-want[i]) > tol {
			t.Fatalf("%s: got %v, want %v", name, got, want)
		}
	}
}

func TestJacobiUntilConverged(t *testing.T) {
	for _, settled := range []int{0, 1} {
		a, b, x := system(8, settled)
		sweeps, err := JacobiUntilConverged(a, b, x, 1e-12, 500)
		if err != nil {
			t.Fatal(err)
		}
		if r := maxResidual(a, b, x); r > 1e-10 || sweeps == 0 || sweeps == 500 {
			t.Fatalf("sweeps %d, residual %g", sweeps, r)
		}
	}
}

func TestJacobiSkipConverged(t *testing.T) {
	a, b, x := system(8, 1)
	wantDivergence(t, JacobiSkipConverged(a, b, x, 1e-12, 50))
}

func serialRedBlack(u, f []float64, h float64, sweeps int) {
	n := len(u) - 2
	for range sweeps {
		for _, color := range []int{1, 0} {
			for i := 1; i <= n; i++ {
				if i%2 == color {
					u[i] = (u[i-1] + u[i+1] + h*h*f[i]) / 2
				}
			}
		}
	}
}

func poisson(n int) ([]float64, []float64, float64) {
	h := 1 / float64(n+1)
	u := make([]float64, n+2)
	f := make([]float64, n+2)
	for i := range f {
		x := float64(i) * h
		f[i] = math.Pi * math.Pi * math.Sin(math.Pi*x)
	}
	u[n+1] = 0.5
	return u, f, h
}

func TestRedBlackGS(t *testing.T) {
	u, f, h := poisson(9)
	want := slices.Clone(u)
	serialRedBlack(want, f, h, 40)
	if err := RedBlackGS(u, f, h, 40); err != nil {
		t.Fatal(err)
	}
	close(t, "RedBlackGS", u, want, 1e-14)
}

func TestRedBlackGSInnerBarrier(t *testing.T) {
	u, f, h := poisson(9)
	wantDivergence(t, RedBlackGSInnerBarrier(u, f, h, 40))
}

// singular returns an 8x8 system whose row 5 has a zero pivot.
func singular() ([][]float64, []float64, []float64) {
	a, b, x := system(8, 0)
	a[5][5] = 0
	x[5] = 0.25
	return a, b, x
}

func TestBlockJacobi(t *testing.T) {
	a, b, x := singular()
	want := slices.Clone(x)
	for range 30 {
		next := make([]float64, len(b))
		for r := range b {
			if a[r][r] == 0 {
				next[r] = want[r]
				continue
			}
			next[r] = rowUpdate(a, b, want, r)
		}
		want = next
	}
	if err := BlockJacobi(a, b, x, 4, 30); err != nil {
		t.Fatal(err)
	}
	close(t, "BlockJacobi", x, want, 0)
}

func TestBlockJacobiAbandonSweep(t *testing.T) {
	a, b, x := singular()
	wantDivergence(t, BlockJacobiAbandonSweep(a, b, x, 4, 30))
}

func TestDampedJacobiCycles(t *testing.T) {
	a, b, x := system(8, 1)
	omega, err := DampedJacobiCycles(a, b, x, 0.9, 1e-12, 20, 25)
	if err != nil {
		t.Fatal(err)
	}
	if r := maxResidual(a, b, x); r > 1e-10 {
		t.Fatalf("residual %g (omega %g)", r, omega)
	}
	if omega > 0.9 || omega < 0.9*math.Pow(0.9, 19) {
		t.Fatalf("omega %g", omega)
	}
}

func TestDampedJacobiCyclesLocal(t *testing.T) {
	a, b, x := system(8, 1)
	wantDivergence(t, DampedJacobiCyclesLocal(a, b, x, 0.9, 1e-12, 20, 25))
}

func TestJacobiChecked(t *testing.T) {
	a, b, x := system(8, 1)
	used, err := JacobiChecked(a, b, x, 1e-13, 500, 4)
	if err != nil {
		t.Fatal(err)
	}
	if r := maxResidual(a, b, x); r > 1e-10 || used%4 != 3 {
		t.Fatalf("stopped at sweep %d, residual %g", used, r)
	}
}

func TestJacobiCheckedLocal(t *testing.T) {
	a, b, x := system(8, 1)
	wantDivergence(t, JacobiCheckedLocal(a, b, x, 1e-13, 500, 2))
}

func TestJacobiSharedFlag(t *testing.T) {
	a, b, x := system(8, 2)
	sweeps, err := JacobiSharedFlag(a, b, x, 1e-13, 500)
	if err != nil {
		t.Fatal(err)
	}
	if r := maxResidual(a, b, x); r > 1e-10 || sweeps == 500 {
		t.Fatalf("sweeps %d, residual %g", sweeps, r)
	}
}

func TestJacobiNeighbourFlag(t *testing.T) {
	a, b, x := system(8, 2)
	wantDivergence(t, JacobiNeighbourFlag(a, b, x, 1e-13, 500))
}

func TestResidualNorm(t *testing.T) {
	a, b, _ := system(10, 0)
	x := make([]float64, 10)
	for i := range x {
		x[i] = float64(i) / 3
	}
	want := 0.0
	for i := range b {
		r := residualRow(a, b, x, i)
		want += r * r
	}
	want = math.Sqrt(want)
	for _, lanes := range []int{1, 3, 4, 10, 16} {
		got, err := ResidualNorm(a, b, x, lanes)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-want) > 1e-12*want {
			t.Fatalf("%d lanes: got %g, want %g", lanes, got, want)
		}
	}
}

func TestResidualNormPerRow(t *testing.T) {
	a, b, x := system(10, 0)
	_, err := ResidualNormPerRow(a, b, x, 4)
	wantDivergence(t, err)
}

// sparse returns the CSR form of system(n, 0) with row 3 left empty.
func sparse(n int) (*CSR, []float64, []float64) {
	a, b, x := system(n, 0)
	m := &CSR{RowPtr: []int{0}}
	for i := range a {
		if i != 3 {
			for j, v := range a[i] {
				if v != 0 && j != 3 {
					m.Col = append(m.Col, j)
					m.Val = append(m.Val, v)
				}
			}
		}
		m.RowPtr = append(m.RowPtr, len(m.Col))
	}
	x[3] = 1.5
	return m, b, x
}

func TestSparseJacobi(t *testing.T) {
	m, b, x := sparse(8)
	want := slices.Clone(x)
	for range 25 {
		next := make([]float64, len(want))
		for i := range want {
			next[i] = want[i]
			if m.RowPtr[i+1] > m.RowPtr[i] {
				next[i], _ = m.relax(b, want, i)
			}
		}
		want = next
	}
	if err := SparseJacobi(m, b, x, 25); err != nil {
		t.Fatal(err)
	}
	close(t, "SparseJacobi", x, want, 0)
	if x[3] != 1.5 {
		t.Fatalf("empty row changed: %g", x[3])
	}
}

func TestSparseJacobiEarlyExit(t *testing.T) {
	m, b, x := sparse(8)
	wantDivergence(t, SparseJacobiEarlyExit(m, b, x, 25))
}

func TestShuffleJacobi1D(t *testing.T) {
	u, f, h := poisson(12)
	want := slices.Clone(u)
	for range 30 {
		next := slices.Clone(want)
		for i := 1; i < len(u)-1; i++ {
			next[i] = (want[i-1] + want[i+1] + h*h*f[i]) / 2
		}
		want = next
	}
	if err := ShuffleJacobi1D(u, f, h, 30); err != nil {
		t.Fatal(err)
	}
	close(t, "ShuffleJacobi1D", u, want, 0)
}

func TestShuffleJacobi1DGuarded(t *testing.T) {
	u, f, h := poisson(12)
	wantDivergence(t, ShuffleJacobi1DGuarded(u, f, h, 30))
}
