package image_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round21/lib/image"
	"github.com/spmdvet/spmdvet/spmd"
)

func ok(t *testing.T, n int, k func(spmd.Lane)) {
	t.Helper()
	if err := spmd.Run(n, k); err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func diverges(t *testing.T, n int, k func(spmd.Lane)) {
	t.Helper()
	err := spmd.Run(n, k)
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want DivergenceError, got %v", err)
	}
}

var pix = []int{0, 1, 1, 7, 3, 3, 3, 0, 5, 1}
var wantHist = []int{2, 3, 0, 3, 0, 1, 0, 1}

func TestHisto(t *testing.T) {
	hist := make([]int, image.Bins)
	ok(t, 4, func(l spmd.Lane) { image.HistoPrivate(l, pix, hist) })
	if !slices.Equal(hist, wantHist) {
		t.Fatalf("hist %v", hist)
	}
	diverges(t, 4, func(l spmd.Lane) { image.HistoPrivateSparse(l, pix, hist) })

	h32 := make([]int32, image.Bins)
	ok(t, 4, func(l spmd.Lane) { image.HistoShared(l, pix, h32) })
	for b := range h32 {
		if int(h32[b]) != wantHist[b] {
			t.Fatalf("h32 %v", h32)
		}
	}
}

func TestHistoNewBins(t *testing.T) {
	h32 := make([]int32, image.Bins)
	nb := []int{-1}
	// Lanes 0,1 share bin 1, lanes 2,3 share bin 2: two lanes create a bin.
	ok(t, 4, func(l spmd.Lane) { image.HistoNewBinsBallot(l, []int{1, 1, 2, 2}, h32, nb) })
	if nb[0] != 2 {
		t.Fatalf("nb %v", nb)
	}
	h32 = make([]int32, image.Bins)
	diverges(t, 4, func(l spmd.Lane) { image.HistoNewBins(l, []int{1, 1, 2, 2}, h32, nb) })
}

func TestStencil(t *testing.T) {
	in := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	want := []float64{3, 6, 9, 12, 15, 18, 21, 15}
	out := make([]float64, 8)
	tile := make([]float64, 6)
	ok(t, 4, func(l spmd.Lane) { image.Stencil3(l, in, out, tile) })
	if !slices.Equal(out, want) {
		t.Fatalf("out %v", out)
	}
	out = make([]float64, 8)
	diverges(t, 4, func(l spmd.Lane) { image.Stencil3HaloSync(l, in, out, tile) })
	ok(t, 4, func(l spmd.Lane) { image.Stencil3Tail(l, in, out, tile) })
	diverges(t, 4, func(l spmd.Lane) { image.Stencil3Tail(l, in[:6], out, tile) })
}

func TestBlur(t *testing.T) {
	img := []float64{3, 6, 9, 0, 0, 3}
	out := make([]float64, 6)
	tile := make([]float64, 4)
	ok(t, 4, func(l spmd.Lane) { image.BlurRows(l, img, 3, out, tile) })
	if !slices.Equal(out, []float64{4.5, 6, 7.5, 0, 1, 1.5}) {
		t.Fatalf("out %v", out)
	}
	ok(t, 3, func(l spmd.Lane) { image.BlurRowsEarly(l, img, 3, out, tile) })
	diverges(t, 4, func(l spmd.Lane) { image.BlurRowsEarly(l, img, 3, out, tile) })
}

var img = []float64{0, 250, 30, 0, 120, 0, 210, 5}

func TestThreshold(t *testing.T) {
	c := []int{0}
	ok(t, 8, func(l spmd.Lane) { image.Threshold(l, img, 100, c) })
	if c[0] != 3 {
		t.Fatalf("c %v", c)
	}
	diverges(t, 8, func(l spmd.Lane) { image.ThresholdGuarded(l, img, 100, c) })
}

func TestNormalize(t *testing.T) {
	out := make([]float64, 8)
	ok(t, 8, func(l spmd.Lane) { image.Normalize(l, img, out) })
	if out[1] != 1 || out[5] != 0 || out[2] != 30.0/250 {
		t.Fatalf("out %v", out)
	}
	diverges(t, 8, func(l spmd.Lane) { image.NormalizeNonzero(l, img, out) })
}

func TestRetry(t *testing.T) {
	tries := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { image.RetryUniform(l, tries) })
	if !slices.Equal(tries, []int{5, 5, 5, 5}) {
		t.Fatalf("tries %v", tries)
	}
	ok(t, 1, func(l spmd.Lane) { image.Retry(l, tries) })
	diverges(t, 4, func(l spmd.Lane) { image.Retry(l, tries) })
}

func TestSkipNegative(t *testing.T) {
	a := []float64{1, -1, 2}
	ok(t, 3, func(l spmd.Lane) { image.SkipNegative(l, a) })
	if !slices.Equal(a, []float64{2, -1, 4}) {
		t.Fatalf("a %v", a)
	}
}

