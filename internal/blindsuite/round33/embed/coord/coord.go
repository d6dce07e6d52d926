// Package coord holds kernels over images and grids that pass small value
// structs around: a Coord or Rect returned by value from methods, computed
// either from the lane index (different in every lane) or from uniform data
// (the tile origin, the image size, a broadcast).
package coord

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// Coord is a position in an image.
type Coord struct{ X, Y int }

// Add returns c + d.
func (c Coord) Add(d Coord) Coord { return Coord{c.X + d.X, c.Y + d.Y} }

// In reports whether c lies in r.
func (c Coord) In(r Rect) bool {
	return r.Min.X <= c.X && c.X < r.Max.X && r.Min.Y <= c.Y && c.Y < r.Max.Y
}

// Neighbors returns the four neighbours of c.
func (c Coord) Neighbors() [4]Coord {
	return [4]Coord{c.Add(Coord{-1, 0}), c.Add(Coord{1, 0}), c.Add(Coord{0, -1}), c.Add(Coord{0, 1})}
}

// Rect is the half-open rectangle [Min, Max).
type Rect struct{ Min, Max Coord }

// Dx and Dy are the width and height of r.
func (r Rect) Dx() int { return r.Max.X - r.Min.X }
func (r Rect) Dy() int { return r.Max.Y - r.Min.Y }

// Intersect returns the largest rectangle in both r and s (possibly empty).
func (r Rect) Intersect(s Rect) Rect {
	r.Min.X, r.Min.Y = max(r.Min.X, s.Min.X), max(r.Min.Y, s.Min.Y)
	r.Max.X, r.Max.Y = min(r.Max.X, s.Max.X), min(r.Max.Y, s.Max.Y)
	if r.Min.X > r.Max.X {
		r.Max.X = r.Min.X
	}
	if r.Min.Y > r.Max.Y {
		r.Max.Y = r.Min.Y
	}
	return r
}

// Image is a W x H image stored row by row.
type Image struct {
	W, H int
	Pix  []float64
}

// Bounds returns the rectangle of the image.
func (m Image) Bounds() Rect { return Rect{Max: Coord{m.W, m.H}} }

// At returns the pixel at c.
func (m Image) At(c Coord) float64 { return m.Pix[c.Y*m.W+c.X] }

// Tile is the part of an image one group of lanes works on: Size.X *
// Size.Y lanes, starting at Origin.
type Tile struct {
	lane   spmd.Lane
	Origin Coord
	Size   Coord
}

// Me returns the pixel of the lane running: different in every lane.
func (t Tile) Me() Coord {
	i := t.lane.Index()
	return t.Origin.Add(Coord{i % t.Size.X, i / t.Size.X})
}

// Bounds returns the rectangle the tile covers: the same in every lane.
func (t Tile) Bounds() Rect { return Rect{Min: t.Origin, Max: t.Origin.Add(t.Size)} }

// Corner returns the tile's last pixel: the same in every lane.
func (t Tile) Corner() Coord { return t.Origin.Add(Coord{t.Size.X - 1, t.Size.Y - 1}) }

// TileSum writes into *out the sum of the pixels of the tile at origin
// (size sx x sy) that lie in the image; lanes off the image add zero.
//
// kernel(ok)
func TileSum(img Image, origin Coord, sx, sy int, out *float64) error {
	return spmd.Run(sx*sy, func(l spmd.Lane) {
		t := Tile{lane: l, Origin: origin, Size: Coord{sx, sy}}
		me := t.Me()
		v := 0.0
		if me.In(img.Bounds()) {
			v = img.At(me)
		}
		s := spmd.ReduceAdd(l, v)
		if l.Index() == 0 {
			*out = s
		}
	})
}

// TileSumInside reduces only in the lanes whose pixel is in the image.
//
// kernel(bug)
func TileSumInside(img Image, origin Coord, sx, sy int, out *float64) error {
	return spmd.Run(sx*sy, func(l spmd.Lane) {
		t := Tile{lane: l, Origin: origin, Size: Coord{sx, sy}}
		me := t.Me()
		if me.In(img.Bounds()) {
			s := spmd.ReduceAdd(l, img.At(me)) // EXPECT
			if l.Index() == 0 {
				*out = s
			}
		}
	})
}

