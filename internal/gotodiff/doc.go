// Package gotodiff compares the uniformity that `spmdvet uniformity -json`
// reports for Go kernels with the uniformity LLVM 22 computes for the same
// control-flow graphs, the way the product is judged.
//
// # Kernels
//
// Generate makes a random graph (three families: "window", random edges
// between nearby blocks; "structured", nested regions with loops, self
// loops, breaks, early returns, one- and two-entry irreducible cycles and
// joins that are not post-dominators; "dense", random tangles) and fills
// its blocks with statements on 2-4 variables: assignments from the
// parameters a and b, constants, the lane index tid or other variables,
// and uses through sinks, either sink(x) (a call) or out[k] = x (a store
// to a global slice). Some blocks have no statements, a few branches
// compare two constants, and rarely both edges of a branch go to the same
// block. The graph is written twice:
//
//   - as Go (GoFile): func K<i>(l spmd.Lane, a, b int) declares tid and
//     the variables, then every block is a label B<k> with one statement a
//     line, ending in goto, if ... { goto } else { goto }, or return;
//   - as LLVM IR (Kernel.IR): an amdgpu_kernel with a block "entry" for
//     the declarations and one block per label, with the same names; tid
//     is @llvm.amdgcn.workitem.id.x, a and b are inreg parameters, the
//     variables are allocas, each sink is a store to its own element of
//     an addrspace(1) inreg pointer, and each assignment's or condition's
//     arithmetic is named after its Go line (%v<line>, %c<line>).
//
// opt-22 -passes='mem2reg,print<cycles>,print<uniformity>' builds the SSA
// form itself; the test checks that mem2reg kept every block and edge.
//
// # Mapping go/ssa's blocks to labels
//
// The dump is go/ssa's form of the kernel, and go/ssa reshapes the graph:
//
//   - it fuses a block into its predecessor when that is the block's only
//     predecessor and jumps to it: the entry block with B0 when nothing
//     else jumps to B0, a label with the only label that jumps to it, and a
//     label with the if.then or if.else block of the only if that jumps to
//     it (the fused block keeps the first block's comment, so "if.then"
//     or "entry" rather than the label);
//   - it drops a label without statements (only a goto) by jump
//     threading, redirecting its predecessors to its target;
//   - when threading leaves both edges of a branch on one block, it turns
//     the branch into a jump.
//
// Comments therefore do not find every label. LoadSSA builds the same
// SSA form in process (same go/ssa version and mode as the analyzer), whose
// DebugRef instructions tie every statement, even a copy x = y that
// leaves no instruction, to its source line. Every block's labels follow
// from the lines of its instructions (and its comment); NewGoView checks
// block by block and instruction by instruction that this form is the
// dump's.
//
// # Items compared
//
// For each kernel: every conditional branch (the dump's terminator
// divergent flag; a branch go/ssa turned into a jump counts as uniform),
// every sink use of a variable (the dump's call or store instruction
// against LLVM's store), every assignment's and condition's arithmetic,
// every phi that both SSA forms place at the same label for the same
// variable, every block inside a cycle on either side (mConverged against
// membership of a cycle in CYCLES ASSUMED DIVERGENT), and every cycle by
// header: its depth, entries and blocks (from print<cycles>, restricted to
// the labels go/ssa kept), whether it has a divergent exit, and whether it
// is assumed divergent (or inside one that is: which nested cycles LLVM
// also lists depends on the order it meets the branches). Items that only
// one side has are counted as missing, not compared.
//
// # Classes
//
// Each disagreement is classified with more runs of opt and of the
// uniformity core (on the IR after mem2reg, through ParseIR), see the
// Class constants: core (the core disagrees with opt on the same IR),
// fixed (the intended deviation: the core's fixes of LLVM 22), reshape, constfold, fusion (opt on
// IR written with go/ssa's graph, Go's constant folding, or both agrees
// with the dump), ssaform (opt on go/ssa's own SSA form translated to IR
// agrees), and adapter (none of these: passes/divergence models a Go
// instruction differently from how LLVM treats the corresponding IR).
package gotodiff
