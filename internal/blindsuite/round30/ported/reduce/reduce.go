// Package reduce ports the reductions of the CUDA samples ("Optimizing
// Parallel Reduction in CUDA", reduce0 to reduce6) and a few relatives to
// package spmd. One spmd.Run group plays one thread block; slices made by
// the launching function and captured by the kernel play __shared__ memory.
package reduce

import (
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

// block is the thread-block size used by the kernels: a power of two.
const block = 64

// MeanVar returns the mean and the (population) variance of in, in two
// passes over the data: the sum, then the sum of squared deviations from
// the mean. Both sums use the interleaved-addressing tree of reduce0
// (tid % (2*s) == 0), with the barrier after the if, where every lane
// reaches it.
//
// kernel(ok)
func MeanVar(in []float64) (mean, variance float64, err error) {
	n := len(in)
	sdata := make([]float64, block)
	err = spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		count := l.Count()

		// Pass 1: grid-stride sum into shared memory.
		var acc float64
		for i := tid; i < n; i += count {
			acc += in[i]
		}
		sdata[tid] = acc
		l.Barrier()
		for s := 1; s < count; s *= 2 {
			if tid%(2*s) == 0 {
				sdata[tid] += sdata[tid+s]
			}
			l.Barrier()
		}
		mu := sdata[0] / float64(max(n, 1))
		l.Barrier() // everyone has read sdata[0] before it is reused

		// Pass 2: sum of squared deviations.
		var dev float64
		for i := tid; i < n; i += count {
			d := in[i] - mu
			dev += d * d
		}
		sdata[tid] = dev
		l.Barrier()
		for s := 1; s < count; s *= 2 {
			if tid%(2*s) == 0 {
				sdata[tid] += sdata[tid+s]
			}
			l.Barrier()
		}
		if tid == 0 {
			mean = mu
			variance = sdata[0] / float64(max(n, 1))
		}
	})
	return mean, variance, err
}

// MeanVarBug is MeanVar with the barrier of the second tree moved into the
// if: only the lanes that add wait, and the odd lanes run off the end.
//
// kernel(bug)
func MeanVarBug(in []float64) (mean, variance float64, err error) {
	n := len(in)
	sdata := make([]float64, block)
	err = spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		count := l.Count()

		// Pass 1: grid-stride sum into shared memory.
		var acc float64
		for i := tid; i < n; i += count {
			acc += in[i]
		}
		sdata[tid] = acc
		l.Barrier()
		for s := 1; s < count; s *= 2 {
			if tid%(2*s) == 0 {
				sdata[tid] += sdata[tid+s]
			}
			l.Barrier()
		}
		mu := sdata[0] / float64(max(n, 1))
		l.Barrier() // everyone has read sdata[0] before it is reused

		// Pass 2: sum of squared deviations.
		var dev float64
		for i := tid; i < n; i += count {
			d := in[i] - mu
			dev += d * d
		}
		sdata[tid] = dev
		l.Barrier()
		for s := 1; s < count; s *= 2 {
			if tid%(2*s) == 0 {
				sdata[tid] += sdata[tid+s]
				l.Barrier() // EXPECT
			}
		}
		if tid == 0 {
			mean = mu
			variance = sdata[0] / float64(max(n, 1))
		}
	})
	return mean, variance, err
}

// Sum is reduce3/reduce4: sequential addressing (if tid < s) after a
// grid-stride load. Lanes with nothing to load start from zero and still
// take part in every round of the tree.
//
// kernel(ok)
func Sum(in []int64) (int64, error) {
	n := len(in)
	sdata := make([]int64, block)
	var out int64
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		count := l.Count()

		// First add during load: every lane folds its strided share of the
		// input into one register before touching shared memory.
		var acc int64
		for i := tid; i < n; i += count {
			acc += in[i]
		}
		sdata[tid] = acc
		l.Barrier()

		// Sequential addressing: the active lanes stay contiguous, so
		// whole warps retire early on a GPU.
		for s := count / 2; s > 0; s >>= 1 {
			if tid < s {
				sdata[tid] += sdata[tid+s]
			}
			l.Barrier()
		}
		if tid == 0 {
			out = sdata[0]
		}
	})
	return out, err
}

