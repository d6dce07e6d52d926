// Package flow holds kernels that use the directive-declared wrappers of
// package fence (own convergent, lane-ID, uniform and divergent functions)
// under loops, switch, break/continue, goto, and closures.
package flow

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round14/xlib/fence"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round14/xlib/grid"
	"github.com/spmdvet/spmdvet/spmd"
)

// FenceUnderIndex tests: fence.Fence is convergent only by its directive
// (its body calls a hook); called under a branch on l.Index(). BUG.
//
//spmd:kernel
func FenceUnderIndex(l spmd.Lane, out []int) {
	if l.Index() >= 2 {
		fence.Fence(l) // EXPECT
	}
	out[l.Index()] = 1
}

// FenceWidthLoop tests: fence.Width is uniform by directive although its
// body mentions l.Index(); a loop bounded by it calls fence.Fence.
// OK: out[i] = n.
//
//spmd:kernel
func FenceWidthLoop(l spmd.Lane, out []int) {
	c := 0
	for k := 0; k < fence.Width(l); k++ {
		fence.Fence(l)
		c++
	}
	out[l.Index()] = c
}

// SlotSwitch tests: fence.Slot is a lane ID by directive (body calls a hook
// with uniform arguments); a switch on it guards fence.Sync. BUG.
//
//spmd:kernel
func SlotSwitch(l spmd.Lane, out []int) {
	switch fence.Slot(l) % 3 {
	case 0:
		fence.Sync(l) // EXPECT
		out[l.Index()] = 0
	default:
		out[l.Index()] = 1
	}
}

// SizeSwitch tests: a switch on fence.Size (uniform) with the barrier in
// one case. OK: out[i] = 4 with 4 lanes.
//
//spmd:kernel
func SizeSwitch(l spmd.Lane, out []int) {
	switch fence.Size(l) {
	case 4:
		fence.Sync(l)
		out[l.Index()] = 4
	default:
		out[l.Index()] = -1
	}
}

// JitterGuard tests: fence.Jitter is divergent by directive (body looks
// uniform); it guards fence.Sync. BUG.
//
//spmd:kernel
func JitterGuard(l spmd.Lane, out []int) {
	if fence.Jitter(l, 7)&1 == 0 {
		fence.Sync(l) // EXPECT
	}
	out[l.Index()] = 1
}

// FromUniformSrc tests: fence.From (a Shuffle declared "uniform src") with
// a constant src gives a uniform value that guards fence.Sync.
// OK: out[i] = 10.
//
//spmd:kernel
func FromUniformSrc(l spmd.Lane, out []int) {
	x := fence.From(l, 10*l.Index(), 1)
	if x == 10 {
		fence.Sync(l)
	}
	out[l.Index()] = x
}

// FromDivergentSrc tests: fence.From with a lane-dependent src is divergent
// and guards fence.Sync. BUG.
//
//spmd:kernel
func FromDivergentSrc(l spmd.Lane, out []int) {
	x := fence.From(l, l.Index(), (l.Index()+1)%l.Count())
	if x > 1 {
		fence.Sync(l) // EXPECT
	}
	out[l.Index()] = x
}

// BreakOnSlot tests: lanes leave the loop in different iterations (break on
// fence.Slot), and the barrier after the break test runs only in the lanes
// still looping. BUG.
//
//spmd:kernel
func BreakOnSlot(l spmd.Lane, out []int) {
	k := 0
	for ; k < 4; k++ {
		if fence.Slot(l) == k {
			break
		}
		fence.Sync(l) // EXPECT
	}
	out[l.Index()] = k
}

// BreakOnTotal tests: the loop leaves on a uniform test (fence.Total), so
// the collective in the condition and the barrier are reached together; the
// barrier after the loop too. OK: out[i] = n.
//
//spmd:kernel
func BreakOnTotal(l spmd.Lane, out []int) {
	k := 0
	for ; ; k++ {
		if fence.Total(l, 1) <= k {
			break
		}
		fence.Sync(l)
	}
	fence.Fence(l)
	out[l.Index()] = k
}

// ContinueOnSelf tests: lane 0 skips the rest of every iteration with
// continue, so it never reaches the barrier. BUG.
//
//spmd:kernel
func ContinueOnSelf(l spmd.Lane, out []int) {
	for k := 0; k < 3; k++ {
		if fence.Self(l) == 0 {
			continue
		}
		fence.Sync(l) // EXPECT
		out[l.Index()]++
	}
}

// LabelledUniform tests: a labelled break out of two loops on a uniform
// condition (fence.Width), a barrier in the inner loop and one after.
// OK: out[i] = 3 with 4 lanes (the inner loop runs k = 0, 1, 2; breaks at 3).
//
//spmd:kernel
func LabelledUniform(l spmd.Lane, out []int) {
	c := 0
outer:
	for j := 0; j < 2; j++ {
		for k := 0; k < 10; k++ {
			if k == fence.Width(l)-1 {
				break outer
			}
			fence.Sync(l)
			c++
		}
	}
	fence.Sync(l)
	out[l.Index()] = c
}

// GotoIrreducible tests: lanes below 2 jump into the middle of a goto cycle
// (label b) and the others enter it at the top (label a); the cycle calls
// grid.Step. BUG (lanes below 2 run the step one more time).
//
//spmd:kernel
func GotoIrreducible(l spmd.Lane, cells []int) {
	n := 0
	if fence.Self(l) < 2 {
		goto b
	}
a:
	n++
b:
	grid.Step(l, cells) // EXPECT
	if n < 3 {
		goto a
	}
}

// ClosureCapture tests: a closure that captures a lane-dependent value from
// fence.Self returns a divergent result that guards fence.Sync. BUG.
//
//spmd:kernel
func ClosureCapture(l spmd.Lane, out []int) {
	mine := fence.Self(l)
	far := func() bool { return mine > 1 }
	if far() {
		fence.Sync(l) // EXPECT
	}
	out[l.Index()] = mine
}

// ClosureUniform tests: a closure that captures a uniform value (fence.Size)
// guards fence.Sync. OK: out[i] = n.
//
//spmd:kernel
func ClosureUniform(l spmd.Lane, out []int) {
	n := fence.Size(l)
	big := func() bool { return n > 1 }
	if big() {
		fence.Sync(l)
	}
	out[l.Index()] = n
}
