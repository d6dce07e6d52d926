package bad

import (
	"math"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round3/helpers"
	"github.com/spmdvet/spmdvet/spmd"
)

// WorkQueueBarrier synchronises after every item taken from an atomic work
// queue; lanes leave the loop when the queue runs dry, at different rounds.
func WorkQueueBarrier(lanes int, items []int, out []int) error {
	var next int64
	return spmd.Run(lanes, func(l spmd.Lane) {
		for {
			j := int(atomic.AddInt64(&next, 1) - 1)
			if j >= len(items) {
				break
			}
			out[j] = items[j] * 2
			l.Barrier() // EXPECT
		}
	})
}

// GridStrideBarrier puts a barrier in a grid-stride loop driven by the
// per-lane StrideIter: lanes run different numbers of iterations when the
// length is not a multiple of the block size.
func GridStrideBarrier(lanes int, data []int, out []int) error {
	tile := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		it := helpers.NewStride(l, len(data))
		for {
			j, ok := it.Next()
			if !ok {
				break
			}
			tile[i] = data[j]
			l.Barrier() // EXPECT
			out[j] = tile[(i+1)%l.Count()]
		}
	})
}

func isqrt(n int) int {
	t := 1
	for (t+1)*(t+1) <= n {
		t++
	}
	return t
}

// MatMulGuardBarrier is a tiled matrix multiply whose second barrier was
// moved inside the output bounds check.
func MatMulGuardBarrier(lanes int, a, b, c []float32, m, k, n int) error {
	T := isqrt(lanes)
	as := make([]float32, T*T)
	bs := make([]float32, T*T)
	return spmd.Run(T*T, func(l spmd.Lane) {
		ty, tx := l.Index()/T, l.Index()%T
		row, col := ty, tx
		var acc float32
		for k0 := 0; k0 < k; k0 += T {
			as[ty*T+tx], bs[ty*T+tx] = 0, 0
			if row < m && k0+tx < k {
				as[ty*T+tx] = a[row*k+k0+tx]
			}
			if k0+ty < k && col < n {
				bs[ty*T+tx] = b[(k0+ty)*n+col]
			}
			l.Barrier()
			if row < m && col < n {
				for e := 0; e < T; e++ {
					acc += as[ty*T+e] * bs[e*T+tx]
				}
				l.Barrier() // EXPECT
			}
		}
		if row < m && col < n {
			c[row*n+col] = acc
		}
	})
}

// MatVecEarlyReturn returns from the lanes past the last row before the
// cooperative staging of x.
func MatVecEarlyReturn(lanes int, a, x, y []float64, m, n int) error {
	bufs := [2][]float64{make([]float64, lanes), make([]float64, lanes)}
	return spmd.Run(lanes, func(l spmd.Lane) {
		row := l.Index()
		cnt := l.Count()
		if row >= m {
			return
		}
		var acc float64
		for c0 := 0; c0 < n; c0 += cnt {
			buf := bufs[(c0/cnt)%2]
			if c0+row < n {
				buf[row] = x[c0+row]
			}
			l.Barrier() // EXPECT
			for e := 0; e < cnt && c0+e < n; e++ {
				acc += a[row*n+c0+e] * buf[e]
			}
		}
		y[row] = acc
	})
}

// BitonicBarrierInIf synchronises only in the lanes that do a
// compare-exchange.
func BitonicBarrierInIf(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		for k := 2; k <= l.Count(); k <<= 1 {
			for j := k >> 1; j > 0; j >>= 1 {
				ixj := i ^ j
				if ixj > i {
					if (data[i] > data[ixj]) == (i&k == 0) {
						data[i], data[ixj] = data[ixj], data[i]
					}
					l.Barrier() // EXPECT
				}
			}
		}
	})
}

