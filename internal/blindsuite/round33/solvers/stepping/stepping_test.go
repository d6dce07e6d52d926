package stepping

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

// near reports whether got and want agree to rounding.
func near(got, want []float64) bool {
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-14*max(1, math.Abs(want[i])) {
			return false
		}
	}
	return len(got) == len(want)
}

func bump(n int) []float64 {
	y := make([]float64, n)
	for i := range y {
		y[i] = math.Exp(-float64((i-n/2)*(i-n/2)) / 4)
	}
	return y
}

func TestReactionDiffusion(t *testing.T) {
	k := []float64{1, 5, 0.5, 20, 2, 1}
	const d, tEnd = 1.0, 1.0
	y := bump(6)
	want := slices.Clone(y)
	dt := math.Inf(1)
	for _, ki := range k {
		dt = min(dt, 0.9/(2*d+ki))
	}
	wantSteps := 0
	for t := 0.0; t < tEnd; {
		h := min(dt, tEnd-t)
		next := make([]float64, 6)
		for i := range next {
			next[i] = want[i] + h*(d*(want[(i+5)%6]-2*want[i]+want[(i+1)%6])-k[i]*want[i])
		}
		want = next
		t += h
		wantSteps++
	}
	steps, err := ReactionDiffusion(y, k, d, tEnd)
	if err != nil {
		t.Fatal(err)
	}
	if steps != wantSteps || !slices.Equal(y, want) {
		t.Fatalf("%d steps, y = %v; want %d, %v", steps, y, wantSteps, want)
	}
}

func TestReactionDiffusionLocalDt(t *testing.T) {
	k := []float64{1, 5, 0.5, 20, 2, 1}
	wantDivergence(t, ReactionDiffusionLocalDt(bump(6), k, 1, 1))
}

// Lane 0 is stiff (h k = 100 at the first step): its Newton solves take
// many iterations; the others take two or three.
var decayK = []float64{1000, 0.01, 0.5, 0.01}

func TestImplicitCubicDecay(t *testing.T) {
	const h0, tEnd, tol, maxNewton = 0.1, 1.0, 1e-12, 50
	y := []float64{1, 1, 2, 0.5}
	want := slices.Clone(y)
	var wantEnergy []float64
	h := h0
	for t := 0.0; t < tEnd; {
		h = min(h, tEnd-t)
		worst, e := 0, 0.0
		for i := range want {
			z, it := want[i], 0
			for ; it < maxNewton; it++ {
				g := z - want[i] + h*decayK[i]*z*z*z
				dz := g / (1 + 3*h*decayK[i]*z*z)
				z -= dz
				if math.Abs(dz) < tol {
					break
				}
			}
			want[i] = z
			worst = max(worst, it)
			e += z * z
		}
		t += h
		wantEnergy = append(wantEnergy, e)
		if worst > 4 {
			h /= 2
		}
	}
	energy := make([]float64, 1000)
	steps, err := ImplicitCubicDecay(y, decayK, energy, h0, tEnd, tol, maxNewton)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(y, want) || steps != len(wantEnergy) {
		t.Fatalf("y = %v after %d steps, want %v after %d", y, steps, want, len(wantEnergy))
	}
	for s, e := range wantEnergy {
		if math.Abs(energy[s]-e) > 1e-12 {
			t.Fatalf("energy[%d] = %g, want %g", s, energy[s], e)
		}
	}
	if len(wantEnergy) <= 10 {
		t.Fatalf("%d steps: the test wants the step to be halved", len(wantEnergy))
	}
}

func TestImplicitCubicDecayLocalStep(t *testing.T) {
	y := []float64{1, 1, 2, 0.5}
	wantDivergence(t, ImplicitCubicDecayLocalStep(y, decayK, make([]float64, 1000), 0.1, 1, 1e-12, 50))
}

// Lane 0 is stiff: its error estimate rejects the first steps, the others'
// would not.
var heunK = []float64{50, 1, 1, 1, 1, 1}

