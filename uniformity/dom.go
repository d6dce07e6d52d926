package uniformity

// domTree is a dominator tree over nodes 0..n-1, computed with the
// Cooper-Harvey-Kennedy iteration over reverse post-order. The same code
// computes post-dominators by running on the reversed graph.
type domTree struct {
	idom []int32 // immediate dominator; the root is its own; -1 if unreachable
	// pre and post number the tree so that dominance is an interval test.
	pre, post []int32
}

func newDomTree(n, root int, succs, preds func(int) []int) *domTree {
	rpo, rpoIndex := reversePostOrder(n, root, succs)
	idom := make([]int32, n)
	for i := range idom {
		idom[i] = -1
	}
	idom[root] = int32(root)
	intersect := func(a, b int32) int32 {
		for a != b {
			for rpoIndex[a] > rpoIndex[b] {
				a = idom[a]
			}
			for rpoIndex[b] > rpoIndex[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for _, b := range rpo[1:] {
			newIdom := int32(-1)
			for _, p := range preds(b) {
				if idom[p] < 0 {
					continue // not processed yet, or unreachable
				}
				if newIdom < 0 {
					newIdom = int32(p)
				} else {
					newIdom = intersect(int32(p), newIdom)
				}
			}
			if idom[b] != newIdom {
				idom[b] = newIdom
				changed = true
			}
		}
	}

	t := &domTree{idom: idom, pre: make([]int32, n), post: make([]int32, n)}
	// Number the tree. Children lists in CSR form keep this allocation-light.
	start := make([]int32, n+1)
	for v, d := range idom {
		if d >= 0 && v != root {
			start[d+1]++
		}
	}
	for i := 1; i <= n; i++ {
		start[i] += start[i-1]
	}
	children := make([]int32, start[n])
	fill := append([]int32(nil), start[:n]...)
	for v, d := range idom {
		if d >= 0 && v != root {
			children[fill[d]] = int32(v)
			fill[d]++
		}
	}
	for i := range t.pre {
		t.pre[i], t.post[i] = -1, -1
	}
	type frame struct{ node, next int32 }
	stack := []frame{{int32(root), start[root]}}
	var clock int32
	t.pre[root] = clock
	clock++
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next < start[top.node+1] {
			c := children[top.next]
			top.next++
			t.pre[c] = clock
			clock++
			stack = append(stack, frame{c, start[c]})
			continue
		}
		t.post[top.node] = clock
		clock++
		stack = stack[:len(stack)-1]
	}
	return t
}

// reversePostOrder returns the nodes reachable from root in reverse
// post-order, and each node's index in it (-1 if unreachable).
func reversePostOrder(n, root int, succs func(int) []int) ([]int, []int32) {
	index := make([]int32, n)
	for i := range index {
		index[i] = -1
	}
	visited := make([]bool, n)
	post := make([]int, 0, n)
	type frame struct{ node, next int }
	stack := []frame{{root, 0}}
	visited[root] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		ss := succs(top.node)
		if top.next < len(ss) {
			s := ss[top.next]
			top.next++
			if !visited[s] {
				visited[s] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		post = append(post, top.node)
		stack = stack[:len(stack)-1]
	}
	for i, j := 0, len(post)-1; i < j; i, j = i+1, j-1 {
		post[i], post[j] = post[j], post[i]
	}
	for i, b := range post {
		index[b] = int32(i)
	}
	return post, index
}

func (t *domTree) reachable(b int) bool { return t.pre[b] >= 0 }

// dominates follows LLVM: an unreachable block is dominated by everything
// and dominates nothing but itself.
func (t *domTree) dominates(a, b int) bool {
	if a == b || !t.reachable(b) {
		return true
	}
	if !t.reachable(a) {
		return false
	}
	return t.pre[a] <= t.pre[b] && t.post[b] <= t.post[a]
}

func (t *domTree) properlyDominates(a, b int) bool {
	return a != b && t.dominates(a, b)
}
