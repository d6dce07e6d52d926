package warps

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

func TestWarpSums(t *testing.T) {
	out, err := WarpSums(data8, false)
	ok(t, "WarpSums", err)
	want := []float64{6, 6, 6, 6, 12, 12, 12, 12}
	if !slices.Equal(out, want) {
		t.Errorf("WarpSums = %v, want %v", out, want)
	}
	out, err = WarpSums(data8, true)
	ok(t, "WarpSums raw", err)
	if !slices.Equal(out, data8) {
		t.Errorf("WarpSums raw = %v", out)
	}
	_, err = WarpSumsSkipZero(data8)
	wantDivergence(t, "WarpSumsSkipZero", err)
}

func TestTaggedWarpSums(t *testing.T) {
	buckets := []int{2, 2, 2, 2, 4, 4, 4, 4}
	sums, tags, err := TaggedWarpSums(data8, buckets)
	ok(t, "TaggedWarpSums", err)
	if !slices.Equal(sums, []float64{6, 6, 6, 6, 12, 12, 12, 12}) {
		t.Errorf("sums = %v", sums)
	}
	if !slices.Equal(tags, buckets) {
		t.Errorf("tags = %v", tags)
	}
	_, err = BucketWarpSums(data8, buckets)
	wantDivergence(t, "BucketWarpSums", err)
}

func TestLeaderPartials(t *testing.T) {
	next, err := LeaderPartials(data8, 4)
	ok(t, "LeaderPartials", err)
	want := []float64{12, 12, 12, 12, 6, 6, 6, 6}
	if !slices.Equal(next, want) {
		t.Errorf("LeaderPartials = %v, want %v", next, want)
	}
	_, err = LeaderPartialsLeaderSync(data8, 4)
	wantDivergence(t, "LeaderPartialsLeaderSync", err)
}

func TestTileTotal(t *testing.T) {
	total, rows, err := TileTotal(data8)
	ok(t, "TileTotal", err)
	if total != 18 || !slices.Equal(rows, []int{0, 0, 0, 0, 1, 1, 1, 1}) {
		t.Errorf("TileTotal = %g, %v", total, rows)
	}
	_, err = TileTotalPositive(data8)
	wantDivergence(t, "TileTotalPositive", err)
}

func TestRowShift(t *testing.T) {
	out, err := RowShift(data8)
	ok(t, "RowShift", err)
	want := append(slices.Clone(data8[4:]), data8[:4]...)
	if !slices.Equal(out, want) {
		t.Errorf("RowShift = %v, want %v", out, want)
	}
	_, err = RowShiftFirstRow(data8)
	wantDivergence(t, "RowShiftFirstRow", err)
}

func TestSweep(t *testing.T) {
	col, err := Sweep(data8)
	ok(t, "Sweep", err)
	if !slices.Equal(col, []float64{-2, 8, 6, 6}) {
		t.Errorf("Sweep = %v", col)
	}
	_, err = SweepTriangle(data8)
	wantDivergence(t, "SweepTriangle", err)
}

func TestExchange(t *testing.T) {
	for phase := range 2 {
		out, err := Exchange(data8, phase)
		ok(t, "Exchange", err)
		for i := range out {
			if out[i] != data8[i^1] {
				t.Errorf("Exchange(%d)[%d] = %g", phase, i, out[i])
			}
		}
	}
	_, err := ExchangeMixed(data8)
	wantDivergence(t, "ExchangeMixed", err)
}
