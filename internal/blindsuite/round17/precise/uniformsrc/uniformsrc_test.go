package uniformsrc

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round17/precise/internal/check"
	"github.com/spmdvet/spmdvet/spmd"
)

func TestFromCount(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { FromCount(l, out) }))
	check.Ints(t, out, check.Fill(4, 6))
}

func TestFromParams(t *testing.T) {
	out := make([]float64, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { FromParams(l, 2, 1, out) }))
	for _, v := range out {
		if v != 6 {
			t.Fatalf("got %v", out)
		}
	}
}

func TestFromParamsReassigned(t *testing.T) {
	out := make([]float64, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { FromParamsReassigned(l, 1, 1, out) }))
}

func TestFromReductions(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { FromReductions(l, out) }))
	check.Ints(t, out, check.Fill(4, 8))
}

func TestFromInclusiveScan(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { FromInclusiveScan(l, out) }))
}

func TestFromAnyAll(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { FromAnyAll(l, out) }))
	check.Ints(t, out, check.Fill(4, 14))
}

func TestFromAnyPredicate(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { FromAnyPredicate(l, out) }))
}

func TestFromBallot(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { FromBallot(l, out) }))
	check.Ints(t, out, check.Fill(4, 4))
}

func TestFromBallotOwnBit(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { FromBallotOwnBit(l, out) }))
}

func TestFromBroadcastFirst(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { FromBroadcastFirst(l, out) }))
	check.Ints(t, out, check.Fill(4, 12))
}

func TestFromBroadcastUniformSrc(t *testing.T) {
	for src, want := range map[int]int{1: 44, 2: 48} {
		out := make([]int, 4)
		check.OK(t, spmd.Run(4, func(l spmd.Lane) { FromBroadcastUniformSrc(l, src, out) }))
		check.Ints(t, out, check.Fill(4, want))
	}
}

func TestFromBroadcastLaneSrc(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { FromBroadcastLaneSrc(l, 1, out) }))
}

func TestFromSharedAfterBarrier(t *testing.T) {
	shared, out := make([]int, 2), make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { FromSharedAfterBarrier(l, shared, out) }))
	check.Ints(t, out, check.Fill(4, 12))
}

func TestFromSharedLaneIndex(t *testing.T) {
	shared, out := make([]int, 2), make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { FromSharedLaneIndex(l, shared, out) }))
}

func TestFromUniformLoop(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { FromUniformLoop(l, out) }))
	check.Ints(t, out, []int{56, 62, 68, 74})
}

func data10() []int { return []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10} }

func TestFromHelpers(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { FromHelpers(l, data10(), out) }))
	check.Ints(t, out, check.Fill(4, 55))
}

func TestFromLaneHelper(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { FromLaneHelper(l, data10(), out) }))
}

func TestFromHelperIgnoringLaneArg(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { FromHelperIgnoringLaneArg(l, out) }))
	check.Ints(t, out, check.Fill(4, 16))
}

func TestFromClosure(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { FromClosure(l, out) }))
	check.Ints(t, out, check.Fill(4, 28))
}

func TestFromClosureLane(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { FromClosureLane(l, out) }))
}

func TestFromGenericWrapper(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { FromGenericWrapper(l, out) }))
	check.Ints(t, out, check.Fill(4, 1))
}

func TestFromUserDirective(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { FromUserDirective(l, out) }))
	check.Ints(t, out, check.Fill(4, 5))
}

func TestFromUserDirectiveLaneSrc(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { FromUserDirectiveLaneSrc(l, out) }))
}

func TestFromInterfaceAndConvert(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { FromInterfaceAndConvert(l, out) }))
	check.Ints(t, out, check.Fill(4, 8))
}

func TestFromAtomicLoad(t *testing.T) {
	var counter int64
	out := make([]int64, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { FromAtomicLoad(l, &counter, out) }))
	for _, v := range out {
		if v != 10 {
			t.Fatalf("got %v", out)
		}
	}
}

func TestFromAtomicTicket(t *testing.T) {
	var counter int64
	out := make([]int64, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { FromAtomicTicket(l, &counter, out) }))
}
