// Package gpu is a small device library over package spmd, the kind of
// thin layer a GPU programmer writes once and then uses from every kernel:
// thread-block and warp handles whose methods run the barriers and
// collectives, reducers behind an interface, accumulators with pointer
// receivers, and helpers for panics.
//
// The package has no kernels of its own. Block, Warp, Tile and the
// reducers carry no //spmd: directives: what their methods do is in their
// bodies. Thread declares its own vocabulary with directives (a lane
// handle type, its own lane-ID method, a barrier reached through a hook,
// uniform-result wrappers).
package gpu

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// Block is a handle on a thread block: __syncthreads and threadIdx as
// methods. It is a plain struct holding the lane; pass it by value.
type Block struct {
	L spmd.Lane
}

// Of returns the block handle of lane l.
func Of(l spmd.Lane) Block { return Block{L: l} }

// Tid is threadIdx.x: the lane's index in the block.
func (b Block) Tid() int { return b.L.Index() }

// Dim is blockDim.x, the same in every lane.
func (b Block) Dim() int { return b.L.Count() }

// Sync is __syncthreads: every lane of the block waits here for the others.
func (b Block) Sync() { b.L.Barrier() }

// Stage writes v into the lane's slot of shared memory and waits until
// every lane has written its slot.
func (b Block) Stage(shared []float64, v float64) {
	shared[b.Tid()] = v
	b.Sync()
}

// Flush writes the lane's value to out (the lanes past the end of out have
// none) and syncs, so that every lane may then read all of out.
func (b Block) Flush(out []float64, v float64) {
	if b.Tid() < len(out) {
		out[b.Tid()] = v
	}
	b.Sync()
}

// FlushFast is Flush with a shortcut for the lanes past the end of out.
// BUG: those lanes return before the barrier, so the others wait for lanes
// that never come.
func (b Block) FlushFast(out []float64, v float64) {
	if b.Tid() >= len(out) {
		return
	}
	out[b.Tid()] = v
	b.Sync() // EXPECT
}

// Tile is a block together with its tile of shared memory. Tid, Dim and
// Sync are promoted from the embedded Block.
type Tile struct {
	Block
	Shared []float64
}

// Load copies the tile that starts at base from global memory into shared
// memory, one element per lane (zero past the end), and syncs.
func (t Tile) Load(global []float64, base int) {
	j := base + t.Tid()
	v := 0.0
	if j < len(global) {
		v = global[j]
	}
	t.Shared[t.Tid()] = v
	t.Sync()
}

// Warp gives the collectives of package spmd as methods.
type Warp struct {
	L spmd.Lane
}

// Sum is the warp-wide sum of v, the same in every lane.
func (w Warp) Sum(v float64) float64 { return spmd.ReduceAdd(w.L, v) }

// Count is the warp-wide sum of an integer.
func (w Warp) Count(n int) int { return spmd.ReduceAdd(w.L, n) }

// Max is the warp-wide maximum of v.
func (w Warp) Max(v float64) float64 { return spmd.ReduceMax(w.L, v) }

// Vote reports whether p holds in some lane (__any_sync).
func (w Warp) Vote(p bool) bool { return spmd.Any(w.L, p) }

// Unanimous reports whether p holds in every lane (__all_sync).
func (w Warp) Unanimous(p bool) bool { return spmd.All(w.L, p) }

// Mask is the ballot of p (__ballot_sync).
func (w Warp) Mask(p bool) uint64 { return spmd.Ballot(w.L, p) }

// Offset is the exclusive prefix sum of n: where the lane's items start.
// It differs from lane to lane.
func (w Warp) Offset(n int) int { return spmd.ExclusiveAdd(w.L, n) }

// Next returns the v of the next lane, cyclically (__shfl_sync).
func (w Warp) Next(v float64) float64 {
	return spmd.Shuffle(w.L, v, (w.L.Index()+1)%w.L.Count())
}

// IsLeader reports whether the lane is lane 0.
func (w Warp) IsLeader() bool { return w.L.Index() == 0 }
