// Package sorting ports GPU sorting networks and sorts to package spmd:
// the bitonic and odd-even merge sorts of the CUDA samples
// (sortingNetworks), a warp-level bitonic sort in registers, radix sorts
// that rank keys with ballots, odd-even transposition sort with early
// termination, a bottom-up merge sort in shared memory and a tiled merge
// path.
package sorting

import (
	"math"
	"math/bits"

	"github.com/spmdvet/spmdvet/spmd"
)

const block = 64

// pow2 returns the least power of two that is at least n (1 for n <= 1).
func pow2(n int) int {
	p := 1
	for p < n {
		p <<= 1
	}
	return p
}

// BitonicSort sorts keys with the one-lane-per-key bitonic network: the
// keys are padded to a power of two with MaxInt32 in shared memory, and in
// each step the lane with the lower index of a pair (tid ^ j > tid) does
// the compare-exchange. All lanes wait at the barrier of every step.
//
// kernel(ok)
func BitonicSort(keys []int32) ([]int32, error) {
	n := len(keys)
	size := pow2(n)
	s := make([]int32, size)
	err := spmd.Run(size, func(l spmd.Lane) {
		tid := l.Index()
		if tid < n {
			s[tid] = keys[tid]
		} else {
			s[tid] = math.MaxInt32
		}
		l.Barrier()
		for k := 2; k <= l.Count(); k <<= 1 {
			for j := k >> 1; j > 0; j >>= 1 {
				ixj := tid ^ j
				if ixj > tid {
					ascending := tid&k == 0
					if (s[tid] > s[ixj]) == ascending {
						s[tid], s[ixj] = s[ixj], s[tid]
					}
				}
				l.Barrier()
			}
		}
	})
	return s[:n], err
}

// BitonicSortBug skips the rest of the step in the upper lane of each pair
// with a continue, and with it the barrier that ends the step.
//
// kernel(bug)
func BitonicSortBug(keys []int32) ([]int32, error) {
	n := len(keys)
	size := pow2(n)
	s := make([]int32, size)
	err := spmd.Run(size, func(l spmd.Lane) {
		tid := l.Index()
		if tid < n {
			s[tid] = keys[tid]
		} else {
			s[tid] = math.MaxInt32
		}
		l.Barrier()
		for k := 2; k <= l.Count(); k <<= 1 {
			for j := k >> 1; j > 0; j >>= 1 {
				ixj := tid ^ j
				if ixj <= tid {
					continue // the partner does the exchange
				}
				ascending := tid&k == 0
				if (s[tid] > s[ixj]) == ascending {
					s[tid], s[ixj] = s[ixj], s[tid]
				}
				l.Barrier() // EXPECT
			}
		}
	})
	return s[:n], err
}

// comparator orders *a <= *b.
func comparator(a, b *uint32) {
	if *a > *b {
		*a, *b = *b, *a
	}
}

// oddEvenMergeKernel is oddEvenMergeSortShared of the CUDA samples: the
// block sorts 2*Count keys in s, two per lane.
//
//spmd:kernel
func oddEvenMergeKernel(l spmd.Lane, s []uint32, arrayLength int) {
	tid := l.Index()
	for size := 2; size <= arrayLength; size <<= 1 {
		stride := size / 2
		offset := tid & (stride - 1)
		{
			l.Barrier()
			pos := 2*tid - (tid & (stride - 1))
			comparator(&s[pos], &s[pos+stride])
			stride >>= 1
		}
		for ; stride > 0; stride >>= 1 {
			l.Barrier()
			pos := 2*tid - (tid & (stride - 1))
			if offset >= stride {
				comparator(&s[pos-stride], &s[pos])
			}
		}
	}
	l.Barrier()
}

// OddEvenMergeSort sorts up to 2*block keys with Batcher's odd-even merge
// sort, padding with MaxUint32.
//
// kernel(ok)
func OddEvenMergeSort(keys []uint32) ([]uint32, error) {
	n := len(keys)
	arrayLength := max(2, pow2(n))
	s := make([]uint32, arrayLength)
	for i := range s {
		s[i] = math.MaxUint32
	}
	copy(s, keys)
	err := spmd.Run(arrayLength/2, func(l spmd.Lane) {
		oddEvenMergeKernel(l, s, arrayLength)
	})
	return s[:n], err
}

