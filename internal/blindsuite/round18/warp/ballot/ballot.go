// Package ballot holds kernels that use spmd.Ballot masks: leader election
// with math/bits, bit tests against the ballot, and leader-only work.
package ballot

import (
	"math/bits"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// LeaderElectCorrect (correct): the ballot is uniform, so the early return
// when nobody votes is taken by all lanes or none, and the leader found with
// TrailingZeros64 of the uniform mask is uniform; Broadcast from a uniform src
// is reached by every lane.
//
//spmd:kernel
func LeaderElectCorrect(l spmd.Lane, in, out []int) {
	i := l.Index()
	mask := spmd.Ballot(l, in[i] > 0)
	if mask == 0 {
		return
	}
	leader := bits.TrailingZeros64(mask)
	out[i] = spmd.Broadcast(l, in[i], leader)
}

// LeaderElectBug (bug): the leader is uniform but the test i == leader
// compares it with the lane index, so only the leader reaches BroadcastFirst.
//
//spmd:kernel
func LeaderElectBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	mask := spmd.Ballot(l, in[i] > 0)
	leader := bits.TrailingZeros64(mask)
	if i == leader {
		out[0] = spmd.BroadcastFirst(l, in[i]) // EXPECT
	}
}

// PopcountBranchCorrect (correct): OnesCount64 of a uniform ballot is uniform,
// so both arms of the branch are reached by all lanes together.
//
//spmd:kernel
func PopcountBranchCorrect(l spmd.Lane, in, out []int) {
	i := l.Index()
	n := bits.OnesCount64(spmd.Ballot(l, in[i] > 0))
	if n > l.Count()/2 {
		out[i] = spmd.ReduceAdd(l, in[i])
	} else {
		out[i] = spmd.ReduceMax(l, in[i])
	}
}

// RankParityBug (bug): the popcount of the ballot masked to the lanes below
// this one (a lane-dependent mask) is the lane's rank, which is divergent.
//
//spmd:kernel
func RankParityBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	mask := spmd.Ballot(l, in[i] > 0)
	below := mask & (uint64(1)<<uint(i) - 1)
	rank := bits.OnesCount64(below)
	if rank%2 == 0 {
		out[i] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// OwnBitBug (bug): bit l.Index() of the ballot is the lane's own vote, which
// is divergent, so only voting lanes reach the barrier.
//
//spmd:kernel
func OwnBitBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	mask := spmd.Ballot(l, in[i] > 0)
	if mask>>uint(i)&1 == 1 {
		l.Barrier() // EXPECT
	}
	out[i] = 1
}

// UniformBitCorrect (correct): twin of OwnBitBug testing bit k, a kernel
// parameter, of the uniform ballot: the condition is uniform.
//
//spmd:kernel
func UniformBitCorrect(l spmd.Lane, in, out []int, k int) {
	i := l.Index()
	mask := spmd.Ballot(l, in[i] > 0)
	if mask>>uint(k)&1 == 1 {
		l.Barrier()
		out[i] = in[k]
	}
}

// LeaderWorkThenBarrierCorrect (correct): only the elected leader writes, but
// the barrier is after the leader's branch, where all lanes have reconverged.
//
//spmd:kernel
func LeaderWorkThenBarrierCorrect(l spmd.Lane, in, out []int) {
	i := l.Index()
	leader := bits.TrailingZeros64(spmd.Ballot(l, in[i] != 0))
	if i == leader {
		out[0] = in[i] * 10
	}
	l.Barrier()
	if i != 0 {
		out[i] = out[0]
	}
}

// BarrierInsideLeaderBug (bug): twin of LeaderWorkThenBarrierCorrect with the
// barrier inside the leader's branch.
//
//spmd:kernel
func BarrierInsideLeaderBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	leader := bits.TrailingZeros64(spmd.Ballot(l, in[i] != 0))
	if i == leader {
		out[0] = in[i] * 10
		l.Barrier() // EXPECT
	}
	if i != 0 {
		out[i] = out[0]
	}
}

// LeaderReturnBug (bug): the leader returns early, so the barrier after the
// branch is reached by the other lanes only.
//
//spmd:kernel
func LeaderReturnBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	leader := bits.TrailingZeros64(spmd.Ballot(l, in[i] != 0))
	if i == leader {
		out[0] = in[i] * 10
		return
	}
	l.Barrier() // EXPECT
	out[i] = out[0]
}

// AllVotedCorrect (correct): comparing the uniform ballot with the full mask
// built from the uniform l.Count() is a uniform condition.
//
//spmd:kernel
func AllVotedCorrect(l spmd.Lane, in, out []int) {
	i := l.Index()
	mask := spmd.Ballot(l, in[i] >= 0)
	full := uint64(1)<<uint(l.Count()) - 1
	if mask == full {
		out[i] = spmd.ReduceAdd(l, in[i])
	}
}

// LaneMaskShiftBug (bug): me = 1 << l.Index() is a lane-dependent mask, and so
// is the popcount of mask&me.
//
//spmd:kernel
func LaneMaskShiftBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	me := uint64(1) << uint(i)
	mask := spmd.Ballot(l, in[i] > 0)
	if bits.OnesCount64(mask&me) > 0 {
		out[i] = spmd.ReduceMax(l, in[i]) // EXPECT
	}
}

