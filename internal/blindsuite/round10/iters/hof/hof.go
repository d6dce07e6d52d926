// Package hof holds kernels built from higher-order code: callbacks given to
// the helpers of package seqs, closures, function factories, method values
// and method expressions, callbacks stored in structs and slices, and
// closures given to spmd.Run.
package hof

import (
	"iter"
	"slices"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round10/iters/seqs"
	"github.com/spmdvet/spmdvet/spmd"
)

// ForEachUniform gives seqs.ForEach a callback that performs a collective;
// ForEach calls it once per element of a shared slice. Correct.
//
//spmd:kernel
func ForEachUniform(l spmd.Lane, xs, out []int) {
	acc := 0
	seqs.ForEach(xs, func(i, x int) {
		acc += spmd.ReduceAdd(l, x*i)
	})
	out[l.Index()] = acc
}

// ForEachDivergentInside gives seqs.ForEach a callback that performs a
// barrier under a lane-dependent condition inside the callback. Bug.
//
//spmd:kernel
func ForEachDivergentInside(l spmd.Lane, xs, out []int) {
	seqs.ForEach(xs, func(i, x int) {
		if x == l.Index() {
			l.Barrier() // EXPECT
			out[l.Index()] = i
		}
	})
}

// ForEachUniformBranchInside gives seqs.ForEach a callback that performs a
// barrier under a condition on the element, which is the same in every lane.
// Correct.
//
//spmd:kernel
func ForEachUniformBranchInside(l spmd.Lane, xs, out []int) {
	k := 0
	seqs.ForEach(xs, func(i, x int) {
		if x > 0 {
			l.Barrier()
			k += i
		}
	})
	out[l.Index()] = k
}

// ForEachLaneSlice gives seqs.ForEach a lane-dependent prefix of xs and a
// callback that performs a barrier: lanes call it different numbers of
// times. Bug (the callback and the call are on one line).
//
//spmd:kernel
func ForEachLaneSlice(l spmd.Lane, xs []int) {
	seqs.ForEach(xs[:l.Index()+1], func(int, int) { l.Barrier() }) // EXPECT
}

// MapReduceUniform maps a shared slice through a callback that performs a
// collective, then folds the result with a pure callback. Correct.
//
//spmd:kernel
func MapReduceUniform(l spmd.Lane, xs, out []int) {
	ys := seqs.Map(xs, func(x int) int { return spmd.ReduceAdd(l, x*l.Index()) })
	out[l.Index()] = seqs.Reduce(ys, 0, func(a, y int) int { return a + y })
}

// MapCallbackDivergent maps a shared slice through a callback whose
// collective depends on the lane. Bug.
//
//spmd:kernel
func MapCallbackDivergent(l spmd.Lane, xs, out []int) {
	ys := seqs.Map(xs, func(x int) int {
		if x > l.Index() {
			return spmd.ReduceAdd(l, x) // EXPECT
		}
		return 0
	})
	out[l.Index()] = len(ys)
}

// RepeatUnderDivergence calls seqs.Repeat with a barrier callback inside a
// lane-dependent branch. Bug (call and callback on one line).
//
//spmd:kernel
func RepeatUnderDivergence(l spmd.Lane, out []int) {
	if l.Index() == 0 {
		seqs.Repeat(2, func() { l.Barrier() }) // EXPECT
		out[0] = 1
	}
}

// RepeatMethodValueUniform passes the method value l.Barrier to seqs.Repeat
// with a uniform count. Correct.
//
//spmd:kernel
func RepeatMethodValueUniform(l spmd.Lane, out []int) {
	seqs.Repeat(3, l.Barrier)
	out[l.Index()] = spmd.ReduceAdd(l, 1)
}

// RepeatMethodValueLane passes the method value l.Barrier to seqs.Repeat with
// a lane-dependent count. Bug.
//
//spmd:kernel
func RepeatMethodValueLane(l spmd.Lane) {
	seqs.Repeat(l.Index(), l.Barrier) // EXPECT
}

// ClosureCalledUnderDivergence calls a local closure that performs a barrier
// inside a lane-dependent branch. Bug at the call.
//
//spmd:kernel
func ClosureCalledUnderDivergence(l spmd.Lane, out []int) {
	sync := func() {
		l.Barrier()
	}
	if l.Index() < 2 {
		sync() // EXPECT
		out[l.Index()] = 1
	}
}

