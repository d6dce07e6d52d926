// Package ambig holds kernels for which the spec does not clearly say whether
// a finding is due. Each doc comment states the question and the answer the
// annotations assume.
package ambig

import (
	"runtime"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// stageChunks is a helper (not a kernel entry) that copies `chunks` tiles of
// Count values through shared memory, with a barrier per tile. Its trip count
// is its int parameter.
func stageChunks(l spmd.Lane, tile, src, dst []int, chunks int) {
	tid := l.Index()
	for c := 0; c < chunks; c++ {
		tile[tid] = src[c*l.Count()+tid]
		l.Barrier()
		dst[c*l.Count()+(l.Count()-1-tid)] = tile[tid]
		l.Barrier()
	}
}

// HelperParamTrip (correct at run time; ambiguous statically): the kernel
// calls stageChunks with a uniform chunk count.
//
// Question: are the parameters of an SPMD function that is not a kernel
// entry (here `chunks` of stageChunks, which only has a Lane parameter and is
// not marked //spmd:kernel) uniform when the barrier inside the loop is
// checked? The spec names only "the parameters of a kernel entry" as uniform
// inputs; the package doc says a body is read "with the arguments they pass".
// Assumed: no finding (every caller passes a uniform count).
func HelperParamTrip(src []int, lanes int) ([]int, error) {
	tile := make([]int, lanes)
	dst := make([]int, len(src))
	chunks := len(src) / lanes
	err := spmd.Run(lanes, func(l spmd.Lane) {
		stageChunks(l, tile, src, dst, chunks)
	})
	return dst, err
}

// shareFromLeader publishes lane 0's v through a shared slot; it has no
// result directive.
func shareFromLeader(l spmd.Lane, slot []int, v int) int {
	if l.Index() == 0 {
		slot[0] = v
	}
	l.Barrier()
	r := slot[0]
	l.Barrier()
	return r
}

// BranchOnHelperLoad (correct at run time; ambiguous statically): the kernel
// branches on the result of shareFromLeader, called with a divergent v, and
// has a barrier in the branch.
//
// Question: is the helper's result uniform? Its body returns slot[0], a load
// at a uniform address after a barrier (uniform by the spec's memory rule),
// and the package doc says the checker reads the body; but the spec allows,
// for this issue, the conservative rule "divergent if any argument is
// divergent". Assumed: uniform, no finding.
func BranchOnHelperLoad(data []int) ([]int, error) {
	slot := make([]int, 1)
	res := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		x := shareFromLeader(l, slot, data[l.Index()])
		if x > 0 {
			l.Barrier()
			res[l.Index()] = x
		}
	})
	return res, err
}

// AtomicLoadAfterBarrier (correct at run time; ambiguous statically): lanes
// count matches with atomic adds (results unused), wait at a barrier, then
// every lane reads the counter with atomic.LoadInt32 and branches on it.
//
// Question: is an atomic *load* of shared memory at a uniform address uniform?
// The spec makes only read-modify-write results divergent and says shared
// loads at uniform addresses are uniform; but a checker may treat all of
// sync/atomic as divergent. Assumed: uniform, no finding.
func AtomicLoadAfterBarrier(data []int) (int32, error) {
	var count int32
	var seen int32
	err := spmd.Run(len(data), func(l spmd.Lane) {
		if data[l.Index()] > 0 {
			atomic.AddInt32(&count, 1)
		}
		l.Barrier()
		c := atomic.LoadInt32(&count)
		if c > 0 {
			l.Barrier()
			if l.Index() == 0 {
				seen = c
			}
		}
	})
	return seen, err
}

// ClosureCounter (correct at run time; ambiguous statically): a per-lane
// counter (a local of the kernel whose address is taken by a nested closure)
// is bumped by that closure in a loop with a uniform trip count; the kernel
// then branches on it and has a barrier in the branch.
//
// Question: does the memory rule for per-lane locals see the stores made
// inside a nested closure, and judge them uniform (uniform value, uniform
// control at every call of the closure)? Assumed: yes, uniform, no finding.
func ClosureCounter(data []int, rounds int) ([]int, error) {
	res := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		steps := 0
		bump := func() { steps++ }
		for r := 0; r < rounds; r++ {
			bump()
		}
		if steps > 2 {
			l.Barrier()
			res[l.Index()] = data[l.Index()] * steps
		}
	})
	return res, err
}

// RangeMapBarrier (correct at run time; ambiguous statically): a barrier is
// the only thing in the body of a range over a shared map; each lane sums the
// values in its own order.
//
// Question: the spec says keys and values of a map range are divergent; is the
// loop's continuation (the ok of Next) divergent too? Every lane iterates
// len(m) times, so in fact it is uniform. Assumed: no finding.
func RangeMapBarrier(m map[int]int, lanes int) ([]int, error) {
	res := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		s := 0
		for _, v := range m {
			s += v
			l.Barrier()
		}
		res[l.Index()] = s
	})
	return res, err
}

// DeferredBarrier (bug; ambiguous statically): a barrier is deferred at the
// top of the kernel, then out-of-range lanes return early. Every lane runs the
// deferred barrier when it returns, but from different returns: Go runs the
// deferred call at each exit (open-coded defers copy it to each one), and
// spmd.Run sees two different sites, the early `return` line and the closing
// brace (confirmed by the test), just as it would for an explicit barrier
// before each return.
//
// Question: the defer statement is in the entry block, reached by every lane;
// the calls it makes run at exits, one of which is under divergent control.
// Is there a finding, and where? Assumed: yes, at the defer line (the only
// call expression there is).
func DeferredBarrier(data []int, lanes int) ([]int, error) {
	n := len(data)
	res := make([]int, n)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		defer l.Barrier() // EXPECT
		tid := l.Index()
		if tid >= n {
			return
		}
		res[tid] = 3 * data[tid]
	})
	return res, err
}

// rowsKernel is a kernel entry: its parameters are uniform by declaration.
// It performs `rows` barriers.
//
//spmd:kernel
func rowsKernel(l spmd.Lane, out []int, rows int) {
	for r := 0; r < rows; r++ {
		out[l.Index()] += r
		l.Barrier()
	}
}

// KernelCalledWithDivergentArg (bug at run time; ambiguous statically): the
// kernel closure calls the kernel entry rowsKernel, unconditionally, but with
// a lane-dependent row count.
//
// Question: inside rowsKernel the parameter is uniform by declaration and the
// call is not under divergent control, so neither of the spec's two rules
// applies; yet lanes run different numbers of barriers. Assumed: no finding
// (the spec reports calls under divergent control or in cycles, and a
// //spmd:kernel parameter is a uniform input). The test shows the run-time
// error anyway.
func KernelCalledWithDivergentArg(rows []int) ([]int, error) {
	out := make([]int, len(rows))
	err := spmd.Run(len(rows), func(l spmd.Lane) {
		rowsKernel(l, out, rows[l.Index()])
	})
	return out, err
}

// GoexitEarly (bug): out-of-range lanes leave with runtime.Goexit, which Run
// counts as returning; the in-range lanes then wait at the barrier.
//
// Question: Goexit is a call, not a return statement, and the SSA CFG does not
// end the block there (ctrlflow knows it does not return). Does "returned
// early" cover it? Assumed: yes, finding at the barrier.
func GoexitEarly(data []int, lanes int) ([]int, error) {
	n := len(data)
	res := make([]int, n)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		if tid >= n {
			runtime.Goexit()
		}
		res[tid] = data[tid]
		l.Barrier() // EXPECT
		res[tid] += res[(tid+1)%n]
	})
	return res, err
}