// SumBug is Sum as a CUDA port often starts out: "if (i >= n) return;"
// before the load. For inputs smaller than the block, the lanes past the
// end leave, and every barrier after the return is divergent.
//
// kernel(bug)
func SumBug(in []int64) (int64, error) {
	n := len(in)
	sdata := make([]int64, block)
	var out int64
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		count := l.Count()
		if tid >= n {
			return // nothing to load
		}

		// First add during load: every lane folds its strided share of the
		// input into one register before touching shared memory.
		var acc int64
		for i := tid; i < n; i += count {
			acc += in[i]
		}
		sdata[tid] = acc
		l.Barrier() // EXPECT

		// Sequential addressing: the active lanes stay contiguous, so
		// whole warps retire early on a GPU.
		for s := count / 2; s > 0; s >>= 1 {
			if tid < s {
				sdata[tid] += sdata[tid+s]
			}
			l.Barrier() // EXPECT
		}
		if tid == 0 {
			out = sdata[0]
		}
	})
	return out, err
}

// warpBlock is the block size of the warp-synchronous kernels: four warps.
const warpBlock = 128

// SumLastWarp is reduce5: the tree runs in shared memory while more than a
// warp is active, and the last 64 values are folded by the first warp with
// shuffles instead of barriers. In package spmd the shuffles exchange
// values across the whole group, so every lane runs them; the lanes of the
// other warps just contribute zero.
//
// kernel(ok)
func SumLastWarp(in []float32) (float32, error) {
	n := len(in)
	sdata := make([]float32, warpBlock)
	var out float32
	err := spmd.Run(warpBlock, func(l spmd.Lane) {
		tid := l.Index()
		count := l.Count()

		// Each lane adds two elements per stride (reduce4), then the rest
		// of its grid-stride share.
		var acc float32
		for i := tid; i < n; i += 2 * count {
			acc += in[i]
			if i+count < n {
				acc += in[i+count]
			}
		}
		sdata[tid] = acc
		l.Barrier()

		for s := count / 2; s > 32; s >>= 1 {
			if tid < s {
				sdata[tid] += sdata[tid+s]
			}
			l.Barrier()
		}

		// Last warp: no barriers, only shuffles inside a 32-lane butterfly.
		var v float32
		if tid < 32 {
			v = sdata[tid] + sdata[tid+32]
		}
		for off := 16; off > 0; off >>= 1 {
			v += spmd.ShuffleXor(l, v, off)
		}
		if tid == 0 {
			out = v
		}
	})
	return out, err
}

// SumLastWarpBug is reduce5 transcribed literally: "if (tid < 32)
// warpReduce(...)". On a GPU the first warp is whole inside the branch, but
// in the group the shuffle needs every lane, and lanes 32 and up have gone.
//
// kernel(bug)
func SumLastWarpBug(in []float32) (float32, error) {
	n := len(in)
	sdata := make([]float32, warpBlock)
	var out float32
	err := spmd.Run(warpBlock, func(l spmd.Lane) {
		tid := l.Index()
		count := l.Count()

		// Each lane adds two elements per stride (reduce4), then the rest
		// of its grid-stride share.
		var acc float32
		for i := tid; i < n; i += 2 * count {
			acc += in[i]
			if i+count < n {
				acc += in[i+count]
			}
		}
		sdata[tid] = acc
		l.Barrier()

		for s := count / 2; s > 32; s >>= 1 {
			if tid < s {
				sdata[tid] += sdata[tid+s]
			}
			l.Barrier()
		}

		// Last warp: no barriers, only shuffles inside a 32-lane butterfly.
		if tid < 32 {
			v := sdata[tid] + sdata[tid+32]
			for off := 16; off > 0; off >>= 1 {
				v += spmd.ShuffleXor(l, v, off) // EXPECT
			}
			if tid == 0 {
				out = v
			}
		}
	})
	return out, err
}

// ChunkMax writes the maximum of every chunk of block consecutive elements
// of in to out[chunk]: a segmented reduction where the block walks the
// chunks in order. The chunk loop is uniform (it steps by the block), and
// lanes past the end of the last chunk load -Inf.
//
// kernel(ok)
func ChunkMax(in []float64) ([]float64, error) {
	n := len(in)
	chunks := (n + block - 1) / block
	out := make([]float64, chunks)
	sdata := make([]float64, block)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		count := l.Count()
		for base := 0; base < n; base += count {
			i := base + tid
			v := math.Inf(-1)
			if i < n {
				v = in[i]
			}
			sdata[tid] = v
			l.Barrier()
			for s := count / 2; s > 0; s >>= 1 {
				if tid < s {
					sdata[tid] = max(sdata[tid], sdata[tid+s])
				}
				l.Barrier()
			}
			if tid == 0 {
				out[base/count] = sdata[0]
			}
			l.Barrier() // sdata[0] is read before the next chunk overwrites it
		}
	})
	return out, err
}

