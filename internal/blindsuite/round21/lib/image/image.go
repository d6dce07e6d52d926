// Package image holds image-processing kernels: histograms, stencils,
// thresholds and normalizations.
package image

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round21/lib/block"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round21/lib/warp"
	"github.com/spmdvet/spmdvet/spmd"
)

// Bins is the number of histogram bins; pixel values are 0..Bins-1.
const Bins = 8

// HistoPrivate builds a histogram with one private histogram per lane,
// merged by a reduction per bin in a uniform loop.
//
//spmd:kernel
func HistoPrivate(l spmd.Lane, pix []int, hist []int) {
	var priv [Bins]int
	for i := l.Index(); i < len(pix); i += l.Count() {
		priv[pix[i]]++
	}
	for b := 0; b < Bins; b++ {
		s := spmd.ReduceAdd(l, priv[b])
		if l.Index() == 0 {
			hist[b] = s
		}
	}
}

// HistoPrivateSparse merges only the bins the lane itself has seen.
//
//spmd:kernel
func HistoPrivateSparse(l spmd.Lane, pix []int, hist []int) {
	var priv [Bins]int
	for i := l.Index(); i < len(pix); i += l.Count() {
		priv[pix[i]]++
	}
	for b := 0; b < Bins; b++ {
		if priv[b] != 0 {
			s := spmd.ReduceAdd(l, priv[b]) // EXPECT
			if l.Index() == 0 {
				hist[b] = s
			}
		}
	}
}

// HistoShared builds the histogram with atomic adds to shared bins and
// synchronizes after the loop.
//
//spmd:kernel
func HistoShared(l spmd.Lane, pix []int, hist []int32) {
	for i := l.Index(); i < len(pix); i += l.Count() {
		atomic.AddInt32(&hist[pix[i]], 1)
	}
	l.Barrier()
}

// HistoNewBins counts, in newBins[0], the bins that were empty before this
// pass. The lanes that created a bin count themselves; the result of an
// atomic add depends on the lane.
//
//spmd:kernel
func HistoNewBins(l spmd.Lane, pix []int, hist []int32, newBins []int) {
	if i := l.Index(); i < len(pix) {
		if atomic.AddInt32(&hist[pix[i]], 1) == 1 {
			newBins[0] = warp.Count(l, true) // EXPECT
		}
	}
}

// HistoNewBinsBallot lets every lane take part in the ballot.
//
//spmd:kernel
func HistoNewBinsBallot(l spmd.Lane, pix []int, hist []int32, newBins []int) {
	created := false
	if i := l.Index(); i < len(pix) {
		created = atomic.AddInt32(&hist[pix[i]], 1) == 1
	}
	n := warp.Count(l, created)
	if l.Index() == 0 {
		newBins[0] = n
	}
}

// Stencil3 computes out[i] = in[i-1] + in[i] + in[i+1] (zero outside) with
// tiles of Count items plus a halo in the shared tile (len Count+2).
//
//spmd:kernel
func Stencil3(l spmd.Lane, in, out, tile []float64) {
	i, c := l.Index(), l.Count()
	at := func(k int) float64 {
		if k < 0 || k >= len(in) {
			return 0
		}
		return in[k]
	}
	for base := 0; base < len(in); base += c {
		tile[i+1] = at(base + i)
		if i == 0 {
			tile[0] = at(base - 1)
		}
		if i == c-1 {
			tile[c+1] = at(base + c)
		}
		l.Barrier()
		if base+i < len(in) {
			out[base+i] = tile[i] + tile[i+1] + tile[i+2]
		}
		l.Barrier()
	}
}

// Stencil3HaloSync synchronizes inside the halo loads.
//
//spmd:kernel
func Stencil3HaloSync(l spmd.Lane, in, out, tile []float64) {
	i, c := l.Index(), l.Count()
	for base := 0; base < len(in); base += c {
		tile[i+1] = in[base+i]
		if i == 0 {
			tile[0] = 0
			if base > 0 {
				tile[0] = in[base-1]
			}
			warp.Sync(l) // EXPECT
		}
		if i == c-1 {
			tile[c+1] = 0
			if base+c < len(in) {
				tile[c+1] = in[base+c]
			}
		}
		l.Barrier()
		out[base+i] = tile[i] + tile[i+1] + tile[i+2]
		l.Barrier()
	}
}

// Stencil3Tail returns from the lanes past the end of in, inside the tile
// loop: they miss this tile's barriers.
//
//spmd:kernel
func Stencil3Tail(l spmd.Lane, in, out, tile []float64) {
	i, c := l.Index(), l.Count()
	for base := 0; base < len(in); base += c {
		if base+i >= len(in) {
			return
		}
		tile[i+1] = in[base+i]
		l.Barrier() // EXPECT
		out[base+i] = tile[i+1] * 2
		l.Barrier() // EXPECT
	}
}

