// Package persist holds a persistent-threads worker ported from a
// hand-written state machine that used goto.
package persist

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// Worker runs three rounds of produce/consume. Odd lanes were meant to "start
// as consumers" so that the two halves overlap, which makes them enter the
// produce/consume cycle at the consume label while even lanes enter at
// produce: the cycle has two entries reached from a lane-dependent branch.
//
//spmd:kernel
func Worker(l spmd.Lane, work []int, out []int) {
	tid := l.Index()
	round := 0
	acc := 0
	if tid%2 == 1 {
		goto consume
	}
produce:
	acc += work[(round*l.Count()+tid)%len(work)]
	l.Barrier() // EXPECT
consume:
	out[tid] = spmd.ReduceAdd(l, acc) // EXPECT
	round++
	if round < 3 {
		goto produce
	}
}

// WorkerAligned is the fixed state machine: every lane enters at produce, and
// the odd lanes just contribute nothing in the first round.
//
//spmd:kernel
func WorkerAligned(l spmd.Lane, work []int, out []int) {
	tid := l.Index()
	round := 0
	acc := 0
produce:
	if round > 0 || tid%2 == 0 {
		acc += work[(round*l.Count()+tid)%len(work)]
	}
	l.Barrier()
	out[tid] = spmd.ReduceAdd(l, acc)
	round++
	if round < 3 {
		goto produce
	}
}
