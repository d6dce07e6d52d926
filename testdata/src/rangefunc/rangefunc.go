// Package rangefunc pins range-over-func loops. go/ssa turns the loop
// body into a closure (the yield function) that the iterator calls, so
// whether the body runs, and how often, is decided by the iterator.
//
// When the iterator itself is lane-dependent (below it is built from
// l.Index(), so lane k runs k iterations), the barrier in the body is under
// divergent control although it is unconditional in the body closure. (A
// false negative, reported as BUG(report), fixed in 5daa642.) A divergent
// break inside the body and uniform iterators are handled as in ordinary
// loops.
package rangefunc

import (
	"iter"
	"slices"

	"github.com/spmdvet/spmdvet/spmd"
)

func upTo(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

// Lane k runs k iterations.
func divergentIterator(l spmd.Lane) {
	for i := range upTo(l.Index()) {
		_ = i
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A divergent break inside the body.
func divergentBreak(l spmd.Lane, data []int) {
	for v := range slices.Values(data) {
		if v == l.Index() {
			break
		}
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A divergent break on a variable of the enclosing function: the body
// captures it, and it is lane-dependent where the loop runs.
func capturedBreak(l spmd.Lane, data []int) {
	i := l.Index()
	for v := range slices.Values(data) {
		if v*2 >= i {
			break
		}
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: a captured variable that is the same in every lane.
func capturedUniform(l spmd.Lane, data []int) {
	n := l.Count()
	for v := range slices.Values(data) {
		if v >= n {
			break
		}
		l.Barrier()
	}
}

// Fine: a uniform iterator over shared data.
func uniformIterator(l spmd.Lane, data []int) {
	for v := range slices.Values(data) {
		_ = v
		l.Barrier()
	}
}

// Fine: an iterator built from uniform values.
func uniformBound(l spmd.Lane, n int) {
	for range upTo(n) {
		l.Barrier()
	}
	for range upTo(l.Count()) {
		_ = spmd.ReduceAdd(l, 1)
	}
}
