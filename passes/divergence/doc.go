// Package divergence defines an Analyzer that computes, for every SPMD
// function of a package, which values and branches are divergent: they may
// differ between the lanes that run the function together.
//
// # Analyzer divergence
//
// divergence: uniformity analysis of SPMD kernels
//
// The analysis is LLVM's UniformityAnalysis (package uniformity) over the
// function's SSA form. Divergence starts at the results of functions marked
// //spmd:laneid and spreads through every instruction that uses them, to the
// phis where paths split by a divergent branch meet again, and to values
// used after a loop that lanes leave in different iterations.
//
// SPMD functions are kernel entries (//spmd:kernel), functions passed where a
// kernel is expected (a parameter named by //spmd:kernel NAME, as in
// spmd.Run, or a parameter that a function gives on to such a parameter, as
// a test's helper that calls spmd.Run does), functions with a parameter
// (receiver included) that is or holds a lane handle (a type marked
// //spmd:lane, or a struct with such a field: a library's thread-block
// handle), functions that read the lane index, and the closures these make.
// Their parameters are uniform.
//
// Go semantics: a call's result depends on its arguments unless the callee
// declares otherwise (//spmd:uniform, //spmd:divergent); a callee whose
// effects are unknown but that can reach a lane handle is assumed to return
// divergent results and to write divergent data into per-lane memory it
// receives. Memory the function allocates is private to each lane: loads from
// it are divergent when a store to it is divergent or runs under divergent
// control. The fields of a struct, and the elements of a local array at
// constant indices, are memory of their own. append's result, a slice header, depends on the headers it is
// given, not on the values appended: a list with as many values in every
// lane is as long in every lane; its values are in the lane's own array.
// Memory a callee allocates and returns, or stores in memory it is given,
// is the calling lane's too (Summary.ResultContents, StoresFresh).
// Memory reached through parameters and globals is shared: a load
// from it is divergent only when its address is. A function given memory of
// the calling lane alone (a kernel's local variable) is applied with a second
// summary, inferred with that memory private to each lane (Summary.Private);
// a closure sees the variables it captures from code that lanes run as the
// lane's own (not from a test, benchmark, example, fuzz target, main or
// init, which run once, outside the lanes), and what they point to when that code stores memory it
// allocated there (not a kernel's parameter kept in a variable). A literal called where it is made, deferred, or handed to a
// function that calls it, is the function's own code, run by its lanes: its
// findings are in it. Receiving from a channel
// (but one the lane made and keeps to itself, which is its own memory), a
// select with several cases, map iteration order (also of an iterator that
// code without a known body makes from a map) and the results of
// sync/atomic read-modify-write operations differ between lanes.
//
// Interfaces: which method an interface call runs, and which case of a
// type switch a lane takes, depend on the dynamic type alone: a value that
// holds a lane's own handle in every lane, of a type a uniform branch
// chose, calls the same method in every lane (see typeTest). A call on a
// value of one dynamic type is a call of that type's method, promoted
// methods included. A struct a function returns by value is known field by
// field (Summary.ResultValueFields). A function that never returns but
// ends the lane (runtime.Goexit) ends it where it is called
// (Summary.EndsLane), as a return of the kernel would.
//
// Higher-order code: a summary also says what the function owes to the
// functions it is given. What a callback returns is an input of its own
// (a literal that reads the lane index returns lane-dependent values,
// though the value passed is the same in every lane); the summary says
// under which control the function calls each function input, so that a
// convergent callback called a lane-dependent number of times is found,
// and what a literal given writes to the variables it captured is written
// under that control. A declared function's callbacks, given as parameters
// or held in their fields and elements, are judged where it is called,
// with the functions given there; a kernel's are not known, nor are those
// a function stores itself. And, for a function it returns, whether that calls its first parameter
// under divergent control: an iterator whose own loop depends on the lane.
// The body of a range-over-func loop runs under divergent control when its
// iterator does so, and a divergent break or return in the body is a
// divergent exit of the loop: lanes that took it are not called again.
//
// Packages that neither carry //spmd: directives nor import a package that
// does are skipped without building SSA, unless they belong to the module
// being checked (not the standard library, not a versioned dependency) and
// import sync/atomic: a helper that takes a ticket with atomic.AddInt64 for
// a kernel returns a lane-dependent value. Such a
// package marks itself SPMD for its importers only when one of its
// summaries is lane-dependent whatever its inputs.
//
// The analyzer reports malformed //spmd: directives. Its Result is used by
// the convergent analyzer.
package divergence
