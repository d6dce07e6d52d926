// want package:"spmd"

// Package sumhigherorder pins closures reached through other closures or
// function values, where the closure that reaches the barrier is not the
// one called: kept in variables, composites (struct, array, slice, map), or
// given to helpers that call them.
//
// Fixed, was BUG(report): a call of a function value that is a captured variable (a
// closure calling another closure it captured, a recursive closure), a
// parameter (a helper calling the func it was given) or a result (a
// closure returned by a helper) is neither a known callee nor a call that
// passes a lane handle, so it is not convergent, though the closure behind
// it reaches a barrier: outer, apply and walk are inferred not to reach
// one, and none of the calls below is reported. spmd.Run stops each of
// these kernels with a *DivergenceError.
package sumhigherorder

import "github.com/spmdvet/spmdvet/spmd"

// Nested closures: the inner one reaches the barrier, the outer one calls
// it; both are convergent.
func nested(l spmd.Lane) { // want nested:`spmd\(barrier\)`
	inner := func() { l.Barrier() }
	outer := func() { inner() }
	if l.Index() > 1 {
		outer() // want `barrier l.Barrier \(reached through outer\) under divergent control`
	}
}

// A helper that calls the function it is given; given a closure that
// reaches the barrier, the call of the helper is a convergent operation.
func apply(f func()) { // want apply:`spmd\(calls\(0\)\)`
	f()
}

func higherOrder(l spmd.Lane) { // want higherOrder:`spmd\(barrier\)`
	if l.Index() > 1 {
		apply(func() { l.Barrier() }) // want `barrier l.Barrier \(reached through apply\) under divergent control`
	}
}

// A recursive closure is called through the variable that holds it.
func recursiveClosure(l spmd.Lane) { // want recursiveClosure:`spmd\(barrier\)`
	var walk func(n int)
	walk = func(n int) {
		l.Barrier()
		if n > 0 {
			walk(n - 1)
		}
	}
	walk(2)
	if l.Index() < 2 {
		walk(3) // want `barrier l.Barrier \(reached through walk\) under divergent control`
	}
}

// A closure returned by a function: the call of the result is a call of an
// unknown function value that passes no lane handle (the closure captured
// it).
func makeWaiter(l spmd.Lane) func() { // want makeWaiter:`spmd\(result0=on\(0\) returns-convergent returned-no-writes\)`
	return func() { l.Barrier() }
}

func returnedClosure(l spmd.Lane) { // want returnedClosure:`spmd\(convergent\)|spmd\(barrier\)`
	w := makeWaiter(l)
	if l.Index() < 2 {
		w() // want `(barrier|collective) l.Barrier \(reached through w\) under divergent control`
	}
}

// A returned closure whose parameter decides how many barriers run: a
// call of the result must pass a uniform count.
func makeCounter(l spmd.Lane) func(k int) { // want makeCounter:`^spmd\(result0=on\(0\) returns-convergent returned-no-writes\)$`
	return func(k int) {
		for range k {
			l.Barrier()
		}
	}
}

func returnedClosureArg(l spmd.Lane) { // want returnedClosureArg:`^spmd\(barrier\)$`
	c := makeCounter(l)
	c(2)
	c(l.Index() % 2) // want `parameter k of c must be uniform`
}

// A returned closure kept in a struct, and called from there.
type waiterBox struct{ wait func() }

func returnedClosureInStruct(l spmd.Lane) { // want returnedClosureInStruct:`^spmd\(barrier\)$`
	b := waiterBox{wait: makeWaiter(l)}
	b.wait()
	if l.Index() < 2 {
		b.wait() // want `barrier l.Barrier \(reached through b.wait\) under divergent control`
	}
}

// Closures kept in composites: a call of a function loaded from a local
// struct, array, slice or map may call any function stored in it.
type ops struct {
	sync func()
	n    int
}

func inStruct(l spmd.Lane) { // want inStruct:`spmd\(barrier\)`
	o := ops{sync: func() { l.Barrier() }}
	if l.Index() == 0 {
		o.sync() // want `barrier l.Barrier \(reached through o.sync\) under divergent control`
	}
}

func inSlice(l spmd.Lane) { // want inSlice:`spmd\(barrier\)`
	fs := []func(){func() { l.Barrier() }}
	if l.Index() == 0 {
		fs[0]() // want `barrier l.Barrier \(reached through fs\[0\]\) under divergent control`
	}
}

func inArray(l spmd.Lane) { // want inArray:`spmd\(barrier\)`
	fs := [2]func(){func() {}, func() { l.Barrier() }}
	if l.Index() == 0 {
		fs[1]() // want `barrier l.Barrier \(reached through fs\[1\]\) under divergent control`
	}
}

func inMap(l spmd.Lane) { // want inMap:`spmd\(barrier\)`
	m := map[string]func(){"s": func() { l.Barrier() }}
	if l.Index() == 0 {
		m["s"]() // want `barrier l.Barrier \(reached through m\["s"\]\) under divergent control`
	}
}

// A composite with no convergent function in it: its calls are not
// convergent.
func inStructPlain(l spmd.Lane) int { // want inStructPlain:`spmd\(result0=always\)`
	o := ops{sync: func() {}, n: 2}
	if l.Index() == 0 {
		o.sync()
	}
	return l.Index()
}

// A helper calling a function kept in the struct it is given.
func runOps(o ops) { // want runOps:`spmd\(calls\(0\.0\)\)`
	o.sync()
}

func runOpsPtr(o *ops) { // want runOpsPtr:`spmd\(calls\(\*0\.0\)\)`
	o.sync()
}

func structToHelper(l spmd.Lane) { // want structToHelper:`spmd\(barrier\)`
	if l.Index() == 0 {
		runOps(ops{sync: func() { l.Barrier() }})     // want `barrier l.Barrier \(reached through runOps\) under divergent control`
		runOpsPtr(&ops{sync: func() { l.Barrier() }}) // want `barrier l.Barrier \(reached through runOpsPtr\) under divergent control`
	}
}

// A closure given to a helper that calls it is the kernel's code, run by
// the kernel's lanes: a branch on a lane-dependent variable it captured is
// divergent in it, and the report is at its barrier.
func capturedThroughHelper(l spmd.Lane) { // want capturedThroughHelper:`spmd\(barrier\)`
	i := l.Index()
	apply(func() {
		if i > 0 {
			l.Barrier() // want `barrier l.Barrier under divergent control`
		}
	})
	n := l.Count()
	apply(func() { // fine: n is uniform
		if n > 0 {
			l.Barrier()
		}
	})
}

// The same, one level up: k must then be uniform for the callers.
func capturedParam(l spmd.Lane, k int) { // want capturedParam:`spmd\(barrier requires\(1\)\)`
	apply(func() {
		if k > 0 {
			l.Barrier()
		}
	})
}

func capturedParamCaller(l spmd.Lane) { // want capturedParamCaller:`spmd\(barrier\)`
	capturedParam(l, l.Index()) // want `parameter k of capturedParam must be uniform`
}
