package classic

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round9/internal/kt"
	"github.com/spmdvet/spmdvet/spmd"
)

func TestCThreeContinueMid(t *testing.T) {
	data := []int{0, 1, 2, 3}
	out := make([]int, 4)
	kt.OK(t, 4, func(l spmd.Lane) { CThreeContinueMid(l, data, 4, out) })
	kt.Eq(t, out, kt.Fill(4, 10))
}

func TestCThreeContinueMidBad(t *testing.T) {
	out := make([]int, 4)
	kt.Diverges(t, 4, func(l spmd.Lane) { CThreeContinueMidBad(l, []int{0, 1, 2, 3}, 4, out) })
}

func TestCThreeCollectiveInPost(t *testing.T) {
	out := make([]int, 2)
	kt.OK(t, 2, func(l spmd.Lane) { CThreeCollectiveInPost(l, []int{0, 1, 2, 3, -1}, 5, out) })
	// lane0 keeps even data: 0,2 ->2; lane1 keeps odd: 1,3 ->2
	kt.Eq(t, out, kt.Fill(2, 4))
}

func TestCThreeDivergentBoundBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { CThreeDivergentBoundBad(l, out) })
}

func TestCStrided(t *testing.T) {
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { CStrided(l, []int{1, 2, -3, 4, 5, 6, 7}, out) })
	kt.Eq(t, out, kt.Fill(3, 25))
}

func TestCStridedBarrierBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { CStridedBarrierBad(l, []int{1, 2, 3, 4}, out) })
}

func TestCWhileAnyContinue(t *testing.T) {
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { CWhileAnyContinue(l, []int{0, 3, 1}, out) })
	kt.Eq(t, out, kt.Fill(3, 3))
}

func TestCWhileAnyContinueBarrierAfterBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { CWhileAnyContinueBarrierAfterBad(l, []int{0, 3, 1}, out) })
}

func TestCWhileDivergentCondBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { CWhileDivergentCondBad(l, []int{0, 3, 1}, out) })
}

func TestCForeverUniformBreak(t *testing.T) {
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { CForeverUniformBreak(l, []int{0, 3, 1}, out) })
	kt.Eq(t, out, kt.Fill(3, 9))
}

func TestCForeverDivergentBreakBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { CForeverDivergentBreakBad(l, []int{0, 3, 1}, out) })
}

func TestCForeverBreakAndContinueBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { CForeverBreakAndContinueBad(l, []int{0, 5, 1}, out) })
}

func TestCThreeContinueInSwitch(t *testing.T) {
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { CThreeContinueInSwitch(l, 3, out) })
	// each lane: one continue, one case1 (+11), one default (+10) -> 21 each
	kt.Eq(t, out, kt.Fill(3, 63))
}

func TestCThreeContinueInSwitchBad(t *testing.T) {
	out := make([]int, 4)
	kt.Diverges(t, 4, func(l spmd.Lane) { CThreeContinueInSwitchBad(l, 2, out) })
}

func TestCThreeUniformBreak(t *testing.T) {
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { CThreeUniformBreak(l, []int{0, 1, 2, -1, 7}, out) })
	// lane j drops data==j: sums 3,2,1 -> 6
	kt.Eq(t, out, kt.Fill(3, 6))
}

func TestCThreeCounterChangedUnderDivergenceBad(t *testing.T) {
	out := make([]int, 2)
	kt.Diverges(t, 2, func(l spmd.Lane) { CThreeCounterChangedUnderDivergenceBad(l, 4, out) })
}