// MethodValueDivergent calls the method value l.Barrier in a lane-dependent
// branch. Bug.
//
//spmd:kernel
func MethodValueDivergent(l spmd.Lane, out []int) {
	b := l.Barrier
	if l.Index()%2 == 0 {
		b() // EXPECT
	}
	out[l.Index()] = 1
}

// MethodExprDivergent calls the method expression spmd.Lane.Barrier in a
// branch on lane-indexed data. Bug.
//
//spmd:kernel
func MethodExprDivergent(l spmd.Lane, data []int) {
	f := spmd.Lane.Barrier
	if data[l.Index()] > 0 {
		f(l) // EXPECT
	}
}

// TeamMethodValueDivergent calls the method value of seqs.Team.Sync (a
// barrier in another package) under seqs.Team.Me() == 0. Bug.
//
//spmd:kernel
func TeamMethodValueDivergent(l spmd.Lane, out []int) {
	t := seqs.Team{L: l}
	sync := t.Sync
	if t.Me() == 0 {
		sync() // EXPECT
		out[0] = 1
	}
}

// TeamMethodUniform calls seqs.Team methods under a uniform condition.
// Correct.
//
//spmd:kernel
func TeamMethodUniform(l spmd.Lane, out []int) {
	t := seqs.Team{L: l}
	if t.Size() > 1 {
		t.Sync()
	}
	out[l.Index()] = t.Sum(t.Me())
}

// FactoryDivergent calls the convergent closure returned by seqs.Adder in a
// lane-dependent branch. Bug.
//
//spmd:kernel
func FactoryDivergent(l spmd.Lane, out []int) {
	add := seqs.Adder(l)
	v := 0
	if l.Index()%2 == 1 {
		v = add(1) // EXPECT
	}
	out[l.Index()] = v
}

// FactoryUniform calls the closures returned by seqs.Syncer and seqs.Adder
// unconditionally and in a uniform loop. Correct.
//
//spmd:kernel
func FactoryUniform(l spmd.Lane, out []int) {
	sync := seqs.Syncer(l)
	for range seqs.Count(2) {
		sync()
	}
	out[l.Index()] = seqs.Adder(l)(l.Index())
}

// stage is a named step whose callback may be convergent.
type stage struct {
	name string
	do   func() int
}

// StructCallbackDivergent stores a convergent callback in a struct field and
// calls it in a lane-dependent branch. Bug.
//
//spmd:kernel
func StructCallbackDivergent(l spmd.Lane, out []int) {
	st := stage{name: "sum", do: func() int { return spmd.ReduceAdd(l, 1) }}
	if l.Index() == 0 {
		out[0] = st.do() // EXPECT
	}
}

// StructCallbacksUniform runs a slice of convergent stages in order in every
// lane. Correct.
//
//spmd:kernel
func StructCallbacksUniform(l spmd.Lane, out []int) {
	stages := []stage{
		{"barrier", func() int { l.Barrier(); return 0 }},
		{"sum", func() int { return spmd.ReduceAdd(l, l.Index()) }},
	}
	acc := 0
	for _, s := range stages {
		acc += s.do()
	}
	out[l.Index()] = acc
}

// SliceCallbacksDivergentSkip runs a slice of convergent stages but each lane
// skips the stage at its own index. Bug.
//
//spmd:kernel
func SliceCallbacksDivergentSkip(l spmd.Lane, out []int) {
	stages := []stage{
		{"barrier", func() int { l.Barrier(); return 0 }},
		{"sum", func() int { return spmd.ReduceAdd(l, l.Index()) }},
	}
	acc := 0
	for i, s := range stages {
		if i == l.Index() {
			continue
		}
		acc += s.do() // EXPECT
	}
	out[l.Index()] = acc
}

// CapturedLaneVarPredicate branches on a closure that compares a captured
// lane index. Bug.
//
//spmd:kernel
func CapturedLaneVarPredicate(l spmd.Lane, out []int) {
	id := l.Index()
	isLeader := func() bool { return id == 0 }
	if isLeader() {
		l.Barrier() // EXPECT
		out[0] = 1
	}
}

