// Package warps holds kernels that use *handle.Warp and *handle.Tile:
// handles configured by functional options and option structs, methods
// promoted through one and two levels of embedding, and a method that
// shadows the embedded one.
package warps

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round32/objects/handle"
	"github.com/spmdvet/spmdvet/spmd"
)

// WarpSums returns, in every lane, the sum over its 4-lane warp, or the
// lane's own value when raw is set (the muted option).
//
// kernel(ok)
func WarpSums(data []float64, raw bool) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		w := handle.NewWarp(l, handle.WithWidth(4), handle.WithMute(raw))
		out[i] = w.Reduce(data[i])
	})
	return out, err
}

// WarpSumsSkipZero mutes the warp handle of lanes holding a zero, so they
// skip the butterfly in Reduce.
//
// kernel(bug)
func WarpSumsSkipZero(data []float64) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		w := handle.NewWarp(l, handle.WithWidth(4), handle.WithMute(data[i] == 0))
		out[i] = w.Reduce(data[i]) // EXPECT
	})
	return out, err
}

// TaggedWarpSums tags each handle with its lane's bucket (data only) and
// reduces over warps of a fixed width.
//
// kernel(ok)
func TaggedWarpSums(data []float64, buckets []int) (sums []float64, tags []int, err error) {
	sums = make([]float64, len(data))
	tags = make([]int, len(data))
	err = spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		w := handle.NewWarp(l, handle.WithWidth(4), handle.WithTag(buckets[i]))
		sums[i] = w.Reduce(data[i])
		tags[i] = w.Tag()
	})
	return sums, tags, err
}

// BucketWarpSums takes each lane's warp width from its bucket, so the
// butterfly in Reduce runs a different number of rounds per lane.
//
// kernel(bug)
func BucketWarpSums(data []float64, buckets []int) ([]float64, error) {
	sums := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		w := handle.NewWarp(l, handle.WithWidth(buckets[i]))
		sums[i] = w.Reduce(data[i]) // EXPECT
	})
	return sums, err
}

// LeaderPartials has each warp leader publish the warp sum; every lane then
// syncs and reads the partial of the next warp.
//
// kernel(ok)
func LeaderPartials(data []float64, width int) ([]float64, error) {
	n := len(data)
	nw := n / width
	partial := make([]float64, nw)
	next := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		w := handle.NewWarp(l, handle.WithWidth(width))
		s := w.Reduce(data[i])
		if w.Leader() {
			partial[i/width] = s
		}
		w.Sync()
		next[i] = partial[(i/width+1)%nw]
	})
	return next, err
}

// LeaderPartialsLeaderSync syncs only in the warp leaders.
//
// kernel(bug)
func LeaderPartialsLeaderSync(data []float64, width int) ([]float64, error) {
	n := len(data)
	nw := n / width
	partial := make([]float64, nw)
	next := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		w := handle.NewWarp(l, handle.WithWidth(width))
		s := w.Reduce(data[i])
		if w.Leader() {
			partial[i/width] = s
			w.Sync() // EXPECT
		}
		next[i] = partial[(i/width+1)%nw]
	})
	return next, err
}

// TileTotal sums all elements through Block.Sum, reached two embeddings
// down from the tile handle; the tile's row differs per lane, its muted
// option does not.
//
// kernel(ok)
func TileTotal(data []float64) (total float64, rows []int, err error) {
	rows = make([]int, len(data))
	err = spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		t := handle.NewTile(l, handle.TileOpts{Width: 4, Rows: 2, Muted: false})
		s := t.Sum(data[i])
		rows[i] = t.Row()
		if i == 0 {
			total = s
		}
	})
	return total, rows, err
}

// TileTotalPositive mutes the tiles of lanes with negative elements
// through the option struct.
//
// kernel(bug)
func TileTotalPositive(data []float64) (total float64, err error) {
	err = spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		t := handle.NewTile(l, handle.TileOpts{Width: 4, Rows: 2, Muted: data[i] < 0})
		s := t.Sum(data[i]) // EXPECT
		if i == 0 {
			total = s
		}
	})
	return total, err
}

// RowShift moves each row of a 4-wide tile down by one row (cyclically):
// every lane writes, the tile syncs when it has more than one row, and
// every lane reads.
//
// kernel(ok)
func RowShift(data []float64) ([]float64, error) {
	n := len(data)
	buf := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		t := handle.NewTile(l, handle.TileOpts{Width: 4, Rows: n / 4})
		buf[i] = data[i]
		if t.Rows() > 1 {
			t.Sync()
		}
		out[i] = buf[(i+n-4)%n]
	})
	return out, err
}

// RowShiftFirstRow syncs only in the tile's first row.
//
// kernel(bug)
func RowShiftFirstRow(data []float64) ([]float64, error) {
	n := len(data)
	buf := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		t := handle.NewTile(l, handle.TileOpts{Width: 4, Rows: n / 4})
		buf[i] = data[i]
		if t.Row() == 0 {
			t.Sync() // EXPECT
		}
		out[i] = buf[(i+n-4)%n]
	})
	return out, err
}

// Sweep accumulates, row by row, the column sums of a tile: in sweep r,
// the lane in row r adds its value into col[lane%4]; a warp sync follows
// each row.
//
// kernel(ok)
func Sweep(data []float64) ([]float64, error) {
	n := len(data)
	col := make([]float64, 4)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		t := handle.NewTile(l, handle.TileOpts{Width: 4, Rows: n / 4})
		t.Sweep(func(r int) {
			if r == t.Row() {
				col[t.LaneID()] += data[i]
			}
		})
	})
	return col, err
}

// SweepTriangle gives each lane's tile as many rows as its own row number
// plus one, so Sweep syncs a different number of times per lane.
//
// kernel(bug)
func SweepTriangle(data []float64) ([]float64, error) {
	n := len(data)
	col := make([]float64, 4)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		t := handle.NewTile(l, handle.TileOpts{Width: 4, Rows: i/4 + 1})
		t.Sweep(func(r int) { // EXPECT
			if r == t.Row() {
				col[t.LaneID()] += data[i]
			}
		})
	})
	return col, err
}

// Exchange runs one sync per phase: the warp's own Sync in phase 0 and the
// embedded block's in other phases (phase is a kernel parameter).
//
// kernel(ok)
func Exchange(data []float64, phase int) ([]float64, error) {
	n := len(data)
	buf := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		w := handle.NewWarp(l, handle.WithWidth(4))
		buf[i] = data[i]
		if phase == 0 {
			w.Sync()
		} else {
			w.Block.Sync()
		}
		out[i] = buf[i^1]
	})
	return out, err
}

// ExchangeMixed picks the warp's Sync in even lanes and the shadowed block
// Sync in odd lanes: two different barriers.
//
// kernel(bug)
func ExchangeMixed(data []float64) ([]float64, error) {
	n := len(data)
	buf := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		w := handle.NewWarp(l, handle.WithWidth(4))
		buf[i] = data[i]
		if w.LaneID()%2 == 0 {
			w.Sync() // EXPECT
		} else {
			w.Block.Sync() // EXPECT
		}
		out[i] = buf[i^1]
	})
	return out, err
}
