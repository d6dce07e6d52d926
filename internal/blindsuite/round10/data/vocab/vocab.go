// Package vocab is a small helper library for SPMD kernels. Other packages of
// this module import it, so what the checker learns here (from directives and
// from bodies) must cross package boundaries as facts.
//
// The first group of declarations carries its own //spmd: vocabulary, with
// bodies that hide what the directive says (a function value in a global, an
// atomic, a random number), so only the directive can tell the checker.
// The second group has no directives: the checker must read the bodies.
package vocab

import (
	"math/rand/v2"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// slotOf and barrierImpl are bindings installed at init time; the checker
// cannot see through them.
var (
	slotOf      = func(l spmd.Lane) int { return l.Index() }
	barrierImpl = spmd.Lane.Barrier
)

// Slot returns the hardware slot the lane runs in (a wrapper lane ID).
//
//spmd:laneid
func Slot(l spmd.Lane) int { return slotOf(l) }

// GroupSync is a binding to the group barrier of another framework.
//
//spmd:convergent barrier
func GroupSync(l spmd.Lane) { barrierImpl(l) }

var generation atomic.Int64

// Generation returns the group's generation number. Only one lane advances it,
// between barriers, so all lanes read the same number (a uniform result the
// body cannot show: it is a fenced read through an atomic add).
//
//spmd:uniform
func Generation(l spmd.Lane) int64 { return generation.Add(0) }

// Advance moves to the next generation; one lane calls it between barriers.
func Advance() { generation.Add(1) }

// ReadLane returns v of lane src: a shuffle, which is a broadcast when every
// lane passes the same src.
//
//spmd:convergent
//spmd:uniform src
func ReadLane(l spmd.Lane, v int, src int) int { return spmd.Shuffle(l, v, src) }

// Jitter returns a per-lane random number in [0, n), for randomized back-off.
//
//spmd:divergent
func Jitter(l spmd.Lane, n int) int { return rand.IntN(n) }

// Launch runs k in a group of lanes (a kernel-taking launcher).
//
//spmd:kernel k
func Launch(lanes int, k func(spmd.Lane)) error { return spmd.Run(lanes, k) }

// Publish makes lane 0's v visible in *dst to every lane of the group. It is
// convergent, but its barrier goes through a binding the checker cannot see.
//
//spmd:convergent
func Publish[T any](l spmd.Lane, dst *T, v T) {
	barrierImpl(l)
	if l.Index() == 0 {
		*dst = v
	}
	barrierImpl(l)
}

// Sync is a plain helper around Barrier (convergent by its body).
func Sync(l spmd.Lane) { l.Barrier() }

// Total returns the sum of v over the group (convergent, uniform result).
func Total(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, v) }

// Stripe returns the half-open range of the n items this lane owns
// (lane-dependent results).
func Stripe(l spmd.Lane, n int) (lo, hi int) {
	per := (n + l.Count() - 1) / l.Count()
	lo = min(l.Index()*per, n)
	hi = min(lo+per, n)
	return lo, hi
}

// Tiles returns how many group-wide tiles cover n items (uniform when n is).
func Tiles(l spmd.Lane, n int) int { return (n + l.Count() - 1) / l.Count() }

// Scaled returns v times the group size: uniform exactly when v is.
func Scaled(l spmd.Lane, v int) int { return v * l.Count() }

// Sum is a generic reduction helper (convergent, uniform result).
func Sum[T spmd.Number](l spmd.Lane, v T) T { return spmd.ReduceAdd(l, v) }

// Mine returns the element of xs this lane owns (generic, lane-dependent).
func Mine[T any](l spmd.Lane, xs []T) T { return xs[l.Index()%len(xs)] }

// LeaderSync is a buggy helper: only lane 0 reaches its barrier.
func LeaderSync(l spmd.Lane) {
	if l.Index() == 0 {
		l.Barrier() // EXPECT
	}
}

// A Syncer orders the phases of a kernel.
type Syncer interface{ Sync(l spmd.Lane) }

// BarrierSyncer synchronizes with a barrier (convergent).
type BarrierSyncer struct{}

// Sync waits for the whole group.
func (BarrierSyncer) Sync(l spmd.Lane) { l.Barrier() }

// NopSyncer does nothing (not convergent).
type NopSyncer struct{}

// Sync does nothing.
func (NopSyncer) Sync(spmd.Lane) {}

// VoteSyncer synchronizes through a collective vote (convergent).
type VoteSyncer struct{}

// Sync votes; every lane must take part.
func (VoteSyncer) Sync(l spmd.Lane) { _ = spmd.All(l, true) }

// Syncers holds one Syncer of each kind, selected by a kernel parameter.
var Syncers = []Syncer{NopSyncer{}, BarrierSyncer{}, VoteSyncer{}}

// Hist is a per-lane histogram of four bins.
type Hist struct{ Bins [4]int }

// Add counts v in this lane's histogram (pointer receiver, no collective).
func (h *Hist) Add(v int) { h.Bins[v%len(h.Bins)]++ }

// Merge sums every bin over the group and returns the grand total
// (pointer receiver, convergent, uniform result).
func (h *Hist) Merge(l spmd.Lane) int {
	total := 0
	for i := range h.Bins {
		t := spmd.ReduceAdd(l, h.Bins[i])
		h.Bins[i] = t
		total += t
	}
	return total
}

// Fullest returns the index of the fullest bin (value receiver).
func (h Hist) Fullest() int {
	best := 0
	for i, n := range h.Bins {
		if n > h.Bins[best] {
			best = i
		}
	}
	return best
}

// Queue is a group-shared work queue of a generic element type.
type Queue[T any] struct {
	Items []T
	Done  int
}

// Flush waits for the group, lets lane 0 retire the items, and waits again
// (generic method, convergent).
func (q *Queue[T]) Flush(l spmd.Lane) {
	l.Barrier()
	if l.Index() == 0 {
		q.Done += len(q.Items)
		q.Items = q.Items[:0]
	}
	l.Barrier()
}
