// want package:"spmd"

// Package sumrelated holds the kernels whose diagnostics' related
// information (the chain that explains them) TestSummaryRelated checks,
// function by function.
package sumrelated

import "github.com/spmdvet/spmdvet/spmd"

func b(l spmd.Lane) { // want b:`spmd\(barrier\)`
	l.Barrier()
}

func a(l spmd.Lane) { // want a:`spmd\(barrier\)`
	b(l)
}

// The chain of calls to the barrier, the branch, the source.
func chain(l spmd.Lane) { // want chain:`spmd\(barrier\)`
	if l.Index() < 4 {
		a(l) // want `barrier a under divergent control`
	}
}

func h(l spmd.Lane, n int) { // want h:`spmd\(barrier requires\(1\)\)`
	if n > 0 {
		l.Barrier()
	}
}

func g(l spmd.Lane, x int) { // want g:`spmd\(barrier requires\(1\)\)`
	h(l, x)
}

// The parameters that must be uniform, from the call to the barrier; the
// argument; the source.
func param(l spmd.Lane) { // want param:`spmd\(barrier\)`
	g(l, l.Index()*2) // want `parameter x of g must be uniform`
}

// The same with the divergent value computed before the call.
func paramVar(l spmd.Lane) { // want paramVar:`spmd\(barrier\)`
	v := l.Index() % 3
	g(l, v) // want `parameter x of g must be uniform`
}

func twice(x int) int { // want twice:`spmd\(result0=on\(0\)\)`
	return 2 * x
}

// A result that depends on an argument: the branch, the call, the source.
func result(l spmd.Lane) { // want result:`spmd\(barrier\)`
	if twice(l.Index()) > 4 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func fill(l spmd.Lane, p *int) { // want fill:`spmd\(effect\(\*1\)=always\)`
	*p = l.Index()
}

// Memory a callee writes: the branch, the variable, the call that wrote it.
func effect(l spmd.Lane) { // want effect:`spmd\(barrier\)`
	var x int
	fill(l, &x)
	if x > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func waitIfPositive(l spmd.Lane, p *int) { // want waitIfPositive:`spmd\(barrier requires\(1\) requires\(\*1\)\)`
	if *p > 0 {
		l.Barrier()
	}
}

// What a pointer argument points to.
func pointer(l spmd.Lane) { // want pointer:`spmd\(barrier\)`
	v := l.Index()
	waitIfPositive(l, &v) // want `what parameter p of waitIfPositive points to must be uniform`
}

// A closure: its captured variable must be uniform.
func closure(l spmd.Lane) { // want closure:`spmd\(barrier\)`
	id := l.Index()
	sync := func() {
		if id < 4 {
			l.Barrier() // want `barrier l.Barrier under divergent control`
		}
	}
	sync()
}

// A closure's parameter.
func closureParam(l spmd.Lane) { // want closureParam:`spmd\(barrier\)`
	waitIf := func(c bool) {
		if c {
			l.Barrier()
		}
	}
	waitIf(l.Index() > 2) // want `parameter c of waitIf must be uniform`
}
