// Package lists: linked lists and binary trees built per lane, with uniform
// shape and lane-dependent values or the other way round, nodes shared
// between lists, and lists in shared memory passed to a //spmd:kernel
// function.
//
// Every kernel writes its result to out[l.Index()]; out is shared memory.
package lists

import "github.com/spmdvet/spmdvet/spmd"

// Node is a singly linked list node.
type Node struct {
	V    int
	Next *Node
}

// Tree is a binary search tree node.
type Tree struct {
	Key         int
	Left, Right *Tree
}

// insert adds k to the tree rooted at t and returns the root.
func insert(t *Tree, k int) *Tree {
	if t == nil {
		return &Tree{Key: k}
	}
	if k < t.Key {
		t.Left = insert(t.Left, k)
	} else {
		t.Right = insert(t.Right, k)
	}
	return t
}

// depth returns the number of levels of the tree.
func depth(t *Tree) int {
	if t == nil {
		return 0
	}
	return 1 + max(depth(t.Left), depth(t.Right))
}

// contains reports whether k is in the tree.
func contains(t *Tree, k int) bool {
	for t != nil {
		if k == t.Key {
			return true
		}
		if k < t.Key {
			t = t.Left
		} else {
			t = t.Right
		}
	}
	return false
}

// UniformShapeCountedWalk (correct): every lane builds a list of n nodes
// (uniform shape) holding lane-dependent values, and walks it with a uniform
// counter; the values only feed the reductions.
//
//spmd:kernel
func UniformShapeCountedWalk(l spmd.Lane, n int, out []int) {
	var head *Node
	for i := 0; i < n; i++ {
		head = &Node{V: l.Index() * (i + 1), Next: head}
	}
	sum := 0
	p := head
	for i := 0; i < n; i++ {
		sum += spmd.ReduceAdd(l, p.V)
		p = p.Next
	}
	out[l.Index()] = sum
}

// DivergentShapeNilWalk (bug): the list length depends on the lane, and the
// walk to nil performs a barrier per node.
//
//spmd:kernel
func DivergentShapeNilWalk(l spmd.Lane, out []int) {
	var head *Node
	for i := 0; i < l.Index()%3+1; i++ {
		head = &Node{V: 7, Next: head}
	}
	steps := 0
	for p := head; p != nil; p = p.Next {
		l.Barrier() // EXPECT
		steps++
	}
	out[l.Index()] = steps
}

// RunUniformShapeFromShared (correct): each lane builds its own list from
// the captured shared data (uniform values, uniform shape) and walks it to
// nil with a reduction per node; only the reduced operand is lane-dependent.
func RunUniformShapeFromShared(lanes int, data, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		var head *Node
		for i := len(data) - 1; i >= 0; i-- {
			head = &Node{V: data[i], Next: head}
		}
		acc := 0
		for p := head; p != nil; p = p.Next {
			acc += spmd.ReduceAdd(l, p.V*l.Index())
		}
		out[l.Index()] = acc
	})
}

// ListValuesDivergentDecide (bug): uniform shape but lane-dependent values;
// the head's value decides the barrier.
//
//spmd:kernel
func ListValuesDivergentDecide(l spmd.Lane, out []int) {
	var head *Node
	for i := 0; i < 3; i++ {
		head = &Node{V: l.Index() + i, Next: head}
	}
	if head.V > 3 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = head.V
}

// TreeInsertOrderByLane (bug): every lane inserts the same keys, but in a
// lane-dependent order, so the tree depth (the loop bound) differs.
//
//spmd:kernel
func TreeInsertOrderByLane(l spmd.Lane, keys []int, out []int) {
	var root *Tree
	for i := range keys {
		root = insert(root, keys[(i+l.Index())%len(keys)])
	}
	d := depth(root)
	for i := 0; i < d; i++ {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = d
}

// TreeUniformSearch (correct): every lane builds the same tree from the
// shared keys in the same order; each lane searches for its own index (a
// lane-dependent result that only feeds a reduction), and the uniform depth
// bounds the barrier loop.
//
//spmd:kernel
func TreeUniformSearch(l spmd.Lane, keys []int, out []int) {
	var root *Tree
	for _, k := range keys {
		root = insert(root, k)
	}
	hit := 0
	if contains(root, l.Index()) {
		hit = 1
	}
	found := spmd.ReduceAdd(l, hit)
	for i := 0; i < depth(root); i++ {
		l.Barrier()
	}
	out[l.Index()] = found*100 + depth(root)
}

// SharedTailAlias (bug): lists a and b share their tail node; writing the
// lane index through b changes what a sees, and it decides the barrier.
//
//spmd:kernel
func SharedTailAlias(l spmd.Lane, out []int) {
	tail := &Node{V: 1}
	a := &Node{V: 0, Next: tail}
	b := &Node{V: 0, Next: tail}
	b.Next.V = l.Index()
	if a.Next.V > 1 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = a.Next.V
}

// NodeCopyByValue (correct): n2 is a copy of the node *a, so giving n2 the
// lane index leaves a.V at the uniform rounds, the loop bound.
//
//spmd:kernel
func NodeCopyByValue(l spmd.Lane, rounds int, out []int) {
	a := &Node{V: rounds}
	n2 := *a
	n2.V = l.Index()
	acc := 0
	for i := 0; i < a.V; i++ {
		acc += spmd.ReduceAdd(l, n2.V)
	}
	out[l.Index()] = acc
}

// WalkSharedList (correct): head is a parameter of the kernel, so the list
// is shared memory read at uniform addresses; every lane walks the same
// nodes, with a barrier per node.
//
//spmd:kernel
func WalkSharedList(l spmd.Lane, head *Node, out []int) {
	acc := 0
	for p := head; p != nil; p = p.Next {
		l.Barrier()
		acc += p.V * l.Index()
	}
	out[l.Index()] = acc
}

// WalkSharedFromLane (bug): each lane first skips l.Index() nodes of the
// shared list, so the remaining walk (with a barrier per node) has a
// lane-dependent length.
//
//spmd:kernel
func WalkSharedFromLane(l spmd.Lane, head *Node, out []int) {
	p := head
	for i := 0; i < l.Index() && p != nil; i++ {
		p = p.Next
	}
	n := 0
	for ; p != nil; p = p.Next {
		l.Barrier() // EXPECT
		n++
	}
	out[l.Index()] = n
}
