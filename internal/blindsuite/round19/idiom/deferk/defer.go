// Package deferk holds kernels that defer collectives and closures.
package deferk

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// DeferBarrier defers a barrier at the top of a kernel with a single exit.
//
//spmd:kernel
func DeferBarrier(l spmd.Lane, out []int) {
	defer l.Barrier()
	out[l.Index()] = l.Index() * 2
}

// DeferInBranch defers a barrier only in lane 0.
//
//spmd:kernel
func DeferInBranch(l spmd.Lane, out []int) {
	if l.Index() == 0 {
		defer l.Barrier() // EXPECT
	}
	out[l.Index()] = 1
}

// DeferInSharedBranch defers a barrier when a shared flag is set.
//
//spmd:kernel
func DeferInSharedBranch(l spmd.Lane, sync bool, out []int) {
	if sync {
		defer l.Barrier()
	}
	out[l.Index()] = 1
}

// DeferReduceClosure defers a closure that reduces the lane's part and
// publishes it: the closure reads divergent data but has no divergent
// control before its collective.
//
//spmd:kernel
func DeferReduceClosure(l spmd.Lane, data []int, out *int) {
	part := 0
	defer func() {
		total := spmd.ReduceAdd(l, part)
		if l.Index() == 0 {
			*out = total
		}
	}()
	for i := l.Index(); i < len(data); i += l.Count() {
		part += data[i]
	}
}

// DeferDoneFlag defers a closure that reduces only when the lane did not
// finish its work; the flag is set under divergent control.
//
//spmd:kernel
func DeferDoneFlag(l spmd.Lane, data []int, out []int) {
	done := false
	defer func() {
		if !done {
			out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
		}
	}()
	if data[l.Index()] > 0 {
		done = true
	}
}

// DeferSharedFlag sets the flag from shared data only.
//
//spmd:kernel
func DeferSharedFlag(l spmd.Lane, limit int, out []int) {
	done := false
	defer func() {
		if !done {
			out[l.Index()] = spmd.ReduceAdd(l, 1)
		}
	}()
	if limit > 0 {
		done = true
	}
}

// DeferLaneCheck defers a closure that branches on the lane index itself.
//
//spmd:kernel
func DeferLaneCheck(l spmd.Lane, out []int) {
	defer func() {
		if l.Index()%2 == 0 {
			l.Barrier() // EXPECT
		}
	}()
	out[l.Index()] = 1
}

// DeferLoopLane defers one reduction per lower lane.
//
//spmd:kernel
func DeferLoopLane(l spmd.Lane, out []int) {
	for i := range l.Index() {
		defer spmd.ReduceAdd(l, i) // EXPECT
	}
	out[l.Index()] = 1
}

// DeferLoopShared defers three reductions in every lane.
//
//spmd:kernel
func DeferLoopShared(l spmd.Lane, out []int) {
	for i := range 3 {
		defer spmd.ReduceAdd(l, i)
	}
	out[l.Index()] = 1
}

// DeferArgEval defers a reduction whose argument is evaluated at the defer
// statement: divergent data, uniform control.
//
//spmd:kernel
func DeferArgEval(l spmd.Lane, out []int) {
	x := l.Index()
	defer func(v int) {
		out[l.Index()] = spmd.ReduceMax(l, v)
	}(x)
	x = 100
	_ = x
}

// DeferUnlockStyle pairs a "lock" and an "unlock" collective with defer, the
// way one pairs mu.Lock with defer mu.Unlock; both run in every lane.
//
//spmd:kernel
func DeferUnlockStyle(l spmd.Lane, data []int, out *int) {
	l.Barrier()
	defer l.Barrier()
	s := 0
	for _, v := range data {
		s += v * l.Index()
	}
	t := spmd.ReduceAdd(l, s)
	if l.Index() == 0 {
		*out = t
	}
}
