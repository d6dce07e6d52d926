// Package ispckern holds ISPC-style kernels written against package ispc:
// gang reductions, foreach loops, packed stores and cross-lane permutes,
// each in a correct version and a buggy one.
package ispckern

import (
	"math"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/vocab/ispc"
	"github.com/spmdvet/spmdvet/spmd"
)

// Gang is the gang size (programCount) of the kernels of this package.
const Gang = 8

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// LowerHalfSum returns the sum of the values held by the lower half of the
// gang; the upper half contributes zero.
//
// kernel(ok)
func LowerHalfSum(x []float64) (float64, error) {
	var out float64
	err := spmd.Run(Gang, func(l spmd.Lane) {
		i := ispc.ProgramIndex(l)
		v := 0.0
		if i < ispc.ProgramCount(l)/2 {
			v = x[i]
		}
		s := ispc.ReduceAdd(l, v)
		if i == 0 {
			out = s
		}
	})
	return out, err
}

// LowerHalfSumMasked reduces inside the branch of the lower half, as if
// the reduction only counted the instances that call it.
//
// kernel(bug)
func LowerHalfSumMasked(x []float64) (float64, error) {
	var out float64
	err := spmd.Run(Gang, func(l spmd.Lane) {
		i := ispc.ProgramIndex(l)
		if i < ispc.ProgramCount(l)/2 {
			s := ispc.ReduceAdd(l, x[i]) // EXPECT
			if i == 0 {
				out = s
			}
		}
	})
	return out, err
}

// Dot returns the dot product of a and b with foreach over tiles: every
// instance runs the body in every tile, the inactive ones with zero.
//
// kernel(ok)
func Dot(a, b []float64) (float64, error) {
	var out float64
	err := spmd.Run(Gang, func(l spmd.Lane) {
		total := 0.0
		ispc.ForEachTile(l, len(a), func(i int, active bool) {
			p := 0.0
			if active {
				p = a[i] * b[i]
			}
			total += ispc.ReduceAdd(l, p)
		})
		if ispc.ProgramIndex(l) == 0 {
			out = total
		}
	})
	return out, err
}

// DotPerInstance reduces inside the per-instance loop: the instances own
// different numbers of elements, so the reduction in the callback runs
// under divergent control.
//
// kernel(bug)
func DotPerInstance(a, b []float64) (float64, error) {
	var out float64
	err := spmd.Run(Gang, func(l spmd.Lane) {
		total := 0.0
		ispc.ForEach(l, len(a), func(i int) { // EXPECT
			total += ispc.ReduceAdd(l, a[i]*b[i])
		})
		if ispc.ProgramIndex(l) == 0 {
			out = total
		}
	})
	return out, err
}

// Scale writes 2*x into y with the per-instance loop; the body only
// stores, so the instances may run it different numbers of times.
//
// kernel(ok)
func Scale(x []float64) ([]float64, error) {
	y := make([]float64, len(x))
	err := spmd.Run(Gang, func(l spmd.Lane) {
		ispc.ForEach(l, len(x), func(i int) {
			y[i] = 2 * x[i]
		})
	})
	return y, err
}

// AboveLastValid counts the samples above the last valid (non-negative)
// sample of the gang. The source instance is a gang maximum, so the
// broadcast is uniform and so is the test of the reference.
//
// kernel(ok)
func AboveLastValid(x []int) (int, error) {
	count := -1
	err := spmd.Run(Gang, func(l spmd.Lane) {
		i := ispc.ProgramIndex(l)
		v := x[i]
		mine := -1
		if v >= 0 {
			mine = i
		}
		last := ispc.ReduceMax(l, mine)
		if last >= 0 {
			ref := ispc.Broadcast(l, v, last)
			n := ispc.ReduceAdd(l, b2i(v > ref))
			if i == 0 {
				count = n
			}
		}
	})
	return count, err
}

