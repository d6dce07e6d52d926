package aggregates

import (
	"errors"
	"math"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("got %v, want a *spmd.DivergenceError", err)
	}
}

func wantNil(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func particles() []Particle {
	return []Particle{
		{Pos: [2]float64{0, 0}, Vel: [2]float64{1, 0}, Mass: 2, Alive: true, Owner: 0},
		{Pos: [2]float64{3, 4}, Vel: [2]float64{0, 2}, Mass: 1, Alive: false, Owner: 1},
		{Pos: [2]float64{1, 1}, Vel: [2]float64{1, 1}, Mass: 4, Alive: true, Owner: 3},
		{Pos: [2]float64{-2, 0}, Vel: [2]float64{3, 0}, Mass: 1, Alive: false, Owner: 1},
	}
}

func TestAliveKinetic(t *testing.T) {
	_, err := AliveKinetic(particles())
	wantDivergence(t, err)
}

func TestDampedKinetic(t *testing.T) {
	ps := particles()
	got, err := DampedKinetic(ps, Params{Dt: 0.5, Damping: 0.2})
	wantNil(t, err)
	want := 0.0
	for _, p := range ps {
		want += kinetic(p) * 0.9 * 0.9
	}
	if !near(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	got, err = DampedKinetic(ps, Params{Dt: 0.5})
	wantNil(t, err)
	if got != 0 {
		t.Errorf("no damping: got %v, want 0", got)
	}
}

var windows = [][4]float64{{4, 3, 2, 1}, {1, 2, 3, 4}, {0, 0, 0, 0}, {9, 1, 1, 2}}

func TestFallingPeak(t *testing.T) {
	_, err := FallingPeak(windows)
	wantDivergence(t, err)
}

func TestFallingTapPeak(t *testing.T) {
	got, err := FallingTapPeak(windows, [4]float64{1, 0, 0, 0.5})
	wantNil(t, err)
	if got != 10 {
		t.Errorf("got %v, want 10", got)
	}
	got, err = FallingTapPeak(windows, [4]float64{0, 0, 0, 1})
	wantNil(t, err)
	if !math.IsInf(got, -1) {
		t.Errorf("rising filter: got %v, want -Inf", got)
	}
}

func TestNonEmptyPeak(t *testing.T) {
	_, err := NonEmptyPeak(windows)
	wantDivergence(t, err)
}

func TestFilteredPeak(t *testing.T) {
	got, err := FilteredPeak(windows, [4]float64{0, 1, 1, 0})
	wantNil(t, err)
	if got != 5 {
		t.Errorf("got %v, want 5", got)
	}
	got, err = FilteredPeak(windows, [4]float64{})
	wantNil(t, err)
	if !math.IsInf(got, -1) {
		t.Errorf("zero filter: got %v, want -Inf", got)
	}
}

var probes = [][2]float64{{0, 0}, {1, 0}, {0, 1}, {2, 2}}

func TestFieldFromOwned(t *testing.T) {
	_, err := FieldFromOwned(particles(), probes)
	wantDivergence(t, err)
}

func TestFieldFromAlive(t *testing.T) {
	ps := particles()
	got, err := FieldFromAlive(ps, probes)
	wantNil(t, err)
	for k, p := range ps {
		want := 0.0
		if p.Alive {
			for _, q := range probes {
				want += p.Mass * math.Hypot(p.Pos[0]-q[0], p.Pos[1]-q[1])
			}
		}
		if !near(got[k], want) {
			t.Errorf("field[%d] = %v, want %v", k, got[k], want)
		}
	}
}

func TestCountOverThreshold(t *testing.T) {
	data := make([]int, 16)
	for j := range data {
		data[j] = j
	}
	_, _, err := CountOverThreshold(data, 10)
	wantDivergence(t, err)
}

func TestCountInRange(t *testing.T) {
	data := make([]int, 16)
	for j := range data {
		data[j] = j
	}
	// counters[i] = i + (i+8) = 2i+8: 8, 10, ..., 22.
	counters, got, err := CountInRange(data, [2]int{10, 16})
	wantNil(t, err)
	if counters[7] != 22 {
		t.Errorf("counters = %v", counters)
	}
	if got != 3 {
		t.Errorf("got %d, want 3", got)
	}
	_, got, err = CountInRange(data, [2]int{16, 10})
	wantNil(t, err)
	if got != 0 {
		t.Errorf("empty range: got %d, want 0", got)
	}
}

func TestBestOfFour(t *testing.T) {
	_, err := BestOfFour([]float64{0.1, 0.9, 0.2, 0.3, 0.1, 0.2, 0.3, 0.4, 0.7, 0.6, 0, 0})
	wantDivergence(t, err)
}

func TestNormalizeByLastTap(t *testing.T) {
	got, err := NormalizeByLastTap([]float64{1, 2, 3, 4}, [4]float64{1, 1, 1, 0.5})
	wantNil(t, err)
	if !near(got, 10) {
		t.Errorf("got %v, want 10", got)
	}
	got, err = NormalizeByLastTap([]float64{1, 2}, [4]float64{1, 1, 1, 0})
	wantNil(t, err)
	if got != 0 {
		t.Errorf("zero tap: got %v, want 0", got)
	}
}

func TestColumnSums(t *testing.T) {
	_, err := ColumnSums([][]float64{{1, 2, 3}, {4, 5}, {6, 7, 8}})
	wantDivergence(t, err)
}

func TestColumnSumsPadded(t *testing.T) {
	got, err := ColumnSumsPadded([][]float64{{1, 2, 3}, {4, 5}, {6, 7, 8}})
	wantNil(t, err)
	want := []float64{11, 14, 11}
	for c := range want {
		if got[c] != want[c] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

func TestStepMax(t *testing.T) {
	data := []float64{5, 1, 7, 2, 8, 3, 9, 4, 6, 0}
	_, err := StepMax(data, 4)
	wantDivergence(t, err)
}

func TestStepMaxPadded(t *testing.T) {
	data := []float64{5, 1, 7, 2, 8, 3, 9, 4, 6, 0}
	orig := append([]float64(nil), data...)
	got, err := StepMaxPadded(data, 4)
	wantNil(t, err)
	// chunks: [5 1 7] [2 8 3] [9 4 6] [0]
	want := []float64{9, 8, 7}
	for k := range want {
		if got[k] != want[k] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
	for j := range data {
		if data[j] != orig[j] {
			t.Fatalf("padding clobbered data: %v", data)
		}
	}
}
