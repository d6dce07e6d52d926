// Package lead holds kernels that use the wrappers of package wlib, whose
// convergence and uniformity come from directives or from facts about their
// bodies.
package lead

import (
	"math/bits"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round18/warp/wlib"
	"github.com/spmdvet/spmdvet/spmd"
)

// ElectUCorrect (correct): ElectU's results are declared uniform, so ok and
// leader are uniform.
//
//spmd:kernel
func ElectUCorrect(l spmd.Lane, in, out []int) {
	i := l.Index()
	leader, ok := wlib.ElectU(l, in[i] > 0)
	if ok {
		out[i] = spmd.Broadcast(l, in[i], leader)
	}
}

// ElectUUnderBranchBug (bug): ElectU performs a Ballot, so calling it under the
// divergent in[i] > 0 is calling a convergent function under divergent control.
//
//spmd:kernel
func ElectUUnderBranchBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	if in[i] > 0 {
		leader, _ := wlib.ElectU(l, true) // EXPECT
		out[i] = leader
	}
}

// WarpSumCorrect (correct): WarpSum is declared uniform, so the branch on its
// result is uniform.
//
//spmd:kernel
func WarpSumCorrect(l spmd.Lane, in, out []int, limit int) {
	i := l.Index()
	s := wlib.WarpSum(l, in[i])
	if s > limit {
		l.Barrier()
	}
	out[i] = s
}

// WarpSumBranchBug (bug): WarpSum is declared convergent; calling it for the
// first four lanes only is a bug.
//
//spmd:kernel
func WarpSumBranchBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	if i < 4 {
		out[i] = wlib.WarpSum(l, in[i]) // EXPECT
	}
}

// LaneBitBug (bug): LaneBit is declared a lane ID, so mask&LaneBit(l) is
// divergent even though mask is a uniform ballot.
//
//spmd:kernel
func LaneBitBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	mask := spmd.Ballot(l, in[i] > 0)
	if mask&wlib.LaneBit(l) != 0 {
		out[i] = spmd.ReduceAdd(l, in[i]) // EXPECT
	}
}

// PickUniformCorrect (correct): Pick is uniform when src is uniform; the src
// is the uniform elected leader.
//
//spmd:kernel
func PickUniformCorrect(l spmd.Lane, in, out []int, limit int) {
	i := l.Index()
	leader, ok := wlib.ElectU(l, in[i] > 0)
	if !ok {
		return
	}
	v := wlib.Pick(l, in[i], leader)
	if v > limit {
		l.Barrier()
	}
	out[i] = v
}

// PickDivergentSrcBug (bug): twin of PickUniformCorrect with src l.Index()^1,
// so Pick's result is divergent.
//
//spmd:kernel
func PickDivergentSrcBug(l spmd.Lane, in, out []int, limit int) {
	i := l.Index()
	v := wlib.Pick(l, in[i], i^1)
	if v > limit {
		l.Barrier() // EXPECT
	}
	out[i] = v
}

// SyncDirectiveBug (bug): Sync is a barrier by directive (its body calls
// through a function variable); even lanes only reach it.
//
//spmd:kernel
func SyncDirectiveBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	if i%2 == 0 {
		wlib.Sync(l) // EXPECT
	}
	out[i] = in[i]
}

// SyncCorrect (correct): twin of SyncDirectiveBug; lane 0 writes, then all
// lanes meet at Sync after the branch.
//
//spmd:kernel
func SyncCorrect(l spmd.Lane, in, out []int) {
	i := l.Index()
	if i == 0 {
		out[0] = in[0] * 2
	}
	wlib.Sync(l)
	if i != 0 {
		out[i] = out[0]
	}
}

// NeighborBug (bug): Neighbor is declared divergent; branching on it is
// divergent.
//
//spmd:kernel
func NeighborBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	if wlib.Neighbor(l, in[i]) > in[i] {
		out[i] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// LeaderDoCorrect (correct): LeaderDo is convergent (it contains a barrier after
// lane 0's branch) and is called by every lane.
//
//spmd:kernel
func LeaderDoCorrect(l spmd.Lane, in, out []int) {
	i := l.Index()
	wlib.LeaderDo(l, func() { out[0] = in[0] + 1 })
	if i != 0 {
		out[i] = out[0]
	}
}

// LeaderDoBug (bug): twin of LeaderDoCorrect calling the convergent LeaderDo
// under a divergent condition.
//
//spmd:kernel
func LeaderDoBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	if in[i] > 0 {
		wlib.LeaderDo(l, func() { out[0] = in[0] + 1 }) // EXPECT
	}
}

// WarpOfCorrect (correct): WarpOf is declared uniform, so the branch on it is
// uniform (and it is, with at most 64 lanes).
//
//spmd:kernel
func WarpOfCorrect(l spmd.Lane, in, out []int) {
	i := l.Index()
	if wlib.WarpOf(l) == 0 {
		l.Barrier()
		out[i] = 1
	}
}

// ParamGateCorrect (correct): gate is a parameter of a kernel entry, uniform.
//
//spmd:kernel
func ParamGateCorrect(l spmd.Lane, in, out []int, gate bool) {
	i := l.Index()
	if gate {
		out[i] = wlib.WarpSum(l, in[i])
	}
}

// LaunchCorrect (correct): a function literal passed to RunWarp's kernel
// parameter; the ballot is uniform whatever the captured data.
func LaunchCorrect(in, out []int) error {
	return wlib.RunWarp(len(in), func(l spmd.Lane) {
		i := l.Index()
		m := spmd.Ballot(l, in[i] > 0)
		if m != 0 {
			l.Barrier()
		}
		out[i] = bits.OnesCount64(m)
	})
}

// LaunchBug (bug): twin of LaunchCorrect with the Ballot under the divergent
// in[i] > 0.
func LaunchBug(in, out []int) error {
	return wlib.RunWarp(len(in), func(l spmd.Lane) {
		i := l.Index()
		if in[i] > 0 {
			out[i] = bits.OnesCount64(spmd.Ballot(l, true)) // EXPECT
		}
	})
}
