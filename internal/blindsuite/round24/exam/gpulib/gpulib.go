// Package gpulib is a small helper library for kernels ported from CUDA:
// thin wrappers over the spmd collectives, some of which carry their own
// //spmd: directives so that checkers learn about them through facts.
package gpulib

import (
	"math/bits"

	"github.com/spmdvet/spmdvet/spmd"
)

// Stage ends one phase of a kernel: a plain barrier behind a readable name.
// It has no directive: it is convergent because its body calls Barrier.
func Stage(l spmd.Lane) {
	l.Barrier()
}

// syncImpl is the group barrier of the current backend. It is a function
// value, so a checker cannot see through calls of it.
var syncImpl = func(l spmd.Lane) { l.Barrier() }

// Sync is the backend's group barrier (like __syncthreads). The checker only
// knows it is a barrier from the directive.
//
//spmd:convergent barrier
func Sync(l spmd.Lane) {
	syncImpl(l)
}

// voteImpl is the backend's majority vote.
var voteImpl = func(l spmd.Lane, p bool) bool {
	return 2*bits.OnesCount64(spmd.Ballot(l, p)) > l.Count()
}

// Majority reports whether more than half of the lanes have p set.
//
//spmd:convergent
//spmd:uniform
func Majority(l spmd.Lane, p bool) bool {
	return voteImpl(l, p)
}

// maxImpl is the backend's max reduction.
var maxImpl = func(l spmd.Lane, v int) int { return spmd.ReduceMax(l, v) }

// GroupMax returns the largest v over the group.
//
//spmd:convergent
//spmd:uniform
func GroupMax(l spmd.Lane, v int) int {
	return maxImpl(l, v)
}

// CountTrue returns how many lanes have p set.
//
//spmd:uniform
func CountTrue(l spmd.Lane, p bool) int {
	return bits.OnesCount64(spmd.Ballot(l, p))
}

// FromLane returns the v of lane src: uniform when src is.
//
//spmd:uniform src
func FromLane(l spmd.Lane, v float64, src int) float64 {
	return spmd.Broadcast(l, v, src)
}

// rankImpl is the backend's lane id.
var rankImpl = func(l spmd.Lane) int { return l.Index() }

// Rank returns the lane's rank in the group. Only the directive says that it
// differs between lanes.
//
//spmd:laneid
func Rank(l spmd.Lane) int {
	return rankImpl(l)
}

// Coords splits the lane index into a column and a row of a tile of the
// given width.
//
//spmd:laneid
func Coords(l spmd.Lane, width int) (x, y int) {
	return l.Index() % width, l.Index() / width
}

// Sum returns the sum of v over the group. No directive: convergent by body.
func Sum[T spmd.Number](l spmd.Lane, v T) T {
	return spmd.ReduceAdd(l, v)
}

// Mean returns the mean of v over the group.
//
//spmd:uniform
func Mean[T spmd.Number](l spmd.Lane, v T) float64 {
	return float64(spmd.ReduceAdd(l, v)) / float64(l.Count())
}

// Offset returns where this lane's n items start in a packed output.
//
//spmd:divergent
func Offset[T spmd.Number](l spmd.Lane, n T) T {
	return spmd.ExclusiveAdd(l, n)
}

// Rotate returns v from the next lane, wrapping around.
func Rotate[T any](l spmd.Lane, v T) T {
	return spmd.Shuffle(l, v, (l.Index()+1)%l.Count())
}

// Clamp limits x to [lo, hi]. It performs no collective.
func Clamp(x, lo, hi int) int {
	return min(max(x, lo), hi)
}

// Launch runs body in a group of the given number of lanes.
//
//spmd:kernel body
func Launch(lanes int, body func(spmd.Lane)) error {
	return spmd.Run(lanes, body)
}

// Scale multiplies every element of data by f, lanes striding over it, and
// synchronizes so that every lane sees the scaled data.
//
//spmd:kernel
func Scale(l spmd.Lane, data []float64, f float64) {
	for i := l.Index(); i < len(data); i += l.Count() {
		data[i] *= f
	}
	l.Barrier()
}

// BlockSum writes the sum of data to out[block] from lane 0. A library
// kernel with a lane-dependent branch that it gets right.
//
//spmd:kernel
func BlockSum(l spmd.Lane, data []int, out []int, block int) {
	part := 0
	for i := l.Index(); i < len(data); i += l.Count() {
		part += data[i]
	}
	s := spmd.ReduceAdd(l, part)
	if l.Index() == 0 {
		out[block] = s
	}
}

// BlockSumEarly is BlockSum written with an early exit that a CUDA
// programmer might use: the lanes past the data leave before the reduction.
//
//spmd:kernel
func BlockSumEarly(l spmd.Lane, data []int, out []int, block int) {
	if l.Index() >= len(data) {
		return
	}
	s := spmd.ReduceAdd(l, data[l.Index()]) // EXPECT
	if l.Index() == 0 {
		out[block] = s
	}
}