// OddEvenLocalStop stops sorting in a lane as soon as that lane had nothing
// to swap, instead of voting.
func OddEvenLocalStop(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		n := l.Count()
		for phase := 0; phase < n; phase++ {
			swapped := false
			if i%2 == phase%2 && i+1 < n && data[i] > data[i+1] {
				data[i], data[i+1] = data[i+1], data[i]
				swapped = true
			}
			if !swapped && phase > 0 {
				break
			}
			l.Barrier() // EXPECT
		}
	})
}

// ScanLaneBound runs a ping-pong scan whose step loop is bounded by the
// lane index instead of the block size.
func ScanLaneBound(lanes int, in, out []int) error {
	a := make([]int, lanes)
	b := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		src, dst := a, b
		src[tid] = in[tid]
		for off := 1; off <= tid; off <<= 1 {
			dst[tid] = src[tid] + src[tid-off]
			l.Barrier() // EXPECT
			src, dst = dst, src
		}
		out[tid] = src[tid]
	})
}

// CompactScanInIf computes output slots with a scan inside the keep test.
func CompactScanInIf(lanes int, data []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		if data[i] > 0 {
			pos := spmd.ExclusiveAdd(l, 1) // EXPECT
			out[pos] = data[i]
		}
	})
}

// HistHotBin counts the elements of the hot bin with a reduction that only
// those lanes execute.
func HistHotBin(lanes int, in []int, hist []int32, hot *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		bin := in[i] % len(hist)
		atomic.AddInt32(&hist[bin], 1)
		l.Barrier()
		if bin == 0 {
			*hot = spmd.ReduceAdd(l, 1) // EXPECT
		}
	})
}

// TileRangeBreak leaves a range-over-func tile loop in the lanes whose
// element is past the end, before the tile's barrier.
func TileRangeBreak(lanes int, data []int, out []int) error {
	tile := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		cnt := l.Count()
		for t := range helpers.Tiles(len(data), cnt) {
			j := t*cnt + i
			if j >= len(data) {
				break
			}
			tile[i] = data[j]
			l.Barrier() // EXPECT
			out[j] = tile[(i+1)%cnt]
		}
	})
}

// JacobiLocalConverge stops iterating in each lane when that lane's own
// cells have converged, instead of reducing the change over the block.
func JacobiLocalConverge(lanes int, u, v []float64, iters int, eps float64) error {
	n := len(u)
	return spmd.Run(lanes, func(l spmd.Lane) {
		src, dst := u, v
		for it := 0; it < iters; it++ {
			diff := 0.0
			for j := l.Index(); j < n; j += l.Count() {
				if j == 0 || j == n-1 {
					dst[j] = src[j]
					continue
				}
				dst[j] = (src[j-1] + src[j+1]) / 2
				diff = max(diff, math.Abs(dst[j]-src[j]))
			}
			l.Barrier() // EXPECT
			src, dst = dst, src
			if diff < eps {
				break
			}
		}
	})
}

// BFSLocalStop is a level-synchronous BFS in which each lane stops when it
// pushed nothing itself, instead of when the whole frontier is empty.
// Frontiers and their counters are triple-buffered so one barrier per level
// suffices.
func BFSLocalStop(lanes int, offsets, edges []int, level []int32) error {
	nv := len(offsets) - 1
	var fr [3][]int32
	for k := range fr {
		fr[k] = make([]int32, nv)
	}
	var lens [3]int32
	fr[0][0] = 0
	lens[0] = 1
	level[0] = 0
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		for depth := int32(1); ; depth++ {
			cur, nxt := fr[(depth-1)%3], (depth)%3
			size := int(lens[(depth-1)%3])
			if i == 0 {
				lens[(depth+1)%3] = 0
			}
			pushed := 0
			for f := i; f < size; f += l.Count() {
				u := cur[f]
				for _, w := range edges[offsets[u]:offsets[u+1]] {
					if atomic.CompareAndSwapInt32(&level[w], -1, depth) {
						fr[nxt][atomic.AddInt32(&lens[nxt], 1)-1] = int32(w)
						pushed++
					}
				}
			}
			if pushed == 0 {
				break
			}
			l.Barrier() // EXPECT
		}
	})
}
