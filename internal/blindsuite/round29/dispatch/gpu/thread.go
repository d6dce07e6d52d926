package gpu

import (
	"math/bits"

	"github.com/spmdvet/spmdvet/spmd"
)

// Thread is this package's own lane handle: a lane together with the
// global offset of its block, the way a CUDA thread knows blockIdx. Its
// methods say what they are with //spmd: directives, as bindings to a GPU
// API would: the body of Fence and Total goes through a backend hook that
// a checker cannot follow, so the directives are the only way it can know.
//
//spmd:lane
type Thread struct {
	lane spmd.Lane
	base int // global index of the block's first lane, the same in every lane
}

// Begin returns the thread handle of lane l in the block whose first lane
// has global index base. base must be the same in every lane.
func Begin(l spmd.Lane, base int) Thread { return Thread{lane: l, base: base} }

// GlobalID is blockIdx*blockDim + threadIdx.
//
//spmd:laneid
func (t Thread) GlobalID() int { return t.base + t.lane.Index() }

// Rank is the lane's index within its block.
//
//spmd:laneid
func (t Thread) Rank() int { return t.lane.Index() }

// Width is the number of lanes in the block.
//
//spmd:uniform
func (t Thread) Width() int { return t.lane.Count() }

// Base is the global index of the block's first lane.
//
//spmd:uniform
func (t Thread) Base() int { return t.base }

// fenceHook and reduceHook are what a backend plugs in; on the CPU they are
// the collectives of package spmd.
var (
	fenceHook  = func(l spmd.Lane) { l.Barrier() }
	reduceHook = func(l spmd.Lane, v float64) float64 { return spmd.ReduceAdd(l, v) }
)

// Fence is a block-wide barrier with memory fence.
//
//spmd:convergent barrier
func (t Thread) Fence() { fenceHook(t.lane) }

// Total is the block-wide sum of v.
//
//spmd:convergent
//spmd:uniform
func (t Thread) Total(v float64) float64 { return reduceHook(t.lane, v) }

// Agree returns the v of the block's first lane in every lane: the way to
// turn a per-lane value into one the whole block agrees on.
//
//spmd:convergent
//spmd:uniform
func (t Thread) Agree(v int) int { return spmd.BroadcastFirst(t.lane, v) }

// Tally returns how many lanes of the block have p set (at most 64 lanes).
//
//spmd:convergent
//spmd:uniform
func (t Thread) Tally(p bool) int { return bits.OnesCount64(spmd.Ballot(t.lane, p)) }

// From returns the v of lane src. Every lane gets the same value when every
// lane passes the same src.
//
//spmd:convergent
//spmd:uniform src
func (t Thread) From(v float64, src int) float64 { return spmd.Broadcast(t.lane, v, src) }

// CopyStaged copies the block's share of src into dst with a grid-stride
// loop, fencing after every element so that the copy is visible in
// rounds. BUG: the loop runs over the elements each lane owns, so the lanes
// with fewer elements leave it while the others still fence.
func (t Thread) CopyStaged(dst, src []float64) {
	for j := t.GlobalID(); j < len(src); j += t.Width() {
		dst[j] = src[j]
		t.Fence() // EXPECT
	}
}

// CopyRounds is CopyStaged with the loop over rounds, the same in every
// lane; the lanes past the end simply copy nothing in the last round.
func (t Thread) CopyRounds(dst, src []float64) {
	for start := t.Base(); start < len(src); start += t.Width() {
		if j := start + t.Rank(); j < len(src) {
			dst[j] = src[j]
		}
		t.Fence()
	}
}
