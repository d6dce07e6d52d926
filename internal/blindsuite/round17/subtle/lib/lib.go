// Package lib holds the helpers that the kernels of the other packages call
// across a package boundary. None of them is a kernel. The convergent helpers
// call their collective unconditionally, so that nothing in this package
// depends on whether the parameters of a non-kernel function count as uniform;
// the only EXPECT line here is in Drain, whose divergence comes from the lane
// index itself.
package lib

import (
	"errors"

	"github.com/spmdvet/spmdvet/spmd"
)

// Pos is a position in a grid of lanes.
type Pos struct{ Row, Col int }

// Locate returns the position of the calling lane in a grid of rows of width
// w. Both fields depend on the lane index.
func Locate(l spmd.Lane, w int) Pos {
	i := l.Index()
	return Pos{Row: i / w, Col: i % w}
}

// Shape returns the shape of the grid of rows of width w: the number of rows
// and the width. It only uses Count, so it is uniform for a uniform w.
func Shape(l spmd.Lane, w int) Pos {
	return Pos{Row: l.Count() / w, Col: w}
}

// Tile is a unit of work; its id is unexported.
type Tile struct{ id int }

// TileOf returns the tile with the given id.
func TileOf(id int) Tile { return Tile{id: id} }

// Owner is a value-receiver method: which of two owners handles the tile.
func (t Tile) Owner() int { return t.id % 2 }

// Figure is a shape with an area.
type Figure interface{ Area() int }

// Square is a Figure.
type Square struct{ Side int }

// Area implements Figure.
func (s Square) Area() int { return s.Side * s.Side }

// FromLane returns the v of lane src. It wraps Broadcast and carries the same
// directive: its result is uniform exactly when src is.
//
//spmd:uniform src
func FromLane(l spmd.Lane, v, src int) int {
	return spmd.Broadcast(l, v, src)
}

// ErrOdd is what Validate returns in odd lanes.
var ErrOdd = errors.New("odd lane")

// Validate returns ErrOdd in odd lanes and nil in even ones. Each value it
// returns is uniform on its own (a global, a constant); the result is
// divergent only because lanes leave by different returns.
func Validate(l spmd.Lane) error {
	if l.Index()%2 == 1 {
		return ErrOdd
	}
	return nil
}

// SafeDiv returns a/b, and ok=false instead of panicking when b is zero. It
// neither takes a Lane nor calls a lane-ID function. Whether ok is false
// depends on b only through a recovered panic.
func SafeDiv(a, b int) (q int, ok bool) {
	defer func() {
		if recover() != nil {
			q, ok = 0, false
		}
	}()
	return a / b, true
}

// Leader reports whether the calling lane is lane 0. The result is set by a
// deferred closure after the return statement has stored false.
func Leader(l spmd.Lane) (lead bool) {
	defer func() { lead = l.Index() == 0 }()
	return false
}

// StoreRank writes the lane index through p.
func StoreRank(l spmd.Lane, p *int) { *p = l.Index() }

// StoreSize writes the lane count through p.
func StoreSize(l spmd.Lane, p *int) { *p = l.Count() }

// State is per-lane state set up by Init.
type State struct{ ID int }

// Init stores the lane index into the receiver.
func (s *State) Init(l spmd.Lane) { s.ID = l.Index() }

// Scan returns the index of the first element of data greater than the lane
// index, or len(data). Every returned value is uniform inside the loop (i,
// len(data)); the lanes just leave the loop in different iterations.
func Scan(l spmd.Lane, data []int) int {
	for i, v := range data {
		if v > l.Index() {
			return i
		}
	}
	return len(data)
}

// Drain (bug): lanes that find their own index in data return early from the
// loop, and the remaining lanes then wait at a barrier the others never reach.
func Drain(l spmd.Lane, data []int) {
	for _, v := range data {
		if v == l.Index() {
			return
		}
	}
	l.Barrier() // EXPECT
}

// Sync is a barrier two calls deep.
func Sync(l spmd.Lane) { syncStep(l) }

func syncStep(l spmd.Lane) { l.Barrier() }

// Total is a ReduceAdd two calls deep.
func Total(l spmd.Lane, v int) int { return sum(l, v) }

func sum(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, v) }

// Reducer holds a lane; it has no Lane parameter of its own.
type Reducer struct{ L spmd.Lane }

// Sum is a value-receiver method that performs a collective. It neither has a
// Lane parameter nor calls a lane-ID function.
func (r Reducer) Sum(v int) int { return spmd.ReduceAdd(r.L, v) }

// Team holds a lane and counts phases.
type Team struct {
	L     spmd.Lane
	Phase int
}

// Sync is a pointer-receiver method that performs a barrier.
func (t *Team) Sync() {
	t.L.Barrier()
	t.Phase++
}

// Finish performs its barrier in a deferred call.
func Finish(l spmd.Lane, out []int) {
	defer l.Barrier()
	out[l.Index()]++
}

// SumOf is a generic wrapper around ReduceAdd.
func SumOf[T spmd.Number](l spmd.Lane, v T) T {
	return spmd.ReduceAdd(l, v)
}

// Collective runs op, which must be a collective operation; the directive
// declares the call convergent although the body only calls a function value.
//
//spmd:convergent
func Collective(l spmd.Lane, op func(spmd.Lane)) {
	op(l)
}

// BarrierOp is an op for Collective.
func BarrierOp(l spmd.Lane) { l.Barrier() }
