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
		a(l) // want `barrier l.Barrier \(reached through a\) under divergent control`
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

// A long chain of calls: the notes keep the calls nearest the caller and
// the barrier, with "more calls" between.
func d0(l spmd.Lane) { // want d0:`spmd\(barrier\)`
	l.Barrier()
}

func d1(l spmd.Lane) { // want d1:`spmd\(barrier\)`
	d0(l)
}

func d2(l spmd.Lane) { // want d2:`spmd\(barrier\)`
	d1(l)
}

func d3(l spmd.Lane) { // want d3:`spmd\(barrier\)`
	d2(l)
}

func d4(l spmd.Lane) { // want d4:`spmd\(barrier\)`
	d3(l)
}

func d5(l spmd.Lane) { // want d5:`spmd\(barrier\)`
	d4(l)
}

func d6(l spmd.Lane) { // want d6:`spmd\(barrier\)`
	d5(l)
}

func d7(l spmd.Lane) { // want d7:`spmd\(barrier\)`
	d6(l)
}

func d8(l spmd.Lane) { // want d8:`spmd\(barrier\)`
	d7(l)
}

func d9(l spmd.Lane) { // want d9:`spmd\(barrier\)`
	d8(l)
}

func d10(l spmd.Lane) { // want d10:`spmd\(barrier\)`
	d9(l)
}

func d11(l spmd.Lane) { // want d11:`spmd\(barrier\)`
	d10(l)
}

func d12(l spmd.Lane) { // want d12:`spmd\(barrier\)`
	d11(l)
}

func d13(l spmd.Lane) { // want d13:`spmd\(barrier\)`
	d12(l)
}

func d14(l spmd.Lane) { // want d14:`spmd\(barrier\)`
	d13(l)
}

func d15(l spmd.Lane) { // want d15:`spmd\(barrier\)`
	d14(l)
}

func d16(l spmd.Lane) { // want d16:`spmd\(barrier\)`
	d15(l)
}

func d17(l spmd.Lane) { // want d17:`spmd\(barrier\)`
	d16(l)
}

func d18(l spmd.Lane) { // want d18:`spmd\(barrier\)`
	d17(l)
}

func d19(l spmd.Lane) { // want d19:`spmd\(barrier\)`
	d18(l)
}

func longChain(l spmd.Lane) { // want longChain:`spmd\(barrier\)`
	if l.Index() < 4 {
		d19(l) // want `barrier l.Barrier \(reached through d19\) under divergent control`
	}
}

type syncer interface{ Sync(l spmd.Lane) }

func viaIface(l spmd.Lane, s syncer) { // want viaIface:`spmd\(convergent plain\[p1\.Sync\]=spmd\(\)\)`
	s.Sync(l)
}

// A helper that calls an interface method given the lane: it may reach
// a convergent operation.
func ifaceChain(l spmd.Lane, s syncer) { // want ifaceChain:`spmd\(convergent plain\[p1\.Sync\]=spmd\(\)\)`
	if l.Index() < 2 {
		viaIface(l, s) // want `collective viaIface under divergent control`
	}
}
