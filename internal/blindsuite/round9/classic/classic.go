// Package classic: three-clause for loops, while-style loops and for {} loops
// with lane-dependent continue and break.
package classic

import "github.com/spmdvet/spmdvet/spmd"

// CThreeContinueMid: barrier before a lane-dependent continue, ReduceAdd after
// the loop. The counter is advanced in the post statement. Correct.
//
//spmd:kernel
func CThreeContinueMid(l spmd.Lane, data []int, n int, out []int) {
	acc := 0
	for i := 0; i < n; i++ {
		l.Barrier()
		if data[i] > l.Index() {
			continue
		}
		acc += data[i]
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// CThreeContinueMidBad: Ballot after the continue.
//
//spmd:kernel
func CThreeContinueMidBad(l spmd.Lane, data []int, n int, out []int) {
	acc := 0
	for i := 0; i < n; i++ {
		if data[i] > l.Index() {
			continue
		}
		acc += int(spmd.Ballot(l, true)) // EXPECT
	}
	out[l.Index()] = acc
}

// CThreeCollectiveInPost: the post statement itself calls a collective; it is
// the join of the continue. Continue inside a nested if. Correct.
//
//spmd:kernel
func CThreeCollectiveInPost(l spmd.Lane, data []int, n int, out []int) {
	acc := 0
	for i := 0; i < n; i += spmd.ReduceMax(l, 1) {
		if data[i] >= 0 {
			if (data[i]+l.Index())%2 == 1 {
				continue
			}
			acc++
		}
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// CThreeDivergentBoundBad: the bound depends on the lane.
//
//spmd:kernel
func CThreeDivergentBoundBad(l spmd.Lane, out []int) {
	acc := 0
	for i := 0; i < l.Index(); i++ {
		l.Barrier() // EXPECT
		acc++
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// CStrided: the package doc example: strided loop, ReduceAdd after. Correct.
//
//spmd:kernel
func CStrided(l spmd.Lane, data []int, out []int) {
	part := 0
	for i := l.Index(); i < len(data); i += l.Count() {
		if data[i] < 0 {
			continue
		}
		part += data[i]
	}
	out[l.Index()] = spmd.ReduceAdd(l, part)
}

// CStridedBarrierBad: a barrier inside the strided loop.
//
//spmd:kernel
func CStridedBarrierBad(l spmd.Lane, data []int, out []int) {
	part := 0
	for i := l.Index(); i < len(data); i += l.Count() {
		part += data[i]
		l.Barrier() // EXPECT
	}
	out[l.Index()] = spmd.ReduceAdd(l, part)
}

// CWhileAnyContinue: loop while any lane has work; lanes without work continue.
// The Any in the condition is the join of the continue. Correct.
//
//spmd:kernel
func CWhileAnyContinue(l spmd.Lane, data []int, out []int) {
	rem := data[l.Index()]
	steps := 0
	for spmd.Any(l, rem > 0) {
		steps++
		if rem == 0 {
			continue
		}
		rem--
	}
	l.Barrier()
	out[l.Index()] = steps
}

// CWhileAnyContinueBarrierAfterBad: a barrier after the continue.
//
//spmd:kernel
func CWhileAnyContinueBarrierAfterBad(l spmd.Lane, data []int, out []int) {
	rem := data[l.Index()]
	for spmd.Any(l, rem > 0) {
		if rem == 0 {
			continue
		}
		rem--
		l.Barrier() // EXPECT
	}
	out[l.Index()] = rem
}

// CWhileDivergentCondBad: while-loop on a per-lane count.
//
//spmd:kernel
func CWhileDivergentCondBad(l spmd.Lane, data []int, out []int) {
	rem := data[l.Index()]
	s := 0
	for rem > 0 {
		rem--
		s += spmd.ReduceAdd(l, 1) // EXPECT
	}
	out[l.Index()] = s
}

// CForeverUniformBreak: for {} with a break on a collective result, a barrier
// before a lane-dependent continue. Correct.
//
//spmd:kernel
func CForeverUniformBreak(l spmd.Lane, data []int, out []int) {
	rem := data[l.Index()]
	rounds := 0
	for {
		if !spmd.Any(l, rem > 0) {
			break
		}
		rounds++
		l.Barrier()
		if rem == 0 {
			continue
		}
		rem--
	}
	out[l.Index()] = spmd.ReduceAdd(l, rounds)
}

// CForeverDivergentBreakBad: for {} left by a lane-dependent break; the barrier
// in the loop is bad, the ReduceAdd after the loop is fine.
//
//spmd:kernel
func CForeverDivergentBreakBad(l spmd.Lane, data []int, out []int) {
	rem := data[l.Index()]
	for {
		l.Barrier() // EXPECT
		if rem == 0 {
			break
		}
		rem--
	}
	out[l.Index()] = spmd.ReduceAdd(l, rem)
}

// CForeverBreakAndContinueBad: both a divergent break and a divergent continue.
//
//spmd:kernel
func CForeverBreakAndContinueBad(l spmd.Lane, data []int, out []int) {
	rem := data[l.Index()]
	n := 0
	for {
		if rem <= 0 {
			break
		}
		if rem%2 == 0 {
			rem--
			continue
		}
		rem--
		if spmd.Any(l, rem > 3) { // EXPECT
			n++
		}
	}
	l.Barrier()
	out[l.Index()] = n
}

// CThreeContinueInSwitch: switch case continue; Barrier before the switch. Correct.
//
//spmd:kernel
func CThreeContinueInSwitch(l spmd.Lane, n int, out []int) {
	acc := 0
	for i := 0; i < n; i++ {
		l.Barrier()
		switch (i + l.Index()) % 3 {
		case 0:
			continue
		case 1:
			acc++
		}
		acc += 10
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// CThreeContinueInSwitchBad: barrier after the switch that continues.
//
//spmd:kernel
func CThreeContinueInSwitchBad(l spmd.Lane, n int, out []int) {
	acc := 0
	for i := 0; i < n; i++ {
		switch i - l.Index() {
		case 0:
			continue
		case 1:
			acc++
		}
		l.Barrier() // EXPECT
	}
	out[l.Index()] = acc
}

// CThreeUniformBreak: break on shared data at a uniform index. Correct.
//
//spmd:kernel
func CThreeUniformBreak(l spmd.Lane, data []int, out []int) {
	acc := 0
	for i := 0; i < len(data); i++ {
		if data[i] < 0 {
			break
		}
		l.Barrier()
		if data[i] == l.Index() {
			continue
		}
		acc += data[i]
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// CThreeCounterChangedUnderDivergenceBad: the counter is changed by some lanes
// only, so the trip count is lane-dependent.
//
//spmd:kernel
func CThreeCounterChangedUnderDivergenceBad(l spmd.Lane, n int, out []int) {
	acc := 0
	for i := 0; i < n; i++ {
		if l.Index() == 0 {
			i++
		}
		l.Barrier() // EXPECT
		acc++
	}
	out[l.Index()] = acc
}
