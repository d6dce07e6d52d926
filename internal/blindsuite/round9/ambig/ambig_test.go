package ambig

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round9/internal/kt"
	"github.com/spmdvet/spmdvet/spmd"
)

func TestAWhileIncrBeforeContinue(t *testing.T) {
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { AWhileIncrBeforeContinue(l, []int{0, 2, 5}, 4, out) })
	// i=1..4; lane0: data 0 > i never -> acc 4; lane1: 2>i for i=1 -> acc 3; lane2: 5>i always -> 0 => 7+4
	kt.Eq(t, out, kt.Fill(3, 11))
}

func TestAForeverIncrTopContinue(t *testing.T) {
	out := make([]int, 2)
	kt.OK(t, 2, func(l spmd.Lane) { AForeverIncrTopContinue(l, 4, out) })
	kt.Eq(t, out, kt.Fill(2, 4))
}

func TestAGotoIncrBeforeDivergentGoto(t *testing.T) {
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { AGotoIncrBeforeDivergentGoto(l, 3, out) })
	// i=1..3; lane0 never skips: 3; lane1 skips i=1: 2; lane2 skips i=2: 2 -> 7
	kt.Eq(t, out, kt.Fill(3, 7))
}

func TestAIdenticalUpdatesBothPaths(t *testing.T) {
	out := make([]int, 2)
	kt.OK(t, 2, func(l spmd.Lane) { AIdenticalUpdatesBothPaths(l, 4, out) })
	kt.Eq(t, out, kt.Fill(2, 4))
}

func TestARangeChanShared(t *testing.T) {
	ch := make(chan int, 3)
	ch <- 7
	ch <- 8
	ch <- 9
	close(ch)
	out := make([]int, 2)
	kt.Diverges(t, 2, func(l spmd.Lane) { ARangeChanShared(l, ch, out) })
}

func TestARangeChanPerLane(t *testing.T) {
	out := make([]int, 3)
	kt.OK(t, 3, func(l spmd.Lane) { ARangeChanPerLane(l, 4, out) })
	// sum 0..3 = 6 minus own index: 6+5+4 = 15
	kt.Eq(t, out, kt.Fill(3, 15))
}

func TestAYieldParamBranch(t *testing.T) {
	out := make([]int, 2)
	kt.OK(t, 2, func(l spmd.Lane) { AYieldParamBranch(l, 4, out) })
	// odd v: 1,3 -> lane0 4, lane1 6 -> 10
	kt.Eq(t, out, kt.Fill(2, 10))
}
