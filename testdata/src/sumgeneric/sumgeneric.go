// want package:"spmd"

// Package sumgeneric pins generic helpers: a generic function's summary
// is inferred once, on its generic declaration, and applies to every
// instantiation, implicit or explicit.
package sumgeneric

import "github.com/spmdvet/spmdvet/spmd"

// A generic helper that reaches the barrier and returns its argument.
func syncVal[T any](l spmd.Lane, v T) T { // want syncVal:`spmd\(barrier result0=on\(1\)\)`
	l.Barrier()
	return v
}

func useSyncVal(l spmd.Lane) { // want useSyncVal:`spmd\(barrier\)`
	_ = syncVal(l, 1.5)
	if l.Index() < 2 {
		_ = syncVal(l, "x") // want `barrier l.Barrier \(reached through syncVal\) under divergent control`
	}
	if l.Index() < 3 {
		_ = syncVal[int](l, 1) // want `barrier l.Barrier \(reached through syncVal\[int\]\) under divergent control`
	}
	if syncVal(l, l.Count()) > 0 {
		l.Barrier() // fine: the result is the uniform argument
	}
	if syncVal(l, l.Index()) > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A generic helper whose parameter decides whether the barrier runs.
func waitIfEqual[T comparable](l spmd.Lane, a, b T) { // want waitIfEqual:`spmd\(barrier requires\(1\) requires\(2\)\)`
	if a == b {
		l.Barrier()
	}
}

func useWaitIfEqual(l spmd.Lane) { // want useWaitIfEqual:`spmd\(barrier\)`
	waitIfEqual(l, l.Count(), 4)
	waitIfEqual(l, "a", "b")
	waitIfEqual(l, l.Index(), 0) // want `parameter a of waitIfEqual must be uniform`
	waitIfEqual(l, 0, l.Index()) // want `parameter b of waitIfEqual must be uniform`
}

// A generic reduction wrapper: its result is uniform.
func total[T spmd.Number](l spmd.Lane, v T) T { // want total:`spmd\(convergent result0=never\)`
	return spmd.ReduceAdd(l, v)
}

func useTotal(l spmd.Lane) { // want useTotal:`spmd\(barrier\)`
	if total(l, float32(l.Index())) > 0 {
		l.Barrier() // fine: a reduction is uniform
	}
}

// A generic type whose method reaches the barrier.
type box[T any] struct {
	l spmd.Lane
	v T
}

func (b box[T]) sync() T { // want sync:`^spmd\(barrier result0=on\(0\.1\)\)$`
	b.l.Barrier()
	return b.v
}

func useBox(l spmd.Lane) { // want useBox:`spmd\(barrier\)`
	b := box[int]{l: l, v: l.Index()}
	b.sync()
	if l.Index() > 0 {
		b.sync() // want `barrier b.l.Barrier \(reached through b.sync\) under divergent control`
	}
	if b.sync() > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A generic helper calling another generic helper.
func syncTwice[T any](l spmd.Lane, v T) T { // want syncTwice:`spmd\(barrier result0=on\(1\)\)`
	return syncVal(l, syncVal(l, v))
}

func useSyncTwice(l spmd.Lane) { // want useSyncTwice:`spmd\(barrier\)`
	if l.Index() == 0 {
		syncTwice(l, 0) // want `barrier l.Barrier \(reached through syncTwice\) under divergent control`
	}
}
