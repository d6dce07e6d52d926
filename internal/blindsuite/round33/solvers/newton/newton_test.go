package newton

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
		t.Fatalf("got %v, want a *spmd.DivergenceError", err)
	}
	t.Log(err)
}

// Four cubics x^3 + p x + q with one real root each; the fourth,
// x^3 - 2x + 2, sends Newton from 0 into the cycle 0, 1, 0, ...
var (
	cp = []float64{0, 1, -2, -2}
	cq = []float64{-2, -1, -5, 2}
)

func checkRoots(t *testing.T, p, q, roots []float64, tol float64) {
	t.Helper()
	for i := range p {
		if r := cubic(p[i], q[i], roots[i]); !(math.Abs(r) < tol) {
			t.Fatalf("lane %d: root %v has residual %g", i, roots[i], r)
		}
	}
}

func TestNewtonSqrt(t *testing.T) {
	c := []float64{1, 2, 9, 1e6, 0.25, 50, 3, 16}
	out := make([]float64, len(c))
	worst, err := NewtonSqrt(c, out, 1e-15, 100)
	if err != nil {
		t.Fatal(err)
	}
	for i := range c {
		if math.Abs(out[i]-math.Sqrt(c[i])) > 1e-12*math.Sqrt(c[i]) {
			t.Fatalf("sqrt(%g) = %g", c[i], out[i])
		}
	}
	if worst < 5 || worst == 100 {
		t.Fatalf("worst = %d", worst)
	}
}

func TestNewtonSqrtHistory(t *testing.T) {
	c := []float64{1, 2, 9, 1e6, 0.25, 50, 3, 16}
	_, err := NewtonSqrtHistory(c, make([]float64, len(c)), make([]int, 100), 1e-15, 100)
	wantDivergence(t, err)
}

func fallbackInputs() (x0, lo, hi []float64) {
	return []float64{1, 1, 2, 0}, []float64{-3, -3, -3, -3}, []float64{3, 3, 3, 3}
}

func TestNewtonWithFallback(t *testing.T) {
	x0, lo, hi := fallbackInputs()
	roots := make([]float64, 4)
	mask, err := NewtonWithFallback(cp, cq, x0, lo, hi, roots, 1e-13, 50)
	if err != nil {
		t.Fatal(err)
	}
	if mask != 1<<3 {
		t.Fatalf("mask %b, want 1000", mask)
	}
	checkRoots(t, cp, cq, roots, 1e-9)
}

func TestNewtonFallbackBallot(t *testing.T) {
	x0, lo, hi := fallbackInputs()
	_, err := NewtonFallbackBallot(cp, cq, x0, lo, hi, make([]float64, 4), 1e-13, 50)
	wantDivergence(t, err)
}

// smoothInputs: lane 3 starts on its root (x^3 - 8 at 2) and needs no
// smoothing of its own; the others need several Newton steps.
func smoothInputs() (p, q, x0 []float64) {
	return []float64{0, 1, -2, 0, 0}, []float64{-2, -1, -5, -8, -27}, []float64{5, 4, 6, 2, 10}
}

func TestNewtonThenSmooth(t *testing.T) {
	p, q, x0 := smoothInputs()
	n := len(p)
	roots := make([]float64, n+2)
	roots[0], roots[n+1] = 1, 3
	want := slices.Clone(roots)
	sweeps := 0
	for i := range n {
		x, s := x0[i], 0
		for it := 0; it < 100; it++ {
			dx := cubic(p[i], q[i], x) / dcubic(p[i], x)
			x -= dx
			if math.Abs(dx) < 1e-13 {
				break
			}
			if it%2 == 1 {
				s++
			}
		}
		want[i+1] = x
		sweeps = max(sweeps, s)
	}
	if sweeps == 0 {
		t.Fatal("test needs some smoothing")
	}
	for range sweeps {
		next := slices.Clone(want)
		for i := 1; i <= n; i++ {
			next[i] = (want[i-1] + 2*want[i] + want[i+1]) / 4
		}
		want = next
	}
	if err := NewtonThenSmooth(p, q, x0, roots, 1e-13, 100); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(roots, want) {
		t.Fatalf("got %v, want %v", roots, want)
	}
}

func TestNewtonThenSmoothLocal(t *testing.T) {
	p, q, x0 := smoothInputs()
	roots := make([]float64, len(p)+2)
	wantDivergence(t, NewtonThenSmoothLocal(p, q, x0, roots, 1e-13, 100))
}

func brackets() (lo, hi []float64) {
	return []float64{0, 0, 1, -3}, []float64{2, 1, 3, 0}
}

func TestBisect(t *testing.T) {
	lo, hi := brackets()
	roots := make([]float64, 4)
	steps, err := Bisect(cp, cq, lo, hi, roots, 1e-12)
	if err != nil {
		t.Fatal(err)
	}
	checkRoots(t, cp, cq, roots, 1e-10)
	if steps != 42 { // 3 halved 42 times is below 1e-12
		t.Fatalf("steps = %d", steps)
	}
}

