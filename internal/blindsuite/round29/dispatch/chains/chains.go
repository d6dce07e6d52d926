// Package chains reaches the convergent operations of package gpu through
// chains of helpers across packages: kernel -> helper here -> package
// pipeline -> package gpu -> package spmd. It has calls of such chains
// under divergent control, parameters that decide deep down whether a
// barrier runs, wrappers with uniform results that cut divergence,
// wrappers whose own body is wrong, convergent callbacks (method values)
// handed to helpers, and a //spmd:kernel function behind a Run wrapper.
package chains

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round29/dispatch/gpu"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round29/dispatch/pipeline"
	"github.com/spmdvet/spmdvet/spmd"
)

// tileSum is the first level of the chain: it ends a phase with v and
// returns the sum over the block (pipeline.Phase.End, which publishes
// through gpu.Block.Stage and syncs through gpu.Block.Sync).
func tileSum(b gpu.Block, shared []float64, v float64) float64 {
	return pipeline.Phase{B: b, Shared: shared}.End(v)
}

// TileSumsBug adds up each tile of in on a block of lanes. kernel(bug): the
// lanes past the end of the data skip the tile sum.
func TileSumsBug(in []float64, lanes int) ([]float64, error) {
	tiles := (len(in) + lanes - 1) / lanes
	sums := make([]float64, tiles)
	shared := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		b := gpu.Of(l)
		for k := range tiles {
			j := k*lanes + b.Tid()
			if j < len(in) {
				s := tileSum(b, shared, in[j]) // EXPECT
				if b.Tid() == 0 {
					sums[k] = s
				}
			}
		}
	})
	return sums, err
}

// TileSums adds up each tile of in on a block of lanes; the lanes past the
// end of the data add zero.
// kernel(ok)
func TileSums(in []float64, lanes int) ([]float64, error) {
	tiles := (len(in) + lanes - 1) / lanes
	sums := make([]float64, tiles)
	shared := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		b := gpu.Of(l)
		for k := range tiles {
			j := k*lanes + b.Tid()
			v := 0.0
			if j < len(in) {
				v = in[j]
			}
			s := tileSum(b, shared, v)
			if b.Tid() == 0 {
				sums[k] = s
			}
		}
	})
	return sums, err
}

// StagedCopyBug copies each lane's queued items into a staging area and
// drains the block when the lane had items. kernel(bug): the pending count
// given to pipeline.Drain, which decides whether it syncs, is the lane's
// own.
func StagedCopyBug(queues [][]float64, stage []float64) ([]float64, error) {
	out := make([]float64, len(stage))
	err := spmd.Run(len(queues), func(l spmd.Lane) {
		b, w := gpu.Of(l), gpu.Warp{L: l}
		mine := queues[b.Tid()]
		off := w.Offset(len(mine))
		copy(stage[off:], mine)
		pipeline.Drain(b, len(mine)) // EXPECT
		for j := b.Tid(); j < len(stage); j += b.Dim() {
			out[j] = stage[j]
		}
	})
	return out, err
}

// StagedCopy copies each lane's queued items into a staging area and
// drains the block when any lane had items: pipeline.Pending makes the
// count the same in every lane.
// kernel(ok)
func StagedCopy(queues [][]float64, stage []float64) ([]float64, error) {
	out := make([]float64, len(stage))
	err := spmd.Run(len(queues), func(l spmd.Lane) {
		b, w := gpu.Of(l), gpu.Warp{L: l}
		mine := queues[b.Tid()]
		off := w.Offset(len(mine))
		copy(stage[off:], mine)
		pipeline.Drain(b, pipeline.Pending(w, len(mine)))
		for j := b.Tid(); j < len(stage); j += b.Dim() {
			out[j] = stage[j]
		}
	})
	return out, err
}

// flushIfDirty is the first level of a chain that fences the block when
// dirty is set: pipeline.CheckpointIf, then gpu.Thread.Fence.
func flushIfDirty(t gpu.Thread, dirty bool) {
	pipeline.CheckpointIf(t, dirty)
}

// flushIfAnyDirty fences the block when some lane is dirty:
// pipeline.Checkpoint decides with gpu.Thread.Tally.
func flushIfAnyDirty(t gpu.Thread, dirty bool) {
	pipeline.Checkpoint(t, dirty)
}

