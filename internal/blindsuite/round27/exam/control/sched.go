// Package control holds scheduler kernels: the shapes of Go control flow
// (short-circuit operators, switch, loops, labels, goto, map ranges) with a
// collective on the path, lane-dependent or not.
package control

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// Sched is the state of a scheduling kernel.
type Sched struct {
	Vals    []int
	Out     []int
	Active  int // lanes that take part
	Mode    int
	Steps   int
	Rounds  int
	Cut     int
	Row     []int   // a permutation of lane numbers
	Grid    [][]int // rows of lane numbers
	Items   []any
	Weights map[string]int
	Target  string
}

func (s *Sched) n() int { return len(s.Vals) }

// kernel(bug): lanes with nothing to add return before the reduction.
func (s *Sched) SumNonZero() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		if s.Vals[i] == 0 {
			return
		}
		total := spmd.ReduceAdd(l, s.Vals[i]) // EXPECT
		s.Out[i] = total
	})
}

// kernel(ok): the early return depends on the mode only.
func (s *Sched) SumUnlessDisabled() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		if s.Mode < 0 {
			return
		}
		total := spmd.ReduceAdd(l, s.Vals[i])
		s.Out[i] = total
	})
}

// kernel(bug): && : Any runs only in the active lanes.
func (s *Sched) ActiveAny() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		if i < s.Active && spmd.Any(l, s.Vals[i] > 0) { // EXPECT
			s.Out[i] = 1
		}
	})
}

// kernel(ok): && : the left operand is shared.
func (s *Sched) EnabledAny() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		if s.Active > 0 && spmd.Any(l, s.Vals[i] > 0) {
			s.Out[i] = 1
		}
	})
}

// kernel(bug): || : lane 0 short-circuits past All.
func (s *Sched) LeaderOrAll() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		if i == 0 || spmd.All(l, s.Vals[i] > 0) { // EXPECT
			s.Out[i] = 1
		}
	})
}

// kernel(ok): || : All comes first, in every lane.
func (s *Sched) AllOrLeader() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		if spmd.All(l, s.Vals[i] > 0) || i == 0 {
			s.Out[i] = 1
		}
	})
}

// kernel(bug): switch on the lane's class.
func (s *Sched) ByLaneClass() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		v := s.Vals[i]
		var out int
		switch i % 3 {
		case 0:
			out = spmd.ReduceAdd(l, v) // EXPECT
		case 1:
			out = v * 2
		default:
			out = -v
		}
		s.Out[i] = out
	})
}

// kernel(ok): switch on the mode.
func (s *Sched) ByMode() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		v := s.Vals[i]
		var out int
		switch s.Mode % 3 {
		case 0:
			out = spmd.ReduceAdd(l, v)
		case 1:
			out = v * 2
		default:
			out = -v
		}
		s.Out[i] = out
	})
}

// kernel(ok): tagless switch: the shared case is tested first.
func (s *Sched) ModeFirst() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		out := 0
		switch {
		case s.Mode > 1:
			l.Barrier()
			out = s.Vals[(i+1)%l.Count()]
		case i == 0:
			out = -1
		}
		s.Out[i] = out
	})
}

// kernel(bug): tagless switch: lane 0 never tests the shared case.
func (s *Sched) LeaderFirst() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		out := 0
		switch {
		case i == 0:
			out = -1
		case s.Mode > 1:
			l.Barrier() // EXPECT
			out = s.Vals[(i+1)%l.Count()]
		}
		s.Out[i] = out
	})
}

// kernel(bug): type switch on the lane's own item.
func (s *Sched) SumInts() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		out := 0
		switch it := s.Items[i].(type) {
		case int:
			out = spmd.ReduceAdd(l, it) // EXPECT
		case string:
			out = len(it)
		}
		s.Out[i] = out
	})
}

// kernel(ok): type switch on the first item.
func (s *Sched) SumIfFirstInt() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		out := 0
		switch first := s.Items[0].(type) {
		case int:
			out = spmd.ReduceAdd(l, first+i)
		case string:
			out = len(first)
		}
		s.Out[i] = out
	})
}

