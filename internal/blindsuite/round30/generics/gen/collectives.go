package gen

import "github.com/spmdvet/spmdvet/spmd"

// Real is the set of scalar types the statistics helpers accept.
type Real interface{ ~int | ~float64 }

// Sum returns the sum of v over the group.
func Sum[T spmd.Number](l spmd.Lane, v T) T { return spmd.ReduceAdd(l, v) }

// Max returns the greatest v over the group.
func Max[T spmd.Number](l spmd.Lane, v T) T { return spmd.ReduceMax(l, v) }

// Min returns the least v over the group.
func Min[T spmd.Number](l spmd.Lane, v T) T { return spmd.ReduceMin(l, v) }

// MinMax returns the least and the greatest v over the group.
func MinMax[T spmd.Number](l spmd.Lane, v T) (lo, hi T) {
	return spmd.ReduceMin(l, v), spmd.ReduceMax(l, v)
}

// Lead returns the v of lane 0.
func Lead[T any](l spmd.Lane, v T) T { return spmd.BroadcastFirst(l, v) }

// AnyOf reports whether pred holds for v in some lane.
func AnyOf[T any](l spmd.Lane, v T, pred func(T) bool) bool {
	return spmd.Any(l, pred(v))
}

// AllOf reports whether pred holds for v in every lane.
func AllOf[T any](l spmd.Lane, v T, pred func(T) bool) bool {
	return spmd.All(l, pred(v))
}

// From returns the v of lane src. Every lane may name its own src; when
// they all name the same one the result is the same in every lane.
//
//spmd:convergent
//spmd:uniform src
func From[T any](l spmd.Lane, v T, src int) T {
	return spmd.Shuffle(l, v, src)
}

// Rotate returns the v of the lane k places further, wrapping around.
func Rotate[T any](l spmd.Lane, v T, k int) T {
	n := l.Count()
	return spmd.Shuffle(l, v, ((l.Index()+k)%n+n)%n)
}

// Prefix returns the inclusive prefix sum of v over lanes 0..Index().
func Prefix[T spmd.Number](l spmd.Lane, v T) T { return spmd.InclusiveAdd(l, v) }

// SumEach reduces each of vs over the group: the result has the group sum
// of vs[k] at k. Every lane must pass as many values.
func SumEach[T spmd.Number](l spmd.Lane, vs ...T) []T {
	out := make([]T, len(vs))
	for k, v := range vs {
		out[k] = spmd.ReduceAdd(l, v)
	}
	return out
}

// AllReduce returns the sum of v over the group, computed with a butterfly
// of ShuffleXor exchanges: after log2(Count) rounds every lane holds the
// same total. Count must be a power of two.
//
//spmd:uniform
func AllReduce[T spmd.Number](l spmd.Lane, v T) T {
	for m := 1; m < l.Count(); m <<= 1 {
		v += spmd.ShuffleXor(l, v, m)
	}
	return v
}

// Apply runs the group operation op on v in every lane. It is declared
// convergent because op is expected to be a collective.
//
//spmd:convergent
func Apply[T any](l spmd.Lane, op func(spmd.Lane, T) T, v T) T {
	return op(l, v)
}

// Mean returns the mean of all the elements that the lanes of the group
// pass, 0 if they pass none.
func Mean[T Real](l spmd.Lane, xs []T) float64 {
	var s float64
	for _, x := range xs {
		s += float64(x)
	}
	total := spmd.ReduceAdd(l, s)
	n := spmd.ReduceAdd(l, len(xs))
	if n == 0 {
		return 0
	}
	return total / float64(n)
}
