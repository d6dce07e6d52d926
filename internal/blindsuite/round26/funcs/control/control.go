// Package control is about closures that shape control flow in kernels:
// captured state, defer, recursion, immediately invoked literals,
// decorators, iterators and generic helpers that take callbacks.
package control

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

// Clamp clamps data to [lo, hi] in place, one element per lane, and
// returns how many elements were clamped (0 if none).
//
// kernel(ok)
func Clamp(data []float64, lo, hi float64) (int, error) {
	var count int
	err := spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		clamped := false
		mark := func(v float64) {
			data[idx] = v
			clamped = true
		}
		if v := data[idx]; v < lo {
			mark(lo)
		} else if v > hi {
			mark(hi)
		}
		if spmd.Any(l, clamped) {
			n := spmd.ReduceAdd(l, b2i(clamped))
			if idx == 0 {
				count = n
			}
		}
	})
	return count, err
}

// ClampCount counts only in the lanes that clamped.
//
// kernel(bug)
func ClampCount(data []float64, lo, hi float64) (int, error) {
	var count int
	err := spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		clamped := false
		mark := func(v float64) {
			data[idx] = v
			clamped = true
		}
		if v := data[idx]; v < lo {
			mark(lo)
		} else if v > hi {
			mark(hi)
		}
		if clamped {
			n := spmd.ReduceAdd(l, 1) // EXPECT
			if idx == 0 {
				count = n
			}
		}
	})
	return count, err
}

// smooth replaces each element of buf (one per lane) by the average of its
// neighbourhood.
func smooth(l spmd.Lane, buf []float64) {
	i, n := l.Index(), l.Count()
	v := (buf[max(i-1, 0)] + buf[i] + buf[min(i+1, n-1)]) / 3
	l.Barrier()
	buf[i] = v
	l.Barrier()
}

// Relax smooths buf base times, and extra more times if any element is
// farther than tol from its right neighbour.
//
// kernel(ok)
func Relax(buf []float64, base, extra int, tol float64) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		i := l.Index()
		budget := 0
		grant := func(k int) { budget += k }
		grant(base)
		rough := math.Abs(buf[i]-buf[min(i+1, l.Count()-1)]) > tol
		if spmd.Any(l, rough) {
			grant(extra)
		}
		for s := 0; s < budget; s++ {
			smooth(l, buf)
		}
	})
}

// RelaxLocal grants the extra passes to the rough lanes only.
//
// kernel(bug)
func RelaxLocal(buf []float64, base, extra int, tol float64) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		i := l.Index()
		budget := 0
		grant := func(k int) { budget += k }
		grant(base)
		rough := math.Abs(buf[i]-buf[min(i+1, l.Count()-1)]) > tol
		if rough {
			grant(extra)
		}
		for s := 0; s < budget; s++ {
			smooth(l, buf) // EXPECT
		}
	})
}

// StridedSum adds up data with a strided loop per lane; a deferred
// closure combines the partial sums when the lane is done.
//
// kernel(ok)
func StridedSum(data []float64, lanes int) (float64, error) {
	var total float64
	err := spmd.Run(lanes, func(l spmd.Lane) {
		idx := l.Index()
		part := 0.0
		defer func() {
			t := spmd.ReduceAdd(l, part)
			if idx == 0 {
				total = t
			}
		}()
		for j := idx; j < len(data); j += l.Count() {
			part += data[j]
		}
	})
	return total, err
}

// StridedSumOwners defers the combining only in the lanes that own some
// data.
//
// kernel(bug)
func StridedSumOwners(data []float64, lanes int) (float64, error) {
	var total float64
	err := spmd.Run(lanes, func(l spmd.Lane) {
		idx := l.Index()
		part := 0.0
		if idx < len(data) {
			defer func() { // EXPECT
				t := spmd.ReduceAdd(l, part)
				if idx == 0 {
					total = t
				}
			}()
		}
		for j := idx; j < len(data); j += l.Count() {
			part += data[j]
		}
	})
	return total, err
}

