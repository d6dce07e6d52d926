package coord

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, name string, err error) {
	t.Helper()
	var div *spmd.DivergenceError
	if !errors.As(err, &div) {
		t.Fatalf("%s: got error %v, want a *spmd.DivergenceError", name, err)
	}
	t.Logf("%s: %v", name, err)
}

func wantNil(t *testing.T, name string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// testImage is a w x h image with pixel (x, y) = 1 + x + 10*y.
func testImage(w, h int) Image {
	m := Image{W: w, H: h, Pix: make([]float64, w*h)}
	for y := range h {
		for x := range w {
			m.Pix[y*w+x] = float64(1 + x + 10*y)
		}
	}
	return m
}

// refSum adds up the pixels of r that lie in the image.
func refSum(m Image, r Rect) float64 {
	r = r.Intersect(m.Bounds())
	s := 0.0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			s += m.At(Coord{x, y})
		}
	}
	return s
}

func TestTileSum(t *testing.T) {
	img := testImage(6, 5)
	origin := Coord{4, 3} // a 4x4 tile hanging over the right and bottom edges
	var s float64
	wantNil(t, "TileSum", TileSum(img, origin, 4, 4, &s))
	if want := refSum(img, Rect{origin, origin.Add(Coord{4, 4})}); s != want {
		t.Errorf("TileSum = %g, want %g", s, want)
	}
	wantDivergence(t, "TileSumInside", TileSumInside(img, origin, 4, 4, &s))
}

func TestTileTranspose(t *testing.T) {
	img := testImage(6, 5)
	for _, origin := range []Coord{{1, 1}, {3, 2}} { // inside; crossing the edge
		n := 3
		out := make([]float64, n*n)
		wantNil(t, "TileTranspose", TileTranspose(img, origin, n, out))
		for y := range n {
			for x := range n {
				src := origin.Add(Coord{y, x})
				want := 0.0
				if src.In(img.Bounds()) {
					want = img.At(src)
				}
				if out[y*n+x] != want {
					t.Errorf("TileTranspose(%v): out[%d,%d] = %g, want %g", origin, x, y, out[y*n+x], want)
				}
			}
		}
	}
	wantDivergence(t, "TileTransposeMe", TileTransposeMe(img, Coord{4, 3}, 3, make([]float64, 9)))
}

func TestColumnSums(t *testing.T) {
	img := testImage(6, 5)
	origin := Coord{1, 2}
	sums := make([]float64, 4)
	rows := make([]float64, img.H)
	wantNil(t, "ColumnSums", ColumnSums(img, origin, sums, rows))
	for k := range sums {
		want := refSum(img, Rect{Coord{origin.X + k, origin.Y}, Coord{origin.X + k + 1, img.H}})
		if sums[k] != want {
			t.Errorf("ColumnSums: sums[%d] = %g, want %g", k, sums[k], want)
		}
	}
	for y := origin.Y; y < img.H; y++ {
		if want := refSum(img, Rect{Coord{origin.X, y}, Coord{origin.X + 4, y + 1}}); rows[y] != want {
			t.Errorf("ColumnSums: rowTotals[%d] = %g, want %g", y, rows[y], want)
		}
	}
	wantDivergence(t, "ColumnSumsOwn", ColumnSumsOwn(img, Coord{0, 1}, 3, make([]float64, 6), make([]float64, img.H)))
}

func TestLeaderMax(t *testing.T) {
	img := testImage(6, 5)
	var m float64
	wantNil(t, "LeaderMax", LeaderMax(img, Coord{1, 1}, 3, 2, &m))
	if want := img.At(Coord{3, 2}); m != want {
		t.Errorf("LeaderMax = %g, want %g", m, want)
	}
	wantDivergence(t, "LeaderMaxOnly", LeaderMaxOnly(img, Coord{1, 1}, 3, 2, &m))
}

func TestEdgeCount(t *testing.T) {
	img := testImage(6, 5)
	counts := make([]int, 4)
	wantNil(t, "EdgeCount", EdgeCount(img, Coord{0, 0}, 3, 2, counts))
	// Neighbours left, right, up, down of the 3x2 tile at the corner.
	if want := []int{4, 6, 3, 6}; !slices.Equal(counts, want) {
		t.Errorf("EdgeCount = %v, want %v", counts, want)
	}
	wantDivergence(t, "EdgeCountInside", EdgeCountInside(img, Coord{0, 0}, 3, 2, make([]int, 4)))
}

func TestBoxMeans(t *testing.T) {
	img := testImage(7, 6)
	origin := Coord{2, 0}
	sx, sy, r := 3, 2, 1
	out := make([]float64, sx*sy)
	wantNil(t, "BoxMeans", BoxMeans(img, origin, sx, sy, r, out))
	for i := range out {
		me := origin.Add(Coord{i % sx, i / sx})
		box := Rect{me.Add(Coord{-r, -r}), me.Add(Coord{r + 1, r + 1})}.Intersect(img.Bounds())
		want := refSum(img, box) / float64(box.Dx()*box.Dy())
		if !near(out[i], want) {
			t.Errorf("BoxMeans: out[%d] = %g, want %g", i, out[i], want)
		}
	}
	wantDivergence(t, "BoxMeansOwn", BoxMeansOwn(img, origin, sx, sy, r, make([]float64, sx*sy)))
}

func TestQuadrants(t *testing.T) {
	img := testImage(8, 8)
	for _, origin := range []Coord{{0, 0}, {5, 5}} {
		var s float64
		wantNil(t, "Quadrants", Quadrants(img, origin, 2, 2, &s))
		tile := Rect{origin, origin.Add(Coord{2, 2})}
		want := refSum(img, tile)
		if origin == (Coord{}) {
			want /= img.At(Coord{1, 1})
		}
		if !near(s, want) {
			t.Errorf("Quadrants(%v) = %g, want %g", origin, s, want)
		}
	}
	var s float64
	wantDivergence(t, "QuadrantsPerPixel", QuadrantsPerPixel(img, Coord{3, 3}, 2, 2, &s))
}

func TestRowsBelow(t *testing.T) {
	img := testImage(6, 5)
	origin := Coord{1, 1}
	totals := make([]float64, img.H)
	wantNil(t, "RowsBelow", RowsBelow(img, origin, 3, 2, totals))
	for y := range img.H {
		want := 0.0
		if y >= origin.Y {
			want = refSum(img, Rect{Coord{origin.X, y}, Coord{origin.X + 3, y + 1}})
		}
		if totals[y] != want {
			t.Errorf("RowsBelow: totals[%d] = %g, want %g", y, totals[y], want)
		}
	}
	wantDivergence(t, "RowsBelowShifted", RowsBelowShifted(img, origin, 3, 2, make([]float64, img.H)))
}
