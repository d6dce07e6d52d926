// Package ambig holds kernels for which it is unclear what the
// specification demands. Each kernel's doc comment states the question.
//
// The EXPECT annotations here follow what really happens when the kernel
// runs (the tests confirm it with spmd.Run): EXPECT marks a convergent call
// that lanes really fail to reach together. Where the specification's rules,
// read literally, give a different answer, the comment says so.
//
// Every kernel writes its result to out[l.Index()]; out is shared memory.
package ambig

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round16/values/coll"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round16/values/mem"
	"github.com/spmdvet/spmdvet/spmd"
)

// Pair has one lane-dependent field and one uniform field.
type Pair struct {
	Lane  int
	Fixed int
}

// fixedOf returns the Fixed field of its (by-value) argument.
func fixedOf(p Pair) int { return p.Fixed }

// Node is a singly linked list node.
type Node struct {
	V    int
	Next *Node
}

// Box is built by the constructor NewBox.
type Box struct{ V int }

// NewBox returns a new *Box.
func NewBox(v int) *Box { return &Box{V: v} }

// Counter has a value-receiver getter.
type Counter struct{ N int }

// Get returns the counter's value.
func (c Counter) Get() int { return c.N }

// drain counts *q down to zero with a barrier per step.
func drain(l spmd.Lane, q *int) {
	for *q > 0 {
		*q--
		l.Barrier() // EXPECT
	}
}

// FieldMixedLocal (correct at run time): p.Lane is lane-dependent but
// p.Fixed, the loop bound, only ever holds the uniform rounds.
//
// Question: is per-lane memory tracked per field or per variable? The spec
// says "a load is divergent if any store to that memory stores a divergent
// value"; if "that memory" is the whole variable p (the Alloc), the load of
// p.Fixed is divergent and the reduction is reported.
//
//spmd:kernel
func FieldMixedLocal(l spmd.Lane, rounds int, out []int) {
	var p Pair
	q := &p
	q.Lane = l.Index()
	q.Fixed = rounds
	acc := 0
	for i := 0; i < p.Fixed; i++ {
		acc += spmd.ReduceAdd(l, p.Lane)
	}
	out[l.Index()] = acc
}

// StructCopyFieldExtract (correct at run time): b is a copy of a whole
// struct whose Lane field is lane-dependent; b.Fixed is uniform.
//
// Question: a struct value with one divergent field is divergent as a whole;
// does extracting (Field) or loading a uniform field of it give a uniform
// value? Literal propagation through Field says divergent.
//
//spmd:kernel
func StructCopyFieldExtract(l spmd.Lane, rounds int, out []int) {
	a := Pair{Lane: l.Index(), Fixed: rounds}
	b := a
	acc := 0
	for i := 0; i < b.Fixed; i++ {
		acc += spmd.ReduceAdd(l, b.Lane)
	}
	out[l.Index()] = acc
}

// StructArgUniformField (correct at run time): the struct passed by value
// has a lane-dependent field, but fixedOf returns only the uniform one.
//
// Question: the spmd doc says the checker reads the callee body ("a result
// is divergent when lanes calling it with the arguments they pass may get
// different values"), which makes f uniform; the conservative rule for
// calls ("divergent if any argument is divergent") makes it divergent.
//
//spmd:kernel
func StructArgUniformField(l spmd.Lane, rounds int, out []int) {
	a := Pair{Lane: l.Index(), Fixed: rounds}
	f := fixedOf(a)
	for i := 0; i < f; i++ {
		l.Barrier()
	}
	out[l.Index()] = f + a.Lane
}

// AddrTakenOverwritten (correct at run time): k gets the lane index through
// a pointer, is used, and is then overwritten through the pointer with the
// uniform rounds before it bounds the loop.
//
// Question: the spec's memory rule is flow-insensitive ("any store to that
// memory stores a divergent value"), which makes the final load divergent;
// in fact it is uniform.
//
//spmd:kernel
func AddrTakenOverwritten(l spmd.Lane, rounds int, out []int) {
	k := 0
	mem.Store(&k, l.Index())
	out[l.Index()] = k
	mem.Store(&k, rounds)
	for i := 0; i < k; i++ {
		l.Barrier()
	}
	out[l.Index()] += k
}

