package imaging

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round16/apps/kit"
	"github.com/spmdvet/spmdvet/spmd"
)

// BoxBlur (correct): separable box blur. Every lane does a strided share of
// the horizontal pass into tmp, the group meets at one barrier, then the
// vertical pass reads tmp. The strided loops have per-lane trip counts but no
// convergent call inside, and the barrier after the first loop post-dominates
// it, so every lane reaches it.
//
//spmd:kernel
func BoxBlur(l spmd.Lane, src, tmp, dst *Gray, r int) {
	n := src.W * src.H
	for p := l.Index(); p < n; p += l.Count() {
		x, y := p%src.W, p/src.W
		s := 0
		for dx := -r; dx <= r; dx++ {
			s += int(src.At(x+dx, y))
		}
		tmp.Pix[p] = uint8(s / (2*r + 1))
	}
	l.Barrier()
	for p := l.Index(); p < n; p += l.Count() {
		x, y := p%src.W, p/src.W
		s := 0
		for dy := -r; dy <= r; dy++ {
			s += int(tmp.At(x, y+dy))
		}
		dst.Pix[p] = uint8(s / (2*r + 1))
	}
}

// BlurRowsTiled (bug): one lane per column, each row staged in a shared
// tile so that a lane can read its neighbours' pixels. Lanes past the image
// width leave with the CUDA idiom "if (x >= width) return;", so the barriers
// below are reached only by the lanes that stayed: with more lanes than
// columns, the returned lanes never arrive.
//
//spmd:kernel
func BlurRowsTiled(l spmd.Lane, src, dst *Gray, tile []uint8) {
	x := l.Index()
	if x >= src.W {
		return
	}
	for y := 0; y < src.H; y++ {
		tile[x] = src.Pix[y*src.W+x]
		l.Barrier() // EXPECT
		left, right := tile[max(x-1, 0)], tile[min(x+1, src.W-1)]
		dst.Pix[y*src.W+x] = uint8((int(left) + int(tile[x]) + int(right)) / 3)
		l.Barrier() // EXPECT
	}
}

// BlurRowsTiledGuarded (correct): the fixed BlurRowsTiled. Lanes past the
// width stay in the kernel and only skip the loads and stores; every lane
// runs the same number of rows (src.H is uniform) and reaches both barriers.
//
//spmd:kernel
func BlurRowsTiledGuarded(l spmd.Lane, src, dst *Gray, tile []uint8) {
	x := l.Index()
	active := x < src.W
	for y := 0; y < src.H; y++ {
		if active {
			tile[x] = src.Pix[y*src.W+x]
		}
		l.Barrier()
		if active {
			left, right := tile[max(x-1, 0)], tile[min(x+1, src.W-1)]
			dst.Pix[y*src.W+x] = uint8((int(left) + int(tile[x]) + int(right)) / 3)
		}
		l.Barrier()
	}
}

// ThresholdParams is shared between the lanes of Otsu.
type ThresholdParams struct {
	Level      int32 // written by lane 0, read by all after a barrier
	Foreground int   // number of pixels above Level
}

// Otsu (correct): histogram with atomics, a barrier, lane 0 picks the level
// and stores it in shared memory, a barrier, then every lane reads the level.
// That read is a load from shared memory (a kernel parameter) at a uniform
// address, so it is uniform and the early return on level 255 is taken by
// all lanes or none; the ReduceAdd after it is reached by every lane.
//
//spmd:kernel
func Otsu(l spmd.Lane, img, out *Gray, hist []int32, p *ThresholdParams) {
	n := len(img.Pix)
	for i := l.Index(); i < n; i += l.Count() {
		atomic.AddInt32(&hist[img.Pix[i]], 1)
	}
	l.Barrier()
	if l.Index() == 0 {
		p.Level = otsuLevel(hist, n)
	}
	l.Barrier()
	level := p.Level
	if level >= 255 {
		return // nothing can be above: every lane leaves here together
	}
	fg := 0
	for i := l.Index(); i < n; i += l.Count() {
		if int32(img.Pix[i]) > level {
			out.Pix[i] = 255
			fg++
		} else {
			out.Pix[i] = 0
		}
	}
	total := spmd.ReduceAdd(l, fg)
	if l.Index() == 0 {
		p.Foreground = total
	}
}