// CacheUpdateBug writes the lanes' new values into a cache and fences when
// the lane changed its entry. kernel(bug): dirty is the lane's own, and
// three levels down it decides whether the fence runs.
func CacheUpdateBug(cache, upd []float64) ([]float64, error) {
	snap := make([]float64, len(cache))
	err := spmd.Run(len(cache), func(l spmd.Lane) {
		t := gpu.Begin(l, 0)
		i := t.GlobalID()
		dirty := cache[i] != upd[i]
		cache[i] = upd[i]
		flushIfDirty(t, dirty) // EXPECT
		snap[i] = cache[(i+1)%len(cache)]
	})
	return snap, err
}

// CacheUpdate writes the lanes' new values into a cache and fences when
// some lane changed its entry.
// kernel(ok)
func CacheUpdate(cache, upd []float64) ([]float64, error) {
	snap := make([]float64, len(cache))
	err := spmd.Run(len(cache), func(l spmd.Lane) {
		t := gpu.Begin(l, 0)
		i := t.GlobalID()
		dirty := cache[i] != upd[i]
		cache[i] = upd[i]
		flushIfAnyDirty(t, dirty)
		snap[i] = cache[(i+1)%len(cache)]
	})
	return snap, err
}

// HeadScaleBug scales every element by the first element of src, which
// lane 0 loads into shared memory (pipeline.ShareHead). kernel(bug): the
// kernel calls the wrapper in every lane, but the wrapper's own barrier is
// inside its leader branch.
func HeadScaleBug(src []float64) ([]float64, error) {
	out := make([]float64, len(src))
	shared := make([]float64, 1)
	err := spmd.Run(len(src), func(l spmd.Lane) {
		b := gpu.Of(l)
		h := pipeline.ShareHead(b, shared, src)
		out[b.Tid()] = src[b.Tid()] * h
		b.Sync()
	})
	return out, err
}

// HeadScale scales every element by the first element of src, which lane 0
// loads into shared memory (pipeline.LoadHead).
// kernel(ok)
func HeadScale(src []float64) ([]float64, error) {
	out := make([]float64, len(src))
	shared := make([]float64, 1)
	err := spmd.Run(len(src), func(l spmd.Lane) {
		b := gpu.Of(l)
		h := pipeline.LoadHead(b, shared, src)
		out[b.Tid()] = src[b.Tid()] * h
		b.Sync()
	})
	return out, err
}

// writeBack is the first level of a chain that stores a result and syncs;
// fast selects gpu.Block.FlushFast, whose own shortcut skips the barrier.
func writeBack(b gpu.Block, out []float64, v float64, fast bool) {
	if fast {
		b.FlushFast(out, v)
		return
	}
	b.Flush(out, v)
}

// RotateBug rotates x by one place: each lane writes its value to out and
// then reads its neighbour's, on a block that may be wider than x.
// kernel(bug): gpu.Block.FlushFast, reached with fast == true (the same in
// every lane), lets the lanes past the end skip its barrier.
func RotateBug(x []float64, lanes int) ([]float64, error) {
	out := make([]float64, len(x))
	rot := make([]float64, len(x))
	err := spmd.Run(lanes, func(l spmd.Lane) {
		b := gpu.Of(l)
		i := b.Tid()
		v := 0.0
		if i < len(x) {
			v = x[i]
		}
		writeBack(b, out, v, true)
		if i < len(x) {
			rot[i] = out[(i+1)%len(x)]
		}
	})
	return rot, err
}

// Rotate rotates x by one place on a block that may be wider than x,
// through gpu.Block.Flush.
// kernel(ok)
func Rotate(x []float64, lanes int) ([]float64, error) {
	out := make([]float64, len(x))
	rot := make([]float64, len(x))
	err := spmd.Run(lanes, func(l spmd.Lane) {
		b := gpu.Of(l)
		i := b.Tid()
		v := 0.0
		if i < len(x) {
			v = x[i]
		}
		writeBack(b, out, v, false)
		if i < len(x) {
			rot[i] = out[(i+1)%len(x)]
		}
	})
	return rot, err
}

