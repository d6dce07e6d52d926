// Package sortk holds sorting and merging kernels: bitonic networks in shared memory
// and in registers, radix sort passes, merge path, odd-even transposition.
package sortk

import (
	"cmp"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round12/apps/gpu"
	"github.com/spmdvet/spmdvet/spmd"
)

// BitonicSort sorts a (one element per lane, Count a power of two) ascending in place
// with a bitonic network in shared memory.
//
//spmd:kernel
func BitonicSort[T cmp.Ordered](l spmd.Lane, a []T) {
	i, n := l.Index(), l.Count()
	for k := 2; k <= n; k <<= 1 {
		for j := k >> 1; j > 0; j >>= 1 {
			if p := i ^ j; p > i {
				asc := i&k == 0
				if (a[i] > a[p]) == asc {
					a[i], a[p] = a[p], a[i]
				}
			}
			l.Barrier()
		}
	}
}

// BitonicSortPairs is BitonicSort where the compare-exchange owner syncs right after its
// exchange.
//
//spmd:kernel
func BitonicSortPairs[T cmp.Ordered](l spmd.Lane, a []T) {
	i, n := l.Index(), l.Count()
	for k := 2; k <= n; k <<= 1 {
		for j := k >> 1; j > 0; j >>= 1 {
			if p := i ^ j; p > i {
				asc := i&k == 0
				if (a[i] > a[p]) == asc {
					a[i], a[p] = a[p], a[i]
				}
				l.Barrier() // EXPECT
			}
		}
	}
}

// WarpBitonic sorts a (one element per lane, Count a power of two) in registers with
// xor-shuffles.
//
//spmd:kernel
func WarpBitonic(l spmd.Lane, a []int32) {
	i, n := l.Index(), l.Count()
	v := a[i]
	for k := 2; k <= n; k <<= 1 {
		for j := k >> 1; j > 0; j >>= 1 {
			o := spmd.ShuffleXor(l, v, j)
			if (i&j == 0) == (i&k == 0) {
				v = min(v, o)
			} else {
				v = max(v, o)
			}
		}
	}
	a[i] = v
}

// WarpBitonicN sorts the first n elements of a in registers; lanes at or past n are
// padding.
//
//spmd:kernel
func WarpBitonicN(l spmd.Lane, a []int32, n int) {
	i := l.Index()
	if i >= n {
		return
	}
	v := a[i]
	for k := 2; k <= l.Count(); k <<= 1 {
		for j := k >> 1; j > 0; j >>= 1 {
			o := spmd.ShuffleXor(l, v, j) // EXPECT
			if (i&j == 0) == (i&k == 0) {
				v = min(v, o)
			} else {
				v = max(v, o)
			}
		}
	}
	a[i] = v
}

// RadixSplit sorts keys (one per lane) by their low nbits bits with one stable split per
// bit; tmp has Count elements.
//
//spmd:kernel
func RadixSplit(l spmd.Lane, keys, tmp []uint32, nbits int) {
	i := l.Index()
	for b := range nbits {
		k := keys[i]
		one := int(k>>b) & 1
		zero := 1 - one
		zeros := spmd.ReduceAdd(l, zero)
		zeroPos := spmd.ExclusiveAdd(l, zero)
		onePos := spmd.ExclusiveAdd(l, one)
		dst := zeroPos
		if one == 1 {
			dst = zeros + onePos
		}
		tmp[dst] = k
		l.Barrier()
		keys[i] = tmp[i]
		l.Barrier()
	}
}

// RadixSplitBranchy is RadixSplit with the scan for the destination taken in each arm.
//
//spmd:kernel
func RadixSplitBranchy(l spmd.Lane, keys, tmp []uint32, nbits int) {
	i := l.Index()
	for b := range nbits {
		k := keys[i]
		one := int(k>>b) & 1
		zeros := spmd.ReduceAdd(l, 1-one)
		var dst int
		if one == 0 {
			dst = spmd.ExclusiveAdd(l, 1) // EXPECT
		} else {
			dst = zeros + spmd.ExclusiveAdd(l, 1) // EXPECT
		}
		tmp[dst] = k
		l.Barrier()
		keys[i] = tmp[i]
		l.Barrier()
	}
}

// RadixPass is one stable LSD pass on the 4-bit digit at shift: each lane counts the
// digits of its contiguous segment, and offsets come from reductions and scans over the
// 16 buckets.
//
//spmd:kernel
func RadixPass(l spmd.Lane, keys, out []uint32, shift uint) {
	seg := gpu.CeilDiv(len(keys), l.Count())
	lo := min(l.Index()*seg, len(keys))
	hi := min(lo+seg, len(keys))
	var cnt [16]int
	for _, k := range keys[lo:hi] {
		cnt[k>>shift&15]++
	}
	var totals [16]int
	for d := range 16 {
		totals[d] = spmd.ReduceAdd(l, cnt[d])
	}
	var next [16]int
	start := 0
	for d := range 16 {
		if totals[d] == 0 {
			continue // empty bucket in the whole block
		}
		next[d] = start + spmd.ExclusiveAdd(l, cnt[d])
		start += totals[d]
	}
	for _, k := range keys[lo:hi] {
		d := k >> shift & 15
		out[next[d]] = k
		next[d]++
	}
}