// TileTranspose writes the transposed tile at origin (sx == sy == n) into
// out (n*n, row major). A tile fully inside the image takes the fast path
// through shared memory with a barrier; a tile that crosses the edge reads
// the image directly and writes zeros off it. Whether the tile is inside
// is decided from its Corner, the same in every lane.
//
// kernel(ok)
func TileTranspose(img Image, origin Coord, n int, out []float64) error {
	shared := make([]float64, n*n)
	return spmd.Run(n*n, func(l spmd.Lane) {
		t := Tile{lane: l, Origin: origin, Size: Coord{n, n}}
		me := t.Me()
		rel := Coord{me.X - origin.X, me.Y - origin.Y}
		if t.Corner().In(img.Bounds()) {
			shared[rel.Y*n+rel.X] = img.At(me)
			l.Barrier()
			out[rel.Y*n+rel.X] = shared[rel.X*n+rel.Y]
		} else {
			src := origin.Add(Coord{rel.Y, rel.X})
			v := 0.0
			if src.In(img.Bounds()) {
				v = img.At(src)
			}
			out[rel.Y*n+rel.X] = v
		}
	})
}

// TileTransposeMe decides the fast path from the lane's own pixel instead
// of the tile's corner: in a tile that crosses the edge, only the lanes
// inside the image take it.
//
// kernel(bug)
func TileTransposeMe(img Image, origin Coord, n int, out []float64) error {
	shared := make([]float64, n*n)
	return spmd.Run(n*n, func(l spmd.Lane) {
		t := Tile{lane: l, Origin: origin, Size: Coord{n, n}}
		me := t.Me()
		rel := Coord{me.X - origin.X, me.Y - origin.Y}
		if me.In(img.Bounds()) {
			shared[rel.Y*n+rel.X] = img.At(me)
			l.Barrier() // EXPECT
			out[rel.Y*n+rel.X] = shared[rel.X*n+rel.Y]
		} else {
			src := origin.Add(Coord{rel.Y, rel.X})
			v := 0.0
			if src.In(img.Bounds()) {
				v = img.At(src)
			}
			out[rel.Y*n+rel.X] = v
		}
	})
}

// ColumnSums writes into sums[k] the sum of column top.X+k of the image from
// row top.Y down, one column per lane, where top is lane 0's pixel (the
// origin) broadcast to all, a Coord passed by value through BroadcastFirst:
// the walk down the rows is the same in every lane, and each row's total
// goes to rowTotals through a reduction.
//
// kernel(ok)
func ColumnSums(img Image, origin Coord, sums, rowTotals []float64) error {
	return spmd.Run(len(sums), func(l spmd.Lane) {
		t := Tile{lane: l, Origin: origin, Size: Coord{len(sums), 1}}
		top := spmd.BroadcastFirst(l, t.Me())
		down := Coord{0, 1}
		k := l.Index()
		for p := top; p.Y < img.H; p = p.Add(down) {
			v := img.At(Coord{p.X + k, p.Y})
			sums[k] += v
			r := spmd.ReduceAdd(l, v)
			if k == 0 {
				rowTotals[p.Y] = r
			}
		}
	})
}

// ColumnSumsOwn lays the lanes out as a w-wide tile of several rows and
// walks down from each lane's own pixel: the lanes of the lower rows run
// out of rows sooner.
//
// kernel(bug)
func ColumnSumsOwn(img Image, origin Coord, w int, sums, rowTotals []float64) error {
	return spmd.Run(len(sums), func(l spmd.Lane) {
		t := Tile{lane: l, Origin: origin, Size: Coord{w, len(sums) / w}}
		down := Coord{0, 1}
		k := l.Index()
		for p := t.Me(); p.Y < img.H; p = p.Add(down) {
			v := img.At(p)
			sums[k] += v
			r := spmd.ReduceAdd(l, v) // EXPECT
			if k == 0 {
				rowTotals[p.Y] = r
			}
		}
	})
}

// LeaderMax writes into *out the largest pixel of the tile at origin; the
// reduction runs in every lane and the lane at the origin stores it.
//
// kernel(ok)
func LeaderMax(img Image, origin Coord, sx, sy int, out *float64) error {
	return spmd.Run(sx*sy, func(l spmd.Lane) {
		t := Tile{lane: l, Origin: origin, Size: Coord{sx, sy}}
		me := t.Me()
		m := spmd.ReduceMax(l, img.At(me))
		if me == t.Origin {
			*out = m
		}
	})
}

