package ifaces

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

func swapped() []float64 {
	out := make([]float64, len(data8))
	for i := range out {
		out[i] = data8[i^1]
	}
	return out
}

func TestNeighbour(t *testing.T) {
	for _, bw := range []bool{false, true} {
		out, err := Neighbour(data8, bw)
		ok(t, "Neighbour", err)
		if !slices.Equal(out, swapped()) {
			t.Errorf("Neighbour(%v) = %v", bw, out)
		}
	}
	_, err := NeighbourSplit(data8)
	wantDivergence(t, "NeighbourSplit", err)
}

func TestPositiveWarpSums(t *testing.T) {
	out, err := PositiveWarpSums(data8)
	ok(t, "PositiveWarpSums", err)
	want := []float64{6, 0, 6, 0, 0, 12, 12, 12}
	if !slices.Equal(out, want) {
		t.Errorf("PositiveWarpSums = %v, want %v", out, want)
	}
	_, err = PositiveWarpSumsInside(data8)
	wantDivergence(t, "PositiveWarpSumsInside", err)
}

func TestScaled(t *testing.T) {
	out, err := Scaled(data8, false)
	ok(t, "Scaled", err)
	for i, v := range out {
		if v != 4*data8[i] {
			t.Errorf("Scaled[%d] = %g", i, v)
		}
	}
	out, err = Scaled(data8, true)
	ok(t, "Scaled exact", err)
	if !slices.Equal(out, []float64{6, 6, 6, 6, 12, 12, 12, 12}) {
		t.Errorf("Scaled exact = %v", out)
	}
	_, err = ScaledHead(data8)
	wantDivergence(t, "ScaledHead", err)
}

func TestLevels(t *testing.T) {
	out, err := Levels(data8)
	ok(t, "Levels", err)
	for i, v := range out {
		if want := 2 * (data8[i] + data8[i^1]); v != want {
			t.Errorf("Levels[%d] = %g, want %g", i, v, want)
		}
	}
	_, err = LevelsOwn(data8, []int{1, 2, 2, 1, 2, 2, 2, 2})
	wantDivergence(t, "LevelsOwn", err)
}

func TestTotals(t *testing.T) {
	out, err := Totals(data8, false)
	ok(t, "Totals", err)
	for i, v := range out {
		if v != 18 {
			t.Errorf("Totals[%d] = %g", i, v)
		}
	}
	out, err = Totals(data8, true)
	ok(t, "Totals warp", err)
	if !slices.Equal(out, []float64{6, 6, 6, 6, 12, 12, 12, 12}) {
		t.Errorf("Totals warp = %v", out)
	}
	_, err = TotalsByParity(data8)
	wantDivergence(t, "TotalsByParity", err)
}

func TestAlternate(t *testing.T) {
	for rounds := range 4 {
		out, err := Alternate(data8, rounds)
		ok(t, "Alternate", err)
		want := data8
		if rounds%2 == 1 {
			want = swapped()
		}
		if !slices.Equal(out, want) {
			t.Errorf("Alternate(%d) = %v, want %v", rounds, out, want)
		}
	}
	_, err := AlternateByLane(data8)
	wantDivergence(t, "AlternateByLane", err)
}
