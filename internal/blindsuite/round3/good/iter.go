package good

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round3/helpers"
	"github.com/spmdvet/spmdvet/spmd"
)

// GridStride sums squares with the per-lane StrideIter (its position is
// lane-dependent), and reduces after the loop, where lanes have rejoined.
func GridStride(lanes int, data []int, out *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		it := helpers.NewStride(l, len(data))
		acc := 0
		for {
			j, ok := it.Next()
			if !ok {
				break
			}
			acc += data[j] * data[j]
		}
		s := spmd.ReduceAdd(l, acc)
		if l.Index() == 0 {
			*out = s
		}
	})
}

// TileRange stages data through a shared tile, one tile per iteration of a
// range-over-func loop over helpers.Tiles with uniform arguments, and keeps
// a running block maximum.
func TileRange(lanes int, data []int, out *int) error {
	tile := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		cnt := l.Count()
		best := 0
		for t := range helpers.Tiles(len(data), cnt) {
			j := t*cnt + l.Index()
			if j < len(data) {
				tile[l.Index()] = data[j]
			} else {
				tile[l.Index()] = 0
			}
			l.Barrier()
			for _, v := range tile {
				best = max(best, v)
			}
			l.Barrier()
		}
		if l.Index() == 0 {
			*out = best
		}
	})
}

// TileRangeStop is TileRange with an early stop: the block leaves the
// range-over-func loop when any lane found a negative value, decided by
// spmd.Any so every lane leaves in the same iteration.
func TileRangeStop(lanes int, data []int, stoppedAt *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		cnt := l.Count()
		at := -1
		for t := range helpers.Tiles(len(data), cnt) {
			j := t*cnt + l.Index()
			neg := j < len(data) && data[j] < 0
			if spmd.Any(l, neg) {
				at = t
				break
			}
			l.Barrier()
		}
		if l.Index() == 0 {
			*stoppedAt = at
		}
	})
}

// RangeInt runs a fixed number of smoothing passes over shared data using
// range over an int (a uniform kernel parameter).
func RangeInt(lanes int, data []float64, passes int) error {
	tmp := make([]float64, len(data))
	return spmd.Run(lanes, func(l spmd.Lane) {
		for range passes {
			for j := l.Index(); j < len(data); j += l.Count() {
				lo, hi := max(j-1, 0), min(j+1, len(data)-1)
				tmp[j] = (data[lo] + data[j] + data[hi]) / 3
			}
			l.Barrier()
			for j := l.Index(); j < len(data); j += l.Count() {
				data[j] = tmp[j]
			}
			l.Barrier()
		}
	})
}

// roundsOf is a local iterator: a per-lane struct whose fields are set
// from uniform values only.
type roundsOf struct {
	done, total int
}

func (r *roundsOf) more() bool { return r.done < r.total }

// RoundsStruct accumulates column sums of a rows x lanes matrix in shared
// memory, one row per round, with the round counter kept in a per-lane
// struct that only ever holds uniform values.
func RoundsStruct(lanes int, m []int, rows int, colSum []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		r := roundsOf{total: rows}
		for r.more() {
			colSum[l.Index()] += m[r.done*l.Count()+l.Index()]
			l.Barrier()
			r.done++
		}
	})
}

// laneCtx mixes a lane-dependent field with uniform ones.
type laneCtx struct {
	tid    int // lane-dependent
	blocks int // uniform
	width  int // uniform
}

// MixedStruct keeps per-lane context in a struct with both lane-dependent
// and uniform fields; only the uniform fields steer the barrier loop.
func MixedStruct(lanes int, in, out []int) error {
	sh := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		c := laneCtx{tid: l.Index(), width: l.Count()}
		c.blocks = (len(in) + c.width - 1) / c.width
		for b := 0; b < c.blocks; b++ {
			j := b*c.width + c.tid
			v := 0
			if j < len(in) {
				v = in[j]
			}
			sh[c.tid] = v
			l.Barrier()
			if j < len(in) {
				out[j] = sh[(c.tid+1)%c.width] - v
			}
			l.Barrier()
		}
	})
}
