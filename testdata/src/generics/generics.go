// Package generics pins generic code: calls of generic collectives, whether
// instantiated implicitly or explicitly, mean what the generic declaration's
// directives say; generic helpers and generic kernels are checked like
// ordinary ones. (A type parameter instantiated with Lane is pinned in
// package interfaces.)
package generics

import "github.com/spmdvet/spmdvet/spmd"

// sum is a generic helper around a reduction. It has no directives, so its
// callers see an ordinary function that can reach the lane.
func sum[T spmd.Number](l spmd.Lane, v T) T {
	return spmd.ReduceAdd(l, v)
}

// Fine: inside sum, the reduction is reached by every lane.
func useSum(l spmd.Lane) int {
	return sum(l, l.Index())
}

// Fine: sum's result is uniform whatever its arguments, since it is a
// reduction's. (This needs sum's summary to be inferred from its body: sum
// declares nothing.)
func branchOnSum(l spmd.Lane) {
	if sum(l, l.Index()) > 0 {
		l.Barrier()
	}
}

// Explicit instantiations of generic collectives.
func explicit(l spmd.Lane) {
	if spmd.ReduceAdd[int](l, l.Index()) > 3 {
		l.Barrier() // fine: the reduction is uniform
	}
	if spmd.Broadcast[float64](l, 1.5, l.Index()) > 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	if l.Index() < 2 {
		_ = spmd.ReduceAdd[int](l, 1)     // want `collective spmd.ReduceAdd\[int\] under divergent control`
		_ = spmd.ReduceMax[float32](l, 1) // want `collective spmd.ReduceMax\[float32\] under divergent control`
	}
}

// A generic kernel body.
func scale[T spmd.Number](l spmd.Lane, data []T, k T) {
	if l.Index() < len(data) {
		data[l.Index()] *= k
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	total := spmd.ReduceAdd(l, data[l.Index()%len(data)])
	if total > k {
		l.Barrier() // fine: total is uniform
	}
}

func instantiate(l spmd.Lane) {
	scale(l, []int{1, 2}, 3)
}

// A generic type with a method that is a kernel.
type grid[T spmd.Number] struct {
	cells []T
}

func (g *grid[T]) step(l spmd.Lane) {
	v := g.cells[l.Index()]
	if v > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	if spmd.All(l, v > 0) {
		l.Barrier() // fine
	}
}
