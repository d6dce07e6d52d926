package uniformity

import "slices"

// A divergent branch inside a large irreducible region costs a walk over the
// whole region to find its joins (LLVM's walk does not stop early there),
// and a region with many such branches costs its size times their number.
// Most of those walks change nothing: once the region is assumed divergent
// and its cycles have divergent exits, what a branch can still do is at the
// blocks it reaches outside. settled skips the walk of a branch whose every
// possible effect is already in place, which leaves the result exactly as
// it was.
//
// A branch b can only affect:
//   - a join j reachable from b: the phis of j, the record of a branch
//     that joins at j (JoinCause), and the irreducible cycles around j that
//     it may make divergent;
//   - the cycles around b: whether lanes leave them in different iterations,
//     and a branch that makes them so.
//
// All of those only ever grow, so once they are in place they stay so.
type settled struct {
	// Regions are the top-level cycles, numbered by their position in
	// CycleInfo.TopLevel, and then the blocks in no cycle, numbered
	// len(TopLevel)+block. Every block reachable from a block of a region is
	// in that region or reachable from its exits.
	topIndex []int32 // per cycle Index: its position in TopLevel, or -1
	next     []int32 // per region: its blocks before this one are settled
	closed   []bool  // per region: it and all it reaches are settled
	blocker  []int32 // per region: where the last check failed, or -1
	// settledOut is, per cycle, whether it and every cycle around it are
	// settled for any branch inside.
	settledOut []bool
	seen       []uint32
	gen        uint32
	stack      []int32
	visited    []int32
}

func newSettled(ci *CycleInfo, nb int) *settled {
	nt := len(ci.TopLevel)
	s := &settled{
		topIndex: make([]int32, len(ci.All)),
		next:     make([]int32, nt+nb),
		closed:   make([]bool, nt+nb),
		blocker:  make([]int32, nt+nb),
		seen:     make([]uint32, nt+nb),

		settledOut: make([]bool, len(ci.All)),
	}
	for i := range s.topIndex {
		s.topIndex[i] = -1
	}
	for i, c := range ci.TopLevel {
		s.topIndex[c.Index] = int32(i)
	}
	for i := range s.blocker {
		s.blocker[i] = -1
	}
	return s
}

// clone copies the progress, which holds for the clone too; the clone's
// own progress does not hold for the original.
func (s *settled) clone() *settled {
	c := *s
	c.next = slices.Clone(s.next)
	c.closed = slices.Clone(s.closed)
	c.blocker = slices.Clone(s.blocker)
	c.settledOut = slices.Clone(s.settledOut)
	c.seen = make([]uint32, len(s.seen))
	c.gen = 0
	c.stack, c.visited = nil, nil
	return &c
}

func (r *Result) regionOf(b int) int {
	if c := r.ci.cycleOf[b]; c != nil {
		return int(r.settle.topIndex[c.outermost.Index])
	}
	return len(r.ci.TopLevel) + b
}

// skipSettled is turned off by tests that check that skipping settled
// work changes nothing.
var skipSettled = true

// unsettledCycles counts the cycles around block b that are not settled.
func (r *Result) unsettledCycles(b int) int {
	_, alive := r.controlDeps()
	out := r.settle.settledOut
	n := 0
	x := r.ci.cycleOf[b]
	for ; x != nil && !out[x.Index]; x = x.Parent {
		if !r.cycleSettled(x, alive[b]) {
			n++
		}
	}
	// Settled for a branch that runs is settled for any.
	if n == 0 && alive[b] {
		for y := r.ci.cycleOf[b]; y != x; y = y.Parent {
			out[y.Index] = true
		}
	}
	return n
}

// cycleSettled reports whether a divergent branch in cycle c can change
// nothing more about it: it has a divergent exit, and a branch whose paths
// leave it by an exit that runs unless the branch does not run (!alive).
func (r *Result) cycleSettled(c *Cycle, alive bool) bool {
	return r.divergentExit[c.Index] && (r.exitBranch[c.Index] >= 0 || !alive)
}

// reachSettled reports whether every block that region start reaches is
// settled. A failing region is remembered, so that asking again costs
// little until it changes.
func (r *Result) reachSettled(start int) bool {
	s := r.settle
	if s.closed[start] {
		return true
	}
	if bl := s.blocker[start]; bl >= 0 && !r.regionSettled(int(bl)) {
		return false
	}
	s.gen++
	s.stack = append(s.stack[:0], int32(start))
	s.visited = s.visited[:0]
	s.seen[start] = s.gen
	for len(s.stack) > 0 {
		reg := int(s.stack[len(s.stack)-1])
		s.stack = s.stack[:len(s.stack)-1]
		if s.closed[reg] {
			continue
		}
		if !r.regionSettled(reg) {
			s.blocker[start] = int32(reg)
			return false
		}
		s.visited = append(s.visited, int32(reg))
		for _, x := range r.regionSuccs(reg) {
			if next := r.regionOf(x); s.seen[next] != s.gen {
				s.seen[next] = s.gen
				s.stack = append(s.stack, int32(next))
			}
		}
	}
	for _, reg := range s.visited {
		s.closed[reg] = true
	}
	return true
}

// regionSettled reports whether every block of the region is settled,
// resuming where the last check stopped.
func (r *Result) regionSettled(reg int) bool {
	s := r.settle
	if nt := len(r.ci.TopLevel); reg >= nt {
		return r.joinSettled(reg - nt)
	}
	blocks := r.ci.TopLevel[reg].Blocks()
	for i := int(s.next[reg]); i < len(blocks); i++ {
		if !r.joinSettled(blocks[i]) {
			s.next[reg] = int32(i)
			return false
		}
	}
	s.next[reg] = int32(len(blocks))
	return true
}

// regionSuccs returns blocks outside the region that it branches to.
func (r *Result) regionSuccs(reg int) []int {
	if nt := len(r.ci.TopLevel); reg >= nt {
		return r.g.Succs(reg - nt)
	}
	return r.ci.TopLevel[reg].Exits()
}

// joinSettled reports whether being a join of one more divergent branch
// changes nothing at block j.
func (r *Result) joinSettled(j int) bool {
	// Every irreducible cycle around j must lie in one assumed divergent,
	// so that no branch can newly make it so.
	if c := r.ci.cycleOf[j]; c != nil && r.assumed[c.outermost.Index] {
		return true
	}
	inAssumed, open := false, false
	for c := r.ci.cycleOf[j]; c != nil; c = c.Parent {
		switch {
		case r.assumed[c.Index]:
			inAssumed, open = true, false
		case !c.Reducible():
			open = true
		}
	}
	if open {
		return false
	}
	if inAssumed {
		return true // every value of j is divergent, and JoinCause names the cycle
	}
	// The first branch that joins at j marks every phi there that merges
	// different values, and is what JoinCause names.
	for _, v := range r.g.Instrs(j) {
		if r.g.IsPhi(v) {
			return r.joinBranch[j] >= 0
		}
	}
	return true
}
