// Package funcvalues pins calls of function values that differ between
// lanes: lanes that call different functions reach different barriers,
// even when every function called reaches one.
//
// Fixed, was BUG(report): the convergent checker only looks at a call whose callee it
// knows (Result.Callee returns a summary), and reports a lane-dependent
// function value ("called through a lane-dependent function value") only
// for those. A function value that is a phi of two functions, or loaded from
// a slice, has no summary, so neither call below is reported, although
// spmd.Run stops both kernels with a *DivergenceError: the lanes wait at
// a's barrier and at b's. (Related: package sumbugiface, where an unknown
// callee under divergent control is not reported either.)
package funcvalues

import "github.com/spmdvet/spmdvet/spmd"

func a(l spmd.Lane) { l.Barrier() }

func b(l spmd.Lane) { l.Barrier() }

// The function is chosen by a divergent branch.
func chosenByBranch(l spmd.Lane) {
	f := a
	if l.Index() < 4 {
		f = b
	}
	f(l) // want `(barrier|collective) f called through a lane-dependent function value`
}

// The function is loaded at a lane-dependent index.
func chosenByIndex(l spmd.Lane) {
	fs := []func(spmd.Lane){a, b}
	fs[l.Index()%2](l) // want `(barrier|collective) fs\[l.Index\(\)%2\] called through a lane-dependent function value`
}

// Fine: the function is chosen by a uniform value: every lane calls the
// same one.
func chosenUniformly(l spmd.Lane, n int) {
	f := a
	if n < 4 {
		f = b
	}
	f(l)
}

// ops keeps functions in the fields of a struct: which one is called
// counts, field by field.
type ops struct{ sync, work func() }

func fieldFuncs(l spmd.Lane, out []int) {
	o := ops{sync: func() { l.Barrier() }, work: func() { out[0]++ }}
	if l.Index() == 0 {
		o.work() // fine: work reaches no barrier
	}
	if l.Index() == 1 {
		o.sync() // want `barrier l.Barrier \(reached through o.sync\) under divergent control`
	}
}

// The same through a pointer, where a store moves the barrier into work.
func fieldFuncsStored(l spmd.Lane, out []int) {
	p := &ops{sync: func() { l.Barrier() }, work: func() { out[0]++ }}
	p.work = p.sync
	if l.Index() == 3 {
		p.work() // want `barrier l.Barrier \(reached through p.work\) under divergent control`
	}
}

// Fine: a slice of literals, one over a lane-dependent variable, called in
// turn: at each index every lane calls the same literal.
func phases(l spmd.Lane, out []int) {
	v := l.Index()
	steps := []func(){
		func() { v++ },
		func() { l.Barrier() },
		func() { v = spmd.ReduceAdd(l, v) },
	}
	for _, step := range steps {
		step()
	}
	out[0] = v
}

// The same literal in every lane, but what it captured decides its
// barrier: reported in the literal.
func phasesCaptured(l spmd.Lane) {
	n := l.Index()
	steps := []func(){
		func() {
			if n > 0 {
				l.Barrier() // want `barrier l.Barrier under divergent control`
			}
		},
	}
	for i := range steps {
		steps[i]()
	}
}

// Lanes that pick the slot by their index call different literals.
func phasesByLane(l spmd.Lane) {
	steps := [2]func(){func() { l.Barrier() }, func() {}}
	steps[l.Index()%2]() // want `called through a lane-dependent function value`
}

// A closure calls a function held in a variable it captured: the call
// reaches the barrier of the literal stored there.
func capturedFuncVar(l spmd.Lane) {
	var f func()
	f = func() { l.Barrier() }
	func() {
		if l.Index() < 2 {
			f() // want `barrier l.Barrier \(reached through f\) under divergent control`
		}
	}()
}

// Stored and called in the closure that captured the variable.
func capturedFuncVarSetInside(l spmd.Lane) {
	var f func()
	func() {
		if l.Index() < 2 {
			f = func() { spmd.ReduceAdd(l, 1) }
			f() // want `collective spmd.ReduceAdd \(reached through f\) under divergent control`
		}
	}()
}

// Fine: every lane calls it.
func capturedFuncVarUniform(l spmd.Lane, n int) {
	var f func()
	f = func() { l.Barrier() }
	func() {
		if n < 2 {
			f()
		}
	}()
}

// A local slice of known functions that take the lane, none convergent:
// which one a lane calls does not matter. (A false report of blind round
// 23.)
func double(_ spmd.Lane, v int) int { return 2 * v }
func inc(_ spmd.Lane, v int) int    { return v + 1 }

func laneChosenPlain(l spmd.Lane, out []int) {
	stages := []func(spmd.Lane, int) int{double, inc}
	out[l.Index()] = stages[l.Index()%2](l, l.Index())
}
