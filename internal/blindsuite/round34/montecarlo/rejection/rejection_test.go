package rejection

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round34/montecarlo/rng"
	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, name string, err error) {
	t.Helper()
	var d *spmd.DivergenceError
	if !errors.As(err, &d) {
		t.Fatalf("%s: got %v, want a *spmd.DivergenceError", name, err)
	}
	t.Logf("%s: %v", name, err)
}

func TestPolarNormals(t *testing.T) {
	const n, seed = 16, 8
	out := make([]float64, n)
	var proposals int
	if err := PolarNormals(out, seed, &proposals); err != nil {
		t.Fatal(err)
	}
	wantTries := 0
	for i := range n {
		r := rng.ForLane(seed, i)
		for {
			u, v := 2*r.Float64()-1, 2*r.Float64()-1
			s := u*u + v*v
			wantTries++
			if s > 0 && s < 1 {
				if want := u * math.Sqrt(-2*math.Log(s)/s); out[i] != want {
					t.Errorf("out[%d] = %v, want %v", i, out[i], want)
				}
				break
			}
		}
	}
	if proposals != wantTries || proposals <= n {
		t.Errorf("proposals = %d, want %d (> %d)", proposals, wantTries, n)
	}
}

func TestPolarNormalsLiveCount(t *testing.T) {
	var p int
	wantDivergence(t, "PolarNormalsLiveCount", PolarNormalsLiveCount(make([]float64, 16), 8, &p))
}

func TestTruncatedExp(t *testing.T) {
	const n, cut, budget, seed = 16, 0.3, 3, 2
	out := make([]float64, n)
	var fb int
	if err := TruncatedExp(out, cut, budget, seed, &fb); err != nil {
		t.Fatal(err)
	}
	wantFb := 0
	for i := range n {
		r := rng.ForLane(seed, i)
		x, ok := 0.0, false
		for range budget {
			if x = r.Exp(); x < cut {
				ok = true
				break
			}
		}
		if !ok {
			wantFb++
			x = truncExpInverse(r.Float64(), cut)
		}
		if out[i] != x || x < 0 || x >= cut {
			t.Errorf("out[%d] = %v, want %v in [0, %v)", i, out[i], x, cut)
		}
	}
	if fb != wantFb || fb == 0 || fb == n {
		t.Errorf("fallbacks = %d, want %d (strictly between 0 and %d)", fb, wantFb, n)
	}
}

func TestTruncatedExpCountInBranch(t *testing.T) {
	var fb int
	wantDivergence(t, "TruncatedExpCountInBranch", TruncatedExpCountInBranch(make([]float64, 16), 0.3, 3, 2, &fb))
}

// gammaSeed has lanes that accept on the first try and lanes that do not.
const gammaSeed, gammaA, gammaN = 13, 1.2, 16

func TestGammaSamples(t *testing.T) {
	out := make([]float64, gammaN)
	var mean float64
	if err := GammaSamples(out, gammaA, 1, gammaSeed, &mean); err != nil {
		t.Fatal(err)
	}
	var sum float64
	got := 0
	for i := range gammaN {
		r := rng.ForLane(gammaSeed, i)
		x, ok := gammaTry(&r, gammaA)
		if !ok {
			if !math.IsNaN(out[i]) {
				t.Errorf("out[%d] = %v, want NaN", i, out[i])
			}
			sum += 0
			continue
		}
		got++
		sum += x
		if out[i] != x {
			t.Errorf("out[%d] = %v, want %v", i, out[i], x)
		}
	}
	if got == 0 || got == gammaN {
		t.Fatalf("seed accepts in %d of %d lanes: no split", got, gammaN)
	}
	if want := sum / float64(got); mean != want {
		t.Errorf("mean = %v, want %v", mean, want)
	}
}

func TestGammaSamplesReturn(t *testing.T) {
	var mean float64
	wantDivergence(t, "GammaSamplesReturn", GammaSamplesReturn(make([]float64, gammaN), gammaA, 1, gammaSeed, &mean))
}

var diskBudget = []int{1, 6, 6, 6, 4, 6, 6, 6}

