// Package fence is the lowest library layer (lib B): thin wrappers over the
// spmd collectives, plus wrappers whose meaning is declared by directives
// because their bodies hide what they do behind function values.
package fence

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// Sync is a barrier over the lanes of l's group. Calling it is convergent
// (learnt from the body).
func Sync(l spmd.Lane) {
	l.Barrier()
}

// Total returns the sum of v over all lanes: convergent, uniform result
// whatever v is (learnt from the body).
func Total(l spmd.Lane, v int) int {
	return spmd.ReduceAdd(l, v)
}

// AnyTrue reports whether p holds in some lane: convergent, uniform.
func AnyTrue(l spmd.Lane, p bool) bool {
	return spmd.Any(l, p)
}

// Self returns the lane's index: divergent (learnt from the body).
func Self(l spmd.Lane) int {
	return l.Index()
}

// Size returns the group size: uniform (learnt from the body).
func Size(l spmd.Lane) int {
	return l.Count()
}

// Scale returns v times the group size: uniform exactly when v is uniform
// (learnt from the body).
func Scale(l spmd.Lane, v int) int {
	return v * l.Count()
}

// Hooks: function values held in globals, which a static checker cannot
// resolve. The wrappers below declare with directives what the hooks do.
var (
	barrierHook = func(l spmd.Lane) { l.Barrier() }
	indexHook   = func(l spmd.Lane) int { return l.Index() }
	mixHook     = func(l spmd.Lane, seed int) int { return seed ^ l.Index() }
)

// Fence is a barrier implemented behind a hook (think: a binding to a GPU
// API). Its body shows no collective; the directive says what it is.
//
//spmd:convergent barrier
func Fence(l spmd.Lane) {
	barrierHook(l)
}

// Slot is this package's own lane-ID function. Its body calls a hook with
// uniform arguments only; the directive says the result is a lane ID.
//
//spmd:laneid
func Slot(l spmd.Lane) int {
	return indexHook(l)
}

// Jitter returns a per-lane pseudo-random value. The body looks uniform
// (hook called with uniform arguments); the directive says divergent.
//
//spmd:divergent
func Jitter(l spmd.Lane, seed int) int {
	return mixHook(l, seed)
}

// Width returns the group size. Its body mentions l.Index() (i - i), so
// reading the body would call the result divergent; the directive says it
// is uniform, and it is.
//
//spmd:uniform
func Width(l spmd.Lane) int {
	i := l.Index()
	return i - i + l.Count()
}

// From returns v of lane src. It is a Shuffle underneath (whose result is
// divergent), but the directive says: uniform when src is uniform, like
// spmd.Broadcast. Convergent, learnt from the body.
//
//spmd:uniform src
func From(l spmd.Lane, v, src int) int {
	return spmd.Shuffle(l, v, src)
}
