// Package irreducible pins convergent calls in irreducible cycles: cycles
// with two entries, built with goto. When a divergent branch sends lanes to
// different entries, the lanes go round the cycle out of step, so the ones
// that execute a call in it together are not the ones a structured program
// would group, even at a block that every lane reaches.
//
// As in LLVM's UniformityAnalysis, such a cycle is assumed divergent: every
// value defined in it is divergent, its exit branches included. The
// irreducible-cycle diagnostic takes precedence over "under divergent
// control" for calls in the cycle.
package irreducible

import "github.com/spmdvet/spmdvet/spmd"

// Lanes below 4 enter the cycle a -> c -> a at c, the others at a. Every
// lane reaches both blocks (the cycle has no exit), but the lanes arrive
// there in different trips round the cycle.
func enteredAtTwoBlocks(l spmd.Lane, work func(int) int) {
	x := 0
	if l.Index() < 4 {
		goto c
	}
a:
	l.Barrier() // want `barrier l.Barrier in an irreducible cycle that lanes may enter at different blocks`
c:
	x = work(x)
	goto a
}

// The same with the call in the other block. (Before the irreducible-cycle
// diagnostic took precedence, this one was reported "under divergent
// control", an artifact of the virtual exit edge that the post-dominator
// tree gives exitless regions; see package endlessloops.)
func otherEntry(l spmd.Lane, work func(int) int) {
	x := 0
	if l.Index() < 4 {
		goto c
	}
a:
	x = work(x)
c:
	l.Barrier() // want `barrier l.Barrier in an irreducible cycle that lanes may enter at different blocks`
	goto a
}

// The same with a collective.
func collectiveInCycle(l spmd.Lane, x int) {
	if l.Index() < 4 {
		goto c
	}
a:
	x = spmd.ReduceAdd(l, x) // want `collective spmd.ReduceAdd in an irreducible cycle that lanes may enter at different blocks`
c:
	x++
	goto a
}

// A cycle with an exit: more() is a uniform function, but in a cycle that
// lanes go round out of step it is called a different number of times in
// each lane, so its result, and the exit, are divergent. The call is also
// under divergent control, but the cycle is what is reported.
func cycleWithExit(l spmd.Lane, x int, more func() bool) int {
	if l.Index() < 4 {
		goto c
	}
a:
	x++
c:
	x = spmd.ReduceAdd(l, x) // want `collective spmd.ReduceAdd in an irreducible cycle that lanes may enter at different blocks`
	if more() {
		goto a
	}
	return x
}

// Fine: the same cycle entered under a uniform condition: all lanes enter at
// the same block and go round together.
func uniformEntry(l spmd.Lane, n int, x int) {
	if n < 4 {
		goto c
	}
a:
	l.Barrier()
	x++
c:
	x = spmd.ReduceAdd(l, x)
	goto a
}

// Fine: a uniform entry, and an exit on a uniform value.
func uniformEntryWithExit(l spmd.Lane, n int, more func() bool) {
	if n < 4 {
		goto c
	}
a:
	l.Barrier()
c:
	n = spmd.ReduceAdd(l, n)
	if more() {
		goto a
	}
	l.Barrier()
}

// Fine: a barrier before the cycle.
func barrierBeforeCycle(l spmd.Lane, x int) {
	l.Barrier()
	if l.Index() < 4 {
		goto c
	}
a:
	x++
c:
	x *= 2
	goto a
}

// A cycle entered at many blocks: the finding names a few of its entries,
// and how many more there are.
func enteredAtTenBlocks(l spmd.Lane, n int) {
	switch l.Index() % 10 {
	case 0:
		goto e0
	case 1:
		goto e1
	case 2:
		goto e2
	case 3:
		goto e3
	case 4:
		goto e4
	case 5:
		goto e5
	case 6:
		goto e6
	case 7:
		goto e7
	case 8:
		goto e8
	default:
		goto e9
	}
e0:
	n++
e1:
	n++
e2:
	n++
e3:
	n++
e4:
	n++
e5:
	n++
e6:
	n++
e7:
	n++
e8:
	n++
e9:
	l.Barrier() // want `barrier l.Barrier in an irreducible cycle that lanes may enter at different blocks`
	if n < 100 {
		goto e0
	}
}
