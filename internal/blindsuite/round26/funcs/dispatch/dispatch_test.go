package dispatch

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, name string, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Errorf("%s: err = %v, want a *spmd.DivergenceError", name, err)
		return
	}
	t.Logf("%s: %v", name, de)
}

func wantNil(t *testing.T, name string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9*max(1, math.Abs(a), math.Abs(b)) }

var samples = []float64{4, -1, 9, 2, 0, 7, 3, 5}

func TestChannelStat(t *testing.T) {
	for op, want := range map[string]float64{"sum": 29, "min": -1, "max": 9} {
		got, err := ChannelStat(samples, op)
		wantNil(t, "ChannelStat "+op, err)
		if got != want {
			t.Errorf("%s = %v, want %v", op, got, want)
		}
	}
	_, err := ChannelStats(samples, []string{"sum", "max"})
	wantDivergence(t, "ChannelStats", err)
}

func TestEnhance(t *testing.T) {
	sig := []float64{1, 0.05, 3, 0.5, 2, 0.2, 4, 1}
	got, err := Enhance(sig, 0)
	wantNil(t, "Enhance", err)
	if !near(got[0], (1+1+0.05)/3) || !near(got[7], (4+1+1)/3.0) || !near(got[3], (3+0.5+2)/3) {
		t.Errorf("blur = %v", got)
	}
	got, err = Enhance(sig, 2)
	wantNil(t, "Enhance clip", err)
	if got[1] != 0 || got[2] != 3 {
		t.Errorf("clip = %v", got)
	}
	got, err = Enhance(sig, 4)
	wantNil(t, "Enhance sharpen", err)
	m := 11.75 / 8
	if !near(got[2], 3+0.5*(3-m)) {
		t.Errorf("sharpen = %v", got)
	}
	_, err = EnhanceStriped(sig)
	wantDivergence(t, "EnhanceStriped", err)
}

func TestForward(t *testing.T) {
	in := []float64{1, 2, 3, 4}
	net := []Layer{Dense([]float64{1, 0, 2, 1}), Normalize()}
	got, err := Forward(net, in)
	wantNil(t, "Forward", err)
	if want := []float64{1.0 / 11, 0, 6.0 / 11, 4.0 / 11}; !slices.EqualFunc(got, want, near) {
		t.Errorf("forward = %v, want %v", got, want)
	}
	_, err = ForwardPruned(net, in)
	wantDivergence(t, "ForwardPruned", err)
}

func TestAggregate(t *testing.T) {
	got, err := Aggregate(samples, "max")
	wantNil(t, "Aggregate", err)
	if got != 9 {
		t.Errorf("max = %v", got)
	}
	got, err = Aggregate(samples, "sum")
	wantNil(t, "Aggregate", err)
	if got != 29 {
		t.Errorf("sum = %v", got)
	}
	_, err = AggregateMixed(samples, []string{"sum", "max"})
	wantDivergence(t, "AggregateMixed", err)
}

func TestWeightedTotals(t *testing.T) {
	w := []float64{1, 0, 2, 1}
	xs := []float64{1, 2, 3}
	got, err := WeightedTotals(w, xs)
	wantNil(t, "WeightedTotals", err)
	// every lane's total is sum over x of x*sum(w) = 6*4
	for i, v := range got {
		if v != 24 {
			t.Errorf("total[%d] = %v", i, v)
		}
	}
	_, err = WeightedTotalsActive(w, xs)
	wantDivergence(t, "WeightedTotalsActive", err)
}

func newSim(active []bool) *sim {
	n := len(active)
	s := &sim{pos: make([]float64, n), vel: make([]float64, n), active: active, dt: 0.5}
	for i := range n {
		s.pos[i] = float64(i)
		s.vel[i] = float64((i*3)%5) - 2
	}
	return s
}

func TestSimulate(t *testing.T) {
	act := []bool{true, true, false, true, true, true}
	s := newSim(act)
	ref := newSim(act)
	wantNil(t, "Simulate", Simulate(s, 3))
	// the same on the host
	for range 3 {
		for i := range ref.pos {
			ref.pos[i] += ref.vel[i] * ref.dt
		}
		old := slices.Clone(ref.pos)
		for i := 1; i < len(old); i++ {
			if old[i] < old[i-1] {
				ref.vel[i] = -ref.vel[i]
			}
		}
		e := 0.0
		for _, v := range ref.vel {
			e += 0.5 * v * v
		}
		ref.energy = e
	}
	if !slices.Equal(s.pos, ref.pos) || !slices.Equal(s.vel, ref.vel) || s.energy != ref.energy {
		t.Errorf("sim = %v %v %v, want %v %v %v", s.pos, s.vel, s.energy, ref.pos, ref.vel, ref.energy)
	}
	wantDivergence(t, "SimulateFrozen", SimulateFrozen(newSim(act), 3))
}

