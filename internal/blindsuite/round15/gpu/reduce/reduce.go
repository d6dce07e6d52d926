// Package reduce holds reductions ported from CUDA/HIP samples: shared-memory
// tree reductions, warp-shuffle butterflies, softmax and k-means.
package reduce

import (
	"math"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round15/gpu/blockutil"
	"github.com/spmdvet/spmdvet/spmd"
)

const warp = 32

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// nearest is plain Go (not SPMD): the index of the centroid closest to p.
func nearest(p float64, centroids []float64) int {
	best, bestD := 0, math.Inf(1)
	for c, x := range centroids {
		if d := math.Abs(p - x); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// SharedTreeSum (correct): the classic reduce kernel (NVIDIA "reduction" #2/#3).
// The loop over s has a uniform trip count (it only depends on Count), the
// guard `if tid < s` only protects the add, and the barrier is outside it,
// so every lane reaches every barrier. len(data) lanes, a power of two.
func SharedTreeSum(data []int) (int, error) {
	shared := make([]int, len(data))
	var out int
	err := spmd.Run(len(data), func(l spmd.Lane) {
		tid := l.Index()
		shared[tid] = data[tid]
		l.Barrier()
		for s := l.Count() / 2; s > 0; s >>= 1 {
			if tid < s {
				shared[tid] += shared[tid+s]
			}
			l.Barrier()
		}
		if tid == 0 {
			out = shared[0]
		}
	})
	return out, err
}

// SharedTreeSumBarrierInIf (bug): the barrier was moved inside `if tid < s`,
// "since only the active half needs to sync". Lanes tid >= s skip it.
func SharedTreeSumBarrierInIf(data []int) (int, error) {
	shared := make([]int, len(data))
	var out int
	err := spmd.Run(len(data), func(l spmd.Lane) {
		tid := l.Index()
		shared[tid] = data[tid]
		l.Barrier()
		for s := l.Count() / 2; s > 0; s >>= 1 {
			if tid < s {
				shared[tid] += shared[tid+s]
				l.Barrier() // EXPECT
			}
		}
		if tid == 0 {
			out = shared[0]
		}
	})
	return out, err
}

// SharedTreeSumEarlyReturn (bug): the group is padded to a power of two and
// lanes past the end of the data return at once, before the barriers, which
// the remaining lanes then wait at forever. Every barrier after the return is
// reached only by the lanes that stayed.
func SharedTreeSumEarlyReturn(data []int, lanes int) (int, error) {
	n := len(data)
	shared := make([]int, lanes)
	var out int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		if tid >= n {
			return
		}
		shared[tid] = data[tid]
		l.Barrier() // EXPECT
		for s := l.Count() / 2; s > 0; s >>= 1 {
			if tid < s && tid+s < n {
				shared[tid] += shared[tid+s]
			}
			l.Barrier() // EXPECT
		}
		if tid == 0 {
			out = shared[0]
		}
	})
	return out, err
}

// SharedTreeSumPadded (correct): the fix of the previous kernel. Out-of-range
// lanes contribute a zero instead of leaving; every lane runs every barrier.
func SharedTreeSumPadded(data []int, lanes int) (int, error) {
	n := len(data)
	shared := make([]int, lanes)
	var out int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		v := 0
		if tid < n {
			v = data[tid]
		}
		shared[tid] = v
		l.Barrier()
		for s := l.Count() / 2; s > 0; s >>= 1 {
			if tid < s {
				shared[tid] += shared[tid+s]
			}
			l.Barrier()
		}
		if tid == 0 {
			out = shared[0]
		}
	})
	return out, err
}

// WarpButterflySum (correct): __shfl_xor_sync butterfly. The mask loop only
// depends on Count, so every lane runs every ShuffleXor; every lane ends with
// the total. Returns what each lane computed.
func WarpButterflySum(data []float64) ([]float64, error) {
	res := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		v := data[l.Index()]
		for m := l.Count() / 2; m > 0; m >>= 1 {
			v += spmd.ShuffleXor(l, v, m)
		}
		res[l.Index()] = v
	})
	return res, err
}

