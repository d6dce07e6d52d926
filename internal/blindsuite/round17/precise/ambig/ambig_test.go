package ambig

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round17/precise/internal/check"
	"github.com/spmdvet/spmdvet/spmd"
)

func TestAddrTakenOverwritten(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { AddrTakenOverwritten(l, out) }))
	check.Ints(t, out, check.Fill(4, 4))
}

func TestStructOneLaneFieldMem(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { StructOneLaneFieldMem(l, out) }))
	check.Ints(t, out, []int{0, 1, 2, 3})
}

func TestStructFromCallValue(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { StructFromCallValue(l, out) }))
	check.Ints(t, out, []int{0, 1, 2, 3})
}

func TestTupleUniformResult(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { TupleUniformResult(l, out) }))
	check.Ints(t, out, []int{5, 7, 9, 11})
}

func TestShuffleUniformSrc(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { ShuffleUniformSrc(l, out) }))
	check.Ints(t, out, check.Fill(4, 1))
}

func TestSameUniformBothArms(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { SameUniformBothArms(l, 2, out) }))
	check.Ints(t, out, []int{3, 4, 3, 4})
}

func TestClosureIgnoresCapturedLane(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { ClosureIgnoresCapturedLane(l, out) }))
	check.Ints(t, out, check.Fill(4, 5))
}

func TestMapRangeIgnoringKeys(t *testing.T) {
	m := map[string]int{"a": 1, "b": 2, "c": 3}
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { MapRangeIgnoringKeys(l, m, out) }))
	check.Ints(t, out, check.Fill(4, 3))
}

func TestPanicGuard(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { PanicGuard(l, out) }))
	check.Ints(t, out, check.Fill(4, 6))
}

func TestHelperParamUniform(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { HelperParamUniform(l, 1, out) }))
	check.Ints(t, out, check.Fill(4, 6))
}

func TestHelperParamDivergent(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { HelperParamDivergent(l, out) }))
}
