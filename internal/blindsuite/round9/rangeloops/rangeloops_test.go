package rangeloops

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round9/internal/kt"
	"github.com/spmdvet/spmdvet/spmd"
)

func TestRSliceContinueEnd(t *testing.T) {
	data := []int{1, 2, 3, 4}
	out := make([]int, 4)
	kt.OK(t, 4, func(l spmd.Lane) { RSliceContinueEnd(l, data, out) })
	kt.Eq(t, out, kt.Fill(4, 40))
}

func TestRSliceContinueMiddleBad(t *testing.T) {
	data := []int{0, 5, 6}
	out := make([]int, 4)
	kt.Diverges(t, 4, func(l spmd.Lane) { RSliceContinueMiddleBad(l, data, out) })
}

func TestRSliceCollectivesAroundContinue(t *testing.T) {
	data := []int{0, 1, 2, 3}
	out := make([]int, 4)
	kt.OK(t, 4, func(l spmd.Lane) { RSliceCollectivesAroundContinue(l, data, out) })
	// lane j skips i where data[i] > j: keeps i <= j. sums: 0,1,3,6 -> 10
	kt.Eq(t, out, kt.Fill(4, 10))
}

func TestRArrayNestedIf(t *testing.T) {
	arr := [6]int{1, 2, 0, 3, 4, -1}
	out := make([]int, 2)
	kt.OK(t, 2, func(l spmd.Lane) { RArrayNestedIf(l, arr, out) })
	// lane0 keeps odd i with v>0: i=1(2), i=3(3) -> 5; lane1 keeps even i: i=0(1), i=4(4) -> 5
	kt.Eq(t, out, kt.Fill(2, 10))
}

func TestRArrayNestedIfBad(t *testing.T) {
	arr := [6]int{1, 2, 3, 4, 5, 6}
	out := make([]int, 8)
	kt.Diverges(t, 8, func(l spmd.Lane) { RArrayNestedIfBad(l, arr, out) })
}

func TestRPtrArrayDivergentPtr(t *testing.T) {
	rows := [][4]int{{-1, 0, 2, 3}, {0, 0, 0, 0}, {5, -5, 5, -5}}
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { RPtrArrayDivergentPtr(l, rows, out) })
	// lane0: 1+2+3=6; lane1: 0+1+2+3=6; lane2: 10 -> 22
	kt.Eq(t, out, kt.Fill(3, 22))
}

func TestRPtrArraySwitchContinueBad(t *testing.T) {
	rows := [][4]int{{0, 0, 1, 1}, {1, 1, 1, 1}}
	out := make([]int, 2)
	kt.Diverges(t, 2, func(l spmd.Lane) { RPtrArraySwitchContinueBad(l, rows, out) })
}

func TestRStringContinue(t *testing.T) {
	out := make([]int, 4)
	kt.OK(t, 4, func(l spmd.Lane) { RStringContinue(l, "abcdefgh", out) })
	// 8 chars, (r+i)%4: a=97,i=0 ->1; b=98,i=1->3; c=99,2->1; d=100,3->3; ... each lane 1,3 skip 4.
	// lanes 0,2: n=8; lanes 1,3: n=4 -> Any(n>2) true -> n=-n
	kt.Eq(t, out, []int{-8, -4, -8, -4})
}

func TestRStringContinueSwitchBad(t *testing.T) {
	out := make([]int, 4)
	kt.Diverges(t, 4, func(l spmd.Lane) { RStringContinueSwitchBad(l, "aaa", out) })
}

func TestRStringDivergentSuffixBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { RStringDivergentSuffixBad(l, "xyz", out) })
}

func TestRMapContinue(t *testing.T) {
	m := map[int]int{1: 10, 2: 20, 3: 30, 4: 40}
	out := make([]int, 4)
	kt.OK(t, 4, func(l spmd.Lane) { RMapContinue(l, m, out) })
	kt.Eq(t, out, kt.Fill(4, 160))
}

func TestRMapKeyContinueBad(t *testing.T) {
	m := map[int]int{0: 1, 1: 1, 2: 1, 3: 1}
	out := make([]int, 4)
	kt.Diverges(t, 4, func(l spmd.Lane) { RMapKeyContinueBad(l, m, out) })
}

func TestRIntContinue(t *testing.T) {
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { RIntContinue(l, 6, out) })
	// n=6, i in 0..5. lane0 skips i%3==0 (0,3): 1+2+4+5=12; lane1 skips 2,5: 0+1+3+4=8; lane2 skips 1,4: 0+2+3+5=10
	kt.Eq(t, out, kt.Fill(3, 30))
}

func TestRIntContinueInSwitchAfterBad(t *testing.T) {
	out := make([]int, 4)
	kt.Diverges(t, 4, func(l spmd.Lane) { RIntContinueInSwitchAfterBad(l, 2, out) })
}

func TestRIntDivergentBoundBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { RIntDivergentBoundBad(l, out) })
}

func TestRSliceDivergentSubsliceBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { RSliceDivergentSubsliceBad(l, []int{1, 2, 3}, out) })
}

func TestRSliceReturnBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { RSliceReturnBad(l, []int{5, 1, 5}, out) })
}

func TestRSliceBreakBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { RSliceBreakBad(l, []int{5, 0, 5, 2}, out) })
}
