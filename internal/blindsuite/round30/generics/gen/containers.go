package gen

import "iter"

// A Stack is a last-in first-out list. A lane keeps its own.
type Stack[T any] struct{ items []T }

// Push adds v on top.
func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

// Pop removes and returns the top element; ok is false if s is empty.
func (s *Stack[T]) Pop() (v T, ok bool) {
	n := len(s.items)
	if n == 0 {
		return v, false
	}
	v = s.items[n-1]
	s.items = s.items[:n-1]
	return v, true
}

// Len returns the number of elements.
func (s *Stack[T]) Len() int { return len(s.items) }

// All yields the elements from the top down, without removing them.
func (s *Stack[T]) All() iter.Seq[T] {
	return func(yield func(T) bool) {
		for k := len(s.items) - 1; k >= 0; k-- {
			if !yield(s.items[k]) {
				return
			}
		}
	}
}

// A Queue is a first-in first-out list. A lane keeps its own.
type Queue[T any] struct {
	items []T
	head  int
}

// Push adds v at the back.
func (q *Queue[T]) Push(v T) { q.items = append(q.items, v) }

// Pop removes and returns the front element; ok is false if q is empty.
func (q *Queue[T]) Pop() (v T, ok bool) {
	if q.head == len(q.items) {
		return v, false
	}
	v = q.items[q.head]
	q.head++
	return v, true
}

// Len returns the number of elements.
func (q *Queue[T]) Len() int { return len(q.items) - q.head }

// Empty reports whether q has no elements.
func (q *Queue[T]) Empty() bool { return q.head == len(q.items) }

// A Set holds distinct values. A lane keeps its own.
type Set[T comparable] struct{ m map[T]struct{} }

// Add adds v to s.
func (s *Set[T]) Add(v T) {
	if s.m == nil {
		s.m = make(map[T]struct{})
	}
	s.m[v] = struct{}{}
}

// Len returns the number of distinct values.
func (s *Set[T]) Len() int { return len(s.m) }

// All yields the values in no particular order.
func (s *Set[T]) All() iter.Seq[T] {
	return func(yield func(T) bool) {
		for v := range s.m {
			if !yield(v) {
				return
			}
		}
	}
}

// PadTo returns xs cut or padded with zero values to exactly w elements.
func PadTo[T any](xs []T, w int) []T {
	out := make([]T, w)
	copy(out, xs)
	return out
}

// Each calls f on every element of xs, in order.
func Each[T any](xs []T, f func(T)) {
	for _, x := range xs {
		f(x)
	}
}