// ChunkMaxBug walks the chunks with the grid-stride loop of the load
// phase, i = tid; i < n; i += count. When n is not a multiple of the block
// the lanes past the end leave the loop one chunk early, so the barriers
// inside the loop are reached by different lanes.
//
// kernel(bug)
func ChunkMaxBug(in []float64) ([]float64, error) {
	n := len(in)
	chunks := (n + block - 1) / block
	out := make([]float64, chunks)
	sdata := make([]float64, block)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		count := l.Count()
		for i := tid; i < n; i += count {
			base := i - tid
			v := in[i]
			sdata[tid] = v
			l.Barrier() // EXPECT
			for s := count / 2; s > 0; s >>= 1 {
				if tid < s {
					sdata[tid] = max(sdata[tid], sdata[tid+s])
				}
				l.Barrier() // EXPECT
			}
			if tid == 0 {
				out[base/count] = sdata[0]
			}
			l.Barrier() // EXPECT
		}
	})
	return out, err
}

// PrefixUntilSentinel returns the sum of in up to (not including) its
// first negative element, a terminator. The block consumes block elements
// per round; ReduceMin finds the first terminator of the round, lanes at or
// past it contribute zero, and the block stops together once one is seen.
//
// kernel(ok)
func PrefixUntilSentinel(in []int) (int, error) {
	n := len(in)
	var out int
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		total := 0
		for base := 0; base < n; base += l.Count() {
			i := base + tid
			v := 0
			if i < n {
				v = in[i]
			}
			pos := n
			if v < 0 {
				pos = i
			}
			first := spmd.ReduceMin(l, pos)
			if i >= first {
				v = 0 // at or past the terminator
			}
			total += spmd.ReduceAdd(l, v)
			if first < n {
				break // uniform: every lane saw the same first
			}
		}
		if tid == 0 {
			out = total
		}
	})
	return out, err
}

// PrefixUntilSentinelBug has the lanes at or past the terminator break
// instead of contributing zero. They leave the round loop while the others
// still reduce.
//
// kernel(bug)
func PrefixUntilSentinelBug(in []int) (int, error) {
	n := len(in)
	var out int
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		total := 0
		for base := 0; base < n; base += l.Count() {
			i := base + tid
			v := 0
			if i < n {
				v = in[i]
			}
			pos := n
			if v < 0 {
				pos = i
			}
			first := spmd.ReduceMin(l, pos) // EXPECT
			if i >= first {
				break // at or past the terminator
			}
			total += spmd.ReduceAdd(l, v) // EXPECT
			if first < n {
				break // uniform: every lane saw the same first
			}
		}
		if tid == 0 {
			out = total
		}
	})
	return out, err
}

// maxShift bounds the block exponent of BlockFixedSum.
const maxShift = 40

// BlockFixedSum adds up in exactly, in fixed point with a block exponent:
// each lane finds how far its value can be scaled up by powers of two and
// still be below 2^30 (a loop the lanes leave at different iterations),
// the block takes the least of those shifts as its common exponent, and
// the scaled integers are summed with an integer reduction. A lane whose
// value is zero can scale forever and stops at maxShift, which does not
// change the minimum.
//
// kernel(ok)
func BlockFixedSum(in []float64) (float64, error) {
	n := len(in)
	var out float64
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		var total float64
		for base := 0; base < n; base += l.Count() {
			i := base + tid
			x := 0.0
			if i < n {
				x = in[i]
			}
			e := 0
			for e < maxShift {
				if math.Abs(math.Ldexp(x, e+1)) >= 1<<30 {
					break
				}
				e++
			}
			e = spmd.ReduceMin(l, e)
			q := int64(math.Round(math.Ldexp(x, e)))
			sum := spmd.ReduceAdd(l, q)
			total += math.Ldexp(float64(sum), -e)
		}
		if tid == 0 {
			out = total
		}
	})
	return out, err
}