// BlurRows averages each pixel with its row neighbours, loading each row
// with block.LoadTile (rows are at most Count wide).
//
//spmd:kernel
func BlurRows(l spmd.Lane, img []float64, w int, out, tile []float64) {
	i := l.Index()
	for y := 0; y*w < len(img); y++ {
		block.LoadTile(l, tile[:l.Count()], img[y*w:y*w+w], 0)
		if i < w {
			s, n := tile[i], 1.0
			if i > 0 {
				s, n = s+tile[i-1], n+1
			}
			if i+1 < w {
				s, n = s+tile[i+1], n+1
			}
			out[y*w+i] = s / n
		}
		l.Barrier()
	}
}

// BlurRowsEarly uses block.LoadTileEarly, whose lanes past the end of the
// row return before its barrier. The finding is in block, not here.
//
//spmd:kernel
func BlurRowsEarly(l spmd.Lane, img []float64, w int, out, tile []float64) {
	for y := 0; y*w < len(img); y++ {
		block.LoadTileEarly(l, tile, img[y*w:y*w+w], 0)
		if i := l.Index(); i < w {
			out[y*w+i] = tile[i]
		}
		l.Barrier()
	}
}

// Threshold counts (in count[0]) the pixels above t, one per lane.
//
//spmd:kernel
func Threshold(l spmd.Lane, img []float64, t float64, count []int) {
	v := img[l.Index()]
	c := warp.Count(l, v > t)
	if warp.Leader(l) {
		count[0] = c
	}
}

// ThresholdGuarded counts only in the lanes above the threshold.
//
//spmd:kernel
func ThresholdGuarded(l spmd.Lane, img []float64, t float64, count []int) {
	v := img[l.Index()]
	if v > t {
		count[0] = warp.Count(l, true) // EXPECT
	}
}

// Normalize scales the pixels so that the largest is 1.
//
//spmd:kernel
func Normalize(l spmd.Lane, img, out []float64) {
	i := l.Index()
	v := img[i]
	m := warp.Max(l, v)
	if m > 0 {
		out[i] = v / m
	}
}

// NormalizeNonzero asks only the nonzero pixels for the maximum.
//
//spmd:kernel
func NormalizeNonzero(l spmd.Lane, img, out []float64) {
	i := l.Index()
	v := img[i]
	if v != 0 {
		out[i] = v / warp.Max(l, v) // EXPECT
	}
}

// Retry runs a retry loop written with goto. Lane 0 enters the loop at
// "check" and the others at "work", so the cycle has two entries that
// diverged paths reach.
//
//spmd:kernel
func Retry(l spmd.Lane, tries []int) {
	n := 0
	if l.Index() == 0 {
		goto check
	}
work:
	l.Barrier() // EXPECT
	n++
check:
	n++
	if n < 5 {
		goto work
	}
	tries[l.Index()] = n
}

// RetryUniform enters the same goto loop at an entry chosen by a uniform
// condition.
//
//spmd:kernel
func RetryUniform(l spmd.Lane, tries []int) {
	n := 0
	if l.Count() > 2 {
		goto check
	}
work:
	l.Barrier()
	n++
check:
	n++
	if n < 5 {
		goto work
	}
	tries[l.Index()] = n
}

// SkipNegative jumps forward over the scaling of negative pixels; the
// barrier is at the join.
//
//spmd:kernel
func SkipNegative(l spmd.Lane, img []float64) {
	i := l.Index()
	if img[i] < 0 {
		goto done
	}
	img[i] *= 2
done:
	l.Barrier()
}

// Channels does extra work depending on the group width (uniform).
//
//spmd:kernel
func Channels(l spmd.Lane, img []float64, out []float64) {
	v := img[l.Index()]
	switch warp.Width(l) % 3 {
	case 0:
		v = spmd.ReduceAdd(l, v)
	case 1:
		warp.Sync(l)
		v = spmd.ReduceMax(l, v)
	default:
		v = -v
	}
	out[l.Index()] = v
}

// ChannelsByLane switches on the lane id.
//
//spmd:kernel
func ChannelsByLane(l spmd.Lane, img []float64, out []float64) {
	v := img[l.Index()]
	switch warp.ID(l) % 3 {
	case 0:
		v = spmd.ReduceAdd(l, v) // EXPECT
	case 1:
		warp.Sync(l) // EXPECT
	default:
		v = -v
	}
	out[l.Index()] = v
}

// RowsSkipDark processes an image of w-wide rows; a lane skips the rest of a
// row (continue rows) when its pixel is dark, and so misses the row's
// barrier.
//
//spmd:kernel
func RowsSkipDark(l spmd.Lane, img []float64, w int, out []float64) {
	i := l.Index()
rows:
	for y := 0; y*w < len(img); y++ {
		for x := 0; x < w; x += l.Count() {
			if x+i < w && img[y*w+x+i] == 0 {
				continue rows
			}
		}
		l.Barrier() // EXPECT
		if i == 0 {
			out[y] = 1
		}
	}
}

// RowsSkipBlank skips a row when all its pixels are zero: the continue is
// under a vote.
//
//spmd:kernel
func RowsSkipBlank(l spmd.Lane, img []float64, w int, out []float64) {
	i := l.Index()
rows:
	for y := 0; y*w < len(img); y++ {
		for x := 0; x < w; x += l.Count() {
			blank := x+i >= w || img[y*w+x+i] == 0
			if warp.Unanimous(l, blank) {
				continue rows
			}
		}
		l.Barrier()
		if i == 0 {
			out[y] = 1
		}
	}
}

