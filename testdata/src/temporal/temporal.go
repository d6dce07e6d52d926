// Package temporal pins temporal divergence: a value that is uniform in
// every iteration of a loop becomes divergent once lanes leave the loop in
// different iterations, because each lane takes the value of its own last
// iteration out of the loop.
package temporal

import "github.com/spmdvet/spmdvet/spmd"

// Inside the loop i is the same in every lane that is still running; after
// it, lane k holds k.
func divergentExit(l spmd.Lane) {
	last := 0
	for i := 0; ; i++ {
		last = i
		if i >= l.Index() {
			break
		}
	}
	if last > 2 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// The loop counter itself, used after a loop with a lane-dependent bound.
func counterAfterLoop(l spmd.Lane, data []int) {
	i := 0
	for i < len(data) && data[i] != l.Index() {
		i++
	}
	if i == len(data) {
		_ = spmd.ReduceAdd(l, 1) // want `collective spmd.ReduceAdd under divergent control`
	}
}

// A value computed from the uniform counter inside the loop, used after it.
func derivedValue(l spmd.Lane, n int) {
	sq := 0
	for i := 0; i < n; i++ {
		sq = i * i
		if l.Index() == i {
			break
		}
	}
	if sq > 4 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: inside the loop the counter is uniform, so a branch on it guarding a
// barrier is fine (all lanes are still in the loop in that iteration...
// except that the loop has a divergent exit after the barrier, which is
// reported on its own in package loops). Here the exit comes first.
func insideLoopUniform(l spmd.Lane, n int) {
	for i := 0; i < n; i++ {
		if i%2 == 0 {
			l.Barrier()
		}
	}
}

// Fine: the same loop with a uniform exit: every lane leaves in the same
// iteration, so last is uniform after it.
func uniformExit(l spmd.Lane, n int) {
	last := 0
	for i := 0; ; i++ {
		last = i
		if i >= n {
			break
		}
	}
	if last > 2 {
		l.Barrier()
	}
}

// Fine: a value defined before the loop and not changed in it stays uniform
// after a divergent loop.
func definedBefore(l spmd.Lane, n int) {
	k := n * 2
	for i := 0; i < l.Index(); i++ {
		_ = i
	}
	if k > 2 {
		l.Barrier()
	}
}

// Fine: a reduction after a divergent loop makes its result uniform again.
func reducedAfter(l spmd.Lane) {
	last := 0
	for i := 0; i < l.Index(); i++ {
		last = i
	}
	if spmd.ReduceMax(l, last) > 2 {
		l.Barrier()
	}
}

// Lanes leave both loops at once, straight into the loop at after, in
// different iterations of the outer loop: x after it is the x of each lane's
// own last iteration. (LLVM 22 compares loop depths there and takes only the
// inner loop to be left.)
func exitIntoLoop(l spmd.Lane, n int) {
	x, y := 0, 0
	for {
		x++
		for {
			if l.Index() < x {
				goto after
			}
			if n < 3 {
				continue
			}
			break
		}
	}
after:
	y++
	if y < n {
		goto after
	}
	if x > 2 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: the same loops where the goto that leaves them is uniform.
func exitIntoLoopUniform(l spmd.Lane, n int) {
	x, y := 0, 0
	for {
		x++
		for {
			if n < x {
				goto after
			}
			if n < 3 {
				continue
			}
			break
		}
	}
after:
	y++
	if y < n {
		goto after
	}
	if x > 2 {
		l.Barrier()
	}
}
