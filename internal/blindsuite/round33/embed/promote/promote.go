// Package promote holds kernels written around struct embedding: a context
// that embeds the lane handle (so Index, Count and Barrier are promoted), a
// tile that embeds the context, positions embedded as promoted fields, blocks
// that embed a pointer to shared scratch memory, and outer types whose own
// methods shadow the ones they would otherwise promote.
package promote

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// Ctx is a lane's view of a launch. It embeds the lane handle, so c.Index(),
// c.Count() and c.Barrier() are the lane's own methods, promoted.
type Ctx struct {
	spmd.Lane
	In  []float64
	Out []float64
}

// Tile is a Ctx laid out as rows of Width lanes. Its methods reach Barrier
// through two levels of embedding.
type Tile struct {
	Ctx
	Width int
}

// Sync waits until every lane of the tile has arrived.
func (t Tile) Sync() { t.Barrier() }

// Leader reports whether the lane is the first of its row.
func (t Tile) Leader() bool { return t.Index()%t.Width == 0 }

// Pos is a position in a 2-D grid.
type Pos struct{ Row, Col int }

// Cell is a lane that owns one grid cell: Row and Col are promoted from the
// embedded Pos, Index/Barrier from the Ctx (and, below it, the lane).
type Cell struct {
	Pos
	Ctx
}

// Launch is a lane working on one block of a grid of blocks: the embedded Pos
// is the block's position, not the lane's.
type Launch struct {
	Pos
	Ctx
}

// Scratch is memory shared by the lanes of a group, used through one lane's
// handle. Publish stores the lane's value and waits until every lane has.
type Scratch struct {
	lane spmd.Lane
	Buf  []float64
}

// Publish stores v in slot i and waits for the other lanes to do the same.
func (s *Scratch) Publish(i int, v float64) {
	s.Buf[i] = v
	s.lane.Barrier()
}

// Sync waits for the other lanes.
func (s *Scratch) Sync() { s.lane.Barrier() }

// Block embeds a pointer to the scratch memory: Publish, Sync and Buf are
// promoted through the pointer.
type Block struct {
	*Scratch
	Base int
}

// Staged is scratch memory written in batches: its Publish shadows
// Scratch.Publish and only stores, the caller syncs once per batch.
type Staged struct {
	*Scratch
}

// Publish stores v in slot i without waiting.
func (s Staged) Publish(i int, v float64) { s.Buf[i] = v }

// Hist is a histogram in shared memory; Add needs no other lane.
type Hist struct {
	Bins []int32
}

// Add counts one value in bin b.
func (h *Hist) Add(b int) { atomic.AddInt32(&h.Bins[b], 1) }

// SyncedHist shadows Hist.Add with a version that also waits for the other
// lanes, for kernels that read the bins right after each add.
type SyncedHist struct {
	*Hist
	lane spmd.Lane
}

// Add counts one value in bin b and waits until every lane has counted.
func (s SyncedHist) Add(b int) {
	s.Hist.Add(b)
	s.lane.Barrier()
}

// Smooth3 writes out[i] = (in[i-1] + 2*in[i] + in[i+1]) / 4, edges clamped,
// one element per lane; zeros stay zero. Every lane stages its element and
// reaches the promoted barrier before any lane leaves.
//
// kernel(ok)
func Smooth3(in, out []float64) error {
	stage := make([]float64, len(in))
	return spmd.Run(len(in), func(l spmd.Lane) {
		c := Ctx{Lane: l, In: in, Out: out}
		i := c.Index()
		stage[i] = c.In[i]
		c.Barrier()
		if c.In[i] == 0 {
			c.Out[i] = 0
			return
		}
		lo, hi := max(i-1, 0), min(i+1, c.Count()-1)
		c.Out[i] = (stage[lo] + 2*stage[i] + stage[hi]) / 4
	})
}