func TestDiskPoints(t *testing.T) {
	const seed = 2
	n := len(diskBudget)
	xs, ys := make([]float64, n), make([]float64, n)
	var pending []int
	if err := DiskPoints(xs, ys, diskBudget, seed, &pending); err != nil {
		t.Fatal(err)
	}
	rs := make([]rng.XorShift, n)
	done := make([]bool, n)
	wx, wy := make([]float64, n), make([]float64, n)
	for i := range rs {
		rs[i] = rng.ForLane(seed, i)
	}
	var wantPending []int
	for k := range slices.Max(diskBudget) {
		left := 0
		for i := range n {
			if !done[i] && k < diskBudget[i] {
				x, y := 2*rs[i].Float64()-1, 2*rs[i].Float64()-1
				if x*x+y*y < 1 {
					wx[i], wy[i], done[i] = x, y, true
				}
			}
			if !done[i] && k+1 < diskBudget[i] {
				left++
			}
		}
		wantPending = append(wantPending, left)
		if left == 0 {
			break
		}
	}
	if !slices.Equal(xs, wx) || !slices.Equal(ys, wy) || !slices.Equal(pending, wantPending) {
		t.Errorf("got %v %v %v, want %v %v %v", xs, ys, pending, wx, wy, wantPending)
	}
	if wantPending[0] == 0 {
		t.Errorf("degenerate: every lane done after one round")
	}
}

func TestDiskPointsOwnBudget(t *testing.T) {
	n := len(diskBudget)
	var pending []int
	wantDivergence(t, "DiskPointsOwnBudget", DiskPointsOwnBudget(make([]float64, n), make([]float64, n), diskBudget, 2, &pending))
}

func TestDartThrow(t *testing.T) {
	const n, seed = 16, 31
	rmin := 0.6 / n
	pos := make([]float64, n)
	var rounds int
	if err := DartThrow(pos, rmin, seed, &rounds); err != nil {
		t.Fatal(err)
	}
	// Reference, round by round.
	want := make([]float64, n)
	placed := make([]bool, n)
	rs := make([]rng.XorShift, n)
	for i := range rs {
		rs[i] = rng.ForLane(seed, i)
	}
	wantRounds := 0
	for ; slices.Contains(placed, false); wantRounds++ {
		for i := range n {
			if !placed[i] && i%2 == wantRounds%2 {
				x := (float64(i) + rs[i].Float64()) / n
				if (i == 0 || !placed[i-1] || x-want[i-1] >= rmin) && (i == n-1 || !placed[i+1] || want[i+1]-x >= rmin) {
					want[i], placed[i] = x, true
				}
			}
		}
	}
	if !slices.Equal(pos, want) || rounds != wantRounds {
		t.Errorf("got %v in %d rounds, want %v in %d", pos, rounds, want, wantRounds)
	}
	for i := 1; i < n; i++ {
		if pos[i]-pos[i-1] < rmin {
			t.Errorf("points %d and %d are %v apart, want >= %v", i-1, i, pos[i]-pos[i-1], rmin)
		}
	}
}

func TestDartThrowUntilPlaced(t *testing.T) {
	var rounds int
	wantDivergence(t, "DartThrowUntilPlaced", DartThrowUntilPlaced(make([]float64, 16), 0.6/16, 31, &rounds))
}

func TestDiskRejections(t *testing.T) {
	const n, seed = 8, 25
	xs, ys := make([]float64, n), make([]float64, n)
	var rej int
	if err := DiskRejections(xs, ys, seed, &rej); err != nil {
		t.Fatal(err)
	}
	want := 0
	for i := range n {
		r := rng.ForLane(seed, i)
		for {
			x, y := 2*r.Float64()-1, 2*r.Float64()-1
			if x*x+y*y < 1 {
				if xs[i] != x || ys[i] != y {
					t.Errorf("lane %d: (%v, %v), want (%v, %v)", i, xs[i], ys[i], x, y)
				}
				break
			}
			want++
		}
	}
	if rej != want || rej == 0 {
		t.Errorf("rejected = %d, want %d (> 0)", rej, want)
	}
}

func TestDiskRejectionsPerLane(t *testing.T) {
	var rej int
	wantDivergence(t, "DiskRejectionsPerLane", DiskRejectionsPerLane(make([]float64, 8), make([]float64, 8), 25, &rej))
}

func energy(x float64) float64 { return (x-1)*(x-1) + 0.3*math.Sin(5*x) }

func TestAnnealShifts(t *testing.T) {
	xs := []float64{-1, -0.5, 0, 0.2, 0.4, 0.9, 1.5, 2}
	const steps, temp, seed = 10, 0.5, 100
	want := slices.Clone(xs)
	sumE := func(s float64) float64 {
		var e float64
		for _, x := range want {
			e += energy(x + s)
		}
		return e
	}
	for k := range steps {
		r := rng.New(seed + uint64(k))
		e0 := sumE(0)
		for {
			s := 0.5 * (r.Float64() - 0.5)
			e1 := sumE(s)
			if e1 <= e0 || r.Float64() < math.Exp((e0-e1)/temp) {
				for i := range want {
					want[i] += s
				}
				break
			}
		}
	}
	if err := AnnealShifts(xs, steps, temp, seed, energy); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(xs, want) {
		t.Errorf("got %v, want %v", xs, want)
	}
}

