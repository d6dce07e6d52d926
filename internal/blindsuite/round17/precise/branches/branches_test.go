package branches

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round17/precise/internal/check"
	"github.com/spmdvet/spmdvet/spmd"
)

func TestIfElseJoin(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { IfElseJoin(l, out) }))
	// v = 0, -1, 20, -3
	check.Ints(t, out, check.Fill(4, 16))
}

func TestBothArmsCollective(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { BothArmsCollective(l, out) }))
}

func TestSwitchJoin(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { SwitchJoin(l, out) }))
	// w = 11, 10, 100, 11
	check.Ints(t, out, check.Fill(4, 132))
}

func TestNestedIfJoin(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { NestedIfJoin(l, out) }))
	// v = 200, 22, 2, -3
	check.Ints(t, out, check.Fill(4, 221))
}

func TestNestedIfPartialJoin(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { NestedIfPartialJoin(l, out) }))
}

func TestGotoForwardJoin(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { GotoForwardJoin(l, out) }))
	// v = 2, 1, 4, 1
	check.Ints(t, out, check.Fill(4, 8))
}

func TestGotoSkipsBarrier(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { GotoSkipsBarrier(l, out) }))
}

func TestShortCircuitUniform(t *testing.T) {
	for _, n := range []int{0, 1, 2} {
		out := make([]int, 4)
		check.OK(t, spmd.Run(4, func(l spmd.Lane) { ShortCircuitUniform(l, n, out) }))
		want := map[int][]int{0: {1, 0, 0, 0}, 1: {1, 1, 1, 1}, 2: {5, 5, 5, 5}}[n]
		check.Ints(t, out, want)
	}
}

func TestShortCircuitDivergentRight(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { ShortCircuitDivergentRight(l, 0, out) }))
}

func TestEarlyReturn(t *testing.T) {
	out, res := make([]int, 4), make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { EarlyReturn(l, 2, out, res) }))
	check.Ints(t, out, []int{0, 2, 4, 6})
	check.Ints(t, res, []int{2, 4, 0, 0})
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { EarlyReturn(l, 0, out, res) }))
}

func TestEarlyReturnBeforeBarrier(t *testing.T) {
	out, res := make([]int, 4), make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { EarlyReturnBeforeBarrier(l, 2, out, res) }))
}

func TestUniformSwitch(t *testing.T) {
	want := map[int][]int{
		0: {0, 1, 6, 3},
		1: {6, 6, 6, 6},
		2: {3, 3, 3, 3},
	}
	for mode, w := range want {
		out := make([]int, 4)
		check.OK(t, spmd.Run(4, func(l spmd.Lane) { UniformSwitch(l, mode, out) }))
		check.Ints(t, out, w)
	}
}

func TestUniformTagDivergentCase(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { UniformTagDivergentCase(l, 1, out) }))
}

func TestHelperCallUniform(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { HelperCallUniform(l, 1, out) }))
	check.Ints(t, out, check.Fill(4, 10))
}

func TestHelperCallDivergent(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { HelperCallDivergent(l, 2, out) }))
}
