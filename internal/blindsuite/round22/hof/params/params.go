// Package params has kernels that call helpers whose parameter decides whether
// or how often a barrier or reduction runs. The helper's own body is clean;
// what matters is the argument: uniform (a kernel parameter, a constant, the
// result of a uniform-result collective) or lane-dependent. A finding is
// expected at the kernel's call that passes a lane-dependent value to such a
// parameter, and nowhere else.
package params

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round22/hof/hof"
	"github.com/spmdvet/spmdvet/spmd"
)

// ---------------------------------------------------------------- guard parameter

// OkBarrierIfParam: the guard is a kernel parameter.
//
//spmd:kernel
func OkBarrierIfParam(l spmd.Lane, k int, out []int) {
	out[l.Index()] = 1
	hof.BarrierIf(l, k > 2)
	out[l.Index()] += k
}

// BadBarrierIfLane: the guard depends on the lane.
//
//spmd:kernel
func BadBarrierIfLane(l spmd.Lane, k int) {
	hof.BarrierIf(l, l.Index() < k) // EXPECT
}

// OkBarrierIfAny: the lane-dependent guard is voted on first.
//
//spmd:kernel
func OkBarrierIfAny(l spmd.Lane, k int, out []int) {
	c := spmd.Any(l, l.Index() == k)
	hof.BarrierIf(l, c)
	out[l.Index()] = 1
}

// OkBarrierIfAll: the data-dependent guard goes through All.
//
//spmd:kernel
func OkBarrierIfAll(l spmd.Lane, data, out []int) {
	hof.BarrierIf(l, spmd.All(l, data[l.Index()] > 0))
	out[l.Index()] = data[l.Index()]
}

// BadBarrierIfData: the guard loads data at a lane-dependent index.
//
//spmd:kernel
func BadBarrierIfData(l spmd.Lane, data []int) {
	hof.BarrierIf(l, data[l.Index()] > 0) // EXPECT
}

// OkBarrierIfDataUniformIndex: the guard loads data at a uniform index.
//
//spmd:kernel
func OkBarrierIfDataUniformIndex(l spmd.Lane, data, out []int) {
	hof.BarrierIf(l, data[2] > 0)
	out[l.Index()] = data[2]
}

// BadBarrierIfLocalFlag: the guard is a local set under a lane branch.
//
//spmd:kernel
func BadBarrierIfLocalFlag(l spmd.Lane) {
	flag := false
	if l.Index() > 5 {
		flag = true
	}
	hof.BarrierIf(l, flag) // EXPECT
}

// OkBarrierIfLocalFlagUniform: the same local, set under a uniform branch.
//
//spmd:kernel
func OkBarrierIfLocalFlagUniform(l spmd.Lane, k int, out []int) {
	flag := false
	if k > 5 {
		flag = true
	}
	hof.BarrierIf(l, flag)
	out[l.Index()] = 1
}

// BadSyncUnlessZeroLane: the helper returns early when its argument is zero.
//
//spmd:kernel
func BadSyncUnlessZeroLane(l spmd.Lane) {
	hof.SyncUnlessZero(l, l.Index()&1) // EXPECT
}

// OkSyncUnlessZeroParam: the same helper, with a kernel parameter.
//
//spmd:kernel
func OkSyncUnlessZeroParam(l spmd.Lane, k int, out []int) {
	hof.SyncUnlessZero(l, k)
	out[l.Index()] = k
}

// ---------------------------------------------------------------- trip-count parameter

// OkBarrierNParam: the trip count is a kernel parameter.
//
//spmd:kernel
func OkBarrierNParam(l spmd.Lane, k int, out []int) {
	hof.BarrierN(l, k)
	out[l.Index()] = k
}

// BadBarrierNLane: the trip count depends on the lane.
//
//spmd:kernel
func BadBarrierNLane(l spmd.Lane) {
	hof.BarrierN(l, l.Index()%2) // EXPECT
}

// OkBarrierNReduceMax: the lane-dependent count is reduced to its maximum first.
//
//spmd:kernel
func OkBarrierNReduceMax(l spmd.Lane, out []int) {
	n := spmd.ReduceMax(l, l.Index()%3)
	hof.BarrierN(l, n)
	out[l.Index()] = n
}

// BadBarrierNReduceMaxPlusLane: a reduced count made lane-dependent again.
//
//spmd:kernel
func BadBarrierNReduceMaxPlusLane(l spmd.Lane) {
	n := spmd.ReduceMax(l, 1) + l.Index()%2
	hof.BarrierN(l, n) // EXPECT
}

// OkBarrierNBroadcastFirst: the count is lane 0's value.
//
//spmd:kernel
func OkBarrierNBroadcastFirst(l spmd.Lane, out []int) {
	n := spmd.BroadcastFirst(l, l.Index()+2)
	hof.BarrierN(l, n)
	out[l.Index()] = n
}

// OkBarrierNBroadcastConst: Broadcast from a constant lane is uniform.
//
//spmd:kernel
func OkBarrierNBroadcastConst(l spmd.Lane, out []int) {
	n := spmd.Broadcast(l, l.Index(), 3)
	hof.BarrierN(l, n)
	out[l.Index()] = n
}

