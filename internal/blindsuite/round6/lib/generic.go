package lib

import "github.com/spmdvet/spmdvet/spmd"

// GReduce runs a barrier, then adds v up over the lanes.
func GReduce[T spmd.Number](l spmd.Lane, v T) T {
	l.Barrier()
	return spmd.ReduceAdd(l, v)
}

// GSyncEq runs a barrier when a == b: both must be uniform.
func GSyncEq[T comparable](l spmd.Lane, a, b T) {
	if a == b {
		l.Barrier()
	}
}

// GSync is a barrier, by its directive only.
//
//spmd:convergent barrier
func GSync[T any](l spmd.Lane, v T) T {
	barrierImpl(l)
	return v
}

// GID is a lane-ID function, by its directive only.
//
//spmd:laneid
func GID[T any](l spmd.Lane, _ T) int {
	return idImpl(l)
}

// GBucket is uniform by its directive: 0 for lane-sized inputs.
//
//spmd:uniform
func GBucket[T spmd.Number](v T) int {
	return int(v) / 1024
}

// GHalf has no directive.
func GHalf[T spmd.Number](v T) int {
	return int(v) / 2
}

// Acc accumulates a per-lane value and combines it over the lanes.
type Acc[T spmd.Number] struct {
	Sum T
}

// Flush adds up Sum over the lanes: a collective.
func (a *Acc[T]) Flush(l spmd.Lane) T {
	return spmd.ReduceAdd(l, a.Sum)
}

// Bar is a barrier object.
type Bar[T any] struct {
	V T
}

// Wait is a barrier, by its directive only.
//
//spmd:convergent barrier
func (b *Bar[T]) Wait(l spmd.Lane) {
	barrierImpl(l)
}