// SameValueBothBranches (correct at run time): x is written under a
// lane-dependent branch, but with the same constant on both sides.
//
// Question: by the letter of the spec ("or runs under divergent control")
// the load of x is divergent; in fact every lane reads 2.
//
//spmd:kernel
func SameValueBothBranches(l spmd.Lane, out []int) {
	x := 0
	p := &x
	if l.Index()%2 == 0 {
		*p = 2
	} else {
		*p = 2
	}
	for i := 0; i < x; i++ {
		l.Barrier()
	}
	out[l.Index()] = x
}

// RangeArrayCopy (correct at run time): ranging over an array variable
// iterates over a copy taken before the loop, so v is always 1 and the
// barrier is never called, even though the loop writes the lane index into
// arr.
//
// Question: arr is per-lane memory with a divergent store, so by the
// flow-insensitive rule the copy loaded for the range is divergent and the
// barrier would be reported.
//
//spmd:kernel
func RangeArrayCopy(l spmd.Lane, out []int) {
	arr := [3]int{1, 1, 1}
	for i, v := range arr {
		if v > 1 {
			l.Barrier()
		}
		if i+1 < len(arr) {
			arr[i+1] = l.Index()
		}
	}
	out[l.Index()] = arr[2]
}

// ListUniformShapeNilWalk (correct at run time): every lane builds a list of
// three nodes; the values are lane-dependent but the Next pointers (and so
// the walk to nil) are the same shape in every lane.
//
// Question: same as FieldMixedLocal: the node allocations receive a
// divergent store (V), so a per-allocation rule makes p.Next, and the loop
// exit, divergent.
//
//spmd:kernel
func ListUniformShapeNilWalk(l spmd.Lane, out []int) {
	var head *Node
	for i := 0; i < 3; i++ {
		head = &Node{V: l.Index() * i, Next: head}
	}
	acc := 0
	for p := head; p != nil; p = p.Next {
		l.Barrier()
		acc += p.V
	}
	out[l.Index()] = acc
}

// DivergentShapeUniformValues (correct at run time): the list length is
// lane-dependent but every node holds 7, so head.V is 7 in every lane.
//
// Question: the nodes are written inside a loop with a lane-dependent trip
// count (under divergent control), and head escapes that loop; by the
// letter of the spec head.V is divergent.
//
//spmd:kernel
func DivergentShapeUniformValues(l spmd.Lane, out []int) {
	var head *Node
	for i := 0; i < l.Index()%2+1; i++ {
		head = &Node{V: 7, Next: head}
	}
	acc := 0
	for i := 0; i < head.V; i++ {
		acc += spmd.ReduceAdd(l, 1)
	}
	out[l.Index()] = acc
}

// RunLaneWindowLen (correct at run time): each lane takes a window of the
// captured shared data with lane-dependent bounds but a constant width, so
// len(win) is 2 in every lane.
//
// Question: propagation through Slice makes win (and len(win)) divergent
// because its bounds are; in fact the length is uniform.
func RunLaneWindowLen(lanes int, data, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		lo := 2 * l.Index()
		win := data[lo : lo+2]
		acc := 0
		for j := 0; j < len(win); j++ {
			acc += spmd.ReduceAdd(l, win[j])
		}
		out[l.Index()] = acc
	})
}

// NestedClosureNoLaneParam (bug at run time): the closure captures l and the
// per-lane flag ready, which only lane 0 sets; the barrier in the closure is
// reached by lane 0 alone.
//
// Question: the closure has no Lane parameter, calls no lane-ID function and
// is not passed to Run, so by the list in section 2 it is not an SPMD
// function. Is it analyzed (and the barrier reported), or is the finding
// expected at the call step() (it is reached by every lane), or nowhere?
//
//spmd:kernel
func NestedClosureNoLaneParam(l spmd.Lane, out []int) {
	ready := false
	step := func() {
		if ready {
			l.Barrier() // EXPECT
		}
	}
	if l.Index() == 0 {
		ready = true
	}
	step()
	out[l.Index()] = 1
}

// HelperPointerParamDecides (bug at run time): drain loops while *q > 0 with
// a barrier per step, and the kernel passes the address of a lane-dependent
// counter; lanes run 0, 1 or 2 barriers.
//
// Question: inside drain, q is a parameter, and the spec says "a load from
// shared memory (parameters, globals) at a uniform address is uniform", so
// drain alone looks correct; the call drain(l, &pending) is reached by every
// lane. Where must the finding be: at the barrier in drain (annotated here,
// where lanes really part), at the call, or nowhere (summaries being the
// third issue)?
//
//spmd:kernel
func HelperPointerParamDecides(l spmd.Lane, out []int) {
	pending := l.Index() % 3
	drain(l, &pending)
	out[l.Index()] = pending
}

