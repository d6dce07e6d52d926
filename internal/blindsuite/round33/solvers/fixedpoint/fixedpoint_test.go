package fixedpoint

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

func TestCosineFixedPoint(t *testing.T) {
	k := []float64{0.5, 1, 0, 0.3}
	x := []float64{0.5, 0.5, 1, 0.5}
	it, err := CosineFixedPoint(k, x, 1e-13, 1000)
	if err != nil {
		t.Fatal(err)
	}
	for i := range k {
		if math.Abs(x[i]-math.Cos(k[i]*x[i])) > 1e-12 {
			t.Fatalf("x = %v after %d iterations", x, it)
		}
	}
}

func TestCosineFixedPointSkip(t *testing.T) {
	// Lane 2 starts on its fixed point: cos(0 * 1) = 1.
	k := []float64{0.5, 1, 0, 0.3}
	x := []float64{0.5, 0.5, 1, 0.5}
	wantDivergence(t, CosineFixedPointSkip(k, x, 1e-13, 1000))
}

// coupled returns a problem where rows 2 and 5 do not depend on the others
// and start on their value.
func coupled() (w, c, x []float64) {
	w = []float64{1, 1, 0, 1, 1, 0}
	c = []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6}
	x = []float64{0, 0, 0.3, 0, 0, 0.6}
	return w, c, x
}

func TestCoupledFixedPoint(t *testing.T) {
	w, c, x := coupled()
	n := len(c)
	want := slices.Clone(x)
	for range 60 {
		next := make([]float64, n)
		for i := range n {
			next[i] = w[i]*(math.Cos(want[(i+n-1)%n])/2+want[(i+1)%n]/4) + c[i]
		}
		want = next
	}
	if err := CoupledFixedPoint(w, c, x, 60); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(x, want) {
		t.Fatalf("got %v, want %v", x, want)
	}
	for i := range n {
		if g := w[i]*(math.Cos(x[(i+n-1)%n])/2+x[(i+1)%n]/4) + c[i]; math.Abs(g-x[i]) > 1e-6 {
			t.Fatalf("not a fixed point: %v", x)
		}
	}
}

func TestCoupledFixedPointLocalCommit(t *testing.T) {
	w, c, x := coupled()
	wantDivergence(t, CoupledFixedPointLocalCommit(w, c, x, 60))
}

func TestLogisticFixedPoint(t *testing.T) {
	r := []float64{1.5, 2, 2.5, 2.8}
	x := []float64{0.3, 0.3, 0.3, 0.3}
	it, err := LogisticFixedPoint(r, x, 1e-14, 5000)
	if err != nil {
		t.Fatal(err)
	}
	for i := range r {
		if math.Abs(x[i]-(1-1/r[i])) > 1e-10 {
			t.Fatalf("x = %v after %d iterations", x, it)
		}
	}
	// A lane on a 4-cycle (r = 3.5) never settles: the group runs out the
	// iterations together.
	r[3] = 3.5
	x = []float64{0.3, 0.3, 0.3, 0.3}
	if it, err := LogisticFixedPoint(r, x, 1e-14, 500); err != nil || it != 500 {
		t.Fatalf("it %d, err %v", it, err)
	}
}

func TestLogisticFixedPointNearOnly(t *testing.T) {
	r := []float64{1.5, 2, 2.5, 3.5}
	x := []float64{0.3, 0.3, 0.3, 0.3}
	wantDivergence(t, LogisticFixedPointNearOnly(r, x, 1e-14, 500))
}

func system(n int) ([][]float64, []float64) {
	a := make([][]float64, n)
	b := make([]float64, n)
	for i := range a {
		a[i] = make([]float64, n)
		a[i][i] = 4
		if i > 0 {
			a[i][i-1] = -1
		}
		if i < n-1 {
			a[i][i+1] = -1
		}
		b[i] = float64(i%4 + 1)
	}
	return a, b
}

