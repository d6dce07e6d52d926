// Package dev is a small "device library" for SPMD kernels: ids, collective
// wrappers, block-level reductions over shared scratch, tiles, generic
// per-lane containers and iterators. Everything here is correct when called
// with uniform control and, where documented, uniform arguments.
package dev

import (
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
)

// Number is the element type of the arithmetic helpers.
type Number interface {
	~int | ~int32 | ~int64 | ~float32 | ~float64
}

// GlobalID returns the global thread id of lane l in block number block,
// blocks being l.Count() lanes wide.
//
//spmd:laneid
func GlobalID(l spmd.Lane, block int) int {
	return block*l.Count() + l.Index()
}

// Sync is a named barrier wrapper, as a GPU port would write __syncthreads.
//
//spmd:convergent barrier
func Sync(l spmd.Lane) {
	l.Barrier()
}

// SyncN waits at n barriers in a row: n phases with nothing to do. n must be
// the same in every lane.
func SyncN(l spmd.Lane, n int) {
	for i := 0; i < n; i++ {
		l.Barrier()
	}
}

// WarpSum adds up v over the group with a butterfly of ShuffleXor; every
// lane ends with the same total. The group size must be a power of two.
//
//spmd:convergent
//spmd:uniform
func WarpSum(l spmd.Lane, v int) int {
	for m := 1; m < l.Count(); m <<= 1 {
		v += spmd.ShuffleXor(l, v, m)
	}
	return v
}

// Butterfly is WarpSum without the directives: the checker has to work out
// on its own that it reaches a collective.
func Butterfly(l spmd.Lane, v float64) float64 {
	for m := 1; m < l.Count(); m <<= 1 {
		v += spmd.ShuffleXor(l, v, m)
	}
	return v
}

// AnyPositive reports whether v > 0 in some lane.
func AnyPositive(l spmd.Lane, v float64) bool {
	return spmd.Any(l, v > 0)
}

// ScaledSum returns the sum over lanes of v*scale. v is per-lane data.
func ScaledSum(l spmd.Lane, v, scale float64) float64 {
	return spmd.ReduceAdd(l, v*scale)
}

// ClampStore stores into out[l.Index()] how far v lies below the group's
// maximum, and leaves out alone in lanes with a negative v. The collective
// comes first; the lane-dependent return is after it.
func ClampStore(l spmd.Lane, out []int, v int) {
	m := spmd.ReduceMax(l, v)
	if v < 0 {
		return
	}
	out[l.Index()] = m - v
}

// CheckedSync panics in a lane whose v is negative (a broken precondition,
// which brings the kernel down) and otherwise waits at a barrier.
func CheckedSync(l spmd.Lane, v int) {
	if v < 0 {
		panic("dev: negative value in CheckedSync")
	}
	l.Barrier()
}

// foldStep is one level of a tree reduction over buf: lanes below s add in
// the element s further on. Everyone then waits.
func foldStep[T Number](l spmd.Lane, buf []T, s int) {
	if tid := l.Index(); tid < s {
		buf[tid] += buf[tid+s]
	}
	l.Barrier()
}

// TreeReduce stores v at scratch[l.Index()] and sums scratch[:l.Count()] in
// place with a tree of uniform strides (the group size must be a power of
// two). scratch must be shared by all lanes; the result is scratch[0].
func TreeReduce[T Number](l spmd.Lane, scratch []T, v T) T {
	scratch[l.Index()] = v
	l.Barrier()
	for s := l.Count() / 2; s > 0; s >>= 1 {
		foldStep(l, scratch, s)
	}
	return scratch[0]
}

// Scratch is block-shared memory: a buffer and a flag word.
type Scratch struct {
	Buf  []int
	Flag int
}

// NewScratch allocates scratch for a block of n lanes.
func NewScratch(n int) *Scratch {
	return &Scratch{Buf: make([]int, n)}
}

// BlockSum sums v over the block through sc. It waits at a barrier before
// returning so that sc can be reused right away.
func BlockSum(l spmd.Lane, sc *Scratch, v int) int {
	s := TreeReduce(l, sc.Buf, v)
	l.Barrier()
	return s
}

// Publish lets lane 0 store v into st[0] and returns that value in every
// lane once it is visible. A positive value takes one more phase. st must be
// shared memory.
func Publish(l spmd.Lane, st []int, v int) int {
	if l.Index() == 0 {
		st[0] = v
	}
	l.Barrier()
	r := st[0]
	if r > 0 {
		l.Barrier()
	}
	return r
}

// RecReduce folds buf[:2s] into buf[:s], then recursively down to buf[0].
// s must be uniform (and a power of two, or zero).
func RecReduce(l spmd.Lane, buf []float64, s int) {
	if s == 0 {
		return
	}
	foldStep(l, buf, s)
	RecReduce(l, buf, s/2)
}

// BlockReduce combines v over the block with op through shared scratch.
func BlockReduce[T Number](l spmd.Lane, scratch []T, v T, op func(a, b T) T) T {
	tid := l.Index()
	scratch[tid] = v
	l.Barrier()
	for s := l.Count() / 2; s > 0; s /= 2 {
		if tid < s {
			scratch[tid] = op(scratch[tid], scratch[tid+s])
		}
		l.Barrier()
	}
	r := scratch[0]
	l.Barrier()
	return r
}

// Repeat calls f n times.
func Repeat(n int, f func()) {
	for i := 0; i < n; i++ {
		f()
	}
}

// Seq yields 0, 1, ..., n-1.
func Seq(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

// Strided yields start, start+step, ... below end: the grid-stride loop.
func Strided(start, end, step int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := start; i < end; i += step {
			if !yield(i) {
				return
			}
		}
	}
}

// Tiles yields, for each tile of width w covering [0, n), its number and
// its first element.
func Tiles(n, w int) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for t := 0; t*w < n; t++ {
			if !yield(t, t*w) {
				return
			}
		}
	}
}
