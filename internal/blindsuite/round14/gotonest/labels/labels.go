// Package labels holds kernels whose nests of for / range loops are left
// with labelled break and continue.
package labels

import "github.com/spmdvet/spmdvet/spmd"

// BreakOuterThenBarrier: a lane-dependent break outer leaves both loops at
// once; every lane, broken out or not, gets to the statement after the nest,
// so the barrier there is reached together. Correct.
//
//spmd:kernel
func BreakOuterThenBarrier(l spmd.Lane, out []int) {
	steps := 0
outer:
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			if i*4+j == l.Index() {
				break outer
			}
			steps++
		}
	}
	l.Barrier()
	out[l.Index()] = steps
}

// BreakOuterBarrierInInner: lanes leave the whole nest at a lane-dependent
// break outer while the others go on to the barrier in the inner loop. Bug.
//
//spmd:kernel
func BreakOuterBarrierInInner(l spmd.Lane, out []int) {
outer:
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if i == l.Index() && j == 1 {
				break outer
			}
			l.Barrier() // EXPECT
			out[l.Index()]++
		}
	}
}

// ContinueOuterSkipsBarrier: continue outer from the inner loop on a
// lane-dependent condition skips the barrier that follows the inner loop in
// the outer body. Bug.
//
//spmd:kernel
func ContinueOuterSkipsBarrier(l spmd.Lane, out []int) {
outer:
	for i := 0; i < 3; i++ {
		for j := 0; j < 4; j++ {
			if 2*j == l.Index() {
				continue outer
			}
		}
		l.Barrier() // EXPECT
		out[l.Index()] += i
	}
}

// ContinueOuterUniformThreeLevels: continue outer out of three loops on a
// condition made of loop counters only (uniform); the lane-dependent sum does
// not decide control flow. The barrier in the outer body and the reduction
// are reached together. Correct.
//
//spmd:kernel
func ContinueOuterUniformThreeLevels(l spmd.Lane, out []int) {
	sum := 0
outer:
	for i := range 4 {
		for j := range 4 {
			for k := range 4 {
				if i+j+k == 7 {
					continue outer
				}
				sum += l.Index() * k
			}
		}
		l.Barrier()
	}
	out[l.Index()] = spmd.ReduceAdd(l, sum)
}

// FindThenReduce: range over a grid with a lane-dependent break out of both
// loops; the position found is divergent, but it is reduced with ReduceMax
// after the nest before the branch. Correct.
//
//spmd:kernel
func FindThenReduce(l spmd.Lane, grid [][]int, out []int) {
	found := -1
search:
	for r, row := range grid {
		for c, v := range row {
			if v == l.Index() {
				found = r*len(row) + c
				break search
			}
		}
	}
	m := spmd.ReduceMax(l, found)
	if m > 4 {
		l.Barrier()
	}
	out[l.Index()] = m
}

// FindThenBranch: the same search, but the branch after the nest tests the
// lane's own (divergent) position. Bug.
//
//spmd:kernel
func FindThenBranch(l spmd.Lane, grid [][]int, out []int) {
	found := -1
search:
	for r, row := range grid {
		for c, v := range row {
			if v == l.Index() {
				found = r*len(row) + c
				break search
			}
		}
	}
	if found > 4 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = found
}

// OuterCounterWithContinueOuter: cnt counts outer iterations; the inner loop
// is left by a lane-dependent continue outer, but the outer loop is only
// left at its header on a uniform condition, so cnt is uniform after the
// nest. Correct.
//
//spmd:kernel
func OuterCounterWithContinueOuter(l spmd.Lane, out []int) {
	cnt, work := 0, 0
rows:
	for range 5 {
		cnt++
		for j := range 5 {
			if j > l.Index() {
				continue rows
			}
			work++
		}
	}
	if cnt > 3 {
		l.Barrier()
	}
	out[l.Index()] = work
}

// InnerCounterWithContinueOuter: work counts inner iterations, which differ
// per lane because of the lane-dependent continue outer; a barrier under a
// condition on it after the nest. Bug.
//
//spmd:kernel
func InnerCounterWithContinueOuter(l spmd.Lane, out []int) {
	work := 0
rows:
	for range 5 {
		for j := range 5 {
			if j > l.Index() {
				continue rows
			}
			work++
		}
	}
	if work > 10 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = work
}

// BreakMiddleOfThree: three loops; a lane-dependent break middle from the
// innermost loop skips the barrier in the middle loop's body for the rest of
// the middle loop (bug), but all lanes meet at the barrier after the middle
// loop in the outermost body (correct).
//
//spmd:kernel
func BreakMiddleOfThree(l spmd.Lane, out []int) {
	for i := range 2 {
	middle:
		for j := range 3 {
			for k := range 3 {
				if j*3+k == l.Index()+i {
					break middle
				}
			}
			l.Barrier() // EXPECT
		}
		l.Barrier()
		out[l.Index()] += i
	}
}

// UniformBreakMiddleOnReduction: a collective inside the innermost of three
// loops; the break middle depends only on its uniform result and loop
// counters, so every lane runs the same iterations. Correct.
//
//spmd:kernel
func UniformBreakMiddleOnReduction(l spmd.Lane, out []int) {
	acc := 0
	for i := range 3 {
	middle:
		for j := range 4 {
			for k := range 4 {
				s := spmd.ReduceAdd(l, l.Index()+k)
				if s > 10*(i+1)+j {
					break middle
				}
				acc += s
			}
		}
	}
	out[l.Index()] = acc
}

// ContinueOuterOnAnyVote: continue outer decided by spmd.Any over a
// lane-dependent predicate: the vote is uniform, so the barrier after the
// inner loop is reached together. Correct.
//
//spmd:kernel
func ContinueOuterOnAnyVote(l spmd.Lane, data []int, out []int) {
	hits := 0
outer:
	for i := range 4 {
		for j := range 4 {
			if spmd.Any(l, data[l.Index()] == i*4+j) {
				continue outer
			}
		}
		hits++
		l.Barrier()
	}
	out[l.Index()] = hits
}

// BallotAfterDivergentContinueOuter: a lane-dependent continue outer in the
// inner loop, and a Ballot later in the same inner loop that the lanes which
// left no longer reach in that outer iteration. Bug.
//
//spmd:kernel
func BallotAfterDivergentContinueOuter(l spmd.Lane, out []uint64) {
outer:
	for i := range 3 {
		for j := range 4 {
			if j == l.Index() {
				continue outer
			}
			out[l.Index()] |= spmd.Ballot(l, i == j) // EXPECT
		}
	}
}

// RangeSliceBreakOuterInGotoLoop: a goto-built loop around a range over a
// slice; the lane-dependent break outer only leaves the range loop, which is
// the body of the goto loop; the goto loop itself runs a uniform number of
// rounds, and its barrier is after the range loop. Correct.
//
//spmd:kernel
func RangeSliceBreakOuterInGotoLoop(l spmd.Lane, rows [][]int, out []int) {
	round := 0
again:
	count := 0
scan:
	for _, row := range rows {
		for _, v := range row {
			if v == l.Index()+round {
				break scan
			}
			count++
		}
	}
	l.Barrier()
	out[l.Index()] += count
	round++
	if round < 3 {
		goto again
	}
}
