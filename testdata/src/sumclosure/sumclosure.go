// want package:"spmd"

// Package sumclosure pins closures, whose captured variables are inputs
// like parameters (so the report is at the call, where a divergent value
// was captured), and method values and bound methods, which are calls of
// the method they denote.
package sumclosure

import "github.com/spmdvet/spmdvet/spmd"

// A closure that captures the lane and reaches the barrier, called by some
// lanes only.
func closureUnderDivergent(l spmd.Lane) { // want closureUnderDivergent:`spmd\(barrier\)`
	wait := func() { l.Barrier() }
	if l.Index() < 4 {
		wait() // want `barrier l.Barrier \(reached through wait\) under divergent control`
	}
	wait()
}

// A closure whose captured variable decides whether the barrier runs: the
// literal is the kernel's code, and the variable is lane-dependent where
// it is made, so the report is at the barrier in the literal.
func capturedDivergent(l spmd.Lane) { // want capturedDivergent:`spmd\(barrier\)`
	id := l.Index()
	sync := func() {
		if id < 4 {
			l.Barrier() // want `barrier l.Barrier under divergent control`
		}
	}
	sync()
}

func capturedUniform(l spmd.Lane, n int) { // want capturedUniform:`spmd\(barrier requires\(1\)\)`
	half := n / 2
	sync := func() {
		if half > 0 {
			l.Barrier()
		}
	}
	sync() // fine here; n must be uniform for capturedUniform's callers
}

// A closure whose parameter decides: like a function.
func closureParam(l spmd.Lane) { // want closureParam:`spmd\(barrier\)`
	waitIf := func(c bool) {
		if c {
			l.Barrier()
		}
	}
	waitIf(l.Count() > 2)
	waitIf(l.Index() > 2) // want `parameter c of waitIf must be uniform`
}

// A closure's result depends on what it captured.
func closureResult(l spmd.Lane) { // want closureResult:`spmd\(barrier\)`
	id, n := l.Index(), l.Count()
	getID := func() int { return id }
	getN := func() int { return n }
	if getN() > 0 {
		l.Barrier() // fine
	}
	if getID() > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A closure that writes a lane-dependent value into a variable it
// captured: the variable is divergent after the call.
func closureEffect(l spmd.Lane) { // want closureEffect:`spmd\(barrier\)`
	x := 0
	set := func() { x = l.Index() }
	set()
	if x > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	y := 0
	setUniform := func() { y = l.Count() }
	setUniform()
	if y > 0 {
		l.Barrier() // fine
	}
}

type stage struct {
	l spmd.Lane
	n int
}

func (s stage) wait() { // want wait:`spmd\(barrier\)`
	s.l.Barrier()
}

func (s *stage) waitIf(c bool) { // want waitIf:`spmd\(barrier requires\(1\)\)`
	if c {
		s.l.Barrier()
	}
}

// Method values: f := s.wait binds the receiver; calling f is calling
// s.wait.
func methodValue(l spmd.Lane) { // want methodValue:`spmd\(barrier\)`
	s := stage{l: l}
	f := s.wait
	if l.Index() == 0 {
		f() // want `barrier s.l.Barrier \(reached through f\) under divergent control`
	}
	f()
}

// A bound method of a pointer receiver, with a parameter that must be
// uniform.
func boundMethod(l spmd.Lane) { // want boundMethod:`spmd\(barrier\)`
	s := &stage{l: l}
	w := s.waitIf
	w(l.Count() > 0)
	w(l.Index() > 0) // want `parameter c of w must be uniform|parameter c of waitIf must be uniform`
}

// A method expression: the receiver is the first argument.
func methodExpr(l spmd.Lane) { // want methodExpr:`spmd\(barrier\)`
	s := stage{l: l}
	if l.Index() == 1 {
		stage.wait(s) // want `barrier s.l.Barrier \(reached through stage.wait\) under divergent control`
	}
	(*stage).waitIf(&s, l.Index() == 2) // want `parameter c of \(\*stage\).waitIf must be uniform|parameter c of waitIf must be uniform`
}

// A method value of a stage whose lane-dependent field decides.
func (s stage) waitN() { // want waitN:`^spmd\(barrier requires\(0\.1\)\)$`
	if s.n > 0 {
		s.l.Barrier()
	}
}

// waitN requires field n of its receiver alone (0.1) to be uniform: no
// requirement reaches l, which only fills field l.
func methodValueReceiver(l spmd.Lane) { // want methodValueReceiver:`^spmd\(barrier\)$`
	good := stage{l: l, n: l.Count()}.waitN
	good()
	bad := stage{l: l, n: l.Index()}.waitN
	bad() // want `receiver s of bad must be uniform|parameter s of bad must be uniform|s of waitN must be uniform`
}

// An immediately called literal.
func immediate(l spmd.Lane) { // want immediate:`spmd\(barrier\)`
	if l.Index() > 1 {
		func() { l.Barrier() }() // want `barrier func\(\) \{…\} under divergent control|barrier .* under divergent control`
	}
}

// A method value that takes the lane as an argument: f := s.helper; f(l).
func (s stage) helper(l spmd.Lane) { // want helper:`spmd\(barrier\)`
	l.Barrier()
}

func methodValueWithLane(l spmd.Lane) { // want methodValueWithLane:`spmd\(barrier\)`
	var s stage
	f := s.helper
	f(l)
	if l.Index() == 0 {
		f(l) // want `barrier l.Barrier \(reached through f\) under divergent control`
	}
	g := (*stage).waitIf
	g(&s, l.Index() > 0) // want `parameter c of g must be uniform`
}