// LeaderMaxOnly has only the lane at the origin (comparing Coord values)
// call the reduction.
//
// kernel(bug)
func LeaderMaxOnly(img Image, origin Coord, sx, sy int, out *float64) error {
	return spmd.Run(sx*sy, func(l spmd.Lane) {
		t := Tile{lane: l, Origin: origin, Size: Coord{sx, sy}}
		me := t.Me()
		if me == t.Origin {
			*out = spmd.ReduceMax(l, img.At(me)) // EXPECT
		}
	})
}

// EdgeCount writes into counts[j] how many lanes of the tile have their
// j-th neighbour inside the image. Each neighbour test is per lane; the
// reduction sits after it.
//
// kernel(ok)
func EdgeCount(img Image, origin Coord, sx, sy int, counts []int) error {
	return spmd.Run(sx*sy, func(l spmd.Lane) {
		t := Tile{lane: l, Origin: origin, Size: Coord{sx, sy}}
		for j, nb := range t.Me().Neighbors() {
			in := 0
			if nb.In(img.Bounds()) {
				in = 1
			}
			c := spmd.ReduceAdd(l, in)
			if l.Index() == 0 {
				counts[j] = c
			}
		}
	})
}

// EdgeCountInside reduces inside the per-lane neighbour test.
//
// kernel(bug)
func EdgeCountInside(img Image, origin Coord, sx, sy int, counts []int) error {
	return spmd.Run(sx*sy, func(l spmd.Lane) {
		t := Tile{lane: l, Origin: origin, Size: Coord{sx, sy}}
		for j, nb := range t.Me().Neighbors() {
			if nb.In(img.Bounds()) {
				c := spmd.ReduceAdd(l, 1) // EXPECT
				if l.Index() == 0 {
					counts[j] = c
				}
			}
		}
	})
}

// BoxMeans writes into out[i] the mean of the pixels within r of lane i's
// pixel (clipped to the image), for the sx x sy tile at origin. The lanes
// walk the rows of the tile's window (its Bounds grown by r, clipped): a
// Rect computed from uniform data, so every lane walks the same rows,
// loading each row into shared memory between barriers; a lane adds up only
// the rows and columns of its own box.
//
// kernel(ok)
func BoxMeans(img Image, origin Coord, sx, sy, r int, out []float64) error {
	shared := make([]float64, img.W)
	return spmd.Run(sx*sy, func(l spmd.Lane) {
		t := Tile{lane: l, Origin: origin, Size: Coord{sx, sy}}
		b := t.Bounds()
		win := Rect{Min: b.Min.Add(Coord{-r, -r}), Max: b.Max.Add(Coord{r, r})}.Intersect(img.Bounds())
		me := t.Me()
		own := Rect{Min: me.Add(Coord{-r, -r}), Max: me.Add(Coord{r + 1, r + 1})}.Intersect(img.Bounds())
		k := l.Index()
		s := 0.0
		for y := win.Min.Y; y < win.Max.Y; y++ {
			for x := win.Min.X + k; x < win.Max.X; x += l.Count() {
				shared[x] = img.At(Coord{x, y})
			}
			l.Barrier()
			if y >= own.Min.Y && y < own.Max.Y {
				for x := own.Min.X; x < own.Max.X; x++ {
					s += shared[x]
				}
			}
			l.Barrier()
		}
		out[k] = s / float64(own.Dx()*own.Dy())
	})
}

// BoxMeansOwn walks only the rows of each lane's own box: near the top or
// bottom of the image the clipped boxes have different heights, so lanes
// leave the row loop at different times.
//
// kernel(bug)
func BoxMeansOwn(img Image, origin Coord, sx, sy, r int, out []float64) error {
	shared := make([]float64, img.W)
	return spmd.Run(sx*sy, func(l spmd.Lane) {
		t := Tile{lane: l, Origin: origin, Size: Coord{sx, sy}}
		b := t.Bounds()
		win := Rect{Min: b.Min.Add(Coord{-r, -r}), Max: b.Max.Add(Coord{r, r})}.Intersect(img.Bounds())
		me := t.Me()
		own := Rect{Min: me.Add(Coord{-r, -r}), Max: me.Add(Coord{r + 1, r + 1})}.Intersect(img.Bounds())
		k := l.Index()
		s := 0.0
		for y := own.Min.Y; y < own.Max.Y; y++ {
			for x := win.Min.X + k; x < win.Max.X; x += l.Count() {
				shared[x] = img.At(Coord{x, y})
			}
			l.Barrier() // EXPECT
			for x := own.Min.X; x < own.Max.X; x++ {
				s += shared[x]
			}
			l.Barrier() // EXPECT
		}
		out[k] = s / float64(own.Dx()*own.Dy())
	})
}