func TestAnnealShiftsLaneStreams(t *testing.T) {
	xs := []float64{-1, -0.5, 0, 0.2, 0.4, 0.9, 1.5, 2}
	wantDivergence(t, "AnnealShiftsLaneStreams", AnnealShiftsLaneStreams(xs, 10, 0.5, 100, energy))
}

// vose builds an alias table for p.
func vose(p []float64) AliasTable {
	n := len(p)
	t := AliasTable{Prob: make([]float64, n), Alias: make([]int, n)}
	scaled := make([]float64, n)
	var small, large []int
	for i, v := range p {
		scaled[i] = v * float64(n)
		if scaled[i] < 1 {
			small = append(small, i)
		} else {
			large = append(large, i)
		}
	}
	for len(small) > 0 && len(large) > 0 {
		s, g := small[len(small)-1], large[len(large)-1]
		small, large = small[:len(small)-1], large[:len(large)-1]
		t.Prob[s], t.Alias[s] = scaled[s], g
		scaled[g] += scaled[s] - 1
		if scaled[g] < 1 {
			small = append(small, g)
		} else {
			large = append(large, g)
		}
	}
	for _, i := range append(small, large...) {
		t.Prob[i], t.Alias[i] = 1, i
	}
	return t
}

func TestAliasDraws(t *testing.T) {
	tab := vose([]float64{0.1, 0.2, 0.3, 0.4})
	const n, seed = 32, 9
	out := make([]int, n)
	var aliased int
	if err := AliasDraws(out, tab, seed, &aliased); err != nil {
		t.Fatal(err)
	}
	want := 0
	for i := range n {
		r := rng.ForLane(seed, i)
		k := r.Intn(4)
		if r.Float64() >= tab.Prob[k] {
			k = tab.Alias[k]
			want++
		}
		if out[i] != k {
			t.Errorf("out[%d] = %d, want %d", i, out[i], k)
		}
	}
	if aliased != want || want == 0 || want == n {
		t.Errorf("aliased = %d, want %d (strictly between 0 and %d)", aliased, want, n)
	}
}

func TestAliasDrawsCountInBranch(t *testing.T) {
	var a int
	wantDivergence(t, "AliasDrawsCountInBranch", AliasDrawsCountInBranch(make([]int, 32), vose([]float64{0.1, 0.2, 0.3, 0.4}), 9, &a))
}

func TestHalfCauchyBelow(t *testing.T) {
	const n, cut, seed = 16, 1.0, 6
	out := make([]float64, n)
	var largest float64
	if err := HalfCauchyBelow(out, cut, seed, &largest); err != nil {
		t.Fatal(err)
	}
	m := 0.0
	for i := range n {
		r := rng.ForLane(seed, i)
		x := cut
		for x >= cut {
			x = math.Abs(math.Tan(math.Pi * (r.Float64() - 0.5)))
		}
		m = max(m, x)
		if out[i] != x {
			t.Errorf("out[%d] = %v, want %v", i, out[i], x)
		}
	}
	if largest != m {
		t.Errorf("largest = %v, want %v", largest, m)
	}
}

func TestHalfCauchyBelowTrackProposals(t *testing.T) {
	var m float64
	wantDivergence(t, "HalfCauchyBelowTrackProposals", HalfCauchyBelowTrackProposals(make([]float64, 16), 1.0, 6, &m))
}

func TestGammaOrPanic(t *testing.T) {
	out := make([]float64, gammaN)
	var mean float64
	if err := GammaOrPanic(out, gammaA, 50, gammaSeed, &mean); err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for i := range gammaN {
		r := rng.ForLane(gammaSeed, i)
		for {
			if x, ok := gammaTry(&r, gammaA); ok {
				if out[i] != x {
					t.Errorf("out[%d] = %v, want %v", i, out[i], x)
				}
				sum += x
				break
			}
		}
	}
	if want := sum / gammaN; mean != want {
		t.Errorf("mean = %v, want %v", mean, want)
	}
	// With a budget of one try, some lanes panic and the run reports it.
	err := GammaOrPanic(make([]float64, gammaN), gammaA, 1, gammaSeed, &mean)
	var p *spmd.PanicError
	if !errors.As(err, &p) {
		t.Errorf("budget 1: got %v, want a *spmd.PanicError", err)
	}
}

func TestGammaOrPanicRecovered(t *testing.T) {
	var mean float64
	failed := make([]bool, gammaN)
	wantDivergence(t, "GammaOrPanicRecovered", GammaOrPanicRecovered(make([]float64, gammaN), gammaA, 1, gammaSeed, &mean, failed))
}