// BlockFixedSumBug agrees on the block exponent only among the lanes that
// stopped before maxShift, "the ones with something to scale". e comes out
// of a loop the lanes leave at different iterations, so the branch on it is
// divergent: the lanes holding zero skip the ReduceMin.
//
// kernel(bug)
func BlockFixedSumBug(in []float64) (float64, error) {
	n := len(in)
	var out float64
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		var total float64
		for base := 0; base < n; base += l.Count() {
			i := base + tid
			x := 0.0
			if i < n {
				x = in[i]
			}
			e := 0
			for e < maxShift {
				if math.Abs(math.Ldexp(x, e+1)) >= 1<<30 {
					break
				}
				e++
			}
			if e < maxShift {
				e = spmd.ReduceMin(l, e) // EXPECT
			}
			q := int64(math.Round(math.Ldexp(x, e)))
			sum := spmd.ReduceAdd(l, q)
			total += math.Ldexp(float64(sum), -e)
		}
		if tid == 0 {
			out = total
		}
	})
	return out, err
}

// blockSum is the shared-memory tree of Sum as a device function: every
// lane of the block must call it, with its value; it returns the block's
// sum in every lane.
func blockSum(l spmd.Lane, sdata []float64, v float64) float64 {
	tid := l.Index()
	sdata[tid] = v
	l.Barrier()
	for s := l.Count() / 2; s > 0; s >>= 1 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		l.Barrier()
	}
	r := sdata[0]
	l.Barrier() // all lanes have read the result before sdata is reused
	return r
}

// Cosine returns the cosine similarity of a and b (of equal length): the
// dot product and both squared norms are accumulated chunk by chunk with
// the blockSum device function. Lanes past the end pass zeros.
//
// kernel(ok)
func Cosine(a, b []float64) (float64, error) {
	n := len(a)
	sdata := make([]float64, block)
	var out float64
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		var dot, na, nb float64
		for base := 0; base < n; base += l.Count() {
			i := base + tid
			var x, y float64
			if i < n {
				x, y = a[i], b[i]
			}
			dot += blockSum(l, sdata, x*y)
			na += blockSum(l, sdata, x*x)
			nb += blockSum(l, sdata, y*y)
		}
		if tid == 0 && na > 0 && nb > 0 {
			out = dot / math.Sqrt(na*nb)
		}
	})
	return out, err
}

// CosineBug skips the rest of the chunk in the lanes past the end with a
// continue, as the element-wise kernels of the same file do. The calls of
// the device function, each of which holds barriers, are then made by the
// lanes with data only.
//
// kernel(bug)
func CosineBug(a, b []float64) (float64, error) {
	n := len(a)
	sdata := make([]float64, block)
	var out float64
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		var dot, na, nb float64
		for base := 0; base < n; base += l.Count() {
			i := base + tid
			if i >= n {
				continue
			}
			x, y := a[i], b[i]
			dot += blockSum(l, sdata, x*y) // EXPECT
			na += blockSum(l, sdata, x*x)  // EXPECT
			nb += blockSum(l, sdata, y*y)  // EXPECT
		}
		if tid == 0 && na > 0 && nb > 0 {
			out = dot / math.Sqrt(na*nb)
		}
	})
	return out, err
}

// ArgMin returns the index of the least element of in (the first one on
// ties) and -1 for an empty slice. Each round the block finds the least
// value with ReduceMin and then the least index holding it with a second
// ReduceMin that every lane joins, passing n when it does not hold it.
//
// kernel(ok)
func ArgMin(in []int32) (int, error) {
	n := len(in)
	idx := -1
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		bestVal := int32(math.MaxInt32)
		bestIdx := n
		for base := 0; base < n; base += l.Count() {
			i := base + tid
			v := int32(math.MaxInt32)
			if i < n {
				v = in[i]
			}
			m := spmd.ReduceMin(l, v)
			cand := n
			if i < n && v == m {
				cand = i
			}
			at := spmd.ReduceMin(l, cand)
			if m < bestVal {
				bestVal, bestIdx = m, at
			}
		}
		if tid == 0 && bestIdx < n {
			idx = bestIdx
		}
	})
	return idx, err
}

// ArgMinBug asks only the lanes that hold the round's minimum for their
// index: the second ReduceMin sits in a branch on the lane's own value.
//
// kernel(bug)
func ArgMinBug(in []int32) (int, error) {
	n := len(in)
	idx := -1
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		bestVal := int32(math.MaxInt32)
		bestIdx := n
		for base := 0; base < n; base += l.Count() {
			i := base + tid
			v := int32(math.MaxInt32)
			if i < n {
				v = in[i]
			}
			m := spmd.ReduceMin(l, v)
			at := n
			if i < n && v == m {
				at = spmd.ReduceMin(l, i) // EXPECT
			}
			if m < bestVal {
				bestVal, bestIdx = m, at
			}
		}
		if tid == 0 && bestIdx < n {
			idx = bestIdx
		}
	})
	return idx, err
}
