// Package typed holds kernels that use the library's types: methods with
// value and pointer receivers, the library's own lane handle type, generic
// helpers, callbacks, an interface implemented on both sides, and a launcher
// whose function parameter is declared a kernel entry.
package typed

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round14/xlib/fence"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round14/xlib/grid"
	"github.com/spmdvet/spmdvet/spmd"
)

// TileMineGuard tests: Tile.Mine (value receiver, divergent) guards
// (*Tile).Sync (pointer receiver, convergent through fence.Sync). BUG.
//
//spmd:kernel
func TileMineGuard(l spmd.Lane, cells []int) {
	t := grid.NewTile(l, cells)
	if t.Mine() > 0 {
		t.Sync() // EXPECT
	}
}

// TileSumGuard tests: Tile.Sum (uniform reduction) guards (*Tile).Sync.
// OK: out[i] = sum of cells.
//
//spmd:kernel
func TileSumGuard(l spmd.Lane, cells, out []int) {
	t := grid.NewTile(l, cells)
	s := t.Sum()
	if s > 0 {
		t.Sync()
	}
	out[l.Index()] = s
}

// WarpIDGuard tests: Warp.ID (lane ID by directive, on a //spmd:lane type)
// guards Warp.Sync (barrier by directive). BUG.
//
//spmd:kernel
func WarpIDGuard(l spmd.Lane, out []int) {
	w := grid.NewWarp(l)
	if w.ID() < 2 {
		w.Sync() // EXPECT
	}
	out[l.Index()] = 1
}

// WarpVoteLoop tests: Warp.Vote (uniform, from the body's spmd.All) and
// Warp.Size (uniform by directive) guard Warp.Sync. OK: out[i] = n.
//
//spmd:kernel
func WarpVoteLoop(l spmd.Lane, out []int) {
	w := grid.NewWarp(l)
	c := 0
	if w.Vote(w.ID() >= 0) {
		for k := 0; k < w.Size(); k++ {
			w.Sync()
			c++
		}
	}
	out[w.ID()] = c
}

// GenericSumGuard tests: grid.SumOf[float64] (generic reduction, uniform)
// guards fence.Sync. OK: out[i] = 0+1+...+n-1.
//
//spmd:kernel
func GenericSumGuard(l spmd.Lane, out []float64) {
	s := grid.SumOf(l, float64(l.Index()))
	if s > 1 {
		fence.Sync(l)
	}
	out[l.Index()] = s
}

// GenericOwnGuard tests: grid.Own[string] (generic, divergent) guards the
// generic collective grid.SumOf[int]. BUG.
//
//spmd:kernel
func GenericOwnGuard(l spmd.Lane, out []int) {
	if grid.Own(l, []string{"a", "b"}) == "a" {
		out[l.Index()] = grid.SumOf(l, 1) // EXPECT
	}
}

// GenericTakeUniform tests: grid.Take[float32] (generic Shuffle declared
// "uniform src") with src 0 is uniform and guards fence.Sync.
// OK: out[i] = 0.
//
//spmd:kernel
func GenericTakeUniform(l spmd.Lane, out []float32) {
	v := grid.Take(l, float32(l.Index()), 0)
	if v == 0 {
		fence.Sync(l)
	}
	out[l.Index()] = v
}

// GenericTakeDivergent tests: grid.Take[int] with a lane-dependent src is
// divergent and guards fence.Sync. BUG.
//
//spmd:kernel
func GenericTakeDivergent(l spmd.Lane, out []int) {
	v := grid.Take(l, l.Index(), l.Count()-1-l.Index())
	if v < 2 {
		fence.Sync(l) // EXPECT
	}
	out[l.Index()] = v
}

// PublishUnderIndex tests: grid.Publish[int] is convergent by directive
// (a generic function whose wait goes through a hook); lane 1 skips it. BUG.
//
//spmd:kernel
func PublishUnderIndex(l spmd.Lane, slots []int) {
	if l.Index() != 1 {
		grid.Publish(l, slots, l.Index()) // EXPECT
	}
}

