package loops

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round10/iters/seqs"
	"github.com/spmdvet/spmdvet/spmd"
)

// YieldOnce ranges over an iterator that yields exactly once. Correct.
//
//spmd:kernel
func YieldOnce(l spmd.Lane, out []int) {
	for v := range seqs.Once(l.Count()) {
		out[l.Index()] = spmd.ReduceAdd(l, v)
	}
}

// YieldWhenLane ranges over an iterator that yields only if a lane-dependent
// condition holds. Bug.
//
//spmd:kernel
func YieldWhenLane(l spmd.Lane, out []int) {
	for v := range seqs.When(l.Index()%2 == 0, 1) {
		out[l.Index()] = spmd.ReduceAdd(l, v) // EXPECT
	}
}

// YieldWhenUniform ranges over an iterator that yields only if a uniform
// condition holds. Correct.
//
//spmd:kernel
func YieldWhenUniform(l spmd.Lane, out []int) {
	for v := range seqs.When(l.Count() > 2, 5) {
		out[l.Index()] = spmd.ReduceAdd(l, v)
	}
}

// FilterLanePred filters a uniform iterator with a predicate that depends on
// the lane, so lanes see different numbers of values. Bug.
//
//spmd:kernel
func FilterLanePred(l spmd.Lane, n int, out []int) {
	k := 0
	for v := range seqs.Filter(seqs.Count(n), func(v int) bool { return v < l.Index() }) {
		l.Barrier() // EXPECT
		k += v
	}
	out[l.Index()] = k
}

// LaneBitsIter ranges over the set bits of the lane index. Bug.
//
//spmd:kernel
func LaneBitsIter(l spmd.Lane, out []int) {
	acc := 0
	for b := range seqs.LaneBits(l) {
		acc += spmd.ReduceAdd(l, b) // EXPECT
	}
	out[l.Index()] = acc
}

// RoundsIter is a butterfly reduction over seqs.Rounds, whose values depend on
// Count only (Count must be a power of two). Correct.
//
//spmd:kernel
func RoundsIter(l spmd.Lane, data, out []int) {
	v := data[l.Index()]
	for m := range seqs.Rounds(l) {
		v += spmd.ShuffleXor(l, v, m)
	}
	out[l.Index()] = v
}

// ListAllUniform fills a generic seqs.List with the same values in every
// lane and ranges over its All method. Correct.
//
//spmd:kernel
func ListAllUniform(l spmd.Lane, n int, out []int) {
	var s seqs.List[int]
	for i := range seqs.Count(n) {
		s.Push(i + 1)
	}
	acc := 0
	for i, v := range s.All() {
		acc += spmd.ReduceAdd(l, v*i)
	}
	out[l.Index()] = acc
}

// ListLaneLength fills a seqs.List with a lane-dependent number of values and
// ranges over its Backward method with a barrier in the body. Bug.
//
//spmd:kernel
func ListLaneLength(l spmd.Lane, out []int) {
	var s seqs.List[int]
	for i := range upTo(l.Index() + 1) {
		s.Push(i)
	}
	acc := 0
	for _, v := range s.Backward() {
		l.Barrier() // EXPECT
		acc += v
	}
	out[l.Index()] = acc
}

// ListValuesDivergentContent fills a seqs.List with lane-dependent values but
// a uniform number of them, and ranges over Values with a collective in the
// body. Correct: only the operand is divergent.
//
//spmd:kernel
func ListValuesDivergentContent(l spmd.Lane, n int, out []int) {
	var s seqs.List[int]
	for range seqs.Count(n) {
		s.Push(l.Index())
	}
	sum := 0
	for v := range s.Values() {
		sum += spmd.ReduceAdd(l, v)
	}
	out[l.Index()] = sum
}

// RingRotatedUniformLen ranges over a same-package generic ring rotated by the
// lane index: the values differ per lane, the length does not. Correct.
//
//spmd:kernel
func RingRotatedUniformLen(l spmd.Lane, xs, out []int) {
	r := ring[int]{buf: xs, start: l.Index() % len(xs)}
	acc := 0
	for v := range r.Values() {
		acc += spmd.ReduceAdd(l, v)
	}
	out[l.Index()] = acc
}

// RingBreakOnValue ranges over the rotated ring and breaks at a value, which
// each lane meets at a different step. Bug.
//
//spmd:kernel
func RingBreakOnValue(l spmd.Lane, xs, out []int) {
	r := ring[int]{buf: xs, start: l.Index() % len(xs)}
	k := 0
	for v := range r.Values() {
		if v == 0 {
			break
		}
		l.Barrier() // EXPECT
		k++
	}
	out[l.Index()] = k
}
