package ambig

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// Reducer is an interface whose implementations all return uniform values.
type Reducer interface {
	Reduce(l spmd.Lane, v int) int
}

// SumReducer reduces by addition.
type SumReducer struct{}

// Reduce adds v over the group.
func (SumReducer) Reduce(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, v) }

// MaxReducer reduces by maximum.
type MaxReducer struct{}

// Reduce takes the maximum of v over the group.
func (MaxReducer) Reduce(l spmd.Lane, v int) int { return spmd.ReduceMax(l, v) }

// IfaceUniformResult calls a shared Reducer with a divergent argument. The
// callee is not known statically, so the spec's conservative rule makes the
// result divergent, but every implementation returns a uniform value.
// Question: finding or not? Runtime: no divergence. Guess: no finding.
//
//spmd:kernel
func IfaceUniformResult(l spmd.Lane, r Reducer, out []int) {
	x := r.Reduce(l, l.Index())
	if x > 2 {
		l.Barrier()
	}
	out[l.Index()] = x
}

// Syncer is implemented by two types that each wait at their own barrier.
type Syncer interface {
	Sync(l spmd.Lane)
}

// Fast is a Syncer.
type Fast struct{}

// Sync waits for the group.
func (Fast) Sync(l spmd.Lane) { l.Barrier() }

// Slow is a Syncer.
type Slow struct{}

// Sync waits for the group at another barrier.
func (Slow) Sync(l spmd.Lane) {
	l.Barrier()
}

// IfaceLaneType picks the Syncer's dynamic type per lane and calls it in
// every lane. The call is not under divergent control, but the callee is
// divergent, so lanes reach different barriers. Question: the spec's rule 1
// needs divergent control and its convergent calls are calls of functions
// known to be convergent; is a dynamic call with a divergent receiver a
// convergent call that lanes do not reach together? Runtime: diverges.
// Guess: finding at the dynamic call.
//
//spmd:kernel
func IfaceLaneType(l spmd.Lane, out []int) {
	var s Syncer = Fast{}
	if l.Index()%2 == 1 {
		s = Slow{}
	}
	s.Sync(l) // EXPECT
	out[l.Index()] = 1
}

// IfaceSharedType calls a shared Syncer in every lane: no divergence.
//
//spmd:kernel
func IfaceSharedType(l spmd.Lane, s Syncer, out []int) {
	s.Sync(l)
	out[l.Index()] = 1
}

// OpByLane indexes a table of collectives by lane parity and calls the chosen
// one in every lane. Question: as for IfaceLaneType, with a function value.
// Runtime: diverges. Guess: finding at the call.
//
//spmd:kernel
func OpByLane(l spmd.Lane, out []int) {
	ops := []func(spmd.Lane, int) int{spmd.ReduceAdd[int], spmd.ReduceMax[int]}
	op := ops[l.Index()%2]
	out[l.Index()] = op(l, l.Index()) // EXPECT
}

// Stage is a pipeline step with a function-typed field.
type Stage struct {
	Name  string
	Apply func(spmd.Lane, int) int
}

// StagesSkipInLane0 skips the "max" stage in lane 0. The call st.Apply is
// under divergent control, but its callee is a field value that the checker
// cannot resolve, so it is not known to be convergent. Question: must the
// checker report calls of unknown function values under divergent control?
// Runtime (with collective stages): diverges. Guess: finding.
//
//spmd:kernel
func StagesSkipInLane0(l spmd.Lane, stages []Stage, out []int) {
	v := l.Index()
	for _, st := range stages {
		if st.Name == "max" && l.Index() == 0 {
			continue
		}
		v = st.Apply(l, v) // EXPECT
	}
	out[l.Index()] = v
}

// maybeSync is a helper (not a kernel entry) that branches on its own
// parameter before a barrier. Question: are the parameters of a non-entry SPMD
// function uniform? The spec lists only the parameters of kernel entries as
// uniform inputs, so a conservative checker reports the barrier here; a
// checker that trusts callers reports nothing (and misses MaybeSyncLane).
// Runtime: MaybeSyncLane diverges, MaybeSyncShared does not. Guess: finding
// at the barrier here, none at the call sites.
func maybeSync(l spmd.Lane, do bool) {
	if do {
		l.Barrier() // EXPECT
	}
}

// MaybeSyncShared calls maybeSync with a shared flag.
//
//spmd:kernel
func MaybeSyncShared(l spmd.Lane, flag bool, out []int) {
	maybeSync(l, flag)
	out[l.Index()] = 1
}

// MaybeSyncLane calls maybeSync with a lane-dependent flag.
//
//spmd:kernel
func MaybeSyncLane(l spmd.Lane, out []int) {
	maybeSync(l, l.Index() == 0)
	out[l.Index()] = 1
}
