package modern

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// Vec is a generic type alias (Go 1.24).
type Vec[T spmd.Number] = []T

// SumVec reduces the sum of a vector over the group.
func SumVec[T spmd.Number](l spmd.Lane, v Vec[T]) T {
	var s T
	for _, x := range v {
		s += x
	}
	return spmd.ReduceAdd(l, s)
}

// Acc accumulates per-lane values and totals them across lanes.
type Acc[T spmd.Number] struct {
	l   spmd.Lane
	sum T
}

// Add adds v to this lane's part.
func (a *Acc[T]) Add(v T) { a.sum += v }

// Total reduces the parts over the group.
func (a *Acc[T]) Total() T { return spmd.ReduceAdd(a.l, a.sum) }

// Scorer is a constraint with a method.
type Scorer interface {
	comparable
	Score() int
}

// Item is a Scorer.
type Item struct{ W int }

// Score returns the weight.
func (it Item) Score() int { return it.W }

// Best returns the best score of xs over the whole group.
func Best[T Scorer](l spmd.Lane, xs []T) int {
	m := 0
	for _, x := range xs {
		m = max(m, x.Score())
	}
	return spmd.ReduceMax(l, m)
}

// First returns lane 0's v; the directive says the result is uniform.
//
//spmd:uniform
func First[T any](l spmd.Lane, v T) T {
	return spmd.BroadcastFirst(l, v)
}

// Tag returns the lane index whatever v is; the directive makes it a lane id.
//
//spmd:laneid
func Tag[T any](l spmd.Lane, v T) int {
	_ = v
	return l.Index()
}

// VecTotal reduces a shared vector given through the generic alias.
//
//spmd:kernel
func VecTotal(l spmd.Lane, data []float64, out *float64) {
	var v Vec[float64] = data
	s := SumVec(l, v)
	if s > 1 {
		l.Barrier()
	}
	if l.Index() == 0 {
		*out = s
	}
}

// VecTotalLane reduces only in lanes below len(data).
//
//spmd:kernel
func VecTotalLane(l spmd.Lane, data []float64, out *float64) {
	var v Vec[float64] = data
	s := 0.0
	if len(v) > l.Index() {
		s = SumVec(l, v) // EXPECT
	}
	if l.Index() == 0 {
		*out = s
	}
}

// AccTotal accumulates lane indices and totals them, then syncs on the total.
//
//spmd:kernel
func AccTotal(l spmd.Lane, out *int) {
	acc := &Acc[int]{l: l}
	acc.Add(l.Index())
	acc.Add(1)
	t := acc.Total()
	if t > 3 {
		l.Barrier()
	}
	if l.Index() == 0 {
		*out = t
	}
}

// AccTotalEven totals only in even lanes.
//
//spmd:kernel
func AccTotalEven(l spmd.Lane, out []int) {
	acc := &Acc[int]{l: l}
	acc.Add(l.Index())
	if l.Index()%2 == 0 {
		out[l.Index()] = acc.Total() // EXPECT
	}
}

// BestShared takes the best score of shared items.
//
//spmd:kernel
func BestShared(l spmd.Lane, items []Item, out *int) {
	b := Best(l, items)
	if b > 5 {
		l.Barrier()
	}
	if l.Index() == 0 {
		*out = b
	}
}

// BestWhenHeavy takes the best score only in lanes whose own item is heavy.
//
//spmd:kernel
func BestWhenHeavy(l spmd.Lane, items []Item, out []int) {
	if items[l.Index()%len(items)].Score() > 5 {
		out[l.Index()] = Best(l, items) // EXPECT
	}
}

// FirstLane broadcasts lane 0's index through the //spmd:uniform generic.
//
//spmd:kernel
func FirstLane(l spmd.Lane, out []int) {
	f := First(l, l.Index()+7)
	if f == 7 {
		l.Barrier()
	}
	out[l.Index()] = f
}

// TagLane branches on the //spmd:laneid generic.
//
//spmd:kernel
func TagLane(l spmd.Lane, out []int) {
	t := Tag(l, "x")
	if t < 2 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = t
}
