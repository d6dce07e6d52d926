package uniformity

import (
	"math/bits"
	"slices"
	"sort"
)

// divergenceDesc is what a divergent branch does to control flow: the blocks
// where paths that it split meet again (joins), and the cycle exits that
// lanes may take in different iterations.
type divergenceDesc struct {
	// int32 and trimmed: a branch in a large irreducible region has joins
	// all over it, and the cache keeps every branch's.
	joins      []int32
	cycleExits []int32
	// withoutExits: the divergent exits of irreducible cycles around the
	// branch were not computed, as the caller did not need them.
	withoutExits bool
}

// syncDependence finds the joins of divergent branches (LLVM's
// GenericSyncDependenceAnalysis). It treats the question as SSA construction
// for a virtual variable that every successor of the branch defines: a
// block needs a phi for it exactly when two disjoint paths from the branch
// meet there.
type syncDependence struct {
	g      Graph
	ci     *CycleInfo
	po     *modifiedPostOrder
	llvm22 bool
	cache  map[int]*divergenceDesc

	// Scratch state of one propagation, reused so that each query costs
	// what it touches rather than the size of the function.
	labels  []int32 // reaching "definition" (a block) per block; -1 for none
	touched []int
	fresh   bitset
	desc    *divergenceDesc
	inDesc  []uint8 // per block: bit 1 in joins, bit 2 in cycleExits
	joinBuf []int32 // desc's lists while it is built
	exitBuf []int32

	// Scratch state of irreducibleCycleExits.
	chain           []*Cycle
	headerLabels    []int32
	nextIrreducible []int32
	nextOther       []int32
}

func newSyncDependence(g Graph, ci *CycleInfo, po *modifiedPostOrder, llvm22 bool) *syncDependence {
	n := g.NumBlocks()
	sd := &syncDependence{
		g: g, ci: ci, po: po, llvm22: llvm22,
		cache:  make(map[int]*divergenceDesc),
		labels: make([]int32, n),
		inDesc: make([]uint8, n),
		fresh:  newBitset(n),
	}
	for i := range sd.labels {
		sd.labels[i] = -1
	}
	return sd
}

var emptyDesc = &divergenceDesc{}

// joinsOf returns the joins and divergent cycle exits of the branch that
// ends block b. Without exits, the cycle exits may be incomplete.
func (sd *syncDependence) joinsOf(b int, exits bool) *divergenceDesc {
	if len(sd.g.Succs(b)) <= 1 {
		return emptyDesc
	}
	if d, ok := sd.cache[b]; ok && (!exits || !d.withoutExits) {
		return d
	}
	d := sd.propagate(b, exits)
	sd.cache[b] = d
	return d
}

func (sd *syncDependence) addJoin(b int) {
	if sd.inDesc[b]&1 == 0 {
		sd.inDesc[b] |= 1
		sd.touch(b)
		sd.desc.joins = append(sd.desc.joins, int32(b))
	}
}

func (sd *syncDependence) addCycleExit(b int) {
	if sd.inDesc[b]&2 == 0 {
		sd.inDesc[b] |= 2
		sd.touch(b)
		sd.desc.cycleExits = append(sd.desc.cycleExits, int32(b))
	}
}

func (sd *syncDependence) touch(b int) { sd.touched = append(sd.touched, b) }

// computeJoin pushes the definition label to block s and reports whether s
// is a join: it was already reached by a different definition.
func (sd *syncDependence) computeJoin(s int, label int32) bool {
	old := sd.labels[s]
	if old == label {
		return false
	}
	if old != int32(s) {
		sd.fresh.set(int(sd.po.index[s]))
	}
	if old < 0 {
		sd.labels[s] = label
		sd.touch(s)
		return false
	}
	sd.labels[s] = int32(s)
	return true
}

func (sd *syncDependence) visitEdge(s int, label int32) {
	if sd.computeJoin(s, label) {
		sd.addJoin(s)
	}
}

