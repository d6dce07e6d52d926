package pipes

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, name string, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Errorf("%s: got %v, want *spmd.DivergenceError", name, err)
	}
}

func ok(t *testing.T, name string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

var data8 = []float64{3, -1, 4, 0, -5, 9, 2, 6}

func TestCountPositive(t *testing.T) {
	out, err := CountPositive(data8)
	ok(t, "CountPositive", err)
	want := []int{0, 1, 0, 0, 1, 1, 1, 1}
	if !slices.Equal(out, want) {
		t.Errorf("CountPositive = %v, want %v", out, want)
	}
	_, err = CountPositiveSyncInside(data8)
	wantDivergence(t, "CountPositiveSyncInside", err)
}

func TestTwoPhase(t *testing.T) {
	out, err := TwoPhase(data8, 5)
	ok(t, "TwoPhase", err)
	want := []float64{10, 17, 16, 25, 34, 0, 0, 0}
	if !slices.Equal(out, want) {
		t.Errorf("TwoPhase = %v, want %v", out, want)
	}
	_, err = TwoPhaseActiveOnly(data8, 5)
	wantDivergence(t, "TwoPhaseActiveOnly", err)
}

func TestDoubling(t *testing.T) {
	out, err := Doubling(data8, 3)
	ok(t, "Doubling", err)
	for i, v := range out {
		if v != 8*data8[i] {
			t.Errorf("Doubling[%d] = %g", i, v)
		}
	}
	_, err = DoublingOwn(data8, []int{1, 2, 3, 1, 2, 3, 1, 2})
	wantDivergence(t, "DoublingOwn", err)
}

func TestActiveSum(t *testing.T) {
	s, err := ActiveSum(data8, 5)
	ok(t, "ActiveSum", err)
	if s != 1 {
		t.Errorf("ActiveSum = %g, want 1", s)
	}
	_, err = ActiveSumMuted(data8, 5)
	wantDivergence(t, "ActiveSumMuted", err)
}

func TestPublish(t *testing.T) {
	out, err := Publish(data8, true)
	ok(t, "Publish", err)
	want := append(slices.Clone(data8[1:]), data8[0])
	if !slices.Equal(out, want) {
		t.Errorf("Publish = %v, want %v", out, want)
	}
	out, err = Publish([]float64{7}, false)
	ok(t, "Publish single", err)
	if out[0] != 7 {
		t.Errorf("Publish single = %v", out)
	}
	_, err = PublishPositive(data8)
	wantDivergence(t, "PublishPositive", err)
}

func TestRelax(t *testing.T) {
	data := []float64{0, 0, 0, 8, 0, 0, 0, 0}
	out, steps, err := Relax(data, 2)
	ok(t, "Relax", err)
	// step 1: {0,0,4,0,4,0,0,0}; step 2: {0,2,0,4,0,2,0,0}
	want := []float64{0, 2, 0, 4, 0, 2, 0, 0}
	if !slices.Equal(out, want) || steps != 4 {
		t.Errorf("Relax = %v, %d; want %v, 4", out, steps, want)
	}
	_, err = RelaxOwn(data, []int{2, 1, 2, 2, 2, 2, 2, 2})
	wantDivergence(t, "RelaxOwn", err)
}

func TestStageLow(t *testing.T) {
	out, err := StageLow(data8)
	ok(t, "StageLow", err)
	want := []float64{3, -1, 4, 0, 0, 0, 0, 0}
	if !slices.Equal(out, want) {
		t.Errorf("StageLow = %v, want %v", out, want)
	}
	_, err = StageLowOnly(data8)
	wantDivergence(t, "StageLowOnly", err)
}

func TestPairSums(t *testing.T) {
	out, err := PairSums(data8)
	ok(t, "PairSums", err)
	if !slices.Equal(out, []float64{2, 4, 4, 8}) {
		t.Errorf("PairSums = %v", out)
	}
	_, err = PairSumsNonzero(data8)
	wantDivergence(t, "PairSumsNonzero", err)
}
