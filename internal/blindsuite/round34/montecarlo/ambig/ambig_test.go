package ambig

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

func TestSyncedCoinSmooth(t *testing.T) {
	const n, rounds, p, seed = 16, 12, 0.5, 42
	data := make([]float64, n)
	for i := range data {
		data[i] = float64(i * i % 7)
	}
	want := slices.Clone(data)
	r := rng.ForLane(seed, 0) // every lane draws lane 0's stream
	smoothed := 0
	for range rounds {
		if r.Bernoulli(p) {
			smoothed++
			next := make([]float64, n)
			for i := range n {
				next[i] = (want[max(i-1, 0)] + want[i] + want[min(i+1, n-1)]) / 3
			}
			want = next
		}
	}
	if err := SyncedCoinSmooth(data, rounds, p, seed); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(data, want) || smoothed == 0 {
		t.Errorf("got %v, want %v (%d smoothing rounds)", data, want, smoothed)
	}
}

func TestDiskRoundsLog(t *testing.T) {
	const n, k, seed = 8, 2, 25
	xs, ys := make([]float64, n), make([]float64, n)
	var log []int
	if err := DiskRoundsLog(xs, ys, k, seed, &log); err != nil {
		t.Fatal(err)
	}
	rs := make([]rng.XorShift, n)
	done := make([]bool, n)
	for i := range rs {
		rs[i] = rng.ForLane(seed, i)
	}
	var want []int
	for round := 0; slices.Contains(done, false); round++ {
		if round%k == 0 {
			c := 0
			for _, d := range done {
				c += b2i(!d)
			}
			want = append(want, c)
		}
		for i := range n {
			if !done[i] {
				x, y := 2*rs[i].Float64()-1, 2*rs[i].Float64()-1
				if x*x+y*y < 1 {
					done[i] = true
					if xs[i] != x || ys[i] != y {
						t.Errorf("lane %d: (%v, %v), want (%v, %v)", i, xs[i], ys[i], x, y)
					}
				}
			}
		}
	}
	if !slices.Equal(log, want) {
		t.Errorf("log = %v, want %v", log, want)
	}
}

func TestUnevenSamples(t *testing.T) {
	const lanes, k, seed = 8, 20, 3
	var est float64
	if err := UnevenSamples(lanes, k, seed, math.Sqrt, &est); err != nil {
		t.Fatal(err)
	}
	tot := 0.0
	for i := range lanes {
		r := rng.ForLane(seed, i)
		kk := k + i%2
		s := 0.0
		for range kk {
			s += math.Sqrt(r.Float64())
		}
		tot += s / float64(kk)
	}
	if want := tot / lanes; est != want {
		t.Errorf("est = %v, want %v", est, want)
	}
}

var integrands = map[string]Integrand{
	"sq":  {F: func(x float64) float64 { return x * x }},
	"sin": {F: func(x float64) float64 { return math.Sin(math.Pi * x) }, TrackPeak: true},
	"exp": {F: math.Exp},
	"inv": {F: func(x float64) float64 { return 1 / (1 + x) }, TrackPeak: true},
}

func TestSeveralSorted(t *testing.T) {
	const lanes, m, seed = 16, 20, 6
	means, peaks := map[string]float64{}, map[string]float64{}
	if err := SeveralSorted(lanes, m, seed, integrands, means, peaks); err != nil {
		t.Fatal(err)
	}
	for _, name := range slices.Sorted(maps.Keys(integrands)) {
		it := integrands[name]
		tot, pk := 0.0, math.Inf(-1)
		for i := range lanes {
			r := rng.ForLane(seed, i)
			s := 0.0
			for range m {
				v := it.F(r.Float64())
				s += v
				pk = max(pk, v)
			}
			tot += s
		}
		if want := tot / (m * lanes); means[name] != want {
			t.Errorf("means[%s] = %v, want %v", name, means[name], want)
		}
		if got, ok := peaks[name]; ok != it.TrackPeak || (ok && got != pk) {
			t.Errorf("peaks[%s] = %v, want %v", name, got, pk)
		}
	}
}

func TestRetryLaneCoins(t *testing.T) {
	var log []int
	wantDivergence(t, "RetryLaneCoins", RetryLaneCoins(make([]int, 8), 0.5, 4, &log))
}

func TestRetrySharedCoins(t *testing.T) {
	const n, p, seed = 8, 0.3, 4
	tries := make([]int, n)
	var log []int
	if err := RetrySharedCoins(tries, p, seed, &log); err != nil {
		t.Fatal(err)
	}
	c := rng.New(seed)
	want := 1
	for !c.Bernoulli(p) {
		want++
	}
	for i, got := range tries {
		if got != want {
			t.Errorf("tries[%d] = %d, want %d", i, got, want)
		}
	}
	if len(log) != want-1 || (len(log) > 0 && log[0] != n) {
		t.Errorf("log = %v, want %d entries of %d", log, want-1, n)
	}
}

func TestTruncExpRenorm(t *testing.T) {
	for _, cut := range []float64{0.3, 2} {
		const n, seed = 16, 5
		out := make([]float64, n)
		if err := TruncExpRenorm(out, cut, seed); err != nil {
			t.Fatal(err)
		}
		want := make([]float64, n)
		sum := 0.0
		for i := range n {
			r := rng.ForLane(seed, i)
			for {
				if want[i] = r.Exp(); want[i] < cut {
					break
				}
			}
			sum += want[i]
		}
		if 1-math.Exp(-cut) < 0.5 {
			mean := sum / n
			for i := range want {
				want[i] /= mean
			}
		}
		if !slices.Equal(out, want) {
			t.Errorf("cut %v: got %v, want %v", cut, out, want)
		}
	}
}

func recenterRef(x []float64, steps int, pc float64, seed uint64) []float64 {
	pos := slices.Clone(x)
	own := make([]rng.XorShift, len(x))
	for i := range own {
		own[i] = rng.ForLane(seed, i)
	}
	g := rng.New(seed)
	for range steps {
		for i := range pos {
			pos[i] += own[i].Float64() - 0.5
		}
		if g.Bernoulli(pc) {
			s := 0.0
			for _, p := range pos {
				s += p
			}
			mean := s / float64(len(pos))
			for i := range pos {
				pos[i] -= mean
			}
		}
	}
	return pos
}

func TestRecenterWalkers(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	want := recenterRef(x, 20, 0.3, 9)
	if err := RecenterWalkers(x, 20, 0.3, 9); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(x, want) {
		t.Errorf("got %v, want %v", x, want)
	}
}

func TestRecenterWalkersArray(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	want := recenterRef(x, 20, 0.3, 9)
	if err := RecenterWalkersArray(x, 20, 0.3, 9); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(x, want) {
		t.Errorf("got %v, want %v", x, want)
	}
}

func TestRecursiveStrata(t *testing.T) {
	// A spike near 0.3: only the lanes around it refine.
	spike := func(x float64) float64 { return 1 / (0.01 + (x-0.3)*(x-0.3)) }
	var est float64
	var cells []int
	wantDivergence(t, "RecursiveStrata", RecursiveStrata(8, 16, 3, 2, 1, spike, &est, &cells))
	// With a smooth integrand no lane refines and the run is fine.
	cells = nil
	if err := RecursiveStrata(8, 16, 3, 2, 1, math.Sqrt, &est, &cells); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(cells, []int{8}) || math.Abs(est-2.0/3) > 0.05 {
		t.Errorf("smooth: est %v, cells %v; want about 2/3 and [8]", est, cells)
	}
}