// Pyramid builds levels of a pairwise-average pyramid in place, one column
// per lane, down to the deepest level any lane needs; levels[d] holds one
// value per lane. It returns each lane's sum over the levels it visited.
//
// kernel(ok)
func Pyramid(need []int, levels [][]float64) ([]float64, error) {
	out := make([]float64, len(need))
	err := spmd.Run(len(need), func(l spmd.Lane) {
		idx := l.Index()
		depth := spmd.ReduceMax(l, need[idx])
		acc := 0.0
		var descend func(d int)
		descend = func(d int) {
			if d >= depth {
				return
			}
			acc += levels[d][idx]
			levels[d+1][idx] = (levels[d][idx] + levels[d][idx^1]) / 2
			l.Barrier()
			descend(d + 1)
		}
		descend(0)
		out[idx] = acc
	})
	return out, err
}

// PyramidOwn lets each lane stop at its own depth.
//
// kernel(bug)
func PyramidOwn(need []int, levels [][]float64) ([]float64, error) {
	out := make([]float64, len(need))
	err := spmd.Run(len(need), func(l spmd.Lane) {
		idx := l.Index()
		depth := need[idx]
		acc := 0.0
		var descend func(d int)
		descend = func(d int) {
			if d >= depth {
				return
			}
			acc += levels[d][idx]
			levels[d+1][idx] = (levels[d][idx] + levels[d][idx^1]) / 2
			l.Barrier()    // EXPECT
			descend(d + 1) // EXPECT
		}
		descend(0)
		out[idx] = acc
	})
	return out, err
}

// Descend walks a binary tree stored as a heap from the root to a leaf;
// at each node the lanes vote with their queries on the way to go. It
// returns the leaf.
//
// kernel(ok)
func Descend(tree []float64, queries []float64) (int, error) {
	var leaf int
	err := spmd.Run(len(queries), func(l spmd.Lane) {
		q := queries[l.Index()]
		var walk func(node int) int
		walk = func(node int) int {
			left := 2*node + 1
			if left >= len(tree) {
				return node
			}
			votes := bits.OnesCount64(spmd.Ballot(l, q < tree[node]))
			if 2*votes > l.Count() {
				return walk(left)
			}
			return walk(left + 1)
		}
		r := walk(0)
		if l.Index() == 0 {
			leaf = r
		}
	})
	return leaf, err
}

// DescendFrom starts each lane at its own node.
//
// kernel(bug)
func DescendFrom(tree []float64, queries []float64, starts []int) ([]int, error) {
	leaves := make([]int, len(queries))
	err := spmd.Run(len(queries), func(l spmd.Lane) {
		q := queries[l.Index()]
		var walk func(node int) int
		walk = func(node int) int {
			left := 2*node + 1
			if left >= len(tree) {
				return node
			}
			votes := bits.OnesCount64(spmd.Ballot(l, q < tree[node]))
			if 2*votes > l.Count() {
				return walk(left)
			}
			return walk(left + 1)
		}
		leaves[l.Index()] = walk(starts[l.Index()]) // EXPECT
	})
	return leaves, err
}

// Center subtracts the mean of data from it; the group may have more
// lanes than data has elements.
//
// kernel(ok)
func Center(data []float64, lanes int) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(lanes, func(l spmd.Lane) {
		idx := l.Index()
		has := idx < len(data)
		mean := func() float64 {
			v := 0.0
			if has {
				v = data[idx]
			}
			return spmd.ReduceAdd(l, v) / float64(len(data))
		}()
		if has {
			out[idx] = data[idx] - mean
		}
	})
	return out, err
}

// CenterInside computes the mean inside the lanes that hold data.
//
// kernel(bug)
func CenterInside(data []float64, lanes int) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(lanes, func(l spmd.Lane) {
		idx := l.Index()
		has := idx < len(data)
		if has {
			mean := func() float64 { // EXPECT
				return spmd.ReduceAdd(l, data[idx]) / float64(len(data))
			}()
			out[idx] = data[idx] - mean
		}
	})
	return out, err
}

// Reverse reverses data through shared memory; the group may have more
// lanes than data has elements.
//
// kernel(ok)
func Reverse(data []float64, lanes int) ([]float64, error) {
	out := make([]float64, len(data))
	shared := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		idx := l.Index()
		func() {
			if idx < len(data) {
				shared[idx] = data[idx]
			}
			l.Barrier()
		}()
		if idx < len(data) {
			out[idx] = shared[len(data)-1-idx]
		}
	})
	return out, err
}