// Quadrants writes into *out the sum of the tile, first normalized by the
// tile's max when the tile lies in the top-left quadrant of the image.
// The quadrant is a Coord computed from the tile origin (uniform) and
// compared with a Coord literal in a switch.
//
// kernel(ok)
func Quadrants(img Image, origin Coord, sx, sy int, out *float64) error {
	return spmd.Run(sx*sy, func(l spmd.Lane) {
		t := Tile{lane: l, Origin: origin, Size: Coord{sx, sy}}
		q := quadrant(img, t.Origin)
		v := img.At(t.Me())
		switch q {
		case Coord{0, 0}:
			v /= spmd.ReduceMax(l, v)
		}
		s := spmd.ReduceAdd(l, v)
		if l.Index() == 0 {
			*out = s
		}
	})
}

// QuadrantsPerPixel takes the quadrant of each lane's own pixel, so a tile
// straddling the middle of the image splits at the switch.
//
// kernel(bug)
func QuadrantsPerPixel(img Image, origin Coord, sx, sy int, out *float64) error {
	return spmd.Run(sx*sy, func(l spmd.Lane) {
		t := Tile{lane: l, Origin: origin, Size: Coord{sx, sy}}
		q := quadrant(img, t.Me())
		v := img.At(t.Me())
		switch q {
		case Coord{0, 0}:
			v /= spmd.ReduceMax(l, v) // EXPECT
		}
		s := spmd.ReduceAdd(l, v)
		if l.Index() == 0 {
			*out = s
		}
	})
}

// quadrant returns which quadrant of the image c lies in, as a Coord of
// 0s and 1s.
func quadrant(img Image, c Coord) Coord {
	q := Coord{}
	if 2*c.X >= img.W {
		q.X = 1
	}
	if 2*c.Y >= img.H {
		q.Y = 1
	}
	return q
}

// RowsBelow writes into totals[y] the sum over the tile's columns of row y,
// for every row from the tile's top row down to the bottom of the image.
// The top row comes from lane 0's pixel, broadcast as a Coord from a
// constant source lane: the same in every lane.
//
// kernel(ok)
func RowsBelow(img Image, origin Coord, sx, sy int, totals []float64) error {
	return spmd.Run(sx*sy, func(l spmd.Lane) {
		t := Tile{lane: l, Origin: origin, Size: Coord{sx, sy}}
		me := t.Me()
		anchor := spmd.Broadcast(l, me, 0)
		for y := anchor.Y; y < img.H; y++ {
			v := 0.0
			if me.Y == anchor.Y {
				v = img.At(Coord{me.X, y})
			}
			r := spmd.ReduceAdd(l, v)
			if l.Index() == 0 {
				totals[y] = r
			}
		}
	})
}

// RowsBelowShifted broadcasts from the lane one tile row further down (to
// get the next row's pixel), a source that differs per lane: the anchor,
// and with it the number of rows walked, differ between lanes.
//
// kernel(bug)
func RowsBelowShifted(img Image, origin Coord, sx, sy int, totals []float64) error {
	return spmd.Run(sx*sy, func(l spmd.Lane) {
		t := Tile{lane: l, Origin: origin, Size: Coord{sx, sy}}
		me := t.Me()
		anchor := spmd.Broadcast(l, me, (l.Index()+sx)%l.Count())
		for y := anchor.Y; y < img.H; y++ {
			v := 0.0
			if me.Y == anchor.Y {
				v = img.At(Coord{me.X, y})
			}
			r := spmd.ReduceAdd(l, v) // EXPECT
			if l.Index() == 0 {
				totals[y] = r
			}
		}
	})
}