// oddEvenMergeKernelBug waits at the barrier of the merge steps only in
// the lanes that have a comparison to make in that step.
//
//spmd:kernel
func oddEvenMergeKernelBug(l spmd.Lane, s []uint32, arrayLength int) {
	tid := l.Index()
	for size := 2; size <= arrayLength; size <<= 1 {
		stride := size / 2
		offset := tid & (stride - 1)
		{
			l.Barrier()
			pos := 2*tid - (tid & (stride - 1))
			comparator(&s[pos], &s[pos+stride])
			stride >>= 1
		}
		for ; stride > 0; stride >>= 1 {
			pos := 2*tid - (tid & (stride - 1))
			if offset >= stride {
				l.Barrier() // EXPECT
				comparator(&s[pos-stride], &s[pos])
			}
		}
	}
	l.Barrier()
}

// OddEvenMergeSortBug is OddEvenMergeSort with the barrier moved into the
// if of the merge steps.
//
// kernel(bug)
func OddEvenMergeSortBug(keys []uint32) ([]uint32, error) {
	n := len(keys)
	arrayLength := max(2, pow2(n))
	s := make([]uint32, arrayLength)
	for i := range s {
		s[i] = math.MaxUint32
	}
	copy(s, keys)
	err := spmd.Run(arrayLength/2, func(l spmd.Lane) {
		oddEvenMergeKernelBug(l, s, arrayLength)
	})
	return s[:n], err
}

// BallotRadixSort sorts up to 64 keys with a one-bit LSD radix sort: per
// bit, a ballot of the lanes whose key has the bit set gives each key its
// stable destination, and the keys are exchanged through shared memory.
// The sort stops after the highest bit set in any key, which the block
// finds with a ReduceMax.
//
// kernel(ok)
func BallotRadixSort(keys []uint32) ([]uint32, error) {
	n := len(keys)
	skeys := make([]uint32, block)
	out := make([]uint32, n)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		below := uint64(1)<<uint(tid) - 1
		valid := tid < n
		var key uint32
		if valid {
			key = keys[tid]
		}
		validMask := spmd.Ballot(l, valid)
		for bit := 0; bit < 32; bit++ {
			if spmd.ReduceMax(l, key)>>bit == 0 {
				break // no key has this bit or a higher one
			}
			b := key >> bit & 1
			ones := spmd.Ballot(l, valid && b == 1)
			zeros := validMask &^ ones
			var dst int
			if b == 0 {
				dst = bits.OnesCount64(zeros & below)
			} else {
				dst = bits.OnesCount64(zeros) + bits.OnesCount64(ones&below)
			}
			if valid {
				skeys[dst] = key
			}
			l.Barrier()
			if valid {
				key = skeys[tid]
			}
			l.Barrier()
		}
		if valid {
			out[tid] = key
		}
	})
	return out, err
}

// BallotRadixSortBug stops each lane once its own key has no bit left,
// which is not when the others are done: the ballot and the barriers of
// the later passes are reached by fewer lanes.
//
// kernel(bug)
func BallotRadixSortBug(keys []uint32) ([]uint32, error) {
	n := len(keys)
	skeys := make([]uint32, block)
	out := make([]uint32, n)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		below := uint64(1)<<uint(tid) - 1
		valid := tid < n
		var key uint32
		if valid {
			key = keys[tid]
		}
		validMask := spmd.Ballot(l, valid)
		for bit := 0; bit < 32; bit++ {
			if key>>bit == 0 {
				break // no bit left in this key
			}
			b := key >> bit & 1
			ones := spmd.Ballot(l, valid && b == 1) // EXPECT
			zeros := validMask &^ ones
			var dst int
			if b == 0 {
				dst = bits.OnesCount64(zeros & below)
			} else {
				dst = bits.OnesCount64(zeros) + bits.OnesCount64(ones&below)
			}
			if valid {
				skeys[dst] = key
			}
			l.Barrier() // EXPECT
			if valid {
				key = skeys[tid]
			}
			l.Barrier() // EXPECT
		}
		if valid {
			out[tid] = key
		}
	})
	return out, err
}

const radix = 16 // 4-bit digits

// DigitRadixSort sorts up to 64 keys with a 4-bit LSD radix sort. Each
// pass ranks the keys with one ballot per digit value: the keys with a
// smaller digit go before, and among equal digits the lanes below. Every
// lane takes all 16 ballots.
//
// kernel(ok)
func DigitRadixSort(keys []uint16) ([]uint16, error) {
	n := len(keys)
	skeys := make([]uint16, block)
	out := make([]uint16, n)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		below := uint64(1)<<uint(tid) - 1
		valid := tid < n
		var key uint16
		if valid {
			key = keys[tid]
		}
		for shift := 0; shift < 16; shift += 4 {
			digit := int(key>>shift) & (radix - 1)
			before, rank := 0, 0
			for d := 0; d < radix; d++ {
				m := spmd.Ballot(l, valid && digit == d)
				if d < digit {
					before += bits.OnesCount64(m)
				}
				if d == digit {
					rank = bits.OnesCount64(m & below)
				}
			}
			if valid {
				skeys[before+rank] = key
			}
			l.Barrier()
			if valid {
				key = skeys[tid]
			}
			l.Barrier()
		}
		if valid {
			out[tid] = key
		}
	})
	return out, err
}

