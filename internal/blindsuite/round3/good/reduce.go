// Package good holds correct SPMD kernels: no convergent operation in them
// is reached under divergent control.
package good

import (
	"math"
	"math/bits"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round3/helpers"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round3/prim"
	"github.com/spmdvet/spmdvet/spmd"
)

// SumShared adds up data with a grid-stride load and an inline tree
// reduction in shared memory. If the sum exceeds limit, every lane then
// rescales its elements in a second phase.
func SumShared(lanes int, data []int, limit int, out *int) error {
	sh := make([]int, prim.Pow2Ceil(lanes))
	return spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		part := 0
		for j := tid; j < len(data); j += l.Count() {
			part += data[j]
		}
		sh[tid] = part
		l.Barrier()
		for s := len(sh) / 2; s > 0; s >>= 1 {
			if tid < s {
				sh[tid] += sh[tid+s]
			}
			l.Barrier()
		}
		total := sh[0] // shared memory, uniform address
		if total > limit {
			for j := tid; j < len(data); j += l.Count() {
				data[j] = data[j] * limit / total
			}
			l.Barrier()
		}
		if tid == 0 {
			*out = total
		}
	})
}

// SumHelper uses the cross-package BlockReduce on a shared scratch buffer,
// stops uniformly when the total is zero and otherwise computes the sum of
// squared deviations from the mean with a second collective.
func SumHelper(lanes int, data []int, out []int) error {
	sh := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		total := helpers.BlockReduce(l, sh, data[i])
		if total == 0 {
			return // every lane leaves: total is uniform
		}
		mean := total / l.Count()
		d := data[i] - mean
		ss := spmd.ReduceAdd(l, d*d)
		if i == 0 {
			out[0], out[1] = total, ss
		}
	})
}

// ButterflySum all-reduces with ShuffleXor in registers (power-of-two group).
func ButterflySum(lanes int, data []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		out[i] = prim.WarpSum(l, data[i])
	})
}

// Dot computes the dot product and both norms, then the cosine. A zero
// norm is detected uniformly and ends the kernel in all lanes.
func Dot(lanes int, a, b []float64, out *float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		var ab, aa, bb float64
		for j := l.Index(); j < len(a); j += l.Count() {
			ab += a[j] * b[j]
			aa += a[j] * a[j]
			bb += b[j] * b[j]
		}
		na := spmd.ReduceAdd(l, aa)
		nb := spmd.ReduceAdd(l, bb)
		if na == 0 || nb == 0 {
			return
		}
		d := spmd.ReduceAdd(l, ab)
		if l.Index() == 0 {
			*out = d / math.Sqrt(na*nb)
		}
	})
}

// MeanVariance is a two-pass mean/variance over one element per lane.
func MeanVariance(lanes int, data []float64, out []float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		x := data[l.Index()]
		mean := spmd.ReduceAdd(l, x) / float64(l.Count())
		if mean == 0 {
			mean = spmd.BroadcastFirst(l, x) // degenerate data: centre on lane 0
		}
		d := x - mean
		v := spmd.ReduceAdd(l, d*d) / float64(l.Count())
		if l.Index() == 0 {
			out[0], out[1] = mean, v
		}
	})
}

// ArgMin finds the lowest lane holding the minimum, then broadcasts that
// lane's payload from a uniform source lane.
func ArgMin(lanes int, keys []int, payload []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		m := spmd.ReduceMin(l, keys[i])
		mask := spmd.Ballot(l, keys[i] == m)
		winner := bits.TrailingZeros64(mask) // uniform: from a ballot
		p := spmd.Broadcast(l, payload[i], winner)
		if p < 0 { // uniform: Broadcast with a uniform source
			p = spmd.ReduceMax(l, payload[i])
		}
		if i == 0 {
			out[0], out[1] = winner, p
		}
	})
}

// MethodSum reduces through a Reducer the host allocated: its scratch
// buffer is shared, so the sum is uniform and may steer a barrier.
func MethodSum(lanes int, data []float64, out *float64) error {
	r := &helpers.Reducer{Scratch: make([]float64, lanes)}
	return spmd.Run(lanes, func(l spmd.Lane) {
		s := r.Sum(l, data[l.Index()])
		if s > 100 {
			s = r.Sum(l, data[l.Index()]/s)
		}
		if l.Index() == 0 {
			*out = s
		}
	})
}

// ReduceGeneric is a generic kernel: max-reduction of any number type.
func ReduceGeneric[T spmd.Number](lanes int, data []T) (T, error) {
	sh := make([]T, lanes)
	var res T
	err := spmd.Run(lanes, func(l spmd.Lane) {
		m := helpers.Reduce(l, sh, data[l.Index()], func(a, b T) T { return max(a, b) })
		if m > 0 {
			m = helpers.Reduce(l, sh, data[l.Index()], func(a, b T) T { return a + b })
		}
		if l.Index() == 0 {
			res = m
		}
	})
	return res, err
}

// RecursiveTree finishes a tree reduction with the recursive Levels helper,
// whose stride argument is uniform.
func RecursiveTree(lanes int, data []int, out *int) error {
	sh := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		helpers.Publish(l, sh, data[l.Index()])
		helpers.Levels(l, sh, l.Count()/2)
		if l.Index() == 0 {
			*out = sh[0]
		}
	})
}
