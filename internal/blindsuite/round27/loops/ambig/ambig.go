// Package ambig holds loop kernels whose verdict the spec does not settle.
// The lines in question carry a "// A<n> site" comment.
package ambig

import (
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
)

// LeaveOneOut sums, for each lane, the other lanes' values: it steps
// through all lanes and skips its own step with continue. Every lane skips
// exactly one step, so all lanes make the same number of reductions, but
// each reduction mixes two different steps.
// kernel A1
func LeaveOneOut(x []int, others []int) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		acc := 0
		for k := range l.Count() {
			if k == l.Index() {
				continue
			}
			acc += spmd.ReduceAdd(l, x[k]) // A1 site
		}
		others[l.Index()] = acc
	})
}

// Tally reads each lane's column of a table with a while-style loop; the
// step counter advances the same way in every lane before the divergent
// continue, so it is uniform at run time, but the continue and the end of
// the body meet at the loop header.
// kernel A2
func Tally(tab []int, rows int, colSums []int, rowSums []int) error {
	return spmd.Run(len(tab)/rows, func(l spmd.Lane) {
		k := 0
		acc := 0
		for k < rows {
			s := spmd.ReduceAdd(l, tab[k*l.Count()+l.Index()]) // A2 site
			if l.Index() == 0 {
				rowSums[k] = s
			}
			k++
			if tab[(k-1)*l.Count()+l.Index()] < 0 {
				continue
			}
			acc += tab[(k-1)*l.Count()+l.Index()]
		}
		colSums[l.Index()] = acc
	})
}

// MapRounds sums a shared map over the group, one entry per round: every
// lane has as many entries, in its own order.
// kernel A3
func MapRounds(m map[string]int, total []int) error {
	return spmd.Run(len(total), func(l spmd.Lane) {
		acc := 0
		for _, v := range m {
			acc += spmd.ReduceAdd(l, v) // A3 site
		}
		total[l.Index()] = acc
	})
}

// PrivateQueue fills a channel the lane makes and keeps to itself with the
// same shared values in every lane, then drains it with a reduction per
// value.
// kernel A4
func PrivateQueue(vals []int, out []int) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		q := make(chan int, len(vals))
		for _, v := range vals {
			q <- v
		}
		close(q)
		acc := 0
		for v := range q {
			acc += spmd.ReduceAdd(l, v*(l.Index()+1)) // A4 site
		}
		out[l.Index()] = acc
	})
}

// chunks yields data in chunks of size, syncing the group before each
// chunk as if staging it in shared memory.
func chunks(l spmd.Lane, data []float64, size int) iter.Seq[[]float64] {
	return func(yield func([]float64) bool) {
		for s := 0; s < len(data); s += size {
			l.Barrier() // A5 site (barrier)
			if !yield(data[s:min(s+size, len(data))]) {
				return
			}
		}
	}
}

// ScanChunks sums chunks until one starts above the lane's limit: a lane
// that breaks stops the iterator, which then skips its barrier.
// kernel A5
func ScanChunks(data []float64, lim []float64, sums []float64) error {
	return spmd.Run(len(lim), func(l spmd.Lane) {
		acc := 0.0
		for c := range chunks(l, data, 2) { // A5 site (range)
			if c[0] > lim[l.Index()] {
				break
			}
			for _, v := range c {
				acc += v
			}
		}
		sums[l.Index()] = acc
	})
}

// SafeSteps runs steps with a reduction each; a step that hits a bad value
// panics, and the deferred recover turns the panic into an early return of
// that lane.
// kernel A6
func SafeSteps(x []float64, n int, sums []float64, failed []bool) error {
	return spmd.Run(len(x)/n, func(l spmd.Lane) {
		defer func() {
			if recover() != nil {
				failed[l.Index()] = true
			}
		}()
		for k := range n {
			v := x[l.Index()*n+k]
			if v < 0 {
				panic("negative sample")
			}
			s := spmd.ReduceAdd(l, v) // A6 site
			if l.Index() == 0 {
				sums[k] = s
			}
		}
	})
}
