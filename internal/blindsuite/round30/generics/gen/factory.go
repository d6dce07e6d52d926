package gen

import "github.com/spmdvet/spmdvet/spmd"

// SumFunc returns a function that sums its argument over the group of l.
func SumFunc[T spmd.Number](l spmd.Lane) func(T) T {
	return func(v T) T { return spmd.ReduceAdd(l, v) }
}

// ScaleFunc returns a function that multiplies its argument by k.
func ScaleFunc[T spmd.Number](k T) func(T) T {
	return func(v T) T { return v * k }
}

// ShiftFunc returns a function that exchanges its argument through g with
// the lane k places further and returns what that lane gave.
func ShiftFunc[T any](g Group[T], k int) func(T) T {
	return func(v T) T { return g.Exchange(v, k) }
}

// Launch runs kernel on n lanes, passing every lane args.
//
//spmd:kernel kernel
func Launch[A any](n int, kernel func(spmd.Lane, A), args A) error {
	return spmd.Run(n, func(l spmd.Lane) { kernel(l, args) })
}

// LaunchGroup runs kernel on n lanes, giving each lane its Group handle on
// n fresh shared slots.
//
//spmd:kernel kernel
func LaunchGroup[T any](n int, kernel func(Group[T])) error {
	shared := make([]T, n)
	return spmd.Run(n, func(l spmd.Lane) { kernel(NewGroup(l, shared)) })
}