// AbovePrevious compares each sample with the previous instance's: the
// source instance depends on the instance, so the reference does too and
// the test of it splits the gang.
//
// kernel(bug)
func AbovePrevious(x []int) (int, error) {
	count := -1
	err := spmd.Run(Gang, func(l spmd.Lane) {
		i := ispc.ProgramIndex(l)
		v := x[i]
		ref := ispc.Broadcast(l, v, max(i-1, 0))
		if ref >= 0 {
			n := ispc.ReduceAdd(l, b2i(v > ref)) // EXPECT
			if i == 0 {
				count = n
			}
		}
	})
	return count, err
}

// NormalizeByTop divides sorted samples by the largest, held by the last
// instance, and returns their mean; a broadcast from a fixed instance.
//
// kernel(ok)
func NormalizeByTop(sorted []float64) (float64, error) {
	var mean float64
	err := spmd.Run(Gang, func(l spmd.Lane) {
		n := ispc.ProgramCount(l)
		v := sorted[ispc.ProgramIndex(l)]
		top := ispc.BroadcastFloat(l, v, n-1)
		if top != 0 {
			m := ispc.ReduceAdd(l, v/top) / float64(n)
			if ispc.ProgramIndex(l) == 0 {
				mean = m
			}
		}
	})
	return mean, err
}

// NormalizeByNext divides by the next instance's sample instead, and tests
// that for zero: the branch depends on the instance.
//
// kernel(bug)
func NormalizeByNext(sorted []float64) (float64, error) {
	var mean float64
	err := spmd.Run(Gang, func(l spmd.Lane) {
		n := ispc.ProgramCount(l)
		i := ispc.ProgramIndex(l)
		v := sorted[i]
		next := ispc.BroadcastFloat(l, v, min(i+1, n-1))
		if next != 0 {
			m := ispc.ReduceAdd(l, v/next) / float64(n) // EXPECT
			if i == 0 {
				mean = m
			}
		}
	})
	return mean, err
}

// AnyAboveValid reports whether some valid (non-NaN) sample exceeds limit;
// the NaN test is folded into the predicate.
//
// kernel(ok)
func AnyAboveValid(x []float64, limit float64) (bool, error) {
	var hit bool
	err := spmd.Run(Gang, func(l spmd.Lane) {
		v := x[ispc.ProgramIndex(l)]
		valid := !math.IsNaN(v)
		h := ispc.Any(l, valid && v > limit)
		if ispc.ProgramIndex(l) == 0 {
			hit = h
		}
	})
	return hit, err
}

// AnyAboveValidEarlyReturn drops the NaN samples with an early return,
// before the gang-wide any().
//
// kernel(bug)
func AnyAboveValidEarlyReturn(x []float64, limit float64) (bool, error) {
	var hit bool
	err := spmd.Run(Gang, func(l spmd.Lane) {
		v := x[ispc.ProgramIndex(l)]
		if math.IsNaN(v) {
			return
		}
		h := ispc.Any(l, v > limit) // EXPECT
		if ispc.ProgramIndex(l) == 0 {
			hit = h
		}
	})
	return hit, err
}

// CircularDescents counts the places where a circular buffer held one
// value per instance goes down, comparing with the rotated neighbour.
//
// kernel(ok)
func CircularDescents(x []float64) (int, error) {
	var count int
	err := spmd.Run(Gang, func(l spmd.Lane) {
		v := x[ispc.ProgramIndex(l)]
		next := ispc.Rotate(l, v, 1)
		n := ispc.ReduceAdd(l, b2i(next < v))
		if ispc.ProgramIndex(l) == 0 {
			count = n
		}
	})
	return count, err
}

// CircularDescentsBranch counts inside the branch on the rotated value.
//
// kernel(bug)
func CircularDescentsBranch(x []float64) (int, error) {
	var count int
	err := spmd.Run(Gang, func(l spmd.Lane) {
		v := x[ispc.ProgramIndex(l)]
		next := ispc.Rotate(l, v, 1)
		if next < v {
			n := ispc.ReduceAdd(l, 1) // EXPECT
			if ispc.ProgramIndex(l) == 0 {
				count = n
			}
		}
	})
	return count, err
}
