package ambig

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

func TestSweepCountWithContinue(t *testing.T) {
	x := []float64{0, 1, 1e-3, 4}
	if err := SweepCountWithContinue(x, 1e-6, 30); err != nil {
		t.Fatal(err)
	}
	for _, v := range x {
		if math.Abs(v) >= 1e-6 {
			t.Fatalf("x = %v", x)
		}
	}
}

func TestButterflyUnsettled(t *testing.T) {
	x := []float64{0, 1, 0, 0, 3, 0, 0, 0}
	n, err := ButterflyUnsettled(x, 1e-9)
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 || x[1] != 0.5 || x[4] != 1.5 {
		t.Fatalf("n = %d, x = %v", n, x)
	}
}

func TestCapturedStopFlag(t *testing.T) {
	x := []float64{1, 2, 0, 0.5}
	sweeps, err := CapturedStopFlag(x, 1e-3, 100)
	if err != nil {
		t.Fatal(err)
	}
	if sweeps != 10 { // 2 / 2^11 < 1e-3 <= 2 / 2^10
		t.Fatalf("sweeps = %d, x = %v", sweeps, x)
	}
}

func TestHelperPanicRecovered(t *testing.T) {
	// Lane 1 squares 2 until it overflows, recovers and returns.
	x := []float64{0.5, 2, 0.5, 0.5}
	wantDivergence(t, HelperPanicRecovered(x, 1e-300, 100))
	// Without a lane that blows up, every lane converges to 0 together.
	x = []float64{0.5, 0.9, 0.5, 0.1}
	if err := HelperPanicRecovered(x, 1e-300, 100); err != nil {
		t.Fatal(err)
	}
}

// The run-time outcome is only recorded: whether lanes leaving through
// different return statements meet at the deferred barrier depends on how
// the compiler lays out deferred calls.
func TestDeferredBarrierEarlyReturn(t *testing.T) {
	x := []float64{0, 1, 1e-9, 4}
	err := DeferredBarrierEarlyReturn(x, 1e-6)
	t.Logf("DeferredBarrierEarlyReturn: %v (x = %v)", err, x)
}

func TestMethodValueKernel(t *testing.T) {
	u := []float64{0, 0, 0, 0, 0, 1}
	f := []float64{1, 1, 1, 1, 1, 1}
	const h = 0.2
	want := slices.Clone(u)
	for range 10 {
		next := slices.Clone(want)
		for i := 1; i < len(u)-1; i++ {
			next[i] = (want[i-1] + want[i+1] + h*h*f[i]) / 2
		}
		want = next
	}
	if err := MethodValueKernel(u, f, h, 10); err != nil {
		t.Fatal(err)
	}
	for i := range u {
		if math.Abs(u[i]-want[i]) > 1e-15 {
			t.Fatalf("u = %v, want %v", u, want)
		}
	}
}

// At run time the lanes meet at the one barrier in different phases, so
// spmd.Run reports nothing.
func TestRedBlackSameBarrier(t *testing.T) {
	u := make([]float64, 10)
	f := make([]float64, 10)
	for i := range f {
		f[i] = 1
	}
	if err := RedBlackSameBarrier(u, f, 0.1, 20); err != nil {
		t.Fatal(err)
	}
}

func TestDoneAndAll(t *testing.T) {
	wantDivergence(t, DoneAndAll([]float64{0, 1, 1, 1}, 1e-6, 100))
}

func TestDirichletError(t *testing.T) {
	x := []float64{0, 1, 2, 3, 4, 5}
	bc := map[int]float64{0: 0, 5: 5.5, 2: 1.75}
	worst, err := DirichletError(x, bc)
	if err != nil {
		t.Fatal(err)
	}
	if worst != 0.5 {
		t.Fatalf("worst = %g, want 0.5", worst)
	}
}
