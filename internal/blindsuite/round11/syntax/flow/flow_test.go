package flow

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round11/syntax/internal/kt"
	"github.com/spmdvet/spmdvet/spmd"
)

func run(t *testing.T, n int, k func(spmd.Lane)) []int {
	t.Helper()
	return kt.Runs(t, n, Out[:], k)
}

func TestFallthrough(t *testing.T) {
	kt.Diverges(t, 3, FallthroughBug)
	kt.Same(t, run(t, 3, FallthroughJoin), kt.All(3, 123)...)
	kt.Same(t, run(t, 6, FallthroughJoin), kt.All(6, 246)...)
}

func TestDefaultMiddle(t *testing.T) {
	kt.Diverges(t, 4, DefaultMiddleBug)
	kt.Same(t, run(t, 4, DefaultMiddleUniform), kt.All(4, 1)...)
	kt.Same(t, run(t, 3, DefaultMiddleUniform), kt.All(3, 2)...)
	kt.Same(t, run(t, 5, DefaultMiddleUniform), kt.All(5, 8)...)
}

func TestTaglessInit(t *testing.T) {
	kt.Diverges(t, 4, TaglessInitBug)
	kt.Same(t, run(t, 4, TaglessInitUniform), kt.All(4, 6)...)
	kt.Same(t, run(t, 2, TaglessInitUniform), -1, 0)
}

func TestCaseExpr(t *testing.T) {
	kt.Diverges(t, 4, CaseExprBug)
	kt.Same(t, run(t, 4, CaseExprUniform), kt.All(4, 3)...)
}

func TestTypeSwitch(t *testing.T) {
	kt.Diverges(t, 3, TypeSwitchBug)
	kt.Same(t, run(t, 3, TypeSwitchUniform), kt.All(3, 3)...)
	kt.Same(t, run(t, 4, TypeSwitchUniform), kt.All(4, 3)...)
	kt.Same(t, run(t, 5, TypeSwitchUniform), kt.All(5, 0)...)
	kt.Diverges(t, 2, TypeSwitchPhiBug)
}

func TestSelect(t *testing.T) {
	kt.Diverges(t, 2, SelectBreakBug)
	kt.Same(t, run(t, 2, SelectBreakUniform), 2, 2)
	kt.Same(t, run(t, 4, SelectBreakUniform), kt.All(4, 12)...)
	kt.Same(t, run(t, 4, SelectManyReady), kt.All(4, 4)...)
}

func TestBreakContinue(t *testing.T) {
	kt.Same(t, run(t, 4, BreakInSwitchUniform), 32, 21, 20, 19)
	kt.Diverges(t, 2, ContinueSwitchBug)
	kt.Same(t, run(t, 4, ContinueSwitchUniform), kt.All(4, 4)...)
	kt.Same(t, run(t, 2, ContinueSwitchUniform), 10, 10)
	kt.Same(t, run(t, 3, ContinueOuterTop), 3, 4, 6)
	kt.Diverges(t, 3, ContinueOuterBottomBug)
}

func TestGoto(t *testing.T) {
	kt.Diverges(t, 2, GotoForwardBug)
	kt.Same(t, run(t, 1, GotoForwardUniform), 0)
	kt.Same(t, run(t, 4, GotoForwardUniform), kt.All(4, 1)...)
	kt.Diverges(t, 2, GotoLoopBug)
	kt.Same(t, run(t, 3, GotoLoopUniform), kt.All(3, 9)...)
	kt.Same(t, run(t, 4, GotoLoopUniform), kt.All(4, 24)...)
}

func TestIrreducible(t *testing.T) {
	kt.Diverges(t, 2, IrreducibleBug)
	kt.Diverges(t, 2, IrreducibleEntryBug)
	kt.Same(t, run(t, 4, IrreducibleUniform), kt.All(4, 12)...)
	kt.Same(t, run(t, 3, IrreducibleUniform), kt.All(3, 9)...)
}

func TestShortCircuit(t *testing.T) {
	kt.Diverges(t, 2, AndBug)
	kt.Diverges(t, 2, OrAssignBug)
	kt.Same(t, run(t, 2, ShortCircuitUniform), 1, 1)
	kt.Same(t, run(t, 1, ShortCircuitUniform), 0)
}

func TestLoops(t *testing.T) {
	kt.Diverges(t, 4, TemporalBug)
	kt.Same(t, run(t, 4, TemporalInvariant), 4, 5, 6, 7)
	kt.Diverges(t, 2, HeaderBarrierBug)
}

func TestDefer(t *testing.T) {
	kt.Diverges(t, 2, DeferLoopBug)
	kt.Same(t, run(t, 4, DeferLoopUniform), kt.All(4, 12)...)
}