// PublishAll tests: every lane calls grid.Publish[int], then reads its
// neighbour's slot. OK: out[i] = 100*((i+1)%n).
//
//spmd:kernel
func PublishAll(l spmd.Lane, slots, out []int) {
	grid.Publish(l, slots, 100*l.Index())
	out[l.Index()] = slots[(l.Index()+1)%l.Count()]
}

// CallbackLaneDivergent tests: a func(spmd.Lane) callback passed to
// grid.WithLane reduces only in odd lanes. BUG (inside the literal).
//
//spmd:kernel
func CallbackLaneDivergent(l spmd.Lane, out []int) {
	grid.WithLane(l, func(l spmd.Lane) {
		if l.Index()%2 == 1 {
			out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
		}
	})
}

// CallbackTwiceDivergent tests: a func() callback passed to grid.Twice
// calls fence.Sync only in lane 0 (found by fence.Slot, a lane-ID function
// by directive, on the captured lane). BUG (inside the literal).
//
//spmd:kernel
func CallbackTwiceDivergent(l spmd.Lane, out []int) {
	grid.Twice(func() {
		if fence.Slot(l) == 0 {
			fence.Sync(l) // EXPECT
		}
		out[l.Index()]++
	})
}

// CallbackMap tests: grid.Map (convergent through fence.Sync) with a plain
// callback, under uniform control. OK: cells doubled.
//
//spmd:kernel
func CallbackMap(l spmd.Lane, cells []int) {
	if fence.Size(l) > 0 {
		grid.Map(l, cells, func(x int) int { return 2 * x })
	}
}

// FoldUniform tests: grid.Fold with the library's own grid.Add is uniform
// and guards fence.Sync. OK: out[i] = sum over lanes of (i+1).
//
//spmd:kernel
func FoldUniform(l spmd.Lane, out []int) {
	s := grid.Fold(l, grid.Add{K: 1}, l.Index())
	if s > 0 {
		fence.Sync(l)
	}
	out[l.Index()] = s
}

// leader is a kernel-side implementation of grid.Op that is buggy: only
// lane 0 takes part in the reduction (found through fence.Self).
type leader struct{}

// Apply implements grid.Op.
func (leader) Apply(l spmd.Lane, v int) int {
	if fence.Self(l) == 0 {
		return fence.Total(l, v) // EXPECT
	}
	return v
}

// FoldLeader tests: grid.Fold with the buggy kernel-side Op (the finding is
// in leader.Apply, above). BUG.
//
//spmd:kernel
func FoldLeader(l spmd.Lane, out []int) {
	out[l.Index()] = grid.Fold(l, leader{}, 1)
}

// SummerUnderIndex tests: a static call of the library method
// grid.Summer.Apply (convergent by its body) under a branch on l.Index().
// BUG.
//
//spmd:kernel
func SummerUnderIndex(l spmd.Lane, out []int) {
	if l.Index() < 2 {
		out[l.Index()] = grid.Summer{}.Apply(l, 1) // EXPECT
	}
}

// LaunchLoop tests: a literal passed to grid.Launch, whose parameter body is
// declared a kernel entry, so its parameter n is uniform and may bound a
// barrier loop. OK: out[i] = n.
func LaunchLoop(lanes, n int, out []int) error {
	return grid.Launch(lanes, n, func(l spmd.Lane, n int) {
		c := 0
		for k := 0; k < n; k++ {
			fence.Sync(l)
			c++
		}
		out[l.Index()] = c
	})
}

// LaunchDivergent tests: a literal passed to grid.Launch calls grid.Step
// only in the lanes below n. BUG.
func LaunchDivergent(lanes, n int, cells []int) error {
	return grid.Launch(lanes, n, func(l spmd.Lane, n int) {
		if l.Index() < n {
			grid.Step(l, cells) // EXPECT
		}
	})
}