// DigitRadixSortBug takes the ballots only up to the lane's own digit,
// all that the lane needs for its rank; the ballot is then in a loop whose
// bound is per lane.
//
// kernel(bug)
func DigitRadixSortBug(keys []uint16) ([]uint16, error) {
	n := len(keys)
	skeys := make([]uint16, block)
	out := make([]uint16, n)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		below := uint64(1)<<uint(tid) - 1
		valid := tid < n
		var key uint16
		if valid {
			key = keys[tid]
		}
		for shift := 0; shift < 16; shift += 4 {
			digit := int(key>>shift) & (radix - 1)
			before, rank := 0, 0
			for d := 0; d <= digit; d++ {
				m := spmd.Ballot(l, valid && digit == d) // EXPECT
				if d < digit {
					before += bits.OnesCount64(m)
				}
				if d == digit {
					rank = bits.OnesCount64(m & below)
				}
			}
			if valid {
				skeys[before+rank] = key
			}
			l.Barrier()
			if valid {
				key = skeys[tid]
			}
			l.Barrier()
		}
		if valid {
			out[tid] = key
		}
	})
	return out, err
}

// mergePathSearch returns how many of the first diag elements of the
// stable merge of a and b come from a.
func mergePathSearch(a, b []int32, diag int) int {
	lo, hi := max(0, diag-len(b)), min(diag, len(a))
	for lo < hi {
		mid := (lo + hi) / 2
		if a[mid] <= b[diag-1-mid] {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

const itemsPerLane = 4

// MergePath merges the sorted slices a and b. The output is cut into
// tiles of Count*itemsPerLane; lane 0 finds where each tile starts and
// ends in a and b, the block stages those ranges in shared memory, and
// every lane then finds its own diagonal within the tile and merges
// itemsPerLane outputs. Lanes past the end of the last tile do no work but
// still reach the barrier that ends the tile.
//
// kernel(ok)
func MergePath(a, b []int32) ([]int32, error) {
	n := len(a) + len(b)
	out := make([]int32, n)
	sa := make([]int32, block*itemsPerLane)
	sb := make([]int32, block*itemsPerLane)
	bounds := make([]int, 4)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		tile := l.Count() * itemsPerLane
		for t0 := 0; t0 < n; t0 += tile {
			t1 := min(t0+tile, n)
			if tid == 0 {
				a0, a1 := mergePathSearch(a, b, t0), mergePathSearch(a, b, t1)
				bounds[0], bounds[1], bounds[2], bounds[3] = a0, a1, t0-a0, t1-a1
			}
			l.Barrier()
			a0, a1, b0, b1 := bounds[0], bounds[1], bounds[2], bounds[3]
			la, lb := a1-a0, b1-b0
			for k := tid; k < la; k += l.Count() {
				sa[k] = a[a0+k]
			}
			for k := tid; k < lb; k += l.Count() {
				sb[k] = b[b0+k]
			}
			l.Barrier()
			diag := tid * itemsPerLane
			if diag < t1-t0 {
				ia := mergePathSearch(sa[:la], sb[:lb], diag)
				ib := diag - ia
				for k := 0; k < itemsPerLane && diag+k < t1-t0; k++ {
					if ib >= lb || (ia < la && sa[ia] <= sb[ib]) {
						out[t0+diag+k] = sa[ia]
						ia++
					} else {
						out[t0+diag+k] = sb[ib]
						ib++
					}
				}
			}
			l.Barrier() // the staged tile and bounds are reused
		}
	})
	return out, err
}

// MergePathBug lets the lanes past the end of the last tile continue to
// the next tile, past the barrier that ends this one.
//
// kernel(bug)
func MergePathBug(a, b []int32) ([]int32, error) {
	n := len(a) + len(b)
	out := make([]int32, n)
	sa := make([]int32, block*itemsPerLane)
	sb := make([]int32, block*itemsPerLane)
	bounds := make([]int, 4)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		tile := l.Count() * itemsPerLane
		for t0 := 0; t0 < n; t0 += tile {
			t1 := min(t0+tile, n)
			if tid == 0 {
				a0, a1 := mergePathSearch(a, b, t0), mergePathSearch(a, b, t1)
				bounds[0], bounds[1], bounds[2], bounds[3] = a0, a1, t0-a0, t1-a1
			}
			l.Barrier()
			a0, a1, b0, b1 := bounds[0], bounds[1], bounds[2], bounds[3]
			la, lb := a1-a0, b1-b0
			for k := tid; k < la; k += l.Count() {
				sa[k] = a[a0+k]
			}
			for k := tid; k < lb; k += l.Count() {
				sb[k] = b[b0+k]
			}
			l.Barrier()
			diag := tid * itemsPerLane
			if diag >= t1-t0 {
				continue // nothing of this tile is ours
			}
			ia := mergePathSearch(sa[:la], sb[:lb], diag)
			ib := diag - ia
			for k := 0; k < itemsPerLane && diag+k < t1-t0; k++ {
				if ib >= lb || (ia < la && sa[ia] <= sb[ib]) {
					out[t0+diag+k] = sa[ia]
					ia++
				} else {
					out[t0+diag+k] = sb[ib]
					ib++
				}
			}
			l.Barrier() // EXPECT
		}
	})
	return out, err
}

