package apps

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

func TestProcess(t *testing.T) {
	row := []float64{1, 3, 2, 5}
	alpha := []float64{1, 1, 0, 1}
	filters := []Filter{Gain(2), AutoLevel()}
	got, err := Process(row, alpha, filters)
	wantNil(t, "Process", err)
	if want := []float64{0, 0.5, 0, 1}; !slices.EqualFunc(got, want, near) {
		t.Errorf("process = %v", got)
	}
	got, err = Process(row, []float64{1, 1, 1, 1}, []Filter{BoxBlur()})
	wantNil(t, "Process blur", err)
	if want := []float64{5.0 / 3, 2, 10.0 / 3, 4}; !slices.EqualFunc(got, want, near) {
		t.Errorf("blur = %v", got)
	}
	_, err = ProcessOpaque(row, alpha, filters)
	wantDivergence(t, "ProcessOpaque", err)
}

func TestStep(t *testing.T) {
	ps := []Particle{{X: 0}, {X: 2}, {X: 4}, {X: 10}}
	wantNil(t, "StepAs", StepAs(ps, "charged", 1))
	// mean 4: a = 4, 2, 0, -6
	if ps[0].X != 4 || ps[1].V != 2 || ps[3].X != 4 {
		t.Errorf("step = %+v", ps)
	}
	wantNil(t, "StepAs heavy", StepAs(ps, "heavy", 1))
	if ps[2].V != -1 {
		t.Errorf("heavy = %+v", ps)
	}
	mixed := []Particle{{X: 0, Species: "charged"}, {X: 1, Species: "heavy"}, {X: 3, Species: "charged"}}
	wantDivergence(t, "StepMixed", StepMixed(mixed, 1))
}

func TestKMeans(t *testing.T) {
	pts := []float64{1, 2, 9, 11, 3, 10}
	got, err := KMeansStep(pts, []float64{0, 8})
	wantNil(t, "KMeansStep", err)
	if !slices.Equal(got, []float64{2, 10}) {
		t.Errorf("centroids = %v", got)
	}
	_, err = KMeansStepEarly(pts, []float64{0, 8})
	wantDivergence(t, "KMeansStepEarly", err)
}

func TestHeat(t *testing.T) {
	u0 := []float64{10, 0, 0, 0, 0}
	got, err := Heat1D(u0, 0.25, 2)
	wantNil(t, "Heat1D", err)
	ref := slices.Clone(u0)
	for range 2 {
		old := slices.Clone(ref)
		for i := 1; i < len(ref)-1; i++ {
			ref[i] = old[i] + 0.25*(old[i-1]-2*old[i]+old[i+1])
		}
	}
	if !slices.EqualFunc(got, ref, near) {
		t.Errorf("heat = %v, want %v", got, ref)
	}
	_, err = Heat1DEnds(u0, 0.25, 2)
	wantDivergence(t, "Heat1DEnds", err)
}

var ring = Graph{
	In:     [][]int{{2, 3}, {0}, {1, 0}, {2}},
	OutDeg: []int{2, 1, 2, 1},
}

// star has a node (3) without in-links, whose rank settles at once.
var star = Graph{
	In:     [][]int{{1, 2, 3}, {0}, {0}, {}},
	OutDeg: []int{2, 1, 1, 1},
}

func TestPageRank(t *testing.T) {
	got, err := PageRank(ring, 0.85, 1e-12, 1000)
	wantNil(t, "PageRank", err)
	sum := 0.0
	for _, r := range got {
		sum += r
	}
	if !near(sum, 1) {
		t.Errorf("ranks %v sum to %v", got, sum)
	}
	// fixed point: r = (1-d)/n + d * sum over in-links
	for i, in := range ring.In {
		s := 0.0
		for _, j := range in {
			s += got[j] / float64(ring.OutDeg[j])
		}
		if math.Abs(got[i]-(0.15/4+0.85*s)) > 1e-9 {
			t.Errorf("rank[%d] = %v is not a fixed point", i, got[i])
		}
	}
	got, err = PageRank(star, 0.85, 1e-12, 1000)
	wantNil(t, "PageRank star", err)
	if !near(got[3], 0.15/4) || !near(got[1], got[2]) {
		t.Errorf("star ranks = %v", got)
	}
	_, err = PageRankLocal(star, 0.85, 1e-12, 1000)
	wantDivergence(t, "PageRankLocal", err)
}

func TestMatVecRows(t *testing.T) {
	const rows, n, lanes = 3, 10, 4
	A := make([]float64, rows*n)
	x := make([]float64, n)
	for i := range A {
		A[i] = float64(i%5) - 1
	}
	for i := range x {
		x[i] = float64(i%3) + 1
	}
	y, err := MatVecRows(A, rows, n, x, lanes)
	wantNil(t, "MatVecRows", err)
	for r := range rows {
		s := 0.0
		for k := range n {
			s += A[r*n+k] * x[k]
		}
		if !near(y[r], s) {
			t.Errorf("y[%d] = %v, want %v", r, y[r], s)
		}
	}
	_, err = MatVecRowsIdle(A, rows, n, x, lanes)
	wantDivergence(t, "MatVecRowsIdle", err)
}

func TestBench(t *testing.T) {
	s, m, err := RunBench(7)
	wantNil(t, "RunBench", err)
	// (i*5)%7 - 2 for i = 0..6: 0,5,3,1,6,4,2 minus 2
	if s != 21-14 || m != 4 {
		t.Errorf("bench = %v, %v", s, m)
	}
	_, _, err = RunBenchPositive(7)
	wantDivergence(t, "RunBenchPositive", err)
}

func TestLetters(t *testing.T) {
	lines := []string{"the quick brown", "fox", "jumps over the lazy dog", ""}
	n, err := TotalLetters(lines)
	wantNil(t, "TotalLetters", err)
	if n != 13+3+19 {
		t.Errorf("letters = %d", n)
	}
	_, err = TotalLettersEach(lines)
	wantDivergence(t, "TotalLettersEach", err)
}

func TestMonteCarlo(t *testing.T) {
	pi, err := EstimatePi(8, 20000, 1)
	wantNil(t, "EstimatePi", err)
	if math.Abs(pi-math.Pi) > 0.05 {
		t.Errorf("pi = %v", pi)
	}
	r, err := Retries(8, 0.5, 100, 7)
	wantNil(t, "Retries", err)
	if r < 1 || r > 100 {
		t.Errorf("rounds = %d", r)
	}
	r, err = Retries(8, 0, 100, 7)
	wantNil(t, "Retries never failing", err)
	if r != 0 {
		t.Errorf("rounds = %d", r)
	}
	_, err = RetriesLocal(8, 0.5, 100, 7)
	wantDivergence(t, "RetriesLocal", err)
}

func TestTopK(t *testing.T) {
	got, err := TopK([]float64{3, 9, 1, 7, 5}, 3)
	wantNil(t, "TopK", err)
	if !slices.Equal(got, []float64{9, 7, 5}) {
		t.Errorf("top = %v", got)
	}
	_, err = TopKLeave([]float64{3, 9, 1, 7, 5}, 3)
	wantDivergence(t, "TopKLeave", err)
}

func TestDashboard(t *testing.T) {
	s := []float64{2, 8, -1, 4}
	for metric, want := range map[string]float64{"sum": 13, "min": -1, "max": 8} {
		got, err := Dashboard(s, metric)
		wantNil(t, "Dashboard "+metric, err)
		if got != want {
			t.Errorf("%s = %v", metric, got)
		}
	}
	_, err := DashboardPanels(s, []string{"sum", "min"})
	wantDivergence(t, "DashboardPanels", err)
}
