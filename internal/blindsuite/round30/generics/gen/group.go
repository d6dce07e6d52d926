package gen

import "github.com/spmdvet/spmdvet/spmd"

// A Group is a lane's handle on its group together with scratch memory
// that all lanes share, one slot per lane.
type Group[T any] struct {
	L      spmd.Lane
	Shared []T
}

// NewGroup returns the handle of lane l on shared, which must have a slot
// for every lane.
func NewGroup[T any](l spmd.Lane, shared []T) Group[T] {
	return Group[T]{L: l, Shared: shared}
}

// Sync waits until every lane of the group has reached it.
func (g Group[T]) Sync() { g.L.Barrier() }

// Lead returns the v of lane 0.
func (g Group[T]) Lead(v T) T { return spmd.BroadcastFirst(g.L, v) }

// Publish stores v in the lane's slot and waits until every lane has
// published, so that Peer may read any slot afterwards.
func (g Group[T]) Publish(v T) {
	g.Shared[g.L.Index()] = v
	g.L.Barrier()
}

// Peer returns what lane j last published.
func (g Group[T]) Peer(j int) T { return g.Shared[j] }

// Exchange publishes v and returns the value published by the lane k
// places further, wrapping around; it waits again before returning so that
// the slots can be reused.
func (g Group[T]) Exchange(v T, k int) T {
	g.Publish(v)
	n := g.L.Count()
	w := g.Shared[((g.L.Index()+k)%n+n)%n]
	g.L.Barrier()
	return w
}

// Slot returns the lane's slot in g.Shared.
//
//spmd:laneid
func Slot[T any](g Group[T]) int { return g.L.Index() }

// Width returns the number of slots, the size of the group.
//
//spmd:uniform
func Width[T any](g Group[T]) int { return g.L.Count() }

// A Reducer is a Group of numbers, with reductions.
type Reducer[T spmd.Number] struct{ Group[T] }

// NewReducer returns the reducer of lane l over shared.
func NewReducer[T spmd.Number](l spmd.Lane, shared []T) Reducer[T] {
	return Reducer[T]{NewGroup(l, shared)}
}

// Sum returns the sum of v over the group.
func (r Reducer[T]) Sum(v T) T { return spmd.ReduceAdd(r.L, v) }

// Max returns the greatest v over the group.
func (r Reducer[T]) Max(v T) T { return spmd.ReduceMax(r.L, v) }

// TreeSum returns the sum of v over the group, added up pairwise through
// the shared slots, halving the active lanes each round. The group size
// must be a power of two.
func (r Reducer[T]) TreeSum(v T) T {
	i := r.L.Index()
	r.Shared[i] = v
	r.L.Barrier()
	for s := r.L.Count() / 2; s > 0; s /= 2 {
		if i < s {
			r.Shared[i] += r.Shared[i+s]
		}
		r.L.Barrier()
	}
	total := r.Shared[0]
	r.L.Barrier() // every lane has read the total before the slots are reused
	return total
}

// A Tally adds values up over the whole group.
type Tally[T spmd.Number] struct {
	L     spmd.Lane
	Total T
}

// Add adds the group sum of v to the tally.
func (t *Tally[T]) Add(v T) { t.Total += spmd.ReduceAdd(t.L, v) }
