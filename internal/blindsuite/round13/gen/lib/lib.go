// Package lib holds generic SPMD helpers that carry //spmd: directives.
package lib

import (
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
)

// Sum returns the sum of v over all lanes.
//
//spmd:convergent
//spmd:uniform
func Sum[T spmd.Number](l spmd.Lane, v T) T { return spmd.ReduceAdd(l, v) }

// From returns the v of lane src.
//
//spmd:convergent
//spmd:uniform src
func From[T any](l spmd.Lane, v T, src int) T { return spmd.Broadcast(l, v, src) }

// Swap returns the v of lane src, src chosen per lane.
//
//spmd:convergent
//spmd:divergent
func Swap[T any](l spmd.Lane, v T, src int) T { return spmd.Shuffle(l, v, src) }

// Sync is a barrier that also names the buffer it protects.
//
//spmd:convergent barrier
func Sync[T any](l spmd.Lane, buf []T) {
	_ = buf
	l.Barrier()
}

// Max has no directive: convergent and uniform by its body.
func Max[T spmd.Number](l spmd.Lane, v T) T { return spmd.ReduceMax(l, v) }

// Rot has no directive: convergent and divergent by its body.
func Rot[T any](l spmd.Lane, v T) T {
	return spmd.Shuffle(l, v, (l.Index()+1)%l.Count())
}

// Neighbor has no directive: convergent by its body.
func Neighbor[T any](l spmd.Lane, v T) T { return spmd.ShuffleXor(l, v, 1) }

// Scale is uniform when v and k are.
//
//spmd:uniform v k
func Scale[T spmd.Number](l spmd.Lane, v T, k int) T {
	_ = l
	return v * T(k)
}

// Slot is a lane-ID source.
//
//spmd:laneid
func Slot[T any](l spmd.Lane, s []T) int { return l.Index() % len(s) }

// Acc holds a per-lane running value.
type Acc[T spmd.Number] struct {
	L spmd.Lane
	V T
}

// Add adds v to the lane's value.
func (a *Acc[T]) Add(v T) { a.V += v }

// Total returns the sum of the values of all lanes.
//
//spmd:convergent
//spmd:uniform
func (a Acc[T]) Total() T { return spmd.ReduceAdd(a.L, a.V) }

// Flush returns the sum of all lanes' values and resets this lane's value.
func (a *Acc[T]) Flush() T {
	t := spmd.ReduceAdd(a.L, a.V)
	a.V = 0
	return t
}

// Table is shared read-only data.
type Table[T comparable] struct{ Keys []T }

// Has reports whether k is in the table.
func (t Table[T]) Has(k T) bool {
	for _, x := range t.Keys {
		if x == k {
			return true
		}
	}
	return false
}

// Pool is a shared buffer, one slot per lane.
type Pool[T spmd.Number] struct{ Shared []T }

// Publish stores v in the lane's slot and waits for every lane.
func (p *Pool[T]) Publish(l spmd.Lane, v T) {
	p.Shared[l.Index()] = v
	l.Barrier()
}

// Launch runs k on n lanes with data.
//
//spmd:kernel k
func Launch[T any](n int, data []T, k func(l spmd.Lane, d []T)) error {
	return spmd.Run(n, func(l spmd.Lane) { k(l, data) })
}

// Strided yields the elements of s that belong to lane l.
func Strided[T any](l spmd.Lane, s []T) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		for i := l.Index(); i < len(s); i += l.Count() {
			if !yield(i, s[i]) {
				return
			}
		}
	}
}

// Upto yields 0..n-1 (the same in every lane when n is uniform).
func Upto[T spmd.Number](n T) iter.Seq[T] {
	return func(yield func(T) bool) {
		for i := T(0); i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}
