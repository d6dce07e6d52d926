// want package:"spmd"

// Package sumrec pins recursion: the summaries of a cycle of calls are
// solved together, to a fixed point that does not depend on the order in
// which the functions are visited (the two mutual recursions below are the
// same up to declaration order, and get the same summaries).
package sumrec

import "github.com/spmdvet/spmdvet/spmd"

// Direct recursion that reaches the barrier at the bottom: the depth, so n,
// decides which call of the barrier each lane makes (a barrier is the same
// only when reached through the same chain of calls), so n must be uniform.
func countdown(l spmd.Lane, n int) { // want countdown:`spmd\(barrier requires\(1\)\)`
	if n == 0 {
		l.Barrier()
		return
	}
	countdown(l, n-1)
}

func useCountdown(l spmd.Lane) { // want useCountdown:`spmd\(barrier\)`
	countdown(l, 3)
	countdown(l, l.Count())
	countdown(l, l.Index()) // want `parameter n of countdown must be uniform`
	if l.Index() < 2 {
		countdown(l, 2) // want `barrier l.Barrier \(reached through countdown\) under divergent control`
	}
}

// Mutual recursion, ping declared first.
func ping(l spmd.Lane, n int) { // want ping:`spmd\(barrier requires\(1\)\)`
	if n > 0 {
		pong(l, n-1)
	}
}

func pong(l spmd.Lane, n int) { // want pong:`spmd\(barrier requires\(1\)\)`
	l.Barrier()
	ping(l, n)
}

// The same, the other way around.
func pong2(l spmd.Lane, n int) { // want pong2:`spmd\(barrier requires\(1\)\)`
	l.Barrier()
	ping2(l, n)
}

func ping2(l spmd.Lane, n int) { // want ping2:`spmd\(barrier requires\(1\)\)`
	if n > 0 {
		pong2(l, n-1)
	}
}

func usePingPong(l spmd.Lane) { // want usePingPong:`spmd\(barrier\)`
	ping(l, l.Count())
	ping2(l, l.Count())
	pong(l, l.Index())  // want `parameter n of pong must be uniform`
	ping2(l, l.Index()) // want `parameter n of ping2 must be uniform`
	if l.Index() == 0 {
		pong2(l, 1) // want `barrier l.Barrier \(reached through pong2\) under divergent control`
	}
}

// A recursive function whose result depends on its parameter.
func fact(n int) int { // want fact:`spmd\(result0=on\(0\)\)`
	if n <= 1 {
		return 1
	}
	return n * fact(n-1)
}

func useFact(l spmd.Lane) { // want useFact:`spmd\(barrier\)`
	if fact(l.Count()) > 10 {
		l.Barrier() // fine
	}
	if fact(l.Index()) > 10 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Mutual recursion on results.
func isEven(n int) bool { // want isEven:`spmd\(result0=on\(0\)\)`
	if n == 0 {
		return true
	}
	return isOdd(n - 1)
}

func isOdd(n int) bool { // want isOdd:`spmd\(result0=on\(0\)\)`
	if n == 0 {
		return false
	}
	return isEven(n - 1)
}

func useEven(l spmd.Lane) { // want useEven:`spmd\(barrier\)`
	if isEven(l.Count()) {
		l.Barrier() // fine
	}
	if isOdd(l.Index()) {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A recursive function whose result is the lane index at the bottom:
// always divergent, whatever the argument.
func deepIndex(l spmd.Lane, n int) int { // want deepIndex:`spmd\(result0=always\)`
	if n == 0 {
		return l.Index()
	}
	return deepIndex(l, n-1)
}

func useDeepIndex(l spmd.Lane) { // want useDeepIndex:`spmd\(barrier\)`
	if deepIndex(l, 5) > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Recursion that returns 0 or its own result from a branch on its
// parameter: it always returns 0, but lanes that branch differently return
// through different returns, so the result is divergent when n is (as in
// Tint, where returning under non-uniform control flow makes the return
// value non-uniform).
func spin(n int) int { // want spin:`spmd\(result0=on\(0\)\)`
	if n > 100 {
		return 0
	}
	return spin(n + 1)
}

func useSpin(l spmd.Lane) { // want useSpin:`spmd\(barrier\)`
	if spin(l.Count()) == 0 {
		l.Barrier() // fine
	}
	if spin(l.Index()) == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A recursive function that is convergent through a collective and whose
// result is that collective's (uniform) result when the depth is uniform.
func reduceDepth(l spmd.Lane, v, depth int) int { // want reduceDepth:`spmd\(convergent result0=on\(2\) requires\(2\)\)`
	if depth == 0 {
		return spmd.ReduceAdd(l, v)
	}
	return reduceDepth(l, v+1, depth-1)
}

func useReduceDepth(l spmd.Lane) { // want useReduceDepth:`spmd\(barrier\)`
	if reduceDepth(l, l.Index(), 2) > 0 {
		l.Barrier() // fine: a reduction is uniform
	}
}

// Recursion through a method. The tree, and what it points to, decide how
// many barriers a lane makes.
type tree struct {
	kids []*tree
}

func (t *tree) visit(l spmd.Lane) { // want visit:`^spmd\(barrier requires\(0\) own\[0 0\]=spmd\(barrier requires\(0\) requires\(\*0\.0\) requires\(\*\*0\)\)\)$`
	l.Barrier()
	for _, k := range t.kids {
		k.visit(l)
	}
}

func useVisit(l spmd.Lane, t *tree) { // want useVisit:`^spmd\(barrier requires\(1\) own\[1 1\]=spmd\(barrier requires\(1\) requires\(\*1\.0\) requires\(\*\*1\)\)\)$`
	t.visit(l)
	if l.Index() == 3 {
		t.visit(l) // want `barrier l.Barrier \(reached through t.visit\) under divergent control`
	}
}
