// Package uniformity is a divergence analysis for SPMD code, faithful to
// LLVM's UniformityAnalysis (llvm/ADT/GenericUniformityImpl.h), over any
// control-flow graph that implements Graph.
//
// Many lanes run one function together. A value is uniform if every lane
// that computes it at the same time gets the same result, and divergent if
// lanes may disagree; a branch is divergent if its condition is, because then
// lanes may go different ways. Divergence starts at the seeds the caller
// names (a lane index) and flows to every instruction that uses a divergent
// value. Instructions in Config.Uniform stay uniform whatever their operands.
//
// Divergent control makes values divergent too. Where paths split by a
// divergent branch meet again, a join, a phi merges what different lanes
// computed on different paths, so it is divergent (unless it merges a single
// value). Joins are found as in LLVM, by propagating labels in a modified
// post-order as if each successor of the branch defined a variable: a block
// reached by two labels needs a phi for it. This finds joins that are not the
// branch's immediate post-dominator.
//
// Temporal divergence: when lanes leave a cycle in different iterations (the
// exit branch is divergent), a value defined in the cycle and used outside it
// is divergent at that use, even if it was uniform in every iteration,
// because each lane sees its own last iteration. Go's SSA form is not LCSSA,
// so this is a property of a use: IsDivergentUse(value, user).
//
// Cycles follow LLVM's GenericCycleInfo: a cycle's header is the first block
// that a depth-first search from the entry reaches (successors taken last to
// first, as LLVM does); a cycle with more than one entry is irreducible,
// which Go can build with goto. In an irreducible cycle that diverged paths
// enter at different entries, or that holds a divergent branch and a join
// dominated neither by the branch nor by the header, lanes may execute the
// blocks out of step: such a cycle is assumed divergent (LLVM's simplified
// diverged-entry criterion), every definition in it is divergent, and none
// of its blocks is m-converged (IsMConverged). Reducible cycles are always
// m-converged.
//
// Beyond LLVM, ControlDivergence tells whether a block runs under divergent
// control: it is (iteratively) control dependent on a divergent branch, which
// includes every block of a loop with a divergent exit. Cause and Explain say
// why a value or branch is divergent, back to a seed, for diagnostics.
//
// This package fixes two bugs of LLVM 22, and Config.LLVM22 reproduces them
// for differential testing against opt-22. LLVM 22 misses one kind of join,
// fixed by LLVM PR #216296: the exit of a cycle where diverged paths meet.
// And when lanes leave a nest of cycles straight into a sibling cycle (a
// loop exit that is the header of another loop, which goto makes easy), it
// finds the cycles they leave by comparing depths and stops too far in:
// values of the outer cycles read after the exit are wrongly uniform.
//
// Cost: the cycle analysis, dominators and modified post-order are linear in
// practice. Each divergent branch costs one join search, which stops as soon
// as a single label is live, so it is usually local; the worst case over all
// branches is quadratic in the number of blocks, as in LLVM. Each join's
// chain of enclosing cycles is walked once and shared by every branch that
// reaches it, so a deep nest of irreducible cycles stays quadratic too
// (walking it per branch and join made it cubic). Value propagation is
// linear in the number of uses.
package uniformity
