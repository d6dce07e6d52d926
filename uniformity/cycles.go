package uniformity

import (
	"strconv"
	"strings"
)

// A Cycle is a strongly connected region found by LLVM's cycle analysis
// (GenericCycleInfo): a maximal set of blocks around a header, where the
// header is the first block of the cycle that a depth-first search from the
// entry reaches. A cycle with one entry is reducible (a natural loop); one
// with several entries is irreducible.
type Cycle struct {
	// Index numbers the cycles of one function densely from 0.
	Index int
	// Entries are the blocks of the cycle with a predecessor outside it. The
	// first one is the header.
	Entries  []int
	Parent   *Cycle
	Children []*Cycle
	// Depth is 1 for a top-level cycle.
	Depth int

	info *CycleInfo
	// blocks in the order LLVM 22 lists them: the header, then the blocks in
	// the order the backward walk from the latches found them, a nested
	// cycle's blocks all at once when it was found. So a nested cycle's
	// list is a run of its parent's, and every list is a slice of one array
	// rather than a copy per level of nesting.
	blocks     []int
	own        []int // while computing: own blocks, and ^Index for a nested cycle's
	begin, end int   // where blocks lies in that array: containment is an interval test
	exits      []int
	exitsDone  bool
	inner      []int // the exits inside Parent, built on demand
	innerDone  bool
	outermost  *Cycle   // the top-level cycle around this one
	up         []*Cycle // up[k] is the ancestor 2^k levels out
	unionFind  *Cycle
}

// Header returns the cycle's header: its first entry.
func (c *Cycle) Header() int { return c.Entries[0] }

// Reducible reports whether the cycle has a single entry.
func (c *Cycle) Reducible() bool { return len(c.Entries) == 1 }

// Blocks returns the blocks of the cycle, nested cycles included, header
// first, in LLVM's order.
func (c *Cycle) Blocks() []int { return c.blocks }

// Contains reports whether block b is in the cycle or one of its children.
func (c *Cycle) Contains(b int) bool { return c.ContainsCycle(c.info.cycleOf[b]) }

// ContainsCycle reports whether d is c or nested in it.
func (c *Cycle) ContainsCycle(d *Cycle) bool {
	return d != nil && c.begin <= d.begin && d.end <= c.end
}

// IsEntry reports whether b is one of the cycle's entries.
func (c *Cycle) IsEntry(b int) bool {
	for _, e := range c.Entries {
		if e == b {
			return true
		}
	}
	return false
}

// Exits returns the blocks outside the cycle that a block of the cycle
// branches to, in the order LLVM's getExitBlocks lists them.
func (c *Cycle) Exits() []int {
	if c.exitsDone {
		return c.exits
	}
	for _, d := range c.Children {
		d.Exits()
	}
	// A child's blocks are a run of c's, headed by its header, and the
	// child's exits are, in order, what a scan of that run finds outside the
	// child: reusing them makes the exits of a deep nest cost the sum of
	// their numbers rather than the depth times the blocks.
	ci := c.info
	ci.stampGen++
	add := func(s int) {
		if !c.Contains(s) && ci.stamp[s] != ci.stampGen {
			ci.stamp[s] = ci.stampGen
			c.exits = append(c.exits, s)
		}
	}
	bs := c.blocks
	for i := 0; i < len(bs); {
		if d := ci.cycleOf[bs[i]]; d != c {
			for _, e := range d.exits {
				add(e)
			}
			i += len(d.blocks)
			continue
		}
		for _, s := range ci.g.Succs(bs[i]) {
			add(s)
		}
		i++
	}
	c.exitsDone = true
	return c.exits
}

// innerExits returns the exits of c that lie in its parent, or all its exits
// if it is top-level. The exits of a nested cycle that are not in its parent
// are exits of the parent too, so the inner exits of the cycles around a block
// partition the exits of all of them, and each lies in a different ring of
// the nest.
func (c *Cycle) innerExits() []int {
	if c.Parent == nil {
		return c.Exits()
	}
	if !c.innerDone {
		for _, e := range c.Exits() {
			if c.Parent.Contains(e) {
				c.inner = append(c.inner, e)
			}
		}
		c.innerDone = true
	}
	return c.inner
}

// outermostWithout returns the outermost cycle around c that does not
// contain block b, or nil if c contains b. The cycles around c that contain
// b are those from some depth out, so jumping out by powers of two finds it.
func (c *Cycle) outermostWithout(b int) *Cycle {
	if c == nil || c.Contains(b) {
		return nil
	}
	for k := len(c.up) - 1; k >= 0; k-- {
		if k < len(c.up) && !c.up[k].Contains(b) {
			c = c.up[k]
		}
	}
	return c
}

// ancestorAt returns the cycle around c (or c itself) at the given depth.
func (c *Cycle) ancestorAt(depth int) *Cycle {
	for k := len(c.up) - 1; k >= 0; k-- {
		if k < len(c.up) && c.Depth-(1<<k) >= depth {
			c = c.up[k]
		}
	}
	return c
}

// Format prints the cycle the way LLVM does, e.g. "depth=1: entries(B C) D E".
func (c *Cycle) Format(blockName func(int) string) string {
	var sb strings.Builder
	sb.WriteString("depth=")
	sb.WriteString(strconv.Itoa(c.Depth))
	sb.WriteString(": entries(")
	for i, e := range c.Entries {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(blockName(e))
	}
	sb.WriteByte(')')
	for _, b := range c.Blocks() {
		if !c.IsEntry(b) {
			sb.WriteByte(' ')
			sb.WriteString(blockName(b))
		}
	}
	return sb.String()
}

