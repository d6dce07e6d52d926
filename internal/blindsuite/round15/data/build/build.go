// Package build holds ordinary Go helpers that the kernels of this module use
// to build per-lane data structures: generic containers, slice builders, and a
// few lane-aware helpers. It contains no kernels of its own; nothing in it
// should be reported.
package build

import "github.com/spmdvet/spmdvet/spmd"

// Stack is a LIFO of T. The zero value is an empty stack.
type Stack[T any] struct{ items []T }

// Push adds v on top of the stack.
func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

// Pop removes and returns the top of the stack.
func (s *Stack[T]) Pop() T {
	n := len(s.items) - 1
	v := s.items[n]
	var zero T
	s.items[n] = zero
	s.items = s.items[:n]
	return v
}

// Peek returns the top of the stack without removing it.
func (s *Stack[T]) Peek() T { return s.items[len(s.items)-1] }

// Len returns the number of items on the stack.
func (s *Stack[T]) Len() int { return len(s.items) }

// Queue is a FIFO of T. The zero value is an empty queue.
type Queue[T any] struct {
	items []T
	head  int
}

// Push appends v at the back of the queue.
func (q *Queue[T]) Push(v T) { q.items = append(q.items, v) }

// Pop removes and returns the front of the queue.
func (q *Queue[T]) Pop() T {
	v := q.items[q.head]
	q.head++
	return v
}

// Len returns the number of queued items.
func (q *Queue[T]) Len() int { return len(q.items) - q.head }

// Set is a set of T backed by a map.
type Set[T comparable] struct{ m map[T]struct{} }

// NewSet returns an empty set.
func NewSet[T comparable]() *Set[T] { return &Set[T]{m: make(map[T]struct{})} }

// Add inserts v.
func (s *Set[T]) Add(v T) { s.m[v] = struct{}{} }

// Has reports whether v is in the set.
func (s *Set[T]) Has(v T) bool {
	_, ok := s.m[v]
	return ok
}

// Len returns the number of distinct elements.
func (s *Set[T]) Len() int { return len(s.m) }

// Range returns 0, 1, ..., n-1.
func Range(n int) []int {
	var r []int
	for i := 0; i < n; i++ {
		r = append(r, i)
	}
	return r
}

// Chunk splits xs into consecutive pieces of size elements (the last may be
// shorter).
func Chunk(xs []int, size int) [][]int {
	var out [][]int
	for len(xs) > size {
		out = append(out, xs[:size])
		xs = xs[size:]
	}
	if len(xs) > 0 {
		out = append(out, xs)
	}
	return out
}

// Digits returns the decimal digits of x >= 0, most significant first.
// Digits(0) is [0].
func Digits(x int) []int {
	if x == 0 {
		return []int{0}
	}
	var ds []int
	for x > 0 {
		ds = append(ds, x%10)
		x /= 10
	}
	for i, j := 0, len(ds)-1; i < j; i, j = i+1, j-1 {
		ds[i], ds[j] = ds[j], ds[i]
	}
	return ds
}

// LaneShare returns the indices below n that lane l owns in a cyclic
// distribution: Index, Index+Count, Index+2*Count, ... Its length depends on
// the lane unless Count divides n.
func LaneShare(l spmd.Lane, n int) []int {
	var idx []int
	for i := l.Index(); i < n; i += l.Count() {
		idx = append(idx, i)
	}
	return idx
}

// Tile returns ceil(n/Count) indices in every lane: the lane's cyclic share
// of 0..n-1, padded with -1. The length is the same in every lane; the
// contents are not.
func Tile(l spmd.Lane, n int) []int {
	rounds := (n + l.Count() - 1) / l.Count()
	t := make([]int, rounds)
	for r := range t {
		i := r*l.Count() + l.Index()
		if i >= n {
			i = -1
		}
		t[r] = i
	}
	return t
}

// Total is ReduceAdd under another name: convergent through its body.
func Total(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, v) }

// Sync is a barrier wrapper declared convergent by directive.
//
//spmd:convergent barrier
func Sync(l spmd.Lane) { l.Barrier() }
