package params

import (
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func bad(name string, k func(spmd.Lane)) kcase {
	return kcase{name, 8, func() (func(spmd.Lane), func() error) { return k, nil }}
}

func ok(name string, setup func() (func(spmd.Lane), func() error)) kcase {
	return kcase{name, 8, setup}
}

func rep(v, n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// okOut runs k with a fresh out of 8 and compares out with want.
func okOut(name string, want []int, k func(l spmd.Lane, out []int)) kcase {
	return ok(name, func() (func(spmd.Lane), func() error) {
		out := make([]int, 8)
		return func(l spmd.Lane) { k(l, out) }, func() error { return eq("out", out, want) }
	})
}

func TestParams(t *testing.T) {
	pos := []int{1, 2, 3, 4, 5, 6, 7, 8}
	mixed := []int{1, -1, 2, -2, 3, -3, 4, -4}
	steps := []int{0, 1, 2, 3, 0, 1, 2, 3}
	runCases(t, []kcase{
		okOut("OkBarrierIfParam", rep(4, 8), func(l spmd.Lane, out []int) { OkBarrierIfParam(l, 3, out) }),
		bad("BadBarrierIfLane", func(l spmd.Lane) { BadBarrierIfLane(l, 3) }),
		okOut("OkBarrierIfAny", rep(1, 8), func(l spmd.Lane, out []int) { OkBarrierIfAny(l, 2, out) }),
		okOut("OkBarrierIfAll", pos, func(l spmd.Lane, out []int) { OkBarrierIfAll(l, pos, out) }),
		bad("BadBarrierIfData", func(l spmd.Lane) { BadBarrierIfData(l, mixed) }),
		okOut("OkBarrierIfDataUniformIndex", rep(3, 8), func(l spmd.Lane, out []int) { OkBarrierIfDataUniformIndex(l, pos, out) }),
		bad("BadBarrierIfLocalFlag", func(l spmd.Lane) { BadBarrierIfLocalFlag(l) }),
		okOut("OkBarrierIfLocalFlagUniform", rep(1, 8), func(l spmd.Lane, out []int) { OkBarrierIfLocalFlagUniform(l, 7, out) }),
		bad("BadSyncUnlessZeroLane", func(l spmd.Lane) { BadSyncUnlessZeroLane(l) }),
		okOut("OkSyncUnlessZeroParam", rep(2, 8), func(l spmd.Lane, out []int) { OkSyncUnlessZeroParam(l, 2, out) }),
		okOut("OkBarrierNParam", rep(3, 8), func(l spmd.Lane, out []int) { OkBarrierNParam(l, 3, out) }),
		bad("BadBarrierNLane", func(l spmd.Lane) { BadBarrierNLane(l) }),
		okOut("OkBarrierNReduceMax", rep(2, 8), func(l spmd.Lane, out []int) { OkBarrierNReduceMax(l, out) }),
		bad("BadBarrierNReduceMaxPlusLane", func(l spmd.Lane) { BadBarrierNReduceMaxPlusLane(l) }),
		okOut("OkBarrierNBroadcastFirst", rep(2, 8), func(l spmd.Lane, out []int) { OkBarrierNBroadcastFirst(l, out) }),
		okOut("OkBarrierNBroadcastConst", rep(3, 8), func(l spmd.Lane, out []int) { OkBarrierNBroadcastConst(l, out) }),
		bad("BadBarrierNBroadcastLaneSrc", func(l spmd.Lane) { BadBarrierNBroadcastLaneSrc(l) }),
		bad("BadBarrierNInclusive", func(l spmd.Lane) { BadBarrierNInclusive(l) }),
		okOut("OkSumRoundsReduceMin", rep(56, 8), func(l spmd.Lane, out []int) { OkSumRoundsReduceMin(l, out) }),
		bad("BadSumRoundsShuffle", func(l spmd.Lane) { BadSumRoundsShuffle(l, make([]int, 8)) }),
		okOut("OkScaledSumLane", []int{0, 8, 16, 24, 32, 40, 48, 56}, func(l spmd.Lane, out []int) { OkScaledSumLane(l, out) }),
		okOut("OkSyncThenMarkLane", []int{1, 0, 0, 1, 0, 0, 1, 0}, func(l spmd.Lane, out []int) { OkSyncThenMarkLane(l, out) }),
		okOut("OkStoreIfLane", []int{0, 0, 0, 0, 0, 7, 7, 7}, func(l spmd.Lane, out []int) { OkStoreIfLane(l, out) }),
		okOut("OkRepeatParamSync", rep(2, 8), func(l spmd.Lane, out []int) { OkRepeatParamSync(l, 2, out) }),
		bad("BadRepeatDataSync", func(l spmd.Lane) { BadRepeatDataSync(l, steps) }),
		okOut("OkRepeatDataStore", []int{0, 0, 1, 3, 0, 0, 1, 3}, func(l spmd.Lane, out []int) { OkRepeatDataStore(l, steps, out) }),
		okOut("OkRepeatDataReduced", rep(3, 8), func(l spmd.Lane, out []int) { OkRepeatDataReduced(l, steps, out) }),
		bad("BadWhenLaneSync", func(l spmd.Lane) { BadWhenLaneSync(l) }),
		okOut("OkWhenAnySync", rep(1, 8), func(l spmd.Lane, out []int) { OkWhenAnySync(l, out) }),
		okOut("OkWhenLaneMarker", []int{1, 1, 1, 0, 1, 1, 1, 1}, func(l spmd.Lane, out []int) { OkWhenLaneMarker(l, out) }),
		okOut("Phased", rep(1, 8), func(l spmd.Lane, out []int) { Phased(l, 2, out) }),
		okOut("OkCallPhasedParam", rep(3, 8), func(l spmd.Lane, out []int) { OkCallPhasedParam(l, 3, out) }),
		okOut("OkCallPhasedReduced", rep(3, 8), func(l spmd.Lane, out []int) { OkCallPhasedReduced(l, out) }),
		bad("BadCallPhasedUnderLaneIf", func(l spmd.Lane) { BadCallPhasedUnderLaneIf(l, 1, make([]int, 8)) }),
	})
}
