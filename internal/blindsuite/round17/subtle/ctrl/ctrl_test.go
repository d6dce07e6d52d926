package ctrl

import (
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func TestBuggy(t *testing.T) {
	for name, k := range map[string]func(spmd.Lane, []int){
		"BreakOuter":         BreakOuter,
		"ContinueFromSwitch": ContinueFromSwitch,
		"FirstSquare":        FirstSquare,
		"GotoMiddle":         GotoMiddle,
		"GotoIntoBody":       GotoIntoBody,
		"AndVote":            AndVote,
		"OrVote":             OrVote,
		"CaseOrder":          CaseOrder,
		"VoteLoopAnd":        VoteLoopAnd,
	} {
		t.Run(name, func(t *testing.T) {
			out := make([]int, 4)
			mustDiverge(t, 4, func(l spmd.Lane) { k(l, out) })
		})
	}
}

func TestBuggyData(t *testing.T) {
	for name, c := range map[string]struct {
		k    func(spmd.Lane, []int, []int)
		data []int
	}{
		"ScanPhases":      {ScanPhases, []int{0, 1, 2, 3, 4}},
		"DrainKernel":     {DrainKernel, []int{1}},
		"LastBelow":       {LastBelow, []int{0, 1, 2, 3, 4}},
		"ReturnFromRange": {ReturnFromRange, []int{1, 3}},
	} {
		t.Run(name, func(t *testing.T) {
			out := make([]int, 4)
			mustDiverge(t, 4, func(l spmd.Lane) { c.k(l, c.data, out) })
		})
	}
}

func TestCorrect(t *testing.T) {
	for name, c := range map[string]struct {
		k    func(spmd.Lane, []int)
		want []int
	}{
		"BreakInner":       {BreakInner, rep(4, 4)},
		"BreakFromSwitch":  {BreakFromSwitch, rep(4, 3)},
		"GotoUniform":      {GotoUniform, rep(4, 3)},
		"GotoThenSync":     {GotoThenSync, rep(4, 3)},
		"AndVoteUniform":   {AndVoteUniform, rep(4, 1)},
		"CaseOrderSwapped": {CaseOrderSwapped, rep(4, 1)},
		"VoteLoop":         {VoteLoop, rep(4, 3)},
	} {
		t.Run(name, func(t *testing.T) {
			out := make([]int, 4)
			mustRun(t, 4, func(l spmd.Lane) { c.k(l, out) }, out, c.want)
		})
	}
}

func TestCorrectData(t *testing.T) {
	for name, c := range map[string]struct {
		k    func(spmd.Lane, []int, []int)
		data []int
		want []int
	}{
		"ScanThenSync":       {ScanThenSync, []int{0, 1, 2, 3, 4}, []int{1, 2, 3, 4}},
		"InvariantAfterLoop": {InvariantAfterLoop, []int{0, 1, 2, 3, 4}, rep(4, 6)},
		"BreakFromRange":     {BreakFromRange, []int{1, 3}, rep(4, 1)},
	} {
		t.Run(name, func(t *testing.T) {
			out := make([]int, 4)
			mustRun(t, 4, func(l spmd.Lane) { c.k(l, c.data, out) }, out, c.want)
		})
	}
}