// HotSpot synchronizes when the lane's pixel is hot; the flag is per-lane
// memory written through a pointer under a lane-dependent condition.
//
//spmd:kernel
func HotSpot(l spmd.Lane, img []float64, out []int) {
	hot := false
	p := &hot
	if img[l.Index()] > 200 {
		*p = true
	}
	if hot {
		l.Barrier() // EXPECT
		out[l.Index()] = 1
	}
}

// HotSpotVote stores the vote through the pointer: the flag is uniform.
//
//spmd:kernel
func HotSpotVote(l spmd.Lane, img []float64, out []int) {
	hot := false
	p := &hot
	*p = warp.Vote(l, img[l.Index()] > 200)
	if hot {
		l.Barrier()
		out[l.Index()] = 1
	}
}

// CountLit counts the lit pixels with a local closure that reduces, called
// only in the lit lanes.
//
//spmd:kernel
func CountLit(l spmd.Lane, img []float64, out []int) {
	announce := func() { out[0] = spmd.ReduceAdd(l, 1) }
	if img[l.Index()] > 0 {
		announce() // EXPECT
	}
}

// CountLitAny calls the same closure when some pixel is lit (uniform).
//
//spmd:kernel
func CountLitAny(l spmd.Lane, img []float64, out []int) {
	announce := func() { out[0] = spmd.ReduceAdd(l, 1) }
	if warp.Vote(l, img[l.Index()] > 0) {
		announce()
	}
}

// AnyBrightExceptFirst is a short-circuit ||: lane 0 never votes.
//
//spmd:kernel
func AnyBrightExceptFirst(l spmd.Lane, img []float64, out []bool) {
	if l.Index() == 0 || warp.Vote(l, img[l.Index()] > 200) { // EXPECT
		out[l.Index()] = true
	}
}

// FirstTileSum sums the first tile of 8 lanes. warp.TileBase reads like a
// per-tile constant but depends on the lane when the group has 2 tiles.
//
//spmd:kernel
func FirstTileSum(l spmd.Lane, img []float64, out []float64) {
	if warp.TileBase(l, 8) == 0 {
		out[0] = spmd.ReduceAdd(l, img[l.Index()]) // EXPECT
	}
}

// ImageSum sums the image with block.TreeReduce (Count a power of two).
//
//spmd:kernel
func ImageSum(l spmd.Lane, img []float64, buf []float64, out []float64) {
	v := 0.0
	for k := l.Index(); k < len(img); k += l.Count() {
		v += img[k]
	}
	s := block.TreeReduce(l, buf, v)
	if l.Index() == 0 {
		out[0] = s
	}
}

// ImageSumCovered calls block.TreeReduce only in the lanes that hold a
// pixel.
//
//spmd:kernel
func ImageSumCovered(l spmd.Lane, img []float64, buf []float64, out []float64) {
	if l.Index() < len(img) {
		out[0] = block.TreeReduce(l, buf, img[l.Index()]) // EXPECT
	}
}

// Gradient stores the difference with the next pixel (wrapping), one pixel
// per lane.
//
//spmd:kernel
func Gradient(l spmd.Lane, img []float64, out []float64) {
	v := img[l.Index()]
	out[l.Index()] = warp.Neighbor(l, v) - v
}

// GradientInterior shuffles only in the lanes with a right neighbour.
//
//spmd:kernel
func GradientInterior(l spmd.Lane, img []float64, out []float64) {
	i := l.Index()
	if i+1 < l.Count() {
		out[i] = warp.Neighbor(l, img[i]) - img[i] // EXPECT
	}
}

// ShareBright shares the value of lane 0 through the group's scratch with
// a method expression, only in the bright lanes.
//
//spmd:kernel
func ShareBright(l spmd.Lane, img []float64, scratch []int, out []int) {
	g := &block.Group{L: l, Scratch: scratch}
	share := (*block.Group).Share
	if img[l.Index()] > 100 {
		out[l.Index()] = share(g, l.Index(), 0) // EXPECT
	}
}

// ShareAll shares through the same method expression in every lane.
//
//spmd:kernel
func ShareAll(l spmd.Lane, img []float64, scratch []int, out []int) {
	g := &block.Group{L: l, Scratch: scratch}
	share := (*block.Group).Share
	out[l.Index()] = share(g, int(img[l.Index()]), 0)
}

// FirstBright finds the first pixel above 200 (or len) with a strided search
// that breaks per lane; the reduction comes after the loop.
//
//spmd:kernel
func FirstBright(l spmd.Lane, img []float64, out []int) {
	found := len(img)
	for k := l.Index(); k < len(img); k += l.Count() {
		if img[k] > 200 {
			found = k
			break
		}
	}
	f := warp.Min(l, found)
	if l.Index() == 0 {
		out[0] = f
	}
}
