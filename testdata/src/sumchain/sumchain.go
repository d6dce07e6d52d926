// want package:"spmd"

// Package sumchain pins call chains: a function that reaches a barrier
// through calls is itself a convergent operation, so calling it under
// divergent control is reported at the call, in the function that holds the
// divergent branch, and nowhere else.
package sumchain

import "github.com/spmdvet/spmdvet/spmd"

// b reaches the barrier directly, a through b.
func b(l spmd.Lane) { // want b:`spmd\(barrier\)`
	l.Barrier()
}

func a(l spmd.Lane) { // want a:`spmd\(barrier\)`
	b(l)
}

// kernel → a → b → l.Barrier, a called by some lanes only: reported at the
// call of a.
func chainUnderDivergent(l spmd.Lane) { // want chainUnderDivergent:`spmd\(barrier\)`
	if l.Index() < 4 {
		a(l) // want `barrier l.Barrier \(reached through a\) under divergent control`
	}
}

// The same chain under uniform control: fine.
func chainUnderUniform(l spmd.Lane, n int) { // want chainUnderUniform:`spmd\(barrier requires\(1\)\)`
	if l.Count() > 4 {
		a(l)
	}
	if n > 0 {
		a(l)
	}
	a(l)
}

// A helper that itself branches on the lane index around the barrier: the
// report is inside the helper, where the branch is; its callers are fine,
// since calling it is not the problem (every lane enters it).
func branchesInside(l spmd.Lane) { // want branchesInside:`spmd\(barrier\)`
	if l.Index() == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func callsBranchesInside(l spmd.Lane) { // want callsBranchesInside:`spmd\(barrier\)`
	branchesInside(l)
}

func callsBranchesInsideUniform(l spmd.Lane) { // want callsBranchesInsideUniform:`spmd\(barrier\)`
	if l.Count() > 1 {
		branchesInside(l)
	}
}

// A deeper chain with a collective at the bottom: the category follows the
// operation reached.
func d3(l spmd.Lane, v int) int { // want d3:`spmd\(convergent result0=never\)`
	return spmd.ReduceAdd(l, v)
}

func d2(l spmd.Lane, v int) int { // want d2:`spmd\(convergent result0=never\)`
	return d3(l, v) + 1
}

func d1(l spmd.Lane, v int) int { // want d1:`spmd\(convergent result0=never\)`
	return d2(l, v) * 2
}

func deepCollective(l spmd.Lane) int { // want deepCollective:`spmd\(convergent result0=always\)`
	s := 0
	if l.Index()%2 == 0 {
		s = d1(l, 1) // want `collective spmd.ReduceAdd \(reached through d1\) under divergent control`
	}
	return s
}

// Early return by some lanes puts the rest of the function, and the call in
// it, under divergent control.
func earlyReturnThenChain(l spmd.Lane, n int) { // want earlyReturnThenChain:`spmd\(barrier\)`
	if l.Index() >= n {
		return
	}
	a(l) // want `barrier l.Barrier \(reached through a\) under divergent control`
}

// A loop that lanes leave in different iterations: the call after it is
// fine (lanes reconverge at the loop exit), the call inside it is not.
func loopThenChain(l spmd.Lane) { // want loopThenChain:`spmd\(barrier\)`
	for i := 0; i < l.Index(); i++ {
		a(l) // want `barrier l.Barrier \(reached through a\) under divergent control`
	}
	a(l)
}

// A helper with divergent returns inside does not leak divergence out: lanes
// reconverge when it returns (Tint: FunctionReconvergesOnExit).
func returnsEarly(l spmd.Lane, out []int) { // want returnsEarly:`spmd\(effect\(\*1\)=always\)`
	if l.Index() == 0 {
		out[0] = 1
		return
	}
	out[1] = 2
}

func reconvergesAfterCall(l spmd.Lane, out []int) { // want reconvergesAfterCall:`spmd\(barrier effect\(\*1\)=always\)`
	returnsEarly(l, out)
	a(l)
}

// A chain through a function that does not itself take a lane, but calls
// one that reaches the barrier through a captured... no: through a global
// lane is not possible; instead through a struct holding the lane.
type stage struct{ l spmd.Lane }

func (s stage) sync() { // want sync:`spmd\(barrier\)`
	s.l.Barrier()
}

func (s stage) run() { // want run:`spmd\(barrier\)`
	s.sync()
}

func chainThroughMethods(l spmd.Lane) { // want chainThroughMethods:`spmd\(barrier\)`
	s := stage{l}
	if l.Index() > 2 {
		s.run() // want `barrier s.l.Barrier \(reached through s.run\) under divergent control`
	}
	s.run()
}

// A kernel entry called from another kernel: //spmd:kernel promises its
// body uniform parameters, so the call must pass uniform values.
//
//spmd:kernel
func rounds(l spmd.Lane, n int) { // want rounds:`spmd\(barrier kernel requires\(1\)\)`
	for range n {
		l.Barrier()
	}
}

//spmd:kernel
func roundsByLane(l spmd.Lane) { // want roundsByLane:`spmd\(barrier kernel\)`
	rounds(l, l.Index()) // want `parameter n of rounds must be uniform, but a divergent value is passed`
}

//spmd:kernel
func roundsShared(l spmd.Lane, n int) { // want roundsShared:`spmd\(barrier kernel requires\(1\)\)`
	rounds(l, n)
}
