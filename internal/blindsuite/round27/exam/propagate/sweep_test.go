package propagate

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func newSweep() *Sweep {
	const n = 8
	s := &Sweep{
		Geo:     Geometry{W: 4, H: 2},
		Vals:    make([]int, n),
		Out:     make([]int, n),
		Cut:     4,
		Leader:  2,
		Limit:   new(int),
		Jobs:    make(chan int, n),
		Quota:   map[int]int{0: 1, 1: 2, 2: 3},
		Skip:    map[int]bool{1: true, 3: true},
		Pattern: "#..#",
		Words:   []string{"héllo", "a", "bb", "ccc", "dddd", "e", "ff", "ggg"},
	}
	*s.Limit = 3
	for i := range n {
		s.Vals[i] = i + 1
		v := i % 3
		s.PerLane = append(s.PerLane, &v)
		s.Slots = append(s.Slots, Slot{Ready: i%2 == 0, Val: i + 1})
		if i%2 == 0 {
			s.Items = append(s.Items, Circle{R: 1})
		} else {
			s.Items = append(s.Items, Square{S: 2})
		}
	}
	return s
}

func fill(n, v int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = v
	}
	return out
}

func all(v int) func(t *testing.T, s *Sweep) {
	return func(t *testing.T, s *Sweep) {
		t.Helper()
		if want := fill(len(s.Out), v); !slices.Equal(s.Out, want) {
			t.Errorf("Out = %v, want %v", s.Out, want)
		}
	}
}

func same(t *testing.T, s *Sweep) {
	t.Helper()
	if !slices.Equal(s.Out, s.Vals) {
		t.Errorf("Out = %v, want %v", s.Out, s.Vals)
	}
}

func TestKernels(t *testing.T) {
	cases := []struct {
		name  string
		run   func(*Sweep) error
		setup func(*Sweep)
		check func(*testing.T, *Sweep) // nil: a bug, must diverge
	}{
		{"EvenTilesSync", (*Sweep).EvenTilesSync, nil, nil},
		{"EvenTileCountSync", (*Sweep).EvenTileCountSync, nil, all(36)},
		{"NegatedIndex", (*Sweep).NegatedIndex, nil, nil},
		{"NegatedCount", (*Sweep).NegatedCount, nil, all(36)},
		{"ComplementParity", (*Sweep).ComplementParity, nil, nil},
		{"ComplementCountParity", (*Sweep).ComplementCountParity, nil, all(8)},
		{"SharedLimitPhases", (*Sweep).SharedLimitPhases, nil, all(108)},
		{"OwnLimitPhases", (*Sweep).OwnLimitPhases, nil, nil},
		{"TakeJob", (*Sweep).TakeJob, func(s *Sweep) {
			for j := range 8 {
				s.Jobs <- j
			}
		}, nil},
		{"TakeOwnJob", (*Sweep).TakeOwnJob, nil, all(8)},
		{"FirstHalfSum", (*Sweep).FirstHalfSum, nil, nil},
		{"ScaledSum", (*Sweep).ScaledSum, nil, all(36)},
		{"LowIDsSync", (*Sweep).LowIDsSync, nil, nil},
		{"WideGroupSync", (*Sweep).WideGroupSync, nil, same},
		{"EvenKeySum", (*Sweep).EvenKeySum, nil, nil},
		{"EvenGroupKeySum", (*Sweep).EvenGroupKeySum, nil, all(36)},
		{"EvenRemainderSum", (*Sweep).EvenRemainderSum, nil, nil},
		{"EvenGroupRemainderSum", (*Sweep).EvenGroupRemainderSum, nil, all(36)},
		{"SumUnskipped", (*Sweep).SumUnskipped, nil, nil},
		{"SumUnlessGroupSkipped", (*Sweep).SumUnlessGroupSkipped, nil, all(36)},
		{"WeightedPhases", (*Sweep).WeightedPhases, nil, nil},
		{"GroupWeightedPhases", (*Sweep).GroupWeightedPhases, nil, all(3)},
		{"MarkedSum", (*Sweep).MarkedSum, nil, nil},
		{"TerminatedSum", (*Sweep).TerminatedSum, nil, all(36)},
		{"TopRowSync", (*Sweep).TopRowSync, nil, nil},
		{"TallTileSync", (*Sweep).TallTileSync, nil, all(3)},
		{"SumReady", (*Sweep).SumReady, nil, nil},
		{"SumIfFirstReady", (*Sweep).SumIfFirstReady, nil, all(36)},
		{"TailPhases", (*Sweep).TailPhases, nil, nil},
		{"UpperHalfPhases", (*Sweep).UpperHalfPhases, nil, all(32)},
		{"QuotaPhases", (*Sweep).QuotaPhases, nil, nil},
		{"GroupQuotaPhases", (*Sweep).GroupQuotaPhases, nil, all(3)},
		{"CircleArea", (*Sweep).CircleArea, nil, nil},
		{"CircleAreaIfFirst", (*Sweep).CircleAreaIfFirst, nil, all(28)},
		{"SpellOwnWord", (*Sweep).SpellOwnWord, nil, nil},
		{"SpellFirstWord", (*Sweep).SpellFirstWord, nil, all(5)},
		{"PollJobs", (*Sweep).PollJobs, func(s *Sweep) { s.Jobs <- 5; s.Jobs <- 7 }, nil},
		{"PollJobsThenSum", (*Sweep).PollJobsThenSum, func(s *Sweep) { s.Jobs <- 5; s.Jobs <- 7 }, all(12)},
		{"ExtraRoundForLarge", (*Sweep).ExtraRoundForLarge, nil, nil},
		{"ExtraRoundForCut", (*Sweep).ExtraRoundForCut, nil, all(72)},
		{"RowPhases", (*Sweep).RowPhases, nil, nil},
		{"GroupRowPhases", (*Sweep).GroupRowPhases, nil, all(2)},
		{"OwnerSum", (*Sweep).OwnerSum, nil, nil},
		{"LeaderSum", (*Sweep).LeaderSum, nil, all(36)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSweep()
			if c.setup != nil {
				c.setup(s)
			}
			err := c.run(s)
			if c.check == nil {
				var de *spmd.DivergenceError
				if !errors.As(err, &de) {
					t.Fatalf("want *spmd.DivergenceError, got %v", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			c.check(t, s)
		})
	}
}
