// Package refs: closures that capture and mutate variables, pointers to
// local variables passed to helpers (in this package and in package mem)
// that write through them, aliasing, memory written under divergent control
// and read after the join, and values overwritten before use.
//
// Every kernel writes its result to out[l.Index()]; out is shared memory.
package refs

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round16/values/coll"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round16/values/mem"
	"github.com/spmdvet/spmdvet/spmd"
)

// setMax stores v into *p when v is larger.
func setMax(p *int, v int) {
	if v > *p {
		*p = v
	}
}

// ClosureMutatesCaptured (bug): the closure counts odd arguments in the
// captured variable hits; it is given lane-dependent arguments, so hits
// (1 in even lanes, 2 in odd lanes) bounds the barrier loop differently.
//
//spmd:kernel
func ClosureMutatesCaptured(l spmd.Lane, out []int) {
	hits := 0
	record := func(v int) {
		if v%2 == 1 {
			hits++
		}
	}
	for i := 0; i < 3; i++ {
		record(l.Index() + i)
	}
	for j := 0; j < hits; j++ {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = hits
}

// ClosureCountsUniform (correct): the closure increments the captured n,
// and is called the same uniform number of times in every lane, so n is
// uniform.
//
//spmd:kernel
func ClosureCountsUniform(l spmd.Lane, rounds int, out []int) {
	n := 0
	inc := func() { n++ }
	for i := 0; i < rounds; i++ {
		inc()
	}
	acc := 0
	for j := 0; j < n; j++ {
		acc += spmd.ReduceAdd(l, l.Index())
	}
	out[l.Index()] = acc
}

// LaneParamClosureReadsFlag (bug): the closure (an SPMD function: it has a
// Lane parameter) branches on the captured per-lane flag ready, which only
// lane 0 sets, under a divergent branch; the barrier inside is reached by
// lane 0 alone. The call step(l) itself is reached by every lane.
//
//spmd:kernel
func LaneParamClosureReadsFlag(l spmd.Lane, out []int) {
	ready := false
	step := func(l spmd.Lane) {
		if ready {
			l.Barrier() // EXPECT
		}
	}
	if l.Index() == 0 {
		ready = true
	}
	step(l)
	out[l.Index()] = 1
}

// SetMaxLaneValue (bug): the helper conditionally stores the lane index
// into m through a pointer; m then bounds the barrier loop (1 in lanes 0
// and 1, the lane index above).
//
//spmd:kernel
func SetMaxLaneValue(l spmd.Lane, out []int) {
	m := 1
	setMax(&m, l.Index())
	for i := 0; i < m; i++ {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = m
}

// SetMaxUniform (correct): the same helper, given only uniform values
// (Count and a constant), leaves m uniform.
//
//spmd:kernel
func SetMaxUniform(l spmd.Lane, out []int) {
	m := 1
	setMax(&m, l.Count())
	setMax(&m, 2)
	acc := 0
	for i := 0; i < m; i++ {
		acc += spmd.ReduceAdd(l, 1)
	}
	out[l.Index()] = acc + l.Index()
}

// OtherPkgStoreIf (bug): a helper in another package stores a constant into
// x, but only when its lane-dependent condition holds; x then decides the
// reduction.
//
//spmd:kernel
func OtherPkgStoreIf(l spmd.Lane, out []int) {
	x := 0
	mem.StoreIf(&x, l.Index()%2 == 0, 3)
	if x == 3 {
		out[l.Index()] = spmd.ReduceAdd(l, x) // EXPECT
	}
}

// OtherPkgStoreUniform (correct): helpers in another package write x through
// a pointer, with uniform values only; x bounds the barrier loop.
//
//spmd:kernel
func OtherPkgStoreUniform(l spmd.Lane, rounds int, out []int) {
	x := 0
	mem.Store(&x, rounds)
	mem.Inc(&x)
	acc := 0
	for i := 0; i < x; i++ {
		l.Barrier()
		acc += l.Index()
	}
	out[l.Index()] = acc
}

// RunTicket (bug): every argument of mem.TakeTicket is uniform (the address
// of the captured counter and of the local t), but the helper stores the
// result of an atomic add into t, which differs in every lane; only the lane
// with ticket 0 reaches the barrier.
func RunTicket(lanes int, out []int) error {
	var ctr int64
	return spmd.Run(lanes, func(l spmd.Lane) {
		t := -1
		mem.TakeTicket(&ctr, &t)
		if t == 0 {
			l.Barrier() // EXPECT
		}
		out[l.Index()] = t
	})
}

// AliasThroughUniformBranch (bug): with more than one lane, the uniform
// branch makes q an alias of p, so the lane-dependent store through q
// changes x, the loop bound read through p.
//
//spmd:kernel
func AliasThroughUniformBranch(l spmd.Lane, out []int) {
	x, y := 1, 1
	p := &x
	q := &y
	if l.Count() > 1 {
		q = p
	}
	*q = l.Index()%2 + 1
	for i := 0; i < *p; i++ {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = x + y
}

// DistinctPointers (correct): p and q point to different variables; only y
// gets the lane index, while x (the loop bound) stays uniform.
//
//spmd:kernel
func DistinctPointers(l spmd.Lane, rounds int, out []int) {
	x, y := rounds, 0
	p := &x
	q := &y
	*q = l.Index()
	*p++
	acc := 0
	for i := 0; i < *p; i++ {
		acc += spmd.ReduceAdd(l, *q)
	}
	out[l.Index()] = acc
}

// DivergentWriteThenJoin (bug): limit is written through a pointer under a
// lane-dependent branch; after the branches join it bounds the barrier loop.
//
//spmd:kernel
func DivergentWriteThenJoin(l spmd.Lane, out []int) {
	limit := 1
	p := &limit
	if l.Index() >= 2 {
		*p = 2
	}
	for i := 0; i < limit; i++ {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = limit
}

// DivergentWriteThenReduced (correct): v is written through a pointer under a
// lane-dependent branch, but it only feeds ReduceAdd, reached by every lane;
// the reduced total is uniform and bounds the barrier loop.
//
//spmd:kernel
func DivergentWriteThenReduced(l spmd.Lane, out []int) {
	v := 0
	p := &v
	if l.Index()%2 == 0 {
		*p = 10 * (l.Index() + 1)
	}
	total := spmd.ReduceAdd(l, v)
	for i := 0; i < total%3+1; i++ {
		l.Barrier()
	}
	out[l.Index()] = total
}

// OverwrittenBeforeUse (correct): k first holds a lane-dependent value, but
// it is overwritten with the uniform rounds before it bounds the loop.
//
//spmd:kernel
func OverwrittenBeforeUse(l spmd.Lane, rounds int, out []int) {
	k := l.Index() * 7
	out[l.Index()] = k
	k = rounds
	for i := 0; i < k; i++ {
		l.Barrier()
	}
	out[l.Index()] += k
}

// OverwriteAfterDivergentWrite (correct): lim is set under a lane-dependent
// branch, used, then overwritten with a uniform value before it bounds the
// loop of reductions.
//
//spmd:kernel
func OverwriteAfterDivergentWrite(l spmd.Lane, rounds int, out []int) {
	lim := 1
	if l.Index()%2 == 0 {
		lim = 5
	}
	out[l.Index()] = lim
	lim = rounds
	acc := 0
	for i := 0; i < lim; i++ {
		acc += spmd.ReduceAdd(l, 1)
	}
	out[l.Index()] += acc
}

// SwapOtherPkg (bug): a helper in another package swaps a uniform and a
// lane-dependent variable through pointers; a, now lane-dependent, bounds
// the barrier loop.
//
//spmd:kernel
func SwapOtherPkg(l spmd.Lane, rounds int, out []int) {
	a, b := rounds, l.Index()%2+1
	mem.Swap(&a, &b)
	for i := 0; i < a; i++ {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = a + b
}

// CollectiveHelperResult (correct): coll.Sum is given the lane index but
// returns a reduction, the same in every lane; it bounds the barrier loop.
//
//spmd:kernel
func CollectiveHelperResult(l spmd.Lane, out []int) {
	s := coll.Sum(l, l.Index())
	for i := 0; i < s; i++ {
		l.Barrier()
	}
	out[l.Index()] = s
}

// ConvergentHelperUnderMemoryBranch (bug): a helper in another package
// stores a lane-dependent flag into done; lanes where it is false call
// coll.Sync, a helper that performs a barrier, so the call itself is the
// convergent operation under divergent control.
//
//spmd:kernel
func ConvergentHelperUnderMemoryBranch(l spmd.Lane, out []int) {
	done := false
	mem.StoreBool(&done, l.Index() == 0)
	if !done {
		coll.Sync(l) // EXPECT
	}
	out[l.Index()] = 1
}