func TestBlockGaussSeidel(t *testing.T) {
	a, b := system(10)
	want := make([]float64, 10)
	for range 15 {
		for base := 0; base < 10; base += 4 {
			var upd []float64
			for r := base; r < min(base+4, 10); r++ {
				upd = append(upd, rowUpdate(a, b, want, r))
			}
			copy(want[base:], upd)
		}
	}
	x := make([]float64, 10)
	if err := BlockGaussSeidel(a, b, x, 4, 15); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(x, want) {
		t.Fatalf("got %v, want %v", x, want)
	}
}

func TestOwnedRowsSweep(t *testing.T) {
	a, b := system(10)
	wantDivergence(t, OwnedRowsSweep(a, b, make([]float64, 10), 4, 15))
}

// settledSystem is system(8) with row 0 decoupled and b[0] = 0, so that
// from x = 0 row 0 never moves.
func settledSystem() ([][]float64, []float64) {
	a, b := system(8)
	a[0][1], a[1][0], b[0] = 0, 0, 0
	return a, b
}

func TestIteratorJacobi(t *testing.T) {
	a, b := settledSystem()
	x := make([]float64, 8)
	sweeps, err := IteratorJacobi(a, b, x, 1e-13, 500)
	if err != nil {
		t.Fatal(err)
	}
	for i := range b {
		if math.Abs(rowUpdate(a, b, x, i)-x[i]) > 1e-12 {
			t.Fatalf("x = %v after %d sweeps", x, sweeps)
		}
	}
	if sweeps == 500 || sweeps < 10 {
		t.Fatalf("sweeps = %d", sweeps)
	}
}

func TestIteratorJacobiLocalBreak(t *testing.T) {
	a, b := settledSystem()
	wantDivergence(t, IteratorJacobiLocalBreak(a, b, make([]float64, 8), 1e-13, 500))
}

func tasks(n int) []Bracket {
	ts := make([]Bracket, n)
	for k := range ts {
		ts[k] = Bracket{P: 1, Q: -float64(k + 1), Lo: 0, Hi: float64(k + 2)}
	}
	return ts
}

func TestRootQueue(t *testing.T) {
	for _, c := range []struct{ tasks, lanes int }{{3, 8}, {20, 4}, {5, 5}} {
		ts := tasks(c.tasks)
		roots := make([]float64, len(ts))
		solved, err := RootQueue(ts, roots, c.lanes, 1e-12)
		if err != nil {
			t.Fatal(err)
		}
		if solved != len(ts) {
			t.Fatalf("solved %d of %d", solved, len(ts))
		}
		for k, x := range roots {
			if r := x*x*x + ts[k].P*x + ts[k].Q; math.Abs(r) > 1e-9 {
				t.Fatalf("task %d: root %g, residual %g", k, x, r)
			}
		}
	}
}

func TestRootQueueBatchBarrier(t *testing.T) {
	// Three tasks for eight lanes: at least five lanes find the queue empty
	// straight away.
	_, err := RootQueueBatchBarrier(tasks(3), make([]float64, 3), 8, 1e-12)
	wantDivergence(t, err)
}

func TestGuardedFixedPoint(t *testing.T) {
	kind := []int{0, 3, 0, 3}
	x := []float64{0.5, 1, 1, 2}
	mean, err := GuardedFixedPoint(kind, x, 1e-14, 1000)
	if err != nil {
		t.Fatal(err)
	}
	const dottie = 0.7390851332151607
	want := (2*dottie + 2*math.Sqrt2) / 4
	if math.Abs(mean-want) > 1e-12 {
		t.Fatalf("mean %v, want %v (x = %v)", mean, want, x)
	}
	// A lane that blows up panics and brings the kernel down: a panic, not
	// a divergence.
	kind[2], x = 1, []float64{0.5, 1, 2, 2}
	_, err = GuardedFixedPoint(kind, x, 1e-14, 1000)
	var pe *spmd.PanicError
	if !errors.As(err, &pe) || pe.Lane != 2 {
		t.Fatalf("got %v, want lane 2 to panic", err)
	}
}

