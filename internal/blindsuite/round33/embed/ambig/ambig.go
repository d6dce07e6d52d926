// Package ambig holds kernels whose right answer under the spec is not
// clear to the author. None carries an EXPECT line; REPORT.md gives the
// author's guess for each (marked here as kernel(ambig), with the guess).
package ambig

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// Combiner combines a value over the lanes of a group.
type Combiner interface {
	Combine(v float64) float64
}

// SumOp and MaxOp are Combiners over a real group of lanes.
type SumOp struct{ spmd.Lane }
type MaxOp struct{ spmd.Lane }

func (s SumOp) Combine(v float64) float64 { return spmd.ReduceAdd(s.Lane, v) }
func (m MaxOp) Combine(v float64) float64 { return spmd.ReduceMax(m.Lane, v) }

// Syncer waits for the lanes of a group.
type Syncer interface{ Sync() }

// Warp syncs a real group; Serial is a group of one lane.
type Warp struct{ spmd.Lane }
type Serial struct{}

func (w Warp) Sync() { w.Barrier() }
func (Serial) Sync() {}

// Tile wraps the lane handle; row is the lane's row, width the tile width.
type Tile struct {
	lane  spmd.Lane
	row   int
	width int
}

// Sync waits for every lane.
func (t *Tile) Sync() { t.lane.Barrier() }

// Skip is Sync's stand-in for lanes that have nothing to publish.
func (t *Tile) Skip() {}

// Width returns the tile width.
func (t Tile) Width() int { return t.width }

// Cursor is a lane's position in a tile, returned by value.
type Cursor struct {
	Row, Col int // the lane's own cell
	Rows     int // the tile height, the same in every lane
}

// newCursor returns lane l's cursor in a tile of width w and rows rows.
func newCursor(l spmd.Lane, w, rows int) Cursor {
	return Cursor{Row: l.Index() / w, Col: l.Index() % w, Rows: rows}
}

// Stage is a pipeline step that waits at its end when on.
type Stage struct {
	lane spmd.Lane
	on   bool
}

// Fence waits for the other lanes if the stage is on.
func (s Stage) Fence() {
	if s.on {
		s.lane.Barrier()
	}
}

// MixedStats combines the elements of in, one per lane: even lanes sum,
// odd lanes take the max, through one interface call whose dynamic type
// was chosen by the lane's parity. The call site is the same in every lane
// and not under a divergent branch, but the callee (and its collective)
// differs between lanes.
//
// kernel(ambig) guess: bug at op.Combine(x)
func MixedStats(in, out []float64) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		var op Combiner
		if l.Index()%2 == 0 {
			op = SumOp{l}
		} else {
			op = MaxOp{l}
		}
		x := in[l.Index()]
		out[l.Index()] = op.Combine(x)
	})
}

// PublishNonzero publishes buf[i] = 2*in[i] and syncs through a method
// value, except that lanes whose element is zero (nothing to publish) swap
// the method value for Skip before the single, unconditional call.
//
// kernel(ambig) guess: bug at step()
func PublishNonzero(in, buf []float64) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		t := &Tile{lane: l}
		i := l.Index()
		step := t.Sync
		if in[i] == 0 {
			step = t.Skip
		} else {
			buf[i] = 2 * in[i]
		}
		step()
	})
}

// invert writes out[i] = 1/x for x != 0 and defers the barrier, so that it
// runs on every return path of the helper.
func invert(t *Tile, x float64, out []float64, i int) {
	defer t.Sync()
	if x == 0 {
		return
	}
	out[i] = 1 / x
}

// Invert calls invert in every lane; invert returns early for zeros, but
// its barrier is deferred and runs on both paths.
//
// kernel(ambig) guess: bug (reported at the defer or at the call of invert)
func Invert(in, out []float64) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		invert(&Tile{lane: l}, in[l.Index()], out, l.Index())
	})
}

// RowSync writes into out[i] the sum of lane i's row of a tile of width w,
// syncing after the shared store when the tile is wider than one lane. The
// width comes from a method on a receiver that also holds the lane's row
// (lane-dependent); the width itself is the same in every lane.
//
// kernel(ambig) guess: ok
func RowSync(in, out []float64, w int) error {
	shared := make([]float64, len(in))
	return spmd.Run(len(in), func(l spmd.Lane) {
		t := Tile{lane: l, row: l.Index() / w, width: w}
		i := l.Index()
		shared[i] = in[i]
		if t.Width() > 1 {
			t.Sync()
		}
		s := 0.0
		for k := t.row * t.width; k < min((t.row+1)*t.width, len(in)); k++ {
			s += shared[k]
		}
		out[i] = s
	})
}

// ColumnScan writes running column sums of a tile (w columns, rows rows,
// one lane per cell) into out: row by row, each lane adds the cell above
// it. The row loop is bounded by the Rows field of a Cursor returned by
// value from newCursor, a field that is the same in every lane, while its
// Row and Col fields are the lane's own.
//
// kernel(ambig) guess: ok
func ColumnScan(in, out []float64, w, rows int) error {
	return spmd.Run(w*rows, func(l spmd.Lane) {
		c := newCursor(l, w, rows)
		i := l.Index()
		out[i] = in[i]
		l.Barrier()
		for r := 1; r < c.Rows; r++ {
			v := out[i]
			if c.Row == r {
				v += out[i-w]
			}
			l.Barrier()
			out[i] = v
			l.Barrier()
		}
	})
}

// HalfGroup has the lanes holding data sync through a Warp and the lanes
// past the data take a Serial, then calls Sync once, unconditionally,
// through the interface: only the Warp lanes reach a barrier.
//
// kernel(ambig) guess: bug at g.Sync()
func HalfGroup(in, out []float64, lanes int) error {
	buf := make([]float64, len(in))
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		var g Syncer = Warp{l}
		if i >= len(in) {
			g = Serial{}
		} else {
			buf[i] = in[i]
		}
		g.Sync()
		if i < len(in) {
			out[i] = buf[(i+1)%len(in)]
		}
	})
}

// FenceStages calls the Fence of the lane's own stage (stages[i%len]) as a
// method value; whether the fence waits is the stage's on field, which
// differs between stages.
//
// kernel(ambig) guess: bug at fence()
func FenceStages(in, out []float64, on []bool) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		stages := make([]Stage, len(on))
		for k := range on {
			stages[k] = Stage{lane: l, on: on[k]}
		}
		i := l.Index()
		fence := stages[i%len(stages)].Fence
		out[i] = in[i] * 2
		fence()
	})
}
