package uniformity

import (
	"slices"
	"testing"
)

// SetSkipSettled turns skipping settled branches on or off, and returns a
// function that restores the setting.
func SetSkipSettled(on bool) (restore func()) {
	old := skipSettled
	skipSettled = on
	return func() { skipSettled = old }
}

// JoinsOf returns the joins of the branch that ends block b.
func JoinsOf(r *Result, b int) []int {
	var out []int
	for _, j := range r.sync.joinsOf(b, false).joins {
		out = append(out, int(j))
	}
	return out
}

// State is the whole outcome of an analysis, causes and the order of the
// lists included, for tests that require two analyses to be identical.
type State struct {
	Divergent, DivergentTerm []bool
	ExitBranch               []int32
	JoinCause                []stateCause
	Cause, TermCause         []stateCause
	DivergentExit            []bool
	DivergentExits, Assumed  []int
	AssumedBy                []int
	Temporal                 [][3]int
}

// stateCause is a Cause with its cycle as an index: two analyses have
// different cycle objects.
type stateCause struct {
	Kind                        CauseKind
	Value, Block, Branch, Cycle int
}

func stateCauses(cs []Cause) []stateCause {
	out := make([]stateCause, len(cs))
	for i, c := range cs {
		out[i] = stateCause{Kind: c.Kind, Value: c.Value, Block: c.Block, Branch: c.Branch, Cycle: -1}
		if c.Cycle != nil {
			out[i].Cycle = c.Cycle.Index
		}
	}
	return out
}

func (r *Result) State() State {
	s := State{
		Divergent: r.divergent, DivergentTerm: r.divergentTerm,
		ExitBranch: r.exitBranch,
		Cause:      stateCauses(r.cause), TermCause: stateCauses(r.termCause),
		DivergentExit: r.divergentExit, AssumedBy: r.assumedBy,
	}
	var joins []Cause
	for b := range r.g.NumBlocks() {
		joins = append(joins, r.JoinCause(b))
	}
	s.JoinCause = stateCauses(joins)
	for _, t := range r.temporal {
		s.Temporal = append(s.Temporal, [3]int{t.Value, t.User, t.Cycle.Index})
	}
	for _, c := range r.divergentExits {
		s.DivergentExits = append(s.DivergentExits, c.Index)
	}
	for _, c := range r.assumedDivergent {
		s.Assumed = append(s.Assumed, c.Index)
	}
	return s
}

// CheckCycleExits makes every join computation compare the divergent exits
// of the irreducible cycles around the branch with those of LLVM's loop over
// every exit of every such cycle (as sets), and returns a function that
// stops it.
func CheckCycleExits(t testing.TB) (stop func()) {
	checkCycleExits = func(sd *syncDependence, branchCycle *Cycle, added32 []int32) {
		seen := make(map[int]bool)
		for _, e := range sd.desc.cycleExits[:len(sd.desc.cycleExits)-len(added32)] {
			seen[int(e)] = true
		}
		var added []int
		for _, e := range added32 {
			added = append(added, int(e))
		}
		var want []int
		for c := branchCycle; c != nil; c = c.Parent {
			if c.Reducible() {
				continue
			}
			header := sd.labels[c.Header()]
			for _, e := range c.Exits() {
				if sd.labels[e] != header && !seen[e] {
					seen[e] = true
					want = append(want, e)
				}
			}
		}
		added = slices.Sorted(slices.Values(added))
		slices.Sort(want)
		if !slices.Equal(added, want) {
			t.Fatalf("divergent exits of the irreducible cycles around a branch: got %v, LLVM's loop gives %v", added, want)
		}
	}
	return func() { checkCycleExits = nil }
}
