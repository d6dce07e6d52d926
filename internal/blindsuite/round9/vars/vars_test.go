package vars

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round9/internal/kt"
	"github.com/spmdvet/spmdvet/spmd"
)

func TestVCountSkippedBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { VCountSkippedBad(l, []int{1, 1, 2}, out) })
}

func TestVSkippedAsLaterBoundBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { VSkippedAsLaterBoundBad(l, []int{5, 2, 1}, out) })
}

func TestVFlagNextIterationBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { VFlagNextIterationBad(l, 3, out) })
}

func TestVReduceThenBranch(t *testing.T) {
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { VReduceThenBranch(l, []int{1, 1, 2}, out) })
	// cnt: lane0 3, lane1 1, lane2 0 -> 4
	kt.Eq(t, out, kt.Fill(3, 4))
}

func TestVUniformAccBeforeContinue(t *testing.T) {
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { VUniformAccBeforeContinue(l, []int{0, 1, 2, 4}, out) })
	// acc=7; mine=3 each -> 9+7=16
	kt.Eq(t, out, kt.Fill(3, 16))
}

func TestVUniformAccBeforeContinueRangeInt(t *testing.T) {
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { VUniformAccBeforeContinueRangeInt(l, 5, out) })
	// acc=10; mine=4 each -> 12+10=22
	kt.Eq(t, out, kt.Fill(3, 22))
}

func TestVTemporalBreakIndexBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { VTemporalBreakIndexBad(l, []int{0, 1}, out) })
}

func TestVPerLaneMemoryDivergentStoreBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { VPerLaneMemoryDivergentStoreBad(l, 2, out) })
}

func TestVPerLaneMemoryUniformStore(t *testing.T) {
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { VPerLaneMemoryUniformStore(l, 4, out) })
	// mine=3 each -> 9 + x=3 -> 12
	kt.Eq(t, out, kt.Fill(3, 12))
}

func TestVSumAfterDivergentContinue(t *testing.T) {
	out := make([]int, 2)
	kt.OK(t, 2, func(l spmd.Lane) { VSumAfterDivergentContinue(l, []int{0, 1}, out) })
	// lane0: s=1,2 ; lane1: i0: 0<1 s=2, i1: s=3
	// t: i0: 0; i1: 1+2=3 -> t=3; final ReduceAdd(s)=2+3=5 -> 8
	kt.Eq(t, out, kt.Fill(2, 8))
}