// BadBarrierNBroadcastLaneSrc: Broadcast from a lane-dependent source is not.
//
//spmd:kernel
func BadBarrierNBroadcastLaneSrc(l spmd.Lane) {
	n := spmd.Broadcast(l, l.Index(), l.Index()%2)
	hof.BarrierN(l, n) // EXPECT
}

// BadBarrierNInclusive: a scan result is lane-dependent.
//
//spmd:kernel
func BadBarrierNInclusive(l spmd.Lane) {
	hof.BarrierN(l, spmd.InclusiveAdd(l, 1)%2) // EXPECT
}

// OkSumRoundsReduceMin: the rounds come from ReduceMin, the summed value is per lane.
//
//spmd:kernel
func OkSumRoundsReduceMin(l spmd.Lane, out []int) {
	out[l.Index()] = hof.SumRounds(l, spmd.ReduceMin(l, l.Index()+2), l.Index())
}

// BadSumRoundsShuffle: the rounds come from a shuffle.
//
//spmd:kernel
func BadSumRoundsShuffle(l spmd.Lane, out []int) {
	n := spmd.ShuffleXor(l, l.Index(), 1)
	out[l.Index()] = hof.SumRounds(l, n%2, 1) // EXPECT
}

// OkScaledSumLane: a lane-dependent argument that does not control the reduction.
//
//spmd:kernel
func OkScaledSumLane(l spmd.Lane, out []int) {
	out[l.Index()] = hof.ScaledSum(l, l.Index(), 1)
}

// OkSyncThenMarkLane: the lane-dependent argument is used after the barrier.
//
//spmd:kernel
func OkSyncThenMarkLane(l spmd.Lane, out []int) {
	hof.SyncThenMark(l, l.Index()%3 == 0, out)
}

// OkStoreIfLane: the lane-dependent argument guards a store only.
//
//spmd:kernel
func OkStoreIfLane(l spmd.Lane, out []int) {
	hof.StoreIf(l, l.Index() > 4, out)
}

// ---------------------------------------------------------------- parameter and callback together

// OkRepeatParamSync: a uniform trip count with a barrier callback.
//
//spmd:kernel
func OkRepeatParamSync(l spmd.Lane, k int, out []int) {
	hof.Repeat(l, k, hof.SyncAt)
	out[l.Index()] = k
}

// BadRepeatDataSync: a data-dependent trip count with a barrier callback.
//
//spmd:kernel
func BadRepeatDataSync(l spmd.Lane, data []int) {
	hof.Repeat(l, data[l.Index()], hof.SyncAt) // EXPECT
}

// OkRepeatDataStore: a data-dependent trip count with a storing callback.
//
//spmd:kernel
func OkRepeatDataStore(l spmd.Lane, data, out []int) {
	hof.Repeat(l, data[l.Index()], func(l spmd.Lane, r int) { out[l.Index()] += r })
}

// OkRepeatDataReduced: the data-dependent count reduced with ReduceMax first.
//
//spmd:kernel
func OkRepeatDataReduced(l spmd.Lane, data, out []int) {
	n := spmd.ReduceMax(l, data[l.Index()])
	hof.Repeat(l, n, hof.SyncAt)
	out[l.Index()] = n
}

// BadWhenLaneSync: When with a lane-dependent condition and a barrier callback.
//
//spmd:kernel
func BadWhenLaneSync(l spmd.Lane) {
	hof.When(l, l.Index() != 3, hof.Sync) // EXPECT
}

// OkWhenAnySync: the same condition voted on with Any.
//
//spmd:kernel
func OkWhenAnySync(l spmd.Lane, out []int) {
	hof.When(l, spmd.Any(l, l.Index() != 3), hof.Sync)
	out[l.Index()] = 1
}

// OkWhenLaneMarker: the lane-dependent condition with a storing callback.
//
//spmd:kernel
func OkWhenLaneMarker(l spmd.Lane, out []int) {
	hof.When(l, l.Index() != 3, hof.Marker(out))
}

// ---------------------------------------------------------------- kernels calling kernels, uniform arguments

// Phased runs rounds barriers; it is a kernel of its own.
//
//spmd:kernel
func Phased(l spmd.Lane, rounds int, out []int) {
	for r := 0; r < rounds; r++ {
		out[l.Index()] += r
		l.Barrier()
	}
}

// OkCallPhasedParam: a kernel calls Phased with its own (uniform) parameter.
//
//spmd:kernel
func OkCallPhasedParam(l spmd.Lane, k int, out []int) {
	Phased(l, k, out)
}

// OkCallPhasedReduced: a kernel calls Phased with a reduced lane value.
//
//spmd:kernel
func OkCallPhasedReduced(l spmd.Lane, out []int) {
	Phased(l, spmd.ReduceMax(l, l.Index()%4), out)
}

// BadCallPhasedUnderLaneIf: a uniform argument, but the call is under a lane branch.
//
//spmd:kernel
func BadCallPhasedUnderLaneIf(l spmd.Lane, k int, out []int) {
	if l.Index() < 4 {
		Phased(l, k, out) // EXPECT
	}
}
