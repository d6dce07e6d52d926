// Package loops holds kernels whose range-over-func loops run over iterators
// written in this package and in package seqs, with break, continue, return,
// labels, goto, defer and nested loops in the body.
package loops

import (
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
)

// upTo yields 0, 1, ..., n-1 (a same-package iterator).
func upTo(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

// each yields the elements of xs.
func each(xs []int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, x := range xs {
			if !yield(x) {
				return
			}
		}
	}
}

// indexed yields the positions and elements of xs.
func indexed(xs []int) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for i, x := range xs {
			if !yield(i, x) {
				return
			}
		}
	}
}

// ring is a same-package generic container: a slice read from start around
// to start-1.
type ring[T any] struct {
	buf   []T
	start int
}

// Values yields every element once, beginning at start. It always yields
// len(buf) values.
func (r *ring[T]) Values() iter.Seq[T] {
	return func(yield func(T) bool) {
		for i := range r.buf {
			if !yield(r.buf[(r.start+i)%len(r.buf)]) {
				return
			}
		}
	}
}

// findLane returns the position of the lane's own index in xs, or -1. The
// return inside the loop body depends on the lane, so the result is divergent.
func findLane(l spmd.Lane, xs []int) int {
	for i, x := range indexed(xs) {
		if x == l.Index() {
			return i
		}
	}
	return -1
}

// findKey returns the position of key in xs, or -1. It knows nothing of
// lanes: with uniform arguments its result is uniform.
func findKey(xs []int, key int) int {
	for i, x := range indexed(xs) {
		if x == key {
			return i
		}
	}
	return -1
}
