// Package vars: variables updated before a lane-dependent continue, used after
// the loop or in a later iteration around convergent calls.
package vars

import "github.com/spmdvet/spmdvet/spmd"

// VCountSkippedBad: cnt is incremented only by lanes that continue; a branch on
// cnt after the loop guards a barrier.
//
//spmd:kernel
func VCountSkippedBad(l spmd.Lane, data []int, out []int) {
	cnt := 0
	for i := 0; i < len(data); i++ {
		if data[i] > l.Index() {
			cnt++
			continue
		}
	}
	if cnt > 1 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = cnt
}

// VSkippedAsLaterBoundBad: the index of the last skipped element bounds a
// later loop with a collective.
//
//spmd:kernel
func VSkippedAsLaterBoundBad(l spmd.Lane, data []int, out []int) {
	skipped := 0
	for i, v := range data {
		if v > l.Index() {
			skipped = i
			continue
		}
	}
	acc := 0
	for j := 0; j < skipped; j++ {
		if spmd.Any(l, j > 0) { // EXPECT
			acc++
		}
	}
	out[l.Index()] = acc
}

// VFlagNextIterationBad: flag is set before a divergent continue and tested at
// the top of the next iteration around a barrier.
//
//spmd:kernel
func VFlagNextIterationBad(l spmd.Lane, n int, out []int) {
	flag := false
	acc := 0
	for i := 0; i < n; i++ {
		if flag {
			l.Barrier() // EXPECT
		}
		flag = false
		if i == l.Index() {
			flag = true
			continue
		}
		acc++
	}
	out[l.Index()] = acc
}

// VReduceThenBranch: the divergent count goes through ReduceAdd before being
// tested. Correct.
//
//spmd:kernel
func VReduceThenBranch(l spmd.Lane, data []int, out []int) {
	cnt := 0
	for i := 0; i < len(data); i++ {
		if data[i] > l.Index() {
			cnt++
			continue
		}
	}
	total := spmd.ReduceAdd(l, cnt)
	if total > 3 {
		l.Barrier()
	}
	out[l.Index()] = total
}

// VUniformAccBeforeContinue: acc is updated with a uniform value before the
// divergent continue in a three-clause loop, so every lane has the same acc
// after the loop. Correct.
//
//spmd:kernel
func VUniformAccBeforeContinue(l spmd.Lane, data []int, out []int) {
	acc, mine := 0, 0
	for i := 0; i < len(data); i++ {
		acc += data[i]
		if data[i] == l.Index() {
			continue
		}
		mine++
	}
	if acc > 5 {
		l.Barrier()
	}
	out[l.Index()] = spmd.ReduceAdd(l, mine) + acc
}

// VUniformAccBeforeContinueRangeInt: the same with range over int and the use
// inside the loop at the top of the next iteration. Correct.
//
//spmd:kernel
func VUniformAccBeforeContinueRangeInt(l spmd.Lane, n int, out []int) {
	acc, mine := 0, 0
	for i := range n {
		if acc > 2 {
			l.Barrier()
		}
		acc += i
		if i == l.Index() {
			continue
		}
		mine++
	}
	out[l.Index()] = spmd.ReduceAdd(l, mine) + acc
}

// VTemporalBreakIndexBad: the loop index at a lane-dependent break is used after the loop.
//
//spmd:kernel
func VTemporalBreakIndexBad(l spmd.Lane, data []int, out []int) {
	var k int
	for k = 0; k < len(data); k++ {
		if data[k] == l.Index() {
			break
		}
	}
	if k < len(data) {
		_ = spmd.Any(l, true) // EXPECT
	}
	out[l.Index()] = k
}

// VPerLaneMemoryDivergentStoreBad: an address-taken local is incremented after
// a divergent continue; a branch on it guards a barrier.
//
//spmd:kernel
func VPerLaneMemoryDivergentStoreBad(l spmd.Lane, n int, out []int) {
	x := 0
	p := &x
	for i := 0; i < n; i++ {
		if i <= l.Index() {
			continue
		}
		*p++
	}
	if x > 0 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = x
}

// VPerLaneMemoryUniformStore: an address-taken local gets the uniform loop
// index, stored before the divergent continue (not under divergent control).
// Correct.
//
//spmd:kernel
func VPerLaneMemoryUniformStore(l spmd.Lane, n int, out []int) {
	x := 0
	p := &x
	mine := 0
	for i := 0; i < n; i++ {
		*p = i
		if i == l.Index() {
			continue
		}
		mine++
	}
	if x == n-1 {
		l.Barrier()
	}
	out[l.Index()] = spmd.ReduceAdd(l, mine) + x
}

// VSumAfterDivergentContinue: the divergent sum is only an argument of
// ReduceAdd, in and after the loop. Correct.
//
//spmd:kernel
func VSumAfterDivergentContinue(l spmd.Lane, data []int, out []int) {
	s, t := 0, 0
	for i := 0; i < len(data); i++ {
		t += spmd.ReduceAdd(l, s)
		if data[i] < l.Index() {
			s += 2
			continue
		}
		s++
	}
	out[l.Index()] = spmd.ReduceAdd(l, s) + t
}
