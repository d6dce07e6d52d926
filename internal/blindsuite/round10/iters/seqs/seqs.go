// Package seqs holds iterators, generic containers and higher-order helpers
// that the kernels of the other packages of this module import, so that what a
// checker learns about them must cross package boundaries.
//
// Nothing in this package is a bug on its own: every convergent call here is
// reached by all lanes that call the enclosing helper together. No line of this
// package carries an EXPECT.
package seqs

import (
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
)

// Count yields 0, 1, ..., n-1. Its length depends only on n.
func Count(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

// Steps yields start, start+step, ... while below end (step > 0).
func Steps(start, end, step int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := start; i < end; i += step {
			if !yield(i) {
				return
			}
		}
	}
}

// Strided yields this lane's share of 0..n-1: Index, Index+Count, ...
// How many values it yields depends on the lane.
func Strided(l spmd.Lane, n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := l.Index(); i < n; i += l.Count() {
			if !yield(i) {
				return
			}
		}
	}
}

// Rounds yields the masks of a butterfly reduction: Count/2, Count/4, ..., 1.
// It depends only on Count, so it is the same in every lane.
func Rounds(l spmd.Lane) iter.Seq[int] {
	return func(yield func(int) bool) {
		for m := l.Count() / 2; m > 0; m /= 2 {
			if !yield(m) {
				return
			}
		}
	}
}

// LaneBits yields the positions of the set bits of the lane index.
func LaneBits(l spmd.Lane) iter.Seq[int] {
	return func(yield func(int) bool) {
		x := l.Index()
		for b := 0; x != 0; b++ {
			if x&1 == 1 {
				if !yield(b) {
					return
				}
			}
			x >>= 1
		}
	}
}

// Once yields v exactly once.
func Once[T any](v T) iter.Seq[T] {
	return func(yield func(T) bool) {
		yield(v)
	}
}

// When yields v once if cond holds, and nothing otherwise.
func When[T any](cond bool, v T) iter.Seq[T] {
	return func(yield func(T) bool) {
		if cond {
			yield(v)
		}
	}
}

// Filter yields the elements of seq for which keep returns true.
func Filter[T any](seq iter.Seq[T], keep func(T) bool) iter.Seq[T] {
	return func(yield func(T) bool) {
		for v := range seq {
			if keep(v) && !yield(v) {
				return
			}
		}
	}
}

// Enumerate pairs the elements of seq with their positions.
func Enumerate[T any](seq iter.Seq[T]) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		i := 0
		for v := range seq {
			if !yield(i, v) {
				return
			}
			i++
		}
	}
}

// FirstMatch returns the position of the first element of seq that satisfies
// pred, or -1.
func FirstMatch[T any](seq iter.Seq[T], pred func(T) bool) int {
	i := 0
	for v := range seq {
		if pred(v) {
			return i
		}
		i++
	}
	return -1
}

// List is a small generic container with iterator methods.
type List[T any] struct {
	items []T
}

// Push appends v.
func (s *List[T]) Push(v T) { s.items = append(s.items, v) }

// Len returns the number of elements.
func (s *List[T]) Len() int { return len(s.items) }

// All yields the positions and elements, front to back.
func (s *List[T]) All() iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		for i, v := range s.items {
			if !yield(i, v) {
				return
			}
		}
	}
}

// Backward yields the positions and elements, back to front.
func (s *List[T]) Backward() iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		for i := len(s.items) - 1; i >= 0; i-- {
			if !yield(i, s.items[i]) {
				return
			}
		}
	}
}

// Values yields the elements, front to back.
func (s *List[T]) Values() iter.Seq[T] {
	return func(yield func(T) bool) {
		for _, v := range s.items {
			if !yield(v) {
				return
			}
		}
	}
}

// ForEach calls f on every element of xs, in order.
func ForEach[T any](xs []T, f func(int, T)) {
	for i, x := range xs {
		f(i, x)
	}
}

// Map returns f applied to every element of xs.
func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

// Reduce folds xs with f, starting from init.
func Reduce[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

// Repeat calls f n times.
func Repeat(n int, f func()) {
	for i := 0; i < n; i++ {
		f()
	}
}

// Sync is a convergent wrapper around Barrier.
func Sync(l spmd.Lane) { l.Barrier() }

// Sum is a convergent wrapper around ReduceAdd.
func Sum(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, v) }

// SumSeq adds up seq in each lane and then across lanes. The collective is
// after the loop, so it is convergent whatever seq yields.
func SumSeq(l spmd.Lane, seq iter.Seq[int]) int {
	s := 0
	for v := range seq {
		s += v
	}
	return spmd.ReduceAdd(l, s)
}

// Syncer returns a function that performs a barrier of l's group.
func Syncer(l spmd.Lane) func() {
	return func() { l.Barrier() }
}

// Adder returns a function that adds its argument across l's group.
func Adder(l spmd.Lane) func(int) int {
	return func(v int) int { return spmd.ReduceAdd(l, v) }
}

// Team wraps a lane; its methods are convergent (Sync, Sum) or lane-dependent
// (Me) or uniform (Size).
type Team struct {
	L spmd.Lane
}

// Sync performs a barrier.
func (t Team) Sync() { t.L.Barrier() }

// Sum adds v across the group.
func (t Team) Sum(v int) int { return spmd.ReduceAdd(t.L, v) }

// Me returns the lane index.
func (t Team) Me() int { return t.L.Index() }

// Size returns the group size.
func (t Team) Size() int { return t.L.Count() }
