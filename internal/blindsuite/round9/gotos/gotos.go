// Package gotos: loops built with goto, labelled for loops targeted by goto,
// goto used as break/continue, and irreducible cycles.
package gotos

import "github.com/spmdvet/spmdvet/spmd"

// GLoopUniform: a goto loop with a uniform counter; the lane-dependent skip
// rejoins at next before the increment. Correct.
//
//spmd:kernel
func GLoopUniform(l spmd.Lane, data []int, out []int) {
	i, acc := 0, 0
loop:
	if i >= len(data) {
		goto done
	}
	l.Barrier()
	if data[i] == l.Index() {
		goto next
	}
	acc += data[i]
next:
	i++
	goto loop
done:
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// GLoopSkipBarrierBad: the lane-dependent goto skips a barrier.
//
//spmd:kernel
func GLoopSkipBarrierBad(l spmd.Lane, data []int, out []int) {
	i, acc := 0, 0
loop:
	if i >= len(data) {
		goto done
	}
	if data[i] == l.Index() {
		goto next
	}
	l.Barrier() // EXPECT
	acc += data[i]
next:
	i++
	goto loop
done:
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// GLoopDivergentExitBad: a goto loop whose exit test is lane-dependent. The
// barrier in the loop is bad; the one at done is fine.
//
//spmd:kernel
func GLoopDivergentExitBad(l spmd.Lane, data []int, out []int) {
	i := 0
loop:
	if i >= data[l.Index()] {
		goto done
	}
	l.Barrier() // EXPECT
	i++
	goto loop
done:
	l.Barrier()
	out[l.Index()] = i
}

// GRestartLabelledForUniform: goto L restarts a labelled for loop once, on a
// uniform condition. Correct.
//
//spmd:kernel
func GRestartLabelledForUniform(l spmd.Lane, n int, out []int) {
	restarts, acc := 0, 0
L:
	for i := 0; i < n; i++ {
		l.Barrier()
		if i == 1 && restarts == 0 {
			restarts++
			goto L
		}
		if i == l.Index() {
			continue
		}
		acc++
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// GRestartLabelledForDivergentBad: lane 0 restarts the loop, the others do not.
// The barrier in the loop is bad; the ReduceAdd after it is fine.
//
//spmd:kernel
func GRestartLabelledForDivergentBad(l spmd.Lane, n int, out []int) {
	restarts, acc := 0, 0
L:
	for i := 0; i < n; i++ {
		l.Barrier() // EXPECT
		if i == 1 && l.Index() == 0 && restarts == 0 {
			restarts++
			goto L
		}
		acc++
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// GIrreducibleDivergentBad: an irreducible cycle entered at A or at B
// depending on the lane.
//
//spmd:kernel
func GIrreducibleDivergentBad(l spmd.Lane, n int, out []int) {
	k, x := 0, 0
	if l.Index()%2 == 0 {
		goto B
	}
A:
	x++
	l.Barrier() // EXPECT
B:
	k++
	if k < n {
		goto A
	}
	out[l.Index()] = spmd.ReduceAdd(l, x)
}

// GIrreducibleUniform: the same irreducible cycle, entered on a uniform
// condition. Correct.
//
//spmd:kernel
func GIrreducibleUniform(l spmd.Lane, n int, out []int) {
	k, x := 0, 0
	if n%2 == 0 {
		goto B
	}
A:
	x += l.Index()
	l.Barrier()
B:
	k++
	if k < n {
		goto A
	}
	out[l.Index()] = spmd.ReduceAdd(l, x)
}

// GGotoAsBreakBad: goto out of a for loop on a lane-dependent condition: the
// barrier in the loop is bad, the ReduceAdd at the label after it is fine.
//
//spmd:kernel
func GGotoAsBreakBad(l spmd.Lane, data []int, out []int) {
	acc := 0
	for i := 0; i < len(data); i++ {
		if data[i] == l.Index() {
			goto after
		}
		l.Barrier() // EXPECT
		acc++
	}
after:
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// GGotoAsContinue: goto to a label at the end of the loop body. Barrier before
// the goto. Correct.
//
//spmd:kernel
func GGotoAsContinue(l spmd.Lane, data []int, out []int) {
	acc := 0
	for i := 0; i < len(data); i++ {
		l.Barrier()
		if data[i] == l.Index() {
			goto next
		}
		acc += data[i]
	next:
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// GGotoAsContinueBad: a Ballot between the goto and its label.
//
//spmd:kernel
func GGotoAsContinueBad(l spmd.Lane, data []int, out []int) {
	acc := 0
	for i := 0; i < len(data); i++ {
		if data[i] == l.Index() {
			goto next
		}
		acc += int(spmd.Ballot(l, true)) // EXPECT
	next:
	}
	out[l.Index()] = acc
}