func TestBisectTraced(t *testing.T) {
	lo, hi := brackets()
	_, err := BisectTraced(cp, cq, lo, hi, make([]float64, 4), 1e-12)
	wantDivergence(t, err)
}

func TestSecant(t *testing.T) {
	x0 := []float64{1, 0, 2, -2}
	x1 := []float64{1.5, 1, 2.5, -1.5}
	roots := make([]float64, 4)
	iters, err := Secant(cp, cq, x0, x1, roots, 1e-13, 100)
	if err != nil {
		t.Fatal(err)
	}
	checkRoots(t, cp, cq, roots, 1e-10)
	if iters == 100 {
		t.Fatal("did not converge")
	}
}

func TestSecantOr(t *testing.T) {
	// Lane 1 starts next to its root and is done after one step; lane 0
	// starts far away and is not done when the iteration budget runs out.
	p, q := []float64{0, 0, 1}, []float64{-2, -8, -1}
	x0, x1 := []float64{100, 2, 0}, []float64{99, 2 + 1e-14, 1}
	wantDivergence(t, SecantOr(p, q, x0, x1, make([]float64, 3), 1e-12, 6))
}

func nonlinearProblem(n int) ([]float64, []float64) {
	u := make([]float64, n+2)
	f := make([]float64, n+2)
	for i := range f {
		f[i] = 1 + float64(i%3)
	}
	u[n+1] = 1
	return u, f
}

func TestNonlinearJacobi(t *testing.T) {
	u, f := nonlinearProblem(8)
	if err := NonlinearJacobi(u, f, 1e-12, 500); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 8; i++ {
		r := u[i]*u[i]*u[i] + 4*u[i] - u[i-1] - u[i+1] - f[i]
		if math.Abs(r) > 1e-10 {
			t.Fatalf("residual %g at %d", r, i)
		}
	}
	// A NaN in f: every lane gives up together.
	u, f = nonlinearProblem(8)
	f[3] = math.NaN()
	if err := NonlinearJacobi(u, f, 1e-12, 500); err != nil {
		t.Fatal(err)
	}
}

func TestNonlinearJacobiGiveUp(t *testing.T) {
	u, f := nonlinearProblem(8)
	f[3] = math.NaN()
	wantDivergence(t, NonlinearJacobiGiveUp(u, f, 1e-12, 500))
}

func TestNewtonAllDone(t *testing.T) {
	x0 := []float64{1, 1, 2, -2}
	roots := make([]float64, 4)
	iters := make([]int, 4)
	if err := NewtonAllDone(cp, cq, x0, roots, iters, 1e-13, 100); err != nil {
		t.Fatal(err)
	}
	checkRoots(t, cp, cq, roots, 1e-10)
	if slices.Max(iters) == slices.Min(iters) {
		t.Fatalf("iters %v: the test wants lanes that converge at different steps", iters)
	}
}

func TestNewtonAllDoneBreak(t *testing.T) {
	x0 := []float64{1, 1, 2, -2}
	wantDivergence(t, NewtonAllDoneBreak(cp, cq, x0, make([]float64, 4), make([]int, 4), 1e-13, 100))
}

// polishInputs gives each of the four lanes two guesses; lane 3's first
// guess, 0, is the Newton cycle of x^3 - 2x + 2.
func polishInputs() []float64 {
	return []float64{1, 2, 0.5, 1, 2, 3, 0, -2}
}

func TestPolishRoots(t *testing.T) {
	polished := make([]float64, 8)
	failed, err := PolishRoots(cp, cq, polishInputs(), polished, 2, 1e-13, 60)
	if err != nil {
		t.Fatal(err)
	}
	if failed != 1 || !math.IsNaN(polished[6]) {
		t.Fatalf("failed %d, polished %v", failed, polished)
	}
	for k, x := range polished {
		if k == 6 {
			continue
		}
		if r := cubic(cp[k/2], cq[k/2], x); math.Abs(r) > 1e-10 {
			t.Fatalf("polished %v", polished)
		}
	}
}

func TestPolishRootsRoundBarrier(t *testing.T) {
	_, err := PolishRootsRoundBarrier(cp, cq, polishInputs(), make([]float64, 8), 2, 1e-13, 60)
	wantDivergence(t, err)
}

// dampedInputs: from 0.1, the Newton step for x^3 - 2 overshoots to about
// 67, and the lane has to backtrack; the others take full steps.
func dampedInputs() (p, q, x0 []float64) {
	return []float64{0, 1, -2, 0}, []float64{-2, -1, -5, -8}, []float64{0.1, 1, 2, 3}
}

func TestDampedNewton(t *testing.T) {
	p, q, x0 := dampedInputs()
	roots := make([]float64, 4)
	if err := DampedNewton(p, q, x0, roots, 1e-13, 200); err != nil {
		t.Fatal(err)
	}
	checkRoots(t, p, q, roots, 1e-9)
}

func TestDampedNewtonLocal(t *testing.T) {
	p, q, x0 := dampedInputs()
	_, err := DampedNewtonLocal(p, q, x0, make([]float64, 4), 1e-13, 200)
	wantDivergence(t, err)
}
