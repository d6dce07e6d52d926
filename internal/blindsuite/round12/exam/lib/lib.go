// Package lib holds wrappers and helpers that carry //spmd: directives (or
// whose convergence can only be inferred from their bodies). The kernels of
// the other packages call them across the package boundary, so the checker
// must learn about them through facts (spec section 1 "The vocabulary is data",
// section 3 "A call to a function known to be convergent (by directive or
// fact) is itself a convergent operation").
//
// This package contains no kernel and no line that should be reported.
package lib

import "github.com/spmdvet/spmdvet/spmd"

// syncImpl hides a barrier behind a function value, so that nothing calling
// it can be inferred convergent from its body.
var syncImpl = func(l spmd.Lane) { l.Barrier() }

// reduceImpl hides a ReduceAdd behind a function value.
var reduceImpl = func(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, v) }

// slotImpl hides Lane.Index behind a function value.
var slotImpl = func(l spmd.Lane) int { return l.Index() }

// widthImpl hides Lane.Count behind a function value, with a divergent-looking argument.
var widthImpl = func(l spmd.Lane, salt int) int { return l.Count() + salt*0 }

// DirSync is a barrier by directive only: its body calls an unknown function value.
//
//spmd:convergent barrier
func DirSync(l spmd.Lane) { syncImpl(l) }

// DirSum is a convergent collective with a uniform result, by directive only.
//
//spmd:convergent
//spmd:uniform
func DirSum(l spmd.Lane, v int) int { return reduceImpl(l, v) }

// HiddenSync really performs a barrier, but nothing says so: no directive and
// no visible convergent call.
func HiddenSync(l spmd.Lane) { syncImpl(l) }

// InfSync is convergent by inference: it calls Lane.Barrier.
func InfSync(l spmd.Lane) { l.Barrier() }

// InfSync2 is convergent by inference through InfSync.
func InfSync2(l spmd.Lane) { InfSync(l) }

// InfAny is convergent by inference: it calls spmd.Any (a collective, not a barrier).
func InfAny(l spmd.Lane, p bool) bool { return spmd.Any(l, p) }

// Slot is a lane-ID source by directive only.
//
//spmd:laneid
func Slot(l spmd.Lane) int { return slotImpl(l) }

// Width has a uniform result by directive, whatever its (possibly divergent) salt.
//
//spmd:uniform
func Width(l spmd.Lane, salt int) int { return widthImpl(l, salt) }

// SyncVal is a generic function that is a barrier by directive only.
//
//spmd:convergent barrier
func SyncVal[T any](l spmd.Lane, v T) T {
	syncImpl(l)
	return v
}

// Total is a generic collective whose result is uniform by directive.
//
//spmd:uniform
func Total[T spmd.Number](l spmd.Lane, v T) T { return spmd.ReduceAdd(l, v) }

// Scan is a generic collective whose result is divergent by directive.
//
//spmd:divergent
func Scan[T spmd.Number](l spmd.Lane, v T) T { return spmd.InclusiveAdd(l, v) }

// From is a generic Broadcast wrapper: uniform when src is uniform.
//
//spmd:uniform src
func From[T any](l spmd.Lane, v T, src int) T { return spmd.Broadcast(l, v, src) }

// LaneOf is a generic lane-ID source by directive.
//
//spmd:laneid
func LaneOf[T any](l spmd.Lane, _ T) int { return slotImpl(l) }

// SyncGen is a generic helper, convergent by inference.
func SyncGen[T any](l spmd.Lane, v T) T {
	l.Barrier()
	return v
}

// Team is a generic type whose method is a barrier by directive only.
type Team[T any] struct {
	hook func(spmd.Lane)
	Val  T
}

// NewTeam returns a Team whose Sync really waits at a barrier.
func NewTeam[T any](v T) Team[T] { return Team[T]{hook: syncImpl, Val: v} }

// Sync is a barrier by directive.
//
//spmd:convergent barrier
func (t Team[T]) Sync(l spmd.Lane) { t.hook(l) }

// Launch runs body as a kernel with a uniform extra argument: its parameter
// body is marked as a kernel entry.
//
//spmd:kernel body
func Launch(n, arg int, body func(l spmd.Lane, arg int)) error {
	return spmd.Run(n, func(l spmd.Lane) { body(l, arg) })
}
