// Package ctrl: divergence that comes from control flow: early returns in
// helper loops, labelled break and continue, temporal divergence (values
// used after a loop that lanes leave in different iterations), goto cycles,
// short-circuit operators and switch case order.
package ctrl

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round17/subtle/lib"
	"github.com/spmdvet/spmdvet/spmd"
)

// ScanPhases (bug): lib.Scan returns from inside its loop in an iteration
// that depends on the lane, so its result is divergent although every value
// it returns is uniform at the return; the kernel loops on it around a
// barrier.
//
//spmd:kernel
func ScanPhases(l spmd.Lane, data, out []int) {
	n := lib.Scan(l, data)
	for j := 0; j < n; j++ {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = n
}

// ScanThenSync (correct): twin of ScanPhases; the early returns inside
// lib.Scan end at the return to the kernel, where all lanes are together
// again; the divergent result is only stored.
//
//spmd:kernel
func ScanThenSync(l spmd.Lane, data, out []int) {
	n := lib.Scan(l, data)
	l.Barrier()
	out[l.Index()] = n
}

// DrainKernel (bug, reported inside lib.Drain): calls a helper whose early
// return in a loop is followed by a barrier in the same helper.
//
//spmd:kernel
func DrainKernel(l spmd.Lane, data, out []int) {
	lib.Drain(l, data)
	out[l.Index()] = 1
}

// BreakOuter (bug): a labelled break in the inner loop leaves the outer loop
// in a lane-dependent iteration, so the barrier in the outer loop body runs a
// different number of times.
//
//spmd:kernel
func BreakOuter(l spmd.Lane, out []int) {
	steps := 0
outer:
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			if i*4+j == l.Index()*3 {
				break outer
			}
		}
		l.Barrier() // EXPECT
		steps++
	}
	out[l.Index()] = steps
}

// BreakInner (correct): twin of BreakOuter with a plain break: only the inner
// loop is left early, and all lanes meet at the barrier after it.
//
//spmd:kernel
func BreakInner(l spmd.Lane, out []int) {
	steps := 0
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			if i*4+j == l.Index()*3 {
				break
			}
		}
		l.Barrier()
		steps++
	}
	out[l.Index()] = steps
}

// ContinueFromSwitch (bug): a labelled continue inside a switch skips the
// barrier for lane 0 in round 1.
//
//spmd:kernel
func ContinueFromSwitch(l spmd.Lane, out []int) {
	done := 0
rounds:
	for r := 0; r < 3; r++ {
		switch {
		case r == 1 && l.Index() == 0:
			continue rounds
		}
		l.Barrier() // EXPECT
		done++
	}
	out[l.Index()] = done
}

// BreakFromSwitch (correct): twin of ContinueFromSwitch; break inside a
// switch leaves the switch only, so every lane reaches the barrier.
//
//spmd:kernel
func BreakFromSwitch(l spmd.Lane, out []int) {
	done := 0
	for r := 0; r < 3; r++ {
		switch {
		case r == 1 && l.Index() == 0:
			break
		}
		l.Barrier()
		done++
	}
	out[l.Index()] = done
}

// FirstSquare (bug): temporal divergence. Inside the loop k is the same in
// every lane still running, but lanes break out in different iterations, so
// k after the loop is lane-dependent.
//
//spmd:kernel
func FirstSquare(l spmd.Lane, out []int) {
	k := 0
	for ; k < 8; k++ {
		if k*k >= l.Index() {
			break
		}
	}
	if k > 1 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = k
}

// LastBelow (bug): temporal divergence of a value loaded from uniform data
// inside the loop (data[i] at a uniform i) and used after lanes left the loop
// in different iterations.
//
//spmd:kernel
func LastBelow(l spmd.Lane, data, out []int) {
	last := -1
	for i := 0; i < len(data); i++ {
		last = data[i]
		if data[i] >= l.Index() {
			break
		}
	}
	if last >= 2 {
		out[l.Index()] = spmd.ReduceAdd(l, last) // EXPECT
	}
}

// InvariantAfterLoop (correct): twin of LastBelow; the value tested after the
// divergent loop was computed before it, so it is uniform.
//
//spmd:kernel
func InvariantAfterLoop(l spmd.Lane, data, out []int) {
	first := data[0]
	i := 0
	for ; i < len(data); i++ {
		if data[i] >= l.Index() {
			break
		}
	}
	if first == 0 {
		out[l.Index()] = spmd.ReduceAdd(l, i)
	}
}

// GotoMiddle (bug): a loop built from gotos, which lane 0 enters in the
// middle (at mid) and the others at the top: an irreducible cycle with two
// entries chosen by the lane index. Lane 0 skips the first barrier.
//
//spmd:kernel
func GotoMiddle(l spmd.Lane, out []int) {
	i := 0
	if l.Index() == 0 {
		goto mid
	}
top:
	l.Barrier() // EXPECT
mid:
	i++
	if i < 3 {
		goto top
	}
	out[l.Index()] = i
}

