package lanekit

import "github.com/spmdvet/spmdvet/spmd"

// Stack is a per-lane stack whose collective methods combine the lanes' tops.
type Stack[T spmd.Number] struct {
	L     spmd.Lane
	items []T
}

// NewStack returns an empty stack of lane l.
func NewStack[T spmd.Number](l spmd.Lane) *Stack[T] { return &Stack[T]{L: l} }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

func (s *Stack[T]) Len() int { return len(s.items) }

// Pop returns the top; ErrEmpty when the lane's stack is empty.
func (s *Stack[T]) Pop() (T, error) {
	var zero T
	if len(s.items) == 0 {
		return zero, ErrEmpty
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, nil
}

// SumTops adds the lanes' tops (0 for an empty stack); convergent.
func (s *Stack[T]) SumTops() T {
	var top T
	if n := len(s.items); n > 0 {
		top = s.items[n-1]
	}
	return spmd.ReduceAdd(s.L, top)
}

// MaxLen is the largest stack length over the lanes; convergent.
func (s *Stack[T]) MaxLen() int { return spmd.ReduceMax(s.L, len(s.items)) }

// Ring is a per-lane ring buffer; Rotate exchanges the newest element with the next lane.
type Ring[T any] struct {
	L    spmd.Lane
	buf  []T
	head int
}

func NewRing[T any](l spmd.Lane, n int) *Ring[T] { return &Ring[T]{L: l, buf: make([]T, n)} }

func (r *Ring[T]) Put(v T) {
	r.buf[r.head%len(r.buf)] = v
	r.head++
}

func (r *Ring[T]) Newest() T { return r.buf[(r.head+len(r.buf)-1)%len(r.buf)] }

// Rotate replaces the newest element with the one of the next lane; convergent.
func (r *Ring[T]) Rotate() {
	i := (r.head + len(r.buf) - 1) % len(r.buf)
	r.buf[i] = spmd.Shuffle(r.L, r.buf[i], (r.L.Index()+1)%r.L.Count())
}

// Tracked embeds a generic stack.
type Tracked[T spmd.Number] struct {
	Stack[T]
	Pushes int
}

func (t *Tracked[T]) Add(v T) {
	t.Pushes++
	t.Push(v)
}

// Sum is a generic reduction helper.
func Sum[T spmd.Number](l spmd.Lane, xs []T) T {
	var acc T
	for _, x := range xs {
		acc += x
	}
	return spmd.ReduceAdd(l, acc)
}

// Pair holds a divergent and a uniform field side by side.
type Pair[T any] struct {
	Mine   T   // per lane
	Shared int // uniform
}
