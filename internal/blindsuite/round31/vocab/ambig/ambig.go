// Package ambig holds kernels whose verdict the documentation does not
// settle, or where the checker's verdict and the run-time behaviour must
// differ. None is marked as a bug line; REPORT.md gives a guess for each.
package ambig

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/vocab/cuda"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/vocab/wgsl"
	"github.com/spmdvet/spmdvet/spmd"
)

// ButterflyBudget adds up a warp with the butterfly (xor) shuffle, which
// leaves the full sum in every thread, and rescales through shared memory
// when it exceeds the budget. At run time the sum is the same in every
// thread; ShflXor has no directive, and spmd.ShuffleXor, which it
// forwards to, is //spmd:divergent.
//
// kernel(ok) at run time; guess: reported
func ButterflyBudget(x []float32, budget float32) ([]float32, error) {
	shared := make([]float32, cuda.WarpSize)
	out := make([]float32, cuda.WarpSize)
	err := cuda.Launch(1, cuda.WarpSize, func(t cuda.Thread) {
		tid := t.ThreadIdx()
		v := x[tid]
		total := v
		for m := cuda.WarpSize / 2; m > 0; m /= 2 {
			total += t.ShflXor(total, m)
		}
		if total > budget {
			shared[tid] = v * budget / total
			t.SyncThreads()
			v = shared[tid]
		}
		out[tid] = v
	})
	return out, err
}

// ShuffleFromZero reads invocation 0's sample with subgroupShuffle and a
// constant id: the same value everywhere at run time, but the builtin is
// declared //spmd:divergent whatever its arguments.
//
// kernel(ok) at run time; guess: reported
func ShuffleFromZero(x []float32) ([]float32, error) {
	out := make([]float32, 8)
	tile := make([]float32, 8)
	err := wgsl.Dispatch(1, 8, func(l spmd.Lane, wg uint32) {
		lid := wgsl.LocalInvocationIndex(l)
		v := x[lid]
		if wgsl.SubgroupShuffle(l, v, 0) < 0 {
			tile[lid] = -v
			wgsl.WorkgroupBarrier(l)
			v = tile[7-lid]
		}
		out[lid] = v
	})
	return out, err
}

// PlainLoadAfterBarrier shares invocation 0's decision through a
// workgroup variable and reads it with a plain load after a barrier
// instead of workgroupUniformLoad. WGSL's own uniformity analysis rejects
// this; the README's memory rule (a load of shared memory at a uniform
// address is uniform) accepts it.
//
// kernel(ok) at run time; guess: not reported
func PlainLoadAfterBarrier(header int32, x []float32) ([]float32, error) {
	out := make([]float32, 8)
	tile := make([]float32, 8)
	var flag int32
	err := wgsl.Dispatch(1, 8, func(l spmd.Lane, wg uint32) {
		lid := wgsl.LocalInvocationIndex(l)
		if lid == 0 {
			flag = header & 1
		}
		wgsl.WorkgroupBarrier(l)
		v := x[lid]
		if flag != 0 {
			tile[lid] = v
			wgsl.WorkgroupBarrier(l)
			v = (tile[lid] + tile[(lid+1)%8]) / 2
		}
		out[lid] = v
	})
	return out, err
}

// groupRank claims to be uniform but returns the lane index: the directive
// is wrong.
//
//spmd:uniform
func groupRank(l spmd.Lane) int {
	return l.Index()
}

// LyingDirective trusts groupRank's directive and branches on it around a
// barrier; at run time the lanes split.
//
// kernel(bug) at run time; guess: not reported (the directive wins)
func LyingDirective(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if groupRank(l) < n/2 {
			l.Barrier()
		}
	})
}

// prefetchHint is declared convergent but does nothing at run time.
//
//spmd:convergent
func prefetchHint(l spmd.Lane, p []float32) {}

// HintUnderBranch calls the convergent no-op under a lane-dependent
// branch: nothing waits at run time.
//
// kernel(ok) at run time; guess: reported (the directive wins)
func HintUnderBranch(x []float32) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		if x[l.Index()] > 0 {
			prefetchHint(l, x)
		}
	})
}

// fenceHook is an instruction installed at run time: it waits at a
// barrier.
var fenceHook func(spmd.Lane)

func init() { fenceHook = func(l spmd.Lane) { l.Barrier() } }

// fence has no directive and its body only calls the hook, which a
// checker cannot resolve.
func fence(l spmd.Lane) {
	fenceHook(l)
}

// HiddenFence calls fence under a lane-dependent branch; at run time the
// lanes split at the barrier behind the hook.
//
// kernel(bug) at run time; guess: reported (an unresolved call that is
// given a lane handle may be convergent), but the README only says so of
// callbacks given to helpers
func HiddenFence(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if l.Index()%2 == 0 {
			fence(l)
		}
	})
}

// indexHook is an instruction that returns the lane index.
var indexHook func(spmd.Lane) int

func init() { indexHook = func(l spmd.Lane) int { return l.Index() } }

// hiddenIndex has no directive; its body only calls the hook. spmd/doc.go:
// a function whose body the checker cannot see has divergent results
// exactly when some argument is divergent, and the lane handle is uniform.
func hiddenIndex(l spmd.Lane) int {
	return indexHook(l)
}

// HiddenIndex branches on hiddenIndex around a barrier.
//
// kernel(bug) at run time; guess: not reported
func HiddenIndex(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if hiddenIndex(l) == 0 {
			l.Barrier()
		}
	})
}

// Ctx bundles a lane with a tile, but the type carries no //spmd:lane.
type Ctx struct {
	lane spmd.Lane
	Tile []float32
}

// Index forwards to the lane.
func (c Ctx) Index() int { return c.lane.Index() }

// Sync forwards to the lane's barrier.
func (c Ctx) Sync() { c.lane.Barrier() }

// LaunchCtx runs kernel with a Ctx per lane; it has no //spmd:kernel.
func LaunchCtx(n int, tile []float32, kernel func(Ctx)) error {
	return spmd.Run(n, func(l spmd.Lane) { kernel(Ctx{lane: l, Tile: tile}) })
}

// CtxBarrier runs a kernel that takes the non-lane Ctx and syncs under a
// lane-dependent branch.
//
// kernel(bug) at run time; guess: not reported (the literal is neither a
// kernel by directive nor a function of a lane-typed parameter)
func CtxBarrier(n int) error {
	tile := make([]float32, n)
	return LaunchCtx(n, tile, func(c Ctx) {
		i := c.Index()
		c.Tile[i] = float32(i)
		if i < n/2 {
			c.Sync()
		}
	})
}
