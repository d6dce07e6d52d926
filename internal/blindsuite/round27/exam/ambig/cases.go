// Package ambig holds kernels whose verdict the specification does not settle.
// None carries an EXPECT; REPORT.md gives the question and a guess for each.
package ambig

import (
	"maps"
	"slices"

	"github.com/spmdvet/spmdvet/spmd"
)

// Board is the state of the kernels below.
type Board struct {
	Vals    []int
	Out     []int
	Budget  int
	Weights map[string]int
}

func (b *Board) n() int { return len(b.Vals) }

// budgetFor is a lane's work budget; the lane is only logged.
func budgetFor(lane int, b *Board, trace []int) int {
	if trace != nil {
		trace[lane] = b.Budget
	}
	return b.Budget
}

// kernel A1: Shuffle (declared divergent) from a source every lane shares,
// so its result is the same in every lane.
func (b *Board) ShuffleFromRoot() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		root := spmd.Shuffle(l, b.Vals[i], 0)
		out := 0
		if root > 0 {
			out = spmd.ReduceAdd(l, b.Vals[i])
		}
		b.Out[i] = out
	})
}

// kernel A2: the smallest key of a shared map, taken from its sorted keys.
func (b *Board) SmallestKeySync() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		keys := slices.Sorted(maps.Keys(b.Weights))
		w := b.Weights[keys[0]]
		for k := 0; k < w; k++ {
			l.Barrier()
		}
		b.Out[l.Index()] = w
	})
}

// kernel A3: a known helper given the lane index returns a shared budget.
func (b *Board) BudgetPhases() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		budget := budgetFor(i, b, b.Out)
		for k := 0; k < budget; k++ {
			l.Barrier()
		}
	})
}

// kernel A4: both arms of a lane-dependent switch store the same state in
// per-lane memory.
func (b *Board) ReadyEitherWay() error {
	const ready = 1
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		var state [1]int
		neg := 0
		switch {
		case b.Vals[i] < 0:
			state[0] = ready
			neg++
		default:
			state[0] = ready
		}
		if state[0] == ready {
			l.Barrier()
		}
		b.Out[i] = neg
	})
}

// kernel A5: a constant stored at a lane-dependent index of a per-lane array.
func (b *Board) OwnBucketMark() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		var seen [4]int
		seen[i%4] = 1
		if seen[0] == 1 {
			l.Barrier()
		}
		b.Out[i] = seen[0]
	})
}

// kernel A6: a deferred barrier, with a lane-dependent early return.
func (b *Board) DeferredSync() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		defer l.Barrier()
		if b.Vals[i] < 0 {
			return
		}
		b.Out[i] = b.Vals[i]
	})
}
