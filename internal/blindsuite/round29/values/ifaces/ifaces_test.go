package ifaces

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

func TestSumByKind(t *testing.T) {
	_, _, err := SumByKind([]any{1, 2.5, 3, 4.5})
	wantDivergence(t, err)
}

func TestSumByMode(t *testing.T) {
	vals := []float64{1, 2, 3, 4}
	for _, c := range []struct {
		mode any
		want float64
	}{{2, 20}, {0.5, 5}, {"max", 4}, {"min", 0}, {nil, 0}} {
		got, err := SumByMode(vals, c.mode)
		wantNil(t, err)
		if got != c.want {
			t.Errorf("mode %v: got %v, want %v", c.mode, got, c.want)
		}
	}
}

func TestCircleArea(t *testing.T) {
	_, err := CircleArea([]float64{1, 2, 3, 4})
	wantDivergence(t, err)
}

func TestStampArea(t *testing.T) {
	w := []float64{1, 2, 3, 4}
	got, err := StampArea(w, true, 1)
	wantNil(t, err)
	if !near(got, 10*math.Pi) {
		t.Errorf("round: got %v, want %v", got, 10*math.Pi)
	}
	got, err = StampArea(w, false, 1)
	wantNil(t, err)
	if got != 0 {
		t.Errorf("square: got %v, want 0", got)
	}
}

func TestClampPerKey(t *testing.T) {
	opts := map[string]any{"a": 3, "b": 0}
	_, err := ClampPerKey([]int{5, 5, 5, 5}, opts, []string{"a", "b", "a", "b"})
	wantDivergence(t, err)
}

func TestClampShared(t *testing.T) {
	got, err := ClampShared([]int{1, 5, 2, 9}, map[string]any{"limit": 3})
	wantNil(t, err)
	if got != 9 {
		t.Errorf("got %d, want 9", got)
	}
	got, err = ClampShared([]int{1, 5}, map[string]any{"limit": 0})
	wantNil(t, err)
	if got != 0 {
		t.Errorf("no limit: got %d, want 0", got)
	}
}

func TestDebugPeakPerLane(t *testing.T) {
	_, err := DebugPeakPerLane([]float64{1, 7, 3, 2}, []int{0, 2, 2, 1})
	wantDivergence(t, err)
}

func TestDebugPeak(t *testing.T) {
	got, err := DebugPeak([]float64{1, 7, 3, 2}, 2)
	wantNil(t, err)
	if got != 7 {
		t.Errorf("got %v, want 7", got)
	}
	got, err = DebugPeak([]float64{1, 7, 3, 2}, 1)
	wantNil(t, err)
	if !math.IsInf(got, -1) {
		t.Errorf("info: got %v, want -Inf", got)
	}
}

func TestLabelWidthPerLane(t *testing.T) {
	_, err := LabelWidthPerLane([]any{Level(0), 3, Level(1), "x"})
	wantDivergence(t, err)
}

func TestLabelWidth(t *testing.T) {
	got, err := LabelWidth([]int{5, 1234, 17}, Level(1))
	wantNil(t, err)
	if got != len("1234 info") {
		t.Errorf("got %d, want %d", got, len("1234 info"))
	}
	got, err = LabelWidth([]int{5}, "cm")
	wantNil(t, err)
	if got != 0 {
		t.Errorf("plain unit: got %d, want 0", got)
	}
}

func TestCountFacing(t *testing.T) {
	_, err := CountFacing([]Vec{{1, 0}, {-1, 0}, {2, 1}, {-3, 2}}, Vec{1, 0})
	wantDivergence(t, err)
}

func TestProjectedSum(t *testing.T) {
	got, err := ProjectedSum([]Vec{{1, 0}, {-1, 0}, {2, 1}, {-3, 2}}, Vec{2, 0})
	wantNil(t, err)
	if !near(got, -1) {
		t.Errorf("got %v, want -1", got)
	}
	got, err = ProjectedSum([]Vec{{1, 0}}, Vec{})
	wantNil(t, err)
	if got != 0 {
		t.Errorf("zero axis: got %v, want 0", got)
	}
}

func TestApplyStages(t *testing.T) {
	vals := []float64{1, -2, 3, 4}
	stages := []Stage{{Scale: 2, Shift: 1}, {Scale: 1, Normalize: true}}
	got, err := ApplyStages(vals, stages)
	wantNil(t, err)
	// After stage 0: 3, -3, 7, 9; sum of magnitudes 22.
	want := []float64{3.0 / 22, -3.0 / 22, 7.0 / 22, 9.0 / 22}
	for i := range want {
		if !near(got[i], want[i]) {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

func TestApplyStagePerLane(t *testing.T) {
	stages := []Stage{{Scale: 1, Normalize: true}, {Scale: 2}}
	_, err := ApplyStagePerLane([]float64{1, 2, 3, 4}, stages)
	wantDivergence(t, err)
}

func TestClampPasses(t *testing.T) {
	for _, c := range []struct{ n, hi, want int }{{0, 5, 1}, {3, 5, 3}, {9, 5, 5}, {-2, 5, 1}} {
		if got := clampPasses(c.n, c.hi); got != c.want {
			t.Errorf("clampPasses(%d, %d) = %d, want %d", c.n, c.hi, got, c.want)
		}
	}
}

func smoothRef(vals []float64, passes int) []float64 {
	n := len(vals)
	cur := append([]float64(nil), vals...)
	for range passes {
		next := make([]float64, n)
		for i := range n {
			next[i] = (cur[(i+n-1)%n] + cur[i] + cur[(i+1)%n]) / 3
		}
		cur = next
	}
	return cur
}

func TestSmoothPerLane(t *testing.T) {
	_, err := SmoothPerLane([]float64{1, 2, 3, 4, 5, 6}, []int{1, 2, 3, 1, 2, 3}, 4)
	wantDivergence(t, err)
}

func TestSmooth(t *testing.T) {
	vals := []float64{1, 2, 3, 4, 5, 6}
	for _, c := range []struct{ req, passes int }{{3, 3}, {2, 2}, {10, 4}, {0, 1}} {
		got, err := Smooth(vals, c.req, 4)
		wantNil(t, err)
		want := smoothRef(vals, c.passes)
		for i := range want {
			if !near(got[i], want[i]) {
				t.Fatalf("requested %d: got %v, want %v", c.req, got, want)
			}
		}
	}
}

func TestScaleRunningOverBudget(t *testing.T) {
	_, err := ScaleRunningOverBudget([]float64{2, 2, 2, 2}, 5)
	wantDivergence(t, err)
}

func TestScaleOverBudget(t *testing.T) {
	got, err := ScaleOverBudget([]float64{2, 2, -1, 4}, 4)
	wantNil(t, err)
	if !near(got, 4) {
		t.Errorf("got %v, want 4", got)
	}
	got, err = ScaleOverBudget([]float64{1, 1}, 4)
	wantNil(t, err)
	if got != -1 {
		t.Errorf("under budget: got %v, want -1", got)
	}
}
