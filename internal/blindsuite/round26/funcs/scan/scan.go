// Package scan holds reductions, scans and sorts ported from GPU code,
// written with closures the way Go code tends to be.
package scan

import (
	"math"
	"math/bits"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round26/funcs/kit"
	"github.com/spmdvet/spmdvet/spmd"
)

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// MeanNonZero returns the mean of the nonzero elements of data, one element
// per lane.
//
// kernel(ok)
func MeanNonZero(data []float64) (float64, error) {
	var mean float64
	err := spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		load := func() float64 { return data[idx] }
		n := bits.OnesCount64(spmd.Ballot(l, load() != 0))
		s := spmd.ReduceAdd(l, load())
		if idx == 0 && n > 0 {
			mean = s / float64(n)
		}
	})
	return mean, err
}

// MeanNonZeroSkip is MeanNonZero with the zero lanes leaving early.
//
// kernel(bug)
func MeanNonZeroSkip(data []float64) (float64, error) {
	var mean float64
	err := spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		load := func() float64 { return data[idx] }
		n := bits.OnesCount64(spmd.Ballot(l, load() != 0))
		if load() == 0 {
			return
		}
		s := spmd.ReduceAdd(l, load()) // EXPECT
		if idx == 0 && n > 0 {
			mean = s / float64(n)
		}
	})
	return mean, err
}

// Compact copies the elements of data above thr to the front of out,
// keeping their order, and returns how many there are.
//
// kernel(ok)
func Compact(data []float64, thr float64, out []float64) (int, error) {
	var n int
	err := spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		v := data[idx]
		offset := func(keep bool) int { return spmd.ExclusiveAdd(l, b2i(keep)) }
		keep := v > thr
		pos := offset(keep)
		if keep {
			out[pos] = v
		}
		total := spmd.ReduceAdd(l, b2i(keep))
		if idx == 0 {
			n = total
		}
	})
	return n, err
}

// CompactLazy asks for an output slot only in the lanes that keep their
// element.
//
// kernel(bug)
func CompactLazy(data []float64, thr float64, out []float64) (int, error) {
	var n int
	err := spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		v := data[idx]
		offset := func(keep bool) int { return spmd.ExclusiveAdd(l, b2i(keep)) }
		keep := v > thr
		if keep {
			out[offset(true)] = v // EXPECT
		}
		total := spmd.ReduceAdd(l, b2i(keep))
		if idx == 0 {
			n = total
		}
	})
	return n, err
}

// InclusiveScan returns the prefix sums of data (one element per lane) by
// the Hillis-Steele scan over shuffles.
//
// kernel(ok)
func InclusiveScan(data []int) ([]int, error) {
	out := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		v := data[idx]
		up := func(d int) int { return spmd.Shuffle(l, v, max(idx-d, 0)) }
		for d := 1; d < l.Count(); d <<= 1 {
			t := up(d)
			if idx >= d {
				v += t
			}
		}
		out[idx] = v
	})
	return out, err
}

// InclusiveScanGuarded fetches the partner's value only in the lanes that
// use it, as the CPU loop would.
//
// kernel(bug)
func InclusiveScanGuarded(data []int) ([]int, error) {
	out := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		v := data[idx]
		up := func(d int) int { return spmd.Shuffle(l, v, max(idx-d, 0)) }
		for d := 1; d < l.Count(); d <<= 1 {
			if idx >= d {
				v += up(d) // EXPECT
			}
		}
		out[idx] = v
	})
	return out, err
}

// BitonicSort sorts keys ascending, one key per lane; the number of keys
// must be a power of two.
//
// kernel(ok)
func BitonicSort(keys []int) ([]int, error) {
	out := make([]int, len(keys))
	err := spmd.Run(len(keys), func(l spmd.Lane) {
		idx := l.Index()
		v := keys[idx]
		cmpx := func(j int, ascending bool) {
			other := spmd.ShuffleXor(l, v, j)
			lower := idx&j == 0
			if lower == ascending {
				v = min(v, other)
			} else {
				v = max(v, other)
			}
		}
		for k := 2; k <= l.Count(); k <<= 1 {
			for j := k / 2; j > 0; j >>= 1 {
				cmpx(j, idx&k == 0)
			}
		}
		out[idx] = v
	})
	return out, err
}

