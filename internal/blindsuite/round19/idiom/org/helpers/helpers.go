// Package helpers holds the small building blocks the kernels of package org
// are split into. Some perform collectives (so calling them is a convergent
// operation), some return lane-dependent values and some uniform ones.
package helpers

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// Total reduces v over the group: convergent, uniform result.
func Total(l spmd.Lane, v float64) float64 {
	return spmd.ReduceAdd(l, v)
}

// Sync waits for the group: convergent.
func Sync(l spmd.Lane) {
	l.Barrier()
}

// Rank is the lane's position: divergent.
func Rank(l spmd.Lane) int {
	return l.Index()
}

// Width is the group size: uniform.
func Width(l spmd.Lane) int {
	return l.Count()
}

// Leader reports whether this is lane 0: divergent.
func Leader(l spmd.Lane) bool {
	return Rank(l) == 0
}

// Offset is the exclusive prefix sum of n: convergent, divergent result.
func Offset(l spmd.Lane, n int) int {
	return spmd.ExclusiveAdd(l, n)
}

// Chunk splits [0, n) into Width contiguous pieces and returns this lane's.
func Chunk(l spmd.Lane, n int) (lo, hi int) {
	per := (n + Width(l) - 1) / Width(l)
	lo = min(Rank(l)*per, n)
	hi = min(lo+per, n)
	return lo, hi
}

// Mean is the group-wide mean of xs, each lane summing its chunk: convergent
// through Total, uniform result.
func Mean(l spmd.Lane, xs []float64) float64 {
	lo, hi := Chunk(l, len(xs))
	s := 0.0
	for _, x := range xs[lo:hi] {
		s += x
	}
	return Total(l, s) / float64(len(xs))
}

// hostFence stands for the binding's implementation, reached through a
// function variable that a static checker cannot resolve.
var hostFence = func(l spmd.Lane) { l.Barrier() }

// Fence is a binding to a host fence, declared convergent by directive. Its
// body calls it through a function variable, so only the directive shows it.
//
//spmd:convergent barrier
func Fence(l spmd.Lane) {
	hostFence(l)
}

// Groups is a tuning constant declared uniform by directive.
//
//spmd:uniform
func Groups() int {
	return 4
}

// Ctx bundles the lane with shared data; its methods perform collectives.
type Ctx struct {
	L    spmd.Lane
	Data []float64
}

// Sum is the group-wide sum of the strided elements each lane owns.
func (c Ctx) Sum() float64 {
	s := 0.0
	for i := c.L.Index(); i < len(c.Data); i += c.L.Count() {
		s += c.Data[i]
	}
	return spmd.ReduceAdd(c.L, s)
}

// Mine is the first element this lane owns, or 0.
func (c Ctx) Mine() float64 {
	if i := c.L.Index(); i < len(c.Data) {
		return c.Data[i]
	}
	return 0
}
