// Package gen holds kernels about generics: generic helpers, methods of
// generic types and instantiated generic collectives used as values.
package gen

import "github.com/spmdvet/spmdvet/spmd"

// reduceAll is a generic helper that performs a collective.
func reduceAll[T spmd.Number](l spmd.Lane, v T) T { return spmd.ReduceAdd(l, v) }

// GenericHelperBad tests a generic helper with a collective called under a lane-dependent condition.
func GenericHelperBad(lanes int) ([]float64, error) {
	out := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		if l.Index()%2 == 1 {
			out[l.Index()] = reduceAll(l, 1.5) // EXPECT
		}
	})
	return out, err
}

// GenericHelperGood tests the same helper called by every lane, its result stored under the lane-dependent condition.
func GenericHelperGood(lanes int) ([]float64, error) {
	out := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		s := reduceAll(l, 1.5)
		if l.Index()%2 == 1 {
			out[l.Index()] = s
		}
	})
	return out, err
}

// acc accumulates a per-lane value and combines it across lanes.
type acc[T spmd.Number] struct {
	l   spmd.Lane
	sum T
}

func (a *acc[T]) add(v T) { a.sum += v }

// flush has no Lane parameter and calls no lane-ID function, but performs a collective.
func (a *acc[T]) flush() T { return spmd.ReduceAdd(a.l, a.sum) }

// GenericMethodBad tests a method of a generic type that performs a collective, called after a lane-dependent early return.
func GenericMethodBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		a := &acc[int]{l: l}
		a.add(l.Index())
		if l.Index() == 0 {
			return
		}
		out[l.Index()] = a.flush() // EXPECT
	})
	return out, err
}

// GenericMethodGood tests the same method called before the lane-dependent early return.
func GenericMethodGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		a := &acc[int]{l: l}
		a.add(l.Index())
		s := a.flush()
		if l.Index() == 0 {
			return
		}
		out[l.Index()] = s
	})
	return out, err
}

// GenericFuncValueBad tests an instantiated generic collective taken as a function value and called under a lane-dependent condition.
func GenericFuncValueBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		red := spmd.ReduceMax[int]
		if l.Index() > 0 {
			out[l.Index()] = red(l, l.Index()) // EXPECT
		}
	})
	return out, err
}

// GenericFuncValueGood tests the same function value called by every lane; its result is uniform by the directive of the generic origin and guards a barrier.
func GenericFuncValueGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		red := spmd.ReduceMax[int]
		m := red(l, l.Index())
		if m > 0 {
			l.Barrier()
		}
		out[l.Index()] = m
	})
	return out, err
}

// GenericBroadcastGood tests a generic helper whose body calls Broadcast with a uniform src, instantiated at two types and called by every lane.
func GenericBroadcastGood(lanes int) ([]string, error) {
	out := make([]string, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		words := []string{"x", "y", "z", "w"}
		s := fromLast(l, words[l.Index()%len(words)])
		n := fromLast(l, l.Index())
		l.Barrier()
		out[l.Index()] = s + string(rune('0'+n))
	})
	return out, err
}

func fromLast[T any](l spmd.Lane, v T) T { return spmd.Broadcast(l, v, l.Count()-1) }
