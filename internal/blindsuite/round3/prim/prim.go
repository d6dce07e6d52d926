// Package prim holds low-level synchronisation wrappers, the kind of thing a
// GPU runtime library exposes. They are imported by package helpers, so the
// good/ and bad/ kernels reach them through two package boundaries.
package prim

import "github.com/spmdvet/spmdvet/spmd"

// Sync is a named block-wide barrier (like __syncthreads).
func Sync(l spmd.Lane) {
	l.Barrier()
}

// SyncN runs n block-wide barriers: the number of phases of a pipeline.
// n must be the same in every lane.
func SyncN(l spmd.Lane, n int) {
	for k := 0; k < n; k++ {
		l.Barrier()
	}
}

// SyncIf synchronises the block when flag is set, e.g. only when a buffer
// was actually swapped. flag must be the same in every lane.
func SyncIf(l spmd.Lane, flag bool) {
	if flag {
		l.Barrier()
	}
}

// WarpSum is a butterfly all-reduce in registers. The group size must be a
// power of two.
func WarpSum(l spmd.Lane, v int) int {
	for m := l.Count() / 2; m > 0; m /= 2 {
		v += spmd.ShuffleXor(l, v, m)
	}
	return v
}

// Pow2Ceil returns the least power of two >= n (n >= 1).
func Pow2Ceil(n int) int {
	p := 1
	for p < n {
		p *= 2
	}
	return p
}

// Leader reports whether the calling lane is lane 0.
func Leader(l spmd.Lane) bool {
	return l.Index() == 0
}
