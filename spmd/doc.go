// Package spmd lets you write SPMD kernels (single program, multiple data:
// the programming model of GPU compute shaders and ISPC) in plain Go, and
// run them on the CPU.
//
// A kernel is a func([Lane]). [Run] starts a group of lanes that all run the
// same kernel, each on its own goroutine. A lane learns which one it is from
// [Lane.Index] and how many there are from [Lane.Count], and lanes cooperate
// through collective operations such as [ReduceAdd], [Ballot], [Shuffle] and
// [Lane.Barrier].
//
// # Uniform and divergent values
//
// A value is uniform when it is the same in every lane of the group, and
// divergent when it may differ between lanes. [Lane.Index] is the source of
// divergence: anything computed from it is divergent. [Lane.Count], values
// captured by the kernel closure, and the results of reductions such as
// [ReduceAdd] or [All] are uniform.
//
// # Convergent operations
//
// Collectives and barriers exchange data between lanes, so every lane of the
// group must reach the same call together. They are convergent: calling
// one under a divergent condition is a bug, because the lanes that took the
// other branch never arrive. On a GPU this hangs or silently produces
// garbage:
//
//	if l.Index() < 4 {
//		l.Barrier() // lanes 4 and up never get here
//	}
//
// A branch on a uniform condition is fine, since all lanes go the same way:
//
//	if l.Count() > 32 {
//		l.Barrier()
//	}
//
// [Run] checks this while the kernel runs: when lanes meet at different
// calls, or some wait at a call that others have returned without reaching,
// it stops the group and reports a [*DivergenceError] instead of hanging.
// Two calls are the same only if they are reached through the same chain of
// calls, so a helper that calls Barrier is a different site depending on
// where it is called from.
//
// # Directives
//
// The vocabulary above is data for static checkers such as spmdvet. The doc
// comment of a function or method declaration may carry directive lines,
// written like //go: directives, with no space after the slashes:
//
//	//spmd:laneid
//		The result is a source of divergence: it depends on which lane
//		calls (Lane.Index).
//	//spmd:uniform
//		Every result is uniform, whatever the arguments (Lane.Count, Any,
//		ReduceAdd, BroadcastFirst).
//	//spmd:uniform NAME...
//		The results are uniform when the named parameters are uniform, and
//		divergent otherwise (Broadcast: //spmd:uniform src). Several names
//		are separated by spaces.
//	//spmd:divergent
//		Every result is divergent (Shuffle, InclusiveAdd).
//	//spmd:convergent
//		A call is a convergent operation: all lanes must reach it together.
//	//spmd:convergent barrier
//		A convergent operation that is a barrier (Lane.Barrier).
//	//spmd:kernel
//		The function is a kernel entry; its parameters are uniform.
//	//spmd:kernel NAME
//		The function passed as parameter NAME is a kernel entry (Run:
//		//spmd:kernel kernel).
//
// Each directive may appear once in a doc comment, and of //spmd:laneid,
// //spmd:uniform and //spmd:divergent at most one, on a function with
// results; a checker reports the others.
//
// The doc comment of a type declaration may carry one directive:
//
//	//spmd:lane
//		Values of the type are lane handles (Lane). A function with a
//		parameter of such a type runs in SPMD fashion and is checked; the
//		handle itself is uniform, it only gives access to the lane.
//
// For a function with neither a result directive nor //spmd:laneid, the
// checker reads its body: a result is divergent when lanes calling it with
// the arguments they pass may get different values. A function whose
// body the checker cannot see (assembly, a function value it cannot resolve)
// is taken to have divergent results exactly when some argument is
// divergent. Any package
// may put these directives on its own declarations, for instance on a
// wrapper around a collective or on bindings to a GPU API, and a checker
// treats them like the declarations of this package. Like //go: directives,
// they are not shown in documentation.
//
// # Example
//
// Each lane adds up a strided part of data, and the partial sums are then
// combined across lanes:
//
//	var total float64
//	err := spmd.Run(8, func(l spmd.Lane) {
//		var part float64
//		for i := l.Index(); i < len(data); i += l.Count() {
//			part += data[i]
//		}
//		sum := spmd.ReduceAdd(l, part) // uniform: the same in every lane
//		if l.Index() == 0 {
//			total = sum
//		}
//	})
package spmd
