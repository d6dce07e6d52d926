// Package ambig holds kernels for which the spec does not settle whether a finding is
// due. Each kernel's comment states the question and the annotation chosen.
package ambig

import (
	"math"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round12/apps/gpu"
	"github.com/spmdvet/spmdvet/spmd"
)

// ScaleStrided scales data in place with a barrier per element, iterating with the
// lane-strided range-over-func iterator gpu.Strided.
//
// Question: the barrier sits in the body of a range-over-func loop. In SSA the body is a
// synthesized closure that gpu.Strided's iterator calls a lane-dependent number of times;
// inside the closure the barrier is unconditional. At source level it is a barrier in a
// loop whose trip count depends on the lane, which the spec lists ("for, range"). Annotated
// as a finding on the barrier line; Run confirms the divergence.
//
//spmd:kernel
func ScaleStrided(l spmd.Lane, data []float64, s float64) {
	for i := range gpu.Strided(l, len(data)) {
		data[i] *= s
		l.Barrier() // EXPECT
	}
}

// SquareTasks squares the tasks it receives from a channel, syncing after each one.
//
// Question: a receive from a channel that is a kernel parameter (uniform operand). The
// spec lists UnOp among the instructions that propagate uniformity, which would make the
// received value and the ok flag uniform, yet every lane receives a different element and
// lanes leave the range loop at different rounds. Annotated as a finding (Run confirms the
// divergence).
//
//spmd:kernel
func SquareTasks(l spmd.Lane, tasks <-chan int, out []int) {
	for t := range tasks {
		out[t] = t * t
		l.Barrier() // EXPECT
	}
}

// NormalizeByChunkMax divides data by the sum of the maxima of its block-wide chunks; the
// sum is kept in a variable updated through a closure.
//
// Question: total is a captured local (an Alloc of the kernel) whose only stores are in
// the closure add, and add only ever receives uniform values (ReduceMax results) under
// uniform control. Is the load of total in the if uniform? The spec's memory rule speaks of
// "any store to that memory" without saying how stores in closures are judged. Annotated
// as no finding.
//
//spmd:kernel
func NormalizeByChunkMax(l spmd.Lane, data []float64) {
	total := 0.0
	add := func(v float64) { total += v }
	for base := 0; base < len(data); base += l.Count() {
		v := math.Inf(-1)
		if i := base + l.Index(); i < len(data) {
			v = data[i]
		}
		add(spmd.ReduceMax(l, v))
	}
	if total != 0 {
		for i := l.Index(); i < len(data); i += l.Count() {
			data[i] /= total
		}
		l.Barrier()
	}
}

// stageRows copies src to dst block-strided and, when shared is set, waits for the block.
func stageRows(l spmd.Lane, dst, src []float64, shared bool) {
	for k := l.Index(); k < len(src); k += l.Count() {
		dst[k] = src[k]
	}
	if shared {
		l.Barrier()
	}
}

// CopyRows copies src to dst through stageRows.
//
// Question: stageRows is an SPMD function (it has a Lane parameter) but not a kernel
// entry, so the spec's "uniform inputs" do not cover its parameter shared. Its only
// caller passes a kernel parameter (uniform). Annotated as no finding on the barrier in
// stageRows.
//
//spmd:kernel
func CopyRows(l spmd.Lane, dst, src []float64, shared bool) {
	stageRows(l, dst, src, shared)
}

// syncIf waits for the block when cond is set.
func syncIf(l spmd.Lane, cond bool) {
	if cond {
		l.Barrier() // EXPECT
	}
}

// LeadersSync increments data and syncs the two leading lanes through syncIf.
//
// Question: the divergent value is computed in the caller and passed as an argument; the
// barrier is under a branch on a helper parameter. Where is the finding due: on the
// barrier in syncIf (helper parameters may be divergent), on the call (which every lane
// reaches), or nowhere until cross-function summaries exist? Annotated on the barrier
// line in syncIf.
//
//spmd:kernel
func LeadersSync(l spmd.Lane, data []int) {
	if i := l.Index(); i < len(data) {
		data[i]++
	}
	syncIf(l, l.Index() < 2)
}

// Combiner combines one value per lane into a block-wide result.
type Combiner interface {
	Combine(l spmd.Lane, v float64) float64
}

// SumCombiner combines by ReduceAdd.
type SumCombiner struct{}

// Combine returns the sum of v over the block.
func (SumCombiner) Combine(l spmd.Lane, v float64) float64 { return spmd.ReduceAdd(l, v) }

// CombineValid combines the elements of data through op, one per lane; lanes past the end
// of data skip the call.
//
// Question: op.Combine is an interface call whose callee the checker cannot know; the spec
// makes a call convergent when the callee is "known to be convergent (by directive or
// fact)", so no finding, even though the dynamic callee is a collective and Run reports
// the divergence. Annotated as no finding.
//
//spmd:kernel
func CombineValid(l spmd.Lane, data []float64, op Combiner, out *float64) {
	if i := l.Index(); i < len(data) {
		r := op.Combine(l, data[i])
		if i == 0 {
			*out = r
		}
	}
}

// WeightTotals writes Count*Σ weights to every lane's slot of out: each round adds up one
// weight per lane, taken in the lane's own map order.
//
// Question: range over a map makes keys and values divergent (spec), but every lane runs
// the same number of rounds, len(weights). Is the loop's continue/exit condition (the ok
// of Next) divergent, which would put the ReduceAdd under divergent control? Annotated as
// no finding; Run completes without error and the total is order-independent.
//
//spmd:kernel
func WeightTotals(l spmd.Lane, weights map[string]int, out []int) {
	var s int
	for _, w := range weights {
		s += spmd.ReduceAdd(l, w)
	}
	out[l.Index()] = s
}

// GuardedIncrement increments data block-strided and syncs through a method value after
// each element.
//
// Question: the barrier is called through the bound method value sync := l.Barrier, a
// synthesized wrapper rather than a direct call of Lane.Barrier. Is that call "known to be
// convergent"? Annotated as a finding (it is in a loop with a lane-dependent trip count).
//
//spmd:kernel
func GuardedIncrement(l spmd.Lane, data []int) {
	sync := l.Barrier
	for k := l.Index(); k < len(data); k += l.Count() {
		data[k]++
		sync() // EXPECT
	}
}

// IncrementDeferSync increments data[Index] where it exists, with a deferred barrier so
// that every lane syncs on the way out.
//
// Question: the deferred barrier runs at each return; lanes leave by different returns
// (one of them under a divergent branch). Run treats the two exits as different sites and
// reports a divergence. Is a deferred convergent call a finding at the defer statement?
// Annotated as a finding on the defer line.
//
//spmd:kernel
func IncrementDeferSync(l spmd.Lane, data []int) {
	defer l.Barrier() // EXPECT
	i := l.Index()
	if i >= len(data) {
		return
	}
	data[i]++
}
