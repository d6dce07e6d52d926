// Package ambig holds kernels for which I am unsure what the spec demands.
// Each doc comment states the question and which way the EXPECT annotation
// goes, and why.
package ambig

import (
	"sync/atomic"

	gate "github.com/spmdvet/spmdvet/internal/blindsuite/round10/data/ambig/gate"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round10/data/vocab"
	"github.com/spmdvet/spmdvet/spmd"
)

// GateDivergentArg passes a lane-dependent sync flag to gate.SyncIf.
// Question: is the finding at this call (my annotation) or at the barrier
// inside SyncIf? Runtime: divergent.
//
//spmd:kernel
func GateDivergentArg(l spmd.Lane) {
	gate.SyncIf(l, l.Index() < 2) // EXPECT
}

// GateUniformArg passes a flag computed from a kernel parameter. Question: is
// the helper flagged anyway (a finding in gate.go), or nothing (my
// annotation)? Runtime: correct.
//
//spmd:kernel
func GateUniformArg(l spmd.Lane, n int, passed *int32) {
	gate.SyncIf(l, n > 2)
	atomic.AddInt32(passed, 1)
}

// GateRoundsOwnCount passes gate.Rounds this lane's own count. Question as for
// GateDivergentArg; annotated at the call. Runtime: divergent.
//
//spmd:kernel
func GateRoundsOwnCount(l spmd.Lane, counts []int) {
	gate.Rounds(l, counts[l.Index()]) // EXPECT
}

// LocalStructOtherField stores the lane index into one field of a per-lane
// struct and the (uniform) group size into another, then loops over the
// uniform field. Question: is per-lane memory tracked per field? The spec's
// "A load is divergent if any store to that memory stores a divergent value"
// could mean the whole variable (then the loop is divergent and the barrier is
// flagged). Annotated by the truth (no finding). Runtime: correct.
//
//spmd:kernel
func LocalStructOtherField(l spmd.Lane, out []int) {
	var st struct{ id, rounds int }
	st.id = l.Index()
	st.rounds = l.Count()
	for r := 0; r < st.rounds; r++ {
		l.Barrier()
		out[st.id] += r
	}
}

type pair struct{ lane, rounds int }

// ComposedPairOtherField builds a struct value with a lane-dependent and a
// uniform field and loops over the uniform one. Question: is Field of a
// struct value whose other field is divergent divergent ("Propagation through
// ... Field")? Annotated by the truth (no finding). Runtime: correct.
//
//spmd:kernel
func ComposedPairOtherField(l spmd.Lane, n int, out []int) {
	s := pair{lane: l.Index(), rounds: n}
	for r := 0; r < s.rounds; r++ {
		l.Barrier()
		out[s.lane]++
	}
}

// LocalArrayLaneAddress stores a constant into a per-lane array at a
// lane-dependent index, then branches on element 0. Question: the spec names
// divergent stored values and divergent control, not divergent store
// addresses; but the contents differ per lane. Annotated by the truth.
// Runtime: divergent.
//
//spmd:kernel
func LocalArrayLaneAddress(l spmd.Lane) {
	var seen [4]bool
	seen[l.Index()%4] = true
	if seen[0] {
		l.Barrier() // EXPECT
	}
}

// MakeSliceLaneValue stores the lane index into a slice the kernel allocated
// with make (a MakeSlice, not an Alloc, since n is not constant). Question:
// is it per-lane memory like an Alloc? Annotated by the truth. Runtime:
// divergent.
//
//spmd:kernel
func MakeSliceLaneValue(l spmd.Lane, n int) {
	buf := make([]int, n)
	buf[0] = l.Index()
	if buf[0] > 1 {
		l.Barrier() // EXPECT
	}
}

