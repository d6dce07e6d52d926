// Package tempdiv holds kernels whose loops lanes leave in different
// iterations, and what happens to the values those loops compute.
package tempdiv

import (
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

// EscapeCountBug iterates z = z*z + c for one pixel per lane and counts the
// pixels that escaped. Only the escaped lanes take part in the count.
// kernel(bug)
func EscapeCountBug(cs []complex128, maxIt int, iters []int, escaped *int) error {
	return spmd.Run(len(cs), func(l spmd.Lane) {
		c := cs[l.Index()]
		var z complex128
		it := 0
		for ; it < maxIt; it++ {
			if real(z)*real(z)+imag(z)*imag(z) > 4 {
				break
			}
			z = z*z + c
		}
		iters[l.Index()] = it
		if it < maxIt {
			n := spmd.ReduceAdd(l, 1) // EXPECT
			if l.Index() == 0 {
				*escaped = n
			}
		}
	})
}

// EscapeCount is EscapeCountBug with the count taken by every lane.
// kernel(ok)
func EscapeCount(cs []complex128, maxIt int, iters []int, escaped *int) error {
	return spmd.Run(len(cs), func(l spmd.Lane) {
		c := cs[l.Index()]
		var z complex128
		it := 0
		for ; it < maxIt; it++ {
			if real(z)*real(z)+imag(z)*imag(z) > 4 {
				break
			}
			z = z*z + c
		}
		iters[l.Index()] = it
		esc := 0
		if it < maxIt {
			esc = 1
		}
		n := spmd.ReduceAdd(l, esc)
		if l.Index() == 0 {
			*escaped = n
		}
	})
}

// BucketLoadBug: each lane finds the bucket of its own sample in a shared
// list of bounds, then reads the load of lane bucket%Count. The bucket
// differs per lane, so the load does, and so does the rebalancing barrier.
// kernel(bug)
func BucketLoadBug(bounds []float64, samples []float64, loads []int, limit int, heavy []bool) error {
	return spmd.Run(len(samples), func(l spmd.Lane) {
		b := 0
		for b < len(bounds) && bounds[b] < samples[l.Index()] {
			b++
		}
		load := spmd.Broadcast(l, loads[l.Index()], b%l.Count())
		if load > limit {
			l.Barrier() // EXPECT
			heavy[l.Index()] = true
		}
	})
}

// BucketLoad is BucketLoadBug with the bucket of a shared pivot: the walk
// stops at the same bound in every lane.
// kernel(ok)
func BucketLoad(bounds []float64, pivot float64, loads []int, limit int, heavy []bool) error {
	return spmd.Run(len(loads), func(l spmd.Lane) {
		b := 0
		for b < len(bounds) && bounds[b] < pivot {
			b++
		}
		load := spmd.Broadcast(l, loads[l.Index()], b%l.Count())
		if load > limit {
			l.Barrier()
			heavy[l.Index()] = true
		}
	})
}

// FreeListBug walks a shared free list to the first block that fits each
// lane's request. The walk reads only shared data, but lanes stop at
// different nodes; the lanes that found nothing grow the pool together.
// kernel(bug)
func FreeListBug(head int, next, caps, req []int, grow *int) error {
	return spmd.Run(len(req), func(l spmd.Lane) {
		n := head
		for n >= 0 && caps[n] < req[l.Index()] {
			n = next[n]
		}
		if n < 0 {
			g := spmd.ReduceAdd(l, req[l.Index()]) // EXPECT
			if g > 0 {
				*grow = g
			}
		}
	})
}

// FreeList is FreeListBug with the growth computed by every lane, the
// lanes that found a block adding nothing.
// kernel(ok)
func FreeList(head int, next, caps, req []int, grow *int) error {
	return spmd.Run(len(req), func(l spmd.Lane) {
		n := head
		for n >= 0 && caps[n] < req[l.Index()] {
			n = next[n]
		}
		need := 0
		if n < 0 {
			need = req[l.Index()]
		}
		g := spmd.ReduceAdd(l, need)
		if g > 0 && l.Index() == 0 {
			*grow = g
		}
	})
}

// NewtonScale runs Newton's method for the square root of each lane's
// value. The scale read after the loop was computed before it, so it is
// the same in every lane however long each lane iterated.
// kernel(ok)
func NewtonScale(vals, weights []float64, roots []float64) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		scale := weights[0] + weights[1]
		x := vals[l.Index()]
		g := x
		for math.Abs(g*g-x) > 1e-9*x {
			g = (g + x/g) / 2
		}
		roots[l.Index()] = g
		if scale > 1 {
			l.Barrier()
			roots[l.Index()] *= scale
		}
	})
}

// NewtonScaleBug picks the scale inside the loop, from the shared weights
// by iteration: each value is the same in all lanes that iterate, but lanes
// stop at different iterations.
// kernel(bug)
func NewtonScaleBug(vals, weights []float64, roots []float64) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		scale := weights[0] + weights[1]
		x := vals[l.Index()]
		g := x
		for k := 0; math.Abs(g*g-x) > 1e-9*x; k++ {
			g = (g + x/g) / 2
			scale = weights[k%len(weights)]
		}
		roots[l.Index()] = g
		if scale > 1 {
			l.Barrier() // EXPECT
			roots[l.Index()] *= scale
		}
	})
}
