package uniformity

// controlDependence answers which blocks run under divergent control. Block
// x is control dependent on the branch ending b when x post-dominates a
// successor of b but not b itself: whether x runs depends on which way b
// goes. Under divergent control are the blocks control dependent on a
// divergent branch, and, since only some lanes get there, the blocks control
// dependent on any branch in a block under divergent control.
type controlDependence struct {
	culprits [][]int // per block: the divergent branches it depends on; nil if none
}

func (r *Result) controlDependence() *controlDependence {
	if r.control != nil {
		return r.control
	}
	g := r.g
	n := g.NumBlocks()
	cd := &controlDependence{culprits: make([][]int, n)}
	r.control = cd
	if n == 0 {
		return cd
	}
	pdom := r.postDominators()

	// Edges b -> x of the control dependence graph: x is on the post-dominator
	// tree path from a successor of b up to (not including) b's immediate
	// post-dominator.
	deps := make([][]int, n)
	seen := make([]int, n)
	for i := range seen {
		seen[i] = -1
	}
	for b := 0; b < n; b++ {
		succs := g.Succs(b)
		if len(succs) < 2 || !r.dom.reachable(b) {
			continue
		}
		stop := pdom.idom[b]
		for _, s := range succs {
			for x := int32(s); x != stop && int(x) < n && x >= 0 && seen[x] != b; x = pdom.idom[x] {
				seen[x] = b
				deps[b] = append(deps[b], int(x))
			}
		}
	}

	// Spread from the divergent branches along control dependence. A block
	// reached from a divergent branch directly names that branch; one reached
	// only through other controlled blocks inherits their culprits.
	var queue []int
	for b := 0; b < n; b++ {
		if r.divergentTerm[b] && r.dom.reachable(b) {
			for _, x := range deps[b] {
				if !containsBlock(cd.culprits[x], b) {
					if cd.culprits[x] == nil {
						queue = append(queue, x)
					}
					cd.culprits[x] = append(cd.culprits[x], b)
				}
			}
		}
	}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, y := range deps[x] {
			if cd.culprits[y] == nil {
				cd.culprits[y] = cd.culprits[x]
				queue = append(queue, y)
			}
		}
	}
	return cd
}

// postDominators computes the post-dominator tree over the blocks plus a
// virtual exit (node n) that every block without successors leads to. A
// region that never reaches an exit (an infinite loop) gets a virtual edge
// to the exit from its last block in reverse post-order, so that every
// reachable block has a post-dominator.
func (r *Result) postDominators() *domTree {
	g := r.g
	n := g.NumBlocks()
	exit := n
	virtual := make([][]int, n+1) // extra reverse edges: exit -> b
	reaches := make([]bool, n+1)
	var stack []int
	mark := func(b int) {
		if reaches[b] {
			return
		}
		reaches[b] = true
		stack = append(stack, b)
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, p := range g.Preds(x) {
				if !reaches[p] {
					reaches[p] = true
					stack = append(stack, p)
				}
			}
		}
	}
	for b := 0; b < n; b++ {
		if r.dom.reachable(b) && len(g.Succs(b)) == 0 {
			virtual[exit] = append(virtual[exit], b)
			mark(b)
		}
	}
	rpo, _ := reversePostOrder(n, 0, g.Succs)
	for i := len(rpo) - 1; i >= 0; i-- {
		if b := rpo[i]; !reaches[b] {
			virtual[exit] = append(virtual[exit], b)
			mark(b)
		}
	}
	// The reverse graph: successors are predecessors, and the exit leads to
	// the blocks connected to it.
	rpreds := make([][]int, n+1)
	for _, b := range virtual[exit] {
		rpreds[b] = append(append([]int(nil), g.Succs(b)...), exit)
	}
	rsuccs := func(b int) []int {
		if b == exit {
			return virtual[exit]
		}
		return g.Preds(b)
	}
	rpred := func(b int) []int {
		if b == exit {
			return nil
		}
		if rpreds[b] != nil {
			return rpreds[b]
		}
		return g.Succs(b)
	}
	return newDomTree(n+1, exit, rsuccs, rpred)
}

// ControlDivergence returns the divergent branches (as the blocks they end)
// that decide whether b runs, or nil if all lanes that reach the function
// reach b together. Blocks in a cycle with a divergent exit depend on the
// exiting branch.
func (r *Result) ControlDivergence(b int) []int {
	if r.dom == nil {
		return nil
	}
	return r.controlDependence().culprits[b]
}

func containsBlock(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}