// visitCycleExitEdge follows the virtual edge from the header of a reducible
// cycle that contains the branch to one of the cycle's exits.
func (sd *syncDependence) visitCycleExitEdge(s int, label int32) {
	if sd.computeJoin(s, label) {
		sd.addCycleExit(s)
		// LLVM 22 stops here, so the phis of an exit where diverged paths
		// meet stay uniform when they merge constants; LLVM PR #216296 makes
		// the exit a join as well.
		if !sd.llvm22 {
			sd.addJoin(s)
		}
	}
}

func (sd *syncDependence) propagate(branch int, exits bool) *divergenceDesc {
	sd.desc = &divergenceDesc{joins: sd.joinBuf[:0], cycleExits: sd.exitBuf[:0]}
	defer sd.reset()
	g, ci, po := sd.g, sd.ci, sd.po

	branchCycle := ci.cycleOf[branch]
	// Propagation may stop early once a single label is live, except inside
	// an irreducible region, where labels can still flow around the cycle.
	var irreducibleAncestor *Cycle
	if branchCycle != nil && !branchCycle.Reducible() {
		irreducibleAncestor = branchCycle
		for p := irreducibleAncestor.Parent; p != nil && !p.Reducible(); p = p.Parent {
			irreducibleAncestor = p
		}
	}

	for _, s := range g.Succs(branch) {
		if branchCycle != nil && !branchCycle.Contains(s) {
			// Leaving the cycle straight from the branch: the walk below
			// might never see this exit reached by two labels.
			sd.addCycleExit(s)
		}
		sd.visitEdge(s, int32(s))
	}

	branchIndex := int(po.index[branch])
	for {
		i := sd.fresh.last()
		if i < 0 {
			break
		}
		b := po.order[i]
		if sd.fresh.count == 1 && (irreducibleAncestor == nil || !irreducibleAncestor.Contains(b)) {
			break
		}
		sd.fresh.clear(i)
		if i == branchIndex {
			continue
		}
		label := sd.labels[b]
		if po.reducibleHeader[b] {
			// Jump over the whole reducible cycle to its exits: inside it,
			// only the header can be reached by two paths from outside.
			c := ci.cycleOf[b]
			branchInside := c.Contains(branch)
			for _, e := range c.Exits() {
				if branchInside {
					sd.visitCycleExitEdge(e, label)
				} else {
					sd.visitEdge(e, label)
				}
			}
		} else {
			for _, s := range g.Succs(b) {
				sd.visitEdge(s, label)
			}
		}
	}

	if !exits {
		sd.desc.withoutExits = true
		return sd.finish()
	}
	before := len(sd.desc.cycleExits)
	sd.irreducibleCycleExits(branchCycle)
	if checkCycleExits != nil {
		checkCycleExits(sd, branchCycle, sd.desc.cycleExits[before:])
	}
	return sd.finish()
}

// finish returns the description built in the scratch lists, copied at
// their length for the cache.
func (sd *syncDependence) finish() *divergenceDesc {
	d := sd.desc
	sd.joinBuf, sd.exitBuf = d.joins, d.cycleExits
	d.joins = slices.Clip(slices.Clone(d.joins))
	d.cycleExits = slices.Clip(slices.Clone(d.cycleExits))
	return d
}

