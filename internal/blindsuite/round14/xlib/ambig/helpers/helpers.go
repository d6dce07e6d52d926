// Package ambig (directory ambig/helpers) holds library helpers whose lines
// I cannot annotate from the spec alone. No line here carries EXPECT; the
// questions are written next to each helper and in ../ambig.go.
package ambig

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round14/xlib/fence"
	"github.com/spmdvet/spmdvet/spmd"
)

// MaybeSync waits at fence.Sync only when on is true: the barrier is on a
// path decided by a parameter.
//
// QUESTION: the spec lists as uniform inputs only "the parameters of a
// kernel entry, constants, and globals"; it does not say whether the
// parameters of a non-kernel SPMD helper are uniform (callers are trusted),
// divergent (the line below is reported for every caller), or summarised
// ("convergent when on is divergent", so that the call in a kernel that
// passes a lane-dependent on is reported). Line of the call below: finding
// or not?
func MaybeSync(l spmd.Lane, on bool) {
	if on {
		fence.Sync(l) // AMBIG: finding here depends on how helper parameters are treated
	}
}

// Box holds one int.
type Box struct{ v int }

// Put stores the lane index in b.
func (b *Box) Put(l spmd.Lane) { b.v = l.Index() }

// Get returns what was stored.
func (b *Box) Get() int { return b.v }

var tickets int64

// ResetTickets restarts the ticket counter (for tests).
func ResetTickets() { atomic.StoreInt64(&tickets, 0) }

// Ticket returns the next ticket, an atomic read-modify-write. It has no
// Lane parameter and calls no lane-ID function.
func Ticket() int {
	return int(atomic.AddInt64(&tickets, 1))
}