// BitonicSortHalf lets only the lower lane of each pair do the exchange,
// like the `if ixj > i` of the CPU version.
//
// kernel(bug)
func BitonicSortHalf(keys []int) ([]int, error) {
	out := make([]int, len(keys))
	err := spmd.Run(len(keys), func(l spmd.Lane) {
		idx := l.Index()
		v := keys[idx]
		cmpx := func(j int, ascending bool) {
			other := spmd.ShuffleXor(l, v, j)
			lower := idx&j == 0
			if lower == ascending {
				v = min(v, other)
			} else {
				v = max(v, other)
			}
		}
		for k := 2; k <= l.Count(); k <<= 1 {
			for j := k / 2; j > 0; j >>= 1 {
				if idx&j == 0 {
					cmpx(j, idx&k == 0) // EXPECT
				}
			}
		}
		out[idx] = v
	})
	return out, err
}

// Histogram counts data into nbins bins of width w starting at lo, one
// element per lane (at most 64); values outside the bins are dropped.
//
// kernel(ok)
func Histogram(data []float64, lo, w float64, nbins int) ([]int, error) {
	hist := make([]int, nbins)
	err := spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		binOf := func(x float64) int {
			b := int(math.Floor((x - lo) / w))
			if b < 0 || b >= nbins {
				return -1
			}
			return b
		}
		bin := binOf(data[idx])
		for b := range nbins {
			c := bits.OnesCount64(spmd.Ballot(l, bin == b))
			if idx == 0 {
				hist[b] = c
			}
		}
	})
	return hist, err
}

// HistogramDrop is Histogram with the out-of-range lanes leaving early.
//
// kernel(bug)
func HistogramDrop(data []float64, lo, w float64, nbins int) ([]int, error) {
	hist := make([]int, nbins)
	err := spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		binOf := func(x float64) int {
			b := int(math.Floor((x - lo) / w))
			if b < 0 || b >= nbins {
				return -1
			}
			return b
		}
		bin := binOf(data[idx])
		if bin < 0 {
			return
		}
		for b := range nbins {
			c := bits.OnesCount64(spmd.Ballot(l, bin == b)) // EXPECT
			if idx == 0 {
				hist[b] = c
			}
		}
	})
	return hist, err
}

// CountAboveMean counts the valid elements that are above the mean of all
// the elements.
//
// kernel(ok)
func CountAboveMean(data []float64, valid []bool) (int, error) {
	var count int
	err := spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		aboveMean := func(x float64) bool {
			return x > spmd.ReduceAdd(l, x)/float64(l.Count())
		}
		above := aboveMean(data[idx])
		hit := valid[idx] && above
		n := spmd.ReduceAdd(l, b2i(hit))
		if idx == 0 {
			count = n
		}
	})
	return count, err
}

// CountAboveMeanLazy tests the mean only for the valid elements: the
// right operand of && runs in those lanes only.
//
// kernel(bug)
func CountAboveMeanLazy(data []float64, valid []bool) (int, error) {
	var count int
	err := spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		aboveMean := func(x float64) bool {
			return x > spmd.ReduceAdd(l, x)/float64(l.Count())
		}
		hit := valid[idx] && aboveMean(data[idx]) // EXPECT
		n := spmd.ReduceAdd(l, b2i(hit))
		if idx == 0 {
			count = n
		}
	})
	return count, err
}

// bounds holds the least and greatest value seen by the group.
type bounds struct{ lo, hi float64 }

