// Package helpers pins calls of functions that the package defines without
// directives: helpers, closures and methods. What they do is inferred from
// their bodies. A call of one that reaches a barrier or collective is itself
// convergent; an argument (or captured variable) that decides, inside the
// callee, whether a barrier runs must be uniform; and results and writes
// through pointers are divergent only when the body makes them so. An early
// return inside a helper does not leak into its caller.
//
// (At HEAD, before summaries were inferred, calls of helpers were never
// convergent, contrary to package convergent's doc.)
package helpers

import "github.com/spmdvet/spmdvet/spmd"

func syncAll(l spmd.Lane) {
	l.Barrier()
}

func total(l spmd.Lane, v int) int {
	return spmd.ReduceAdd(l, v)
}

// A helper that calls Barrier, called by some lanes only.
func helperUnderDivergence(l spmd.Lane) {
	if l.Index() == 0 {
		syncAll(l) // want `barrier l.Barrier \(reached through syncAll\) under divergent control`
	}
}

// A helper that calls a collective.
func collectiveHelper(l spmd.Lane) int {
	if l.Index() < 2 {
		return total(l, 1) // want `collective spmd.ReduceAdd \(reached through total\) under divergent control`
	}
	return 0
}

// Two levels of helpers.
func indirect(l spmd.Lane) { syncAll(l) }

func twoLevels(l spmd.Lane) {
	if l.Index()%2 == 1 {
		indirect(l) // want `barrier l.Barrier \(reached through indirect\) under divergent control`
	}
}

// A closure that calls Barrier.
func closure(l spmd.Lane) {
	f := func() { l.Barrier() }
	if l.Index() == 0 {
		f() // want `barrier l.Barrier \(reached through f\) under divergent control`
	}
}

type stage struct{ l spmd.Lane }

func (s stage) wait() { s.l.Barrier() }

// A method that calls Barrier.
func method(l spmd.Lane) {
	s := stage{l}
	if l.Index() > 5 {
		s.wait() // want `barrier s.l.Barrier \(reached through s.wait\) under divergent control`
	}
}

// Fine: helpers called by every lane; a divergent value passed to a
// collective is what collectives are for.
func uniformCalls(l spmd.Lane) {
	syncAll(l)
	indirect(l)
	_ = total(l, l.Index())
}

// Fine: total's result is uniform, whatever its arguments.
func helperResultUniform(l spmd.Lane) {
	if total(l, l.Index()) > 3 {
		l.Barrier()
	}
}

func guarded(l spmd.Lane, n int) {
	if n > 0 {
		l.Barrier()
	}
}

// A parameter that decides whether the helper's barrier runs must be
// uniform.
func divergentGuardArgument(l spmd.Lane, n int) {
	guarded(l, n)         // fine: n is uniform
	guarded(l, l.Index()) // want `parameter n of guarded must be uniform`
}

// The same for a variable that a closure captures: the literal is the
// kernel's code, and the report is in it.
func capturedGuard(l spmd.Lane) {
	id := l.Index()
	sync := func() {
		if id < 4 {
			l.Barrier() // want `barrier l.Barrier under divergent control`
		}
	}
	sync()
}

func capturedCollective(l spmd.Lane, data []int) {
	mine := data[l.Index()]
	check := func() bool {
		if mine > 0 {
			return spmd.Any(l, true) // want `collective spmd.Any under divergent control`
		}
		return false
	}
	_ = check()
}

func earlyReturn(l spmd.Lane) int {
	if l.Index() > 2 {
		return 1
	}
	return 0
}

// Fine: the early return in earlyReturn leaves earlyReturn only.
func returnDoesNotLeak(l spmd.Lane) {
	_ = earlyReturn(l)
	l.Barrier()
}

// But its result depends on the lane.
func resultDivergent(l spmd.Lane) {
	if earlyReturn(l) == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func writeLane(l spmd.Lane, p *int) { *p = l.Index() }

func writeConst(l spmd.Lane, p *int) { *p = 3 }

// A helper that writes the lane index through a pointer makes the variable
// divergent; one that writes a constant does not.
func effects(l spmd.Lane) {
	x, y := 0, 0
	writeLane(l, &x)
	writeConst(l, &y)
	if x > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	if y > 0 {
		l.Barrier() // fine
	}
}

func recursive(l spmd.Lane, n int) {
	if n == 0 {
		l.Barrier()
		return
	}
	recursive(l, n-1)
}

// A recursive helper: its depth decides when the barrier runs.
func callRecursive(l spmd.Lane) {
	recursive(l, 3)         // fine
	recursive(l, l.Index()) // want `parameter n of recursive must be uniform`
}
