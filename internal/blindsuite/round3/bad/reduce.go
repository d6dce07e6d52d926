// Package bad holds buggy SPMD kernels: each has exactly one convergent
// call (or call of a convergent helper) reached under divergent control,
// marked with a trailing expectation comment (see bad_test.go).
package bad

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round3/helpers"
	"github.com/spmdvet/spmdvet/spmd"
)

// EarlyReturnReduce skips zero elements with an early return, so the
// reduction only sums the lanes that stayed.
func EarlyReturnReduce(lanes int, data []float32, out []float32) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		if data[i] == 0 {
			return
		}
		total := spmd.ReduceAdd(l, data[i]) // EXPECT
		if i == 0 {
			out[0] = total
		}
	})
}

// TreeBarrierInIf puts the tree reduction's barrier inside the active-lane
// test: the upper half of the lanes never reach it.
func TreeBarrierInIf(lanes int, data []int, out *int) error {
	sh := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		sh[tid] = data[tid]
		l.Barrier()
		for s := l.Count() / 2; s > 0; s >>= 1 {
			if tid < s {
				sh[tid] += sh[tid+s]
				l.Barrier() // EXPECT
			}
		}
		if tid == 0 {
			*out = sh[0]
		}
	})
}

// PrivateScratch allocates the reduction scratch inside the kernel, so each
// lane has its own: the "block total" differs between lanes.
func PrivateScratch(lanes int, data []int, limit int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		sh := make([]int, l.Count()) // should have been shared
		t := helpers.BlockReduce(l, sh, data[i])
		if t > limit {
			l.Barrier() // EXPECT
			data[i] = data[i] * limit / t
		}
		out[i] = t
	})
}

// ShuffleBranch synchronises only in the lanes whose butterfly partner
// holds a smaller value.
func ShuffleBranch(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		v := data[i]
		nb := spmd.ShuffleXor(l, v, 1)
		if nb < v {
			l.Barrier() // EXPECT
			data[i] = nb
		}
	})
}

// ExclusiveOverflow counts spilled items with a reduction that only the
// lanes past the buffer's end execute.
func ExclusiveOverflow(lanes int, counts []int, capacity int, spills []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		c := counts[i]
		off := spmd.ExclusiveAdd(l, c)
		if off+c > capacity {
			dropped := spmd.ReduceAdd(l, off+c-capacity) // EXPECT
			spills[i] = dropped
		}
	})
}

// ArgMinBroadcastInIf broadcasts the payload only from the lanes that hold
// the minimum.
func ArgMinBroadcastInIf(lanes int, keys, payload []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		m := spmd.ReduceMin(l, keys[i])
		if keys[i] == m {
			p := spmd.BroadcastFirst(l, payload[i]) // EXPECT
			out[0] = p
		}
	})
}

// BroadcastNeighbour reads the next lane's value with Broadcast: the source
// differs per lane, so the result is lane-dependent.
func BroadcastNeighbour(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		v := data[i]
		nb := spmd.Broadcast(l, v, (i+1)%l.Count())
		if nb > v {
			l.Barrier() // EXPECT
			data[i] = nb
		}
	})
}

// ReduceMaxTypo computes the uniform trip count but loops on the lane's
// own count.
func ReduceMaxTypo(lanes int, work []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		mine := work[i]
		iters := spmd.ReduceMax(l, mine)
		acc := 0
		for k := 0; k < mine; k++ { // should be iters
			acc += k
			l.Barrier() // EXPECT
		}
		out[i] = acc * iters
	})
}

// AnyAndLocal tests spmd.Any and then the lane's own flag in the same
// condition: the body runs only in the lanes that found the key.
func AnyAndLocal(lanes int, data []int, key int, out *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		found := data[i] == key
		if spmd.Any(l, found) && found {
			first := spmd.ReduceMin(l, i) // EXPECT
			*out = first
		}
	})
}

// NormalizeUnderIf calls a convergent helper from another package only for
// non-zero elements.
func NormalizeUnderIf(lanes int, data []int, out []int) error {
	sh := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		v := data[i]
		if v != 0 {
			out[i] = helpers.Normalize(l, sh, v) // EXPECT
		}
	})
}

// MethodUnderIf calls a convergent method only for positive elements.
func MethodUnderIf(lanes int, data []float64, out []float64) error {
	r := &helpers.Reducer{Scratch: make([]float64, lanes)}
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		x := data[i]
		if x > 0 {
			s := r.Sum(l, x) // EXPECT
			out[i] = x / s
		}
	})
}

// GenericUnderIf calls the generic reduction only for non-negative values.
func GenericUnderIf(lanes int, data []int, out []int) error {
	sh := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		if data[i] >= 0 {
			m := helpers.Reduce(l, sh, data[i], func(a, b int) int { return max(a, b) }) // EXPECT
			out[i] = m
		}
	})
}

// ClampSum is a generic kernel that drops out-of-range values with an
// early return before reducing.
func ClampSum[T spmd.Number](lanes int, data []T, hi T, out *T) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		v := data[l.Index()]
		if v > hi {
			return
		}
		s := spmd.ReduceAdd(l, v) // EXPECT
		if l.Index() == 0 {
			*out = s
		}
	})
}

// InclusiveBound loops up to the lane's inclusive prefix count: the
// collective's result looks like a count but is per-lane.
func InclusiveBound(lanes int, flags []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		upto := spmd.InclusiveAdd(l, flags[i])
		acc := 0
		for k := 0; k < upto; k++ {
			acc += spmd.ReduceAdd(l, k) // EXPECT
		}
		out[i] = acc
	})
}