// OddEvenTransposition sorts up to 2*block keys in shared memory, one
// lane per pair; phases alternate between even and odd pairs. The block
// stops after two phases in a row without a swap anywhere, which it agrees
// on with spmd.Any.
//
// kernel(ok)
func OddEvenTransposition(keys []float64) ([]float64, error) {
	n := len(keys)
	s := append([]float64(nil), keys...)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		quietBefore := false
		for phase := 0; phase < n; phase++ {
			i := 2*tid + phase%2
			swapped := false
			if i+1 < n && s[i] > s[i+1] {
				s[i], s[i+1] = s[i+1], s[i]
				swapped = true
			}
			l.Barrier()
			quiet := !spmd.Any(l, swapped)
			if quiet && quietBefore {
				break
			}
			quietBefore = quiet
		}
	})
	return s, err
}

// OddEvenTranspositionBug decides to stop from the lane's own pair: a lane
// whose pairs were in order for two phases leaves the loop while others
// still swap and wait at its barrier.
//
// kernel(bug)
func OddEvenTranspositionBug(keys []float64) ([]float64, error) {
	n := len(keys)
	s := append([]float64(nil), keys...)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		quietBefore := false
		for phase := 0; phase < n; phase++ {
			i := 2*tid + phase%2
			swapped := false
			if i+1 < n && s[i] > s[i+1] {
				s[i], s[i+1] = s[i+1], s[i]
				swapped = true
			}
			l.Barrier() // EXPECT
			quiet := !swapped
			if quiet && quietBefore {
				break
			}
			quietBefore = quiet
		}
	})
	return s, err
}

// WarpBitonic sorts up to 64 keys held one per lane in registers with a
// bitonic network of ShuffleXor exchanges. The lanes past the keys hold
// MaxUint32 and take part in every exchange.
//
// kernel(ok)
func WarpBitonic(keys []uint32) ([]uint32, error) {
	n := len(keys)
	out := make([]uint32, n)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		key := uint32(math.MaxUint32)
		if tid < n {
			key = keys[tid]
		}
		for k := 2; k <= l.Count(); k <<= 1 {
			for j := k >> 1; j > 0; j >>= 1 {
				partner := spmd.ShuffleXor(l, key, j)
				ascending := tid&k == 0
				lower := tid&j == 0
				if lower == ascending {
					key = min(key, partner)
				} else {
					key = max(key, partner)
				}
			}
		}
		if tid < n {
			out[tid] = key
		}
	})
	return out, err
}

// WarpBitonicBug returns at once in the lanes that hold no key.
//
// kernel(bug)
func WarpBitonicBug(keys []uint32) ([]uint32, error) {
	n := len(keys)
	out := make([]uint32, n)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		if tid >= n {
			return
		}
		key := keys[tid]
		for k := 2; k <= l.Count(); k <<= 1 {
			for j := k >> 1; j > 0; j >>= 1 {
				partner := spmd.ShuffleXor(l, key, j) // EXPECT
				ascending := tid&k == 0
				lower := tid&j == 0
				if lower == ascending {
					key = min(key, partner)
				} else {
					key = max(key, partner)
				}
			}
		}
		out[tid] = key
	})
	return out, err
}

// merge writes the stable merge of a and b to dst.
func merge(a, b, dst []int) {
	i, j := 0, 0
	for k := range dst {
		if j >= len(b) || (i < len(a) && a[i] <= b[j]) {
			dst[k] = a[i]
			i++
		} else {
			dst[k] = b[j]
			j++
		}
	}
}

