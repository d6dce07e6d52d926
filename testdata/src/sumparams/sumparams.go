// want package:"spmd"

// Package sumparams pins parameters that must be uniform (a parameter that
// decides whether a barrier runs makes a divergent argument an error at the
// call), and results that depend on parameters (a result is divergent
// always, never, or exactly when some arguments are).
package sumparams

import "github.com/spmdvet/spmdvet/spmd"

// n decides whether the barrier runs: it must be uniform.
func h(l spmd.Lane, n int) { // want h:`spmd\(barrier requires\(1\)\)`
	if n > 0 {
		l.Barrier()
	}
}

func divergentArg(l spmd.Lane) { // want divergentArg:`spmd\(barrier\)`
	h(l, l.Index()) // want `parameter n of h must be uniform`
}

func uniformArg(l spmd.Lane, k int) { // want uniformArg:`spmd\(barrier requires\(1\)\)`
	h(l, l.Count())
	h(l, 3)
	h(l, k)           // fine here, but k must then be uniform for uniformArg's callers
	h(l, l.Count()*2) // fine
}

// Transitive: g passes x on to h's n, so g's x must be uniform too, and the
// report is at the call of g, where the divergent value enters.
func g(l spmd.Lane, x int) { // want g:`spmd\(barrier requires\(1\)\)`
	h(l, x+1)
}

func transitive(l spmd.Lane) { // want transitive:`spmd\(barrier\)`
	g(l, l.Index()*2) // want `parameter x of g must be uniform`
	g(l, l.Count())
}

// Three levels, the divergent value computed before the call.
func g2(l spmd.Lane, y int) { // want g2:`spmd\(barrier requires\(1\)\)`
	g(l, y)
}

func threeLevels(l spmd.Lane) { // want threeLevels:`spmd\(barrier\)`
	v := l.Index() % 3
	g2(l, v) // want `parameter y of g2 must be uniform`
}

// A parameter that decides the trip count of a loop around a collective.
func sumUpTo(l spmd.Lane, n int) int { // want sumUpTo:`spmd\(convergent result0=on\(1\) requires\(1\)\)`
	t := 0
	for i := 0; i < n; i++ {
		t += spmd.ReduceAdd(l, i)
	}
	return t
}

func loopBound(l spmd.Lane) int { // want loopBound:`spmd\(convergent result0=always\)`
	a := sumUpTo(l, l.Count())
	b := sumUpTo(l, l.Index()) // want `parameter n of sumUpTo must be uniform`
	return a + b
}

// A parameter that is a collective's operand that must be uniform
// (Broadcast's src) makes no requirement: Broadcast is still reached by
// every lane; only its result becomes divergent.
func bcast(l spmd.Lane, v, src int) int { // want bcast:`spmd\(convergent result0=on\(2\)\)`
	return spmd.Broadcast(l, v, src)
}

func bcastDivergentSrc(l spmd.Lane) { // want bcastDivergentSrc:`spmd\(barrier\)`
	if bcast(l, l.Index(), l.Index()) > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	if bcast(l, l.Index(), 0) > 0 {
		l.Barrier() // fine: lane 0's value, the same in every lane
	}
}

// Results: twice's result is divergent exactly when x is.
func twice(x int) int { // want twice:`spmd\(result0=on\(0\)\)`
	return 2 * x
}