// ReverseEarly leaves the staging block early in the lanes without data.
//
// kernel(bug)
func ReverseEarly(data []float64, lanes int) ([]float64, error) {
	out := make([]float64, len(data))
	shared := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		idx := l.Index()
		func() {
			if idx >= len(data) {
				return
			}
			shared[idx] = data[idx]
			l.Barrier() // EXPECT
		}()
		if idx < len(data) {
			out[idx] = shared[len(data)-1-idx]
		}
	})
	return out, err
}

// TileNormalize divides each tile of Count elements of data by the
// largest magnitude in the tile.
//
// kernel(ok)
func TileNormalize(data []float64, lanes int) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(lanes, func(l spmd.Lane) {
		kit.Tiles(l, len(data), func(base int) {
			i := base + l.Index()
			v := 0.0
			if i < len(data) {
				v = math.Abs(data[i])
			}
			m := spmd.ReduceMax(l, v)
			if i < len(data) {
				out[i] = data[i] / m
			}
		})
	})
	return out, err
}

// TileNormalizeOwned walks the elements each lane owns instead of the
// tiles, so lanes call the callback different numbers of times.
//
// kernel(bug)
func TileNormalizeOwned(data []float64, lanes int) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(lanes, func(l spmd.Lane) {
		kit.Owned(l, len(data), func(i int) { // EXPECT
			m := spmd.ReduceMax(l, math.Abs(data[i]))
			out[i] = data[i] / m
		})
	})
	return out, err
}

// Smooth applies passes rounds of smoothing to buf.
//
// kernel(ok)
func Smooth(buf []float64, passes int) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		kit.Times(passes, func(int) { smooth(l, buf) })
	})
}

// SmoothAdaptive smooths rounds[i] times in lane i.
//
// kernel(bug)
func SmoothAdaptive(buf []float64, rounds []int) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		kit.Times(rounds[l.Index()], func(int) { smooth(l, buf) }) // EXPECT
	})
}

// Rebalance replaces every load by the mean load if any load is above
// limit.
//
// kernel(ok)
func Rebalance(load []float64, limit float64) ([]float64, error) {
	out := append([]float64(nil), load...)
	err := spmd.Run(len(load), func(l spmd.Lane) {
		idx := l.Index()
		over := load[idx] > limit
		kit.When(spmd.Any(l, over), func() {
			out[idx] = spmd.ReduceAdd(l, load[idx]) / float64(l.Count())
		})
	})
	return out, err
}

// RebalanceOver lets only the overloaded lanes rebalance.
//
// kernel(bug)
func RebalanceOver(load []float64, limit float64) ([]float64, error) {
	out := append([]float64(nil), load...)
	err := spmd.Run(len(load), func(l spmd.Lane) {
		idx := l.Index()
		over := load[idx] > limit
		kit.When(over, func() { // EXPECT
			out[idx] = spmd.ReduceAdd(l, load[idx]) / float64(l.Count())
		})
	})
	return out, err
}

// PrefixMax returns the running maximum of data, one element per lane.
//
// kernel(ok)
func PrefixMax(data []float64) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		step := func(l spmd.Lane, v float64, d int) float64 {
			t := spmd.Shuffle(l, v, max(idx-d, 0))
			if idx < d {
				return v
			}
			return max(v, t)
		}
		out[idx] = kit.Scan(l, data[idx], step)
	})
	return out, err
}

// PrefixMaxLazy shuffles only in the lanes that have a partner.
//
// kernel(bug)
func PrefixMaxLazy(data []float64) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		step := func(l spmd.Lane, v float64, d int) float64 {
			if idx < d {
				return v
			}
			return max(v, spmd.Shuffle(l, v, idx-d)) // EXPECT
		}
		out[idx] = kit.Scan(l, data[idx], step)
	})
	return out, err
}

// SumPositive adds up the positive elements of data; the early return is
// from the closure only.
//
// kernel(ok)
func SumPositive(data []float64) (float64, error) {
	var total float64
	err := spmd.Run(len(data), func(l spmd.Lane) {
		acc := 0.0
		process := func(v float64) {
			if v <= 0 {
				return
			}
			acc += v
		}
		process(data[l.Index()])
		s := spmd.ReduceAdd(l, acc)
		if l.Index() == 0 {
			total = s
		}
	})
	return total, err
}

