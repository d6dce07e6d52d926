// Package bad holds buggy kernels: each has exactly one convergent call (or
// helper call) under divergent control, marked with a trailing EXPECT.
package bad

import (
	"math"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round5/dev"
	"github.com/spmdvet/spmdvet/spmd"
)

// GridStrideBarrier puts a barrier inside a grid-stride loop: lanes whose
// stride runs past the end leave the loop one iteration early.
func GridStrideBarrier(lanes int, data []float64, out []float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		var part float64
		for i := l.Index(); i < len(data); i += l.Count() {
			part += data[i]
			l.Barrier() // EXPECT
		}
		out[l.Index()] = part
	})
}

// TreeBarrierInGuard is the classic tree reduction with the barrier moved
// inside the active-lanes guard.
func TreeBarrierInGuard(lanes int, buf []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		for s := l.Count() / 2; s > 0; s >>= 1 {
			if tid < s {
				buf[tid] += buf[tid+s]
				l.Barrier() // EXPECT
			}
		}
	})
}

// ShuffleBranch exchanges with the neighbour and branches on what came back.
func ShuffleBranch(lanes int, data []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		x := data[l.Index()]
		nb := spmd.ShuffleXor(l, x, 1)
		if nb > x {
			out[l.Index()] = spmd.ReduceAdd(l, nb-x) // EXPECT
		}
	})
}

// LeaderReduce computes the reduction only in lane 0, which is where the
// result is stored.
func LeaderReduce(lanes int, data []int) (int, error) {
	total := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		if l.Index() == 0 {
			total = spmd.ReduceAdd(l, data[l.Index()]) // EXPECT
		}
	})
	return total, err
}

// RaggedBound loops over each lane's own work count with a reduction
// inside, instead of over the ReduceMax of the counts.
func RaggedBound(lanes int, work []int) (int, error) {
	acc := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		for k := 0; k < work[l.Index()]; k++ {
			m := spmd.ReduceMax(l, k) // EXPECT
			if l.Index() == 0 {
				acc += m
			}
		}
	})
	return acc, err
}

// NewtonPerLane iterates each lane to its own convergence with a barrier
// per step: the loop exit is per lane, not spmd.All.
func NewtonPerLane(lanes int, a []float64, out []float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		v := a[l.Index()]
		x := v
		for math.Abs(x*x-v) > 1e-9*v {
			x = (x + v/x) / 2
			l.Barrier() // EXPECT
		}
		out[l.Index()] = x
	})
}

// PrefixBound uses an inclusive prefix sum, a divergent value, as a trip
// count.
func PrefixBound(lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		pos := spmd.InclusiveAdd(l, 1)
		for i := 0; i < pos; i++ {
			l.Barrier() // EXPECT
		}
	})
}

// RotatedPivot broadcasts from a lane-dependent source, which is a shuffle,
// and branches on the result.
func RotatedPivot(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		src := (l.Index() + 1) % l.Count()
		p := spmd.Broadcast(l, data[l.Index()], src)
		if p > 0 {
			l.Barrier() // EXPECT
		}
	})
}

// SlotGuard writes at an ExclusiveAdd offset and lets the first slots do a
// reduction.
func SlotGuard(lanes int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		off := spmd.ExclusiveAdd(l, 1)
		if off < 2 {
			out[off] = spmd.ReduceAdd(l, off) // EXPECT
		}
	})
}

// LocalScratchTree hands a lane's own array to TreeReduce, which needs
// shared scratch: the "sum" is then only the lane's own view, and
// branching on it diverges.
func LocalScratchTree(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		var sc [16]int
		s := dev.TreeReduce(l, sc[:l.Count()], data[l.Index()])
		if s > 0 {
			l.Barrier() // EXPECT
		}
	})
}

// LocalPublish gives dev.Publish a lane's own array for the slot it
// publishes through: only lane 0 ever sees the value.
func LocalPublish(lanes int) (int, error) {
	got := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		var st [1]int
		r := dev.Publish(l, st[:], 7) // EXPECT
		if l.Index() == 0 {
			got = r
		}
	})
	return got, err
}

// WarpLeaderSum: a warp sum inside a lane-0 guard.
func WarpLeaderSum(lanes int, data []int) (int, error) {
	total := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		x := data[l.Index()]
		if x == data[0] {
			total = dev.WarpSum(l, x) // EXPECT
		}
	})
	return total, err
}