// CountForeground (bug): ReduceAdd used as if it were an atomic counter,
// called once per bright pixel. In a round where some lanes' pixels are dark
// (or past the end), those lanes skip the collective.
//
//spmd:kernel
func CountForeground(l spmd.Lane, img *Gray, level uint8, count *int) {
	total := 0
	for base := 0; base < len(img.Pix); base += l.Count() {
		i := base + l.Index()
		if i < len(img.Pix) && img.Pix[i] > level {
			total += spmd.ReduceAdd(l, 1) // EXPECT
		}
	}
	if l.Index() == 0 {
		*count = total
	}
}

// LabelComponents (correct): connected-component labelling by label
// propagation with double buffering. The loop ends on spmd.Any, a uniform
// result, so all lanes run the same number of sweeps and every barrier is
// reached together.
//
//spmd:kernel
func LabelComponents(l spmd.Lane, img *Gray, cur, next []int32) {
	n := len(img.Pix)
	for i := l.Index(); i < n; i += l.Count() {
		if img.Pix[i] != 0 {
			cur[i] = int32(i)
		} else {
			cur[i] = -1
		}
	}
	l.Barrier()
	for {
		changed := false
		for i := l.Index(); i < n; i += l.Count() {
			m := minNeighbour(img, cur, i)
			next[i] = m
			if m != cur[i] {
				changed = true
			}
		}
		l.Barrier()
		for i := l.Index(); i < n; i += l.Count() {
			cur[i] = next[i]
		}
		l.Barrier()
		if !spmd.Any(l, changed) {
			break
		}
	}
}

// LabelComponentsLocal (bug): the same propagation, but the loop runs while
// this lane's own pixels change. A lane whose pixels settle leaves the loop
// while the others still wait at the barriers inside it.
//
//spmd:kernel
func LabelComponentsLocal(l spmd.Lane, img *Gray, cur, next []int32) {
	n := len(img.Pix)
	for i := l.Index(); i < n; i += l.Count() {
		if img.Pix[i] != 0 {
			cur[i] = int32(i)
		} else {
			cur[i] = -1
		}
	}
	l.Barrier()
	for changed := true; changed; {
		changed = false
		for i := l.Index(); i < n; i += l.Count() {
			m := minNeighbour(img, cur, i)
			next[i] = m
			if m != cur[i] {
				changed = true
			}
		}
		l.Barrier() // EXPECT
		for i := l.Index(); i < n; i += l.Count() {
			cur[i] = next[i]
		}
		l.Barrier() // EXPECT
	}
}

// HistEqualize (correct): atomic histogram, barrier, lane 0 alone builds the
// lookup table (no convergent call inside its branch), barrier, every lane
// maps its pixels.
//
//spmd:kernel
func HistEqualize(l spmd.Lane, img, out *Gray, hist []int32, lut []uint8) {
	n := len(img.Pix)
	for i := l.Index(); i < n; i += l.Count() {
		atomic.AddInt32(&hist[img.Pix[i]], 1)
	}
	l.Barrier()
	if l.Index() == 0 {
		fillLUT(hist, lut, n)
	}
	l.Barrier()
	for i := l.Index(); i < n; i += l.Count() {
		out.Pix[i] = lut[img.Pix[i]]
	}
}

// publishLUT builds the lookup table and "publishes" it with a barrier.
// Straight-line apart from a constant-bound loop: correct when called by all.
func publishLUT(l spmd.Lane, hist []int32, lut []uint8, n int) {
	fillLUT(hist, lut, n)
	l.Barrier()
}

