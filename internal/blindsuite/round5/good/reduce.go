// Package good holds correct kernels: every convergent call is reached by
// all lanes together. Many are shaped to look suspicious to a naive checker.
package good

import (
	"math/bits"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round5/dev"
	"github.com/spmdvet/spmdvet/spmd"
)

// GridStrideSum adds up data with a grid-stride loop (lane-dependent trip
// count, nothing convergent inside) and one reduction after it.
func GridStrideSum(lanes int, data []float64) (float64, error) {
	var total float64
	err := spmd.Run(lanes, func(l spmd.Lane) {
		var part float64
		for i := l.Index(); i < len(data); i += l.Count() {
			part += data[i]
		}
		sum := spmd.ReduceAdd(l, part)
		if l.Index() == 0 {
			total = sum
		}
	})
	return total, err
}

// SharedTreeSum passes shared scratch three levels down (BlockSum ->
// TreeReduce -> foldStep) and branches on the uniform result.
func SharedTreeSum(lanes int, data []int) (int, int, error) {
	sc := dev.NewScratch(lanes)
	var total, extra int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		s := dev.BlockSum(l, sc, data[tid])
		if s > 100 {
			l.Barrier()
			if tid == 0 {
				extra = 1
			}
		}
		if tid == 0 {
			total = s
		}
	})
	return total, extra, err
}

// ButterflyStore does warp-style shuffles whose results are only stored.
func ButterflyStore(lanes int, data []float64, out, diff []float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		x := data[tid]
		partner := spmd.ShuffleXor(l, x, 1)
		diff[tid] = partner - x
		v := x
		for m := 1; m < l.Count(); m <<= 1 {
			v += spmd.ShuffleXor(l, v, m)
		}
		out[tid] = v
	})
}

// WarpSumGate branches on the result of a wrapper declared uniform.
func WarpSumGate(lanes int, data []int) (int, error) {
	phases := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		s := dev.WarpSum(l, data[l.Index()])
		for p := 0; p < s%4; p++ {
			l.Barrier()
			if l.Index() == 0 {
				phases++
			}
		}
	})
	return phases, err
}

// BallotGate lets a ballot decide uniform control, and elects a leader
// whose value is broadcast to everyone.
func BallotGate(lanes int, data []int) (count, leaderVal int, err error) {
	err = spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		mask := spmd.Ballot(l, data[tid] > 0)
		if mask != 0 {
			leader := bits.TrailingZeros64(mask)
			v := spmd.Broadcast(l, data[tid], leader)
			if v > 2 {
				l.Barrier()
			}
			if tid == leader {
				count = bits.OnesCount64(mask)
				leaderVal = v
			}
		}
		l.Barrier()
	})
	return count, leaderVal, err
}

// MinHopDistances relaxes distances along a line of cells until no lane
// changes any more: the loop exit is decided by spmd.Any.
func MinHopDistances(lanes int, dist []int) (int, error) {
	rounds := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		for r := 0; r < l.Count()+1; r++ {
			best := dist[tid]
			if tid > 0 && dist[tid-1]+1 < best {
				best = dist[tid-1] + 1
			}
			if tid+1 < l.Count() && dist[tid+1]+1 < best {
				best = dist[tid+1] + 1
			}
			changed := best != dist[tid]
			l.Barrier()
			dist[tid] = best
			l.Barrier()
			if !spmd.Any(l, changed) {
				if tid == 0 {
					rounds = r
				}
				break
			}
		}
	})
	return rounds, err
}

// NewtonSqrt iterates until every lane has converged: All decides the loop.
func NewtonSqrt(lanes int, a []float64, out []float64) (int, error) {
	iters := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		v := a[tid]
		x := v
		n := 0
		for !spmd.All(l, x*x-v < 1e-9*v && v-x*x < 1e-9*v) {
			x = (x + v/x) / 2
			n++
		}
		out[tid] = x
		if tid == 0 {
			iters = n
		}
	})
	return iters, err
}

// RaggedWork runs as many rounds as the busiest lane needs: the bound is a
// ReduceMax of per-lane work; idle lanes contribute zero.
func RaggedWork(lanes int, work []int) (int, error) {
	acc := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		iters := spmd.ReduceMax(l, work[tid])
		for k := 0; k < iters; k++ {
			contrib := 0
			if k < work[tid] {
				contrib = k + 1
			}
			s := spmd.ReduceAdd(l, contrib)
			if tid == 0 {
				acc += s
			}
		}
	})
	return acc, err
}

// FirstLaneBound takes the trip count from lane 0's element.
func FirstLaneBound(lanes int, data []int) (int, error) {
	sum := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		n := spmd.BroadcastFirst(l, data[l.Index()])
		for i := 0; i < n; i++ {
			s := spmd.ReduceAdd(l, i)
			if l.Index() == 0 {
				sum += s
			}
		}
	})
	return sum, err
}

// BroadcastPivot broadcasts from a uniform source lane and branches on it.
func BroadcastPivot(lanes int, data []int) (int, error) {
	syncs := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		last := l.Count() - 1
		p := spmd.Broadcast(l, data[l.Index()], last)
		if p > 5 {
			l.Barrier()
			if l.Index() == last {
				syncs++
			}
		}
	})
	return syncs, err
}

// Histogram computes a histogram of small values with one ReduceAdd per
// bin; the number of bins comes from ReduceMin/ReduceMax.
func Histogram(lanes int, data []int) ([]int, error) {
	var hist []int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		x := data[l.Index()]
		lo := spmd.ReduceMin(l, x)
		hi := spmd.ReduceMax(l, x)
		for b := 0; b <= hi-lo; b++ {
			one := 0
			if x-lo == b {
				one = 1
			}
			c := spmd.ReduceAdd(l, one)
			if l.Index() == 0 {
				hist = append(hist, c)
			}
		}
	})
	return hist, err
}

// Compact keeps the positive elements, in order: ExclusiveAdd gives each
// lane its offset, which is only used as an address.
func Compact(lanes int, data []int) ([]int, error) {
	out := make([]int, lanes)
	n := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		keep := 0
		if data[tid] > 0 {
			keep = 1
		}
		off := spmd.ExclusiveAdd(l, keep)
		total := spmd.ReduceAdd(l, keep)
		if keep == 1 {
			out[off] = data[tid]
		}
		for i := 0; i < total; i++ {
			l.Barrier()
		}
		if tid == 0 {
			n = total
		}
	})
	return out[:n], err
}

// RotateDiff uses Shuffle and InclusiveAdd results as data only.
func RotateDiff(lanes int, data []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		next := spmd.Shuffle(l, data[tid], (tid+1)%l.Count())
		pre := spmd.InclusiveAdd(l, data[tid])
		out[tid] = next - data[tid] + pre
		l.Barrier()
	})
}

// RecursiveTree reduces shared data with a recursive helper whose depth
// parameter is uniform.
func RecursiveTree(lanes int, buf []float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		dev.RecReduce(l, buf, l.Count()/2)
	})
}

// GenericMaxBlock reduces with a generic helper and an op closure, then
// loops on the result.
func GenericMaxBlock(lanes int, data []int32) (int32, error) {
	scratch := make([]int32, lanes)
	var best int32
	err := spmd.Run(lanes, func(l spmd.Lane) {
		m := dev.BlockReduce(l, scratch, data[l.Index()], func(a, b int32) int32 { return max(a, b) })
		for i := int32(0); i < m%3; i++ {
			l.Barrier()
		}
		if l.Index() == 0 {
			best = m
		}
	})
	return best, err
}
