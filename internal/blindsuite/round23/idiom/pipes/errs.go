package pipes

import (
	"errors"
	"fmt"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round23/idiom/flow"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round23/idiom/lanekit"
	"github.com/spmdvet/spmdvet/spmd"
)

// ErrCheckLane: the error depends on lane data; lanes with an error leave
// before the reduction.
//
//spmd:kernel
func ErrCheckLane(l spmd.Lane, out []int) {
	v, err := flow.Check(data[l.Index()])
	if err != nil {
		return
	}
	out[l.Index()] = spmd.ReduceAdd(l, v) // EXPECT
}

// ErrCheckCount: twin, the checked value is uniform.
//
//spmd:kernel
func ErrCheckCount(l spmd.Lane, out []int) {
	v, err := flow.Check(l.Count())
	if err != nil {
		return
	}
	out[l.Index()] = spmd.ReduceAdd(l, v)
}

// ErrAnyDecides: the lanes agree with Any before anyone leaves.
//
//spmd:kernel
func ErrAnyDecides(l spmd.Lane, out []int) {
	v, err := flow.Check(data[l.Index()])
	failed := spmd.Any(l, err != nil)
	if failed {
		out[l.Index()] = -1
		return
	}
	out[l.Index()] = spmd.ReduceAdd(l, v)
}

// ErrAnyComputedRawDecides: twin, Any is computed but the raw error decides.
//
//spmd:kernel
func ErrAnyComputedRawDecides(l spmd.Lane, out []int) {
	v, err := flow.Check(data[l.Index()])
	failed := spmd.Any(l, err != nil)
	if err != nil {
		out[l.Index()] = -1
		return
	}
	r := spmd.ReduceAdd(l, v) // EXPECT
	if failed {
		r = -r
	}
	out[l.Index()] = r
}

// ErrIsLane: errors.Is on a per-lane error decides a barrier.
//
//spmd:kernel
func ErrIsLane(l spmd.Lane, out []int) {
	_, err := flow.Check(data[l.Index()])
	r := 0
	if errors.Is(err, flow.ErrNeg) {
		l.Barrier() // EXPECT
		r = 1
	}
	out[l.Index()] = r
}

// ErrIsUniform: twin, a uniform error (group size times 200 is too big).
//
//spmd:kernel
func ErrIsUniform(l spmd.Lane, out []int) {
	_, err := flow.Check(l.Count() * 200)
	r := 0
	if errors.Is(err, flow.ErrBig) {
		l.Barrier()
		r = 1
	}
	out[l.Index()] = r
}

// ErrWrappedLane: a wrapped per-lane error ends a loop of reductions early.
//
//spmd:kernel
func ErrWrappedLane(l spmd.Lane, out []int) {
	s := 0
	for i := 0; i < 4; i++ {
		_, err := flow.Check(data[(l.Index()+i)%len(data)])
		if err != nil {
			err = fmt.Errorf("step %d: %w", i, err)
			break
		}
		s += spmd.ReduceAdd(l, i) // EXPECT
	}
	out[l.Index()] = s
}

// ErrWrappedUniform: twin, the error test is on a uniform value.
//
//spmd:kernel
func ErrWrappedUniform(l spmd.Lane, out []int) {
	s := 0
	for i := 0; i < 4; i++ {
		_, err := flow.Check(i - 2)
		if err != nil {
			err = fmt.Errorf("step %d: %w", i, err)
			s += spmd.ReduceAdd(l, 100)
			continue
		}
		s += spmd.ReduceAdd(l, i)
	}
	out[l.Index()] = s
}

// ErrStackEmptyAll: generic container errors reduced with All.
//
//spmd:kernel
func ErrStackEmptyAll(l spmd.Lane, out []int) {
	st := lanekit.NewStack[int64](l)
	if l.Index()%2 == 0 {
		st.Push(int64(l.Index()))
	}
	_, err := st.Pop()
	r := int64(0)
	if spmd.All(l, errors.Is(err, lanekit.ErrEmpty)) {
		r = -1
	} else {
		r = st.SumTops() + spmd.ReduceAdd(l, int64(1))
	}
	out[l.Index()] = int(r)
}

// ErrStackEmptyRaw: twin, the raw per-lane error decides.
//
//spmd:kernel
func ErrStackEmptyRaw(l spmd.Lane, out []int) {
	st := lanekit.NewStack[int64](l)
	if l.Index()%2 == 0 {
		st.Push(int64(l.Index()))
	}
	_, err := st.Pop()
	r := int64(0)
	if errors.Is(err, lanekit.ErrEmpty) {
		r = -1
	} else {
		r = st.SumTops() + spmd.ReduceAdd(l, int64(1)) // EXPECT
	}
	out[l.Index()] = int(r)
}
