// Package endlessloops pins convergence in loops without an exit.
//
// A region that never reaches the function's exit (a loop without an exit
// in the control flow graph: an endless worker loop, or one that ends with
// runtime.Goexit) has no post-dominators, and the blocks of such a loop
// must not look control dependent on branches that every lane gets past.
// (A false positive, reported as BUG(report), fixed in 5daa642: the
// post-dominator tree used to give such a region a virtual exit edge from
// its last block in reverse post-order, which put the loop header below
// under divergent control.)
package endlessloops

import (
	"runtime"

	"github.com/spmdvet/spmdvet/spmd"
)

// Fine: a persistent worker loop. Every lane runs the barrier at the top of
// every iteration; the divergent if/else inside rejoins before the next one.
func worker(l spmd.Lane, out []int) {
	x, y := 0, 0
	for {
		l.Barrier()
		if l.Index() < 4 {
			x++
			out[0] = x
		} else {
			y++
			out[1] = y
		}
	}
}

// Fine: the same loop ending with runtime.Goexit, which spmd.Run counts as
// returning: there is still no exit in the control flow graph.
func workerWithGoexit(l spmd.Lane, out []int, iters int) {
	i := 0
	for {
		if i == iters {
			runtime.Goexit()
		}
		i++
		l.Barrier()
		if l.Index() < 4 {
			out[l.Index()] += 1
		} else {
			out[l.Index()] += 2
		}
	}
}

// A barrier inside the divergent branch of an endless loop is reported.
func divergentInEndlessLoop(l spmd.Lane) {
	for {
		if l.Index() < 4 {
			l.Barrier() // want `barrier l.Barrier under divergent control`
		}
	}
}
