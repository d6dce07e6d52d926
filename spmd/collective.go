package spmd

import (
	"fmt"
	"reflect"
)

// Number is the set of types the arithmetic collectives work on.
type Number interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr |
		~float32 | ~float64
}

// The collectives below are convergent: all lanes of the group must call the
// same one, at the same site, together. Each waits until they have, and a
// lane that never arrives stops the run with a *DivergenceError.
//
// Arithmetic is done in lane order, 0 first, so floating-point results are
// reproducible and identical in every lane.

// Any reports whether p is true in some lane.
//
//spmd:convergent
//spmd:uniform
func Any(l Lane, p bool) bool {
	return collect(l, "Any", p, 0, func(ps []bool, _ []int) (any, *UsageError) {
		for _, p := range ps {
			if p {
				return true, nil
			}
		}
		return false, nil
	}).(bool)
}

// All reports whether p is true in every lane.
//
//spmd:convergent
//spmd:uniform
func All(l Lane, p bool) bool {
	return collect(l, "All", p, 0, func(ps []bool, _ []int) (any, *UsageError) {
		for _, p := range ps {
			if !p {
				return false, nil
			}
		}
		return true, nil
	}).(bool)
}

// Ballot returns a mask with bit i set if p is true in lane i. The mask has
// room for 64 lanes only, so calling Ballot in a larger group stops the run
// with a [*UsageError] rather than dropping lanes silently.
//
//spmd:convergent
//spmd:uniform
func Ballot(l Lane, p bool) uint64 {
	return collect(l, "Ballot", p, 0, func(ps []bool, _ []int) (any, *UsageError) {
		if len(ps) > 64 {
			return nil, &UsageError{
				Lane: 64,
				Msg:  fmt.Sprintf("a ballot holds 64 lanes, the group has %d", len(ps)),
			}
		}
		var mask uint64
		for i, p := range ps {
			if p {
				mask |= 1 << i
			}
		}
		return mask, nil
	}).(uint64)
}

// ReduceAdd returns the sum of v over all lanes. Integers wrap around on
// overflow, as with Go's + operator.
//
//spmd:convergent
//spmd:uniform
func ReduceAdd[T Number](l Lane, v T) T {
	return collect(l, "ReduceAdd", v, 0, func(vs []T, _ []int) (any, *UsageError) {
		var sum T
		for _, v := range vs {
			sum += v
		}
		return sum, nil
	}).(T)
}

// ReduceMin returns the least v over all lanes. As with Go's min, the
// result is NaN if v is NaN in any lane.
//
//spmd:convergent
//spmd:uniform
func ReduceMin[T Number](l Lane, v T) T {
	return collect(l, "ReduceMin", v, 0, func(vs []T, _ []int) (any, *UsageError) {
		m := vs[0]
		for _, v := range vs[1:] {
			m = min(m, v)
		}
		return m, nil
	}).(T)
}

// ReduceMax returns the greatest v over all lanes. As with Go's max, the
// result is NaN if v is NaN in any lane.
//
//spmd:convergent
//spmd:uniform
func ReduceMax[T Number](l Lane, v T) T {
	return collect(l, "ReduceMax", v, 0, func(vs []T, _ []int) (any, *UsageError) {
		m := vs[0]
		for _, v := range vs[1:] {
			m = max(m, v)
		}
		return m, nil
	}).(T)
}

// Broadcast returns the v of lane src. The result is uniform when every
// lane passes the same src; lanes may also pass different ones, which makes
// Broadcast a [Shuffle]. A src outside the group stops the run with a
// [*UsageError].
//
//spmd:convergent
//spmd:uniform src
func Broadcast[T any](l Lane, v T, src int) T {
	return collect(l, "Broadcast", v, src, gather[T]).([]T)[l.i]
}

// BroadcastFirst returns the v of the first lane of the group, lane 0.
//
//spmd:convergent
//spmd:uniform
func BroadcastFirst[T any](l Lane, v T) T {
	return collect(l, "BroadcastFirst", v, 0, func(vs []T, _ []int) (any, *UsageError) {
		return vs[0], nil
	}).(T)
}

// Shuffle returns the v of lane src, where each lane names its own src. A
// src outside the group stops the run with a [*UsageError].
//
//spmd:convergent
//spmd:divergent
func Shuffle[T any](l Lane, v T, src int) T {
	return collect(l, "Shuffle", v, src, gather[T]).([]T)[l.i]
}

// ShuffleXor returns the v of lane Index()^mask: the butterfly exchange of
// tree reductions and FFTs. If that lane is outside the group, which can
// happen when Count is not a power of two, the run stops with a
// [*UsageError].
//
//spmd:convergent
//spmd:divergent
func ShuffleXor[T any](l Lane, v T, mask int) T {
	return collect(l, "ShuffleXor", v, l.i^mask, gather[T]).([]T)[l.i]
}

// InclusiveAdd returns the sum of v over lanes 0 to Index(), its own
// included.
//
//spmd:convergent
//spmd:divergent
func InclusiveAdd[T Number](l Lane, v T) T {
	return collect(l, "InclusiveAdd", v, 0, func(vs []T, _ []int) (any, *UsageError) {
		out := make([]T, len(vs))
		var sum T
		for i, v := range vs {
			sum += v
			out[i] = sum
		}
		return out, nil
	}).([]T)[l.i]
}

// ExclusiveAdd returns the sum of v over lanes 0 to Index()-1, which is 0 in
// lane 0. It gives each lane its offset when lanes append v items each to a
// shared buffer.
//
//spmd:convergent
//spmd:divergent
func ExclusiveAdd[T Number](l Lane, v T) T {
	return collect(l, "ExclusiveAdd", v, 0, func(vs []T, _ []int) (any, *UsageError) {
		out := make([]T, len(vs))
		var sum T
		for i, v := range vs {
			out[i] = sum
			sum += v
		}
		return out, nil
	}).([]T)[l.i]
}

// gather gives lane i the value of lane srcs[i]: the common core of
// Broadcast and the shuffles.
func gather[T any](vs []T, srcs []int) (any, *UsageError) {
	out := make([]T, len(vs))
	for i, src := range srcs {
		if src < 0 || src >= len(vs) {
			return nil, &UsageError{
				Lane: i,
				Msg:  fmt.Sprintf("source lane %d is outside the group of %d lanes", src, len(vs)),
			}
		}
		out[i] = vs[src]
	}
	return out, nil
}

// collect takes lane l through one rendezvous of its group for op, bringing
// v and arg. When every lane has arrived at the same site, combine runs once,
// on all lanes' values in lane order, and its result is returned in every
// lane; a *UsageError from combine stops the run instead.
func collect[T any](l Lane, op string, v T, arg int, combine func(vs []T, args []int) (any, *UsageError)) any {
	g := l.group()
	a := arrival{
		op:  op,
		typ: reflect.TypeFor[T](),
		pcs: callers(),
		val: v,
		arg: arg,
	}
	return g.rendezvous(l.i, a, func(at []arrival) (any, *UsageError) {
		vs := make([]T, len(at))
		args := make([]int, len(at))
		for i := range at {
			vs[i] = at[i].val.(T) // safe: lanes only meet when their types agree
			args[i] = at[i].arg
		}
		return combine(vs, args)
	})
}
