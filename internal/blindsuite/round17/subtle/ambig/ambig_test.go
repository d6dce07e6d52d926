package ambig

import (
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func TestRacyFlag(t *testing.T) {
	ResetReady()
	gate := make(chan struct{})
	out := make([]int, 4)
	mustDiverge(t, 4, func(l spmd.Lane) { RacyFlag(l, gate, out) })
}

func TestSelectEither(t *testing.T) {
	mustDivergeSometimes(t, 8, 50, func() func(spmd.Lane) {
		out := make([]int, 8)
		return func(l spmd.Lane) { SelectEither(l, out) }
	})
}

func TestRandomSync(t *testing.T) {
	mustDivergeSometimes(t, 8, 50, func() func(spmd.Lane) {
		out := make([]int, 8)
		return func(l spmd.Lane) { RandomSync(l, out) }
	})
}

func TestInterfaceProbe(t *testing.T) {
	out := make([]int, 4)
	mustDiverge(t, 4, func(l spmd.Lane) { InterfaceProbe(l, LaneProber{}, out) })
}

func TestBuggy(t *testing.T) {
	for name, k := range map[string]func(spmd.Lane, []int){
		"PerLaneFunc":    PerLaneFunc,
		"DeferAndReturn": DeferAndReturn,
		"PhasesByLane":   PhasesByLane,
		"HookInField":    HookInField,
		"InterfaceSync":  InterfaceSync,
	} {
		t.Run(name, func(t *testing.T) {
			out := make([]int, 4)
			mustDiverge(t, 4, func(l spmd.Lane) { k(l, out) })
		})
	}
}

func TestOwnedItems(t *testing.T) {
	items := []int{1, 2, 3, 4, 5, 6}
	for name, k := range map[string]func(spmd.Lane, []int, []int){
		"CallbackReduce": CallbackReduce,
		"RangeOwned":     RangeOwned,
	} {
		t.Run(name, func(t *testing.T) {
			out := make([]int, 4)
			mustDiverge(t, 4, func(l spmd.Lane) { k(l, items, out) })
		})
	}
}

func TestPhasesUniform(t *testing.T) {
	out := make([]int, 4)
	mustRun(t, 4, func(l spmd.Lane) { PhasesUniform(l, out) }, out, rep(4, 3))
}
