// Package temporal holds kernels that read, after a loop nest, values
// updated inside it: divergent when lanes leave the nest in different
// iterations, uniform when the exit is uniform or the value does not change.
package temporal

import "github.com/spmdvet/spmdvet/spmd"

// LastSeenBreakOuter: last is the outer index, the same in every lane while
// they are in the loop, but lanes break out of the nest in different outer
// iterations, so it differs after the nest. Bug.
//
//spmd:kernel
func LastSeenBreakOuter(l spmd.Lane, out []int) {
	last := 0
outer:
	for i := range 4 {
		last = i
		for j := range 4 {
			if i*4+j == l.Index() {
				break outer
			}
		}
	}
	if last == 1 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = last
}

// LastSeenReduced: the same last index reduced with ReduceMax after the nest,
// before the branch. Correct.
//
//spmd:kernel
func LastSeenReduced(l spmd.Lane, out []int) {
	last := 0
outer:
	for i := range 4 {
		last = i
		for j := range 4 {
			if i*4+j == l.Index() {
				break outer
			}
		}
	}
	if spmd.ReduceMax(l, last) == 1 {
		l.Barrier()
	}
	out[l.Index()] = last
}

// OuterCounterInnerDivergentBreak: cnt is updated in the outer loop, whose
// only exit is its uniform header test; the lane-dependent break only leaves
// the inner loop. cnt is uniform after the nest. Correct.
//
//spmd:kernel
func OuterCounterInnerDivergentBreak(l spmd.Lane, out []int) {
	cnt := 0
	for i := 0; i < 6; i += 2 {
		cnt += i
		for j := range 8 {
			if j == l.Index() {
				break
			}
		}
	}
	if cnt == 6 {
		l.Barrier()
	}
	out[l.Index()] = cnt
}

// AccumulatorUniformBreakOuter: acc is updated in the outer loop and the
// break outer tests only acc and the inner counter: uniform exit from both
// loops, even though each lane accumulates its own mine. Correct.
//
//spmd:kernel
func AccumulatorUniformBreakOuter(l spmd.Lane, out []int) {
	acc, mine := 0, 0
outer:
	for i := range 10 {
		acc += i
		for j := range 3 {
			mine += l.Index() * j
			if acc+j > 12 {
				break outer
			}
		}
	}
	if acc > 5 {
		l.Barrier()
	}
	out[l.Index()] = acc*100 + mine
}

// ThresholdNotChangedInNest: limit is computed (uniformly) before the nest
// and only read in it; the nest has a lane-dependent break outer, but limit
// is still uniform after it. Correct.
//
//spmd:kernel
func ThresholdNotChangedInNest(l spmd.Lane, out []int) {
	limit := spmd.ReduceAdd(l, 1)
	steps := 0
outer:
	for i := range limit {
		for j := range limit {
			if i*limit+j == l.Index()*2 {
				break outer
			}
			steps++
		}
	}
	if limit > 3 {
		l.Barrier()
	}
	out[l.Index()] = steps
}

// AllAfterNest: found is divergent after the nest, but All over it is uniform
// and computed where every lane has met. Correct.
//
//spmd:kernel
func AllAfterNest(l spmd.Lane, data []int, out []int) {
	found := -1
	for i := range 2 {
		for j := range 4 {
			if data[i*4+j] == l.Index() {
				found = i*4 + j
				goto done
			}
		}
	}
done:
	if spmd.All(l, found >= 0) {
		l.Barrier()
		out[l.Index()] = found
	}
}

// InnerIndexInOuterBody: the inner loop's counter j, read in the outer body
// after the inner loop that lanes leave in different iterations. Bug.
//
//spmd:kernel
func InnerIndexInOuterBody(l spmd.Lane, out []int) {
	for range 3 {
		j := 0
		for ; j < 8; j++ {
			if j == l.Index() {
				break
			}
		}
		if j > 2 {
			l.Barrier() // EXPECT
		}
		out[l.Index()] += j
	}
}

// GotoLoopCountAsBound: a goto-built loop with a lane-dependent exit (via
// &&), whose count is then the bound of a for loop with a barrier. Bug.
//
//spmd:kernel
func GotoLoopCountAsBound(l spmd.Lane, out []int) {
	n := 0
scan:
	if n < 8 && n != l.Index() {
		n++
		goto scan
	}
	for k := 0; k < n; k++ {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = n
}

// GotoLoopDivergentWorkUniformExit: a goto-built loop whose body has a
// lane-dependent if that rejoins; its exit tests a counter changed the same
// way in every lane. Correct.
//
//spmd:kernel
func GotoLoopDivergentWorkUniformExit(l spmd.Lane, out []int) {
	n, odd := 0, 0
loop:
	if l.Index()%2 == 1 {
		odd++
	}
	n++
	if n < 5 {
		goto loop
	}
	if n == 5 {
		l.Barrier()
	}
	out[l.Index()] = odd
}

// ContinueOuterThenInnerCounterCollective: the inner counter of the last
// outer round, after a nest whose inner loop is left by a lane-dependent
// continue outer, passed as the src of Broadcast (so the result is
// divergent) and the result used as a loop bound around a ReduceAdd. Bug.
//
//spmd:kernel
func ContinueOuterThenInnerCounterCollective(l spmd.Lane, out []int) {
	seen := 0
outer:
	for range 2 {
		seen = 0
		for j := range 4 {
			if j == l.Index() {
				continue outer
			}
			seen++
		}
	}
	v := spmd.Broadcast(l, 2, seen%l.Count())
	for k := 0; k < seen+v; k++ {
		out[l.Index()] += spmd.ReduceAdd(l, 1) // EXPECT
	}
}