// MergeSort sorts up to 2*block keys with a bottom-up merge sort between
// two shared buffers: in the pass of width w, lane t merges the runs at
// 2*w*t, and the buffers swap roles after the barrier. Lanes with no runs
// left still wait at every barrier.
//
// kernel(ok)
func MergeSort(keys []int) ([]int, error) {
	n := len(keys)
	bufA := append([]int(nil), keys...)
	bufB := make([]int, n)
	passes := 0
	for w := 1; w < n; w *= 2 {
		passes++
	}
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		src, dst := bufA, bufB
		for width := 1; width < n; width *= 2 {
			lo := 2 * width * tid
			if lo < n {
				mid, hi := min(lo+width, n), min(lo+2*width, n)
				merge(src[lo:mid], src[mid:hi], dst[lo:hi])
			}
			l.Barrier()
			src, dst = dst, src
		}
	})
	if passes%2 == 1 {
		return bufB, err
	}
	return bufA, err
}

// MergeSortBug stops each lane's pass loop once its first run starts past
// the end: lane t drops out after about log2(n/t) passes, skipping the
// barriers of the passes that remain.
//
// kernel(bug)
func MergeSortBug(keys []int) ([]int, error) {
	n := len(keys)
	bufA := append([]int(nil), keys...)
	bufB := make([]int, n)
	passes := 0
	for w := 1; w < n; w *= 2 {
		passes++
	}
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		src, dst := bufA, bufB
		for width := 1; width < n && 2*width*tid < n; width *= 2 {
			lo := 2 * width * tid
			mid, hi := min(lo+width, n), min(lo+2*width, n)
			merge(src[lo:mid], src[mid:hi], dst[lo:hi])
			l.Barrier() // EXPECT
			src, dst = dst, src
		}
	})
	if passes%2 == 1 {
		return bufB, err
	}
	return bufA, err
}

const (
	ipt     = 4 // items per lane (register blocking)
	buckets = 8
)

// BucketSplit stably partitions up to block*ipt keys by bucket, key %
// buckets (a multi-split, the core of a radix sort pass). Lane t owns the
// keys t*ipt to t*ipt+ipt-1 in a lane-local array and counts its keys per
// bucket in another; per bucket, an exclusive scan of the counts gives
// where the lane's keys of that bucket start and a reduction gives the
// bucket's size. Only the buckets up to the highest one in use anywhere
// (a ReduceMax of each lane's highest) are scanned.
//
// kernel(ok)
func BucketSplit(keys []uint32) ([]uint32, error) {
	n := len(keys)
	out := make([]uint32, n)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		var items [ipt]uint32
		var bucket [ipt]int
		var cnt [buckets]int
		nItems := min(ipt, max(0, n-tid*ipt))
		top := -1 // the highest bucket among the lane's keys
		for k := 0; k < nItems; k++ {
			items[k] = keys[tid*ipt+k]
			bucket[k] = int(items[k] % buckets)
			cnt[bucket[k]]++
			top = max(top, bucket[k])
		}
		hi := spmd.ReduceMax(l, top)
		var start [buckets]int // where the lane's next key of each bucket goes
		base := 0
		for b := 0; b <= hi; b++ {
			start[b] = base + spmd.ExclusiveAdd(l, cnt[b])
			base += spmd.ReduceAdd(l, cnt[b])
		}
		for k := 0; k < nItems; k++ {
			b := bucket[k]
			out[start[b]] = items[k]
			start[b]++
		}
	})
	return out, err
}

// BucketSplitBug scans the buckets up to the lane's own highest one: the
// scan and the reduction are in a loop whose bound is per lane.
//
// kernel(bug)
func BucketSplitBug(keys []uint32) ([]uint32, error) {
	n := len(keys)
	out := make([]uint32, n)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		var items [ipt]uint32
		var bucket [ipt]int
		var cnt [buckets]int
		nItems := min(ipt, max(0, n-tid*ipt))
		top := -1 // the highest bucket among the lane's keys
		for k := 0; k < nItems; k++ {
			items[k] = keys[tid*ipt+k]
			bucket[k] = int(items[k] % buckets)
			cnt[bucket[k]]++
			top = max(top, bucket[k])
		}
		var start [buckets]int // where the lane's next key of each bucket goes
		base := 0
		for b := 0; b <= top; b++ {
			start[b] = base + spmd.ExclusiveAdd(l, cnt[b]) // EXPECT
			base += spmd.ReduceAdd(l, cnt[b])              // EXPECT
		}
		for k := 0; k < nItems; k++ {
			b := bucket[k]
			out[start[b]] = items[k]
			start[b]++
		}
	})
	return out, err
}