// Smooth3SkipZeros is Smooth3 with the zero test moved up front: lanes
// holding a zero return before the promoted barrier.
//
// kernel(bug)
func Smooth3SkipZeros(in, out []float64) error {
	stage := make([]float64, len(in))
	return spmd.Run(len(in), func(l spmd.Lane) {
		c := Ctx{Lane: l, In: in, Out: out}
		i := c.Index()
		if c.In[i] == 0 {
			c.Out[i] = 0
			return
		}
		stage[i] = c.In[i]
		c.Barrier() // EXPECT
		lo, hi := max(i-1, 0), min(i+1, c.Count()-1)
		c.Out[i] = (stage[lo] + 2*stage[i] + stage[hi]) / 4
	})
}

// ReverseChunks reverses every chunk of `lanes` consecutive elements of in
// into out (the last chunk may be shorter). The loop walks the chunks in
// step, so every lane syncs in every chunk, even the lanes past the end.
//
// kernel(ok)
func ReverseChunks(in, out []float64, lanes int) error {
	shared := make([]float64, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		t := Tile{Ctx: Ctx{Lane: l, In: in, Out: out}, Width: lanes}
		i := t.Index()
		for base := 0; base < len(t.In); base += t.Count() {
			n := min(t.Count(), len(t.In)-base)
			if i < n {
				shared[i] = t.In[base+i]
			}
			t.Sync()
			if i < n {
				t.Out[base+i] = shared[n-1-i]
			}
			t.Sync()
		}
	})
}

// ReverseChunksStrided is ReverseChunks written as a grid-stride loop: the
// lanes past the end of a short last chunk leave the loop early.
//
// kernel(bug)
func ReverseChunksStrided(in, out []float64, lanes int) error {
	shared := make([]float64, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		t := Tile{Ctx: Ctx{Lane: l, In: in, Out: out}, Width: lanes}
		i := t.Index()
		for k := i; k < len(t.In); k += t.Count() {
			base := k - i
			n := min(t.Count(), len(t.In)-base)
			shared[i] = t.In[k]
			t.Sync() // EXPECT
			t.Out[k] = shared[n-1-i]
			t.Sync() // EXPECT
		}
	})
}

// Jacobi runs iters Jacobi sweeps on a rows x cols grid, one lane per cell.
// Boundary cells keep their value but still take part in both barriers of
// every sweep.
//
// kernel(ok)
func Jacobi(grid []float64, rows, cols, iters int) error {
	next := make([]float64, len(grid))
	return spmd.Run(rows*cols, func(l spmd.Lane) {
		c := Cell{Pos: Pos{Row: l.Index() / cols, Col: l.Index() % cols}, Ctx: Ctx{Lane: l, In: grid, Out: next}}
		i := c.Index()
		boundary := c.Row == 0 || c.Row == rows-1 || c.Col == 0 || c.Col == cols-1
		for range iters {
			if boundary {
				c.Out[i] = c.In[i]
			} else {
				c.Out[i] = (c.In[i-1] + c.In[i+1] + c.In[i-cols] + c.In[i+cols]) / 4
			}
			c.Barrier()
			c.In[i] = c.Out[i]
			c.Barrier()
		}
	})
}

// JacobiInterior lets boundary cells return at once, since their value never
// changes; the interior cells then wait for them at the barriers.
//
// kernel(bug)
func JacobiInterior(grid []float64, rows, cols, iters int) error {
	next := make([]float64, len(grid))
	return spmd.Run(rows*cols, func(l spmd.Lane) {
		c := Cell{Pos: Pos{Row: l.Index() / cols, Col: l.Index() % cols}, Ctx: Ctx{Lane: l, In: grid, Out: next}}
		i := c.Index()
		if c.Row == 0 || c.Row == rows-1 || c.Col == 0 || c.Col == cols-1 {
			return
		}
		for range iters {
			c.Out[i] = (c.In[i-1] + c.In[i+1] + c.In[i-cols] + c.In[i+cols]) / 4
			c.Barrier() // EXPECT
			c.In[i] = c.Out[i]
			c.Barrier() // EXPECT
		}
	})
}

