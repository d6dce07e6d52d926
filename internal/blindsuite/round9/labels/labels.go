// Package labels: labelled continue and break from inner loops to outer loops.
package labels

import "github.com/spmdvet/spmdvet/spmd"

// LContinueOuterUniform: continue Outer on shared data at uniform indices. Correct.
//
//spmd:kernel
func LContinueOuterUniform(l spmd.Lane, grid [][]int, out []int) {
	acc := 0
Outer:
	for i := 0; i < len(grid); i++ {
		for j := 0; j < len(grid[i]); j++ {
			if grid[i][j] < 0 {
				continue Outer
			}
			l.Barrier()
			acc += grid[i][j] * l.Index()
		}
		l.Barrier()
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// LContinueOuterDivergentBad: continue Outer on a lane-dependent condition.
// Barriers in the inner loop and after it in the outer loop are bad; the one
// before the inner loop and the ReduceAdd after the outer loop are fine.
//
//spmd:kernel
func LContinueOuterDivergentBad(l spmd.Lane, grid [][]int, out []int) {
	acc := 0
Outer:
	for i := 0; i < len(grid); i++ {
		l.Barrier()
		for j := 0; j < len(grid[i]); j++ {
			l.Barrier() // EXPECT
			if grid[i][j] == l.Index() {
				continue Outer
			}
			acc++
		}
		l.Barrier() // EXPECT
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// LBreakOuterUniform: break Outer on a uniform condition. Correct.
//
//spmd:kernel
func LBreakOuterUniform(l spmd.Lane, grid [][]int, out []int) {
	acc := 0
Outer:
	for i := 0; i < len(grid); i++ {
		l.Barrier()
		for j := 0; j < len(grid[i]); j++ {
			if grid[i][j] < 0 {
				break Outer
			}
			if grid[i][j] == l.Index() {
				continue
			}
			acc++
		}
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// LBreakOuterDivergentBad: break Outer on a lane-dependent condition: every
// convergent call in the outer loop is bad; the one after it is fine.
//
//spmd:kernel
func LBreakOuterDivergentBad(l spmd.Lane, grid [][]int, out []int) {
	acc := 0
Outer:
	for i := 0; i < len(grid); i++ {
		l.Barrier() // EXPECT
		for j := 0; j < len(grid[i]); j++ {
			if grid[i][j] == l.Index() {
				break Outer
			}
			acc++
		}
		acc += spmd.ReduceAdd(l, 1) // EXPECT
	}
	l.Barrier()
	out[l.Index()] = acc
}

// LBreakInnerDivergent: a plain lane-dependent break leaves only the inner loop:
// the inner collective is bad, the outer ones are fine.
//
//spmd:kernel
func LBreakInnerDivergent(l spmd.Lane, grid [][]int, out []int) {
	acc := 0
	for i := 0; i < len(grid); i++ {
		for j := 0; j < len(grid[i]); j++ {
			if grid[i][j] == l.Index() {
				break
			}
			acc += spmd.ReduceAdd(l, 1) // EXPECT
		}
		l.Barrier()
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// LContinueInnerLabelled: continue Inner (the innermost loop, labelled), barrier
// before it; Any in the outer loop after the inner one. Correct.
//
//spmd:kernel
func LContinueInnerLabelled(l spmd.Lane, grid [][]int, out []int) {
	acc := 0
	for i := 0; i < len(grid); i++ {
	Inner:
		for j := 0; j < len(grid[i]); j++ {
			l.Barrier()
			if grid[i][j] == l.Index() {
				continue Inner
			}
			acc++
		}
		if spmd.Any(l, acc > 100) {
			acc = 0
		}
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// LContinueOuterFromSwitchBad: continue Outer from a switch case in the inner loop.
//
//spmd:kernel
func LContinueOuterFromSwitchBad(l spmd.Lane, grid [][]int, out []int) {
	acc := 0
Outer:
	for i := 0; i < len(grid); i++ {
		for j := 0; j < len(grid[i]); j++ {
			switch grid[i][j] - l.Index() {
			case 0:
				continue Outer
			case 1:
				break // leaves the switch only
			default:
				acc++
			}
		}
		acc += spmd.ReduceAdd(l, 1) // EXPECT
	}
	out[l.Index()] = acc
}

// LBreakLoopFromSwitchUniform: break Loop from a switch on a uniform value. Correct.
//
//spmd:kernel
func LBreakLoopFromSwitchUniform(l spmd.Lane, data []int, out []int) {
	acc := 0
Loop:
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case -1:
			break Loop
		case 0:
			continue
		}
		l.Barrier()
		acc += data[i] + l.Index()
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// LBreakLoopFromSwitchDivergentBad: break Loop from a switch on a lane value.
//
//spmd:kernel
func LBreakLoopFromSwitchDivergentBad(l spmd.Lane, data []int, out []int) {
	acc := 0
Loop:
	for i := 0; i < len(data); i++ {
		l.Barrier() // EXPECT
		switch data[i] - l.Index() {
		case 0:
			break Loop
		case 1:
			break
		}
		acc++
	}
	l.Barrier()
	out[l.Index()] = acc
}

// LThreeLevelsContinueMiddleBad: continue Middle from the innermost loop.
// Outer-level calls are fine; the middle-level call after the innermost loop
// and the call inside the innermost loop are bad.
//
//spmd:kernel
func LThreeLevelsContinueMiddleBad(l spmd.Lane, n int, out []int) {
	acc := 0
	for a := 0; a < n; a++ {
		l.Barrier()
	Middle:
		for b := 0; b < n; b++ {
			for c := 0; c < n; c++ {
				if a+b+c == l.Index() {
					continue Middle
				}
				acc += spmd.ReduceAdd(l, 1) // EXPECT
			}
			l.Barrier() // EXPECT
		}
		l.Barrier()
	}
	out[l.Index()] = acc
}
