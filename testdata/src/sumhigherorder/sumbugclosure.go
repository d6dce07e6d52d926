// want package:"spmd"

// Package sumhigherorder pins closures reached through other closures or
// function values, where the closure that reaches the barrier is not the
// one called.
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
		outer() // want `barrier outer under divergent control`
	}
}

// A helper that calls the function it is given; given a closure that
// reaches the barrier, the call of the helper is a convergent operation.
func apply(f func()) { // want apply:`spmd\(calls\(0\)\)`
	f()
}

func higherOrder(l spmd.Lane) { // want higherOrder:`spmd\(barrier\)`
	if l.Index() > 1 {
		apply(func() { l.Barrier() }) // want `barrier apply under divergent control`
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
		walk(3) // want `barrier walk under divergent control`
	}
}

// A closure returned by a function: the call of the result is a call of an
// unknown function value that passes no lane handle (the closure captured
// it).
func makeWaiter(l spmd.Lane) func() { // want makeWaiter:`spmd\(result0=on\(0\) returns-convergent\)`
	return func() { l.Barrier() }
}

func returnedClosure(l spmd.Lane) { // want returnedClosure:`spmd\(convergent\)|spmd\(barrier\)`
	w := makeWaiter(l)
	if l.Index() < 2 {
		w() // want `(barrier|collective) w under divergent control`
	}
}