// ScaleBlock scales block (br, bc) of a grid of blocks, one lane per element
// of the block (in holds the block). Blocks in the first block row are also
// normalized by their largest element: the embedded Pos is the block's, the
// same in every lane, so the reduction runs in all lanes or none.
//
// kernel(ok)
func ScaleBlock(in, out []float64, br, bc int, factor float64) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		lc := Launch{Pos: Pos{Row: br, Col: bc}, Ctx: Ctx{Lane: l, In: in, Out: out}}
		v := lc.In[lc.Index()] * factor
		if lc.Row == 0 {
			m := spmd.ReduceMax(lc.Lane, v)
			v /= m
		}
		lc.Out[lc.Index()] = v
	})
}

// ScaleRow0 is ScaleBlock with the lane's own position in the w-wide block
// embedded instead of the block's: only the lanes of the first row reach the
// reduction.
//
// kernel(bug)
func ScaleRow0(in, out []float64, w int, factor float64) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		lc := Launch{Pos: Pos{Row: l.Index() / w, Col: l.Index() % w}, Ctx: Ctx{Lane: l, In: in, Out: out}}
		v := lc.In[lc.Index()] * factor
		if lc.Row == 0 {
			m := spmd.ReduceMax(lc.Lane, v) // EXPECT
			v /= m
		}
		lc.Out[lc.Index()] = v
	})
}

// Diffs writes out[i] = in[i+1] - in[i] (0 for the last lane). Each lane
// publishes its element through the promoted method of the embedded
// *Scratch, which waits for all lanes.
//
// kernel(ok)
func Diffs(in, out []float64) error {
	buf := make([]float64, len(in))
	return spmd.Run(len(in), func(l spmd.Lane) {
		b := Block{Scratch: &Scratch{lane: l, Buf: buf}}
		i := l.Index()
		v := in[i]
		b.Publish(b.Base+i, v)
		if i+1 < l.Count() {
			out[i] = b.Buf[i+1] - v
		}
	})
}

// DiffsSparse publishes only the nonzero elements, since the buffer starts
// out zeroed; but Publish, promoted through the pointer, holds a barrier.
//
// kernel(bug)
func DiffsSparse(in, out []float64) error {
	buf := make([]float64, len(in))
	return spmd.Run(len(in), func(l spmd.Lane) {
		b := Block{Scratch: &Scratch{lane: l, Buf: buf}}
		i := l.Index()
		v := in[i]
		if v != 0 {
			b.Publish(b.Base+i, v) // EXPECT
		}
		b.Sync()
		if i+1 < l.Count() {
			out[i] = b.Buf[i+1] - v
		}
	})
}

// DiffsStaged is DiffsSparse with the Staged wrapper, whose Publish shadows
// the promoted one and does not wait: the single Sync after it is reached by
// every lane.
//
// kernel(ok)
func DiffsStaged(in, out []float64) error {
	buf := make([]float64, len(in))
	return spmd.Run(len(in), func(l spmd.Lane) {
		st := Staged{Scratch: &Scratch{lane: l, Buf: buf}}
		i := l.Index()
		v := in[i]
		if v != 0 {
			st.Publish(i, v)
		}
		st.Sync()
		if i+1 < l.Count() {
			out[i] = st.Buf[i+1] - v
		}
	})
}

// DiffsStagedInner is DiffsStaged calling the embedded Scratch's Publish
// explicitly, which bypasses the shadowing method and waits.
//
// kernel(bug)
func DiffsStagedInner(in, out []float64) error {
	buf := make([]float64, len(in))
	return spmd.Run(len(in), func(l spmd.Lane) {
		st := Staged{Scratch: &Scratch{lane: l, Buf: buf}}
		i := l.Index()
		v := in[i]
		if v != 0 {
			st.Scratch.Publish(i, v) // EXPECT
		}
		st.Sync()
		if i+1 < l.Count() {
			out[i] = st.Buf[i+1] - v
		}
	})
}

// Histogram counts the non-negative values of in into bins (value mod
// len(bins)), one value per lane, through the inner Hist.Add that needs no
// other lane; all lanes then wait once and lane 0 records the total.
//
// kernel(ok)
func Histogram(in []int, bins []int32, total *int32) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		s := SyncedHist{Hist: &Hist{Bins: bins}, lane: l}
		v := in[l.Index()]
		if v >= 0 {
			s.Hist.Add(v % len(s.Bins))
		}
		s.lane.Barrier()
		if l.Index() == 0 {
			var n int32
			for _, c := range s.Bins {
				n += c
			}
			*total = n
		}
	})
}

