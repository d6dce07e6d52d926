package modern

import (
	"iter"
	"slices"

	"github.com/spmdvet/spmdvet/spmd"
)

// Upto yields 0, 1, ..., n-1.
func Upto(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

// Pairs yields index/value pairs of xs, like slices.All.
func Pairs[T any](xs []T) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		for i, x := range xs {
			if !yield(i, x) {
				return
			}
		}
	}
}

// ValuesReduce reduces every value of a shared slice, ranging over
// slices.Values.
//
//spmd:kernel
func ValuesReduce(l spmd.Lane, data []int, out *int) {
	s := 0
	for v := range slices.Values(data) {
		s += spmd.ReduceAdd(l, v)
	}
	if l.Index() == 0 {
		*out = s
	}
}

// ValuesSkip skips the values below the lane index, so lanes reduce
// different numbers of times.
//
//spmd:kernel
func ValuesSkip(l spmd.Lane, data []int, out []int) {
	s := 0
	for v := range slices.Values(data) {
		if v < l.Index() {
			continue
		}
		s += spmd.ReduceAdd(l, v) // EXPECT
	}
	out[l.Index()] = s
}

// UptoBreak leaves a range-over-func loop at the lane index.
//
//spmd:kernel
func UptoBreak(l spmd.Lane, n int, out []int) {
	k := 0
	for i := range Upto(n) {
		if i == l.Index() {
			break
		}
		l.Barrier() // EXPECT
		k++
	}
	out[l.Index()] = k
}

// UptoBreakShared leaves at a shared limit.
//
//spmd:kernel
func UptoBreakShared(l spmd.Lane, n, stop int, out []int) {
	k := 0
	for i := range Upto(n) {
		if i == stop {
			break
		}
		l.Barrier()
		k++
	}
	out[l.Index()] = k
}

// PairsWeighted reduces index*value over a Seq2 of shared data, and syncs
// after the loop on the uniform sum.
//
//spmd:kernel
func PairsWeighted(l spmd.Lane, data []int, out *int) {
	s := 0
	for i, v := range Pairs(data) {
		s += spmd.ReduceAdd(l, i*v)
	}
	if s > 0 {
		l.Barrier()
	}
	if l.Index() == 0 {
		*out = s
	}
}

// PairsLaneValue syncs on the pairs whose value matches the lane.
//
//spmd:kernel
func PairsLaneValue(l spmd.Lane, data []int, out []int) {
	n := 0
	for _, v := range Pairs(data) {
		if v == l.Index() {
			l.Barrier() // EXPECT
			n++
		}
	}
	out[l.Index()] = n
}

// PullShared pulls from a shared iterator and syncs on every element.
//
//spmd:kernel
func PullShared(l spmd.Lane, n int, out []int) {
	next, stop := iter.Pull(Upto(n))
	defer stop()
	k := 0
	for {
		v, ok := next()
		if !ok {
			break
		}
		l.Barrier()
		k += v
	}
	out[l.Index()] = k
}

// PullLaneStop pulls from a shared iterator and stops at the lane index.
//
//spmd:kernel
func PullLaneStop(l spmd.Lane, n int, out []int) {
	next, stop := iter.Pull(Upto(n))
	defer stop()
	k := 0
	for {
		v, ok := next()
		if !ok || v == l.Index() {
			break
		}
		l.Barrier() // EXPECT
		k += v
	}
	out[l.Index()] = k
}
