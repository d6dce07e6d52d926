package flow

import (
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func TestBuggy(t *testing.T) {
	for name, k := range map[string]func(spmd.Lane, []int){
		"GridRow":        GridRow,
		"TileOwner":      TileOwner,
		"ClosureLead":    ClosureLead,
		"KindSwitch":     KindSwitch,
		"FigureArea":     FigureArea,
		"LaneName":       LaneName,
		"GrowSlice":      GrowSlice,
		"BallotRank":     BallotRank,
		"ScanFirst":      ScanFirst,
		"FromNeighbor":   FromNeighbor,
		"WorkerStep":     WorkerStep,
		"CheckedBarrier": CheckedBarrier,
		"Quotient":       Quotient,
		"DeferredLeader": DeferredLeader,
	} {
		t.Run(name, func(t *testing.T) {
			out := make([]int, 4)
			mustDiverge(t, 4, func(l spmd.Lane) { k(l, out) })
		})
	}
}

func TestCorrect(t *testing.T) {
	for name, c := range map[string]struct {
		k    func(spmd.Lane, []int)
		want []int
	}{
		"GridShape":     {GridShape, rep(4, 2)},
		"ClosureGroup":  {ClosureGroup, rep(4, 4)},
		"BallotTotal":   {BallotTotal, rep(4, 2)},
		"FromLast":      {FromLast, rep(4, 30)},
		"QuotientGroup": {QuotientGroup, rep(4, 12)},
	} {
		t.Run(name, func(t *testing.T) {
			out := make([]int, 4)
			mustRun(t, 4, func(l spmd.Lane) { c.k(l, out) }, out, c.want)
		})
	}
}