// HistogramSynced calls the outer Add, which shadows Hist.Add and waits: the
// lanes holding negative values never get there.
//
// kernel(bug)
func HistogramSynced(in []int, bins []int32, total *int32) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		s := SyncedHist{Hist: &Hist{Bins: bins}, lane: l}
		v := in[l.Index()]
		if v >= 0 {
			s.Add(v % len(s.Bins)) // EXPECT
		}
		if l.Index() == 0 {
			var n int32
			for _, c := range s.Bins {
				n += c
			}
			*total = n
		}
	})
}

// RowTotals sums in (one element per lane) row by row, rows of width w; the
// leader of each row adds up its row, everyone waits, and lane 0 adds up the
// row sums. The second barrier is outside the leaders' branch.
//
// kernel(ok)
func RowTotals(in []float64, w int, total *float64) error {
	shared := make([]float64, len(in))
	rows := make([]float64, (len(in)+w-1)/w)
	return spmd.Run(len(in), func(l spmd.Lane) {
		t := Tile{Ctx: Ctx{Lane: l, In: in}, Width: w}
		i := t.Index()
		shared[i] = t.In[i]
		t.Sync()
		if t.Leader() {
			s := 0.0
			for k := i; k < min(i+t.Width, t.Count()); k++ {
				s += shared[k]
			}
			rows[i/t.Width] = s
		}
		t.Sync()
		if i == 0 {
			s := 0.0
			for _, r := range rows {
				s += r
			}
			*total = s
		}
	})
}

// RowTotalsLeaders has the row leaders wait for each other inside their
// branch: Leader, built on the promoted Index, differs between lanes.
//
// kernel(bug)
func RowTotalsLeaders(in []float64, w int, total *float64) error {
	shared := make([]float64, len(in))
	rows := make([]float64, (len(in)+w-1)/w)
	return spmd.Run(len(in), func(l spmd.Lane) {
		t := Tile{Ctx: Ctx{Lane: l, In: in}, Width: w}
		i := t.Index()
		shared[i] = t.In[i]
		t.Sync()
		if t.Leader() {
			s := 0.0
			for k := i; k < min(i+t.Width, t.Count()); k++ {
				s += shared[k]
			}
			rows[i/t.Width] = s
			t.Sync() // EXPECT
			if i == 0 {
				s := 0.0
				for _, r := range rows {
					s += r
				}
				*total = s
			}
		}
	})
}

// TileWidths writes into out[i] the sum of lane i's element and its right
// neighbour's in the same row (rows of width w). It syncs between its phases
// only when a row is wider than one lane (a one-lane row reads only its own
// slot): Width is the kernel parameter w, the same in every lane.
//
// kernel(ok)
func TileWidths(in, out []float64, w int) error {
	shared := make([]float64, len(in))
	return spmd.Run(len(in), func(l spmd.Lane) {
		t := Tile{Ctx: Ctx{Lane: l, In: in, Out: out}, Width: w}
		i := t.Index()
		shared[i] = t.In[i]
		if t.Width > 1 {
			t.Sync()
		}
		s := shared[i]
		if i%t.Width != t.Width-1 && i+1 < t.Count() {
			s += shared[i+1]
		}
		t.Out[i] = s
	})
}

// TileWidthsLast syncs only in lanes that are not last in their row, since
// the last lane of a row reads no neighbour; the others wait for it anyway.
//
// kernel(bug)
func TileWidthsLast(in, out []float64, w int) error {
	shared := make([]float64, len(in))
	return spmd.Run(len(in), func(l spmd.Lane) {
		t := Tile{Ctx: Ctx{Lane: l, In: in, Out: out}, Width: w}
		i := t.Index()
		shared[i] = t.In[i]
		if i%t.Width != t.Width-1 {
			t.Sync() // EXPECT
		}
		s := shared[i]
		if i%t.Width != t.Width-1 && i+1 < t.Count() {
			s += shared[i+1]
		}
		t.Out[i] = s
	})
}