// LastWarpUnrolled (bug): the CUDA "if (tid < 32) warpReduce(sdata, tid)"
// idiom ported with shuffles. On hardware the other warps simply were not
// part of the warp-level op; here the shuffle is a group collective and lanes
// 32.. skip it. len(data) lanes, a power of two >= 64.
func LastWarpUnrolled(data []int) (int, error) {
	shared := make([]int, len(data))
	var out int
	err := spmd.Run(len(data), func(l spmd.Lane) {
		tid := l.Index()
		shared[tid] = data[tid]
		l.Barrier()
		for s := l.Count() / 2; s >= warp; s >>= 1 {
			if tid < s {
				shared[tid] += shared[tid+s]
			}
			l.Barrier()
		}
		if tid < warp {
			v := shared[tid]
			for m := warp / 2; m > 0; m >>= 1 {
				v += spmd.ShuffleXor(l, v, m) // EXPECT
			}
			if tid == 0 {
				out = v
			}
		}
	})
	return out, err
}

// LastWarpAllLanes (correct): the fix. Only the load is guarded; all lanes run
// the shuffles (lanes 32.. shuffle zeros among themselves).
func LastWarpAllLanes(data []int) (int, error) {
	shared := make([]int, len(data))
	var out int
	err := spmd.Run(len(data), func(l spmd.Lane) {
		tid := l.Index()
		shared[tid] = data[tid]
		l.Barrier()
		for s := l.Count() / 2; s >= warp; s >>= 1 {
			if tid < s {
				shared[tid] += shared[tid+s]
			}
			l.Barrier()
		}
		v := 0
		if tid < warp {
			v = shared[tid]
		}
		for m := warp / 2; m > 0; m >>= 1 {
			v += spmd.ShuffleXor(l, v, m)
		}
		if tid == 0 {
			out = v
		}
	})
	return out, err
}

// SoftmaxPadded (correct): one row of softmax in a group padded past len(x).
// Padding lanes take -Inf (and 0 after exp) but still run both reductions.
func SoftmaxPadded(x []float64, lanes int) ([]float64, error) {
	n := len(x)
	out := make([]float64, n)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		v := math.Inf(-1)
		if tid < n {
			v = x[tid]
		}
		m := spmd.ReduceMax(l, v)
		e := 0.0
		if tid < n {
			e = math.Exp(v - m)
		}
		s := spmd.ReduceAdd(l, e)
		if tid < n {
			out[tid] = e / s
		}
	})
	return out, err
}

// SoftmaxMasked (bug): same row softmax, but the whole body, reductions
// included, is wrapped in `if tid < n`, so padding lanes skip both of them.
func SoftmaxMasked(x []float64, lanes int) ([]float64, error) {
	n := len(x)
	out := make([]float64, n)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		if tid < n {
			v := x[tid]
			m := spmd.ReduceMax(l, v) // EXPECT
			e := math.Exp(v - m)
			s := spmd.ReduceAdd(l, e) // EXPECT
			out[tid] = e / s
		}
	})
	return out, err
}

// SoftmaxOverflowGuard (correct): branches on the row maximum, which comes
// from ReduceMax and is therefore uniform; both arms hold a ReduceAdd but all
// lanes take the same arm. One lane per element.
func SoftmaxOverflowGuard(x []float64) ([]float64, error) {
	out := make([]float64, len(x))
	err := spmd.Run(len(x), func(l spmd.Lane) {
		v := x[l.Index()]
		m := spmd.ReduceMax(l, v)
		var e, s float64
		if m > 700 { // exp(v) would overflow: shift by the max
			e = math.Exp(v - m)
			s = spmd.ReduceAdd(l, e)
		} else {
			e = math.Exp(v)
			s = spmd.ReduceAdd(l, e)
		}
		out[l.Index()] = e / s
	})
	return out, err
}

// KMeansAssign (correct): assignment step of 1-D k-means, one lane per point.
// The centroid loop has a uniform trip count (len of a captured slice), and
// the per-cluster count loop calls ReduceAdd in every lane.
func KMeansAssign(points, centroids []float64) (assign, counts []int, err error) {
	assign = make([]int, len(points))
	counts = make([]int, len(centroids))
	err = spmd.Run(len(points), func(l spmd.Lane) {
		tid := l.Index()
		p := points[tid]
		best, bestD := 0, math.Inf(1)
		for c := 0; c < len(centroids); c++ {
			d := math.Abs(p - centroids[c])
			if d < bestD {
				best, bestD = c, d
			}
		}
		assign[tid] = best
		for c := range centroids {
			n := spmd.ReduceAdd(l, b2i(best == c))
			if tid == 0 {
				counts[c] = n
			}
		}
	})
	return assign, counts, err
}