// kernel(bug): for: the search stops at a different place in each lane.
func (s *Sched) WaitForTurn() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		pos := 0
		for pos < len(s.Row) && s.Row[pos] != i {
			pos++
		}
		for k := 0; k < pos; k++ {
			l.Barrier() // EXPECT
		}
		s.Out[i] = pos
	})
}

// kernel(ok): for: the group waits for the latest turn.
func (s *Sched) WaitForLastTurn() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		pos := 0
		for pos < len(s.Row) && s.Row[pos] != i {
			pos++
		}
		last := spmd.ReduceMax(l, pos)
		for k := 0; k < last; k++ {
			l.Barrier()
		}
		s.Out[i] = pos
	})
}

// kernel(bug): for: lanes break out after their own number of steps.
func (s *Sched) StepUntilOwn() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		done := 0
		for k := 0; k < s.Steps; k++ {
			if k > i {
				break
			}
			l.Barrier() // EXPECT
			done++
		}
		s.Out[i] = done
	})
}

// kernel(ok): for: the break depends on the active count.
func (s *Sched) StepUntilActive() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		done := 0
		for k := 0; k < s.Steps; k++ {
			if k >= s.Active {
				break
			}
			l.Barrier()
			done++
		}
		s.Out[i] = done
	})
}

// kernel(bug): continue skips the barrier in the early steps of late lanes.
func (s *Sched) LateStart() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		work := 0
		for k := range s.Steps {
			if k < i {
				continue
			}
			l.Barrier() // EXPECT
			work++
		}
		s.Out[i] = work
	})
}

// kernel(ok): the barrier comes before the continue.
func (s *Sched) LateStartSynced() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		work := 0
		for k := range s.Steps {
			l.Barrier()
			if k < i {
				continue
			}
			work++
		}
		s.Out[i] = work
	})
}

// kernel(bug): range over an int that depends on the lane.
func (s *Sched) LaneRounds() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		r := 0
		for range i % 3 {
			l.Barrier() // EXPECT
			r++
		}
		s.Out[i] = r
	})
}

// kernel(ok): range over a shared int.
func (s *Sched) GroupRounds() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		r := 0
		for range s.Steps % 3 {
			l.Barrier()
			r++
		}
		s.Out[i] = r
	})
}

// kernel(bug): labelled continue: a lane skips the rows that list it.
func (s *Sched) RowsWithoutMe() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		seen := 0
	rows:
		for r := range s.Grid {
			for _, x := range s.Grid[r] {
				if x == i {
					continue rows
				}
			}
			l.Barrier() // EXPECT
			seen++
		}
		s.Out[i] = seen
	})
}

// kernel(ok): labelled continue: rows marked invalid are skipped by all.
func (s *Sched) ValidRows() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		seen := 0
	rows:
		for r := range s.Grid {
			for _, x := range s.Grid[r] {
				if x < 0 {
					continue rows
				}
			}
			l.Barrier()
			seen++
		}
		s.Out[i] = seen
	})
}

// kernel(bug): labelled break: a lane stops at the first row listing it.
func (s *Sched) DepthOfMe() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		depth := 0
	search:
		for r := range s.Grid {
			for _, x := range s.Grid[r] {
				if x == i {
					break search
				}
			}
			l.Barrier() // EXPECT
			depth++
		}
		s.Out[i] = depth
	})
}

// kernel(ok): labelled break: every lane stops at the first invalid row.
func (s *Sched) DepthOfValid() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		depth := 0
	search:
		for r := range s.Grid {
			for _, x := range s.Grid[r] {
				if x < 0 {
					break search
				}
			}
			l.Barrier()
			depth++
		}
		s.Out[i] = depth
	})
}

// kernel(bug): goto jumps over the barrier in lanes with a negative value.
func (s *Sched) PublishSkippingNegative() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		v := s.Vals[i]
		if v < 0 {
			goto publish
		}
		l.Barrier() // EXPECT
		v = s.Vals[(i+1)%l.Count()]
	publish:
		s.Out[i] = v
	})
}

