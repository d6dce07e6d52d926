package integrate

import (
	"errors"
	"maps"
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

func sq(x float64) float64 { return x * x }

func lanesRNG(n int, seed uint64) []rng.XorShift {
	rs := make([]rng.XorShift, n)
	for i := range rs {
		rs[i] = rng.ForLane(seed, i)
	}
	return rs
}

func TestAdaptive(t *testing.T) {
	const lanes, k, maxB, tol, seed = 8, 50, 40, 0.006, 1
	var est, se float64
	var nb int
	if err := Adaptive(lanes, k, maxB, tol, seed, sq, &est, &se, &nb); err != nil {
		t.Fatal(err)
	}
	rs := lanesRNG(lanes, seed)
	s, s2 := make([]float64, lanes), make([]float64, lanes)
	var wEst, wSe float64
	wB := 0
	for b := 1; b <= maxB; b++ {
		var sum, sum2 float64
		for i := range lanes {
			for range k {
				v := sq(rs[i].Float64())
				s[i] += v
				s2[i] += v * v
			}
			sum += s[i]
			sum2 += s2[i]
		}
		n := float64(b * k * lanes)
		wEst, wB = sum/n, b
		wSe = math.Sqrt((sum2/n - wEst*wEst) / n)
		if wSe < tol {
			break
		}
	}
	if est != wEst || se != wSe || nb != wB {
		t.Errorf("got %v ± %v in %d batches, want %v ± %v in %d", est, se, nb, wEst, wSe, wB)
	}
	if nb < 2 || nb == maxB || math.Abs(est-1.0/3) > 4*se {
		t.Errorf("estimate %v ± %v after %d batches: want 1/3, stopped by tol", est, se, nb)
	}
}

func TestAdaptiveOwnError(t *testing.T) {
	var est, se float64
	var nb int
	wantDivergence(t, "AdaptiveOwnError", AdaptiveOwnError(8, 50, 40, 0.03, 1, sq, &est, &se, &nb))
}

func points(n int) []float64 {
	xs := make([]float64, n)
	for j := range xs {
		xs[j] = frac(float64(j) * 0.6180339887498949)
	}
	return xs
}

func TestProgressive(t *testing.T) {
	const lanes = 8
	xs := points(37)
	rounds := (len(xs) + lanes - 1) / lanes
	progress := make([]float64, rounds)
	if err := Progressive(xs, lanes, math.Sqrt, progress); err != nil {
		t.Fatal(err)
	}
	running := 0.0
	for round := range rounds {
		tot := 0.0
		for i := range lanes {
			if j := round*lanes + i; j < len(xs) {
				tot += math.Sqrt(xs[j])
			}
		}
		running += tot
		if progress[round] != running {
			t.Errorf("progress[%d] = %v, want %v", round, progress[round], running)
		}
	}
	if math.Abs(running/float64(len(xs))-2.0/3) > 0.05 {
		t.Errorf("mean %v, want about 2/3", running/float64(len(xs)))
	}
}

func TestProgressiveGridStride(t *testing.T) {
	xs := points(37)
	wantDivergence(t, "ProgressiveGridStride", ProgressiveGridStride(xs, 8, math.Sqrt, make([]float64, 5)))
}

var strataCounts = []int{10, 4, 7, 12, 3, 9, 6, 8}

func TestStratified(t *testing.T) {
	const k, seed = 3, 2
	lanes := len(strataCounts)
	var cps []float64
	var est float64
	if err := Stratified(strataCounts, k, seed, math.Exp, &cps, &est); err != nil {
		t.Fatal(err)
	}
	rs := lanesRNG(lanes, seed)
	w := 1 / float64(lanes)
	acc, n := make([]float64, lanes), make([]int, lanes)
	group := func() float64 {
		tot := 0.0
		for i := range lanes {
			tot += w * acc[i] / float64(n[i])
		}
		return tot
	}
	var wantCps []float64
	for round := range slices.Max(strataCounts) {
		for i := range lanes {
			if round < strataCounts[i] {
				acc[i] += math.Exp(float64(i)*w + w*rs[i].Float64())
				n[i]++
			}
		}
		if round%k == k-1 {
			wantCps = append(wantCps, group())
		}
	}
	if !slices.Equal(cps, wantCps) || est != group() {
		t.Errorf("got %v %v, want %v %v", cps, est, wantCps, group())
	}
	if math.Abs(est-(math.E-1)) > 0.05 {
		t.Errorf("estimate %v, want about e-1", est)
	}
}

func TestStratifiedOwnCount(t *testing.T) {
	var cps []float64
	var est float64
	wantDivergence(t, "StratifiedOwnCount", StratifiedOwnCount(strataCounts, 3, 2, math.Exp, &cps, &est))
}

func density(x float64) float64 {
	if x <= -1 || x >= 1 {
		return 0
	}
	return 1 - x*x
}

func TestSelfNormalized(t *testing.T) {
	const lanes, m, a, seed = 16, 2, 5.0, 3
	var est float64
	if err := SelfNormalized(lanes, m, a, seed, density, sq, &est); err != nil {
		t.Fatal(err)
	}
	var num, den float64
	misses := 0
	for i := range lanes {
		r := rng.ForLane(seed, i)
		var sw, swh float64
		for range m {
			x := a * (2*r.Float64() - 1)
			w := density(x)
			sw += w
			swh += w * sq(x)
		}
		num += swh
		den += sw
		misses += b2i(sw == 0)
	}
	if est != num/den {
		t.Errorf("est = %v, want %v", est, num/den)
	}
	if misses == 0 || misses == lanes {
		t.Errorf("%d lanes missed the support: want some, not all", misses)
	}
}

func TestSelfNormalizedSkipMisses(t *testing.T) {
	var est float64
	wantDivergence(t, "SelfNormalizedSkipMisses", SelfNormalizedSkipMisses(16, 2, 5, 3, density, sq, &est))
}

func TestAntithetic(t *testing.T) {
	const lanes, rounds, seed = 8, 25, 4
	var est float64
	if err := Antithetic(lanes, rounds, seed, math.Exp, &est); err != nil {
		t.Fatal(err)
	}
	rs := lanesRNG(lanes, seed)
	s := make([]float64, lanes)
	for range rounds {
		u := make([]float64, lanes)
		for i := range lanes {
			u[i] = rs[i].Float64()
		}
		for i := range lanes {
			v := u[i]
			if i&1 == 1 {
				v = 1 - u[i^1]
			}
			s[i] += math.Exp(v)
		}
	}
	tot := 0.0
	for _, v := range s {
		tot += v
	}
	if want := tot / (rounds * lanes); est != want {
		t.Errorf("est = %v, want %v", est, want)
	}
	if math.Abs(est-(math.E-1)) > 0.02 {
		t.Errorf("estimate %v, want about e-1", est)
	}
}

func TestAntitheticOddFetch(t *testing.T) {
	var est float64
	wantDivergence(t, "AntitheticOddFetch", AntitheticOddFetch(8, 25, 4, math.Exp, &est))
}

func radial(x, y float64) float64 { return x*x + y*y }

func TestDiskAverage(t *testing.T) {
	const lanes, draws, k, seed = 8, 60, 10, 5
	var means []float64
	var mean float64
	if err := DiskAverage(lanes, draws, k, seed, radial, &means, &mean); err != nil {
		t.Fatal(err)
	}
	rs := lanesRNG(lanes, seed)
	acc := make([]Accumulator, lanes)
	var totSum float64
	var totN int
	flush := func() {
		var s float64
		var n int
		for i := range acc {
			s += acc[i].Sum
			n += acc[i].N
			acc[i] = Accumulator{}
		}
		totSum, totN = totSum+s, totN+n
	}
	var wantMeans []float64
	for d := range draws {
		for i := range lanes {
			x, y := 2*rs[i].Float64()-1, 2*rs[i].Float64()-1
			if x*x+y*y < 1 {
				acc[i].Add(radial(x, y))
			}
		}
		if d%k == k-1 {
			flush()
			wantMeans = append(wantMeans, totSum/float64(totN))
		}
	}
	flush()
	if !slices.Equal(means, wantMeans) || mean != totSum/float64(totN) {
		t.Errorf("got %v %v, want %v %v", means, mean, wantMeans, totSum/float64(totN))
	}
	if math.Abs(mean-0.5) > 0.05 {
		t.Errorf("mean %v, want about 1/2", mean)
	}
}

func TestDiskAverageFlushFull(t *testing.T) {
	var means []float64
	var mean float64
	wantDivergence(t, "DiskAverageFlushFull", DiskAverageFlushFull(8, 60, 10, 5, radial, &means, &mean))
}

var integrands = map[string]Integrand{
	"sq":  {F: sq},
	"sin": {F: func(x float64) float64 { return math.Sin(math.Pi * x) }, TrackPeak: true},
	"exp": {F: math.Exp},
	"inv": {F: func(x float64) float64 { return 1 / (1 + x) }, TrackPeak: true},
}

func TestSeveral(t *testing.T) {
	const lanes, m, seed = 16, 20, 6
	names := slices.Sorted(maps.Keys(integrands))
	means, peaks := map[string]float64{}, map[string]float64{}
	if err := Several(lanes, m, seed, names, integrands, means, peaks); err != nil {
		t.Fatal(err)
	}
	xs := make([][]float64, lanes)
	for i := range lanes {
		r := rng.ForLane(seed, i)
		for range m {
			xs[i] = append(xs[i], r.Float64())
		}
	}
	for _, name := range names {
		it := integrands[name]
		tot, pk := 0.0, math.Inf(-1)
		for i := range lanes {
			s := 0.0
			for _, x := range xs[i] {
				v := it.F(x)
				s += v
				pk = max(pk, v)
			}
			tot += s
		}
		if want := tot / (m * lanes); means[name] != want {
			t.Errorf("means[%s] = %v, want %v", name, means[name], want)
		}
		if got, ok := peaks[name]; ok != it.TrackPeak || (ok && got != pk) {
			t.Errorf("peaks[%s] = %v (%v), want %v (%v)", name, got, ok, pk, it.TrackPeak)
		}
	}
}

// The lanes' map orders are random: in a rare run they agree on which
// integrands track a peak at each step, and the lanes still meet. Try a
// few runs.
func TestSeveralMapOrder(t *testing.T) {
	names := slices.Sorted(maps.Keys(integrands))
	var err error
	for range 20 {
		err = SeveralMapOrder(16, 20, 6, names, integrands, map[string]float64{}, map[string]float64{})
		if err != nil {
			break
		}
	}
	wantDivergence(t, "SeveralMapOrder", err)
}

func invSqrt(x float64) float64 { return 1 / math.Sqrt(x) }

func TestShiftedLattice(t *testing.T) {
	const lanes, reps, limit, seed = 16, 6, 5.0, 7
	ests := make([]float64, reps)
	if err := ShiftedLattice(lanes, reps, limit, seed, invSqrt, ests); err != nil {
		t.Fatal(err)
	}
	r0 := rng.ForLane(seed, 0)
	outliers := 0
	for rep := range reps {
		shift := r0.Float64()
		tot := 0.0
		for i := range lanes {
			v := invSqrt(frac(float64(i)/lanes + shift))
			if v > limit {
				v = 0
				outliers++
			}
			tot += v
		}
		if want := tot / lanes; ests[rep] != want {
			t.Errorf("ests[%d] = %v, want %v", rep, ests[rep], want)
		}
	}
	if outliers == 0 {
		t.Errorf("no outliers: the test does not exercise the limit")
	}
}

func TestShiftedLatticeSkipOutliers(t *testing.T) {
	wantDivergence(t, "ShiftedLatticeSkipOutliers", ShiftedLatticeSkipOutliers(16, 6, 5, 7, invSqrt, make([]float64, 6)))
}

func TestBatches(t *testing.T) {
	const lanes, nb, k, seed = 8, 5, 30, 8
	est := make([]float64, nb)
	if err := Batches(lanes, nb, k, seed, math.Sqrt, est); err != nil {
		t.Fatal(err)
	}
	rs := lanesRNG(lanes, seed)
	for b := range nb {
		tot := 0.0
		for i := range lanes {
			s := 0.0
			for range k {
				s += math.Sqrt(rs[i].Float64())
			}
			tot += s
		}
		if want := tot / (k * lanes); est[b] != want {
			t.Errorf("est[%d] = %v, want %v", b, est[b], want)
		}
	}
}

func TestBatchesLeftover(t *testing.T) {
	wantDivergence(t, "BatchesLeftover", BatchesLeftover(8, 5, 3, 30, 8, math.Sqrt, make([]float64, 6)))
}