// merge sets b to the least and greatest v over the lanes; lanes with ok
// false take no part in the result.
func (b *bounds) merge(l spmd.Lane, v float64, ok bool) {
	lo, hi := v, v
	if !ok {
		lo, hi = math.Inf(1), math.Inf(-1)
	}
	b.lo = spmd.ReduceMin(l, lo)
	b.hi = spmd.ReduceMax(l, hi)
}

// Range returns the least and greatest elements of data that are not NaN.
//
// kernel(ok)
func Range(data []float64) (lo, hi float64, err error) {
	err = spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		var b bounds
		merge := b.merge
		v := data[idx]
		merge(l, v, !math.IsNaN(v))
		if idx == 0 {
			lo, hi = b.lo, b.hi
		}
	})
	return lo, hi, err
}

// RangeSkipNaN lets the NaN lanes skip the merge.
//
// kernel(bug)
func RangeSkipNaN(data []float64) (lo, hi float64, err error) {
	err = spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		var b bounds
		merge := b.merge
		v := data[idx]
		if !math.IsNaN(v) {
			merge(l, v, true) // EXPECT
		}
		if idx == 0 {
			lo, hi = b.lo, b.hi
		}
	})
	return lo, hi, err
}

// MatVec computes y = A x for a rows×n row-major matrix A, one row per
// lane, staging x through shared memory a tile at a time. lanes must be at
// least rows.
//
// kernel(ok)
func MatVec(A []float64, rows, n int, x []float64, lanes int) ([]float64, error) {
	y := make([]float64, rows)
	shared := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		idx := l.Index()
		row := idx
		wait := l.Barrier
		acc := 0.0
		tile := func(base int) {
			if base+idx < n {
				shared[idx] = x[base+idx]
			} else {
				shared[idx] = 0
			}
			wait()
			if row < rows {
				for k := 0; k < l.Count() && base+k < n; k++ {
					acc += A[row*n+base+k] * shared[k]
				}
			}
			wait()
		}
		for base := 0; base < n; base += l.Count() {
			tile(base)
		}
		if row < rows {
			y[row] = acc
		}
	})
	return y, err
}

// MatVecIdle leaves the lanes without a row out of the tile loads.
//
// kernel(bug)
func MatVecIdle(A []float64, rows, n int, x []float64, lanes int) ([]float64, error) {
	y := make([]float64, rows)
	shared := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		idx := l.Index()
		row := idx
		wait := l.Barrier
		acc := 0.0
		tile := func(base int) {
			if base+idx < n {
				shared[idx] = x[base+idx]
			} else {
				shared[idx] = 0
			}
			wait()
			if row < rows {
				for k := 0; k < l.Count() && base+k < n; k++ {
					acc += A[row*n+base+k] * shared[k]
				}
			}
			wait()
		}
		for base := 0; base < n; base += l.Count() {
			if row < rows {
				tile(base) // EXPECT
			}
		}
		if row < rows {
			y[row] = acc
		}
	})
	return y, err
}

// SegmentSums gives every lane the sum over its aligned segment of seg
// lanes; seg is a power of two that divides the number of lanes.
//
// kernel(ok)
func SegmentSums(data []float64, seg int) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		var fold func(v float64, w int) float64
		fold = func(v float64, w int) float64 {
			if w == 1 {
				return v
			}
			return fold(v+spmd.ShuffleXor(l, v, w/2), w/2)
		}
		out[idx] = fold(data[idx], seg)
	})
	return out, err
}

// SegmentSumsVar takes the width of each lane's segment from width, so
// lanes in segments of different widths fold a different number of times.
//
// kernel(bug)
func SegmentSumsVar(data []float64, width []int) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		var fold func(v float64, w int) float64
		fold = func(v float64, w int) float64 {
			if w == 1 {
				return v
			}
			return fold(v+spmd.ShuffleXor(l, v, w/2), w/2)
		}
		out[idx] = fold(data[idx], width[idx]) // EXPECT
	})
	return out, err
}

// makeDigit returns the function giving the digit of nbits bits at shift.
func makeDigit(shift, nbits uint) func(uint32) int {
	return func(k uint32) int { return int(k>>shift) & (1<<nbits - 1) }
}

