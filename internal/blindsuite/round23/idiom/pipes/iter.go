package pipes

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round23/idiom/flow"
	"github.com/spmdvet/spmdvet/spmd"
)

// RangeUptoLane ranges over an iterator built from a per-lane bound.
//
//spmd:kernel
func RangeUptoLane(l spmd.Lane, out []int) {
	acc := 0
	for i := range flow.Upto(l.Index() + 1) {
		acc += spmd.ReduceAdd(l, i) // EXPECT
	}
	out[l.Index()] = acc
}

// RangeUptoCount: twin, a uniform bound.
//
//spmd:kernel
func RangeUptoCount(l spmd.Lane, out []int) {
	acc := 0
	for i := range flow.Upto(l.Count()) {
		acc += spmd.ReduceAdd(l, i)
	}
	out[l.Index()] = acc
}

// RangeBreakLane: uniform iterator, per-lane break before the barrier.
//
//spmd:kernel
func RangeBreakLane(l spmd.Lane, out []int) {
	n := 0
	for i := range flow.Upto(4) {
		if i == l.Index() {
			break
		}
		l.Barrier() // EXPECT
		n++
	}
	out[l.Index()] = n
}

// RangeBreakUniform: twin, the break depends on the group size only.
//
//spmd:kernel
func RangeBreakUniform(l spmd.Lane, out []int) {
	n := 0
	for i := range flow.Upto(10) {
		if i == l.Count()/2 {
			break
		}
		l.Barrier()
		n++
	}
	out[l.Index()] = n
}

// RangeReturnLane: a per-lane return inside the body, barrier after the loop.
//
//spmd:kernel
func RangeReturnLane(l spmd.Lane, out []int) {
	for i := range flow.Upto(4) {
		if data[l.Index()] == i {
			return
		}
	}
	l.Barrier() // EXPECT
	out[l.Index()] = 1
}

// RangeBreakThenBarrier: twin, break instead of return: lanes meet after the loop.
//
//spmd:kernel
func RangeBreakThenBarrier(l spmd.Lane, out []int) {
	at := -1
	for i := range flow.Upto(4) {
		if data[l.Index()] == i {
			at = i
			break
		}
	}
	l.Barrier()
	out[l.Index()] = at
}

// EnumerateLaneSlice: a Seq2 over a per-lane slice with a barrier in the body.
//
//spmd:kernel
func EnumerateLaneSlice(l spmd.Lane, out []int) {
	s := 0
	for i, x := range flow.Enumerate(data[:l.Index()+1]) {
		l.Barrier() // EXPECT
		s += i * x
	}
	out[l.Index()] = s
}

// EnumerateSharedSlice: twin, the slice bound is uniform.
//
//spmd:kernel
func EnumerateSharedSlice(l spmd.Lane, out []int) {
	s := 0
	for i, x := range flow.Enumerate(data[:l.Count()]) {
		l.Barrier()
		s += i * x
	}
	out[l.Index()] = s
}

// EnumerateCountDecides: the body counts per-lane matches; the raw count decides.
//
//spmd:kernel
func EnumerateCountDecides(l spmd.Lane, out []int) {
	count := 0
	for _, x := range flow.Enumerate(data) {
		if x > l.Index() {
			count++
		}
	}
	r := 0
	if count > 4 {
		r = spmd.ReduceAdd(l, count) // EXPECT
	}
	out[l.Index()] = r
}

// EnumerateCountAny: twin, Any makes the decision uniform.
//
//spmd:kernel
func EnumerateCountAny(l spmd.Lane, out []int) {
	count := 0
	for _, x := range flow.Enumerate(data) {
		if x > l.Index() {
			count++
		}
	}
	r := 0
	if spmd.Any(l, count > 4) {
		r = spmd.ReduceAdd(l, count)
	}
	out[l.Index()] = r
}

// RangeDeferLaneReturn: defer inside a range-over-func body; the kernel then
// returns at different statements in different lanes.
//
//spmd:kernel
func RangeDeferLaneReturn(l spmd.Lane, out []int) {
	for range flow.Upto(2) {
		defer l.Barrier() // EXPECT
	}
	if data[l.Index()] < 0 {
		return
	}
	out[l.Index()] = 1
}

// RangeDeferOneExit: twin, a single exit.
//
//spmd:kernel
func RangeDeferOneExit(l spmd.Lane, out []int) {
	for range flow.Upto(2) {
		defer l.Barrier()
	}
	if data[l.Index()] >= 0 {
		out[l.Index()] = 1
	}
}

// RangeReturnUniform: a return inside the body on a uniform condition.
//
//spmd:kernel
func RangeReturnUniform(l spmd.Lane, out []int) {
	out[l.Index()] = 0
	for i := range flow.Upto(8) {
		if i == l.Count() {
			out[l.Index()] = i
			return
		}
		l.Barrier()
	}
	l.Barrier()
}

// RangeNestedBreakLane: a labelled break out of two range-over-func loops on
// a per-lane test; the reduction sits in the inner body.
//
//spmd:kernel
func RangeNestedBreakLane(l spmd.Lane, out []int) {
	s := 0
outer:
	for i := range flow.Upto(3) {
		for j := range flow.Upto(3) {
			if i*3+j > l.Index()+4 {
				break outer
			}
			s += spmd.ReduceAdd(l, 1) // EXPECT
		}
	}
	out[l.Index()] = s
}

// RangeNestedBreakUniform: twin, the labelled break tests a uniform value.
//
//spmd:kernel
func RangeNestedBreakUniform(l spmd.Lane, out []int) {
	s := 0
outer:
	for i := range flow.Upto(3) {
		for j := range flow.Upto(3) {
			if i*3+j > l.Count()+2 {
				break outer
			}
			s += spmd.ReduceAdd(l, 1)
		}
	}
	out[l.Index()] = s
}
