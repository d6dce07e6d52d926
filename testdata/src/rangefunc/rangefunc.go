// Package rangefunc pins range-over-func loops. go/ssa turns the loop
// body into a closure (the yield function) that the iterator calls, so
// whether the body runs, and how often, is decided by the iterator.
//
// When the iterator itself is lane-dependent (below it is built from
// l.Index(), so lane k runs k iterations), the barrier in the body is under
// divergent control although it is unconditional in the body closure. (A
// false negative, reported as BUG(report), fixed in 5daa642.)
//
// The body returns false to the iterator on break, on return and on a jump
// out of the loop, and the iterator then stops calling it: a divergent
// break makes the loop one that lanes leave in different iterations. So
// every convergent call in the body is under divergent control, even one
// before the break, and what the body wrote is lane-dependent after the
// loop (temporal divergence), as in an ordinary loop with a divergent exit.
// An iterator is taken to loop unless its summary says it calls the body
// once at most (yieldOnce).
package rangefunc

import (
	"iter"
	"slices"

	"github.com/spmdvet/spmdvet/spmd"
)

func upTo(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

// Lane k runs k iterations.
func divergentIterator(l spmd.Lane) {
	for i := range upTo(l.Index()) {
		_ = i
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A divergent break inside the body.
func divergentBreak(l spmd.Lane, data []int) {
	for v := range slices.Values(data) {
		if v == l.Index() {
			break
		}
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A divergent break on a variable of the enclosing function: the body
// captures it, and it is lane-dependent where the loop runs.
func capturedBreak(l spmd.Lane, data []int) {
	i := l.Index()
	for v := range slices.Values(data) {
		if v*2 >= i {
			break
		}
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: a captured variable that is the same in every lane.
func capturedUniform(l spmd.Lane, data []int) {
	n := l.Count()
	for v := range slices.Values(data) {
		if v >= n {
			break
		}
		l.Barrier()
	}
}

// Fine: a uniform iterator over shared data.
func uniformIterator(l spmd.Lane, data []int) {
	for v := range slices.Values(data) {
		_ = v
		l.Barrier()
	}
}

// Fine: an iterator built from uniform values.
func uniformBound(l spmd.Lane, n int) {
	for range upTo(n) {
		l.Barrier()
	}
	for range upTo(l.Count()) {
		_ = spmd.ReduceAdd(l, 1)
	}
}

func once(v int) iter.Seq[int] {
	return func(yield func(int) bool) {
		yield(v)
	}
}

// Lanes that break stop running the body: in the next iteration, the
// barrier waits for them.
func barrierBeforeBreak(l spmd.Lane, n int) {
	for v := range upTo(n) {
		l.Barrier() // want `barrier l.Barrier under divergent control`
		if v == l.Index() {
			break
		}
	}
}

// The same with an iterator from another package, whose body is not known.
func ballotBeforeBreak(l spmd.Lane, data []int) {
	for v := range slices.Values(data) {
		_ = spmd.Ballot(l, v > 0) // want `collective spmd.Ballot under divergent control`
		if v == l.Index() {
			break
		}
	}
}

// A return from the enclosing function leaves the loop too.
func barrierBeforeReturn(l spmd.Lane, n int) {
	for v := range upTo(n) {
		l.Barrier() // want `barrier l.Barrier under divergent control`
		if v == l.Index() {
			return
		}
	}
}

// Fine: a divergent continue leaves the body, not the loop; the barrier
// before it is reached by every lane in every iteration.
func barrierBeforeContinue(l spmd.Lane, n int) {
	sum := 0
	for v := range upTo(n) {
		l.Barrier()
		if v == l.Index() {
			continue
		}
		sum += v
	}
}

// Fine: a break on a uniform result.
func uniformBreak(l spmd.Lane, n int) {
	for v := range upTo(n) {
		l.Barrier()
		if spmd.Any(l, v == l.Index()) {
			break
		}
	}
}

// Temporal divergence: the count is the same in every iteration, but lanes
// stop counting in different iterations.
func countBeforeBreak(l spmd.Lane, n int) {
	count := 0
	for v := range upTo(n) {
		count++
		if v == l.Index() {
			break
		}
	}
	if count > 3 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	_ = spmd.ReduceAdd(l, count) // a reduction of a lane-dependent value is fine
}

// The body writes a lane-dependent value to a variable of the kernel.
func writeInBody(l spmd.Lane, n int) {
	sum := 0
	for v := range upTo(n) {
		sum += v * l.Index()
	}
	if sum > 3 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: every lane writes the same values in every iteration, and every
// lane runs every iteration.
func writeUniform(l spmd.Lane, n int) {
	last := 0
	for v := range upTo(n) {
		last = v
	}
	if last > 3 {
		l.Barrier()
	}
}

// Fine: once calls the body a single time (its summary says so), so a
// break cannot make lanes miss a later iteration.
func yieldOnce(l spmd.Lane, x int) {
	for v := range once(x) {
		l.Barrier()
		if v == l.Index() {
			break
		}
	}
}

// A return in the body leaves the enclosing function: only the lanes that
// did not return reach the barrier after the loop.
func barrierAfterReturn(l spmd.Lane, n int) {
	for v := range upTo(n) {
		if v == l.Index() {
			return
		}
	}
	l.Barrier() // want `barrier l.Barrier under divergent control`
}

// syncedUpTo runs a barrier before each value it yields.
func syncedUpTo(l spmd.Lane, n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			l.Barrier()
			if !yield(i) {
				return
			}
		}
	}
}

// Lanes that break stop the iterator, whose barrier then waits for them.
func breakOutOfSyncedIterator(l spmd.Lane, n int) {
	for i := range syncedUpTo(l, n) { // want `lanes leave the loop over syncedUpTo\(l, n\) in different iterations, but the iterator reaches a barrier between the runs of the body`
		if i == l.Index() {
			break
		}
	}
}

// A loop whose body has a convergent operation of its own, run by some
// lanes only: both the iterator's barrier and the body's are reported.
func syncedLoopUnderLaneTest(l spmd.Lane, n int, out []int) {
	if l.Index()%2 == 1 {
		for i := range syncedUpTo(l, n) { // want `barrier l.Barrier \(reached through syncedUpTo\(l, n\)\) under divergent control`
			out[l.Index()] += spmd.ReduceAdd(l, i) // want `collective spmd.ReduceAdd under divergent control`
		}
	}
}

// A return from a nested loop's body leaves the outer loop too, in a
// lane-dependent iteration.
func returnFromNestedBody(l spmd.Lane, n int) {
	for range syncedUpTo(l, n) { // want `lanes leave the loop over syncedUpTo\(l, n\) in different iterations, but the iterator reaches a barrier between the runs of the body`
		for range upTo(2) {
			if l.Index()%2 == 0 {
				return
			}
		}
	}
}

// nestedWrites only writes: its nested loops run iterators whose functions
// are all known, so calling it under divergent control is fine.
func nestedWrites(l spmd.Lane, out []int) {
	for x := range upTo(3) {
		for range upTo(2) {
			out[l.Index()] += x
		}
	}
}

func nestedWritesUnderLaneTest(l spmd.Lane, out []int) {
	if l.Index()%2 == 0 {
		nestedWrites(l, out)
	}
}

// Fine: a continue does not stop the iterator.
func continueInSyncedIterator(l spmd.Lane, n int) {
	for i := range syncedUpTo(l, n) {
		if i == l.Index() {
			continue
		}
	}
}

// waitingSeq waits at a barrier before each value it yields.
func waitingSeq(l spmd.Lane, n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			l.Barrier()
			if !yield(i) {
				return
			}
		}
	}
}

// A closure that ranges over it, called by some lanes: the chain names
// the iterator (go/ssa gives its call no position).
func closureRangesWaiting(l spmd.Lane, out []int) {
	f := func() {
		for x := range waitingSeq(l, 2) {
			out[l.Index()] += x
		}
	}
	if l.Index()%2 == 1 {
		f() // want `barrier l.Barrier \(reached through f\) under divergent control`
	}
}

// A range statement under divergent control over an iterator that itself
// waits at a barrier: reported at the range's operand, which go/ssa's call
// of the iterator stands for. (Found by the runtime-oracle fuzzer.)
func rangeWaitingUnderIf(l spmd.Lane, out []int) {
	if l.Index() < 2 {
		for x := range waitingSeq(l, 2) { // want `barrier l.Barrier \(reached through waitingSeq\(l, 2\)\) under divergent control`
			out[0] += x
		}
	}
}

// A plain iterator whose loop body waits: reported in the body only.
func rangePlainUnderIf(l spmd.Lane, xs []int) {
	if l.Index() < 2 {
		for x := range slices.Values(xs) {
			_ = spmd.ReduceAdd(l, x) // want `collective spmd.ReduceAdd under divergent control`
		}
	}
}

// laneTrips yields l.Index()%2 times: whether the loop body runs at all
// depends on the lane, so what the body writes, and where it goes after
// the loop, does too. (Found by the runtime-oracle fuzzer.)
func laneTrips(l spmd.Lane) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range l.Index() % 2 {
			if !yield(i) {
				return
			}
		}
	}
}

func writeInLaneTrips(l spmd.Lane) {
	v := 0
	for range laneTrips(l) {
		v = 1
	}
	if v == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control: .*`
	}
}

func returnInLaneTrips(l spmd.Lane, out []int) {
	for x := range laneTrips(l) {
		out[l.Index()] = x
		return
	}
	l.Barrier() // want `barrier l.Barrier under divergent control`
}

// A literal iterator of the same kind, called in place.
func returnInLiteralTrips(l spmd.Lane, out []int) {
	seq := func(yield func(int) bool) {
		if l.Index() == 0 {
			yield(0)
		}
	}
	for x := range seq {
		out[l.Index()] = x
		return
	}
	_ = spmd.ReduceAdd(l, 1) // want `collective spmd.ReduceAdd under divergent control`
}

// The contrast: the same loop over an iterator whose trip count is
// uniform writes the same in every lane.
func writeInUniformTrips(l spmd.Lane, n int) {
	v := 0
	for range upTo(n) {
		v = 1
	}
	if v == 1 {
		l.Barrier()
	}
}

// A call deferred in a loop body runs at the returns of the function the
// loop is in, each return its own copy: lanes that leave by different
// returns wait at different barriers. (Found by the runtime-oracle fuzzer;
// go/ssa marks no RunDefers in such a function.)
func deferInBody(l spmd.Lane, out []int) {
	for x := range upTo(1) {
		defer l.Barrier() // want `barrier l.Barrier is deferred, and lanes reach the returns that run it under divergent control`
		out[l.Index()] = x
	}
	if l.Index() == 0 {
		return
	}
	out[l.Index()]++
}

func deferInNestedBody(l spmd.Lane) {
	for range upTo(1) {
		for range upTo(2) {
			defer func() { // want `collective spmd.ReduceAdd \(reached through func literal\) is deferred`
				_ = spmd.ReduceAdd(l, 1)
			}()
		}
	}
	if l.Index() == 0 {
		return
	}
}

// Fine: one return.
func deferInBodyOneReturn(l spmd.Lane, out []int) {
	for x := range upTo(1) {
		defer l.Barrier()
		out[l.Index()] = x
	}
}

// An iterator that waits at a barrier in its own loop, made with a
// lane-dependent count: lanes range over different iterators, and wait a
// different number of times (found by the runtime-oracle fuzzer).
func rangeLaneMadeIterator(l spmd.Lane, out []int) {
	s := 0
	for x := range waitingSeq(l, l.Index()%2+1) { // want `barrier waitingSeq\(l, l.Index\(\)%2\+1\) ranged over, but the iterator depends on the lane`
		s += x
	}
	out[l.Index()] = s
}

// Fine: the same iterator made with a uniform count.
func rangeUniformMadeIterator(l spmd.Lane, out []int, n int) {
	for x := range waitingSeq(l, n) {
		out[l.Index()] += x
	}
}

// inRounds yields, in every round that a group of count lanes takes
// through n items, lane i's index in it, or -1 past the end: as many
// rounds in every lane, though the iterator differs between lanes.
func inRounds(n, i, count int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for base := 0; base < n; base += count {
			j := base + i
			if j >= n {
				j = -1
			}
			if !yield(j) {
				return
			}
		}
	}
}

// strided yields lane i's own share: i, i+count, ... below n.
func strided(n, i, count int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for j := i; j < n; j += count {
			if !yield(j) {
				return
			}
		}
	}
}

// Fine: every lane runs the body once per round.
func compactRounds(l spmd.Lane, keep []bool, out []int) {
	base := 0
	for j := range inRounds(len(keep), l.Index(), l.Count()) {
		k := j >= 0 && keep[j]
		pos := spmd.ExclusiveAdd(l, b2i(k))
		if k {
			out[base+pos] = j
		}
		base += spmd.ReduceAdd(l, b2i(k))
	}
}

// Lanes run the body as many times as their share has items.
func compactStrided(l spmd.Lane, keep []bool, out []int) {
	base := 0
	for j := range strided(len(keep), l.Index(), l.Count()) {
		pos := spmd.ExclusiveAdd(l, b2i(keep[j])) // want `collective spmd.ExclusiveAdd under divergent control`
		if keep[j] {
			out[base+pos] = j
		}
		base += spmd.ReduceAdd(l, b2i(keep[j])) // want `collective spmd.ReduceAdd under divergent control`
	}
}

// rows makes an iterator with a call: not one of its own, so the value
// it returns is all there is to judge.
func rows(k int) iter.Seq[int] { return upTo(k) }

func rowsOfLane(l spmd.Lane) {
	for range rows(l.Index()) {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