func useTwice(l spmd.Lane) { // want useTwice:`spmd\(barrier\)`
	if twice(l.Count()) > 4 {
		l.Barrier() // fine
	}
	if twice(l.Index()) > 4 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A result that depends on some parameters and not others.
func pick(a, b int, c bool) int { // want pick:`spmd\(result0=on\(0,2\)\)`
	_ = b
	if c {
		return a
	}
	return 7
}

func usePick(l spmd.Lane) { // want usePick:`spmd\(barrier\)`
	if pick(l.Count(), l.Index(), true) > 0 {
		l.Barrier() // fine: b does not reach the result
	}
	if pick(1, 2, l.Index() > 3) > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A helper returning the lane index is always divergent, whatever its
// arguments.
func laneOf(l spmd.Lane) int { // want laneOf:`spmd\(result0=always\)`
	return l.Index()
}

func useLaneOf(l spmd.Lane) { // want useLaneOf:`spmd\(barrier\)`
	if laneOf(l) == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Different constants returned from the two sides of a divergent branch: a
// divergent result, though each return is a constant.
func parity(l spmd.Lane) int { // want parity:`spmd\(result0=always\)`
	if l.Index()%2 == 0 {
		return 0
	}
	return 1
}

func useParity(l spmd.Lane) { // want useParity:`spmd\(barrier\)`
	if parity(l) == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// The same constant from both sides: uniform.
func alwaysOne(l spmd.Lane) int { // want alwaysOne:`spmd\(result0=never\)`
	if l.Index()%2 == 0 {
		return 1
	}
	return 1
}

func useAlwaysOne(l spmd.Lane) { // want useAlwaysOne:`spmd\(barrier\)`
	if alwaysOne(l) == 1 {
		l.Barrier() // fine
	}
}

// Different constants from a branch on a parameter: divergent exactly when
// the parameter is.
func sign(x int) int { // want sign:`spmd\(result0=on\(0\)\)`
	if x < 0 {
		return -1
	}
	return 1
}

func useSign(l spmd.Lane) { // want useSign:`spmd\(barrier\)`
	if sign(l.Count()-4) > 0 {
		l.Barrier() // fine
	}
	if sign(l.Index()-4) > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Several results, each with its own dependence.
func divmod(a, b int) (int, int) { // want divmod:`spmd\(result0=on\(0,1\) result1=on\(0,1\)\)`
	return a / b, a % b
}

func split(l spmd.Lane, x int) (uniform, divergent int) { // want split:`spmd\(result0=on\(1\) result1=always\)`
	return x, l.Index()
}

func useResults(l spmd.Lane) { // want useResults:`spmd\(barrier\)`
	u, d := split(l, l.Count())
	if u > 0 {
		l.Barrier() // fine
	}
	if d > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	q, _ := divmod(l.Count(), 2)
	if q > 0 {
		l.Barrier() // fine
	}
}

// A divergent result of a helper, passed on to a parameter that must be
// uniform: reported at the call that passes it.
func resultToRequirement(l spmd.Lane) { // want resultToRequirement:`spmd\(barrier\)`
	h(l, twice(l.Count())) // fine
	h(l, twice(l.Index())) // want `parameter n of h must be uniform`
}

// A parameter both required and flowing into the result (Tint:
// ParameterRequiredToBeUniform_With_ParameterRequiredToBeUniformForReturnValue).
func both(l spmd.Lane, x bool) bool { // want both:`spmd\(barrier result0=on\(1\) requires\(1\)\)`
	if x {
		l.Barrier()
	}
	return x
}

func useBoth(l spmd.Lane) { // want useBoth:`spmd\(barrier\)`
	r := both(l, l.Index() > 0) // want `parameter x of both must be uniform`
	if r {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A call under divergent control that also passes a divergent argument is
// one mistake at one place: one report, for the call site (Tint:
// Error_CallsiteAndParameterRequireUniformity).
func callSiteAndParam(l spmd.Lane) { // want callSiteAndParam:`spmd\(barrier\)`
	if l.Index() == 0 {
		h(l, l.Index()) // want `barrier l.Barrier \(reached through h\) under divergent control`
	}
}

// A deferred barrier runs at each return: n decides which return, and so
// which copy of the barrier, a lane runs.
func deferredOnReturn(l spmd.Lane, n int) { // want deferredOnReturn:`spmd\(barrier requires\(1\)\)`
	defer l.Barrier()
	if n > 0 {
		return
	}
}

// One return: nothing decides which copy runs.
func deferredOneReturn(l spmd.Lane, n int) { // want deferredOneReturn:`spmd\(barrier\)`
	defer l.Barrier()
	if n > 0 {
		_ = n
	}
}

func deferredCalls(l spmd.Lane) { // want deferredCalls:`spmd\(barrier\)`
	deferredOnReturn(l, l.Index()) // want `parameter n of deferredOnReturn must be uniform`
	deferredOneReturn(l, l.Index())
}

// A struct passed by value: each field is an input of its own (1.0 is
// s.lo, 1.1 is s.hi), so a lane-dependent lo does not make hi's barrier
// divergent.
type span struct{ lo, hi int }

func syncAbove(l spmd.Lane, s span) int { // want syncAbove:`^spmd\(barrier result0=on\(1\.0\) requires\(1\.1\)\)$`
	if s.hi > 0 {
		l.Barrier()
	}
	return s.lo
}

func passSpan(l spmd.Lane, n int) { // want passSpan:`^spmd\(barrier requires\(1\)\)$`
	syncAbove(l, span{lo: l.Index(), hi: n})
	syncAbove(l, span{lo: 0, hi: l.Index()}) // want `field hi of parameter s of syncAbove must be uniform`
}
