// Package flow: the lane index reaches a branch through data (struct fields,
// methods, interfaces, closures, strings, slices, collectives with divergent
// results, error values, recovered panics, named results set by defer).
//
// Every kernel takes out []int (or []float64), where each lane writes its
// answer; the tests check it for the correct kernels.
package flow

import (
	"math/bits"
	"strconv"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round17/subtle/lib"
	"github.com/spmdvet/spmdvet/spmd"
)

// GridRow (bug): the lane index reaches the branch through a struct field
// returned by lib.Locate, a helper in another package. Lanes of row 0 wait at
// the barrier, the others never arrive.
//
//spmd:kernel
func GridRow(l spmd.Lane, out []int) {
	p := lib.Locate(l, 2)
	if p.Row == 0 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = p.Col
}

// GridShape (correct): twin of GridRow; lib.Shape builds the struct from
// Count and a constant only, so p.Row is uniform.
//
//spmd:kernel
func GridShape(l spmd.Lane, out []int) {
	p := lib.Shape(l, 2)
	if p.Row == 2 {
		l.Barrier()
	}
	out[l.Index()] = p.Row
}

// TileOwner (bug): the lane index is hidden in an unexported field and read
// back by a value-receiver method of another package; even and odd lanes
// disagree about the ReduceAdd.
//
//spmd:kernel
func TileOwner(l spmd.Lane, out []int) {
	t := lib.TileOf(l.Index())
	if t.Owner() == 0 {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// ClosureLead (bug): the branch condition is the result of a closure that
// captured the lane index.
//
//spmd:kernel
func ClosureLead(l spmd.Lane, out []int) {
	idx := l.Index()
	lead := func() bool { return idx%3 == 0 }
	if lead() {
		l.Barrier() // EXPECT
	}
	out[idx] = 1
}

// ClosureGroup (correct): twin of ClosureLead; the closure captured Count, so
// its result is uniform.
//
//spmd:kernel
func ClosureGroup(l spmd.Lane, out []int) {
	n := l.Count()
	even := func() bool { return n%2 == 0 }
	if even() {
		l.Barrier()
	}
	out[l.Index()] = n
}

var kinds = []any{0, "one"}

// KindSwitch (bug): a type switch on an interface picked from a global table
// at a lane-dependent index: int lanes reach the ReduceAdd, string lanes do
// not.
//
//spmd:kernel
func KindSwitch(l spmd.Lane, out []int) {
	switch v := kinds[l.Index()%len(kinds)].(type) {
	case int:
		out[l.Index()] = spmd.ReduceAdd(l, v+1) // EXPECT
	case string:
		out[l.Index()] = len(v)
	}
}

// FigureArea (bug): an interface value built from the lane index; the
// dynamic call of its method returns a lane-dependent area.
//
//spmd:kernel
func FigureArea(l spmd.Lane, out []int) {
	var f lib.Figure = lib.Square{Side: l.Index()}
	if f.Area() > 1 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = f.Area()
}

// LaneName (bug): a string built from the lane index decides who joins the
// ReduceMax.
//
//spmd:kernel
func LaneName(l spmd.Lane, out []int) {
	name := "lane" + strconv.Itoa(l.Index())
	if name == "lane0" {
		out[0] = spmd.ReduceMax(l, len(name)) // EXPECT
	}
}

// GrowSlice (bug): a slice grows in a loop bounded by the lane index; a
// second loop ranges over it, so lanes run the barrier a different number of
// times.
//
//spmd:kernel
func GrowSlice(l spmd.Lane, out []int) {
	var s []int
	for i := 0; i < l.Index(); i++ {
		s = append(s, i)
	}
	for range s {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = len(s)
}

// BallotRank (bug): Ballot's mask is uniform, but the rank of the lane in it
// (bits below the lane's own) is not.
//
//spmd:kernel
func BallotRank(l spmd.Lane, out []int) {
	mask := spmd.Ballot(l, l.Index()%2 == 0)
	below := bits.OnesCount64(mask & (1<<uint(l.Index()) - 1))
	if below == 0 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = below
}

// BallotTotal (correct): twin of BallotRank; the population count of the
// whole mask is uniform, although the Ballot's argument was divergent.
//
//spmd:kernel
func BallotTotal(l spmd.Lane, out []int) {
	mask := spmd.Ballot(l, l.Index()%2 == 0)
	total := bits.OnesCount64(mask)
	if total == (l.Count()+1)/2 {
		l.Barrier()
	}
	out[l.Index()] = total
}

// ScanFirst (bug): InclusiveAdd of the uniform constant 1 is the lane's
// index plus one: all arguments uniform, the result divergent.
//
//spmd:kernel
func ScanFirst(l spmd.Lane, out []int) {
	pos := spmd.InclusiveAdd(l, 1)
	if pos == 1 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = pos
}

// FromNeighbor (bug): lib.FromLane is uniform only for a uniform src
// (//spmd:uniform src); here each lane names its neighbour, so the result is a
// shuffle and the branch diverges.
//
//spmd:kernel
func FromNeighbor(l spmd.Lane, out []int) {
	v := lib.FromLane(l, l.Index()*10, (l.Index()+1)%l.Count())
	if v == 10 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = v
}

// FromLast (correct): twin of FromNeighbor with a uniform src; the value
// broadcast is divergent but the result is uniform.
//
//spmd:kernel
func FromLast(l spmd.Lane, out []int) {
	v := lib.FromLane(l, l.Index()*10, l.Count()-1)
	if v == 10*(l.Count()-1) {
		l.Barrier()
	}
	out[l.Index()] = v
}

// Worker embeds the lane; its methods have no Lane parameter.
type Worker struct {
	spmd.Lane
	Scale int
}

// Step (bug): a method with a Worker receiver, no Lane parameter; it calls the
// promoted Index (a lane-ID function) and branches on it before the promoted
// Barrier.
func (w Worker) Step(out []int) {
	if w.Index()%2 == 0 {
		w.Barrier() // EXPECT
	}
	out[w.Index()] = w.Scale
}

// WorkerStep (bug, reported in Step): runs Worker.Step.
//
//spmd:kernel
func WorkerStep(l spmd.Lane, out []int) {
	w := Worker{Lane: l, Scale: 3}
	w.Step(out)
}

// CheckedBarrier (bug): lib.Validate returns only uniform values, a global
// and nil, but from two returns chosen by the lane index; the lanes that got
// an error leave before the barrier.
//
//spmd:kernel
func CheckedBarrier(l spmd.Lane, out []int) {
	if err := lib.Validate(l); err != nil {
		return
	}
	l.Barrier() // EXPECT
	out[l.Index()] = 1
}

// Quotient (bug): lib.SafeDiv(12, Index) recovers the division by zero of
// lane 0 and reports ok=false there only; lane 0 then skips the ReduceAdd.
//
//spmd:kernel
func Quotient(l spmd.Lane, out []int) {
	q, ok := lib.SafeDiv(12, l.Index())
	if !ok {
		return
	}
	out[l.Index()] = spmd.ReduceAdd(l, q) // EXPECT
}

// QuotientGroup (correct): twin of Quotient dividing by the uniform Count.
//
//spmd:kernel
func QuotientGroup(l spmd.Lane, out []int) {
	q, ok := lib.SafeDiv(12, l.Count())
	if !ok {
		return
	}
	out[l.Index()] = spmd.ReduceAdd(l, q)
}

// DeferredLeader (bug): lib.Leader's named result is assigned the
// lane-dependent value by a deferred closure, after "return false".
//
//spmd:kernel
func DeferredLeader(l spmd.Lane, out []int) {
	if lib.Leader(l) {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = 1
}
