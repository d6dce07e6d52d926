package pipes

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round23/idiom/lanekit"
	"github.com/spmdvet/spmdvet/spmd"
)

// DeferBarrierLaneReturn: a deferred barrier, lanes leave by different returns.
//
//spmd:kernel
func DeferBarrierLaneReturn(l spmd.Lane, out []int) {
	defer l.Barrier() // EXPECT
	if data[l.Index()] < 0 {
		out[l.Index()] = -1
		return
	}
	out[l.Index()] = 1
}

// DeferBarrierUniformReturn: twin, the early return is uniform.
//
//spmd:kernel
func DeferBarrierUniformReturn(l spmd.Lane, out []int) {
	defer l.Barrier()
	if l.Count() < 2 {
		return
	}
	if data[l.Index()] < 0 {
		out[l.Index()] = -1
	} else {
		out[l.Index()] = 1
	}
}

// DeferReduceLaneReturn: a deferred closure reduces into the output.
//
//spmd:kernel
func DeferReduceLaneReturn(l spmd.Lane, out []int) {
	total := 0
	defer func() { out[l.Index()] = spmd.ReduceAdd(l, total) }() // EXPECT
	if data[l.Index()] > 3 {
		total = 100
		return
	}
	total = data[l.Index()]
}

// DeferReduceOneExit: twin.
//
//spmd:kernel
func DeferReduceOneExit(l spmd.Lane, out []int) {
	total := 0
	defer func() { out[l.Index()] = spmd.ReduceAdd(l, total) }()
	if data[l.Index()] > 3 {
		total = 100
	} else {
		total = data[l.Index()]
	}
}

// DeferRegisteredLate: the barrier is deferred only by lanes that did not leave.
//
//spmd:kernel
func DeferRegisteredLate(l spmd.Lane, out []int) {
	if data[l.Index()] < 0 {
		return
	}
	defer l.Barrier() // EXPECT
	out[l.Index()] = 1
}

// DeferRegisteredLateUniform: twin, the early return is uniform.
//
//spmd:kernel
func DeferRegisteredLateUniform(l spmd.Lane, out []int) {
	if l.Count() > 64 {
		return
	}
	defer l.Barrier()
	out[l.Index()] = 1
}

// DeferMethodLaneReturn: a deferred barrier method of the kernel state.
//
//spmd:kernel
func DeferMethodLaneReturn(l spmd.Lane, out []int) {
	s := lanekit.New(l, data[l.Index()])
	defer s.Step() // EXPECT
	if s.Positive() {
		return
	}
	s.Bump(10)
	out[l.Index()] = s.Val
}

// DeferMethodUniformReturn: twin.
//
//spmd:kernel
func DeferMethodUniformReturn(l spmd.Lane, out []int) {
	s := lanekit.New(l, data[l.Index()])
	defer s.Step()
	if s.AnyNeg() {
		out[l.Index()] = s.Val
		return
	}
	s.Bump(10)
	out[l.Index()] = s.Val
}
