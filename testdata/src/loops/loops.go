// Package loops pins convergence in loops: lanes that leave a loop in
// different iterations (a lane-dependent trip count, a divergent break,
// continue or labelled jump) skip the convergent calls of the iterations
// they miss, while after the loop all lanes are together again.
package loops

import "github.com/spmdvet/spmdvet/spmd"

// Lane i runs i iterations: lane 0 never reaches the barrier.
func laneTripCount(l spmd.Lane) {
	for i := 0; i < l.Index(); i++ {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// The same with a collective and a data-dependent bound.
func dataTripCount(l spmd.Lane, lens []int) int {
	sum := 0
	for i := 0; i < lens[l.Index()]; i++ {
		sum += spmd.ReduceAdd(l, i) // want `collective spmd.ReduceAdd under divergent control`
	}
	return sum
}

// The loop condition is tested at the bottom (a do-while written with
// break): lanes leave after different numbers of barriers.
func barrierBeforeDivergentExit(l spmd.Lane) {
	for i := 0; ; i++ {
		l.Barrier() // want `barrier l.Barrier under divergent control`
		if i >= l.Index() {
			break
		}
	}
}

// A divergent break: lanes that broke out miss the barriers of the later
// iterations.
func divergentBreak(l spmd.Lane, n int) {
	for i := 0; i < n; i++ {
		if i == l.Index() {
			break
		}
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A divergent continue skips the rest of one iteration only.
func divergentContinue(l spmd.Lane, n int) {
	for i := 0; i < n; i++ {
		l.Barrier() // fine: before the continue, every lane runs every iteration
		if i == l.Index() {
			continue
		}
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Breaking out of the inner loop only: the outer loop's barrier after it is
// reached by every lane.
func innerBreak(l spmd.Lane, n int) {
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if j == l.Index() {
				break
			}
		}
		l.Barrier() // fine: all lanes leave the inner loop and meet here
	}
}

// Breaking out of both loops: lanes that left miss the later iterations of
// the outer loop.
func labelledBreak(l spmd.Lane, n int) {
outer:
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if i+j == l.Index() {
				break outer
			}
		}
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	l.Barrier() // fine: after the outer loop every lane is back
}

// Continuing the outer loop skips the rest of its body.
func labelledContinue(l spmd.Lane, n int) {
outer:
	for i := 0; i < n; i++ {
		l.Barrier() // fine: every lane starts every outer iteration
		for j := 0; j < n; j++ {
			if i+j == l.Index() {
				continue outer
			}
		}
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: the trip count is the group size, the same in every lane.
func countBound(l spmd.Lane) {
	for i := 0; i < l.Count(); i++ {
		l.Barrier()
	}
}

// Fine: a kernel parameter is uniform.
func paramBound(l spmd.Lane, n int) {
	for i := range n {
		_ = spmd.ReduceAdd(l, i)
	}
}

// Fine: the loop over a shared slice has the same length in every lane,
// even though the values differ.
func rangeSlice(l spmd.Lane, data []int) {
	for _, v := range data {
		l.Barrier()
		_ = v * l.Index()
	}
}

// Fine: a uniform loop whose body diverges and reconverges.
func divergenceInsideUniformLoop(l spmd.Lane, n int) {
	x := 0
	for i := 0; i < n; i++ {
		if l.Index() < i {
			x++
		}
		l.Barrier()
	}
	_ = x
}

// Fine: the loop's trip count differs between lanes, but the barrier comes
// after it, where all lanes have left the loop.
func barrierAfterDivergentLoop(l spmd.Lane, data []int) {
	sum := 0
	for i := l.Index(); i < len(data); i += l.Count() {
		sum += data[i]
	}
	l.Barrier()
	_ = spmd.ReduceAdd(l, sum)
}

// A divergent break is enough to make the loop's later iterations divergent
// even when the loop condition is uniform; an infinite loop with a
// divergent exit likewise.
func infiniteLoop(l spmd.Lane) {
	i := 0
	for {
		if i > l.Index() {
			return
		}
		l.Barrier() // want `barrier l.Barrier under divergent control`
		i++
	}
}

// Fine: a uniform break.
func uniformBreak(l spmd.Lane, n int) {
	for i := 0; ; i++ {
		l.Barrier()
		if i >= n {
			break
		}
	}
}

// The loop exits uniformly, but a barrier under a divergent condition
// inside it is still reported.
func divergentIfInLoop(l spmd.Lane, n int) {
	for i := 0; i < n; i++ {
		if l.Index() == i {
			l.Barrier() // want `barrier l.Barrier under divergent control`
		}
	}
}

// Fine: the "while any lane is active" pattern. The loop condition is a
// uniform collective, so every lane runs every iteration; lanes that are
// done just stop doing work.
func whileAny(l spmd.Lane, data []int) int {
	i := l.Index()
	sum := 0
	active := i < len(data)
	for spmd.Any(l, active) {
		if active {
			sum += data[i]
			i += l.Count()
			active = i < len(data)
		}
		l.Barrier()
	}
	return sum
}

// A per-lane slice whose length depends on the lane.
func divergentLength(l spmd.Lane) {
	s := make([]int, l.Index())
	for range s {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}
