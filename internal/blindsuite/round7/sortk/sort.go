// Package sortk holds bitonic sorting networks and a radix-sort digit pass.
package sortk

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// BitonicShared sorts a (len == Count, a power of two) in place, one element
// per lane, in shared memory: the lower lane of every pair compares and swaps,
// then everyone waits.
//
//spmd:kernel
func BitonicShared(l spmd.Lane, a []int) {
	tid := l.Index()
	n := l.Count()
	for k := 2; k <= n; k <<= 1 {
		for j := k >> 1; j > 0; j >>= 1 {
			ixj := tid ^ j
			if ixj > tid {
				up := tid&k == 0
				if (a[tid] > a[ixj]) == up {
					a[tid], a[ixj] = a[ixj], a[tid]
				}
			}
			l.Barrier()
		}
	}
}

// BitonicSharedSyncInPair only synchronises the lanes that did a
// compare-and-swap.
//
//spmd:kernel
func BitonicSharedSyncInPair(l spmd.Lane, a []int) {
	tid := l.Index()
	n := l.Count()
	for k := 2; k <= n; k <<= 1 {
		for j := k >> 1; j > 0; j >>= 1 {
			ixj := tid ^ j
			if ixj > tid {
				up := tid&k == 0
				if (a[tid] > a[ixj]) == up {
					a[tid], a[ixj] = a[ixj], a[tid]
				}
				l.Barrier() // EXPECT
			}
		}
	}
}

// BitonicRegisters sorts one key per lane without shared memory: each
// compare-exchange step swaps through ShuffleXor and keeps the min or max.
//
//spmd:kernel
func BitonicRegisters(l spmd.Lane, keys []int) {
	tid := l.Index()
	n := l.Count()
	v := keys[tid]
	for k := 2; k <= n; k <<= 1 {
		for j := k >> 1; j > 0; j >>= 1 {
			p := spmd.ShuffleXor(l, v, j)
			asc := tid&k == 0
			lower := tid&j == 0
			if lower == asc {
				v = min(v, p)
			} else {
				v = max(v, p)
			}
		}
	}
	l.Barrier()
	keys[tid] = v
}

// RadixDigitPass does one stable counting-sort pass of LSD radix sort on the
// digit (key>>shift)&(1<<digitBits-1), digitBits <= 4. Each lane counts its
// strided share in a local array, the counts are reduced per digit, and then
// the keys are scattered tile by tile with ExclusiveAdd giving the rank.
//
//spmd:kernel
func RadixDigitPass(l spmd.Lane, keys, out []uint32, shift, digitBits uint) {
	tid := l.Index()
	n := l.Count()
	buckets := 1 << digitBits
	mask := uint32(buckets - 1)

	var mine [16]int
	for i := tid; i < len(keys); i += n {
		mine[(keys[i]>>shift)&mask]++
	}
	var start [16]int
	sum := 0
	for d := 0; d < buckets; d++ {
		start[d] = sum
		sum += spmd.ReduceAdd(l, mine[d])
	}

	for base := 0; base < len(keys); base += n {
		i := base + tid
		dig := -1
		if i < len(keys) {
			dig = int((keys[i] >> shift) & mask)
		}
		for d := 0; d < buckets; d++ {
			hit := 0
			if dig == d {
				hit = 1
			}
			r := spmd.ExclusiveAdd(l, hit)
			if hit == 1 {
				out[start[d]+r] = keys[i]
			}
			start[d] += spmd.ReduceAdd(l, hit)
		}
	}
}

// RadixDigitPassTail lets the lanes past the end of the keys skip the last
// tile.
//
//spmd:kernel
func RadixDigitPassTail(l spmd.Lane, keys, out []uint32, shift, digitBits uint) {
	tid := l.Index()
	n := l.Count()
	buckets := 1 << digitBits
	mask := uint32(buckets - 1)

	var mine [16]int
	for i := tid; i < len(keys); i += n {
		mine[(keys[i]>>shift)&mask]++
	}
	var start [16]int
	sum := 0
	for d := 0; d < buckets; d++ {
		start[d] = sum
		sum += spmd.ReduceAdd(l, mine[d])
	}

	for base := 0; base < len(keys); base += n {
		i := base + tid
		if i >= len(keys) {
			continue
		}
		dig := int((keys[i] >> shift) & mask)
		for d := 0; d < buckets; d++ {
			hit := 0
			if dig == d {
				hit = 1
			}
			r := spmd.ExclusiveAdd(l, hit) // EXPECT
			if hit == 1 {
				out[start[d]+r] = keys[i]
			}
			start[d] += spmd.ReduceAdd(l, hit) // EXPECT
		}
	}
}
