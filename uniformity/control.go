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

// controlDeps returns the edges b -> x of the control dependence graph and
// which blocks run at all. They do not depend on divergence, so they are
// computed once, however often Extend changes the culprits.
func (r *Result) controlDeps() ([][]int, []bool) {
	if r.cd.deps != nil {
		return r.cd.deps, r.cd.alive
	}
	g := r.g
	n := g.NumBlocks()
	live := liveSuccs(g)
	_, liveIndex := reversePostOrder(n, 0, live)
	alive := make([]bool, n)
	for b := range alive {
		alive[b] = liveIndex[b] >= 0
	}
	pdom := r.postDominators(func(b int) bool { return alive[b] })

	// x is on the post-dominator tree path from a successor of b up to
	// (not including) b's immediate post-dominator.
	deps := make([][]int, n)
	seen := make([]int, n)
	for i := range seen {
		seen[i] = -1
	}
	for b := 0; b < n; b++ {
		succs := live(b)
		if len(succs) < 2 || !alive[b] {
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
	r.cd.deps, r.cd.alive = deps, alive
	return deps, alive
}

func (r *Result) controlDependence() *controlDependence {
	if r.control != nil {
		return r.control
	}
	n := r.g.NumBlocks()
	cd := &controlDependence{culprits: make([][]int, n)}
	r.control = cd
	if n == 0 {
		return cd
	}
	deps, alive := r.controlDeps()
	// Spread from the divergent branches along control dependence. A block
	// reached from a divergent branch directly names that branch; one reached
	// only through other controlled blocks inherits their culprits.
	var queue []int
	for b := 0; b < n; b++ {
		if r.divergentTerm[b] && alive[b] {
			for _, x := range deps[b] {
				// b is the last culprit of x if it is one: branches are
				// added in order.
				if c := cd.culprits[x]; len(c) == 0 || c[len(c)-1] != b {
					if cd.culprits[x] == nil {
						queue = append(queue, x)
					}
					cd.culprits[x] = append(cd.culprits[x], b)
				}
			}
		}
	}
	// Lanes leave a cycle with a divergent exit in different iterations,
	// so fewer lanes run its later ones: its blocks depend on the exiting
	// branch, even when every exit leads back into the cycle through an
	// enclosing one (a goto to the label of a for statement). A block
	// under divergent control already keeps its culprits.
	// The cycles come inner first, so a block takes the branch of the
	// innermost such cycle around it: a nested cycle with an exiting branch
	// of its own has been done, and its run of blocks is skipped.
	for ci, b := range r.exitBranch {
		if b < 0 {
			continue
		}
		culprit := []int{int(b)}
		c := r.ci.All[ci]
		bs := c.Blocks()
		for i := 0; i < len(bs); {
			x := bs[i]
			if d := r.ci.cycleOf[x]; d != c && x == d.Header() && r.exitBranch[d.Index] >= 0 {
				i += len(d.blocks)
				continue
			}
			if alive[x] && cd.culprits[x] == nil {
				cd.culprits[x] = culprit
				queue = append(queue, x)
			}
			i++
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

// postDominators computes the post-dominator tree over the live edges of
// the blocks plus a virtual exit (node n) that every block without
// successors leads to.
func (r *Result) postDominators(alive func(int) bool) *domTree {
	g := r.g
	n := g.NumBlocks()
	exit := n
	virtual := make([][]int, n+1) // extra reverse edges: exit -> b
	reaches := make([]bool, n+1)
	livePreds := g.Preds
	if lg, ok := g.(LiveGraph); ok {
		preds := make([][]int, n)
		for b := 0; b < n; b++ {
			for _, s := range lg.LiveSuccs(b) {
				preds[s] = append(preds[s], b)
			}
		}
		livePreds = func(b int) []int { return preds[b] }
	}
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
			for _, p := range livePreds(x) {
				if !reaches[p] {
					reaches[p] = true
					stack = append(stack, p)
				}
			}
		}
	}
	succs := liveSuccs(g)
	for b := 0; b < n; b++ {
		if alive(b) && len(succs(b)) == 0 {
			virtual[exit] = append(virtual[exit], b)
			mark(b)
		}
	}
	// A region that never reaches an exit (an endless loop) is connected
	// through the edges back to its first block in reverse post-order, its
	// entry: the loop then behaves like one that may exit after each
	// iteration, and the branches inside it control only their own arms.
	rpo, rpoIndex := reversePostOrder(n, 0, succs)
	var connect []int
	for _, h := range rpo {
		if reaches[h] {
			continue
		}
		connect = connect[:0]
		for _, p := range livePreds(h) {
			if !reaches[p] && rpoIndex[p] >= rpoIndex[h] {
				connect = append(connect, p) // a back edge: a latch of the loop
			}
		}
		if len(connect) == 0 {
			connect = append(connect, h)
		}
		for _, b := range connect {
			virtual[exit] = append(virtual[exit], b)
			mark(b)
		}
	}
	// The reverse graph: successors are predecessors, and the exit leads to
	// the blocks connected to it.
	rpreds := make([][]int, n+1)
	for _, b := range virtual[exit] {
		rpreds[b] = append(append([]int(nil), succs(b)...), exit)
	}
	rsuccs := func(b int) []int {
		if b == exit {
			return virtual[exit]
		}
		return livePreds(b)
	}
	rpred := func(b int) []int {
		if b == exit {
			return nil
		}
		if rpreds[b] != nil {
			return rpreds[b]
		}
		return succs(b)
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

// LiveGraph may be implemented by a Graph in which some edges never run,
// such as the dead edge of a branch on a constant, which IR that has not
// been optimized still contains. The uniformity analysis follows all edges,
// as LLVM does; only ControlDivergence follows the live ones, so that a
// constant condition does not put its dead arm's join under a branch.
type LiveGraph interface {
	Graph
	// LiveSuccs returns the successors of b that control can reach.
	LiveSuccs(b int) []int
}

func liveSuccs(g Graph) func(int) []int {
	if lg, ok := g.(LiveGraph); ok {
		return lg.LiveSuccs
	}
	return g.Succs
}
