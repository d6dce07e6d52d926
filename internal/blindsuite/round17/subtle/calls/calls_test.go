package calls

import (
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func TestBuggy(t *testing.T) {
	for name, k := range map[string]func(spmd.Lane, []int){
		"LeadSync":       LeadSync,
		"ReturnThenSync": ReturnThenSync,
		"EvenTotal":      EvenTotal,
		"BoundBarrier":   BoundBarrier,
		"ExprBarrier":    ExprBarrier,
		"ReducerValue":   ReducerValue,
		"TeamSync":       TeamSync,
		"DeferSome":      DeferSome,
		"FinishSome":     FinishSome,
		"CollectiveOp":   CollectiveOp,
		"ClosureSync":    ClosureSync,
	} {
		t.Run(name, func(t *testing.T) {
			out := make([]int, 4)
			mustDiverge(t, 4, func(l spmd.Lane) { k(l, out) })
		})
	}
}

func TestGenericSome(t *testing.T) {
	out := make([]float64, 4)
	mustDiverge(t, 4, func(l spmd.Lane) { GenericSome(l, out) })
}

func TestCorrect(t *testing.T) {
	for name, c := range map[string]struct {
		k    func(spmd.Lane, []int)
		want []int
	}{
		"BoundBarrierUniform": {BoundBarrierUniform, rep(4, 1)},
		"DeferAll":            {DeferAll, []int{1, 0, 1, 0}},
		"GenericAll":          {GenericAll, rep(4, 4)},
	} {
		t.Run(name, func(t *testing.T) {
			out := make([]int, 4)
			mustRun(t, 4, func(l spmd.Lane) { c.k(l, out) }, out, c.want)
		})
	}
}

func TestRangeValues(t *testing.T) {
	data, out := []int{1, 2, 3}, make([]int, 4)
	mustRun(t, 4, func(l spmd.Lane) { RangeValues(l, data, out) }, out, rep(4, 24))
}
