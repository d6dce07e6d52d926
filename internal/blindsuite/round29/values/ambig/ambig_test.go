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
}

func wantNil(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestRoundArea(t *testing.T) {
	got, err := RoundArea([]float64{1, 2, 3}, true)
	wantNil(t, err)
	if !near(got, 14*math.Pi) {
		t.Errorf("got %v, want %v", got, 14*math.Pi)
	}
	got, err = RoundArea([]float64{1, 2, 3}, false)
	wantNil(t, err)
	if got != 0 {
		t.Errorf("squares: got %v, want 0", got)
	}
}

func TestNormalizeIfLoud(t *testing.T) {
	got, err := NormalizeIfLoud([]float64{1, 2, 2, 4}, 10)
	wantNil(t, err)
	if !near(got, 1) {
		t.Errorf("got %v, want 1", got)
	}
	got, err = NormalizeIfLoud([]float64{1, 1}, 10)
	wantNil(t, err)
	if got != -1 {
		t.Errorf("quiet: got %v, want -1", got)
	}
}

func phasedRef(vals []int, phases int) []int {
	n := len(vals)
	buf := slices.Clone(vals)
	for p := range phases {
		if p%2 == 1 {
			next := make([]int, n)
			for i := range n {
				next[i] = buf[i] + buf[(i+1)%n]
			}
			buf = next
		}
	}
	return buf
}

func TestPhasedCopyField(t *testing.T) {
	vals := []int{1, 2, 3, 4, 5}
	got, err := PhasedCopyField(vals, 4)
	wantNil(t, err)
	if want := phasedRef(vals, 4); !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestPhasedMethod(t *testing.T) {
	vals := []int{1, 2, 3, 4, 5}
	got, err := PhasedMethod(vals, 5)
	wantNil(t, err)
	if want := phasedRef(vals, 5); !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestSpanCopy(t *testing.T) {
	got, err := SpanCopy([]float64{1, 2, 3, 4, 5, 6}, 2)
	wantNil(t, err)
	if got != 21 {
		t.Errorf("got %v, want 21", got)
	}
}

func TestChunkSteps(t *testing.T) {
	got, err := ChunkSteps([]float64{5, 1, 7, 2, 8, 3, 9, 4, 6}, 3)
	wantNil(t, err)
	if want := []float64{9, 8, 7}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestReuseScratch(t *testing.T) {
	got, err := ReuseScratch([]int{1, 2, 3}, []int{5, 0, 0})
	wantNil(t, err)
	if got != 12 {
		t.Errorf("got %d, want 12", got)
	}
	got, err = ReuseScratch([]int{1, 2, 3}, []int{0, 7})
	wantNil(t, err)
	if got != -1 {
		t.Errorf("zero header: got %d, want -1", got)
	}
}

func TestSignalLocal(t *testing.T) {
	got, err := SignalLocal([]int{1, 2, 3, 4})
	wantNil(t, err)
	if got != 10 {
		t.Errorf("got %d, want 10", got)
	}
	got, err = SignalLocal([]int{1, 2})
	wantNil(t, err)
	if got != -1 {
		t.Errorf("small group: got %d, want -1", got)
	}
}

func TestLocalMapLookup(t *testing.T) {
	got, err := LocalMapLookup([]int{1, 2, 3}, "max")
	wantNil(t, err)
	if got != 9 {
		t.Errorf("got %d, want 9", got)
	}
	got, err = LocalMapLookup([]int{1, 2, 3}, "mean")
	wantNil(t, err)
	if got != -1 {
		t.Errorf("missing key: got %d, want -1", got)
	}
}

func TestSettleClamped(t *testing.T) {
	got, err := SettleClamped([]int{1, 2, 3, 4})
	wantNil(t, err)
	if got != 10 {
		t.Errorf("no negatives: got %d, want 10", got)
	}
	_, err = SettleClamped([]int{1, -2, 3, 4})
	wantDivergence(t, err)
}

func TestBarrierPerSetting(t *testing.T) {
	got, err := BarrierPerSetting(map[string]int{"a": 1, "b": 2, "c": 4}, 4)
	wantNil(t, err)
	if got != 7 {
		t.Errorf("got %d, want 7", got)
	}
}

func TestStageMethodValue(t *testing.T) {
	_, err := StageMethodValue([]float64{1, 2, 3, 4}, []Stage{{Scale: 1, Normalize: true}, {Scale: 2}})
	wantDivergence(t, err)
	got, err := StageMethodValue([]float64{1, 2}, []Stage{{Scale: 3}})
	wantNil(t, err)
	if !slices.Equal(got, []float64{3, 6}) {
		t.Errorf("uniform stage: got %v", got)
	}
}
