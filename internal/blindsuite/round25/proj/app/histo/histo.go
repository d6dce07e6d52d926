// Package histo computes histograms of sensor readings on the group.
package histo

import (
	"math/bits"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// Bins is a histogram of len(Counts) bins of Width starting at Lo.
type Bins struct {
	Lo, Width float64
	Counts    []int32
}

func (b *Bins) bin(x float64) int {
	k := int((x - b.Lo) / b.Width)
	return min(max(k, 0), len(b.Counts)-1)
}

// Fill counts xs into b.Counts with atomic adds.
// kernel(ok): strided loop, one barrier after it.
//
//spmd:kernel
func (b *Bins) Fill(l spmd.Lane, xs []float64) {
	for i := l.Index(); i < len(xs); i += l.Count() {
		atomic.AddInt32(&b.Counts[b.bin(xs[i])], 1)
	}
	l.Barrier()
}

// FillStaged keeps the lanes in step while they count.
// kernel(bug): the barrier is inside the strided loop.
//
//spmd:kernel
func (b *Bins) FillStaged(l spmd.Lane, xs []float64) {
	for i := l.Index(); i < len(xs); i += l.Count() {
		atomic.AddInt32(&b.Counts[b.bin(xs[i])], 1)
		l.Barrier() // EXPECT
	}
}

// Private counts into a private histogram of 8 bins per lane, then merges.
// kernel(ok): the merge loop runs over all bins in every lane.
//
//spmd:kernel
func Private(l spmd.Lane, keys []uint8, out []int) {
	var priv [8]int
	for i := l.Index(); i < len(keys); i += l.Count() {
		priv[keys[i]%8]++
	}
	for b := range priv {
		s := spmd.ReduceAdd(l, priv[b])
		if l.Index() == 0 {
			out[b] = s
		}
	}
}

// PrivateSkipEmpty saves the reduction of bins that are empty.
// kernel(bug): a per-lane continue before the reduction.
//
//spmd:kernel
func PrivateSkipEmpty(l spmd.Lane, keys []uint8, out []int) {
	var priv [8]int
	for i := l.Index(); i < len(keys); i += l.Count() {
		priv[keys[i]%8]++
	}
	for b := range priv {
		if priv[b] == 0 {
			continue
		}
		s := spmd.ReduceAdd(l, priv[b]) // EXPECT
		if l.Index() == 0 {
			out[b] = s
		}
	}
}

// Mode stores in *out the first bin with the largest count; lane i holds bin i.
// kernel(ok): the index comes from Ballot and Broadcast with a uniform src.
//
//spmd:kernel
func Mode(l spmd.Lane, counts []int, out *int) {
	i := l.Index()
	c := counts[i]
	m := spmd.ReduceMax(l, c)
	mask := spmd.Ballot(l, c == m)
	first := bits.TrailingZeros64(mask)
	idx := spmd.Broadcast(l, i, first)
	if counts[idx] > 0 {
		l.Barrier()
		if i == 0 {
			*out = idx
		}
	}
}

// ModeEach lets the lanes holding the maximum agree on the first of them.
// kernel(bug): BroadcastFirst runs only in the lanes holding the maximum.
//
//spmd:kernel
func ModeEach(l spmd.Lane, counts []int, out *int) {
	i := l.Index()
	c := counts[i]
	m := spmd.ReduceMax(l, c)
	if c == m {
		idx := spmd.BroadcastFirst(l, i) // EXPECT
		*out = idx
	}
}

// Equalize writes the cumulative distribution scaled to 0..255; lane i holds bin i.
// kernel(ok): InclusiveAdd and ReduceAdd are reached by every lane.
//
//spmd:kernel
func Equalize(l spmd.Lane, counts []int, cdf []int) {
	c := counts[l.Index()]
	incl := spmd.InclusiveAdd(l, c)
	total := spmd.ReduceAdd(l, c)
	if total > 0 {
		cdf[l.Index()] = incl * 255 / total
	}
	l.Barrier()
}

// EqualizeNonEmpty only computes the total where the prefix is non-zero.
// kernel(bug): the prefix is divergent, the reduction runs under it.
//
//spmd:kernel
func EqualizeNonEmpty(l spmd.Lane, counts []int, cdf []int) {
	c := counts[l.Index()]
	incl := spmd.InclusiveAdd(l, c)
	if incl > 0 {
		total := spmd.ReduceAdd(l, c) // EXPECT
		cdf[l.Index()] = incl * 255 / total
	}
}

// Flag marks bins with a count if no bin has overflowed.
// kernel(ok): All runs first, in every lane.
//
//spmd:kernel
func Flag(l spmd.Lane, counts []int, flags []bool) {
	c := counts[l.Index()]
	if spmd.All(l, c < 100) && c > 0 {
		flags[l.Index()] = true
	}
}

// FlagNonEmpty is Flag with the operands of && swapped.
// kernel(bug): All runs on the right of a per-lane test.
//
//spmd:kernel
func FlagNonEmpty(l spmd.Lane, counts []int, flags []bool) {
	c := counts[l.Index()]
	if c > 0 && spmd.All(l, c < 100) { // EXPECT
		flags[l.Index()] = true
	}
}
