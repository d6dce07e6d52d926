// Package uniformsrc holds kernels that branch around convergent operations on
// values that are uniform although they are computed in roundabout ways: from
// l.Count(), from kernel parameters, from uniform-result collectives, from
// shared memory at a uniform index, from loops with uniform bounds, from
// helpers and closures given only uniform inputs. Each buggy twin swaps one
// uniform input for a lane-dependent one.
package uniformsrc

import (
	"math/bits"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// table is a global: globals are uniform inputs, and so is a load from it at a
// uniform index.
var table = [4]int{3, 1, 4, 1}

// FromCount (correct): m and half are arithmetic on l.Count() only, and the
// loop bound comes from a global table indexed by a function of l.Count().
//
//spmd:kernel
func FromCount(l spmd.Lane, out []int) {
	i := l.Index()
	m := (l.Count()*3 + 1) % 7
	half := l.Count() / 2
	if m != 0 && half > 0 {
		out[i] = spmd.ReduceAdd(l, i)
	}
	for k := 0; k < table[l.Count()%4]; k++ {
		l.Barrier()
	}
}

// FromParams (correct): limit and the loop bound are computed from kernel
// parameters, which are uniform inputs of a //spmd:kernel entry.
//
//spmd:kernel
func FromParams(l spmd.Lane, n int, scale float64, out []float64) {
	i := l.Index()
	limit := n*2 + 1
	for k := 0; k < n; k++ {
		l.Barrier()
	}
	if float64(limit)*scale > 3 {
		out[i] = spmd.ReduceAdd(l, scale*float64(i))
	}
}

// FromParamsReassigned (bug): twin of FromParams. The parameter n is
// reassigned with a lane-dependent value before use, so it is no longer the
// uniform input: the loop trip count and limit differ between lanes.
//
//spmd:kernel
func FromParamsReassigned(l spmd.Lane, n int, scale float64, out []float64) {
	i := l.Index()
	n = n + i%2
	limit := n*2 + 1
	for k := 0; k < n; k++ {
		l.Barrier() // EXPECT
	}
	if float64(limit)*scale > 3 {
		out[i] = spmd.ReduceAdd(l, scale*float64(i)) // EXPECT
	}
}

// FromReductions (correct): ReduceAdd, ReduceMin and ReduceMax have uniform
// results even though their operands are lane-dependent; branching and looping
// on them is fine.
//
//spmd:kernel
func FromReductions(l spmd.Lane, out []int) {
	i := l.Index()
	s := spmd.ReduceAdd(l, i)
	lo := spmd.ReduceMin(l, 10-i)
	hi := spmd.ReduceMax(l, i*i)
	if s > 5 && lo < hi {
		l.Barrier()
	}
	for k := lo; k < hi; k++ {
		out[i] += spmd.ReduceAdd(l, 1)
	}
}

// FromInclusiveScan (bug): twin of FromReductions. InclusiveAdd has a
// lane-dependent result (a prefix sum), so s > 5 holds in some lanes only.
//
//spmd:kernel
func FromInclusiveScan(l spmd.Lane, out []int) {
	i := l.Index()
	s := spmd.InclusiveAdd(l, i)
	lo := spmd.ReduceMin(l, 10-i)
	hi := spmd.ReduceMax(l, i*i)
	if s > 5 && lo < hi {
		l.Barrier() // EXPECT
	}
	for k := lo; k < hi; k++ {
		out[i] += spmd.ReduceAdd(l, 1)
	}
}

// FromAnyAll (correct): Any and All take lane-dependent predicates but return
// the same answer in every lane.
//
//spmd:kernel
func FromAnyAll(l spmd.Lane, out []int) {
	i := l.Index()
	v := 0
	p := i == 3
	if spmd.Any(l, p) {
		v += spmd.ReduceAdd(l, 1)
	}
	if !spmd.All(l, i < 2) {
		l.Barrier()
		v += 10
	}
	out[i] = v
}

// FromAnyPredicate (bug): twin of FromAnyAll. The condition is Any(p) && p:
// the left operand is uniform but the right one is the lane's own predicate,
// so only lane 3 calls ReduceAdd.
//
//spmd:kernel
func FromAnyPredicate(l spmd.Lane, out []int) {
	i := l.Index()
	v := 0
	p := i == 3
	if spmd.Any(l, p) && p {
		v += spmd.ReduceAdd(l, 1) // EXPECT
	}
	if !spmd.All(l, i < 2) {
		l.Barrier()
		v += 10
	}
	out[i] = v
}

// FromBallot (correct): the Ballot mask is uniform, and so are functions of it
// computed by math/bits (a callee given only uniform arguments). A Broadcast
// from the lowest set bit has a uniform source.
//
//spmd:kernel
func FromBallot(l spmd.Lane, out []int) {
	i := l.Index()
	mask := spmd.Ballot(l, i%2 == 0)
	if bits.OnesCount64(mask) > 1 {
		l.Barrier()
	}
	lowest := bits.TrailingZeros64(mask)
	out[i] = spmd.Broadcast(l, i*100, lowest)
	if mask&1 != 0 {
		out[i] += spmd.ReduceAdd(l, 1)
	}
}

// FromBallotOwnBit (bug): twin of FromBallot. The mask is uniform, but the
// lane's own bit of it, mask>>i&1, is lane-dependent.
//
//spmd:kernel
func FromBallotOwnBit(l spmd.Lane, out []int) {
	i := l.Index()
	mask := spmd.Ballot(l, i%2 == 0)
	if bits.OnesCount64(mask) > 1 {
		l.Barrier()
	}
	lowest := bits.TrailingZeros64(mask)
	out[i] = spmd.Broadcast(l, i*100, lowest)
	if mask>>uint(i)&1 != 0 {
		out[i] += spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// FromBroadcastFirst (correct): BroadcastFirst has a uniform result whatever
// the operand; it bounds a loop of barriers and decides an if.
//
//spmd:kernel
func FromBroadcastFirst(l spmd.Lane, out []int) {
	i := l.Index()
	v := spmd.BroadcastFirst(l, i*7+3)
	for k := 0; k < v; k++ {
		l.Barrier()
	}
	if v%2 == 1 {
		out[i] = spmd.ReduceAdd(l, v)
	}
}

// FromBroadcastUniformSrc (correct): Broadcast is uniform when src is uniform;
// here src is l.Count()-1 for last and the kernel parameter src for pick.
//
//spmd:kernel
func FromBroadcastUniformSrc(l spmd.Lane, src int, out []int) {
	i := l.Index()
	last := spmd.Broadcast(l, i*i, l.Count()-1)
	pick := spmd.Broadcast(l, i+1, src)
	if last > 0 && pick > 2 {
		l.Barrier()
	}
	out[i] = spmd.ReduceAdd(l, last+pick)
}

// FromBroadcastLaneSrc (bug): twin of FromBroadcastUniformSrc. pick is fetched
// from lane (i+src)%Count, a lane-dependent source, which makes Broadcast a
// Shuffle with a divergent result.
//
//spmd:kernel
func FromBroadcastLaneSrc(l spmd.Lane, src int, out []int) {
	i := l.Index()
	last := spmd.Broadcast(l, i*i, l.Count()-1)
	pick := spmd.Broadcast(l, i+1, (i+src)%l.Count())
	if last > 0 && pick > 2 {
		l.Barrier() // EXPECT
	}
	out[i] = spmd.ReduceAdd(l, last+pick)
}

// FromSharedAfterBarrier (correct): lane 0 writes shared[0] (under divergent
// control, but shared is a kernel parameter, not a lane's own variable); after
// the Barrier every lane loads shared[0], a load from shared memory at a
// uniform address, which is uniform.
//
//spmd:kernel
func FromSharedAfterBarrier(l spmd.Lane, shared []int, out []int) {
	i := l.Index()
	if i == 0 {
		shared[0] = l.Count() - 1
	}
	l.Barrier()
	k := shared[0]
	for j := 0; j < k; j++ {
		l.Barrier()
	}
	if k > 1 {
		out[i] = spmd.ReduceAdd(l, k)
	}
}

// FromSharedLaneIndex (bug): twin of FromSharedAfterBarrier. Lanes load
// shared[i%2], a lane-dependent address, and the two slots hold different
// values.
//
//spmd:kernel
func FromSharedLaneIndex(l spmd.Lane, shared []int, out []int) {
	i := l.Index()
	if i < 2 {
		shared[i] = i + 1
	}
	l.Barrier()
	k := shared[i%2]
	for j := 0; j < k; j++ {
		l.Barrier() // EXPECT
	}
	if k > 1 {
		out[i] = spmd.ReduceAdd(l, k) // EXPECT
	}
}

// FromUniformLoop (correct): acc is accumulated over a loop whose bound is
// l.Count(); the body also does lane-dependent work that decides nothing.
//
//spmd:kernel
func FromUniformLoop(l spmd.Lane, out []int) {
	i := l.Index()
	acc := 0
	for j := 0; j < l.Count(); j++ {
		acc += j * j
		out[i] += i * j
	}
	if acc > 3 {
		l.Barrier()
	}
	out[i] += spmd.ReduceAdd(l, acc)
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// width is an SPMD helper (it takes a Lane) whose result depends on l.Count()
// only.
func width(l spmd.Lane) int { return l.Count() * 2 }

// slot is an SPMD helper whose result depends on l.Index().
func slot(l spmd.Lane) int { return l.Index() % 2 }

// FromHelpers (correct): ceilDiv gets only uniform arguments (len of a kernel
// parameter, l.Count()), and width reads only l.Count(); both results are
// uniform. The tile loop does lane-dependent work under a divergent if that
// closes before the Barrier.
//
//spmd:kernel
func FromHelpers(l spmd.Lane, data []int, out []int) {
	i := l.Index()
	acc := 0
	chunks := ceilDiv(len(data), l.Count())
	for c := 0; c < chunks; c++ {
		j := c*l.Count() + i
		if j < len(data) {
			acc += data[j]
		}
		l.Barrier()
	}
	if width(l) > 4 {
		out[i] = spmd.ReduceAdd(l, acc)
	}
}

// FromLaneHelper (bug): twin of FromHelpers. slot(l) reads l.Index() in its
// body, so its result is lane-dependent even though its only argument, the
// lane handle, is uniform.
//
//spmd:kernel
func FromLaneHelper(l spmd.Lane, data []int, out []int) {
	i := l.Index()
	acc := 0
	chunks := ceilDiv(len(data), l.Count())
	for c := 0; c < chunks; c++ {
		j := c*l.Count() + i
		if j < len(data) {
			acc += data[j]
		}
		l.Barrier()
	}
	if slot(l) > 0 {
		out[i] = spmd.ReduceAdd(l, acc) // EXPECT
	}
}

// second returns its second argument and ignores the first.
func second(_, b int) int { return b }

// FromHelperIgnoringLaneArg (correct): second gets a lane-dependent first
// argument, but its body ignores it: lanes calling it get the same value
// (l.Count()). The spmd package doc says the checker reads a visible body:
// "a result is divergent when lanes calling it with the arguments they pass
// may get different values".
//
//spmd:kernel
func FromHelperIgnoringLaneArg(l spmd.Lane, out []int) {
	i := l.Index()
	k := second(i, l.Count())
	if k > 2 {
		l.Barrier()
	}
	out[i] = spmd.ReduceAdd(l, k)
}

// FromClosure (correct): f captures only n, which holds l.Count() and is
// stored once under uniform control; calling f with a constant gives a
// uniform value. f(i) is lane-dependent but only feeds ReduceAdd's operand.
//
//spmd:kernel
func FromClosure(l spmd.Lane, out []int) {
	i := l.Index()
	n := l.Count()
	f := func(k int) int { return n*k + 1 }
	if f(2) > 3 {
		l.Barrier()
	}
	out[i] = spmd.ReduceAdd(l, f(i))
}

// FromClosureLane (bug): twin of FromClosure. The closure captures i instead
// of n, so f(2) is lane-dependent.
//
//spmd:kernel
func FromClosureLane(l spmd.Lane, out []int) {
	i := l.Index()
	n := l.Count()
	f := func(k int) int { return i*k + 1 }
	if f(2) > 3 {
		l.Barrier() // EXPECT
	}
	out[i] = spmd.ReduceAdd(l, f(n))
}

// total is a generic convergent wrapper around ReduceAdd; its result is
// uniform like ReduceAdd's.
func total[T spmd.Number](l spmd.Lane, v T) T { return spmd.ReduceAdd(l, v) }

// FromGenericWrapper (correct): branches on the results of two instantiations
// of the generic wrapper total, which are uniform.
//
//spmd:kernel
func FromGenericWrapper(l spmd.Lane, out []int) {
	i := l.Index()
	t := total(l, float64(i)/2)
	if t > 1 {
		l.Barrier()
	}
	if total(l, int8(i)) == 6 {
		out[i] = 1
	}
}

// fetch is a user-declared wrapper with the same directives as Broadcast: it
// is convergent, and its result is uniform when src is.
//
//spmd:convergent
//spmd:uniform src
func fetch(l spmd.Lane, v, src int) int { return spmd.Broadcast(l, v, src) }

// FromUserDirective (correct): fetch with a uniform src (l.Count()-1, then 0)
// has a uniform result, by the user's //spmd:uniform src directive.
//
//spmd:kernel
func FromUserDirective(l spmd.Lane, out []int) {
	i := l.Index()
	if fetch(l, i*3, l.Count()-1) > 0 {
		l.Barrier()
	}
	out[i] = fetch(l, i+5, 0)
}

// FromUserDirectiveLaneSrc (bug): twin of FromUserDirective. src is i^1, a
// lane-dependent source, so the directive makes the result divergent.
//
//spmd:kernel
func FromUserDirectiveLaneSrc(l spmd.Lane, out []int) {
	i := l.Index()
	if fetch(l, i*3, i^1) > 0 {
		l.Barrier() // EXPECT
	}
	out[i] = fetch(l, i+5, 0)
}

// Width is a named integer type.
type Width int

// FromInterfaceAndConvert (correct): a uniform value goes through Convert,
// MakeInterface, TypeAssert (comma-ok) and a float conversion; it stays
// uniform, and so does ok.
//
//spmd:kernel
func FromInterfaceAndConvert(l spmd.Lane, out []int) {
	i := l.Index()
	var x any = Width(l.Count())
	w, ok := x.(Width)
	f := float64(w) / 2
	if ok && f >= 2 {
		l.Barrier()
	}
	out[i] = int(spmd.ReduceAdd(l, f))
}

// FromAtomicLoad (correct): each lane takes a ticket with atomic.AddInt64 (a
// read-modify-write: divergent result) but only stores it. After the Barrier
// the lanes branch on atomic.LoadInt64 of the shared counter, whose only
// argument is uniform (a kernel parameter), so its result is uniform.
//
//spmd:kernel
func FromAtomicLoad(l spmd.Lane, counter *int64, out []int64) {
	i := l.Index()
	mine := atomic.AddInt64(counter, 1)
	out[i] = mine
	l.Barrier()
	if atomic.LoadInt64(counter) == int64(l.Count()) {
		out[i] = spmd.ReduceAdd(l, mine)
	}
}

// FromAtomicTicket (bug): twin of FromAtomicLoad. The branch tests the lane's
// own ticket, the divergent result of a read-modify-write.
//
//spmd:kernel
func FromAtomicTicket(l spmd.Lane, counter *int64, out []int64) {
	i := l.Index()
	mine := atomic.AddInt64(counter, 1)
	out[i] = mine
	l.Barrier()
	if mine == int64(l.Count()) {
		out[i] = spmd.ReduceAdd(l, mine) // EXPECT
	}
}