// SumPositiveInside reduces inside the closure, after its early return.
//
// kernel(bug)
func SumPositiveInside(data []float64) (float64, error) {
	var total float64
	err := spmd.Run(len(data), func(l spmd.Lane) {
		acc := 0.0
		process := func(v float64) {
			if v <= 0 {
				return
			}
			acc = spmd.ReduceAdd(l, v) // (EXPECT moved to the call below: the branch is on the parameter v, passed there)
		}
		process(data[l.Index()]) // EXPECT
		if l.Index() == 0 {
			total = acc
		}
	})
	return total, err
}

// Moments returns the sums over the lanes of x, x² and x³.
//
// kernel(ok)
func Moments(data []float64) ([3]float64, error) {
	var out [3]float64
	err := spmd.Run(len(data), func(l spmd.Lane) {
		x := data[l.Index()]
		var moments []func() float64
		for k := 1; k <= 3; k++ {
			moments = append(moments, func() float64 {
				return spmd.ReduceAdd(l, math.Pow(x, float64(k)))
			})
		}
		for k, m := range moments {
			r := m()
			if l.Index() == 0 {
				out[k] = r
			}
		}
	})
	return out, err
}

// MomentsSparse stops computing the higher moments in the lanes where x is
// zero.
//
// kernel(bug)
func MomentsSparse(data []float64) ([3]float64, error) {
	var out [3]float64
	err := spmd.Run(len(data), func(l spmd.Lane) {
		x := data[l.Index()]
		var moments []func() float64
		for k := 1; k <= 3; k++ {
			moments = append(moments, func() float64 {
				return spmd.ReduceAdd(l, math.Pow(x, float64(k)))
			})
		}
		for k, m := range moments {
			if k > 0 && x == 0 {
				break
			}
			r := m() // EXPECT
			if l.Index() == 0 {
				out[k] = r
			}
		}
	})
	return out, err
}

// withCount wraps f so that every call also counts, over the lanes, the
// positive results into *count.
func withCount(l spmd.Lane, f func(float64) float64, count *int) func(float64) float64 {
	return func(x float64) float64 {
		y := f(x)
		c := spmd.ReduceAdd(l, b2i(y > 0))
		if l.Index() == 0 {
			*count = c
		}
		return y
	}
}

// Transform maps data through 2x-1 and, if counted, counts the positive
// results.
//
// kernel(ok)
func Transform(data []float64, counted bool) ([]float64, int, error) {
	out := make([]float64, len(data))
	count := -1
	err := spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		f := func(x float64) float64 { return 2*x - 1 }
		if counted {
			f = withCount(l, f, &count)
		}
		out[idx] = f(data[idx])
	})
	return out, count, err
}

// TransformEven decorates the function in the even lanes only.
//
// kernel(bug)
func TransformEven(data []float64) ([]float64, int, error) {
	out := make([]float64, len(data))
	count := -1
	err := spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		f := func(x float64) float64 { return 2*x - 1 }
		if idx%2 == 0 {
			f = withCount(l, f, &count)
		}
		out[idx] = f(data[idx]) // EXPECT
	})
	return out, count, err
}

// SumUntil adds up data tile by tile and stops after the tile where the
// running total first exceeds limit.
//
// kernel(ok)
func SumUntil(data []float64, lanes int, limit float64) (float64, error) {
	var res float64
	err := spmd.Run(lanes, func(l spmd.Lane) {
		total := 0.0
		for base := range kit.Chunks(l, len(data)) {
			v := 0.0
			if i := base + l.Index(); i < len(data) {
				v = data[i]
			}
			total += spmd.ReduceAdd(l, v)
			if total > limit {
				break
			}
		}
		if l.Index() == 0 {
			res = total
		}
	})
	return res, err
}

// SumUntilLocal lets each lane stop at its own element above limit.
//
// kernel(bug)
func SumUntilLocal(data []float64, lanes int, limit float64) (float64, error) {
	var res float64
	err := spmd.Run(lanes, func(l spmd.Lane) {
		total := 0.0
		for base := range kit.Chunks(l, len(data)) { // EXPECT
			v := 0.0
			if i := base + l.Index(); i < len(data) {
				v = data[i]
			}
			total += spmd.ReduceAdd(l, v) // EXPECT
			if v > limit {
				break
			}
		}
		if l.Index() == 0 {
			res = total
		}
	})
	return res, err
}
