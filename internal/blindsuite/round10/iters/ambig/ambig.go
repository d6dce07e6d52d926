// Package ambig holds kernels for which the spec does not settle what must be
// reported, or where. Each doc comment states the question and the answer I
// chose for the annotation.
package ambig

import (
	"iter"
	"maps"
	"slices"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round10/iters/seqs"
	"github.com/spmdvet/spmdvet/spmd"
)

// DivergentCallee calls one of two convergent callbacks, chosen by the lane,
// through a single call site. Bug: lane 0 waits at the barrier, lane 1 at the
// ReduceAdd.
//
// Question: no branch is divergent here; the callee is. Inside each callback
// the convergent call is not under divergent control either. I treat a call
// through a divergent function value whose possible callees are convergent
// like a switch on the lane, and expect the finding at the call.
//
//spmd:kernel
func DivergentCallee(l spmd.Lane, out []int) {
	steps := []func(){
		func() { l.Barrier() },
		func() { out[l.Index()] = spmd.ReduceAdd(l, 1) },
	}
	steps[l.Index()%2]() // EXPECT
}

// MapValueSum adds up the values of a shared map by ranging over maps.All and
// branches on the sum. Correct at run time: the sum does not depend on the
// order.
//
// Question: the spec makes map keys and values divergent and propagates
// divergence through BinOp, so a checker that follows the rules reports the
// barrier; the principle "lanes may not reach it together" says it must not.
// No EXPECT.
//
//spmd:kernel
func MapValueSum(l spmd.Lane, m map[string]int, out []int) {
	sum := 0
	for _, v := range maps.All(m) {
		sum += v
	}
	if sum > 10 {
		l.Barrier()
	}
	out[l.Index()] = sum
}

// MapValueSumPlain is MapValueSum with an ordinary range over the map, the
// case the spec names explicitly ("Range over a map: keys and values are
// divergent"). Correct at run time. Same question; no EXPECT.
//
//spmd:kernel
func MapValueSumPlain(l spmd.Lane, m map[string]int, out []int) {
	sum := 0
	for _, v := range m {
		sum += v
	}
	if sum > 10 {
		l.Barrier()
	}
	out[l.Index()] = sum
}

// SortedMapKeys sorts the keys of a shared map (slices.Sorted over maps.Keys)
// and branches on them: after sorting they are the same in every lane.
// Correct at run time.
//
// Question: the package doc says a result is divergent when lanes calling
// with their arguments may get different values; here they cannot, but a
// checker that reads slices.Sorted's body sees it collect per-lane ordered
// keys. No EXPECT.
//
//spmd:kernel
func SortedMapKeys(l spmd.Lane, m map[string]int, out []int) {
	keys := slices.Sorted(maps.Keys(m))
	for i, k := range slices.All(keys) {
		if k == "b" {
			l.Barrier()
			out[l.Index()] = i
		}
	}
}

// FactoryKernel returns a kernel that captures the factory's parameter n.
//
// Question: the returned closure is SPMD (it has a Lane parameter) but is not
// itself the argument of spmd.Run; it reaches Run only as the result of a
// call (RunFactory). Is its free variable n uniform? At its only use it is.
// No EXPECT.
func FactoryKernel(n int, out []int) func(spmd.Lane) {
	return func(l spmd.Lane) {
		acc := 0
		for i := range seqs.Count(n) {
			acc += spmd.ReduceAdd(l, i)
		}
		out[l.Index()] = acc
	}
}

// RunFactory runs the kernel made by FactoryKernel.
func RunFactory(lanes, n int, out []int) error {
	return spmd.Run(lanes, FactoryKernel(n, out))
}

// SyncedCount is seqs.Count with a barrier before every yield: a convergent
// iterator. Every lane that ranges over it must take the same steps.
//
// Question: the barrier is in a loop bounded by the parameter n of a
// function that is SPMD (Lane parameter) but not a kernel entry. It is
// correct for a uniform n, which is how it is used here. No EXPECT.
func SyncedCount(l spmd.Lane, n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			l.Barrier()
			if !yield(i) {
				return
			}
		}
	}
}

// SyncedDivergentBreak breaks out of the convergent iterator SyncedCount on a
// lane-dependent condition: the lanes that stay run the iterator's barrier
// without the lanes that left. Bug.
//
// Question: the barrier that lanes miss is inside SyncedCount (correct on its
// own); the divergent branch is the break. The convergent call in the kernel
// is the range statement, which calls the iterator. I expect the finding
// there.
//
//spmd:kernel
func SyncedDivergentBreak(l spmd.Lane, n int, out []int) {
	k := 0
	for i := range SyncedCount(l, n) { // EXPECT
		if i == l.Index() {
			break
		}
		k++
	}
	out[l.Index()] = k
}

// SyncedDivergentContinue skips iterations of the convergent iterator on a
// lane-dependent condition with continue, which does not stop the iterator:
// every lane still reaches every barrier. Correct. (Ambiguous only because
// SyncedCount is.)
//
//spmd:kernel
func SyncedDivergentContinue(l spmd.Lane, n int, out []int) {
	k := 0
	for i := range SyncedCount(l, n) {
		if i == l.Index() {
			continue
		}
		k++
	}
	out[l.Index()] = k
}

// SyncEach performs one barrier per value of seq and returns the count.
//
// Question: it is correct when seq has the same length in every lane, which
// SyncEach cannot know; a checker may report its barrier (range over an
// unknown iterator) or summarize it. No EXPECT here.
func SyncEach(l spmd.Lane, seq iter.Seq[int]) int {
	n := 0
	for range seq {
		l.Barrier()
		n++
	}
	return n
}

// SyncEachLaneSeq gives SyncEach an iterator whose length depends on the
// lane. Bug.
//
// Question: all lanes reach the call together; the barrier inside runs a
// lane-dependent number of times because of the argument. I expect the
// finding at the call.
//
//spmd:kernel
func SyncEachLaneSeq(l spmd.Lane, out []int) {
	out[l.Index()] = SyncEach(l, seqs.Count(l.Index()+1)) // EXPECT
}

// SyncEachUniform gives SyncEach an iterator of uniform length. Correct.
//
//spmd:kernel
func SyncEachUniform(l spmd.Lane, out []int) {
	out[l.Index()] = SyncEach(l, seqs.Count(l.Count()))
}