func TestGuardedFixedPointRecover(t *testing.T) {
	kind := []int{0, 3, 1, 3}
	x := []float64{0.5, 1, 2, 2}
	_, err := GuardedFixedPointRecover(kind, x, 1e-14, 1000)
	wantDivergence(t, err)
}

func smoothProblem(n int) ([]float64, []float64, float64) {
	u := make([]float64, n+2)
	f := make([]float64, n+2)
	for i := range f {
		f[i] = 1
	}
	u[n+1] = 1
	return u, f, 1 / float64(n+1)
}

func TestSmoothBoundary(t *testing.T) {
	u, f, h := smoothProblem(6)
	want := slices.Clone(u)
	for range 10 + 3 {
		next := slices.Clone(want)
		for i := 1; i <= 6; i++ {
			v := (want[i-1] + want[i+1] + h*h*f[i]) / 2
			next[i] = want[i] + 0.8*(v-want[i])
		}
		want = next
	}
	if err := SmoothBoundary(u, f, h, 10, 3); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(u, want) {
		t.Fatalf("got %v, want %v", u, want)
	}
}

func TestSmoothBoundaryPerLane(t *testing.T) {
	u, f, h := smoothProblem(6)
	wantDivergence(t, SmoothBoundaryPerLane(u, f, h, 10, 3))
}

func TestRestartedFixedPoint(t *testing.T) {
	kind := []int{0, 3, 0, 3}
	x0 := []float64{0.5, 1, 1, 2}
	x := make([]float64, 4)
	hist, err := RestartedFixedPoint(kind, x0, x, 1e-14, 1e6, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if len(hist) == 0 || hist[len(hist)-1] >= 1e-14 || math.Abs(x[1]-math.Sqrt2) > 1e-12 {
		t.Fatalf("x = %v, history %v", x, hist)
	}
	// With a lane that blows up (2x + 1 from 1) and restarts forever, the
	// group runs out of iterations together.
	kind[2], x0[2] = 2, 1
	hist, err = RestartedFixedPoint(kind, x0, x, 1e-14, 1e6, 200)
	if err != nil || len(hist) != 200 {
		t.Fatalf("%d checks, err %v", len(hist), err)
	}
}

func TestRestartedFixedPointBlowupFirst(t *testing.T) {
	kind := []int{0, 3, 2, 3}
	x0 := []float64{0.5, 1, 1, 2}
	_, err := RestartedFixedPointBlowupFirst(kind, x0, make([]float64, 4), 1e-14, 1e6, 200)
	wantDivergence(t, err)
}

func TestActiveSetNewton(t *testing.T) {
	c := []float64{1, 2, 9, 1e6}
	n := len(c)
	roots := make([]float64, n)
	active := make([]int, 100*n)
	counts := make([]int, 100)
	iters, err := ActiveSetNewton(c, roots, active, counts, 1e-15, 100)
	if err != nil {
		t.Fatal(err)
	}
	// Replay: which lanes were active at each iteration.
	x := []float64{1, 2, 9, 1e6}
	done := make([]bool, n)
	for it := 0; it < iters; it++ {
		var want []int
		for i := range n {
			if !done[i] {
				want = append(want, i)
				dx := (x[i]*x[i] - c[i]) / (2 * x[i])
				x[i] -= dx
				done[i] = math.Abs(dx) <= 1e-15*x[i]
			}
		}
		if got := active[it*n : it*n+len(want)]; counts[it] != len(want) || !slices.Equal(got, want) {
			t.Fatalf("iteration %d: active %v (count %d), want %v", it, got, counts[it], want)
		}
	}
	if !slices.Equal(roots, x) || iters < 5 || iters == 100 {
		t.Fatalf("roots %v, want %v, iters %d", roots, x, iters)
	}
}

func TestActiveSetNewtonGuarded(t *testing.T) {
	c := []float64{1, 2, 9, 1e6}
	wantDivergence(t, ActiveSetNewtonGuarded(c, make([]float64, 4), make([]int, 400), 1e-15, 100))
}
