package ambig

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round11/syntax/internal/kt"
	"github.com/spmdvet/spmdvet/spmd"
)

func run(t *testing.T, n int, k func(spmd.Lane)) []int {
	t.Helper()
	return kt.Runs(t, n, Out[:], k)
}

func fillShared(n int) {
	for len(Shared) > 0 {
		<-Shared
	}
	for i := range n {
		Shared <- i
	}
}

func TestSelectAndChannels(t *testing.T) {
	kt.DivergesSometimes(t, 8, 20, nil, SelectRandomBug)
	kt.Same(t, run(t, 4, RecvPerLaneUniform), kt.All(4, 16)...)
	kt.DivergesSometimes(t, 4, 5, func() { fillShared(4) }, SharedRecvBug)
}

func TestPrecision(t *testing.T) {
	kt.Same(t, run(t, 4, StructFieldUniform), kt.All(4, 6)...)
	kt.Same(t, run(t, 4, TypeSwitchSameType), kt.All(4, 1)...)
	kt.Same(t, run(t, 4, MethodValueDivergentArg), kt.All(4, 18)...)
}

func TestExits(t *testing.T) {
	kt.Diverges(t, 2, PanicRecoverBug)
	kt.Same(t, run(t, 4, IrreducibleUniformExit), 4, 3, 4, 3)
}

func TestCalls(t *testing.T) {
	kt.Diverges(t, 2, HelperParamBug)
	kt.Diverges(t, 2, InterfaceCallBug)
}