// HistAddInCallee lets a pointer method (in another package) store into a
// per-lane struct with a lane-dependent argument, then branches on a bin.
// Question: are stores made by a callee through a pointer to a kernel's
// local seen? Annotated by the truth. Runtime: divergent.
//
//spmd:kernel
func HistAddInCallee(l spmd.Lane) {
	var h vocab.Hist
	h.Add(l.Index())
	if h.Bins[0] > 0 {
		l.Barrier() // EXPECT
	}
}

// ClosureBumpsLocal calls a closure that increments a captured per-lane local
// under a divergent branch, then branches on the local. Question: are stores
// inside a closure (run under divergent control in the kernel) seen?
// Annotated by the truth. Runtime: divergent.
//
//spmd:kernel
func ClosureBumpsLocal(l spmd.Lane) {
	n := 0
	bump := func() { n++ }
	if l.Index()%2 == 0 {
		bump()
	}
	if n > 0 {
		l.Barrier() // EXPECT
	}
}

// SyncerFromTable calls Sync through the Syncer interface, picked from a table
// by a uniform kind, in lane 0 only. Question: is an interface call whose
// dynamic type is not known (some implementations are convergent) treated as
// convergent? Annotated as convergent (kind 1 is a barrier). Runtime: divergent
// with kind 1.
//
//spmd:kernel
func SyncerFromTable(l spmd.Lane, kind int) {
	s := vocab.Syncers[kind]
	if l.Index() == 0 {
		s.Sync(l) // EXPECT
	}
}

// SyncerLocalVote calls Sync through the interface on a value known to be a
// VoteSyncer, in odd lanes. Question: does the checker see through the
// MakeInterface to the convergent method? Annotated as convergent. Runtime:
// divergent.
//
//spmd:kernel
func SyncerLocalVote(l spmd.Lane) {
	var s vocab.Syncer = vocab.VoteSyncer{}
	if l.Index()%2 == 1 {
		s.Sync(l) // EXPECT
	}
}

// DeferredBarrierEarlyReturn defers a barrier in uniform control, then lane 0
// returns early. Every lane runs the deferred barrier, but at different
// returns, and spmd.Run reports a divergence (lane 0 waits at the early
// return's line, the others at the final one). Question: is the deferred call
// convergent at the defer statement (uniform) or at the returns (divergent)?
// Annotated by the runtime at the call expression of the defer statement.
//
//spmd:kernel
func DeferredBarrierEarlyReturn(l spmd.Lane, out []int) {
	defer l.Barrier() // EXPECT
	if l.Index() == 0 {
		return
	}
	out[l.Index()] = 1
}

// PanicWithoutRecover panics in lanes whose input is negative, then waits.
// Question: is an unrecovered panic a divergent exit like return? The run
// stops with a PanicError, not a divergence, so I annotate no finding.
//
//spmd:kernel
func PanicWithoutRecover(l spmd.Lane, in []int) {
	if in[l.Index()] < 0 {
		panic("negative input")
	}
	l.Barrier()
}

// MapRangeSum sums every value of a shared map by ranging over it, then
// branches on the sum. The spec says "Range over a map: keys and values are
// divergent", so the sum is divergent and the barrier is flagged (my
// annotation), although the sum is the same in every lane and the run is
// clean. Question: may a checker be more precise here?
//
//spmd:kernel
func MapRangeSum(l spmd.Lane, m map[string]int, passed *int32) {
	sum := 0
	for _, v := range m {
		sum += v
	}
	if sum > 10 {
		l.Barrier() // EXPECT
		atomic.AddInt32(passed, 1)
	}
}

// RacyCounterLoad increments a shared counter and, without a barrier, branches
// on an atomic load of it: lanes see different counts. The spec says a load
// from shared memory at a uniform address is uniform, and an atomic load is
// not a read-modify-write, so a spec-following checker is silent; the bug is
// real (the race). Annotated by the truth. Runtime: divergent on some runs.
//
//spmd:kernel
func RacyCounterLoad(l spmd.Lane, n *int64) {
	atomic.AddInt64(n, 1)
	if atomic.LoadInt64(n) == int64(l.Count()) {
		l.Barrier() // EXPECT
	}
}