// CycleInfo is the cycle forest of one function.
type CycleInfo struct {
	g        Graph
	cycleOf  []*Cycle // innermost cycle of each block, nil outside cycles
	TopLevel []*Cycle
	// All lists every cycle, indexed by Cycle.Index, in the order they were
	// found: a cycle comes after the cycles nested in it.
	All []*Cycle

	stamp    []uint32 // scratch for deduplicating exits
	stampGen uint32
}

// CycleOf returns the innermost cycle that contains b, or nil.
func (ci *CycleInfo) CycleOf(b int) *Cycle { return ci.cycleOf[b] }

// Depth returns the number of cycles that contain b.
func (ci *CycleInfo) Depth(b int) int {
	if c := ci.cycleOf[b]; c != nil {
		return c.Depth
	}
	return 0
}

// ComputeCycles finds the cycles of g as LLVM's GenericCycleInfo does. Blocks
// that the entry cannot reach belong to no cycle.
func ComputeCycles(g Graph) *CycleInfo {
	n := g.NumBlocks()
	ci := &CycleInfo{g: g, cycleOf: make([]*Cycle, n), stamp: make([]uint32, n)}
	if n == 0 {
		return ci
	}
	// DFS from the entry. Like LLVM, it takes the successors from the last to
	// the first (LLVM used to push them all on one stack), which decides the
	// headers of irreducible cycles. start is the 1-based preorder number (0:
	// unreachable); end is the largest preorder number in the node's DFS
	// subtree, so ancestry is an interval test.
	start := make([]int32, n)
	end := make([]int32, n)
	preorder := make([]int, 0, n)
	type frame struct{ block, next int }
	var clock int32
	open := func(b int) frame {
		clock++
		start[b] = clock
		preorder = append(preorder, b)
		return frame{b, len(g.Succs(b))}
	}
	stack := []frame{open(0)}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		ss := g.Succs(top.block)
		advanced := false
		for top.next > 0 {
			top.next--
			s := ss[top.next]
			if start[s] == 0 {
				stack = append(stack, open(s))
				advanced = true
				break
			}
		}
		if !advanced {
			end[top.block] = clock
			stack = stack[:len(stack)-1]
		}
	}
	isAncestor := func(a, b int) bool {
		return start[b] != 0 && start[a] <= start[b] && end[b] <= end[a]
	}

	// topLevel finds the outermost cycle found so far around c. Only a
	// top-level cycle gets a parent, so a union-find with path compression
	// over "became a child of" answers this in near-constant time.
	topLevel := func(c *Cycle) *Cycle {
		root := c
		for root.unionFind != nil {
			root = root.unionFind
		}
		for c != root {
			next := c.unionFind
			c.unionFind = root
			c = next
		}
		return root
	}

	var worklist []int
	for i := len(preorder) - 1; i >= 0; i-- {
		h := preorder[i]
		for _, p := range g.Preds(h) {
			if isAncestor(h, p) {
				worklist = append(worklist, p)
			}
		}
		if len(worklist) == 0 {
			continue
		}
		c := &Cycle{info: ci, Entries: []int{h}, own: []int{h}}
		ci.cycleOf[h] = c
		processPreds := func(b int) {
			isEntry := false
			for _, p := range g.Preds(b) {
				switch {
				case isAncestor(h, p):
					worklist = append(worklist, p)
				case start[p] == 0:
					// Unreachable predecessors do not make an entry.
				default:
					isEntry = true
				}
			}
			if isEntry {
				c.Entries = append(c.Entries, b)
			}
		}
		for len(worklist) > 0 {
			b := worklist[len(worklist)-1]
			worklist = worklist[:len(worklist)-1]
			if b == h {
				continue
			}
			if inner := ci.cycleOf[b]; inner != nil {
				if t := topLevel(inner); t != c {
					t.Parent = c
					t.unionFind = c
					c.Children = append(c.Children, t)
					c.own = append(c.own, ^t.Index)
					for _, e := range t.Entries {
						processPreds(e)
					}
				}
				continue
			}
			ci.cycleOf[b] = c
			c.own = append(c.own, b)
			processPreds(b)
		}
		c.Index = len(ci.All)
		ci.All = append(ci.All, c)
	}
	for _, c := range ci.All {
		if c.Parent == nil {
			ci.TopLevel = append(ci.TopLevel, c)
		}
	}

	// Depths, jump pointers, and each cycle's blocks in LLVM's order: its
	// own, with its children's lists spliced in where they were found. A
	// cycle's list is a run of its parent's, so containment is an interval
	// test on the runs.
	inCycles := 0
	for _, c := range ci.cycleOf {
		if c != nil {
			inCycles++
		}
	}
	all := make([]int, inCycles)
	var fill func(c, top *Cycle, depth, at int) int
	fill = func(c, top *Cycle, depth, at int) int {
		c.Depth = depth
		c.outermost = top
		if c.Parent != nil {
			c.up = append(c.up, c.Parent)
			for k := 0; k < len(c.up[k].up); k++ {
				c.up = append(c.up, c.up[k].up[k])
			}
		}
		c.begin = at
		for _, b := range c.own {
			if b >= 0 {
				all[at] = b
				at++
			} else {
				at = fill(ci.All[^b], top, depth+1, at)
			}
		}
		c.end = at
		c.blocks = all[c.begin:at:at]
		c.own = nil
		return at
	}
	at := 0
	for _, c := range ci.TopLevel {
		at = fill(c, c, 1, at)
	}
	return ci
}