func TestExec(t *testing.T) {
	prog := []instr{{"load", 1}, {"add", 1}, {"sync", 0}, {"loop", 2}, {"max", 0}}
	got, err := Exec(prog, 4)
	wantNil(t, "Exec", err)
	// lane i: load i, add 1 three times in all -> i+1 after the last loop, then max -> 4
	for i, v := range got {
		if v != 4 {
			t.Errorf("acc[%d] = %v", i, v)
		}
	}
	prog = []instr{{"load", 1}, {"add", 1}, {"sum", 0}}
	got, err = Exec(prog, 4)
	wantNil(t, "Exec sum", err)
	if got[0] != 10 || got[3] != 10 {
		t.Errorf("sum = %v", got)
	}
	_, err = ExecSkip([]instr{{"load", 1}, {"skipodd", 0}, {"sum", 0}, {"sync", 0}}, 4)
	wantDivergence(t, "ExecSkip", err)
}

func TestNormalize(t *testing.T) {
	sig := []float64{1, -2, 3, -4}
	got, err := NormalizeBy(sig, "l1")
	wantNil(t, "NormalizeBy", err)
	if !slices.EqualFunc(got, []float64{0.1, -0.2, 0.3, -0.4}, near) {
		t.Errorf("l1 = %v", got)
	}
	got, err = NormalizeBy(sig, "max")
	wantNil(t, "NormalizeBy", err)
	if !slices.EqualFunc(got, []float64{0.25, -0.5, 0.75, -1}, near) {
		t.Errorf("max = %v", got)
	}
	_, err = NormalizeSplit(sig)
	wantDivergence(t, "NormalizeSplit", err)
}

func TestScore(t *testing.T) {
	w := []float64{1, -1, 0, 2}
	xs := []float64{3, 4, 5, 6}
	s, err := Score(w, xs)
	wantNil(t, "Score", err)
	if s != 3-4+12 {
		t.Errorf("score = %v", s)
	}
	_, err = ScorePositive(w, xs)
	wantDivergence(t, "ScorePositive", err)
}

func TestJob(t *testing.T) {
	center := func(l spmd.Lane, v float64) float64 {
		return v - spmd.ReduceAdd(l, v)/float64(l.Count())
	}
	got, err := RunJob(job{data: []float64{1, 2, 3}, hook: center})
	wantNil(t, "RunJob", err)
	if !slices.Equal(got, []float64{-2, 0, 2}) {
		t.Errorf("job = %v", got)
	}
	got, err = RunJob(job{data: []float64{1, 2, 3}})
	wantNil(t, "RunJob nil", err)
	if !slices.Equal(got, []float64{2, 4, 6}) {
		t.Errorf("job = %v", got)
	}
	_, err = RunJobHooks([]float64{1, 2, 3}, []func(spmd.Lane, float64) float64{center, nil, center})
	wantDivergence(t, "RunJobHooks", err)
}

func TestRowMedians(t *testing.T) {
	rows := [][]float64{
		{1, 2, 3, 4, 5},
		{5, 4, 3, 2, 1},
		{9, -3, 7, 0, 2},
		{2, 8, 1, 6, 4},
	}
	got, err := RowMedians(rows)
	wantNil(t, "RowMedians", err)
	if want := []float64{3, 3, 2, 4}; !slices.Equal(got, want) {
		t.Errorf("medians = %v", got)
	}
	_, err = RowMediansInline(rows)
	wantDivergence(t, "RowMediansInline", err)
}

func TestSolve(t *testing.T) {
	c := []float64{1, -1, 2, -2, 3, -3}
	s := solver{
		residual: func(l spmd.Lane, x float64) float64 {
			mean := spmd.ReduceAdd(l, x) / float64(l.Count())
			return x - c[l.Index()] - 0.1*mean
		},
		step: 0.5, tol: 1e-9, maxIter: 200,
	}
	x0 := []float64{1, 0, 3, -2, 2.5, -3.5}
	got, err := Solve(s, x0)
	wantNil(t, "Solve", err)
	for i := range got {
		if math.Abs(got[i]-c[i]) > 1e-6 {
			t.Errorf("x[%d] = %v, want %v", i, got[i], c[i])
		}
	}
	x0 = []float64{1, 0, 3, -2, 2.5, -4.5} // mean 0: lane 0 starts at its solution
	_, err = SolveEach(s, x0)
	wantDivergence(t, "SolveEach", err)
}

func TestGrid(t *testing.T) {
	g := &grid{cells: []float64{0, 0, 0, 3, 6, 0}, next: make([]float64, 6)}
	wantNil(t, "Step", g.Step())
	if want := []float64{0, 0, 1, 3, 3, 2}; !slices.Equal(g.cells, want) || g.total != 9 {
		t.Errorf("grid = %v total %v", g.cells, g.total)
	}
	g = &grid{cells: []float64{0, 0, 0, 3, 6, 0}, next: make([]float64, 6)}
	wantDivergence(t, "StepOccupied", g.StepOccupied())
}
