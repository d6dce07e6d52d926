package labels

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round9/internal/kt"
	"github.com/spmdvet/spmdvet/spmd"
)

func TestLContinueOuterUniform(t *testing.T) {
	grid := [][]int{{1, 2}, {3, -1, 4}, {5}}
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { LContinueOuterUniform(l, grid, out) })
	// per lane: (1+2+3+5)*idx = 11*idx -> 0+11+22 = 33
	kt.Eq(t, out, kt.Fill(3, 33))
}

func TestLContinueOuterDivergentBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { LContinueOuterDivergentBad(l, [][]int{{1, 9}, {9, 9}}, out) })
}

func TestLBreakOuterUniform(t *testing.T) {
	grid := [][]int{{0, 1}, {2, -1, 5}, {7}}
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { LBreakOuterUniform(l, grid, out) })
	// seen before break: 0,1,2. lane0: 2, lane1: 2, lane2: 2 -> 6
	kt.Eq(t, out, kt.Fill(3, 6))
}

func TestLBreakOuterDivergentBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { LBreakOuterDivergentBad(l, [][]int{{1, 9}, {9, 9}}, out) })
}

func TestLBreakInnerDivergent(t *testing.T) {
	out := make([]int, 2)
	kt.Diverges(t, 2, func(l spmd.Lane) { LBreakInnerDivergent(l, [][]int{{1, 9}, {9, 9}}, out) })
}

func TestLContinueInnerLabelled(t *testing.T) {
	grid := [][]int{{0, 1}, {1, 2, 3}}
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { LContinueInnerLabelled(l, grid, out) })
	// lane0: 4, lane1: 3, lane2: 4 -> 11
	kt.Eq(t, out, kt.Fill(3, 11))
}

func TestLContinueOuterFromSwitchBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { LContinueOuterFromSwitchBad(l, [][]int{{0, 5}, {5}}, out) })
}

func TestLBreakLoopFromSwitchUniform(t *testing.T) {
	out := make([]int, 2)
	kt.OK(t, 2, func(l spmd.Lane) { LBreakLoopFromSwitchUniform(l, []int{3, 0, 4, -1, 9}, out) })
	// lane0: 7, lane1: 9 -> 16
	kt.Eq(t, out, kt.Fill(2, 16))
}

func TestLBreakLoopFromSwitchDivergentBad(t *testing.T) {
	out := make([]int, 3)
	kt.Diverges(t, 3, func(l spmd.Lane) { LBreakLoopFromSwitchDivergentBad(l, []int{7, 1, 7}, out) })
}

func TestLThreeLevelsContinueMiddleBad(t *testing.T) {
	out := make([]int, 2)
	kt.Diverges(t, 2, func(l spmd.Lane) { LThreeLevelsContinueMiddleBad(l, 2, out) })
}