// RadixPass does one stable counting pass of an LSD radix sort of keys
// (one per lane) on the 2-bit digit at shift.
//
// kernel(ok)
func RadixPass(keys []uint32, shift uint) ([]uint32, error) {
	const radixBits = 2
	out := make([]uint32, len(keys))
	digitOf := makeDigit(shift, radixBits)
	err := spmd.Run(len(keys), func(l spmd.Lane) {
		key := keys[l.Index()]
		d := digitOf(key)
		base := 0
		for r := range 1 << radixBits {
			mine := d == r
			rank := spmd.ExclusiveAdd(l, b2i(mine))
			if mine {
				out[base+rank] = key
			}
			base += spmd.ReduceAdd(l, b2i(mine))
		}
	})
	return out, err
}

// RadixPassLazy ranks a key only in the pass of its own digit.
//
// kernel(bug)
func RadixPassLazy(keys []uint32, shift uint) ([]uint32, error) {
	const radixBits = 2
	out := make([]uint32, len(keys))
	digitOf := makeDigit(shift, radixBits)
	err := spmd.Run(len(keys), func(l spmd.Lane) {
		key := keys[l.Index()]
		d := digitOf(key)
		base := 0
		for r := range 1 << radixBits {
			mine := d == r
			if mine {
				out[base+spmd.ExclusiveAdd(l, 1)] = key // EXPECT
			}
			base += spmd.ReduceAdd(l, b2i(mine))
		}
	})
	return out, err
}

// PositiveEnergy returns the sum of the squares of the positive elements.
//
// kernel(ok)
func PositiveEnergy(data []float64) (float64, error) {
	var e float64
	err := spmd.Run(len(data), func(l spmd.Lane) {
		p := max(data[l.Index()], 0)
		s := kit.Fold(l, p*p, spmd.ReduceAdd[float64])
		if l.Index() == 0 {
			e = s
		}
	})
	return e, err
}

// PositiveEnergyLazy folds only in the lanes with a positive element.
//
// kernel(bug)
func PositiveEnergyLazy(data []float64) (float64, error) {
	var e float64
	err := spmd.Run(len(data), func(l spmd.Lane) {
		v := data[l.Index()]
		s := 0.0
		if v > 0 {
			s = kit.Fold(l, v*v, spmd.ReduceAdd[float64]) // EXPECT
		}
		if l.Index() == 0 {
			e = s
		}
	})
	return e, err
}

// accum keeps a running total over batches.
type accum struct {
	sum float64
	n   int
}

// push adds v over all lanes to the total.
func (a *accum) push(l spmd.Lane, v float64) {
	a.sum += spmd.ReduceAdd(l, v)
	a.n++
}

// BatchedSum sums the non-negative elements of data in batches of one
// element per lane.
//
// kernel(ok)
func BatchedSum(data []float64, lanes int) (float64, error) {
	var total float64
	err := spmd.Run(lanes, func(l spmd.Lane) {
		idx := l.Index()
		push := (*accum).push
		var a accum
		for b := 0; b*l.Count() < len(data); b++ {
			v := 0.0
			if i := b*l.Count() + idx; i < len(data) {
				v = max(data[i], 0)
			}
			push(&a, l, v)
		}
		if idx == 0 {
			total = a.sum
		}
	})
	return total, err
}

// BatchedSumSkip skips the batch in the lanes whose element is missing or
// negative.
//
// kernel(bug)
func BatchedSumSkip(data []float64, lanes int) (float64, error) {
	var total float64
	err := spmd.Run(lanes, func(l spmd.Lane) {
		idx := l.Index()
		push := (*accum).push
		var a accum
		for b := 0; b*l.Count() < len(data); b++ {
			i := b*l.Count() + idx
			if i >= len(data) || data[i] < 0 {
				continue
			}
			push(&a, l, data[i]) // EXPECT
		}
		if idx == 0 {
			total = a.sum
		}
	})
	return total, err
}