// KMeansAssignEarlyBreak (bug): the assignment loop was fused with "count the
// points within radius of each centroid", and a lane that sits exactly on a
// centroid breaks out early. It leaves the loop in another iteration than
// the others, which then wait at the ReduceAdd without it.
func KMeansAssignEarlyBreak(points, centroids []float64, radius float64) (assign, near []int, err error) {
	assign = make([]int, len(points))
	near = make([]int, len(centroids))
	err = spmd.Run(len(points), func(l spmd.Lane) {
		tid := l.Index()
		p := points[tid]
		best, bestD := 0, math.Inf(1)
		for c := 0; c < len(centroids); c++ {
			d := math.Abs(p - centroids[c])
			if d == 0 {
				best = c
				break
			}
			if d < bestD {
				best, bestD = c, d
			}
			n := spmd.ReduceAdd(l, b2i(d < radius)) // EXPECT
			if tid == 0 {
				near[c] = n
			}
		}
		assign[tid] = best
	})
	return assign, near, err
}

// KMeansUpdate (correct): update step. For each centroid (uniform loop) every
// lane calls the block reduction helper, contributing 0 when its point is in
// another cluster. blockutil.BlockReduceSum is convergent (it has barriers)
// and is reached by all lanes. len(points) lanes, a power of two.
func KMeansUpdate(points, centroids []float64) ([]float64, error) {
	buf := make([]float64, len(points))
	newC := make([]float64, len(centroids))
	err := spmd.Run(len(points), func(l spmd.Lane) {
		p := points[l.Index()]
		best := nearest(p, centroids)
		for c := 0; c < len(centroids); c++ {
			sel := 0.0
			if best == c {
				sel = p
			}
			sum := blockutil.BlockReduceSum(l, buf, sel)
			cnt := spmd.ReduceAdd(l, b2i(best == c))
			if l.Index() == 0 {
				if cnt > 0 {
					newC[c] = sum / float64(cnt)
				} else {
					newC[c] = centroids[c]
				}
			}
		}
	})
	return newC, err
}

// KMeansUpdateMasked (bug): only the members of cluster c call the block
// reduction, "since the others would add zero anyway". The helper performs
// barriers, so calling it under `if best == c` is a divergent convergent call.
func KMeansUpdateMasked(points, centroids []float64) ([]float64, error) {
	buf := make([]float64, len(points))
	newC := make([]float64, len(centroids))
	err := spmd.Run(len(points), func(l spmd.Lane) {
		p := points[l.Index()]
		best := nearest(p, centroids)
		for c := 0; c < len(centroids); c++ {
			sum := 0.0
			if best == c {
				sum = blockutil.BlockReduceSum(l, buf, p) // EXPECT
			}
			cnt := spmd.ReduceAdd(l, b2i(best == c))
			if best == c && cnt > 0 {
				newC[c] = sum / float64(cnt)
			}
		}
	})
	return newC, err
}

// ArgMaxWinnerBroadcast (bug): ported from HLSL, where WaveReadLaneFirst reads
// the first *active* lane. The winners (v == max) call BroadcastFirst inside
// the branch; the other lanes never arrive.
func ArgMaxWinnerBroadcast(data []float64) (int, error) {
	idx := -1
	err := spmd.Run(len(data), func(l spmd.Lane) {
		v := data[l.Index()]
		m := spmd.ReduceMax(l, v)
		if v == m {
			first := spmd.BroadcastFirst(l, l.Index()) // EXPECT
			if l.Index() == first {
				idx = first
			}
		}
	})
	return idx, err
}

// ArgMaxBallot (correct): the winners are found with a Ballot that every lane
// runs; the lowest set bit is the first maximal lane. At most 64 lanes.
func ArgMaxBallot(data []float64) (int, error) {
	idx := -1
	err := spmd.Run(len(data), func(l spmd.Lane) {
		v := data[l.Index()]
		m := spmd.ReduceMax(l, v)
		mask := spmd.Ballot(l, v == m)
		first := 0
		for mask&(1<<uint(first)) == 0 {
			first++
		}
		if l.Index() == 0 {
			idx = first
		}
	})
	return idx, err
}

// BroadcastViaSharedBug (bug, reported inside blockutil.PublishFromLeader):
// every lane calls the helper, so this call site is fine; the divergent
// barrier is the one in the helper.
func BroadcastViaSharedBug(data []int) ([]int, error) {
	slot := make([]int, 1)
	res := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		res[l.Index()] = blockutil.PublishFromLeader(l, slot, data[0]*2)
	})
	return res, err
}
