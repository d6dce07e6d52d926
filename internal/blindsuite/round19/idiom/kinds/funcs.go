package kinds

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// MethodValueSync binds l.Barrier to a variable and calls it in low lanes.
//
//spmd:kernel
func MethodValueSync(l spmd.Lane, out []int) {
	sync := l.Barrier
	if l.Index() < 2 {
		sync() // EXPECT
	}
	out[l.Index()] = 1
}

// MethodValueLoop calls the bound barrier a uniform number of times.
//
//spmd:kernel
func MethodValueLoop(l spmd.Lane, out []int) {
	sync := l.Barrier
	for range 2 {
		sync()
	}
	out[l.Index()] = 2
}

// MethodExprSync calls Barrier through the method expression spmd.Lane.Barrier
// in the lanes past the first.
//
//spmd:kernel
func MethodExprSync(l spmd.Lane, out []int) {
	bar := spmd.Lane.Barrier
	if l.Index() > 0 {
		bar(l) // EXPECT
	}
	out[l.Index()] = 1
}

// MethodExprSum sums through the method expression Base.Sum, uniformly.
//
//spmd:kernel
func MethodExprSum(l spmd.Lane, out *int) {
	sum := Base.Sum
	s := sum(Base{l: l}, l.Index())
	if s > 2 {
		l.Barrier()
	}
	if l.Index() == 0 {
		*out = s
	}
}

// MethodValueSumLane binds the promoted Sum of a worker and calls it in the
// lanes with an even datum.
//
//spmd:kernel
func MethodValueSumLane(l spmd.Lane, data []int, out []int) {
	w := Worker{Base: Base{l: l}}
	sum := w.Sum
	if data[l.Index()]%2 == 0 {
		out[l.Index()] = sum(1) // EXPECT
	}
}

// Stage is one step of a pipeline; Apply is a function-typed field.
type Stage struct {
	Name  string
	Apply func(spmd.Lane, int) int
}

// Pipeline runs every stage in every lane: the stages are shared and the
// control is uniform.
//
//spmd:kernel
func Pipeline(l spmd.Lane, stages []Stage, out []int) {
	v := l.Index()
	for _, st := range stages {
		v = st.Apply(l, v)
	}
	out[l.Index()] = v
}

// LocalOp chooses one of two convergent operations by a shared flag and
// calls it in every lane.
//
//spmd:kernel
func LocalOp(l spmd.Lane, useMax bool, out []int) {
	op := spmd.ReduceAdd[int]
	if useMax {
		op = spmd.ReduceMax[int]
	}
	out[l.Index()] = op(l, l.Index())
}
