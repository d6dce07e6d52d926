package rng

import (
	"errors"
	"math"
	"math/bits"
	"slices"
	"testing"

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

func ramp(n int) []float64 {
	d := make([]float64, n)
	for i := range d {
		d[i] = float64(i*i%7) - 3
	}
	return d
}

func TestStochasticSmooth(t *testing.T) {
	const n, rounds, p, seed = 16, 12, 0.5, 42
	data := ramp(n)
	want := slices.Clone(data)
	r := New(seed)
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
	if smoothed == 0 || smoothed == rounds {
		t.Fatalf("seed gives a degenerate test: %d smoothing rounds", smoothed)
	}
	if err := StochasticSmooth(data, rounds, p, seed); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(data, want) {
		t.Errorf("got %v, want %v", data, want)
	}
}

func TestStochasticSmoothPerLane(t *testing.T) {
	wantDivergence(t, "StochasticSmoothPerLane", StochasticSmoothPerLane(ramp(16), 12, 0.5, 42))
}

func bumpy(x float64) float64 { return math.Sin(13*x) + 2*(x-0.7)*(x-0.7) }

// climbRef simulates HillClimbRestarts lane by lane in lock step.
func climbRef(lanes, steps int, pRestart float64, seed uint64, f func(float64) float64) (float64, float64) {
	rs := make([]XorShift, lanes)
	xs := make([]float64, lanes)
	fs := make([]float64, lanes)
	for i := range lanes {
		rs[i] = ForLane(seed, i)
		xs[i] = rs[i].Float64()
		fs[i] = f(xs[i])
	}
	argmin := func() int {
		w := 0
		for i := range lanes {
			if fs[i] < fs[w] {
				w = i
			}
		}
		return w
	}
	for range steps {
		for i := range lanes {
			y := frac(xs[i] + 0.1*(rs[i].Float64()-0.5))
			if fy := f(y); fy < fs[i] {
				xs[i], fs[i] = y, fy
			}
		}
		c := 0.0
		for i := range lanes {
			u := rs[i].Float64()
			if i == 0 {
				c = u
			}
		}
		if c < pRestart {
			w := argmin()
			for i := range lanes {
				xs[i], fs[i] = xs[w], fs[w]
			}
		}
	}
	w := argmin()
	return xs[w], fs[w]
}

func TestHillClimbRestarts(t *testing.T) {
	const lanes, steps, p, seed = 8, 40, 0.2, 7
	x, fx, err := HillClimbRestarts(lanes, steps, p, seed, bumpy)
	if err != nil {
		t.Fatal(err)
	}
	wx, wf := climbRef(lanes, steps, p, seed, bumpy)
	if x != wx || fx != wf {
		t.Errorf("got (%v, %v), want (%v, %v)", x, fx, wx, wf)
	}
	if fx > bumpy(0.5) {
		t.Errorf("climb ended above a naive guess: f=%v", fx)
	}
}

func TestHillClimbRestartsLocalCoin(t *testing.T) {
	_, _, err := HillClimbRestartsLocalCoin(8, 40, 0.2, 7, bumpy)
	wantDivergence(t, "HillClimbRestartsLocalCoin", err)
}

func latticeRef(n int, lo, hi float64, seed uint64) []float64 {
	rs := make([]XorShift, n)
	for i := range rs {
		rs[i] = ForLane(seed, i)
	}
	shared := func() float64 {
		v := 0.0
		for i := range rs {
			u := rs[i].Float64()
			if i == 0 {
				v = u
			}
		}
		return v
	}
	out := make([]float64, n)
	for {
		s := shared()
		bad := false
		for i := range out {
			out[i] = frac(float64(i)/float64(n) + s)
			bad = bad || (lo <= out[i] && out[i] < hi)
		}
		if !bad {
			return out
		}
	}
}

// firstLatticePoint returns where lane i's point lands with the first shift.
func firstLatticePoint(n, i int, seed uint64) float64 {
	r := ForLane(seed, 0)
	return frac(float64(i)/float64(n) + r.Float64())
}

func TestLatticeAvoiding(t *testing.T) {
	const n, seed = 16, 99
	x3 := firstLatticePoint(n, 3, seed)
	lo, hi := x3-0.01, x3+0.01 // the first shift is rejected
	out := make([]float64, n)
	if err := LatticeAvoiding(out, lo, hi, seed); err != nil {
		t.Fatal(err)
	}
	want := latticeRef(n, lo, hi, seed)
	if !slices.Equal(out, want) {
		t.Errorf("got %v, want %v", out, want)
	}
	for i, x := range out {
		if lo <= x && x < hi {
			t.Errorf("point %d = %v is in [%v, %v)", i, x, lo, hi)
		}
	}
}

func TestLatticeAvoidingPerLane(t *testing.T) {
	const n, seed = 16, 99
	x3 := firstLatticePoint(n, 3, seed)
	out := make([]float64, n)
	wantDivergence(t, "LatticeAvoidingPerLane", LatticeAvoidingPerLane(out, x3-0.01, x3+0.01, seed))
}

func matrix(rows, cols int, zeroRow int) []float64 {
	m := make([]float64, rows*cols)
	for i := range m {
		if i/cols != zeroRow {
			m[i] = float64(i%5 + 1)
		}
	}
	return m
}

func TestDropoutRows(t *testing.T) {
	const rows, cols, keep, seed = 8, 10, 0.6, 5
	m := matrix(rows, cols, 2)
	want := slices.Clone(m)
	for i := range rows {
		r := ForLane(seed, 0)
		for j := range cols {
			if r.Bernoulli(keep) {
				want[i*cols+j] /= keep
			} else {
				want[i*cols+j] = 0
			}
		}
	}
	if err := DropoutRows(m, rows, cols, keep, seed); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(m, want) {
		t.Errorf("got %v, want %v", m, want)
	}
	// The same mask in every row.
	for i := 1; i < rows; i++ {
		for j := range cols {
			if (m[j] == 0) != (m[i*cols+j] == 0) && i != 2 {
				t.Errorf("row %d column %d: mask differs from row 0", i, j)
			}
		}
	}
}

func TestDropoutRowsSkipZero(t *testing.T) {
	m := matrix(8, 10, 2)
	wantDivergence(t, "DropoutRowsSkipZero", DropoutRowsSkipZero(m, 8, 10, 0.6, 5))
}

func TestSelfTestMean(t *testing.T) {
	budget := []int{100, 250, 0, 80, 300, 10, 120, 140}
	const seed = 3
	var sum float64
	var total int
	for i, b := range budget {
		r := ForLane(seed, i)
		var s float64
		for range b {
			s += r.Float64()
		}
		sum += s
		total += b
	}
	var mean float64
	if err := SelfTestMean(budget, seed, &mean); err != nil {
		t.Fatal(err)
	}
	if want := sum / float64(total); mean != want {
		t.Errorf("mean = %v, want %v", mean, want)
	}
	if math.Abs(mean-0.5) > 0.05 {
		t.Errorf("mean = %v, far from 1/2", mean)
	}
}

func TestSelfTestMeanSkipIdle(t *testing.T) {
	var mean float64
	budget := []int{100, 250, 0, 80, 300, 10, 120, 140}
	wantDivergence(t, "SelfTestMeanSkipIdle", SelfTestMeanSkipIdle(budget, 3, &mean))
}

func TestMaxTrace(t *testing.T) {
	const lanes, draws, seed = 8, 20, 11
	trace := make([]float64, draws)
	if err := MaxTrace(lanes, draws, seed, trace); err != nil {
		t.Fatal(err)
	}
	rs := make([]XorShift, lanes)
	for i := range rs {
		rs[i] = ForLane(seed, i)
	}
	best := 0.0
	for j := range draws {
		for i := range rs {
			best = max(best, rs[i].Float64())
		}
		if trace[j] != best {
			t.Errorf("trace[%d] = %v, want %v", j, trace[j], best)
		}
	}
}

func TestMaxTraceBudgets(t *testing.T) {
	trace := make([]float64, 20)
	budget := []int{20, 20, 15, 20, 20, 20, 20, 20}
	wantDivergence(t, "MaxTraceBudgets", MaxTraceBudgets(budget, 11, trace))
}

func reflectRef(x []float64, width float64, steps int, pCenter float64, seed uint64) []float64 {
	n := len(x)
	p := slices.Clone(x)
	own := make([]XorShift, n)
	for i := range own {
		own[i] = ForLane(seed, i)
	}
	g := New(seed)
	for range steps {
		e := 0.0
		for i := range p {
			p[i] += 2 * (own[i].Float64() - 0.5)
		}
		e = g.Float64()
		for i := range p {
			if p[i] < 0 {
				p[i] = -p[i] * e
			} else if p[i] >= width {
				p[i] = width - (p[i]-width)*e
			}
		}
		if g.Bernoulli(pCenter) {
			var s float64
			for _, v := range p {
				s += v
			}
			mean := s / float64(n)
			for i := range p {
				p[i] += width/2 - mean
			}
		}
	}
	return p
}

func TestReflectAndRecenter(t *testing.T) {
	x := []float64{0.2, 0.5, 9.8, 3, 4, 5, 0.1, 9.9}
	want := reflectRef(x, 10, 30, 0.3, 17)
	if err := ReflectAndRecenter(x, 10, 30, 0.3, 17); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(x, want) {
		t.Errorf("got %v, want %v", x, want)
	}
}

func TestReflectAndRecenterLazyDraw(t *testing.T) {
	x := []float64{0.2, 0.5, 9.8, 3, 4, 5, 0.1, 9.9}
	wantDivergence(t, "ReflectAndRecenterLazyDraw", ReflectAndRecenterLazyDraw(x, 10, 30, 0.3, 17))
}

func chainsRef(state []float64, steps int, p float64, seed uint64) ([]float64, []float64) {
	s := slices.Clone(state)
	own := make([]PCG32, len(s))
	for i := range own {
		own[i] = NewPCG(seed, uint64(i)+1)
	}
	group := NewPCG(seed, 0)
	var trace []float64
	for range steps {
		for i := range s {
			s[i] = 0.9*s[i] + own[i].Float64()
		}
		if group.Float64() < p {
			var sum float64
			for _, v := range s {
				sum += v
			}
			trace = append(trace, sum/float64(len(s)))
		}
	}
	return s, trace
}

func TestChainsRunShared(t *testing.T) {
	c := &Chains{State: make([]float64, 8), Steps: 50, PRecord: 0.25, Seed: 21}
	ws, wt := chainsRef(c.State, c.Steps, c.PRecord, c.Seed)
	if err := c.RunShared(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.State, ws) || !slices.Equal(c.Trace, wt) {
		t.Errorf("got %v %v, want %v %v", c.State, c.Trace, ws, wt)
	}
	if len(c.Trace) == 0 {
		t.Error("no step was recorded")
	}
}

func TestChainsRunLocal(t *testing.T) {
	c := &Chains{State: make([]float64, 8), Steps: 50, PRecord: 0.25, Seed: 21}
	wantDivergence(t, "Chains.RunLocal", c.RunLocal())
}

func TestDecorrelateStreams(t *testing.T) {
	const n, seed = 8, 1234
	out := make([]uint64, n)
	if err := DecorrelateStreams(out, seed); err != nil {
		t.Fatal(err)
	}
	rs := make([]XorShift, n)
	for i := range rs {
		rs[i] = ForLane(seed, i)
	}
	for m := 1; m < n; m <<= 1 {
		old := slices.Clone(rs)
		for i := range rs {
			rs[i].S ^= SplitMix64(old[i^m].S)
			if rs[i].S == 0 {
				rs[i].S = 1
			}
		}
	}
	for i := range rs {
		if w := rs[i].Next(); out[i] != w {
			t.Errorf("out[%d] = %x, want %x", i, out[i], w)
		}
	}
	s := slices.Clone(out)
	slices.Sort(s)
	if len(slices.Compact(s)) != n {
		t.Errorf("streams collide: %x", out)
	}
}

func TestDecorrelateStreamsEarlyOut(t *testing.T) {
	// Make sure the seed splits the lanes at the first check.
	const n, seed = 8, 1234
	in, out := 0, 0
	for i := range n {
		if c := bits.OnesCount64(ForLane(seed, i).S); 30 <= c && c <= 34 {
			in++
		} else {
			out++
		}
	}
	t.Logf("balanced lanes at the first check: %d of %d", in, in+out)
	wantDivergence(t, "DecorrelateStreamsEarlyOut", DecorrelateStreamsEarlyOut(make([]uint64, n), seed))
}