func TestAdaptiveHeun(t *testing.T) {
	const c, h0, tEnd, tol, maxSteps = 0.1, 0.1, 1.0, 1e-2, 1000
	n := len(heunK)
	y := bump(n)
	want := slices.Clone(y)
	h, acc, rej := h0, 0, 0
	for t := 0.0; t < tEnd && acc+rej < maxSteps; {
		h = min(h, tEnd-t)
		f0 := make([]float64, n)
		stage := make([]float64, n)
		for i := range n {
			f0[i] = -heunK[i]*want[i] + c*(want[(i+n-1)%n]-2*want[i]+want[(i+1)%n])
			stage[i] = want[i] + h*f0[i]
		}
		next := make([]float64, n)
		est := 0.0
		for i := range n {
			f1 := -heunK[i]*stage[i] + c*(stage[(i+n-1)%n]-2*stage[i]+stage[(i+1)%n])
			next[i] = want[i] + h/2*(f0[i]+f1)
			est = max(est, math.Abs(h/2*(f1-f0[i])))
		}
		if est > tol {
			h /= 2
			rej++
			continue
		}
		want = next
		t += h
		acc++
		h *= 1.5
	}
	gotAcc, gotRej, err := AdaptiveHeun(y, heunK, c, h0, tEnd, tol, maxSteps)
	if err != nil {
		t.Fatal(err)
	}
	if gotAcc != acc || gotRej != rej || !slices.Equal(y, want) {
		t.Fatalf("accepted %d, rejected %d, y = %v; want %d, %d, %v", gotAcc, gotRej, y, acc, rej, want)
	}
	if rej == 0 {
		t.Fatal("the test wants rejected steps")
	}
}

func TestAdaptiveHeunLocalReject(t *testing.T) {
	wantDivergence(t, AdaptiveHeunLocalReject(bump(6), heunK, 0.1, 0.1, 1, 1e-2, 1000))
}

var speeds = []float64{1, 0.5, 0, 2, 1, 0.25}

func TestUpwindAdvection(t *testing.T) {
	const dx, cfl, tEnd = 0.1, 0.9, 0.5
	n := len(speeds)
	u := bump(n)
	want := slices.Clone(u)
	dt := cfl * dx / slices.Max(speeds)
	wantSteps := 0
	for t := 0.0; t < tEnd; {
		h := min(dt, tEnd-t)
		next := make([]float64, n)
		for i := range n {
			next[i] = want[i] - h/dx*speeds[i]*(want[i]-want[(i+n-1)%n])
		}
		want = next
		t += h
		wantSteps++
	}
	steps, err := UpwindAdvection(u, speeds, dx, cfl, tEnd)
	if err != nil {
		t.Fatal(err)
	}
	if steps != wantSteps || !near(u, want) {
		t.Fatalf("%d steps, u = %v; want %d, %v", steps, u, wantSteps, want)
	}
}

func TestUpwindAdvectionSkipRest(t *testing.T) {
	wantDivergence(t, UpwindAdvectionSkipRest(bump(6), speeds, 0.1, 0.9, 0.5))
}

var (
	splitK     = []float64{1, 10, 5, 40}
	splitLevel = []int{0, 2, 1, 3}
)

func TestSplitReactionDiffusion(t *testing.T) {
	const d, dt, nSteps = 0.1, 0.05, 20
	n := len(splitK)
	y := []float64{1, 0.5, 2, 1}
	want := slices.Clone(y)
	for range nSteps {
		for i := range n {
			sub := 1 << splitLevel[i]
			h := dt / float64(sub)
			for range sub {
				want[i] -= h * splitK[i] * want[i] * want[i]
			}
		}
		next := make([]float64, n)
		for i := range n {
			next[i] = want[i] + dt*d*(want[(i+n-1)%n]-2*want[i]+want[(i+1)%n])
		}
		want = next
	}
	if err := SplitReactionDiffusion(y, splitK, splitLevel, d, dt, nSteps); err != nil {
		t.Fatal(err)
	}
	if !near(y, want) {
		t.Fatalf("y = %v, want %v", y, want)
	}
}

func TestSplitReactionDiffusionInner(t *testing.T) {
	y := []float64{1, 0.5, 2, 1}
	wantDivergence(t, SplitReactionDiffusionInner(y, splitK, splitLevel, 0.1, 0.05, 20))
}
