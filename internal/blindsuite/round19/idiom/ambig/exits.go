package ambig

import (
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
)

// DeferEarlyReturn defers a barrier unconditionally, then lets lane 0 return
// early. Every lane runs the barrier, but at different exits (the runtime
// sees the return line vs the end of the function). Question: is a deferred
// convergent call reached "together" when lanes leave by different returns?
// The defer statement itself is not under divergent control. Runtime:
// diverges. Guess: finding at the defer statement.
//
//spmd:kernel
func DeferEarlyReturn(l spmd.Lane, out []int) {
	defer l.Barrier() // EXPECT
	if l.Index() == 0 {
		return
	}
	out[l.Index()] = 1
}

// PanicRecovered lets some lanes panic; the kernel recovers, so those lanes
// return normally while the others wait at the barrier. Question: does a
// divergent panic count as lanes leaving (a divergent exit), so that the
// barrier after it is under divergent control? In SSA the panic block has no
// successors. Runtime: diverges. Guess: finding.
//
//spmd:kernel
func PanicRecovered(l spmd.Lane, data []int, out []int) {
	defer func() {
		if r := recover(); r != nil {
			out[l.Index()] = -1
		}
	}()
	if data[l.Index()] < 0 {
		panic("negative datum")
	}
	l.Barrier() // EXPECT
	out[l.Index()] = data[l.Index()]
}

// upto yields 0..n-1.
func upto(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

// RangeFuncLaneLength ranges over an iterator whose length is the lane index.
// The barrier is in the loop body, which is a closure without divergent
// control of its own; the divergent trip count lives in the iterator.
// Question: where (if anywhere) must this be reported? Runtime: diverges.
// Guess: at the barrier.
//
//spmd:kernel
func RangeFuncLaneLength(l spmd.Lane, out []int) {
	n := 0
	for range upto(l.Index()) {
		l.Barrier() // EXPECT
		n++
	}
	out[l.Index()] = n
}
