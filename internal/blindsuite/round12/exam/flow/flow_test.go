package flow

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round12/exam/internal/check"
	"github.com/spmdvet/spmdvet/spmd"
)

const N = 4

func TestSources(t *testing.T) {
	check.Div(t, spmd.Run(N, SrcIndex))
	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { SrcCount(l, out) }))
	check.Ints(t, out, check.Fill(N, N))

	check.Div(t, spmd.Run(N, SrcUserLaneID))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { SrcUserUniform(l, out) }))
	check.Ints(t, out, check.Fill(N, N))
}

func TestUniformInputs(t *testing.T) {
	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { InParam(l, 3, out) }))
	check.Ints(t, out, check.Fill(N, 3))
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { InParamVsLane(l, 2) }))

	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { InConst(l, out) }))
	check.Ints(t, out, check.Fill(N, 0+N*1+N*2))
	check.Div(t, spmd.Run(N, InConstVsLane))

	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { InGlobal(l, out) }))
	check.Ints(t, out, check.Fill(N, N-1))
	check.Div(t, spmd.Run(N, InGlobalVsLane))
}

func TestScalarOps(t *testing.T) {
	check.Div(t, spmd.Run(N, BinOpDiv))
	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { BinOpUni(l, 4, out) }))
	check.Ints(t, out, check.Fill(N, 1))

	check.Div(t, spmd.Run(N, UnOpDiv))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { UnOpUni(l, out) }))
	check.Ints(t, out, check.Fill(N, 2*N))

	check.Div(t, spmd.Run(N, ConvertDiv))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { ConvertUni(l, out) }))
	check.Ints(t, out, check.Fill(N, N))

	check.Div(t, spmd.Run(N, ChangeTypeDiv))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { ChangeTypeUni(l, out) }))
	check.Ints(t, out, check.Fill(N, N))

	check.Div(t, spmd.Run(N, MakeIfaceDiv))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { MakeIfaceUni(l, out) }))
	check.Ints(t, out, check.Fill(N, N))
}

func TestAggregates(t *testing.T) {
	check.Div(t, spmd.Run(N, ExtractDiv))
	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { ExtractUni(l, out) }))
	check.Ints(t, out, check.Fill(N, 1))

	check.Div(t, spmd.Run(N, IndexDiv))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { IndexUni(l, out) }))
	check.Ints(t, out, []int{1, 0, 1, 0})

	check.Div(t, spmd.Run(N, func(l spmd.Lane) { IndexStringDiv(l, "abab") }))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { IndexStringUni(l, "abcd", out) }))
	check.Ints(t, out, check.Fill(N, 1<<N-1))

	check.Div(t, spmd.Run(N, FieldDiv))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { FieldUni(l, out) }))
	check.Ints(t, out, check.Fill(N, N))

	items := []Item{{W: 1}, {W: 0}, {W: 1}, {W: 0}}
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { AddrDiv(l, items) }))
	items = []Item{{W: 1}, {W: 2}, {W: 3}, {W: 4}}
	items[0].Next = &items[3]
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { AddrUni(l, items, out) }))
	check.Ints(t, out, []int{1, 2, 3, 4})

	data := []int{1, 2, 3, 4}
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { SliceDiv(l, data) }))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { SliceUni(l, data, out) }))
	check.Ints(t, out, check.Fill(N, 3))

	m := map[int]int{0: 1, 2: 5, 3: 7}
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { LookupDiv(l, m) }))
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { LookupCommaOkDiv(l, m) }))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { LookupUni(l, m, out) }))
	check.Ints(t, out, check.Fill(N, 7))
}

func TestDynamic(t *testing.T) {
	check.Div(t, spmd.Run(N, TypeAssertDiv))
	check.Div(t, spmd.Run(N, TypeAssertPlainDiv))
	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { TypeAssertUni(l, out) }))
	check.Ints(t, out, check.Fill(N, N))

	check.Div(t, spmd.Run(N, func(l spmd.Lane) { RangeNextDiv(l, "abcd") }))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { RangeNextUni(l, "abcé", out) }))
	check.Ints(t, out, check.Fill(N, 2*N))

	chs := make([]chan int, N)
	for i := range chs {
		chs[i] = make(chan int, 1)
		if i%2 == 0 {
			chs[i] <- i
		}
	}
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { SelectDiv(l, chs) }))

	check.Div(t, spmd.Run(N, PhiDiv))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { PhiUni(l, 2, out) }))
	check.Ints(t, out, check.Fill(N, 1))
}

func TestCalls(t *testing.T) {
	check.Div(t, spmd.Run(N, CallDiv))
	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { CallUni(l, out) }))
	check.Ints(t, out, check.Fill(N, N*N))

	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { CollUniform(l, out) }))
	check.Ints(t, out, check.Fill(N, 6+7+1))
	check.Div(t, spmd.Run(N, CollBroadcastDivSrc))
	check.Div(t, spmd.Run(N, CollShuffleDiv))
	check.Div(t, spmd.Run(N, CollScanDiv))

	check.Div(t, spmd.Run(N, ClosureFreeVarDiv))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { ClosureFreeVarUni(l, out) }))
	check.Ints(t, out, check.Fill(N, 2*N))
	check.Div(t, spmd.Run(N, ClosureByRefDiv))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { ClosureByRefUni(l, out) }))
	check.Ints(t, out, check.Fill(N, N))
}