// HistEqualizeLane0 (bug): lane 0 calls a helper that ends in a barrier, and
// the other lanes "wait for it" with their own barrier in the else branch.
// These are two different barriers, each reached by only part of the group
// (the barrier in a helper called from a divergent branch).
//
//spmd:kernel
func HistEqualizeLane0(l spmd.Lane, img, out *Gray, hist []int32, lut []uint8) {
	n := len(img.Pix)
	for i := l.Index(); i < n; i += l.Count() {
		atomic.AddInt32(&hist[img.Pix[i]], 1)
	}
	l.Barrier()
	if l.Index() == 0 {
		publishLUT(l, hist, lut, n) // EXPECT
	} else {
		l.Barrier() // EXPECT
	}
	for i := l.Index(); i < n; i += l.Count() {
		out.Pix[i] = lut[img.Pix[i]]
	}
}

// Sobel (correct): gradient magnitudes and an edge count, written against the
// kit.Team wrapper. Rounds of Size() pixels keep the trip count uniform, so
// the Vote in each round and the Sync after the loop are reached by all lanes;
// only the computation is guarded.
//
//spmd:kernel
func Sobel(t kit.Team, img *Gray, mag []int32, thr int32, edges *int) {
	w, h := img.W, img.H
	n := w * h
	cnt := 0
	for base := 0; base < n; base += t.Size() {
		p := base + t.ID()
		edge := false
		if p < n {
			x, y := p%w, p/w
			if x > 0 && x < w-1 && y > 0 && y < h-1 {
				m := sobelAt(img, x, y)
				mag[p] = m
				edge = m > thr
			}
		}
		cnt += kit.Vote(t.L, edge)
	}
	t.Sync()
	if t.ID() == 0 {
		*edges = cnt
	}
}

// SobelInteriorVote (bug): the vote moved inside the interior test, so lanes
// on the image border (or past its end) skip it.
//
//spmd:kernel
func SobelInteriorVote(t kit.Team, img *Gray, mag []int32, thr int32, edges *int) {
	w, h := img.W, img.H
	n := w * h
	cnt := 0
	for base := 0; base < n; base += t.Size() {
		p := base + t.ID()
		if p < n {
			x, y := p%w, p/w
			if x > 0 && x < w-1 && y > 0 && y < h-1 {
				m := sobelAt(img, x, y)
				mag[p] = m
				cnt += kit.Vote(t.L, m > thr) // EXPECT
			}
		}
	}
	t.Sync()
	if t.ID() == 0 {
		*edges = cnt
	}
}

// Downsample2 (correct): halves a signal. Lane pairs exchange values with
// ShuffleXor(…, 1) in every round (uniform trip count) and the even lane of
// each pair stores the mean; only the store is guarded by parity.
// Needs an even lane count.
//
//spmd:kernel
func Downsample2(l spmd.Lane, src, dst []uint8) {
	for base := 0; base < len(src); base += l.Count() {
		i := base + l.Index()
		v := 0
		if i < len(src) {
			v = int(src[i])
		}
		nb := spmd.ShuffleXor(l, v, 1)
		if l.Index()%2 == 0 && i < len(src) {
			dst[i/2] = uint8((v + nb + 1) / 2)
		}
	}
}

// Downsample2EvenOnly (bug): "only the even lanes need the neighbour", so the
// shuffle moved into the parity test; the odd lanes never join it.
//
//spmd:kernel
func Downsample2EvenOnly(l spmd.Lane, src, dst []uint8) {
	for base := 0; base < len(src); base += l.Count() {
		i := base + l.Index()
		v := 0
		if i < len(src) {
			v = int(src[i])
		}
		if l.Index()%2 == 0 {
			nb := spmd.ShuffleXor(l, v, 1) // EXPECT
			if i < len(src) {
				dst[i/2] = uint8((v + nb + 1) / 2)
			}
		}
	}
}