// irreducibleCycleExits adds the divergent exits of the irreducible cycles
// around the branch: those whose label differs from the cycle's header's.
// LLVM visits every exit of every such cycle, from the innermost out, which
// costs the depth of the nest times its exits. This visits each block that
// is an exit of some cycle of the chain once, ring by ring from the
// innermost, and asks whether it counts for any of the cycles it exits. The
// order differs from LLVM's, which only changes which reason is recorded
// first for a value that several make divergent.
func (sd *syncDependence) irreducibleCycleExits(branchCycle *Cycle) {
	chain := sd.chain[:0]
	last := -1
	for c := branchCycle; c != nil; c = c.Parent {
		if !c.Reducible() {
			last = len(chain)
		}
		chain = append(chain, c)
	}
	sd.chain = chain
	if last < 0 {
		return
	}
	chain = chain[:last+1]
	n := len(chain)
	// nextIrreducible[j] is the first irreducible cycle of the chain from j
	// on; nextOther[j], for an irreducible j, the first irreducible one after
	// it whose header has another label. Both are n when there is none.
	header := growInt32(&sd.headerLabels, n)
	nextIrreducible := growInt32(&sd.nextIrreducible, n+1)
	nextOther := growInt32(&sd.nextOther, n)
	nextIrreducible[n] = int32(n)
	for j := n - 1; j >= 0; j-- {
		header[j] = sd.labels[chain[j].Header()]
		if !chain[j].Reducible() {
			nextIrreducible[j] = int32(j)
		} else {
			nextIrreducible[j] = nextIrreducible[j+1]
		}
	}
	for j := n - 1; j >= 0; j-- {
		if chain[j].Reducible() {
			continue
		}
		k := nextIrreducible[j+1]
		switch {
		case k == int32(n) || header[k] != header[j]:
			nextOther[j] = k
		default:
			nextOther[j] = nextOther[k]
		}
	}
	// firstCounting is the first irreducible cycle among chain[lo:hi+1] whose
	// header's label differs from label, or -1.
	firstCounting := func(lo, hi int, label int32) int {
		j := int(nextIrreducible[lo])
		if j > hi {
			return -1
		}
		if header[j] != label {
			return j
		}
		if k := int(nextOther[j]); k <= hi {
			return k
		}
		return -1
	}

	for k := range n {
		// The exits of chain[k] that lie in chain[k+1] are exits of the
		// cycles up to k only; those of the outermost irreducible cycle that
		// lie outside it are exits of every irreducible cycle of the chain.
		exits := chain[k].Exits()
		if k < last {
			exits = chain[k].innerExits()
		}
		for _, e := range exits {
			label := sd.labels[e]
			if firstCounting(k, k, label) >= 0 {
				sd.addCycleExit(e)
				continue
			}
			// e is also an exit of chain[j] for j from the innermost cycle
			// that holds one of its predecessors.
			lo := k
			for _, p := range sd.g.Preds(e) {
				if j := sort.Search(lo, func(j int) bool { return chain[j].Contains(p) }); j < lo {
					lo = j
				}
			}
			if lo < k && firstCounting(lo, k-1, label) >= 0 {
				sd.addCycleExit(e)
			}
		}
	}
}

// checkCycleExits, set by tests, compares what irreducibleCycleExits added
// with LLVM's loop.
var checkCycleExits func(sd *syncDependence, branchCycle *Cycle, added []int32)

func growInt32(s *[]int32, n int) []int32 {
	if cap(*s) < n {
		*s = make([]int32, n)
	}
	return (*s)[:n]
}

func (sd *syncDependence) reset() {
	// Every block with a fresh bit has been touched: clearing those is
	// enough, and keeps a query's cost independent of the function's size.
	for _, b := range sd.touched {
		sd.labels[b] = -1
		sd.inDesc[b] = 0
		sd.fresh.clear(int(sd.po.index[b]))
	}
	sd.touched = sd.touched[:0]
	sd.desc = nil
}

// bitset is a set of small integers that finds its largest member quickly:
// a summary word per 64 words says which words are non-empty, so that a
// sparse set spread over a large function costs no scan of empty words.
type bitset struct {
	words   []uint64
	summary []uint64
	count   int
}

func newBitset(n int) bitset {
	nw := (n + 63) / 64
	return bitset{words: make([]uint64, nw), summary: make([]uint64, (nw+63)/64)}
}

func (s *bitset) set(i int) {
	w, m := i/64, uint64(1)<<(i%64)
	if s.words[w]&m == 0 {
		s.words[w] |= m
		s.summary[w/64] |= 1 << (w % 64)
		s.count++
	}
}

func (s *bitset) clear(i int) {
	w, m := i/64, uint64(1)<<(i%64)
	if s.words[w]&m != 0 {
		s.words[w] &^= m
		if s.words[w] == 0 {
			s.summary[w/64] &^= 1 << (w % 64)
		}
		s.count--
	}
}

func (s *bitset) last() int {
	if s.count == 0 {
		return -1
	}
	for sw := len(s.summary) - 1; sw >= 0; sw-- {
		if x := s.summary[sw]; x != 0 {
			w := sw*64 + 63 - bits.LeadingZeros64(x)
			return w*64 + 63 - bits.LeadingZeros64(s.words[w])
		}
	}
	return -1
}
