// Package ifaces holds kernels that reach handle methods through the
// handle.Syncer and handle.Reducer interfaces, through slices of them and
// of method values, and through type switches; the dynamic type behind the
// interface is picked either per kernel launch or per lane.
package ifaces

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round32/objects/handle"
	"github.com/spmdvet/spmdvet/spmd"
)

// Neighbour publishes each element, syncs through a Syncer (the warp's own
// sync or the block's, chosen per launch) and reads the element of the
// paired lane.
//
// kernel(ok)
func Neighbour(data []float64, blockWide bool) ([]float64, error) {
	n := len(data)
	buf := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		w := handle.NewWarp(l, handle.WithWidth(4))
		var s handle.Syncer = w
		if blockWide {
			s = w.Block
		}
		buf[i] = data[i]
		s.Sync()
		out[i] = buf[i^1]
	})
	return out, err
}

// NeighbourSplit picks the Syncer per lane: upper lanes of each warp sync
// block-wide, lower ones warp-wide.
//
// kernel(bug)
func NeighbourSplit(data []float64) ([]float64, error) {
	n := len(data)
	buf := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		w := handle.NewWarp(l, handle.WithWidth(4))
		var s handle.Syncer = w
		if w.LaneID() >= 2 {
			s = w.Block
		}
		buf[i] = data[i]
		s.Sync() // EXPECT
		out[i] = buf[i^1]
	})
	return out, err
}

// PositiveWarpSums reduces every lane's value through a Reducer and keeps
// the result only where the element is positive.
//
// kernel(ok)
func PositiveWarpSums(data []float64) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		var r handle.Reducer = handle.NewWarp(l, handle.WithWidth(4))
		v := r.Reduce(data[i])
		if data[i] > 0 {
			out[i] = v
		}
	})
	return out, err
}

// PositiveWarpSumsInside calls the Reducer only in lanes whose element is
// positive.
//
// kernel(bug)
func PositiveWarpSumsInside(data []float64) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		var r handle.Reducer = handle.NewWarp(l, handle.WithWidth(4))
		if data[i] > 0 {
			out[i] = r.Reduce(data[i]) // EXPECT
		}
	})
	return out, err
}

// Scaled reduces through a Reducer picked per launch: the warp sum when
// exact is set, otherwise a local scale that needs no other lane.
//
// kernel(ok)
func Scaled(data []float64, exact bool) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		var r handle.Reducer = handle.Local{Scale: 4}
		if exact {
			r = handle.NewWarp(l, handle.WithWidth(4))
		}
		out[i] = r.Reduce(data[i])
	})
	return out, err
}

// ScaledHead uses the warp sum in the first warp only and the local scale
// elsewhere: the Reducer's dynamic type depends on the lane.
//
// kernel(bug)
func ScaledHead(data []float64) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		var r handle.Reducer = handle.Local{Scale: 4}
		if i < 4 {
			r = handle.NewWarp(l, handle.WithWidth(4))
		}
		out[i] = r.Reduce(data[i]) // EXPECT
	})
	return out, err
}

// Levels publishes one value per level through a list of Syncers; every
// lane runs every level.
//
// kernel(ok)
func Levels(data []float64) ([]float64, error) {
	n := len(data)
	buf := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		w := handle.NewWarp(l, handle.WithWidth(4))
		stages := []handle.Syncer{w, w.Block}
		v := data[i]
		for _, s := range stages {
			buf[i] = v
			s.Sync()
			v += buf[i^1]
			s.Sync()
		}
		buf[i] = v
	})
	return buf, err
}

// LevelsOwn runs only the first depth[i] levels in lane i.
//
// kernel(bug)
func LevelsOwn(data []float64, depth []int) ([]float64, error) {
	n := len(data)
	buf := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		w := handle.NewWarp(l, handle.WithWidth(4))
		stages := []handle.Syncer{w, w.Block}
		v := data[i]
		for _, s := range stages[:depth[i]] {
			buf[i] = v
			s.Sync() // EXPECT
			v += buf[i^1]
			s.Sync() // EXPECT
		}
		buf[i] = v
	})
	return buf, err
}

// Totals reduces through a Reducer chosen per launch and switches on its
// dynamic type to call the concrete method.
//
// kernel(ok)
func Totals(data []float64, warpOnly bool) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		w := handle.NewWarp(l, handle.WithWidth(4))
		var r handle.Reducer = w.Block
		if warpOnly {
			r = w
		}
		switch h := r.(type) {
		case *handle.Warp:
			out[i] = h.Reduce(data[i])
		case *handle.Block:
			out[i] = h.Sum(data[i])
		}
	})
	return out, err
}

// TotalsByParity chooses the Reducer per lane, so the type switch sends
// lanes to different collectives.
//
// kernel(bug)
func TotalsByParity(data []float64) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		w := handle.NewWarp(l, handle.WithWidth(4))
		var r handle.Reducer = w.Block
		if i%2 == 0 {
			r = w
		}
		switch h := r.(type) {
		case *handle.Warp:
			out[i] = h.Reduce(data[i]) // EXPECT
		case *handle.Block:
			out[i] = h.Sum(data[i]) // EXPECT
		}
	})
	return out, err
}

// Alternate runs rounds of publish-and-read, syncing with a table of
// method values indexed by the round: warp sync, then block sync, and so on.
//
// kernel(ok)
func Alternate(data []float64, rounds int) ([]float64, error) {
	n := len(data)
	buf := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		w := handle.NewWarp(l, handle.WithWidth(4))
		syncs := []func(){w.Sync, w.Block.Sync}
		v := data[i]
		for r := range rounds {
			buf[i] = v
			syncs[r%2]()
			v = buf[i^1]
			syncs[r%2]()
		}
		buf[i] = v
	})
	return buf, err
}

// AlternateByLane indexes the table of sync method values by the lane.
//
// kernel(bug)
func AlternateByLane(data []float64) ([]float64, error) {
	n := len(data)
	buf := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		w := handle.NewWarp(l, handle.WithWidth(4))
		syncs := []func(){w.Sync, w.Block.Sync}
		buf[i] = data[i]
		syncs[i%2]() // EXPECT
		out[i] = buf[i^1]
	})
	return out, err
}
