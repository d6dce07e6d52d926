// Package indirect holds kernels whose per-lane memory is reached through
// two levels of indirection: pointers to structs holding slices or pointers,
// pointers to pointers, closures capturing pointers, per-lane linked lists and
// trees, slices of structs.
package indirect

import "github.com/spmdvet/spmdvet/spmd"

type buf struct {
	data []int
	n    int
}

func fill(b *buf, v int) {
	b.data = append(b.data, v)
	b.n++
}

// I01 (bug): a pointer to a per-lane struct holding a slice; a helper appends
// the lane index to it; the appended element guards a barrier.
//
//spmd:kernel
func I01(l spmd.Lane, out []int) {
	b := &buf{}
	fill(b, 10)
	fill(b, l.Index())
	if b.data[1] > 1 {
		l.Barrier() // EXPECT
	}
}

// I02 (correct): the same structure filled with uniform values only.
//
//spmd:kernel
func I02(l spmd.Lane, out []int) {
	b := &buf{}
	for i := 0; i < 3; i++ {
		fill(b, i*l.Count())
	}
	if b.n == 3 && b.data[2] == 2*l.Count() {
		out[l.Index()] = spmd.ReduceAdd(l, b.data[1])
	}
}

// I03 (bug): a closure redirects a captured pointer from a to b under
// divergent control; a uniform store through the pointer then lands in b only
// in some lanes.
//
//spmd:kernel
func I03(l spmd.Lane, out []int) {
	a, b := 0, 0
	p := &a
	choose := func() { p = &b }
	if l.Index()%2 == 1 {
		choose()
	}
	*p = 1
	if b == 1 {
		out[l.Index()] = spmd.ReduceAdd(l, a+b) // EXPECT
	}
}