// RadixPassSkipEmpty is RadixPass that skips the buckets the lane itself has no key in.
//
//spmd:kernel
func RadixPassSkipEmpty(l spmd.Lane, keys, out []uint32, shift uint) {
	seg := gpu.CeilDiv(len(keys), l.Count())
	lo := min(l.Index()*seg, len(keys))
	hi := min(lo+seg, len(keys))
	var cnt [16]int
	for _, k := range keys[lo:hi] {
		cnt[k>>shift&15]++
	}
	var next [16]int
	start := 0
	for d := range 16 {
		total := spmd.ReduceAdd(l, cnt[d])
		if cnt[d] == 0 {
			start += total
			continue // no key of mine in this bucket
		}
		next[d] = start + spmd.ExclusiveAdd(l, cnt[d]) // EXPECT
		start += total
	}
	for _, k := range keys[lo:hi] {
		d := k >> shift & 15
		out[next[d]] = k
		next[d]++
	}
}

// mergePathSearch returns how many elements of a are among the first diag elements of
// the stable merge of a and b.
func mergePathSearch(a, b []int, diag int) int {
	lo, hi := max(0, diag-len(b)), min(diag, len(a))
	for lo < hi {
		mid := (lo + hi) / 2
		if a[mid] <= b[diag-mid-1] {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// Merge merges the sorted a and b into out with merge path: lane i produces a
// contiguous segment of out. Then it checks the seams between segments and writes the
// verdict to *ok.
//
//spmd:kernel
func Merge(l spmd.Lane, a, b, out []int, ok *bool) {
	total := len(a) + len(b)
	seg := gpu.CeilDiv(total, l.Count())
	diag := min(l.Index()*seg, total)
	end := min(diag+seg, total)
	ai := mergePathSearch(a, b, diag)
	bi := diag - ai
	for k := diag; k < end; k++ {
		if bi >= len(b) || (ai < len(a) && a[ai] <= b[bi]) {
			out[k] = a[ai]
			ai++
		} else {
			out[k] = b[bi]
			bi++
		}
	}
	l.Barrier()
	seamOK := end == 0 || end >= total || out[end-1] <= out[end]
	if spmd.All(l, seamOK) && l.Index() == 0 {
		*ok = true
	}
}

// MergeLockstep is Merge with the merge-path binary search written inline, the lanes
// kept in lock-step during the search.
//
//spmd:kernel
func MergeLockstep(l spmd.Lane, a, b, out []int) {
	total := len(a) + len(b)
	seg := gpu.CeilDiv(total, l.Count())
	diag := min(l.Index()*seg, total)
	end := min(diag+seg, total)
	lo, hi := max(0, diag-len(b)), min(diag, len(a))
	for lo < hi {
		mid := (lo + hi) / 2
		if a[mid] <= b[diag-mid-1] {
			lo = mid + 1
		} else {
			hi = mid
		}
		l.Barrier() // EXPECT
	}
	ai, bi := lo, diag-lo
	for k := diag; k < end; k++ {
		if bi >= len(b) || (ai < len(a) && a[ai] <= b[bi]) {
			out[k] = a[ai]
			ai++
		} else {
			out[k] = b[bi]
			bi++
		}
	}
}

// OddEvenSort sorts a (two elements per lane) by odd-even transposition, stopping once an
// even and an odd phase in a row made no swap.
//
//spmd:kernel
func OddEvenSort(l spmd.Lane, a []int) {
	i := l.Index()
	quiet := 0
	for phase := 0; quiet < 2; phase++ {
		swapped := false
		if j := 2*i + phase%2; j+1 < len(a) && a[j] > a[j+1] {
			a[j], a[j+1] = a[j+1], a[j]
			swapped = true
		}
		l.Barrier()
		if spmd.Any(l, swapped) {
			quiet = 0
		} else {
			quiet++
		}
	}
}

// OddEvenSortOwned sorts a (one element per lane) by odd-even transposition; in each
// phase the lower lane of a pair does the exchange.
//
//spmd:kernel
func OddEvenSortOwned(l spmd.Lane, a []int) {
	i, n := l.Index(), l.Count()
	for phase := range n {
		if i%2 == phase%2 {
			if i+1 < n && a[i] > a[i+1] {
				a[i], a[i+1] = a[i+1], a[i]
			}
			l.Barrier() // EXPECT
		} else {
			l.Barrier() // EXPECT
		}
	}
}