// GotoIntoBody (bug): odd lanes jump into the body of a goto loop, past the
// increment, and so run the barrier once more than even lanes. The barrier
// is on both paths; the cycle's entries differ.
//
//spmd:kernel
func GotoIntoBody(l spmd.Lane, out []int) {
	n := 0
	if l.Index()%2 == 1 {
		goto body
	}
head:
	n++
body:
	l.Barrier() // EXPECT
	if n < 3 {
		goto head
	}
	out[l.Index()] = n
}

// GotoUniform (correct): twin of GotoIntoBody; the entry is chosen by a
// uniform condition, so all lanes enter the cycle at the same place.
//
//spmd:kernel
func GotoUniform(l spmd.Lane, out []int) {
	n := 0
	if l.Count()%2 == 1 {
		goto body
	}
head:
	n++
body:
	l.Barrier()
	if n < 3 {
		goto head
	}
	out[l.Index()] = n
}

// GotoThenSync (correct): the same cycle entered divergently, but the
// barrier is after it: every lane leaves by the single exit and meets the
// others there.
//
//spmd:kernel
func GotoThenSync(l spmd.Lane, out []int) {
	n := 0
	if l.Index()%2 == 1 {
		goto body
	}
head:
	n++
body:
	if n < 3 {
		goto head
	}
	l.Barrier()
	out[l.Index()] = n
}

// AndVote (bug): the right operand of && runs only in lanes where the left
// one is true; lane 0 skips the Any.
//
//spmd:kernel
func AndVote(l spmd.Lane, out []int) {
	if l.Index() > 0 && spmd.Any(l, l.Index() == 2) { // EXPECT
		out[l.Index()] = 1
	}
}

// AndVoteUniform (correct): twin of AndVote with a uniform left operand; the
// Any's divergent argument does not matter.
//
//spmd:kernel
func AndVoteUniform(l spmd.Lane, out []int) {
	if l.Count() > 1 && spmd.Any(l, l.Index() == 2) {
		out[l.Index()] = 1
	}
}

// OrVote (bug): || in an assignment, not an if; lane 0 short-circuits past
// the All.
//
//spmd:kernel
func OrVote(l spmd.Lane, out []int) {
	ok := l.Index() == 0 || spmd.All(l, l.Index() > 0) // EXPECT
	if ok {
		out[l.Index()] = 1
	}
}

// CaseOrder (bug): switch cases are tried in order, so the Any in the second
// case runs only in lanes that failed the first, lane-dependent, case.
//
//spmd:kernel
func CaseOrder(l spmd.Lane, out []int) {
	switch {
	case l.Index() == 0:
		out[0] = -1
	case spmd.Any(l, l.Index() == 1): // EXPECT
		out[l.Index()] = 1
	}
}

// CaseOrderSwapped (correct): twin of CaseOrder with the cases swapped: every
// lane evaluates the Any first.
//
//spmd:kernel
func CaseOrderSwapped(l spmd.Lane, out []int) {
	switch {
	case spmd.Any(l, l.Index() == 1):
		out[l.Index()] = 1
	case l.Index() == 0:
		out[0] = -1
	}
}

// VoteLoop (correct): the loop condition is a collective with a uniform
// result, so the loop is uniform, i stays uniform, and the Any in the
// condition is reached by all lanes in every iteration.
//
//spmd:kernel
func VoteLoop(l spmd.Lane, out []int) {
	i := 0
	for spmd.Any(l, i < l.Index()) {
		i++
	}
	l.Barrier()
	out[l.Index()] = i
}

// VoteLoopAnd (bug): twin of VoteLoop with the lane-dependent test moved in
// front of the collective with &&: lanes whose test fails leave the loop
// without calling Any.
//
//spmd:kernel
func VoteLoopAnd(l spmd.Lane, out []int) {
	i := 0
	for i < l.Index() && spmd.Any(l, true) { // EXPECT
		i++
	}
	out[l.Index()] = i
}

// ReturnFromRange (bug): lanes that find their index in data return from
// inside the range loop; the rest wait at the barrier after it.
//
//spmd:kernel
func ReturnFromRange(l spmd.Lane, data, out []int) {
	for _, v := range data {
		if v == l.Index() {
			return
		}
	}
	l.Barrier() // EXPECT
	out[l.Index()] = 1
}

// BreakFromRange (correct): twin of ReturnFromRange with break: lanes leave
// the loop in different iterations but all reach the barrier after it.
//
//spmd:kernel
func BreakFromRange(l spmd.Lane, data, out []int) {
	for _, v := range data {
		if v == l.Index() {
			break
		}
	}
	l.Barrier()
	out[l.Index()] = 1
}
