// Package iters: range-over-func loops (iter.Seq, iter.Seq2) with
// lane-dependent continue and break.
package iters

import (
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
)

// Upto yields 0..n-1.
func Upto(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

// Pairs yields index/value pairs of s.
func Pairs(s []int) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for i, v := range s {
			if !yield(i, v) {
				return
			}
		}
	}
}

// ISeqContinueBefore: barrier before a lane-dependent continue, ReduceAdd after
// the loop. Correct.
//
//spmd:kernel
func ISeqContinueBefore(l spmd.Lane, n int, out []int) {
	acc := 0
	for v := range Upto(n) {
		l.Barrier()
		if (v+l.Index())%2 == 0 {
			continue
		}
		acc += v
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// ISeqContinueAfterBad: barrier after the continue.
//
//spmd:kernel
func ISeqContinueAfterBad(l spmd.Lane, n int, out []int) {
	acc := 0
	for v := range Upto(n) {
		if v == l.Index() {
			continue
		}
		l.Barrier() // EXPECT
		acc += v
	}
	out[l.Index()] = acc
}

// ISeqContinueSwitchBad: continue in a switch case, Ballot after the switch.
//
//spmd:kernel
func ISeqContinueSwitchBad(l spmd.Lane, n int, out []int) {
	acc := 0
	for v := range Upto(n) {
		switch l.Index() - v {
		case 0:
			continue
		case 1:
			acc += 10
		}
		acc += int(spmd.Ballot(l, v > 0)) // EXPECT
	}
	out[l.Index()] = acc
}

// ISeqBreakBad: barrier before a lane-dependent break: lanes leave the
// iterator in different iterations. ReduceAdd after the loop is fine.
//
//spmd:kernel
func ISeqBreakBad(l spmd.Lane, n int, out []int) {
	acc := 0
	for v := range Upto(n) {
		l.Barrier() // EXPECT
		if v == l.Index() {
			break
		}
		acc++
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// ISeqDivergentIteratorBad: the iterator's length depends on the lane.
//
//spmd:kernel
func ISeqDivergentIteratorBad(l spmd.Lane, out []int) {
	acc := 0
	for range Upto(l.Index() + 1) {
		if spmd.Any(l, acc > 10) { // EXPECT
			acc = 0
		}
		acc++
	}
	out[l.Index()] = acc
}

// ISeqNestedIfContinue: continue inside a nested if; Ballot after the loop. Correct.
//
//spmd:kernel
func ISeqNestedIfContinue(l spmd.Lane, n int, out []int) {
	acc := 0
	for v := range Upto(n) {
		l.Barrier()
		if v > 0 {
			if v%l.Count() == l.Index() {
				continue
			}
			acc++
		}
	}
	b := spmd.Ballot(l, acc > 0)
	out[l.Index()] = int(b) + spmd.ReduceAdd(l, acc)
}

// ISeq2ContinueMid: iter.Seq2, Barrier and Any before a lane-dependent continue
// in the middle. Correct.
//
//spmd:kernel
func ISeq2ContinueMid(l spmd.Lane, data []int, out []int) {
	acc := 0
	for i, v := range Pairs(data) {
		l.Barrier()
		if v == l.Index() {
			continue
		}
		acc += i
	}
	if spmd.Any(l, acc > 3) {
		acc = -acc
	}
	out[l.Index()] = acc
}

// ISeqContinueOuterBad: continue Outer (a three-clause loop) from inside a
// range-over-func body, on a lane-dependent condition: the barrier after the
// inner loop is bad; the one before it is fine.
//
//spmd:kernel
func ISeqContinueOuterBad(l spmd.Lane, n int, out []int) {
	acc := 0
Outer:
	for i := 0; i < n; i++ {
		l.Barrier()
		for v := range Upto(n) {
			if v+i == l.Index() {
				continue Outer
			}
			acc++
		}
		l.Barrier() // EXPECT
	}
	out[l.Index()] = acc
}

// ISeqUniformBreak: break on an Any result (uniform). Correct.
//
//spmd:kernel
func ISeqUniformBreak(l spmd.Lane, n int, out []int) {
	acc := 0
	for v := range Upto(n) {
		if spmd.Any(l, v == l.Index()+2) {
			break
		}
		l.Barrier()
		acc++
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}
