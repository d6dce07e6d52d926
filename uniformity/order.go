package uniformity

// modifiedPostOrder is LLVM's ModifiedPostOrder: a post-order of a virtual
// CFG in which every cycle is collapsed onto its header, so that walking it
// backwards visits a block after all its predecessors except along back
// edges into a header. Blocks after a cycle come before its header, and the
// header before the rest of the cycle's blocks, which are contiguous.
type modifiedPostOrder struct {
	order           []int   // blocks in modified post-order
	index           []int32 // position of each block in order; -1 if unreachable
	reducibleHeader []bool  // per block: the header of a reducible cycle
}

func newModifiedPostOrder(g Graph, ci *CycleInfo) *modifiedPostOrder {
	n := g.NumBlocks()
	po := &modifiedPostOrder{
		order:           make([]int, 0, n),
		index:           make([]int32, n),
		reducibleHeader: make([]bool, n),
	}
	for i := range po.index {
		po.index[i] = -1
	}
	if n == 0 {
		return po
	}
	w := poWalker{g: g, ci: ci, po: po, finalized: make([]bool, n)}
	w.walk([]int{0}, nil)
	return po
}

type poWalker struct {
	g         Graph
	ci        *CycleInfo
	po        *modifiedPostOrder
	finalized []bool
}

func (w *poWalker) appendBlock(b int, reducibleHeader bool) {
	w.po.index[b] = int32(len(w.po.order))
	w.po.order = append(w.po.order, b)
	w.po.reducibleHeader[b] = reducibleHeader
}

// inside reports whether b is in the region being walked: the cycle c, or
// the whole function when c is nil.
func inside(c *Cycle, b int) bool { return c == nil || c.Contains(b) }

// walk finishes the blocks on stack, all inside region c, treating each
// child cycle of c as a single node that leads to its exits.
func (w *poWalker) walk(stack []int, c *Cycle) {
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		if w.finalized[b] {
			stack = stack[:len(stack)-1]
			continue
		}
		if nested := w.ci.cycleOf[b]; nested != c && (c == nil || c.ContainsCycle(nested)) {
			for nested.Parent != c {
				nested = nested.Parent
			}
			pushed := false
			for _, e := range nested.Exits() {
				if inside(c, e) && !w.finalized[e] {
					stack = append(stack, e)
					pushed = true
				}
			}
			if !pushed {
				stack = stack[:len(stack)-1]
				w.walkCycle(nested)
			}
			continue
		}
		pushed := false
		for _, s := range w.g.Succs(b) {
			if inside(c, s) && !w.finalized[s] {
				stack = append(stack, s)
				pushed = true
			}
		}
		if !pushed {
			stack = stack[:len(stack)-1]
			w.finalized[b] = true
			w.appendBlock(b, false)
		}
	}
}

// walkCycle places the header of c, then the rest of c after it.
func (w *poWalker) walkCycle(c *Cycle) {
	h := c.Header()
	w.finalized[h] = true
	w.appendBlock(h, c.Reducible())
	var stack []int
	for _, s := range w.g.Succs(h) {
		if s != h && c.Contains(s) && !w.finalized[s] {
			stack = append(stack, s)
		}
	}
	w.walk(stack, c)
}
