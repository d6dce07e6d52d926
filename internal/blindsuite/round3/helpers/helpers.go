// Package helpers holds block-level building blocks (reductions, scans,
// iterators) shared by the good/ and bad/ kernels. None of the functions
// here is buggy by itself: whether a call is correct depends on the caller.
package helpers

import (
	"iter"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round3/prim"
	"github.com/spmdvet/spmdvet/spmd"
)

// BlockReduce sums v over the lanes of the block through the scratch slice
// sh (len(sh) >= l.Count()), the classic shared-memory tree reduction. When
// sh is memory all lanes share, the result is the same in every lane.
func BlockReduce(l spmd.Lane, sh []int, v int) int {
	tid := l.Index()
	n := l.Count()
	sh[tid] = v
	prim.Sync(l)
	for s := prim.Pow2Ceil(n) / 2; s > 0; s /= 2 {
		if tid < s && tid+s < n {
			sh[tid] += sh[tid+s]
		}
		l.Barrier()
	}
	total := sh[0]
	l.Barrier() // sh may be reused by the caller after this
	return total
}

// BlockScan computes the exclusive prefix sum of v over the lanes and the
// block total with a Hillis-Steele scan in sh (len(sh) >= l.Count()).
func BlockScan(l spmd.Lane, sh []int, v int) (excl, total int) {
	tid, n := l.Index(), l.Count()
	sh[tid] = v
	l.Barrier()
	for off := 1; off < n; off *= 2 {
		add := 0
		if tid >= off {
			add = sh[tid-off]
		}
		l.Barrier()
		sh[tid] += add
		l.Barrier()
	}
	incl := sh[tid]
	total = sh[n-1]
	l.Barrier()
	return incl - v, total
}

// Reduce folds v over the lanes with op through the shared scratch sh.
func Reduce[T spmd.Number](l spmd.Lane, sh []T, v T, op func(a, b T) T) T {
	tid, n := l.Index(), l.Count()
	sh[tid] = v
	l.Barrier()
	for s := prim.Pow2Ceil(n) / 2; s > 0; s >>= 1 {
		if tid < s && tid+s < n {
			sh[tid] = op(sh[tid], sh[tid+s])
		}
		l.Barrier()
	}
	r := sh[0]
	l.Barrier()
	return r
}

// Reducer owns a block's float scratch buffer.
type Reducer struct {
	Scratch []float64
	Calls   int // how many reductions ran; written by lane 0 only
}

// Sum returns the block-wide sum of v.
func (r *Reducer) Sum(l spmd.Lane, v float64) float64 {
	tid := l.Index()
	r.Scratch[tid] = v
	l.Barrier()
	if tid == 0 {
		s := 0.0
		for _, x := range r.Scratch[:l.Count()] {
			s += x
		}
		r.Scratch[0] = s
		r.Calls++
	}
	l.Barrier()
	s := r.Scratch[0]
	l.Barrier()
	return s
}

// Publish stores this lane's value in sh and makes every lane's value
// visible to all.
func Publish(l spmd.Lane, sh []int, v int) {
	sh[l.Index()] = v
	l.Barrier()
}

// Normalize returns v scaled to parts per thousand of the block total.
func Normalize(l spmd.Lane, sh []int, v int) int {
	t := BlockReduce(l, sh, v)
	if t == 0 {
		return 0
	}
	return v * 1000 / t
}

// Levels runs the remaining levels of a tree reduction recursively,
// starting at stride s. s must be the same in every lane.
func Levels(l spmd.Lane, sh []int, s int) {
	if s == 0 {
		return
	}
	if tid := l.Index(); tid < s {
		sh[tid] += sh[tid+s]
	}
	l.Barrier()
	Levels(l, sh, s/2)
}

// ComputeRounds stores in *dst how many rounds cnt lanes need for n items.
func ComputeRounds(dst *int, n, cnt int) {
	*dst = (n + cnt - 1) / cnt
}

// LocalCount stores in *dst the length of CSR row row.
func LocalCount(dst *int, offsets []int, row int) {
	*dst = offsets[row+1] - offsets[row]
}

// RowLen returns the length of CSR row row.
func RowLen(offsets []int, row int) int {
	return offsets[row+1] - offsets[row]
}

// MustInRange panics unless 0 <= i < n.
func MustInRange(i, n int) {
	if i < 0 || i >= n {
		panic("index out of range")
	}
}

// Tiles yields the tile numbers 0, 1, ... covering n items in tiles of
// size tile.
func Tiles(n, tile int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for t := 0; t*tile < n; t++ {
			if !yield(t) {
				return
			}
		}
	}
}

// StrideIter walks a grid-stride loop: lane i visits i, i+step, ...
type StrideIter struct {
	pos, end, step int
}

// NewStride returns the grid-stride iterator of lane l over n items.
func NewStride(l spmd.Lane, n int) StrideIter {
	return StrideIter{pos: l.Index(), end: n, step: l.Count()}
}

// Next returns the next index, or false when the lane is done.
func (it *StrideIter) Next() (int, bool) {
	if it.pos >= it.end {
		return 0, false
	}
	v := it.pos
	it.pos += it.step
	return v, true
}

// Rounds counts K = 0 .. N-1, the rounds of a block-synchronous loop.
type Rounds struct {
	K, N int
}

// Next advances to the next round and reports whether there is one.
func (r *Rounds) Next() bool {
	if r.K >= r.N {
		return false
	}
	r.K++
	return true
}
