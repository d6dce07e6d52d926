// Package kit holds the helpers that the kernels of this module call from
// another package: plain arithmetic, tuple-returning helpers, helpers that
// store through pointers, and helpers that (transitively) perform
// convergent operations. It launches no kernel itself.
package kit

import (
	"cmp"

	"github.com/spmdvet/spmdvet/spmd"
)

// Mix hashes x with a seed into a small bucket number.
func Mix(x, seed int) int {
	h := uint32(x)*2654435761 ^ uint32(seed)
	return int(h>>24) & 0xff
}

// DivMod returns a/b and a%b.
func DivMod(a, b int) (int, int) {
	return a / b, a % b
}

// Span returns the first element and the width of the part of a row of
// tiles of the given width that tile t owns: the first result depends on t,
// the second only on width.
func Span(t, width int) (first, w int) {
	return t * width, width
}

// Clamp limits v to [lo, hi].
func Clamp[T cmp.Ordered](v, lo, hi T) T {
	return min(max(v, lo), hi)
}

// Store writes v to *p.
func Store(p *int, v int) {
	*p = v
}

// GlobalID returns the index of the lane across a grid of blocks, as
// blockIdx*blockDim+threadIdx on a GPU.
//
//spmd:laneid
func GlobalID(l spmd.Lane, block int) int {
	return block*l.Count() + l.Index()
}

// BlockBase returns the global index of the first lane of the block.
func BlockBase(l spmd.Lane, block int) int {
	return block * l.Count()
}

// SyncTile waits until every lane has written its part of a tile.
func SyncTile(l spmd.Lane) {
	l.Barrier()
}

// stage is one step of Publish: it only forwards to SyncTile.
func stage(l spmd.Lane) {
	SyncTile(l)
}

// Publish writes v into buf[slot] and makes it visible to every lane: the
// barrier is two calls deep.
func Publish(l spmd.Lane, buf []int, slot, v int) {
	buf[slot] = v
	stage(l)
}

// GroupSum adds v up over the group.
func GroupSum[T spmd.Number](l spmd.Lane, v T) T {
	return spmd.ReduceAdd(l, v)
}

// GroupMax returns the largest v of the group, through GroupReduce.
func GroupMax[T spmd.Number](l spmd.Lane, v T) T {
	return GroupReduce(l, v, true)
}

// GroupReduce returns the largest (wantMax) or smallest v of the group. The
// choice is made by a parameter, so it must be the same in every lane.
func GroupReduce[T spmd.Number](l spmd.Lane, v T, wantMax bool) T {
	if wantMax {
		return spmd.ReduceMax(l, v)
	}
	return spmd.ReduceMin(l, v)
}

// Fence stands for a device-wide memory fence of some GPU binding: it is
// declared a barrier.
//
//spmd:convergent barrier
func Fence(l spmd.Lane) {
	l.Barrier()
}

// Tile is a square tile of shared memory with a barrier method.
type Tile struct {
	Cells []float64
	Side  int
}

// Sync is the tile's barrier.
func (t *Tile) Sync(l spmd.Lane) {
	kitSync(l)
}

func kitSync(l spmd.Lane) { l.Barrier() }

// Compact returns the position of this lane's item among the kept items of
// the group (an exclusive scan), and how many were kept in total.
func Compact(l spmd.Lane, keep bool) (pos, total int) {
	one := 0
	if keep {
		one = 1
	}
	return spmd.ExclusiveAdd(l, one), spmd.ReduceAdd(l, one)
}
