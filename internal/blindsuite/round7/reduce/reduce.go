// Package reduce holds block- and warp-level reductions ported from CUDA.
package reduce

import (
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

// TreeReduce is the classic shared-memory tree reduction (CUDA sample
// "reduction", kernel 3): a grid-stride accumulation into a register, then a
// halving loop over a shared scratch slice with a barrier after every step.
// Count must be a power of two and len(sh) >= Count.
//
//spmd:kernel
func TreeReduce(l spmd.Lane, in, sh, out []float64) {
	tid := l.Index()
	n := l.Count()
	var acc float64
	for i := tid; i < len(in); i += n {
		acc += in[i]
	}
	sh[tid] = acc
	l.Barrier()
	for s := n / 2; s > 0; s >>= 1 {
		if tid < s {
			sh[tid] += sh[tid+s]
		}
		l.Barrier()
	}
	if tid == 0 {
		out[0] = sh[0]
	}
}

// TreeReduceSyncInIf is TreeReduce with the barrier moved into the active
// branch, "since only the active threads touch shared memory".
//
//spmd:kernel
func TreeReduceSyncInIf(l spmd.Lane, in, sh, out []float64) {
	tid := l.Index()
	n := l.Count()
	var acc float64
	for i := tid; i < len(in); i += n {
		acc += in[i]
	}
	sh[tid] = acc
	l.Barrier()
	for s := n / 2; s > 0; s >>= 1 {
		if tid < s {
			sh[tid] += sh[tid+s]
			l.Barrier() // EXPECT
		}
	}
	if tid == 0 {
		out[0] = sh[0]
	}
}

// WarpSumXor is the butterfly (xor) warp reduction: after log2(Count)
// exchanges every lane holds the total. Count must be a power of two.
//
//spmd:kernel
func WarpSumXor(l spmd.Lane, in []int, out []int) {
	v := in[l.Index()]
	for m := l.Count() / 2; m > 0; m >>= 1 {
		v += spmd.ShuffleXor(l, v, m)
	}
	out[l.Index()] = v
}

// WarpSumXorAnySize tries to support groups whose size is not a power of two
// by stopping as soon as the xor partner does not exist.
//
//spmd:kernel
func WarpSumXorAnySize(l spmd.Lane, in []int, out []int) {
	tid := l.Index()
	n := l.Count()
	v := in[tid]
	for m := 1; m < n; m <<= 1 {
		if tid^m >= n {
			break
		}
		v += spmd.ShuffleXor(l, v, m) // EXPECT
	}
	out[tid] = v
}

// NormalizeShflDown reduces with the __shfl_down_sync pattern (only lane 0
// ends with the total), then skips the normalisation when the sum is zero.
// The test on v is evaluated in every lane, but only lane 0 holds the sum.
//
//spmd:kernel
func NormalizeShflDown(l spmd.Lane, in, out, sh []float64) {
	tid := l.Index()
	n := l.Count()
	v := in[tid]
	for off := n / 2; off > 0; off >>= 1 {
		got := spmd.Shuffle(l, v, min(tid+off, n-1))
		if tid+off < n {
			v += got
		}
	}
	if v == 0 {
		return
	}
	if tid == 0 {
		sh[0] = v
	}
	l.Barrier() // EXPECT
	out[tid] = in[tid] / sh[0]
}

// NormalizeMaxAbs scales a vector so that its largest magnitude is 1; the
// early exit depends on a reduced, uniform value.
//
//spmd:kernel
func NormalizeMaxAbs(l spmd.Lane, in, out []float64) {
	tid := l.Index()
	n := l.Count()
	var m float64
	for i := tid; i < len(in); i += n {
		m = max(m, math.Abs(in[i]))
	}
	big := spmd.ReduceMax(l, m)
	if big == 0 {
		return
	}
	l.Barrier()
	for i := tid; i < len(in); i += n {
		out[i] = in[i] / big
	}
}

// ChunkMaxInLoop computes the maximum of every Count-wide chunk of in, with
// the reduction inside the grid-stride loop.
//
//spmd:kernel
func ChunkMaxInLoop(l spmd.Lane, in []float64, out []float64) {
	for i := l.Index(); i < len(in); i += l.Count() {
		cm := spmd.ReduceMax(l, in[i]) // EXPECT
		if l.Index() == 0 {
			out[i/l.Count()] = cm
		}
	}
}

// MaxAfterLoop is the right way: reduce in registers inside the grid-stride
// loop, and once after it.
//
//spmd:kernel
func MaxAfterLoop(l spmd.Lane, in []float64, out []float64) {
	m := math.Inf(-1)
	for i := l.Index(); i < len(in); i += l.Count() {
		m = max(m, in[i])
	}
	m = spmd.ReduceMax(l, m)
	if l.Index() == 0 {
		out[0] = m
	}
}
