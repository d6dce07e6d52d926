// Package coll wraps spmd collectives in helpers with a Lane parameter. It
// has no kernels of its own.
package coll

import "github.com/spmdvet/spmdvet/spmd"

// Sum returns the sum of v over the group: the same in every lane.
func Sum(l spmd.Lane, v int) int {
	return spmd.ReduceAdd(l, v)
}

// SumInto stores the sum of v over the group into *dst: every lane stores
// the same value.
func SumInto(l spmd.Lane, dst *int, v int) {
	*dst = spmd.ReduceAdd(l, v)
}

// Sync is a barrier behind a helper: calling it is a convergent operation.
func Sync(l spmd.Lane) {
	l.Barrier()
}
