// Package ambig holds kernels for which I cannot tell from the spec whether
// a finding is required. Each says its question. Lines marked AMBIG are the
// lines in question; none carries EXPECT. Each kernel's runtime behaviour is
// pinned by a test.
package ambig

import (
	helpers "github.com/spmdvet/spmdvet/internal/blindsuite/round14/xlib/ambig/helpers"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round14/xlib/fence"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round14/xlib/grid"
	"github.com/spmdvet/spmdvet/spmd"
)

// MaybeSyncUniform: helpers.MaybeSync with a uniform on (l.Count() > 1).
// Runtime: correct. Question: is the fence.Sync line inside MaybeSync
// reported (helper parameters treated as divergent)? By the spec's
// intention (report what lanes may not reach together) it should not be,
// for this caller.
//
//spmd:kernel
func MaybeSyncUniform(l spmd.Lane, out []int) {
	helpers.MaybeSync(l, l.Count() > 1)
	out[l.Index()] = 1
}

// MaybeSyncDivergent: helpers.MaybeSync with a lane-dependent on. Runtime:
// lanes 0 and 1 wait at the barrier, the others return: a bug. Question:
// must the call below be reported (a call-site summary "convergent when on
// is divergent"), or is the only possible report the fence.Sync line inside
// MaybeSync, or nothing? Rule 1 of section 3 speaks of a convergent call "in
// a block under divergent control", and the call below is not.
//
//spmd:kernel
func MaybeSyncDivergent(l spmd.Lane, out []int) {
	helpers.MaybeSync(l, l.Index() < 2) // AMBIG: bug at run time, but the call is under uniform control
	out[l.Index()] = 1
}

// CallbackOnlyHelper: grid.WithLane only calls its function-value parameter;
// here it is given a literal that waits at the barrier, under a branch on
// l.Index(). Runtime: a bug. Question: is a helper whose only call is of a
// function value convergent, because of what is passed to it? The spec
// makes a call convergent when the callee is "known to be convergent (by
// directive or fact)"; WithLane's fact cannot say so.
//
//spmd:kernel
func CallbackOnlyHelper(l spmd.Lane, out []int) {
	if l.Index() < 2 {
		grid.WithLane(l, func(l spmd.Lane) { l.Barrier() }) // AMBIG: call of a non-convergent helper with a convergent callback
	}
	out[l.Index()] = 1
}

// BoxThroughPointer: a library method stores l.Index() into the kernel's own
// variable through a pointer, and another library method reads it back.
// Runtime: a bug (only lanes with index > 0 wait). Question: the spec says a
// load from "shared memory (parameters, globals) at a uniform address is
// uniform" (so Get's body gives a uniform result), but also that a helper's
// result "is divergent when lanes calling it with the arguments they pass
// may get different values" (they do: each lane passes its own box). Must
// the checker see the store made by a callee into per-lane memory?
//
//spmd:kernel
func BoxThroughPointer(l spmd.Lane, out []int) {
	var b helpers.Box
	b.Put(l)
	if b.Get() > 0 {
		fence.Sync(l) // AMBIG: divergent only through a callee's store into per-lane memory
	}
	out[l.Index()] = 1
}

// TicketGuard: helpers.Ticket returns an atomic counter value; it has no
// Lane parameter and calls no lane-ID function, so it is not an "SPMD
// function" by section 2. Runtime: a bug (tickets differ per lane).
// Question: does the rule "results of sync/atomic read-modify-write calls
// are divergent" reach through a non-SPMD library function's summary?
//
//spmd:kernel
func TicketGuard(l spmd.Lane, out []int) {
	t := helpers.Ticket()
	if t%2 == 0 {
		fence.Sync(l) // AMBIG: divergent only if a non-SPMD helper's atomic result is summarised
	}
	out[l.Index()] = t
}

// InterfaceInvoke: a dynamic call through the grid.Op interface whose
// dynamic type (grid.Summer) has a convergent Apply, under a branch on
// l.Index(). Runtime: a bug. Question: is an interface method call
// convergent when some (or the only visible) implementation is?
//
//spmd:kernel
func InterfaceInvoke(l spmd.Lane, out []int) {
	var op grid.Op = grid.Summer{}
	if l.Index() < 2 {
		out[l.Index()] = op.Apply(l, 1) // AMBIG: dynamic call of a convergent implementation
	}
}
