package ambig

import "github.com/spmdvet/spmdvet/spmd"

// The declarations below misuse //spmd: directives. spmd/doc.go says a
// checker reports them, but not where or how; see REPORT.md.

// laneBarrier has no result, so //spmd:laneid has nothing to apply to.
//
//spmd:laneid
//spmd:convergent barrier
func laneBarrier(l spmd.Lane) { l.Barrier() }

// both claims its result is uniform and divergent.
//
//spmd:uniform
//spmd:divergent
func both(l spmd.Lane, v int) int { return spmd.Shuffle(l, v, 0) }

// pick names a parameter it does not have.
//
//spmd:convergent
//spmd:uniform source
func pick(l spmd.Lane, v, src int) int { return spmd.Broadcast(l, v, src) }

// fenceKind gives //spmd:convergent an argument other than barrier.
//
//spmd:convergent fence
func fenceKind(l spmd.Lane) { l.Barrier() }

// twice repeats a directive.
//
//spmd:convergent
//spmd:convergent
func twice(l spmd.Lane, p bool) bool { return spmd.Any(l, p) }

// notAType puts the type directive on a function.
//
//spmd:lane
func notAType(l spmd.Lane) int { return l.Count() }

// notAFunc puts a function directive on a type.
//
//spmd:laneid
type notAFunc int

// launchWrong names a kernel parameter that is not a function.
//
//spmd:kernel n
func launchWrong(n int, k func(spmd.Lane)) error { return spmd.Run(n, k) }

// typo has an unknown directive.
//
//spmd:convergant
func typo(l spmd.Lane) { l.Barrier() }

// spaced writes the directive with a space after the slashes, which makes
// it an ordinary comment.
//
// spmd:convergent barrier
func spaced(l spmd.Lane) { l.Barrier() }

// use keeps the declarations referenced.
var use = []any{laneBarrier, both, pick, fenceKind, twice, notAType, notAFunc(0), launchWrong, typo, spaced}
