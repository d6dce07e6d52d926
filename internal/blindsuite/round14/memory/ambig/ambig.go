// Package ambig holds memory kernels where the spec's wording and Go
// semantics (as spmd.Run shows them) may disagree, or where the spec leaves
// the precision open. Each kernel says what the question is and how it is
// annotated. All are annotated by Go semantics except A07, which follows the
// spec's explicit shared-memory rule (see there).
package ambig

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

type state struct{ n int }

// A01 (correct by semantics): a store under divergent control is
// overwritten by a uniform store before the load, so the local is uniform
// again at the branch.
//
// Question: the spec says "A load is divergent if any store to that memory
// stores a divergent value, or runs under divergent control". Read
// flow-insensitively ("any store" anywhere in the kernel) this demands a
// finding; read as "any store that may reach the load" it demands none.
// Annotated without EXPECT: spmd.Run completes.
//
//spmd:kernel
func A01(l spmd.Lane, out []int) {
	var s state
	p := &s
	if l.Index() < 2 {
		p.n = 5
	}
	p.n = 1
	if s.n == 1 {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

type rec struct {
	id   int // lane-dependent
	size int // uniform
}

// A02 (correct by semantics): one field of a per-lane struct gets a
// lane-dependent value, another a uniform one; the branch is on the uniform
// field.
//
// Question: is "that memory" in the spec's memory rule the whole variable
// (the Alloc) or the field loaded? Field-insensitive reading: finding.
// Annotated without EXPECT.
//
//spmd:kernel
func A02(l spmd.Lane, out []int) {
	var r rec
	r.id = l.Index()
	r.size = 4
	if r.size == 4 {
		out[l.Index()] = spmd.ReduceAdd(l, r.size)
	}
	out[l.Index()] += r.id
}

func (r *rec) bind(l spmd.Lane) {
	r.id = l.Index()
	r.size = l.Count()
}

// A03 (correct by semantics): a pointer-receiver method with a Lane
// parameter stores a lane-dependent value into one field and a uniform one
// into another; the kernel branches on the uniform field.
//
// Question: as A02, across a call; the spec also says that within this
// issue a conservative rule for calls is fine. Annotated without EXPECT.
//
//spmd:kernel
func A03(l spmd.Lane, out []int) {
	var r rec
	r.bind(l)
	if r.size > 1 {
		l.Barrier()
	}
	out[l.Index()] = r.id + r.size
}

type node struct {
	v    int
	next *node
}

// A04 (correct by semantics): a per-lane linked list whose node values are
// lane-dependent but whose shape (the next pointers) is uniform; its length
// is uniform.
//
// Question: field granularity on heap allocations (the v and next fields of
// the same allocation site). Annotated without EXPECT.
//
//spmd:kernel
func A04(l spmd.Lane, out []int) {
	var head *node
	for i := 0; i < 3; i++ {
		head = &node{v: l.Index() + i, next: head}
	}
	n := 0
	for p := head; p != nil; p = p.next {
		n++
	}
	if n == 3 {
		out[l.Index()] = spmd.ReduceAdd(l, n)
	}
}

// A05 (correct by semantics): a per-lane map built with uniform keys and
// values; the sum over a range of it does not depend on iteration order.
//
// Question: the spec says "Range over a map: keys and values are divergent,
// because iteration order is per lane", which makes the sum divergent and
// demands a finding; semantically the sum is uniform and spmd.Run completes.
// Annotated without EXPECT.
//
//spmd:kernel
func A05(l spmd.Lane, out []int) {
	m := map[int]int{}
	for i := 0; i < l.Count(); i++ {
		m[i] = i * 2
	}
	sum := 0
	for _, v := range m {
		sum += v
	}
	if sum == l.Count()*(l.Count()-1) {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// A06 (correct by semantics): lane-dependent values appended a uniform number
// of times; the length of the per-lane slice is uniform.
//
// Question: is the result of append (a slice header whose elements are
// divergent but whose length is uniform) divergent as a whole, making len()
// divergent? Annotated without EXPECT.
//
//spmd:kernel
func A06(l spmd.Lane, out []int) {
	var xs []int
	for i := 0; i < 3; i++ {
		xs = append(xs, l.Index()*i)
	}
	if len(xs) == 3 {
		out[l.Index()] = spmd.ReduceAdd(l, len(xs))
	}
}

// Ready is a shared flag.
var Ready int32

// A07 (data race, divergent at run time): lane 0 sets a shared flag while
// lane 1 has already read it; there is no barrier between the store and the
// loads, so the atomic Load at a uniform address sees different values in
// different lanes. The channel only makes the interleaving deterministic for
// the test.
//
// Question: the spec says "A load from shared memory (parameters, globals) at
// a uniform address is uniform" (and the brief asks to follow that rule for
// atomic Load), so by the spec no finding is required here, although
// spmd.Run shows a DivergenceError. Annotated by the spec: no EXPECT. The
// test asserts the run-time divergence to document the gap.
//
//spmd:kernel
func A07(l spmd.Lane, handoff chan struct{}, out []int) {
	if l.Index() == 0 {
		<-handoff
		atomic.StoreInt32(&Ready, 1)
	}
	seen := atomic.LoadInt32(&Ready)
	if l.Index() == 1 {
		close(handoff)
	}
	if seen == 1 {
		l.Barrier()
	}
}

// A08 (correct by semantics): array elements at constant indices, one
// lane-dependent and one uniform; the branch is on the uniform one.
//
// Question: element granularity for constant indices (as A02 for fields).
// Annotated without EXPECT.
//
//spmd:kernel
func A08(l spmd.Lane, out []int) {
	var a [4]int
	a[2] = l.Index()
	a[1] = 3
	if a[1] == 3 {
		out[l.Index()] = spmd.ReduceAdd(l, a[1])
	}
	out[l.Index()] += a[2]
}

type pair struct{ lo, hi int }

// A09 (correct by semantics): a struct value with one lane-dependent field is
// copied; the branch is on the copy's uniform field.
//
// Question: the spec's propagation through Field makes a field of a
// divergent struct value divergent; is a whole struct value divergent when
// only one field is? Annotated without EXPECT.
//
//spmd:kernel
func A09(l spmd.Lane, out []int) {
	a := pair{lo: 1, hi: l.Index()}
	b := a
	if b.lo == 1 {
		out[l.Index()] = spmd.ReduceAdd(l, b.lo)
	}
	out[l.Index()] += b.hi
}
