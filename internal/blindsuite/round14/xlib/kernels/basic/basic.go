// Package basic holds kernels that call the fence and grid helpers: chains
// kernel -> grid -> fence -> spmd, helpers with lane-dependent or uniform
// results, and helpers whose result is uniform only for uniform arguments.
package basic

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round14/xlib/fence"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round14/xlib/grid"
	"github.com/spmdvet/spmdvet/spmd"
)

// SyncUnderIndex tests: a library barrier wrapper (fence.Sync) called under
// a branch on l.Index(). BUG.
//
//spmd:kernel
func SyncUnderIndex(l spmd.Lane, out []int) {
	out[l.Index()] = l.Index()
	if l.Index() < 4 {
		fence.Sync(l) // EXPECT
	}
}

// SyncUnderCount tests: the same wrapper under a uniform branch (l.Count()).
// OK: out[i] = value written by lane i+1 before the barrier.
//
//spmd:kernel
func SyncUnderCount(l spmd.Lane, in, out []int) {
	i := l.Index()
	in[i] = 10 * i
	if l.Count() > 1 {
		fence.Sync(l)
	}
	out[i] = in[(i+1)%l.Count()]
}

// ChainUnderSelf tests: grid.Step (convergent only through fence.Sync, two
// packages down) under a branch on fence.Self (divergent by its body). BUG.
//
//spmd:kernel
func ChainUnderSelf(l spmd.Lane, cells []int) {
	if fence.Self(l)%2 == 0 {
		grid.Step(l, cells) // EXPECT
	}
}

// ChainUnderMean tests: grid.Step under a branch on grid.Mean, which is
// uniform through fence.Total even though its argument is lane-dependent.
// OK: every cell bumped once.
//
//spmd:kernel
func ChainUnderMean(l spmd.Lane, cells []int) {
	if grid.Mean(l, l.Index()) >= 0 {
		grid.Step(l, cells)
	}
}

// TotalGuard tests: the uniform result of fence.Total (of a divergent
// value) guards a barrier loop. OK: out[i] = total = 0+1+...+n-1.
//
//spmd:kernel
func TotalGuard(l spmd.Lane, out []int) {
	t := fence.Total(l, l.Index())
	for k := 0; k < t; k++ {
		fence.Sync(l)
	}
	out[l.Index()] = t
}

// ScaleUniform tests: fence.Scale of a constant is uniform, so a loop
// bounded by it may call the barrier. OK: out[i] = 2*n.
//
//spmd:kernel
func ScaleUniform(l spmd.Lane, out []int) {
	n := 0
	for k := 0; k < fence.Scale(l, 2); k++ {
		fence.Sync(l)
		n++
	}
	out[l.Index()] = n
}

// ScaleDivergent tests: fence.Scale of l.Index() is divergent (the result
// is uniform only for a uniform argument). BUG.
//
//spmd:kernel
func ScaleDivergent(l spmd.Lane, out []int) {
	if fence.Scale(l, l.Index()) > 8 {
		fence.Sync(l) // EXPECT
	}
	out[l.Index()] = 1
}

// MixIgnoresB tests: grid.Mix's result depends on a only, so a divergent b
// does not make it divergent. OK: out[i] = 3*n.
//
//spmd:kernel
func MixIgnoresB(l spmd.Lane, out []int) {
	m := grid.Mix(l, 3, l.Index())
	if m == 3*l.Count() {
		fence.Sync(l)
	}
	out[l.Index()] = m
}

// RowGuard tests: grid.Row is divergent through fence.Self (chain), and it
// guards the collective fence.Total. BUG.
//
//spmd:kernel
func RowGuard(l spmd.Lane, out []int) {
	s := 0
	if grid.Row(l, 2) == 0 {
		s = fence.Total(l, 1) // EXPECT
	}
	out[l.Index()] = s
}

// EarlyReturn tests: the last lane (found by fence.Self) returns before the
// barrier wrapper. BUG.
//
//spmd:kernel
func EarlyReturn(l spmd.Lane, out []int) {
	if fence.Self(l) == l.Count()-1 {
		return
	}
	fence.Sync(l) // EXPECT
	out[l.Index()] = 1
}

// EarlyReturnUniform tests: an early return on fence.Size (uniform) before
// the barrier wrapper. OK: out[i] = 1 when n >= 2.
//
//spmd:kernel
func EarlyReturnUniform(l spmd.Lane, out []int) {
	if fence.Size(l) < 2 {
		return
	}
	fence.Sync(l)
	out[l.Index()] = 1
}

// LoopDivergentBound tests: a loop bounded by grid.Row (divergent) that
// calls grid.Step (convergent through fence). BUG.
//
//spmd:kernel
func LoopDivergentBound(l spmd.Lane, cells []int) {
	for k := 0; k < grid.Row(l, 2); k++ {
		grid.Step(l, cells) // EXPECT
	}
}

// ShortCircuitDivergent tests: fence.AnyTrue on the right of && runs only in
// the lanes where fence.Self(l) > 0. BUG.
//
//spmd:kernel
func ShortCircuitDivergent(l spmd.Lane, out []int) {
	if fence.Self(l) > 0 && fence.AnyTrue(l, true) { // EXPECT
		out[l.Index()] = 1
	}
}

// ShortCircuitUniform tests: fence.AnyTrue on the right of && with a uniform
// left operand, and the uniform result guarding the barrier. OK: out[i] = 1.
//
//spmd:kernel
func ShortCircuitUniform(l spmd.Lane, out []int) {
	if fence.Size(l) > 1 && fence.AnyTrue(l, fence.Self(l) == 0) {
		fence.Sync(l)
		out[l.Index()] = 1
	}
}