// MirrorBug copies src to dst with gpu.Thread.CopyStaged, one block of
// lanes at base 0. kernel(bug): CopyStaged's own loop runs over the
// elements each lane owns, with the fence inside.
func MirrorBug(src []float64, lanes int) ([]float64, error) {
	dst := make([]float64, len(src))
	err := spmd.Run(lanes, func(l spmd.Lane) {
		gpu.Begin(l, 0).CopyStaged(dst, src)
	})
	return dst, err
}

// Mirror copies src to dst with gpu.Thread.CopyRounds.
// kernel(ok)
func Mirror(src []float64, lanes int) ([]float64, error) {
	dst := make([]float64, len(src))
	err := spmd.Run(lanes, func(l spmd.Lane) {
		gpu.Begin(l, 0).CopyRounds(dst, src)
	})
	return dst, err
}

// NormalizeValidBug divides x by its sum, in lanes whose value is valid
// (non-negative); a lane with an invalid value gives up. kernel(bug): the
// lanes that give up return before the publish chain
// (pipeline.Publish -> gpu.Block.Stage -> gpu.Block.Sync).
func NormalizeValidBug(x []float64) ([]float64, error) {
	out := make([]float64, len(x))
	shared := make([]float64, len(x))
	err := spmd.Run(len(x), func(l spmd.Lane) {
		b := gpu.Of(l)
		v := x[b.Tid()]
		if v < 0 {
			return
		}
		pipeline.Publish(b, shared, v) // EXPECT
		s := 0.0
		for _, y := range shared {
			s += y
		}
		out[b.Tid()] = v / s
	})
	return out, err
}

// NormalizeValid divides x by its sum; if any lane's value is invalid
// (negative), the whole block gives up, as Vote tells every lane.
// kernel(ok)
func NormalizeValid(x []float64) ([]float64, error) {
	out := make([]float64, len(x))
	shared := make([]float64, len(x))
	err := spmd.Run(len(x), func(l spmd.Lane) {
		b, w := gpu.Of(l), gpu.Warp{L: l}
		v := x[b.Tid()]
		if w.Vote(v < 0) {
			return
		}
		pipeline.Publish(b, shared, v)
		s := 0.0
		for _, y := range shared {
			s += y
		}
		out[b.Tid()] = v / s
	})
	return out, err
}

// transposer moves one element per call through shared memory; its step
// method is convergent (two barriers) and is handed to pipeline helpers
// as a method value.
type transposer struct {
	b        gpu.Block
	shared   []float64
	src, dst []float64
	rows     int
	cols     int
}

// step moves element j of src (row-major rows x cols) to its transposed
// place in dst; j may be past the end, and then it only takes part in the
// barriers.
func (t transposer) step(j int) {
	v := 0.0
	if j < len(t.src) {
		v = t.src[j]
	}
	t.shared[t.b.Tid()] = v
	t.b.Sync()
	if j < len(t.src) {
		r, c := j/t.cols, j%t.cols
		t.dst[c*t.rows+r] = t.shared[t.b.Tid()]
	}
	t.b.Sync()
}

// TransposeBug transposes a rows x cols matrix, handing the step method
// value to pipeline.ForOwned. kernel(bug): ForOwned calls it once per item
// the lane owns, a different number of times in different lanes.
func TransposeBug(src []float64, rows, cols, lanes int) ([]float64, error) {
	dst := make([]float64, len(src))
	shared := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tr := transposer{b: gpu.Of(l), shared: shared, src: src, dst: dst, rows: rows, cols: cols}
		pipeline.ForOwned(tr.b, len(src), tr.step) // EXPECT
	})
	return dst, err
}

// Transpose transposes a rows x cols matrix, handing the step method value
// to pipeline.ForRounds, which calls it once per round in every lane.
// kernel(ok)
func Transpose(src []float64, rows, cols, lanes int) ([]float64, error) {
	dst := make([]float64, len(src))
	shared := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tr := transposer{b: gpu.Of(l), shared: shared, src: src, dst: dst, rows: rows, cols: cols}
		pipeline.ForRounds(tr.b, len(src), tr.step)
	})
	return dst, err
}

// smoother runs passes of a 3-point average over shared memory; pass is
// handed to pipeline.Repeat as a method value. It has a pointer receiver:
// x is the lane's running value.
type smoother struct {
	b      gpu.Block
	shared []float64
	x      float64
}

