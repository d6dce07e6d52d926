// Package kern holds generic SPMD kernels, buggy ones (Bad) and correct twins (OK).
package kern

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round13/gen/lib"
	"github.com/spmdvet/spmdvet/spmd"
)

// 1. Uniform-result wrapper under a per-lane condition.

//spmd:kernel
func SumPosBad[T spmd.Number](l spmd.Lane, data []T, out []T) {
	v := data[l.Index()]
	var s T
	if v > 0 {
		s = lib.Sum(l, v) // EXPECT
	}
	out[l.Index()] = s
}

//spmd:kernel
func SumPosOK[T spmd.Number](l spmd.Lane, data []T, out []T) {
	v := data[l.Index()]
	var w T
	if v > 0 {
		w = v
	}
	out[l.Index()] = lib.Sum(l, w)
}

// 2. Broadcast[T] with a lane-dependent src gives a divergent result.

//spmd:kernel
func BcastBad[T spmd.Number](l spmd.Lane, data []T, out []T) {
	x := spmd.Broadcast[T](l, data[l.Index()], l.Index()%2)
	if x > 0 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = x
}

//spmd:kernel
func BcastOK[T spmd.Number](l spmd.Lane, data []T, out []T) {
	x := spmd.Broadcast[T](l, data[l.Index()], 0)
	if x > 0 {
		l.Barrier()
	}
	out[l.Index()] = x
}

// 3. "uniform src" wrapper: the loop bound is uniform only for a uniform src.

//spmd:kernel
func FromBad[T spmd.Number](l spmd.Lane, data []T, out []T) {
	x := lib.From(l, data[l.Index()], l.Index()^1)
	var acc T
	for i := 0; i < int(x); i++ {
		acc += spmd.ReduceAdd(l, T(1)) // EXPECT
	}
	out[l.Index()] = acc
}

//spmd:kernel
func FromOK[T spmd.Number](l spmd.Lane, data []T, out []T) {
	x := lib.From(l, data[l.Index()], l.Count()-1)
	var acc T
	for i := 0; i < int(x); i++ {
		acc += spmd.ReduceAdd(l, T(1))
	}
	out[l.Index()] = acc
}

// 4. comparable constraint; //spmd:divergent wrapper result.

//spmd:kernel
func MatchBad[T comparable](l spmd.Lane, data []T, key T, hits []int) {
	y := lib.Swap(l, data[l.Index()], (l.Index()+1)%l.Count())
	if y == key {
		hits[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

//spmd:kernel
func MatchOK[T comparable](l spmd.Lane, data []T, key T, hits []int) {
	y := lib.Swap(l, data[l.Index()], (l.Index()+1)%l.Count())
	if spmd.Any(l, y == key) {
		hits[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// 5. Generic type with a per-lane field; value-receiver convergent method.

//spmd:kernel
func AccBad[T spmd.Number](l spmd.Lane, data []T, out []T) {
	a := lib.Acc[T]{L: l}
	for i := l.Index(); i < len(data); i += l.Count() {
		a.Add(data[i])
	}
	var t T
	if a.V > 0 {
		t = a.Total() // EXPECT
	}
	out[l.Index()] = t
}

//spmd:kernel
func AccOK[T spmd.Number](l spmd.Lane, data []T, out []T) {
	a := lib.Acc[T]{L: l}
	for i := l.Index(); i < len(data); i += l.Count() {
		a.Add(data[i])
	}
	t := a.Total()
	if t > 0 {
		l.Barrier()
	}
	out[l.Index()] = t
}

// 6. Pointer-receiver method without directive, convergent by its body.

//spmd:kernel
func FlushBad[T spmd.Number](l spmd.Lane, data []T, out []T) {
	a := &lib.Acc[T]{L: l}
	if l.Index() < len(data) {
		a.Add(data[l.Index()])
		out[l.Index()] = a.Flush() // EXPECT
	}
}

//spmd:kernel
func FlushOK[T spmd.Number](l spmd.Lane, data []T, out []T) {
	a := &lib.Acc[T]{L: l}
	if l.Index() < len(data) {
		a.Add(data[l.Index()])
	}
	out[l.Index()] = a.Flush()
}

// 7. Helpers without result directives: Max is uniform by body, Rot divergent.

//spmd:kernel
func MaxOK[T spmd.Number](l spmd.Lane, data []T, out []T) {
	m := lib.Max(l, data[l.Index()])
	if m > 10 {
		l.Barrier()
	}
	out[l.Index()] = m
}

//spmd:kernel
func RotBad[T spmd.Number](l spmd.Lane, data []T, out []T) {
	r := lib.Rot(l, data[l.Index()])
	if r > 10 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = r
}

// 8. Generic function whose closure is passed to spmd.Run.

func RunSumBad[T spmd.Number](n int, data []T) (T, error) {
	var out T
	err := spmd.Run(n, func(l spmd.Lane) {
		v := data[l.Index()]
		if v != 0 {
			s := spmd.ReduceAdd(l, v) // EXPECT
			if l.Index() == 0 {
				out = s
			}
		}
	})
	return out, err
}

func RunSumOK[T spmd.Number](n int, data []T) (T, error) {
	var out T
	err := spmd.Run(n, func(l spmd.Lane) {
		v := data[l.Index()]
		if len(data) != 0 {
			s := spmd.ReduceAdd(l, v)
			if l.Index() == 0 {
				out = s
			}
		}
	})
	return out, err
}

// 9. comparable; collective inside a strided loop.

//spmd:kernel
func CountBad[T comparable](l spmd.Lane, data []T, key T, out []int) {
	c := 0
	for i := l.Index(); i < len(data); i += l.Count() {
		if data[i] == key {
			c = spmd.ReduceAdd(l, 1) // EXPECT
		}
	}
	out[l.Index()] = c
}

//spmd:kernel
func CountOK[T comparable](l spmd.Lane, data []T, key T, out []int) {
	c := 0
	for i := l.Index(); i < len(data); i += l.Count() {
		if data[i] == key {
			c++
		}
	}
	out[l.Index()] = spmd.ReduceAdd(l, c)
}

// 10. Generic iterator: early return vs break.

//spmd:kernel
func IterReturnBad[T spmd.Number](l spmd.Lane, data []T, out []T) {
	var s T
	for _, v := range lib.Strided(l, data) {
		if v < 0 {
			return
		}
		s += v
	}
	out[l.Index()] = lib.Sum(l, s) // EXPECT
}

//spmd:kernel
func IterBreakOK[T spmd.Number](l spmd.Lane, data []T, out []T) {
	var s T
	for _, v := range lib.Strided(l, data) {
		if v < 0 {
			break
		}
		s += v
	}
	out[l.Index()] = lib.Sum(l, s)
}
