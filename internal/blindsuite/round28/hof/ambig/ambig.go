// Package ambig holds kernels whose verdict the spec does not settle.
package ambig

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round28/hof/par"
	"github.com/spmdvet/spmdvet/spmd"
)

// SkipZeros: a deferred barrier that every lane runs at exit, but lanes
// leave through different returns.
// kernel A1
func SkipZeros(data []int) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		defer l.Barrier()
		i := l.Index()
		if data[i] == 0 {
			return
		}
		data[i] *= 3
	})
}

// syncIf returns a step that syncs when cond holds.
func syncIf(l spmd.Lane, cond bool) func() {
	return func() {
		if cond {
			l.Barrier()
		}
	}
}

// LowHalf: the condition captured by the factory depends on the lane.
// kernel A2
func LowHalf(buf []int) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		i := l.Index()
		step := syncIf(l, i < len(buf)/2)
		buf[i]++
		step()
	})
}

// StridedSync: an iterator from another package, started at the lane.
// kernel A3
func StridedSync(buf []int, lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		for k := range par.Strided(l.Index(), lanes, len(buf)) {
			buf[k] *= 2
			l.Barrier()
		}
	})
}

// Levels: a recursive closure whose depth comes from the lane.
// kernel A4
func Levels(depth []int, out []int) error {
	return spmd.Run(len(depth), func(l spmd.Lane) {
		var walk func(d int)
		walk = func(d int) {
			if d == 0 {
				return
			}
			out[d] = spmd.ReduceAdd(l, d)
			walk(d - 1)
		}
		walk(depth[l.Index()])
	})
}

// Sweep: the same closure code in every map entry, run in map order.
// kernel A5
func Sweep(lanes int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		ops := make(map[int]func())
		for k := range len(out) {
			ops[k] = func() {
				s := spmd.ReduceAdd(l, k)
				if l.Index() == 0 {
					out[k] = s
				}
			}
		}
		for _, f := range ops {
			f()
		}
	})
}