// MissingLanesCorrect (correct): the lanes that did not vote, full &^ mask,
// are computed from uniform values; the first of them is a uniform src.
//
//spmd:kernel
func MissingLanesCorrect(l spmd.Lane, in, out []int) {
	i := l.Index()
	mask := spmd.Ballot(l, in[i] > 0)
	full := uint64(1)<<uint(l.Count()) - 1
	if missing := full &^ mask; missing != 0 {
		first := bits.TrailingZeros64(missing)
		out[i] = spmd.Broadcast(l, i*100, first)
	}
}

// BallotOfDivergentCorrect (correct): the ballot of a lane-dependent predicate
// is still uniform, so testing its bit 0 is uniform.
//
//spmd:kernel
func BallotOfDivergentCorrect(l spmd.Lane, in, out []int) {
	i := l.Index()
	m := spmd.Ballot(l, i%2 == 0)
	if m&1 != 0 {
		l.Barrier()
	}
	out[i] = bits.OnesCount64(m)
}

// LastVoterCorrect (correct): the highest set bit of a uniform ballot, via
// LeadingZeros64, is a uniform src for Broadcast.
//
//spmd:kernel
func LastVoterCorrect(l spmd.Lane, in, out []int) {
	i := l.Index()
	mask := spmd.Ballot(l, in[i] > 0)
	if mask != 0 {
		last := 63 - bits.LeadingZeros64(mask)
		out[i] = spmd.Broadcast(l, in[i], last)
	}
}

// BroadcastDivergentSrcBug (bug): Broadcast from src l.Index()^1 is a shuffle,
// its result is divergent, and the branch on it is divergent.
//
//spmd:kernel
func BroadcastDivergentSrcBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	v := spmd.Broadcast(l, in[i], i^1)
	if v > 0 {
		l.Barrier() // EXPECT
	}
	out[i] = v
}

// BroadcastLeaderCorrect (correct): twin of BroadcastDivergentSrcBug with a
// uniform src (the elected leader), so v is uniform.
//
//spmd:kernel
func BroadcastLeaderCorrect(l spmd.Lane, in, out []int) {
	i := l.Index()
	leader := bits.TrailingZeros64(spmd.Ballot(l, in[i] > 0))
	if leader < l.Count() {
		v := spmd.Broadcast(l, in[i], leader)
		if v > 0 {
			l.Barrier()
		}
		out[i] = v
	}
}

// ShortCircuitBug (bug): the right operand of && runs only in lanes whose
// left operand, in[i] > 0, is true: Any is under divergent control.
//
//spmd:kernel
func ShortCircuitBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	if in[i] > 0 && spmd.Any(l, in[i] > 5) { // EXPECT
		out[i] = 1
	}
}

// ShortCircuitCorrect (correct): All runs after a uniform left operand
// (mask != 0), and Any is the left operand, evaluated by every lane.
//
//spmd:kernel
func ShortCircuitCorrect(l spmd.Lane, in, out []int) {
	i := l.Index()
	mask := spmd.Ballot(l, in[i] > 0)
	if mask != 0 && spmd.All(l, in[i] >= 0) {
		out[i] += 1
	}
	if spmd.Any(l, in[i] > 5) && in[i] > 0 {
		out[i] += 2
	}
}

// SwitchPopcountCorrect (correct): a switch on the popcount of a uniform ballot
// is uniform, so the collectives in its cases are fine.
//
//spmd:kernel
func SwitchPopcountCorrect(l spmd.Lane, in, out []int) {
	i := l.Index()
	switch bits.OnesCount64(spmd.Ballot(l, in[i] > 0)) {
	case 0:
		out[i] = -1
	case 1:
		l.Barrier()
		out[i] = 1
	default:
		out[i] = spmd.ReduceAdd(l, 1)
	}
}

// SwitchLaneBitsBug (bug): a switch on the low bits of the lane index sends
// lanes to different cases.
//
//spmd:kernel
func SwitchLaneBitsBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	switch uint(i) & 3 {
	case 0:
		l.Barrier() // EXPECT
	case 1:
		out[i] = spmd.ReduceAdd(l, 1) // EXPECT
	default:
		out[i] = in[i]
	}
}

// AtomicLeaderBug (bug): the first lane to arrive, found with an atomic
// counter (an atomic read-modify-write result is divergent), is the leader,
// and the barrier is inside its branch.
//
//spmd:kernel
func AtomicLeaderBug(l spmd.Lane, out []int, ctr *int32) {
	if atomic.AddInt32(ctr, 1) == 1 {
		out[0] = 42
		l.Barrier() // EXPECT
	}
}

// AtomicLeaderCorrect (correct): twin of AtomicLeaderBug with the barrier after
// the leader's branch.
//
//spmd:kernel
func AtomicLeaderCorrect(l spmd.Lane, out []int, ctr *int32) {
	if atomic.AddInt32(ctr, 1) == 1 {
		out[0] = 42
	}
	l.Barrier()
	if i := l.Index(); i != 0 {
		out[i] = out[0]
	}
}
