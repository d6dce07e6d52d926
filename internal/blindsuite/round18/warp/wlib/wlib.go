// Package wlib wraps warp-level patterns in helpers, several of them carrying
// //spmd: directives of their own.
package wlib

import (
	"math/bits"

	"github.com/spmdvet/spmdvet/spmd"
)

// ElectU returns the lowest lane whose p is true, and whether there is one.
// It performs a Ballot (convergent); its results are declared uniform.
//
//spmd:uniform
func ElectU(l spmd.Lane, p bool) (int, bool) {
	m := spmd.Ballot(l, p)
	return bits.TrailingZeros64(m), m != 0
}

// Elect is ElectU without any directive: its results are uniform only by
// reading its body (see package ambig).
func Elect(l spmd.Lane, p bool) (int, bool) {
	m := spmd.Ballot(l, p)
	return bits.TrailingZeros64(m), m != 0
}

// WarpSum is a declared convergent, uniform reduction.
//
//spmd:convergent
//spmd:uniform
func WarpSum(l spmd.Lane, v int) int {
	return spmd.ReduceAdd(l, v)
}

// LaneBit returns the lane's own bit, 1 << l.Index(): declared a lane ID.
//
//spmd:laneid
func LaneBit(l spmd.Lane) uint64 {
	return uint64(1) << uint(l.Index())
}

// Pick is a Shuffle wrapper declared uniform when src is uniform (like
// Broadcast). It is convergent through its body.
//
//spmd:uniform src
func Pick(l spmd.Lane, v, src int) int {
	return spmd.Shuffle(l, v, src)
}

var syncImpl = func(l spmd.Lane) { l.Barrier() }

// Sync is a barrier reached through a function variable, which a checker
// cannot resolve; only the directive says it is convergent.
//
//spmd:convergent barrier
func Sync(l spmd.Lane) {
	syncImpl(l)
}

// Neighbor returns the v of the pair partner; declared divergent.
//
//spmd:divergent
func Neighbor(l spmd.Lane, v int) int {
	return spmd.ShuffleXor(l, v, 1)
}

// LeaderDo (correct): f runs on lane 0 only, and the barrier follows the
// leader's branch, so the helper itself is fine; it is convergent.
func LeaderDo(l spmd.Lane, f func()) {
	if l.Index() == 0 {
		f()
	}
	l.Barrier()
}

// BadLeaderSync (bug): the barrier is inside lane 0's branch.
func BadLeaderSync(l spmd.Lane) {
	if l.Index() == 0 {
		l.Barrier() // EXPECT
	}
}

// WarpOf returns the 64-lane warp of the lane. Groups have at most 64 lanes
// wherever this package is used, so it is always 0; declared uniform.
//
//spmd:uniform
func WarpOf(l spmd.Lane) int {
	return l.Index() / 64
}

// RunWarp runs body as a kernel.
//
//spmd:kernel body
func RunWarp(n int, body func(spmd.Lane)) error {
	return spmd.Run(n, body)
}
