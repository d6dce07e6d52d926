// Package ambig holds kernels where the spec (issue sections 1-3) and the
// runtime, or the spec and itself, leave the answer open. Each kernel says
// which question it asks and how it is annotated.
package ambig

import (
	"math"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round7/coop"
	"github.com/spmdvet/spmdvet/spmd"
)

// SoftmaxWarp is a warp softmax: a xor-butterfly max (every lane ends with
// the same, exact maximum), an early exit for a fully masked (-Inf) row, then
// the sum of exponentials.
//
// Question: the spec says ShuffleXor's "result divergent", so mx, and the
// branch on it, are divergent, and the ReduceAdd after the early return is
// under divergent control: annotated as a finding. But at run time a butterfly of
// max leaves bitwise identical values in all lanes, so spmd.Run can never show
// the divergence (the test asserts nil). A spec-following checker must report
// it; the report is a true positive only "statically".
//
//spmd:kernel
func SoftmaxWarp(l spmd.Lane, x, out []float64) {
	tid := l.Index()
	mx := x[tid]
	for m := l.Count() / 2; m > 0; m >>= 1 {
		mx = max(mx, spmd.ShuffleXor(l, mx, m))
	}
	if math.IsInf(mx, -1) {
		out[tid] = 0
		return
	}
	e := math.Exp(x[tid] - mx)
	sum := spmd.ReduceAdd(l, e) // EXPECT
	out[tid] = e / sum
}

// ScaleIfNonzeroHelper is apps.ScaleIfNonzero with the helper that carries no
// //spmd:uniform directive.
//
// Question: coop.BlockSum returns sh[0] read after its last barrier, so the
// result is uniform at run time (the test asserts nil). The spmd package doc
// says "A function with neither a result directive nor //spmd:laneid has
// divergent results exactly when some argument is divergent", and in[tid] is
// divergent, so by the documented rule s is divergent and the Barrier after
// the early return is under divergent control: annotated as a finding, although no
// input can make Run fail.
//
//spmd:kernel
func ScaleIfNonzeroHelper(l spmd.Lane, in, out, sh []float64) {
	tid := l.Index()
	s := coop.BlockSum(l, sh, in[tid])
	if s == 0 {
		return
	}
	l.Barrier() // EXPECT
	out[tid] = in[tid] / s
}

// ScatterChecked asserts that out is large enough before the shared-memory
// phase, Go style, with a panic in the lanes that would write out of range.
//
// Question: is a lane-dependent panic a divergent exit ("returned early")
// that puts the Barrier under divergent control? The spec lists "returned
// early, broke out, left a loop"; a panic aborts the whole group at run time
// (Run returns a *PanicError, not a *DivergenceError), like a CUDA trap.
// Annotated with no finding: the assertion is not a divergence.
//
//spmd:kernel
func ScatterChecked(l spmd.Lane, in, out, sh []float64) {
	tid := l.Index()
	if tid >= len(out) {
		panic("ScatterChecked: out too short")
	}
	sh[tid] = in[tid]
	l.Barrier()
	out[tid] = sh[l.Count()-1-tid]
}

// laneState is per-lane state with one divergent and one uniform field.
type laneState struct {
	val    float64
	rounds int
}

// Smooth keeps its per-lane state in a local struct: val is divergent, rounds
// is a kernel parameter (uniform). Each round pulls val half-way to the mean.
//
// Question: the spec's memory rule ("A load is divergent if any store to that
// memory stores a divergent value") does not say whether "that memory" is the
// whole Alloc or the field. Field-precise: st.rounds is uniform and the loop
// is fine; per-Alloc: the ReduceAdd is in a divergent loop. At run time every
// lane runs the same number of rounds. Annotated with no finding.
//
//spmd:kernel
func Smooth(l spmd.Lane, x []float64, rounds int, out []float64) {
	var st laneState
	st.rounds = rounds
	st.val = x[l.Index()]
	for r := 0; r < st.rounds; r++ {
		mean := spmd.ReduceAdd(l, st.val) / float64(l.Count())
		st.val = 0.5 * (st.val + mean)
	}
	out[l.Index()] = st.val
}

// WeightedSum ranges over a map of feature weights and reduces each feature
// across the lanes.
//
// Question: the spec makes the keys and values of a map range divergent
// (per-lane iteration order), but every lane runs the same number of
// iterations. Is the range loop itself divergent control? Annotated with no
// finding (no divergence at run time: same site, same count; the test asserts
// nil), although the kernel is wrong in another way: lanes reduce different
// features in the same iteration.
//
//spmd:kernel
func WeightedSum(l spmd.Lane, feats map[string][]float64, w map[string]float64, out []float64) {
	var acc float64
	for name, wt := range w {
		acc += wt * spmd.ReduceAdd(l, feats[name][l.Index()])
	}
	out[l.Index()] = acc
}