// kernel(ok): goto jumps over the barrier in every lane or none.
func (s *Sched) PublishSkippingDisabled() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		v := s.Vals[i]
		if s.Mode < 0 {
			goto publish
		}
		l.Barrier()
		v = s.Vals[(i+1)%l.Count()]
	publish:
		s.Out[i] = v
	})
}

// kernel(bug): goto retry loop: each lane retries its own number of times.
func (s *Sched) RetryOwn() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		tries := 0
	retry:
		tries++
		l.Barrier() // EXPECT
		if tries < s.Vals[i] {
			goto retry
		}
		s.Out[i] = tries
	})
}

// kernel(ok): goto retry loop: the group retries a shared number of times.
func (s *Sched) RetryRounds() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		tries := 0
	retry:
		tries++
		l.Barrier()
		if tries < s.Rounds {
			goto retry
		}
		s.Out[i] = tries
	})
}

// kernel(bug): map range: the first weight depends on iteration order.
func (s *Sched) FirstWeightSync() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		first := 0
		for _, w := range s.Weights {
			first = w
			break
		}
		if first > 0 {
			l.Barrier() // EXPECT
		}
		s.Out[l.Index()] = first
	})
}

// kernel(ok): map range: every lane visits every weight.
func (s *Sched) TotalWeightSync() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		total := 0
		for _, w := range s.Weights {
			total += w
			l.Barrier()
		}
		s.Out[l.Index()] = total
	})
}

// kernel(bug): map range: the target's position differs per lane.
func (s *Sched) TargetPosition() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		pos := 0
		for k := range s.Weights {
			if k == s.Target {
				break
			}
			pos++
		}
		for range pos {
			l.Barrier() // EXPECT
		}
		s.Out[l.Index()] = pos
	})
}

// kernel(ok): map range: the group waits for the latest position.
func (s *Sched) TargetPositionMax() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		pos := 0
		for k := range s.Weights {
			if k == s.Target {
				break
			}
			pos++
		}
		pos = spmd.ReduceMax(l, pos)
		for range pos {
			l.Barrier()
		}
		s.Out[l.Index()] = pos
	})
}

// kernel(bug): irreducible: even lanes enter the cycle at produce, odd ones
// at consume.
func (s *Sched) Interleave() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		n := 0
		if i%2 == 0 {
			goto produce
		}
	consume:
		l.Barrier() // EXPECT
	produce:
		n++
		if n < s.Rounds {
			goto consume
		}
		s.Out[i] = n
	})
}

// kernel(ok): irreducible, but all lanes enter at the same label.
func (s *Sched) InterleaveByMode() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		n := 0
		if s.Mode%2 == 0 {
			goto produce
		}
	consume:
		l.Barrier()
	produce:
		n++
		if n < s.Rounds {
			goto consume
		}
		s.Out[i] = n
	})
}

// kernel(bug): irreducible: lanes above the cut enter at count.
func (s *Sched) SplitEntryReduce() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		acc, k := 0, 0
		if s.Vals[i] > s.Cut {
			goto count
		}
	gather:
		acc += spmd.ReduceAdd(l, 1) // EXPECT
	count:
		k++
		if k < s.Rounds {
			goto gather
		}
		s.Out[i] = acc
	})
}

// kernel(ok): the same cycle, reduced once after lanes leave it.
func (s *Sched) SplitEntryReduceAfter() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		acc, k := 0, 0
		if s.Vals[i] > s.Cut {
			goto count
		}
	gather:
		acc++
	count:
		k++
		if k < s.Rounds {
			goto gather
		}
		s.Out[i] = spmd.ReduceAdd(l, acc)
	})
}

// kernel(bug): the barrier sits in an inner loop of per-lane length.
func (s *Sched) InnerSync() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		acc := 0
		for r := range s.Steps {
			for k := 0; k < s.Vals[i]%3; k++ {
				acc += r
				l.Barrier() // EXPECT
			}
		}
		s.Out[i] = acc
	})
}

// kernel(ok): the barrier sits after the inner loop.
func (s *Sched) OuterSync() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		acc := 0
		for r := range s.Steps {
			for k := 0; k < s.Vals[i]%3; k++ {
				acc += r
			}
			l.Barrier()
		}
		s.Out[i] = acc
	})
}
