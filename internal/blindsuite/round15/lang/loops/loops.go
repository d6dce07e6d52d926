// Package loops holds kernels around Go's for-range forms: over integers,
// strings, maps, and functions (range-over-func iterators, iter.Seq).
package loops

import (
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
)

var (
	Out   []int
	Data  = []int{3, 1, 0, 2, 5, 4}
	Word  = "héllo"
	Words = []string{"ab", "é", "xyz"}
	M     = map[string]int{"a": 1, "bb": 2, "ccc": 0, "dddd": 3, "eeeee": 4, "ffffff": 5}
)

// upTo yields 0..n-1. It is ordinary Go code: no lane, no collective.
func upTo(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

// RangeIntAndString (correct): range over the uniform integer Count() and over
// a global string: the trip counts are uniform, so the Shuffle, ReduceAdd and
// Barrier in the loop bodies run in every lane in every iteration.
//
//spmd:kernel
func RangeIntAndString(l spmd.Lane) {
	acc := 0
	for i := range l.Count() {
		acc += spmd.Shuffle(l, l.Index()*10, i)
	}
	for _, r := range Word {
		acc += spmd.ReduceAdd(l, int(r))
	}
	for range 3 {
		l.Barrier()
	}
	Out[l.Index()] = acc
}

// RangeIntIndex (bug): range over a lane-dependent integer: lane 0 runs the
// body zero times, lane 1 once, lane 2 twice.
//
//spmd:kernel
func RangeIntIndex(l spmd.Lane) {
	for range l.Index() % 3 {
		l.Barrier() // EXPECT
	}
}

// RangeStringDivergent (bug): each lane ranges over its own string, and the
// strings have different numbers of runes ("é" is two bytes but one rune), so
// the ReduceAdd in the body runs a different number of times per lane.
//
//spmd:kernel
func RangeStringDivergent(l spmd.Lane) {
	s := Words[l.Index()%len(Words)]
	n := 0
	for _, r := range s {
		n += spmd.ReduceAdd(l, int(r)) // EXPECT
	}
	Out[l.Index()] = n
}

// RangeFuncBreakAfter (correct): a range-over-func loop with a lane-dependent
// break. The break only ends the loop; the ReduceMax after it is reached by
// every lane.
//
//spmd:kernel
func RangeFuncBreakAfter(l spmd.Lane) {
	first := -1
	for i := range upTo(l.Count()) {
		if Data[i] == l.Index() {
			first = i
			break
		}
	}
	Out[l.Index()] = spmd.ReduceMax(l, first)
}

// RangeFuncBreakInBody (bug): the Barrier is in the body of the range-over-func
// loop after a lane-dependent break: lane i leaves in iteration i and misses
// the Barrier there and in later iterations.
//
//spmd:kernel
func RangeFuncBreakInBody(l spmd.Lane) {
	for i := range upTo(3) {
		if i == l.Index() {
			break
		}
		l.Barrier() // EXPECT
	}
}

// RangeFuncReturn (bug): a return inside the body of a range-over-func loop
// returns from the kernel; lanes 0 and 1 return early and never reach the
// ReduceAdd after the loop.
//
//spmd:kernel
func RangeFuncReturn(l spmd.Lane) {
	for i := range upTo(2) {
		if i == l.Index() {
			return
		}
	}
	Out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
}

// RangeFuncContinueTop (correct): the Barrier is the first statement of the
// body of a uniform range-over-func loop; the lane-dependent continue comes
// after it and only skips the increment.
//
//spmd:kernel
func RangeFuncContinueTop(l spmd.Lane) {
	n := 0
	for i := range upTo(3) {
		l.Barrier()
		if i == l.Index() {
			continue
		}
		n++
	}
	Out[l.Index()] = spmd.ReduceAdd(l, n)
}

// RangeMapBreak (bug): map iteration order is chosen per range statement, so
// per lane; the lane-dependent order makes the break happen after a different
// number of ReduceAdds in each lane. No Index() is involved.
//
//spmd:kernel
func RangeMapBreak(l spmd.Lane) {
	total := 0
	for k, v := range M {
		if v == 0 {
			break
		}
		total += spmd.ReduceAdd(l, len(k)) // EXPECT
	}
	Out[l.Index()] = total
}

// RangeMapReduce (correct): the per-lane sum over a map is divergent as far as
// the checker knows (values come in per-lane order), but it is only fed to
// ReduceAdd, whose result is uniform; the Barrier under it is fine.
//
//spmd:kernel
func RangeMapReduce(l spmd.Lane) {
	s := 0
	for _, v := range M {
		s += v
	}
	t := spmd.ReduceAdd(l, s)
	if t > 0 {
		l.Barrier()
	}
	Out[l.Index()] = t
}

// RangeFuncNestedContinue (correct): nested range-over-func loops; a
// lane-dependent continue outer leaves the inner loop and starts the next
// outer iteration. The outer iterator is uniform and the Barrier is the first
// statement of the outer body, so every lane reaches it in every outer
// iteration; the ReduceAdd is after both loops.
//
//spmd:kernel
func RangeFuncNestedContinue(l spmd.Lane) {
	n := 0
outer:
	for i := range upTo(3) {
		l.Barrier()
		for j := range upTo(4) {
			if j == l.Index() {
				continue outer
			}
			n++
		}
		n += 10 * i
	}
	Out[l.Index()] = spmd.ReduceAdd(l, n)
}
