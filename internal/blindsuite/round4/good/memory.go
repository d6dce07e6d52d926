package good

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round4/lib"

	"github.com/spmdvet/spmdvet/spmd"
)

// GoodSharedUniformAddress writes lane-dependent values into shared memory
// and branches on a load at a uniform address after the barrier.
func GoodSharedUniformAddress(n int, out []int) error {
	shared := make([]int, n)
	return spmd.Run(n, func(l spmd.Lane) {
		shared[l.Index()] = l.Index() * 3
		l.Barrier()
		last := shared[l.Count()-1]
		if last > 10 {
			l.Barrier()
		}
		for i := 0; i < shared[1]; i++ {
			l.Barrier()
		}
		if l.Index() == 0 {
			out[0] = last
		}
	})
}

// GoodPublishShared gives lib.Publish memory all lanes share.
func GoodPublishShared(n int, out []int) error {
	st := new([64]int)
	return spmd.Run(n, func(l spmd.Lane) {
		lead := lib.Publish(l, st, l.Index()+1)
		if lead > 0 {
			l.Barrier()
		}
		if l.Index() == 0 {
			out[0] = lead
		}
	})
}

// GoodSetLocalUniform writes a uniform value into a lane's local variable
// through a helper, then branches on it.
func GoodSetLocalUniform(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		lib.Set(&x, lib.Twice(l.Count()))
		if x > 8 {
			l.Barrier()
		}
		y := 0
		lib.Set(&y, l.Index())
		_ = y
		l.Barrier()
	})
}

// GoodTaskMixedFields passes a lane-local struct whose round count is
// uniform and whose other fields depend on the lane.
func GoodTaskMixedFields(n, rounds int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		t := lib.Task{Rounds: rounds, Lane: l.Index()}
		lib.RunTask(l, &t)
		s := spmd.ReduceAdd(l, t.Acc)
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

type cell struct {
	steps int
	lane  int
	sum   float64
}

// GoodLocalStructMixed decides on the uniform field of a local struct
// while accumulating into the lane-dependent ones.
func GoodLocalStructMixed(n, steps int, out []float64) error {
	return spmd.Run(n, func(l spmd.Lane) {
		c := cell{steps: steps, lane: l.Index()}
		p := &c
		for i := 0; i < p.steps; i++ {
			p.sum += float64(p.lane * i)
			if p.lane%2 == 0 {
				p.sum++
			}
			l.Barrier()
		}
		if c.steps > 2 {
			c.sum = spmd.ReduceAdd(l, c.sum)
		}
		if l.Index() == 0 {
			out[0] = c.sum
		}
	})
}

// GoodTreeSum reduces through a shared scratch slice in a library helper
// and branches on the result.
func GoodTreeSum(n int, data []float64, out []float64) error {
	buf := make([]float64, n)
	return spmd.Run(n, func(l spmd.Lane) {
		part := 0.0
		for i := l.Index(); i < len(data); i += l.Count() {
			part += data[i]
		}
		total := lib.TreeSum(l, buf, part)
		if total > 10 {
			l.Barrier()
		}
		if l.Index() == 0 {
			out[0] = total
		}
	})
}

// GoodBroadcastUniform uses collectives with uniform results for control.
func GoodBroadcastUniform(n int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := l.Index()*7 + 1
		b := spmd.Broadcast(l, v, 2)
		f := spmd.BroadcastFirst(l, v)
		hi := spmd.ReduceMax(l, v)
		lo := spmd.ReduceMin(l, v)
		mask := spmd.Ballot(l, v%2 == 0)
		if b > f {
			l.Barrier()
		}
		for i := lo; i < hi; i += 7 {
			l.Barrier()
		}
		if mask != 0 && spmd.All(l, v > 0) {
			l.Barrier()
		}
		if l.Index() == 0 {
			out[0] = b + f + hi + lo
		}
	})
}

// GoodLocalArrayUniformWrites fills a local array with uniform values and
// branches on an element.
func GoodLocalArrayUniformWrites(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var arr [4]int
		for i := range arr {
			arr[i] = i * l.Count()
		}
		if arr[3] > 20 {
			l.Barrier()
		}
		for k := 0; k < arr[1]/4; k++ {
			l.Barrier()
		}
	})
}

// publishDown writes a lane-dependent value into memory it is given,
// synchronises and branches on the element at index 0.
func publishDown(l spmd.Lane, s []int) int {
	s[l.Index()] = l.Index() + 5
	l.Barrier()
	if s[0] > 2 {
		l.Barrier()
	}
	return s[0]
}

// GoodPassDownShared passes shared memory down to a helper that needs it
// shared.
func GoodPassDownShared(n int, out []int) error {
	shared := make([]int, n)
	return spmd.Run(n, func(l spmd.Lane) {
		v := publishDown(l, shared)
		if l.Index() == 0 {
			out[0] = v
		}
	})
}

// GoodSharedGlobal branches on a global written by lane 0 before the
// barrier.
func GoodSharedGlobal(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if l.Index() == 0 {
			globalRounds = l.Count() / 4
		}
		l.Barrier()
		for i := 0; i < globalRounds; i++ {
			l.Barrier()
		}
		l.Barrier()
	})
}

var globalRounds int