// ConstructorSameSite (correct at run time): a and b come from two calls of
// the same constructor; only b gets the lane index, a.V stays uniform.
//
// Question: the spec only speaks of Allocs in the kernel; the two boxes are
// allocated at the same site in NewBox. Must the analysis tell the two
// objects apart?
//
//spmd:kernel
func ConstructorSameSite(l spmd.Lane, rounds int, out []int) {
	a := NewBox(rounds)
	b := NewBox(0)
	b.V = l.Index()
	acc := 0
	for i := 0; i < a.V; i++ {
		acc += spmd.ReduceAdd(l, b.V)
	}
	out[l.Index()] = acc
}

// MethodValueBindsCopy (correct at run time): c.Get has a value receiver,
// so the method value get binds a copy of c taken before c.N gets the lane
// index; get() returns rounds in every lane.
//
// Question: the copy is a load of c, a variable with a divergent store;
// by the flow-insensitive rule the bound receiver, and get(), are divergent.
//
//spmd:kernel
func MethodValueBindsCopy(l spmd.Lane, rounds int, out []int) {
	c := Counter{N: rounds}
	get := c.Get
	c.N = l.Index()
	for i := 0; i < get(); i++ {
		l.Barrier()
	}
	out[l.Index()] = c.N
}

// DisjointRegionsSharedArray (correct at run time): base and win share a
// backing array, but the lane index is written to base[3] (win[0]) while
// base[0], the loop bound, keeps the uniform rounds.
//
// Question: must per-lane memory be index-sensitive? With one abstract
// location for the whole backing array, base[0] is divergent.
//
//spmd:kernel
func DisjointRegionsSharedArray(l spmd.Lane, rounds int, out []int) {
	base := make([]int, 6)
	for i := range base {
		base[i] = rounds
	}
	win := base[3:]
	win[0] = l.Index()
	for i := 0; i < base[0]; i++ {
		l.Barrier()
	}
	out[l.Index()] = base[3]
}

// AppendReallocates (correct at run time): s is full (cap 1), so append
// copies it to a new array; the lane-dependent writes to t never reach s[0],
// the loop bound.
//
// Question: whether append writes into its argument's array depends on the
// capacity at run time; must the analysis assume it may?
//
//spmd:kernel
func AppendReallocates(l spmd.Lane, rounds int, out []int) {
	s := make([]int, 1)
	s[0] = rounds
	t := append(s, l.Index())
	t[0] = l.Index()
	for i := 0; i < s[0]; i++ {
		l.Barrier()
	}
	out[l.Index()] = t[0] + t[1]
}

// UniformValueDivergentIndex (bug at run time): every lane stores the
// uniform constant 1, under uniform control, but at its own index of a
// per-lane slice; marks[0] is 1 in lane 0 only.
//
// Question: the spec's memory rule names two causes (a divergent stored
// value, a store under divergent control); a store of a uniform value at a
// divergent address is neither, yet the load is divergent.
//
//spmd:kernel
func UniformValueDivergentIndex(l spmd.Lane, out []int) {
	marks := make([]int, l.Count())
	marks[l.Index()] = 1
	if marks[0] == 1 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = marks[0]
}

// StoreThroughCollectiveHelper (correct at run time): coll.SumInto is given
// the lane index but stores a reduction (uniform) into s.
//
// Question: the memory effect of a known callee given a divergent argument:
// reading its body shows a uniform store; a conservative rule makes s
// divergent.
//
//spmd:kernel
func StoreThroughCollectiveHelper(l spmd.Lane, out []int) {
	s := 0
	coll.SumInto(l, &s, l.Index())
	for i := 0; i < s; i++ {
		l.Barrier()
	}
	out[l.Index()] = s
}

// PointerArrayDistinct (correct at run time): ptrs holds pointers to x and
// y; the lane index is stored through ptrs[1] (into y) and the loop bound is
// read through ptrs[0] (from x).
//
// Question: must the analysis know which element of ptrs points where? With
// one points-to set for the whole array, the store may hit x.
//
//spmd:kernel
func PointerArrayDistinct(l spmd.Lane, rounds int, out []int) {
	x, y := rounds, 0
	ptrs := [2]*int{&x, &y}
	*ptrs[1] = l.Index()
	acc := 0
	for i := 0; i < *ptrs[0]; i++ {
		acc += spmd.ReduceAdd(l, y)
	}
	out[l.Index()] = acc
}