func TestChannels(t *testing.T) {
	out := make([]float64, 8)
	ok(t, 3, func(l spmd.Lane) { image.Channels(l, img, out) })
	if out[0] != 280 || out[2] != 280 {
		t.Fatalf("out %v", out)
	}
	ok(t, 4, func(l spmd.Lane) { image.Channels(l, img, out) })
	if out[0] != 250 || out[3] != 250 {
		t.Fatalf("out %v", out)
	}
	ok(t, 1, func(l spmd.Lane) { image.ChannelsByLane(l, img, out) })
	diverges(t, 3, func(l spmd.Lane) { image.ChannelsByLane(l, img, out) })
}

func TestRows(t *testing.T) {
	// Two rows of 4; row 0 has a dark pixel at x=1, row 1 is blank.
	rows := []float64{5, 0, 5, 5, 0, 0, 0, 0}
	out := make([]float64, 2)
	ok(t, 4, func(l spmd.Lane) { image.RowsSkipBlank(l, rows, 4, out) })
	if !slices.Equal(out, []float64{1, 0}) {
		t.Fatalf("out %v", out)
	}
	ok(t, 4, func(l spmd.Lane) { image.RowsSkipDark(l, []float64{1, 2, 3, 4}, 4, out) })
	diverges(t, 4, func(l spmd.Lane) { image.RowsSkipDark(l, rows[:4], 4, out) })
}

func TestHotSpot(t *testing.T) {
	out := make([]int, 8)
	ok(t, 8, func(l spmd.Lane) { image.HotSpotVote(l, img, out) })
	if !slices.Equal(out, []int{1, 1, 1, 1, 1, 1, 1, 1}) {
		t.Fatalf("out %v", out)
	}
	diverges(t, 8, func(l spmd.Lane) { image.HotSpot(l, img, out) })
}

func TestCountLit(t *testing.T) {
	out := []int{0}
	ok(t, 8, func(l spmd.Lane) { image.CountLitAny(l, img, out) })
	if out[0] != 8 {
		t.Fatalf("out %v", out)
	}
	ok(t, 2, func(l spmd.Lane) { image.CountLit(l, []float64{1, 1}, out) })
	diverges(t, 8, func(l spmd.Lane) { image.CountLit(l, img, out) })
}

func TestAnyBright(t *testing.T) {
	out := make([]bool, 8)
	ok(t, 1, func(l spmd.Lane) { image.AnyBrightExceptFirst(l, img, out) })
	diverges(t, 8, func(l spmd.Lane) { image.AnyBrightExceptFirst(l, img, out) })
}

func TestFirstTile(t *testing.T) {
	out := []float64{0}
	ok(t, 8, func(l spmd.Lane) { image.FirstTileSum(l, img, out) })
	if out[0] != 615 {
		t.Fatalf("out %v", out)
	}
	big := make([]float64, 16)
	diverges(t, 16, func(l spmd.Lane) { image.FirstTileSum(l, big, out) })
}

func TestImageSum(t *testing.T) {
	out := []float64{0}
	buf := make([]float64, 4)
	ok(t, 4, func(l spmd.Lane) { image.ImageSum(l, img, buf, out) })
	if out[0] != 615 {
		t.Fatalf("out %v", out)
	}
	buf = make([]float64, 8)
	diverges(t, 8, func(l spmd.Lane) { image.ImageSumCovered(l, img[:5], buf, out) })
}

func TestGradient(t *testing.T) {
	out := make([]float64, 4)
	ok(t, 4, func(l spmd.Lane) { image.Gradient(l, []float64{1, 3, 6, 10}, out) })
	if !slices.Equal(out, []float64{2, 3, 4, -9}) {
		t.Fatalf("out %v", out)
	}
	diverges(t, 4, func(l spmd.Lane) { image.GradientInterior(l, []float64{1, 3, 6, 10}, out) })
}

func TestShare(t *testing.T) {
	sc := make([]int, 8)
	out := make([]int, 8)
	ok(t, 8, func(l spmd.Lane) { image.ShareAll(l, img, sc, out) })
	if !slices.Equal(out, make([]int, 8)) {
		t.Fatalf("out %v", out)
	}
	diverges(t, 8, func(l spmd.Lane) { image.ShareBright(l, img, sc, out) })
}

func TestFirstBright(t *testing.T) {
	out := []int{0}
	ok(t, 3, func(l spmd.Lane) { image.FirstBright(l, img, out) })
	if out[0] != 1 {
		t.Fatalf("out %v", out)
	}
	ok(t, 3, func(l spmd.Lane) { image.FirstBright(l, []float64{1, 2}, out) })
	if out[0] != 2 {
		t.Fatalf("out %v", out)
	}
}
