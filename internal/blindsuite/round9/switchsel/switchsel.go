// Package switchsel: switch and select inside loops, with break (which leaves
// the switch or select, not the loop) and continue.
package switchsel

import "github.com/spmdvet/spmdvet/spmd"

// SSwitchBreakLeavesSwitch: a lane-dependent break inside a switch case leaves
// only the switch; the barrier after the switch is reached by all. Correct.
//
//spmd:kernel
func SSwitchBreakLeavesSwitch(l spmd.Lane, data []int, out []int) {
	acc := 0
	for i := 0; i < len(data); i++ {
		switch {
		case (i+l.Index())%2 == 0:
			if data[i] > l.Index() {
				break
			}
			acc += data[i]
		default:
			acc--
		}
		l.Barrier()
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// SSwitchContinueBad: the same shape with continue instead of break.
//
//spmd:kernel
func SSwitchContinueBad(l spmd.Lane, data []int, out []int) {
	acc := 0
	for i := 0; i < len(data); i++ {
		switch {
		case (i+l.Index())%2 == 0:
			if data[i] > l.Index() {
				continue
			}
			acc += data[i]
		default:
			acc--
		}
		l.Barrier() // EXPECT
	}
	out[l.Index()] = acc
}

// SSwitchFallthrough: lane-dependent tag with fallthrough; barrier after. Correct.
//
//spmd:kernel
func SSwitchFallthrough(l spmd.Lane, n int, out []int) {
	acc := 0
	for i := range n {
		switch (i + l.Index()) % 3 {
		case 0:
			acc += 100
			fallthrough
		case 1:
			acc++
			if acc > 1000 {
				break
			}
			acc++
		default:
		}
		l.Barrier()
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// STypeSwitchContinueBad: type switch on uniform items with a lane-dependent
// continue in one case.
//
//spmd:kernel
func STypeSwitchContinueBad(l spmd.Lane, items []any, out []int) {
	acc := 0
	for _, x := range items {
		switch v := x.(type) {
		case int:
			if v == l.Index() {
				continue
			}
			acc += v
		case string:
			acc += len(v)
		}
		if spmd.Any(l, acc > 50) { // EXPECT
			acc = 0
		}
	}
	out[l.Index()] = acc
}

// STypeSwitchBreak: type switch, lane-dependent break in a case (leaves the
// switch). Any after the switch. Correct.
//
//spmd:kernel
func STypeSwitchBreak(l spmd.Lane, items []any, out []int) {
	acc := 0
	for _, x := range items {
		switch v := x.(type) {
		case int:
			if v == l.Index() {
				break
			}
			acc += v
		case string:
			acc += len(v)
		}
		if spmd.Any(l, acc > 50) {
			acc = 0
		}
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// SSelectBreak: select inside a loop; a lane-dependent break in a case leaves
// the select only. done is a closed channel, so the first case is always
// ready. Barriers before and after the select. Correct.
//
//spmd:kernel
func SSelectBreak(l spmd.Lane, done chan int, n int, out []int) {
	acc := 0
	for i := 0; i < n; i++ {
		l.Barrier()
		select {
		case <-done:
			if (i+l.Index())%2 == 0 {
				break
			}
			acc++
		default:
			acc += 1000
		}
		l.Barrier()
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// SSelectContinueBad: a lane-dependent continue inside a select case.
//
//spmd:kernel
func SSelectContinueBad(l spmd.Lane, done chan int, n int, out []int) {
	acc := 0
	for i := 0; i < n; i++ {
		select {
		case <-done:
			if i == l.Index() {
				continue
			}
			acc++
		default:
			acc += 1000
		}
		l.Barrier() // EXPECT
	}
	out[l.Index()] = acc
}

// SSelectBreakLoopBad: a lane-dependent labelled break out of the loop from a
// select case.
//
//spmd:kernel
func SSelectBreakLoopBad(l spmd.Lane, done chan int, n int, out []int) {
	acc := 0
Loop:
	for i := 0; i < n; i++ {
		acc += spmd.ReduceAdd(l, 1) // EXPECT
		select {
		case <-done:
			if i == l.Index() {
				break Loop
			}
		}
	}
	l.Barrier()
	out[l.Index()] = acc
}

// SSwitchInSwitchBreak: nested switches, lane-dependent break in the inner one;
// barrier after the outer switch. Correct.
//
//spmd:kernel
func SSwitchInSwitchBreak(l spmd.Lane, n int, out []int) {
	acc := 0
	for i := 0; i < n; i++ {
		switch i % 2 {
		case 0:
			switch l.Index() % 2 {
			case 0:
				break
			default:
				acc++
			}
			acc += 10
		}
		l.Barrier()
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}
