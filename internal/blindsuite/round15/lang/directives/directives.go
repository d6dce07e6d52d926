// Package directives holds kernels around //spmd: directives on this module's
// own declarations (wrappers, a lane type, a lane-ID source, a kernel entry
// with extra parameters) and around collective results used as conditions:
// uniform-result collectives (Any, All, Ballot, Reduce*, BroadcastFirst,
// Broadcast with a uniform src) versus divergent-result ones (Shuffle,
// ShuffleXor, InclusiveAdd, ExclusiveAdd).
package directives

import (
	"sync"

	"github.com/spmdvet/spmdvet/spmd"
)

var (
	Out  []int
	Data = []int{4, -2, 7, 0, 3, -5, 8, 1}
)

// Implementations hidden behind package-level function variables: a checker
// cannot see through them, so only the directives on the wrappers tell it what
// the wrappers do.
var (
	barrierHook = func(l spmd.Lane) { l.Barrier() }
	sumHook     = func(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, v) }
)

// syncVia is a barrier whose implementation is opaque.
//
//spmd:convergent barrier
func syncVia(l spmd.Lane) { barrierHook(l) }

// exchange sums v over the group through an opaque implementation.
//
//spmd:convergent
//spmd:uniform
func exchange(l spmd.Lane, v int) int { return sumHook(l, v) }

// ConvergentWrapperDivergent (bug): syncVia is declared convergent; its first
// call is under a condition on exchange's result, which is declared uniform
// (fine), its second under a lane-dependent datum (bug).
//
//spmd:kernel
func ConvergentWrapperDivergent(l spmd.Lane) {
	t := exchange(l, l.Index())
	if t > 0 {
		syncVia(l)
	}
	if Data[l.Index()%len(Data)] > 0 {
		syncVia(l) // EXPECT
	}
}

// KernelParams (correct): //spmd:kernel makes every parameter of Scaled
// uniform, so the branch on n and the loop over n are uniform and the opaque
// convergent wrappers under them are fine.
//
//spmd:kernel
func KernelParams(l spmd.Lane, n int) {
	v := exchange(l, n*l.Index())
	if n > 3 {
		syncVia(l)
	}
	for range n {
		v = exchange(l, v)
	}
	Out[l.Index()] = v
}

// leader returns lane 0's v. Its body calls Shuffle, whose result is declared
// divergent, but with the constant source 0 every lane gets the same value;
// the directive states that.
//
//spmd:uniform
func leader(l spmd.Lane, v int) int { return spmd.Shuffle(l, v, 0) }

// UniformOverride (correct): leader's result is declared uniform, so the
// Barrier under it is fine.
//
//spmd:kernel
func UniformOverride(l spmd.Lane) {
	if leader(l, Data[l.Index()%len(Data)]) > 0 {
		l.Barrier()
	}
}

// fetch returns the v of lane src; it is uniform exactly when src is.
//
//spmd:uniform src
func fetch(l spmd.Lane, v, src int) int { return spmd.Shuffle(l, v, src) }

// UniformParamUniform (correct): fetch with uniform sources (a constant, and
// Count()-1) has uniform results, so the Barriers under them are fine.
//
//spmd:kernel
func UniformParamUniform(l spmd.Lane) {
	v := Data[l.Index()%len(Data)]
	if fetch(l, v, 2) > 0 {
		l.Barrier()
	}
	if fetch(l, v, l.Count()-1) < 0 {
		l.Barrier()
	}
}

// UniformParamDivergent (bug): fetch with a lane-dependent source is a
// shuffle; its result differs between lanes and so does the branch.
//
//spmd:kernel
func UniformParamDivergent(l spmd.Lane) {
	v := Data[l.Index()%len(Data)]
	if fetch(l, v, l.Index()^1) > 0 {
		l.Barrier() // EXPECT
	}
}

var (
	ticketMu   sync.Mutex
	nextTicket int
)

// ResetTickets restarts the numbering of ticket.
func ResetTickets() {
	ticketMu.Lock()
	nextTicket = 0
	ticketMu.Unlock()
}

// ticket hands out 0, 1, 2, ... in call order. Its body only reads and writes
// a global under a mutex, which a checker would take for uniform; the
// directive says that every caller gets its own value.
//
//spmd:laneid
func ticket() int {
	ticketMu.Lock()
	defer ticketMu.Unlock()
	t := nextTicket
	nextTicket++
	return t
}

// LaneIDDirective (bug): ticket is a lane-ID source by directive; only the
// lane that drew ticket 0 reaches the Barrier.
//
//spmd:kernel
func LaneIDDirective(l spmd.Lane) {
	if ticket() == 0 {
		l.Barrier() // EXPECT
	}
}

// Inbox is a shared channel; each receive takes a different element.
var Inbox chan int

// recv takes the next value from Inbox. To a checker it is a receive from a
// global channel; the directive says the result differs between callers.
//
//spmd:divergent
func recv() int { return <-Inbox }