// CapturedUniformPredicate branches on a closure that compares a captured
// uniform count. Correct.
//
//spmd:kernel
func CapturedUniformPredicate(l spmd.Lane, out []int) {
	n := l.Count()
	big := func() bool { return n >= 4 }
	if big() {
		l.Barrier()
	}
	out[l.Index()] = n
}

// CapturedMutatedVar has a closure add the lane index to a captured variable
// and branches on the variable. Bug.
//
//spmd:kernel
func CapturedMutatedVar(l spmd.Lane, out []int) {
	x := 0
	bump := func() { x += l.Index() }
	bump()
	if x > 0 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = x
}

// CapturedMutatedUniform has a closure add the lane count to a captured
// variable and branches on the variable. Correct.
//
//spmd:kernel
func CapturedMutatedUniform(l spmd.Lane, out []int) {
	x := 0
	bump := func() { x += l.Count() }
	bump()
	bump()
	if x > 4 {
		l.Barrier()
	}
	out[l.Index()] = x
}

// DeferredClosureDivergent defers a convergent closure in a lane-dependent
// branch. Bug (defer and closure on one line).
//
//spmd:kernel
func DeferredClosureDivergent(l spmd.Lane, out []int) {
	if l.Index()%2 == 1 {
		defer func() { out[l.Index()] = spmd.ReduceAdd(l, 1) }() // EXPECT
	}
	out[l.Index()] = -1
}

// ClosureIterUniform ranges over an iterator made by a local closure from a
// uniform argument. Correct.
//
//spmd:kernel
func ClosureIterUniform(l spmd.Lane, out []int) {
	rows := func(k int) iter.Seq[int] { return seqs.Count(k) }
	acc := 0
	for i := range rows(l.Count()) {
		acc += spmd.ReduceAdd(l, i)
	}
	out[l.Index()] = acc
}

// ClosureIterLane ranges over an iterator made by a local closure from the
// lane index. Bug.
//
//spmd:kernel
func ClosureIterLane(l spmd.Lane, out []int) {
	rows := func(k int) iter.Seq[int] { return seqs.Count(k) }
	acc := 0
	for i := range rows(l.Index()) {
		acc += spmd.ReduceAdd(l, i) // EXPECT
	}
	out[l.Index()] = acc
}

// FirstMatchLane branches on seqs.FirstMatch with a predicate closure that
// reads the lane index: the closure captures only the uniform lane handle,
// yet its answers depend on the lane. Bug.
//
//spmd:kernel
func FirstMatchLane(l spmd.Lane, n int, out []int) {
	p := seqs.FirstMatch(seqs.Count(n), func(v int) bool { return v >= l.Index() })
	if p == 0 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = p
}

// FirstMatchUniform branches on seqs.FirstMatch with a uniform predicate.
// Correct.
//
//spmd:kernel
func FirstMatchUniform(l spmd.Lane, n int, out []int) {
	p := seqs.FirstMatch(seqs.Count(n), func(v int) bool { return v >= l.Count()/2 })
	if p > 0 {
		l.Barrier()
	}
	out[l.Index()] = p
}

// SumSquares runs its own kernel: the closure given to spmd.Run captures xs
// and total; it sums a lane-dependent share of xs, then reduces after the
// loop. Correct.
func SumSquares(lanes int, xs []int) (int, error) {
	var total int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		part := 0
		for i := range seqs.Strided(l, len(xs)) {
			part += xs[i] * xs[i]
		}
		s := spmd.ReduceAdd(l, part)
		if l.Index() == 0 {
			total = s
		}
	})
	return total, err
}

// CountAbsent runs its own kernel: in the closure given to spmd.Run, a lane
// that finds its index in xs returns from inside a slices.Values body. Bug:
// the collective after the loop.
func CountAbsent(lanes int, xs []int) (int, error) {
	var total int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		for x := range slices.Values(xs) {
			if x == l.Index() {
				return
			}
		}
		s := spmd.ReduceAdd(l, 1) // EXPECT
		if l.Index() == l.Count()-1 {
			total = s
		}
	})
	return total, err
}
