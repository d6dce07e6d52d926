// Package warp wraps the spmd collectives with the small helpers the rest of
// the library is written against. Some declare what they are with //spmd:
// directives; others leave it to the checker to read their bodies.
package warp

import (
	"math/bits"

	"github.com/spmdvet/spmdvet/spmd"
)

// Number is the element type of the arithmetic helpers.
type Number = spmd.Number

// ID is this library's own lane-id function.
//
//spmd:laneid
func ID(l spmd.Lane) int { return l.Index() }

// Slot returns the lane's slot in a 32-wide hardware warp. No directive: its
// body shows that it depends on the lane.
func Slot(l spmd.Lane) int { return l.Index() % 32 }

// TileBase returns the first lane of the tile of the given width that
// contains this lane. It reads like a per-tile (uniform) value but is
// lane-dependent whenever the group holds more than one tile.
func TileBase(l spmd.Lane, width int) int { return (l.Index() / width) * width }

// Leader reports whether this lane is lane 0.
func Leader(l spmd.Lane) bool { return l.Index() == 0 }

// Width is the number of lanes.
//
//spmd:uniform
func Width(l spmd.Lane) int { return l.Count() }

// Chunk is how many items each lane handles out of n, rounded up. The result
// is uniform exactly when n is.
//
//spmd:uniform n
func Chunk(l spmd.Lane, n int) int { return (n + l.Count() - 1) / l.Count() }

// Steps is the number of butterfly steps for the group (log2 of Count,
// rounded up). No directive: the body only uses Count.
func Steps(l spmd.Lane) int {
	s := 0
	for w := 1; w < l.Count(); w <<= 1 {
		s++
	}
	return s
}

// Sync is a barrier wrapper declared as such.
//
//spmd:convergent barrier
func Sync(l spmd.Lane) { l.Barrier() }

// Fence has no directive; its body performs a barrier, so it is convergent.
func Fence(l spmd.Lane) { l.Barrier() }

// Sum is the sum over all lanes.
//
//spmd:convergent
//spmd:uniform
func Sum[T Number](l spmd.Lane, v T) T { return spmd.ReduceAdd(l, v) }

// Max is the greatest value over all lanes. No directive.
func Max[T Number](l spmd.Lane, v T) T { return spmd.ReduceMax(l, v) }

// Min is the least value over all lanes. No directive.
func Min[T Number](l spmd.Lane, v T) T { return spmd.ReduceMin(l, v) }

// Bcast returns v of lane src.
//
//spmd:convergent
//spmd:uniform src
func Bcast[T any](l spmd.Lane, v T, src int) T { return spmd.Broadcast(l, v, src) }

// From returns v of lane src; no directive, the body is a Broadcast.
func From[T any](l spmd.Lane, v T, src int) T { return spmd.Broadcast(l, v, src) }

// First returns v of lane 0.
func First[T any](l spmd.Lane, v T) T { return spmd.BroadcastFirst(l, v) }

// Vote reports whether p holds in some lane.
//
//spmd:uniform
func Vote(l spmd.Lane, p bool) bool { return spmd.Any(l, p) }

// Unanimous reports whether p holds in every lane. No directive.
func Unanimous(l spmd.Lane, p bool) bool { return spmd.All(l, p) }

// Count is the number of lanes where p holds (groups of at most 64 lanes).
func Count(l spmd.Lane, p bool) int { return bits.OnesCount64(spmd.Ballot(l, p)) }

// Rank is the number of lanes below this one where p holds.
func Rank(l spmd.Lane, p bool) int {
	b := spmd.Ballot(l, p)
	return bits.OnesCount64(b & (uint64(1)<<uint(l.Index()) - 1))
}

// Prefix is the inclusive prefix sum.
//
//spmd:divergent
func Prefix[T Number](l spmd.Lane, v T) T { return spmd.InclusiveAdd(l, v) }

// Offset is the exclusive prefix sum. No directive.
func Offset[T Number](l spmd.Lane, v T) T { return spmd.ExclusiveAdd(l, v) }

// Total is the sum over all lanes computed as the inclusive scan of the last
// lane. No directive: the body broadcasts from a uniform source.
func Total[T Number](l spmd.Lane, v T) T {
	return spmd.Broadcast(l, spmd.InclusiveAdd(l, v), l.Count()-1)
}

// XorSum is a butterfly reduction. Every lane ends with the total, but the
// value comes out of ShuffleXor, whose result is divergent.
// Count must be a power of two.
func XorSum[T Number](l spmd.Lane, v T) T {
	for m := 1; m < l.Count(); m <<= 1 {
		v += spmd.ShuffleXor(l, v, m)
	}
	return v
}

// Neighbor returns v of the next lane, wrapping around.
func Neighbor[T any](l spmd.Lane, v T) T {
	return spmd.Shuffle(l, v, (l.Index()+1)%l.Count())
}

// Publish stores v at buf[lane] for the lanes that have a slot and waits
// until every lane has published. Correct.
func Publish(l spmd.Lane, buf []int, v int) {
	if i := l.Index(); i < len(buf) {
		buf[i] = v
	}
	l.Barrier()
}

// PublishEarly is Publish written with an early return: lanes without a slot
// leave before the barrier.
func PublishEarly(l spmd.Lane, buf []int, v int) {
	i := l.Index()
	if i >= len(buf) {
		return
	}
	buf[i] = v
	l.Barrier() // EXPECT
}

// LeaderSum computes the sum only in lane 0: the reduction is reached by one
// lane.
func LeaderSum(l spmd.Lane, v int) int {
	if Leader(l) {
		return spmd.ReduceAdd(l, v) // EXPECT
	}
	return 0
}

// AnySlot reports whether p holds in any lane of this lane's 32-wide slot
// range, but only asks the lanes whose slot is even.
func AnySlot(l spmd.Lane, p bool) bool {
	if Slot(l)%2 == 0 {
		return Vote(l, p) // EXPECT
	}
	return false
}