// DivergentDirective (bug): recv's result is divergent by directive, and at
// run time each lane receives a different element.
//
//spmd:kernel
func DivergentDirective(l spmd.Lane) {
	if recv() == 0 {
		Out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// Warp is this package's own lane handle.
//
//spmd:lane
type Warp struct{ l spmd.Lane }

// ID is the lane's index.
//
//spmd:laneid
func (w Warp) ID() int { return w.l.Index() }

// Size is the group size.
//
//spmd:uniform
func (w Warp) Size() int { return w.l.Count() }

// Sync is a barrier.
//
//spmd:convergent barrier
func (w Warp) Sync() { w.l.Barrier() }

// warpStep has a parameter of the lane type Warp, so it is checked: its first
// Sync is under the uniform Size, its second under the lane-dependent ID.
func warpStep(w Warp) {
	if w.Size() > 1 {
		w.Sync()
	}
	if w.ID()%2 == 0 {
		w.Sync() // EXPECT
	}
}

// LaneTypeDirective (bug, inside warpStep): see warpStep.
//
//spmd:kernel
func LaneTypeDirective(l spmd.Lane) {
	warpStep(Warp{l})
}

// UniformResultConditions (correct): every condition is the result of a
// collective whose result is uniform (or Broadcast from a uniform source),
// possibly combined with other uniform values; the loop condition is Any, so
// all lanes leave the loop in the same iteration.
//
//spmd:kernel
func UniformResultConditions(l spmd.Lane) {
	v := Data[l.Index()%len(Data)]
	if spmd.Any(l, v < 0) {
		l.Barrier()
	}
	if spmd.All(l, v < 100) {
		l.Barrier()
	}
	if spmd.Ballot(l, v > 0)&1 != 0 {
		l.Barrier()
	}
	if spmd.ReduceAdd(l, v) > 5 {
		l.Barrier()
	}
	if spmd.ReduceMin(l, v) < 0 && spmd.ReduceMax(l, v) > 0 {
		l.Barrier()
	}
	if spmd.BroadcastFirst(l, v) == Data[0] {
		l.Barrier()
	}
	if spmd.Broadcast(l, v, l.Count()-1) != 0 {
		l.Barrier()
	}
	for spmd.Any(l, v > 0) {
		v -= 3
		l.Barrier()
	}
	Out[l.Index()] = v
}

// ShuffleResultCondition (bug): Shuffle's result is divergent (each lane reads
// its right neighbour), so the Barrier under it is divergent.
//
//spmd:kernel
func ShuffleResultCondition(l spmd.Lane) {
	v := spmd.Shuffle(l, Data[l.Index()%len(Data)], (l.Index()+1)%l.Count())
	if v > 0 {
		l.Barrier() // EXPECT
	}
}

// ScanResultCondition (bug): InclusiveAdd of 1 is Index()+1, a different value
// in every lane; only the first two lanes reach the ReduceAdd.
//
//spmd:kernel
func ScanResultCondition(l spmd.Lane) {
	p := spmd.InclusiveAdd(l, 1)
	if p <= 2 {
		Out[l.Index()] = spmd.ReduceAdd(l, p) // EXPECT
	}
}

// XorExclusiveConditions (bug): ShuffleXor and ExclusiveAdd both have
// divergent results; the pairwise maximum differs between pairs of lanes, so
// the ReduceMax is reached by some lanes only. The loop bound e, an
// ExclusiveAdd of 1, is Index(), so the loop runs Index() times.
//
//spmd:kernel
func XorExclusiveConditions(l spmd.Lane) {
	v := Data[l.Index()%len(Data)]
	m := max(v, spmd.ShuffleXor(l, v, 1))
	if m > 5 {
		Out[l.Index()] = spmd.ReduceMax(l, v) // EXPECT
	}
	e := spmd.ExclusiveAdd(l, 1)
	for i := 0; i < e; i++ {
		l.Barrier() // EXPECT
	}
}

// LoopHeaderScan (bug): the collective is in the loop condition itself. The
// condition is lane-dependent, so after the first test lane 0 has left the
// loop and the other lanes evaluate the condition, and so the ExclusiveAdd,
// without it.
//
//spmd:kernel
func LoopHeaderScan(l spmd.Lane) {
	n := 0
	for i := 0; i < spmd.ExclusiveAdd(l, 1); i++ { // EXPECT
		n++
	}
	Out[l.Index()] = n
}

// XorTreeReduce (correct): a butterfly sum with ShuffleXor over a uniform loop;
// the sum is divergent as far as the declared results go, so it is made
// uniform with BroadcastFirst before it is branched on.
//
//spmd:kernel
func XorTreeReduce(l spmd.Lane) {
	v := Data[l.Index()%len(Data)]
	for m := 1; m < l.Count(); m <<= 1 {
		v += spmd.ShuffleXor(l, v, m)
	}
	s := spmd.BroadcastFirst(l, v)
	if s > 0 {
		l.Barrier()
	}
	Out[l.Index()] = s
}

// combineVia applies op, which the caller passes as a collective; the body
// cannot show that, so the directive declares the generic function convergent.
//
//spmd:convergent
func combineVia[T spmd.Number](l spmd.Lane, v T, op func(spmd.Lane, T) T) T {
	return op(l, v)
}

// GenericDirectiveDivergent (bug): instances of the generic combineVia are
// convergent by the directive on the generic origin; the first call is
// unconditional (fine), the second is made by even lanes only.
//
//spmd:kernel
func GenericDirectiveDivergent(l spmd.Lane) {
	u := combineVia(l, l.Index(), spmd.ReduceMax[int])
	if l.Index()%2 == 0 {
		f := combineVia(l, 1.5, spmd.ReduceAdd[float64]) // EXPECT
		u += int(f)
	}
	Out[l.Index()] = u
}
