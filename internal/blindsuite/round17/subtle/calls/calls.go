// Package calls: the convergent operation is hidden in the call: helpers two
// calls deep, method values and method expressions, user methods on structs
// that hold a lane, deferred calls, generics, a user //spmd:convergent
// directive, closures, and range-over-func loops.
package calls

import (
	"slices"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round17/subtle/lib"
	"github.com/spmdvet/spmdvet/spmd"
)

// LeadSync (bug): lib.Sync performs a barrier two calls deep; only lane 0
// calls it.
//
//spmd:kernel
func LeadSync(l spmd.Lane, out []int) {
	if l.Index() == 0 {
		lib.Sync(l) // EXPECT
	}
	out[l.Index()] = 1
}

// ReturnThenSync (bug): lane 3 returns early; the others call lib.Sync.
//
//spmd:kernel
func ReturnThenSync(l spmd.Lane, out []int) {
	if l.Index() == 3 {
		return
	}
	lib.Sync(l) // EXPECT
	out[l.Index()] = 1
}

// EvenTotal (bug): lib.Total performs a ReduceAdd two calls deep; only even
// lanes call it.
//
//spmd:kernel
func EvenTotal(l spmd.Lane, out []int) {
	if l.Index()%2 == 0 {
		out[l.Index()] = lib.Total(l, 1) // EXPECT
	}
}

// BoundBarrier (bug): the barrier is called through the method value
// l.Barrier.
//
//spmd:kernel
func BoundBarrier(l spmd.Lane, out []int) {
	wait := l.Barrier
	if l.Index() < 2 {
		wait() // EXPECT
	}
	out[l.Index()] = 1
}

// BoundBarrierUniform (correct): twin of BoundBarrier under a uniform
// condition.
//
//spmd:kernel
func BoundBarrierUniform(l spmd.Lane, out []int) {
	wait := l.Barrier
	if l.Count() >= 2 {
		wait()
	}
	out[l.Index()] = 1
}

// ExprBarrier (bug): the barrier is called through the method expression
// spmd.Lane.Barrier.
//
//spmd:kernel
func ExprBarrier(l spmd.Lane, out []int) {
	if l.Index() == 1 {
		spmd.Lane.Barrier(l) // EXPECT
	}
	out[l.Index()] = 1
}

// ReducerValue (bug): a method value of a user type that holds the lane; the
// method performs a ReduceAdd although it has no Lane parameter. Odd lanes
// call it.
//
//spmd:kernel
func ReducerValue(l spmd.Lane, out []int) {
	r := lib.Reducer{L: l}
	sum := r.Sum
	if l.Index()%2 == 1 {
		out[l.Index()] = sum(1) // EXPECT
	}
}

// TeamSync (bug): a pointer-receiver method that performs a barrier, called
// by lane 0 only.
//
//spmd:kernel
func TeamSync(l spmd.Lane, out []int) {
	t := &lib.Team{L: l}
	if l.Index() == 0 {
		t.Sync() // EXPECT
	}
	out[l.Index()] = t.Phase
}

// DeferSome (bug): only even lanes register the deferred barrier, which they
// then run on return while odd lanes just return.
//
//spmd:kernel
func DeferSome(l spmd.Lane, out []int) {
	if l.Index()%2 == 0 {
		defer l.Barrier() // EXPECT
	}
	out[l.Index()] = 1
}

// DeferAll (correct): twin of DeferSome; every lane registers the deferred
// barrier and there is a single return, so the divergent store before it
// does not matter.
//
//spmd:kernel
func DeferAll(l spmd.Lane, out []int) {
	defer l.Barrier()
	if l.Index()%2 == 0 {
		out[l.Index()] = 1
	}
}

// FinishSome (bug): lib.Finish is convergent only through a deferred call in
// its body; lane 0 does not call it.
//
//spmd:kernel
func FinishSome(l spmd.Lane, out []int) {
	if l.Index() > 0 {
		lib.Finish(l, out) // EXPECT
	}
}

// GenericSome (bug): lib.SumOf is a generic wrapper of ReduceAdd, called here
// through its float64 instantiation by lane 0 only.
//
//spmd:kernel
func GenericSome(l spmd.Lane, out []float64) {
	if l.Index() == 0 {
		out[0] = lib.SumOf(l, 1.5) // EXPECT
	}
}

// GenericAll (correct): lib.SumOf's result is uniform (it returns ReduceAdd's
// result), so branching on it is fine, through the instantiation.
//
//spmd:kernel
func GenericAll(l spmd.Lane, out []int) {
	if lib.SumOf(l, 1) == l.Count() {
		l.Barrier()
	}
	out[l.Index()] = l.Count()
}

// CollectiveOp (bug): lib.Collective is convergent by its //spmd:convergent
// directive (its body only calls a function value); lane 0 alone calls it.
//
//spmd:kernel
func CollectiveOp(l spmd.Lane, out []int) {
	if l.Index() == 0 {
		lib.Collective(l, lib.BarrierOp) // EXPECT
	}
	out[l.Index()] = 1
}

// ClosureSync (bug): a closure that performs a barrier, called by even lanes.
//
//spmd:kernel
func ClosureSync(l spmd.Lane, out []int) {
	step := func() { l.Barrier() }
	if l.Index()%2 == 0 {
		step() // EXPECT
	}
	out[l.Index()] = 1
}

// RangeValues (correct): a range-over-func loop over a uniform sequence
// (slices.Values of a kernel parameter): every lane runs the body, and its
// ReduceAdd, the same number of times.
//
//spmd:kernel
func RangeValues(l spmd.Lane, data, out []int) {
	acc := 0
	for v := range slices.Values(data) {
		acc += spmd.ReduceAdd(l, v)
	}
	out[l.Index()] = acc
}
