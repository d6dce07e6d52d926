package switchsel

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round9/internal/kt"
	"github.com/spmdvet/spmdvet/spmd"
)

func closed() chan int { c := make(chan int); close(c); return c }

func TestSSwitchBreakLeavesSwitch(t *testing.T) {
	out := make([]int, 2)
	kt.OK(t, 2, func(l spmd.Lane) { SSwitchBreakLeavesSwitch(l, []int{0, 1, 2, 3}, out) })
	// lane0: i=0 (0<=0 -> +0), i=1 -1, i=2 (2>0 break), i=3 -1 => -2
	// lane1: i=0 -1, i=1 (1<=1 +1), i=2 -1, i=3 (3>1 break) => -1
	kt.Eq(t, out, kt.Fill(2, -3))
}

func TestSSwitchContinueBad(t *testing.T) {
	out := make([]int, 2)
	kt.Diverges(t, 2, func(l spmd.Lane) { SSwitchContinueBad(l, []int{1, 1, 1, 1}, out) })
}

func TestSSwitchFallthrough(t *testing.T) {
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { SSwitchFallthrough(l, 3, out) })
	// each lane: one case0 (100+2), one case1 (+2), one default -> 104
	kt.Eq(t, out, kt.Fill(3, 312))
}

func TestSTypeSwitchContinueBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { STypeSwitchContinueBad(l, []any{1, "ab", 7}, out) })
}

func TestSTypeSwitchBreak(t *testing.T) {
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { STypeSwitchBreak(l, []any{1, "ab", 2}, out) })
	// lane0: 1+2+2=5, lane1: 2+2=4, lane2: 1+2=3 -> 12
	kt.Eq(t, out, kt.Fill(3, 12))
}

func TestSSelectBreak(t *testing.T) {
	out := make([]int, 2)
	kt.OK(t, 2, func(l spmd.Lane) { SSelectBreak(l, closed(), 4, out) })
	kt.Eq(t, out, kt.Fill(2, 4))
}

func TestSSelectContinueBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { SSelectContinueBad(l, closed(), 2, out) })
}

func TestSSelectBreakLoopBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { SSelectBreakLoopBad(l, closed(), 3, out) })
}

func TestSSwitchInSwitchBreak(t *testing.T) {
	out := make([]int, 2)
	kt.OK(t, 2, func(l spmd.Lane) { SSwitchInSwitchBreak(l, 4, out) })
	// i=0,2: lane0 +10 each -> 20; lane1 +11 each -> 22
	kt.Eq(t, out, kt.Fill(2, 42))
}
