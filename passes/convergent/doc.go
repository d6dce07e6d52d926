// Package convergent defines an Analyzer that reports convergent operations
// (barriers and collectives) that not all lanes reach together.
//
// # Analyzer convergent
//
// convergent: report barriers and collectives under divergent control
//
// A convergent operation is a call to a function marked //spmd:convergent,
// such as spmd.Barrier, spmd.ReduceAdd or spmd.Ballot, or to a function known
// to reach one. It is only correct when all the lanes that should take part
// reach it together. The analyzer reports:
//
//   - a convergent call in a block that runs under divergent control: whether
//     it runs depends on a branch that lanes may take differently, a loop that
//     they leave in different iterations, or an early return by some lanes;
//   - a deferred convergent call in a function whose returns lanes reach
//     under divergent control: Go runs deferred calls at each return, each
//     return with its own copy of the call, so lanes that leave by different
//     returns do not meet;
//   - a convergent call inside an irreducible cycle (built with goto) that
//     lanes split by a divergent branch may enter at different blocks: the
//     lanes that execute it together are not the ones a structured program
//     would group.
//
// The first is the most common:
//
//	if l.Index() >= n {
//		return
//	}
//	l.Barrier() // barrier under divergent control: deadlock
//
// Each diagnostic names, as related information, the divergent branch and
// the lane-dependent value it depends on, back to its source. A call that
// reaches the operation through other calls names it in the message,
// "barrier l.Barrier (reached through sync)", and its related information
// first walks down the calls: at each call when it is in the package being
// checked, at the reported call otherwise.
//
// Barriers use the category "barrier": divergence there deadlocks a GPU and
// is undefined on SIMD targets. Other collectives use "collective": their
// result silently depends on which lanes happen to be active. Calling a
// collective whose result is uniform, such as spmd.Any, under uniform
// control turns a lane-dependent condition into a uniform one:
//
//	if spmd.Any(l, l.Index() < n) {
//		l.Barrier() // fine: every lane agrees
//	}
package convergent
