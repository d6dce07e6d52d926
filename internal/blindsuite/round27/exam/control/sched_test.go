package control

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func newSched() *Sched {
	return &Sched{
		Vals:   []int{3, 0, 5, -2, 1, 4, 0, 2},
		Out:    make([]int, 8),
		Active: 4,
		Steps:  5,
		Rounds: 3,
		Cut:    2,
		Row:    []int{3, 1, 4, 0, 6, 2, 7, 5},
		Grid:   [][]int{{0, 1, 2, 3}, {-1, 0, 1}, {0}},
		Items:  []any{4, "xy", 6, 7, "z", 9, 1, 2},
		Weights: map[string]int{
			"a": 1, "b": -1, "c": 2, "d": -2, "e": 3, "f": -3, "g": 4, "h": 0,
		},
		Target: "e",
	}
}

func want(vals ...int) func(*testing.T, *Sched) {
	return func(t *testing.T, s *Sched) {
		t.Helper()
		if !slices.Equal(s.Out, vals) {
			t.Errorf("Out = %v, want %v", s.Out, vals)
		}
	}
}

func all(v int) func(*testing.T, *Sched) {
	return want(v, v, v, v, v, v, v, v)
}

func mode(m int) func(*Sched) { return func(s *Sched) { s.Mode = m } }

func TestKernels(t *testing.T) {
	cases := []struct {
		name  string
		run   func(*Sched) error
		setup func(*Sched)
		check func(*testing.T, *Sched) // nil: a bug, must diverge
		tries int                      // runs allowed to find a map-order divergence
	}{
		{"SumNonZero", (*Sched).SumNonZero, nil, nil, 1},
		{"SumUnlessDisabled", (*Sched).SumUnlessDisabled, nil, all(13), 1},
		{"ActiveAny", (*Sched).ActiveAny, nil, nil, 1},
		{"EnabledAny", (*Sched).EnabledAny, nil, all(1), 1},
		{"LeaderOrAll", (*Sched).LeaderOrAll, nil, nil, 1},
		{"AllOrLeader", (*Sched).AllOrLeader, nil, want(1, 0, 0, 0, 0, 0, 0, 0), 1},
		{"ByLaneClass", (*Sched).ByLaneClass, nil, nil, 1},
		{"ByMode", (*Sched).ByMode, nil, all(13), 1},
		{"ModeFirst", (*Sched).ModeFirst, mode(2), want(0, 5, -2, 1, 4, 0, 2, 3), 1},
		{"LeaderFirst", (*Sched).LeaderFirst, mode(2), nil, 1},
		{"SumInts", (*Sched).SumInts, nil, nil, 1},
		{"SumIfFirstInt", (*Sched).SumIfFirstInt, nil, all(8*4 + 28), 1},
		{"WaitForTurn", (*Sched).WaitForTurn, nil, nil, 1},
		{"WaitForLastTurn", (*Sched).WaitForLastTurn, nil, want(3, 1, 5, 0, 2, 7, 4, 6), 1},
		{"StepUntilOwn", (*Sched).StepUntilOwn, nil, nil, 1},
		{"StepUntilActive", (*Sched).StepUntilActive, nil, all(4), 1},
		{"LateStart", (*Sched).LateStart, nil, nil, 1},
		{"LateStartSynced", (*Sched).LateStartSynced, nil, want(5, 4, 3, 2, 1, 0, 0, 0), 1},
		{"LaneRounds", (*Sched).LaneRounds, nil, nil, 1},
		{"GroupRounds", (*Sched).GroupRounds, nil, all(2), 1},
		{"RowsWithoutMe", (*Sched).RowsWithoutMe, nil, nil, 1},
		{"ValidRows", (*Sched).ValidRows, nil, all(2), 1},
		{"DepthOfMe", (*Sched).DepthOfMe, nil, nil, 1},
		{"DepthOfValid", (*Sched).DepthOfValid, nil, all(1), 1},
		{"PublishSkippingNegative", (*Sched).PublishSkippingNegative, nil, nil, 1},
		{"PublishSkippingDisabled", (*Sched).PublishSkippingDisabled, nil, want(0, 5, -2, 1, 4, 0, 2, 3), 1},
		{"RetryOwn", (*Sched).RetryOwn, nil, nil, 1},
		{"RetryRounds", (*Sched).RetryRounds, nil, all(3), 1},
		{"FirstWeightSync", (*Sched).FirstWeightSync, nil, nil, 200},
		{"TotalWeightSync", (*Sched).TotalWeightSync, nil, all(4), 1},
		{"TargetPosition", (*Sched).TargetPosition, nil, nil, 200},
		{"TargetPositionMax", (*Sched).TargetPositionMax, nil, func(t *testing.T, s *Sched) {
			for _, v := range s.Out {
				if v != s.Out[0] || v < 0 || v > 7 {
					t.Errorf("Out = %v, want one position in every lane", s.Out)
				}
			}
		}, 1},
		{"Interleave", (*Sched).Interleave, nil, nil, 1},
		{"InterleaveByMode", (*Sched).InterleaveByMode, nil, all(3), 1},
		{"SplitEntryReduce", (*Sched).SplitEntryReduce, nil, nil, 1},
		{"SplitEntryReduceAfter", (*Sched).SplitEntryReduceAfter, nil, all(21), 1},
		{"InnerSync", (*Sched).InnerSync, nil, nil, 1},
		{"OuterSync", (*Sched).OuterSync, nil, want(0, 0, 20, 0, 10, 10, 0, 20), 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.check != nil {
				s := newSched()
				if c.setup != nil {
					c.setup(s)
				}
				if err := c.run(s); err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				c.check(t, s)
				return
			}
			var err error
			for range c.tries {
				s := newSched()
				if c.setup != nil {
					c.setup(s)
				}
				if err = c.run(s); err != nil {
					break
				}
			}
			var de *spmd.DivergenceError
			if !errors.As(err, &de) {
				t.Fatalf("want *spmd.DivergenceError, got %v", err)
			}
		})
	}
}