// I04 (correct): the pointer is redirected under uniform control, and a
// uniform value is stored through it.
//
//spmd:kernel
func I04(l spmd.Lane, out []int) {
	a, b := 0, 0
	p := &a
	if l.Count() > 1 {
		p = &b
	}
	*p = l.Count()
	if a+b == l.Count() {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

type node struct {
	v    int
	next *node
}

// I05 (bug): a per-lane linked list whose length depends on the lane; its
// traversal count guards a barrier.
//
//spmd:kernel
func I05(l spmd.Lane, out []int) {
	var head *node
	for i := 0; i <= l.Index(); i++ {
		head = &node{v: i, next: head}
	}
	n := 0
	for p := head; p != nil; p = p.next {
		n++
	}
	if n >= 2 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = n
}

// I06 (correct): a per-lane linked list built from uniform values only; its
// length and sum are uniform.
//
//spmd:kernel
func I06(l spmd.Lane, out []int) {
	var head *node
	for i := 0; i < l.Count(); i++ {
		head = &node{v: i, next: head}
	}
	n, sum := 0, 0
	for p := head; p != nil; p = p.next {
		n++
		sum += p.v
	}
	if n == l.Count() && sum == n*(n-1)/2 {
		out[l.Index()] = spmd.ReduceMax(l, sum)
	}
}

// I07 (bug): after a uniform list is built, one node is patched under
// divergent control; the traversal sum becomes divergent.
//
//spmd:kernel
func I07(l spmd.Lane, out []int) {
	var head *node
	for i := 0; i < 4; i++ {
		head = &node{v: i, next: head}
	}
	if l.Index() == 0 {
		head.next.v = 100
	}
	sum := 0
	for p := head; p != nil; p = p.next {
		sum += p.v
	}
	if sum > 50 {
		l.Barrier() // EXPECT
	}
}

type tree struct {
	key         int
	left, right *tree
}

func insert(t *tree, k int) *tree {
	if t == nil {
		return &tree{key: k}
	}
	if k < t.key {
		t.left = insert(t.left, k)
	} else {
		t.right = insert(t.right, k)
	}
	return t
}

func depth(t *tree) int {
	if t == nil {
		return 0
	}
	return 1 + max(depth(t.left), depth(t.right))
}

// I08 (bug): a per-lane binary search tree into which the lane index is
// inserted (under uniform control); the shape of the tree, seen through
// root.left, is lane-dependent.
//
//spmd:kernel
func I08(l spmd.Lane, out []int) {
	root := insert(nil, 4)
	root = insert(root, l.Index())
	if root.left != nil {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// I09 (correct): a per-lane tree from uniform keys; its depth is uniform.
//
//spmd:kernel
func I09(l spmd.Lane, out []int) {
	var root *tree
	for _, k := range [...]int{5, 3, 8, 1} {
		root = insert(root, k)
	}
	if depth(root) == 3 {
		out[l.Index()] = spmd.ReduceAdd(l, depth(root))
	}
}

type item struct {
	w  int
	on bool
}

// I10 (bug): a pointer into a per-lane slice of structs taken at a
// lane-dependent index; a field read through it guards a barrier.
//
//spmd:kernel
func I10(l spmd.Lane, out []int) {
	items := []item{{1, true}, {2, false}, {3, true}, {4, false}}
	it := &items[l.Index()%len(items)]
	if it.on {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = it.w
}

// I11 (correct): a per-lane slice of structs (made with a uniform, non
// constant length) updated through element pointers in a uniform loop.
//
//spmd:kernel
func I11(l spmd.Lane, out []int) {
	items := make([]item, l.Count())
	for i := range items {
		p := &items[i]
		p.w = i
		p.on = i%2 == 0
	}
	on := 0
	for _, it := range items {
		if it.on {
			on++
		}
	}
	if on == (l.Count()+1)/2 {
		out[l.Index()] = spmd.ReduceAdd(l, items[l.Count()-1].w)
	}
}

// I12 (bug): a per-lane slice made with a uniform length and filled with
// lane-dependent values at uniform indices.
//
//spmd:kernel
func I12(l spmd.Lane, out []int) {
	tmp := make([]int, l.Count())
	for i := range tmp {
		tmp[i] = i ^ l.Index()
	}
	if tmp[0] == 0 {
		l.Barrier() // EXPECT
	}
}

func setDeep(pp **int, v int) { **pp = v }

// I13 (bug): a helper writes through a pointer to a pointer to a local,
// called under divergent control.
//
//spmd:kernel
func I13(l spmd.Lane, out []int) {
	x := 0
	p := &x
	if l.Index() > 0 {
		setDeep(&p, 1)
	}
	if x == 0 {
		_ = spmd.Ballot(l, true) // EXPECT
	}
}

type view struct {
	data *[]int
	off  int
}

// I14 (correct): a per-lane struct holds a pointer to the (shared) slice
// parameter and a uniform offset; the element read through both levels is
// uniform.
//
//spmd:kernel
func I14(l spmd.Lane, shared []int, out []int) {
	v := &view{data: &shared, off: 1}
	if (*v.data)[v.off] == 7 {
		out[l.Index()] = spmd.ReduceAdd(l, v.off)
	}
}

// I15 (bug): the same view, but its offset is set under divergent control.
//
//spmd:kernel
func I15(l spmd.Lane, shared []int, out []int) {
	v := view{data: &shared}
	if l.Index() >= 2 {
		v.off = 1
	}
	if (*v.data)[v.off] == 7 {
		l.Barrier() // EXPECT
	}
}

type inner struct{ vals [4]int }

type outer struct {
	in *inner
	k  int
}

func (o *outer) push(v int) {
	o.in.vals[o.k] = v
	o.k++
}

// I16 (correct): a struct holding a pointer to another per-lane struct with
// an array; a pointer-receiver method pushes uniform values.
//
//spmd:kernel
func I16(l spmd.Lane, out []int) {
	o := outer{in: new(inner)}
	o.push(l.Count())
	o.push(2)
	if o.k == 2 && o.in.vals[0] == l.Count() {
		out[l.Index()] = spmd.ReduceAdd(l, o.in.vals[1])
	}
}

// I17 (bug): the same structure, with the lane index pushed; the first
// pushed element (two levels down) guards a barrier.
//
//spmd:kernel
func I17(l spmd.Lane, out []int) {
	o := outer{in: new(inner)}
	o.push(l.Index())
	if o.in.vals[0] != 0 {
		l.Barrier() // EXPECT
	}
}
