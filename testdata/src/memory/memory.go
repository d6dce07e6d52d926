// Package memory pins divergence through memory. Memory a kernel allocates
// (a local whose address is taken, a local array, a slice from make) is
// private to each lane: what is loaded from it is divergent once a store to
// it is divergent or runs under divergent control. Memory reached through
// a kernel's parameters and through globals is shared by all lanes: a load
// from it is as uniform as its address. (The shared-memory cases are
// declared //spmd:kernel, so that their parameters are the kernel's own and
// not memory that a caller might have allocated per lane.)
package memory

import (
	"slices"

	"github.com/spmdvet/spmdvet/spmd"
)

var table [64]int

// A local variable whose address is taken, written in some lanes only.
func addressTaken(l spmd.Lane) {
	x := 0
	p := &x
	if l.Index() < 4 {
		*p = 1
	}
	if x == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: the same variable written with a uniform value under uniform
// control.
func addressTakenUniform(l spmd.Lane, n int) {
	x := 0
	p := &x
	if n > 2 {
		*p = n
	}
	if x > 0 {
		l.Barrier()
	}
}

// A lane-dependent value stored through a pointer.
func storeDivergentValue(l spmd.Lane) {
	x := 0
	p := &x
	*p = l.Index()
	if x > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A local array indexed by the lane: the store's address is divergent.
func localArrayByLane(l spmd.Lane) {
	var a [8]int
	a[l.Index()%8] = 1
	if a[0] == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: a local array written at uniform indices with uniform values.
func localArrayUniform(l spmd.Lane, n int) {
	var a [8]int
	for i := range a {
		a[i] = n + i
	}
	if a[3] > 4 {
		l.Barrier()
	}
}

// Fine: elements at constant indices are variables of their own; only
// a[2] holds the lane index.
func localArrayElements(l spmd.Lane) {
	var a [4]int
	a[2] = l.Index()
	a[1] = 3
	if a[1] == 3 {
		l.Barrier()
	}
	if a[2] == 3 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// An element at an index that is not constant may be any of them.
func localArrayAnyElement(l spmd.Lane, k int) {
	var a [4]int
	a[2] = l.Index()
	if a[k%4] == 3 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A store at an index that is not constant may write any element, and a
// copy of the array holds them all.
func localArrayStoreAnywhere(l spmd.Lane, k int) {
	var a [4]int
	a[k%4] = l.Index()
	b := a
	if b[1] == 3 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A per-lane slice from make, written under divergent control.
func madeSlice(l spmd.Lane, n int) {
	s := make([]int, n)
	if l.Index() == 0 {
		s[0] = 1
	}
	if s[0] == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A struct field written under divergent control.
type acc struct{ n, hits int }

func structField(l spmd.Lane) {
	var a acc
	if l.Index()%2 == 0 {
		a.hits++
	}
	if a.hits > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: the fields of a per-lane struct are told apart. n is written with
// the same value in every lane, even though hits is not.
func structOtherField(l spmd.Lane, k int) {
	var a acc
	a.n = k
	if l.Index()%2 == 0 {
		a.hits++
	}
	if a.n > 0 {
		l.Barrier()
	}
}

// cursor walks over tiles: tile and limit are the same in every lane, sum
// is not.
type cursor struct {
	tile, limit int
	sum         int
}

func (c *cursor) next() bool { c.tile++; return c.tile < c.limit }

// Fine: the loop is controlled through a method by the uniform fields of a
// per-lane struct whose other field is lane-dependent.
func cursorLoop(l spmd.Lane, tiles int) {
	c := cursor{tile: -1, limit: tiles}
	for c.next() {
		c.sum += l.Index()
		l.Barrier()
	}
	if c.sum > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A copy of a whole struct is a copy field by field: b.n is k in every
// lane, b.hits is not.
func structCopy(l spmd.Lane, k int) {
	var a acc
	a.n = k
	a.hits = l.Index()
	b := a
	p := &b
	if p.n > 0 {
		l.Barrier() // fine
	}
	if p.hits > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A composite literal is built aside and copied into the variable: its
// fields stay apart too.
type laneCtx struct{ tid, blocks, width int }

func compositeLiteral(l spmd.Lane, n int) {
	c := laneCtx{tid: l.Index(), width: l.Count()}
	c.blocks = (n + c.width - 1) / c.width
	for b := 0; b < c.blocks; b++ {
		l.Barrier() // fine
	}
	if c.tid > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: shared memory (a parameter) at a uniform index: every lane loads the
// same element.
//
//spmd:kernel
func sharedUniformIndex(l spmd.Lane, data []int) {
	if data[0] > 0 {
		l.Barrier()
	}
}

// Shared memory at a lane-dependent index.
//
//spmd:kernel
func sharedDivergentIndex(l spmd.Lane, data []int) {
	if data[l.Index()] > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: a global at a uniform index.
func globalUniformIndex(l spmd.Lane) {
	if table[2] > 0 {
		l.Barrier()
	}
}

// A global at a lane-dependent index.
func globalDivergentIndex(l spmd.Lane) {
	if table[l.Index()] > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: the classic shared-memory exchange. Each lane writes its own slot,
// a barrier makes the writes visible, and then every lane reads the same
// slot: shared memory at a uniform address is uniform, whoever wrote it.
//
//spmd:kernel
func sharedExchange(l spmd.Lane, data []int) {
	data[l.Index()] = l.Index() * 2
	l.Barrier()
	if data[0] == 0 {
		l.Barrier()
	}
}

// Fine: a pointer to shared memory passed as a parameter.
//
//spmd:kernel
func sharedPointer(l spmd.Lane, flag *bool) {
	if *flag {
		l.Barrier()
	}
}

// A per-lane variable handed to a helper that can read the lane index: the
// helper may write lane-dependent data into it.
func fill(l spmd.Lane, p *int) {
	*p = l.Index()
}

func helperWritesLocal(l spmd.Lane) {
	x := 0
	fill(l, &x)
	if x > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: a helper without access to the lane, given uniform data, writes
// uniform data.
func double(p *int) {
	*p *= 2
}

func helperWithoutLane(l spmd.Lane, n int) {
	x := n
	double(&x)
	if x > 0 {
		l.Barrier()
	}
}

// Conservative: the analysis of memory is flow-insensitive. Once some store
// makes a per-lane variable divergent, every load from it is, even one
// that runs before the store...
func loadBeforeDivergentStore(l spmd.Lane) {
	x := 0
	p := &x
	if x == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	*p = l.Index()
}

// ... or after a uniform store that overwrote the divergent data.
func overwrittenUniformly(l spmd.Lane, n int) {
	var buf [4]int
	buf[l.Index()%4] = 1
	for i := range buf {
		buf[i] = n
	}
	if buf[0] > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

type node struct {
	key         int
	left, right *node
}

// insert allocates the nodes it links in: the tree is each lane's own.
func insert(t *node, k int) *node {
	if t == nil {
		return &node{key: k}
	}
	if k < t.key {
		t.left = insert(t.left, k)
	} else {
		t.right = insert(t.right, k)
	}
	return t
}

// Memory a callee allocates and returns belongs to the calling lane, and
// holds what the callee put there: here a tree whose shape depends on the
// lane.
func treeFromHelper(l spmd.Lane) {
	root := insert(nil, 4)
	root = insert(root, l.Index())
	if root.left != nil {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: the same tree from keys every lane shares.
func treeFromHelperUniform(l spmd.Lane, k int) {
	root := insert(nil, 4)
	root = insert(root, k)
	if root.left != nil {
		l.Barrier()
	}
}

// A closure points the captured p at b under divergent control: the store
// through p then lands in a in some lanes and in b in the others.
func redirectedByClosure(l spmd.Lane) {
	a, b := 0, 0
	p := &a
	toB := func() { p = &b }
	if l.Index()%2 == 1 {
		toB()
	}
	*p = 1
	if b == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: every lane redirects p.
func redirectedByClosureUniform(l spmd.Lane, n int) {
	a, b := 0, 0
	p := &a
	toB := func() { p = &b }
	if n > 1 {
		toB()
	}
	*p = 1
	if b == 1 {
		l.Barrier()
	}
}

// setTo stores x in *pp: a function, not a closure, that redirects the
// pointer it is given.
func setTo(pp **int, x *int) { *pp = x }

func redirectedByHelper(l spmd.Lane) {
	a, b := 0, 0
	p := &a
	if l.Index() > 2 {
		setTo(&p, &b)
	}
	*p = 1
	if b == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// holder keeps a pointer to more of the lane's memory.
type holder struct {
	in *[4]int
	k  int
}

// push writes through the pointer its receiver holds: memory two pointers
// below its parameter.
func (h *holder) push(v int) {
	h.in[h.k] = v
	h.k++
}

func writtenTwoPointersDown(l spmd.Lane) {
	h := holder{in: new([4]int)}
	h.push(l.Index())
	if h.in[0] != 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: every lane pushes the same values.
func writtenTwoPointersDownUniform(l spmd.Lane, n int) {
	h := holder{in: new([4]int)}
	h.push(n)
	if h.in[0] != 0 && h.k == 1 {
		l.Barrier()
	}
}

type cell struct {
	v    int
	next *cell
}

// Fine: the nodes hold lane-dependent values, but every lane links as
// many: the next fields, apart from v, are the same in every lane.
func listShapeUniform(l spmd.Lane) {
	var head *cell
	for i := 0; i < 3; i++ {
		head = &cell{v: l.Index() + i, next: head}
	}
	n := 0
	for p := head; p != nil; p = p.next {
		n++
	}
	if n == 3 {
		l.Barrier()
	}
}

func listValues(l spmd.Lane) {
	var head *cell
	for i := 0; i < 3; i++ {
		head = &cell{v: l.Index() + i, next: head}
	}
	for p := head; p != nil; p = p.next {
		if p.v > 2 {
			l.Barrier() // want `barrier l.Barrier under divergent control`
		}
	}
}

// A map's size counts as what it holds: inserts at lane-dependent keys make
// it lane-dependent.
func mapSizeLaneKeys(l spmd.Lane, data []int) {
	set := map[int]bool{}
	for _, d := range data {
		set[(d*(l.Index()+1))%5] = true
	}
	for k := 0; k < len(set); k++ {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: the same keys in every lane.
func mapSizeSharedKeys(l spmd.Lane, data []int) {
	set := map[int]bool{}
	for _, d := range data {
		set[d] = true
	}
	for k := 0; k < len(set); k++ {
		l.Barrier()
	}
}

type item struct{ id, score int }

// A copy that a function without a known body returns (slices.Clone,
// whose package is not analyzed) may be the lane's own memory: writes to
// it count.
func cloneWritten(l spmd.Lane, items []item) {
	mine := slices.Clone(items)
	mine[0].id = l.Index()
	if mine[0].id > 2 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: the elements' other field holds the lane-dependent values.
func cloneOtherField(l spmd.Lane, items []item) {
	mine := slices.Clone(items)
	for k := range mine {
		mine[k].score = mine[k].id * l.Index()
	}
	for _, it := range mine {
		if it.id%2 == 0 {
			l.Barrier()
		}
	}
}