func (s *smoother) pass() {
	i, n := s.b.Tid(), s.b.Dim()
	s.shared[i] = s.x
	s.b.Sync()
	if i > 0 && i < n-1 {
		s.x = (s.shared[i-1] + s.shared[i] + s.shared[i+1]) / 3
	}
	s.b.Sync()
}

// DenoiseBug smooths a signal, more passes where the lane's sample is
// noisier. kernel(bug): the pass count given to pipeline.Repeat with the
// convergent method value sm.pass depends on the lane.
func DenoiseBug(sig []float64, noisy []bool) ([]float64, error) {
	out := make([]float64, len(sig))
	shared := make([]float64, len(sig))
	err := spmd.Run(len(sig), func(l spmd.Lane) {
		sm := &smoother{b: gpu.Of(l), shared: shared, x: sig[l.Index()]}
		passes := 1
		if noisy[l.Index()] {
			passes = 3
		}
		pipeline.Repeat(passes, sm.pass) // EXPECT
		out[l.Index()] = sm.x
	})
	return out, err
}

// Denoise smooths a signal with the number of passes the caller asks for.
// kernel(ok)
func Denoise(sig []float64, passes int) ([]float64, error) {
	out := make([]float64, len(sig))
	shared := make([]float64, len(sig))
	err := spmd.Run(len(sig), func(l spmd.Lane) {
		sm := &smoother{b: gpu.Of(l), shared: shared, x: sig[l.Index()]}
		pipeline.Repeat(passes, sm.pass)
		out[l.Index()] = sm.x
	})
	return out, err
}

// centerKernel subtracts the block mean from x, rounds times (each round
// recentres the already centred values, which is harmless, as a repeated
// filter would be). rounds must be the same in every lane.
//
//spmd:kernel
func centerKernel(t gpu.Thread, x, out []float64, rounds int) {
	v := x[t.Rank()]
	for range rounds {
		v -= t.Total(v) / float64(t.Width())
	}
	out[t.Rank()] = v
}

// CenterBug centres x, each lane with the number of rounds its own flag
// says. kernel(bug): the rounds argument of the //spmd:kernel function
// depends on the lane.
func CenterBug(x []float64, rounds []int) ([]float64, error) {
	out := make([]float64, len(x))
	err := spmd.Run(len(x), func(l spmd.Lane) {
		centerKernel(gpu.Begin(l, 0), x, out, rounds[l.Index()]) // EXPECT
	})
	return out, err
}

// Center centres x with the number of rounds the caller asks for.
// kernel(ok)
func Center(x []float64, rounds int) ([]float64, error) {
	out := make([]float64, len(x))
	err := spmd.Run(len(x), func(l spmd.Lane) {
		centerKernel(gpu.Begin(l, 0), x, out, rounds)
	})
	return out, err
}

// RunningTotalsBug adds up each lane's stream of values, one block-wide
// pipeline stage per value: the stage holds w.Sum and b.Sync as method
// values. kernel(bug): each lane runs one stage per value of its own
// stream, and the streams differ in length.
func RunningTotalsBug(streams [][]float64) ([]float64, error) {
	var totals []float64
	err := spmd.Run(len(streams), func(l spmd.Lane) {
		w, b := gpu.Warp{L: l}, gpu.Of(l)
		st := pipeline.Stage{Name: "sum", Reduce: w.Sum, Sync: b.Sync}
		for _, v := range streams[l.Index()] {
			s := st.Run(v) // EXPECT
			if l.Index() == 0 {
				totals = append(totals, s)
			}
		}
	})
	return totals, err
}

// RunningTotals adds up the lanes' streams position by position, one
// block-wide pipeline stage per position of the longest stream; a lane
// whose stream is over adds zero.
// kernel(ok)
func RunningTotals(streams [][]float64) ([]float64, error) {
	longest := 0
	for _, s := range streams {
		longest = max(longest, len(s))
	}
	var totals []float64
	err := spmd.Run(len(streams), func(l spmd.Lane) {
		w, b := gpu.Warp{L: l}, gpu.Of(l)
		st := pipeline.Stage{Name: "sum", Reduce: w.Sum, Sync: b.Sync}
		mine := streams[l.Index()]
		for k := range longest {
			v := 0.0
			if k < len(mine) {
				v = mine[k]
			}
			s := st.Run(v)
			if l.Index() == 0 {
				totals = append(totals, s)
			}
		}
	})
	return totals, err
}
