// Package scan holds prefix sums and stream compaction.
package scan

import (
	"math/bits"

	"github.com/spmdvet/spmdvet/spmd"
)

// InclusiveHS is the Hillis-Steele inclusive scan over one element per lane,
// in shared memory: read, barrier, write, barrier.
//
//spmd:kernel
func InclusiveHS(l spmd.Lane, data, sh []int) {
	tid := l.Index()
	n := l.Count()
	sh[tid] = data[tid]
	l.Barrier()
	for off := 1; off < n; off <<= 1 {
		t := sh[tid]
		if tid >= off {
			t += sh[tid-off]
		}
		l.Barrier()
		sh[tid] = t
		l.Barrier()
	}
	data[tid] = sh[tid]
}

// InclusiveHSInPlace avoids the temporary by letting only the lanes that add
// wait between their read and their write.
//
//spmd:kernel
func InclusiveHSInPlace(l spmd.Lane, data, sh []int) {
	tid := l.Index()
	n := l.Count()
	sh[tid] = data[tid]
	l.Barrier()
	for off := 1; off < n; off <<= 1 {
		if tid >= off {
			t := sh[tid-off]
			l.Barrier() // EXPECT
			sh[tid] += t
		}
		l.Barrier()
	}
	data[tid] = sh[tid]
}

// ExclusiveBlelloch is the work-efficient scan of GPU Gems 3 ch. 39: two
// elements per lane, up-sweep then down-sweep, the tree level given by d.
// 2*Count must be a power of two and len(data) == len(sh) == 2*Count.
//
//spmd:kernel
func ExclusiveBlelloch(l spmd.Lane, data, sh []int) {
	tid := l.Index()
	n := 2 * l.Count()
	sh[2*tid] = data[2*tid]
	sh[2*tid+1] = data[2*tid+1]
	for d := n >> 1; d > 0; d >>= 1 {
		l.Barrier()
		if tid < d {
			off := n / (2 * d)
			ai := off*(2*tid+1) - 1
			bi := off*(2*tid+2) - 1
			sh[bi] += sh[ai]
		}
	}
	if tid == 0 {
		sh[n-1] = 0
	}
	for d := 1; d < n; d <<= 1 {
		l.Barrier()
		if tid < d {
			off := n / (2 * d)
			ai := off*(2*tid+1) - 1
			bi := off*(2*tid+2) - 1
			t := sh[ai]
			sh[ai] = sh[bi]
			sh[bi] += t
		}
	}
	l.Barrier()
	data[2*tid] = sh[2*tid]
	data[2*tid+1] = sh[2*tid+1]
}

// ExclusiveBlellochIdleExit lets the lanes that have no work left in the
// up-sweep leave the loop early: the activity test moved into the loop
// condition.
//
//spmd:kernel
func ExclusiveBlellochIdleExit(l spmd.Lane, data, sh []int) {
	tid := l.Index()
	n := 2 * l.Count()
	sh[2*tid] = data[2*tid]
	sh[2*tid+1] = data[2*tid+1]
	for d := n >> 1; tid < d; d >>= 1 {
		l.Barrier() // EXPECT
		off := n / (2 * d)
		ai := off*(2*tid+1) - 1
		bi := off*(2*tid+2) - 1
		sh[bi] += sh[ai]
	}
	if tid == 0 {
		sh[n-1] = 0
	}
	for d := 1; d < n; d <<= 1 {
		l.Barrier()
		if tid < d {
			off := n / (2 * d)
			ai := off*(2*tid+1) - 1
			bi := off*(2*tid+2) - 1
			t := sh[ai]
			sh[ai] = sh[bi]
			sh[bi] += t
		}
	}
	l.Barrier()
	data[2*tid] = sh[2*tid]
	data[2*tid+1] = sh[2*tid+1]
}

// CompactPositive copies the positive elements of in to out, keeping their
// order, one Count-wide tile at a time, and stores the count in outLen[0].
// Tiles without a survivor are skipped on the uniform ballot.
// Count must be at most 64.
//
//spmd:kernel
func CompactPositive(l spmd.Lane, in, out []int32, outLen []int) {
	tid := l.Index()
	n := l.Count()
	total := 0
tiles:
	for base := 0; base < len(in); base += n {
		i := base + tid
		keep := i < len(in) && in[i] > 0
		mask := spmd.Ballot(l, keep)
		if mask == 0 {
			continue tiles
		}
		one := 0
		if keep {
			one = 1
		}
		off := spmd.ExclusiveAdd(l, one)
		if keep {
			out[total+off] = in[i]
		}
		total += bits.OnesCount64(mask)
	}
	if tid == 0 {
		outLen[0] = total
	}
}

// CompactPositiveTail stops the tile loop per lane at the end of the input.
//
//spmd:kernel
func CompactPositiveTail(l spmd.Lane, in, out []int32, outLen []int) {
	tid := l.Index()
	n := l.Count()
	total := 0
	for base := 0; ; base += n {
		i := base + tid
		if i >= len(in) {
			break
		}
		keep := in[i] > 0
		mask := spmd.Ballot(l, keep) // EXPECT
		one := 0
		if keep {
			one = 1
		}
		off := spmd.ExclusiveAdd(l, one) // EXPECT
		if keep {
			out[total+off] = in[i]
		}
		total += bits.OnesCount64(mask)
	}
	if tid == 0 {
		outLen[0] = total
	}
}
