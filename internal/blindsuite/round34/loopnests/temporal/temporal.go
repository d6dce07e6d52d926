// Package temporal holds kernels where a value carried by a loop is used
// after it: iteration counts, string lengths, roots found by pointer
// chasing, butterfly widths, the row where a search stopped. Inside the loop
// such a value is often the same in every lane (a counter), but lanes leave
// the loop in different iterations, so after it the value differs
// (temporal divergence). The buggy kernels let it guard a barrier or a
// collective, bound a loop of collectives, pick a Broadcast source or go to
// a helper whose barriers it counts; the correct twins first make it uniform
// with a reduction, or keep it as a collective's operand.
package temporal

import (
	"math"
	"math/bits"

	"github.com/spmdvet/spmdvet/spmd"
)

// CollatzLong returns the Collatz stopping time of each start value and the
// number of values whose time exceeds limit. The count is a ReduceAdd of a
// per-lane 0/1, reached by all lanes after the loop.
//
// kernel(ok)
func CollatzLong(starts []int, limit int) (steps []int, long int, err error) {
	steps = make([]int, len(starts))
	err = spmd.Run(len(starts), func(l spmd.Lane) {
		i := l.Index()
		x, s := starts[i], 0
		for x != 1 {
			if x%2 == 0 {
				x /= 2
			} else {
				x = 3*x + 1
			}
			s++
		}
		steps[i] = s
		over := 0
		if s > limit {
			over = 1
		}
		c := spmd.ReduceAdd(l, over)
		if i == 0 {
			long = c
		}
	})
	return steps, long, err
}

// CollatzLongGuarded counts the long ones by letting only them take part in
// the ReduceAdd: s, a plain counter in the loop, differs after it.
//
// kernel(bug)
func CollatzLongGuarded(starts []int, limit int) (steps []int, long int, err error) {
	steps = make([]int, len(starts))
	err = spmd.Run(len(starts), func(l spmd.Lane) {
		i := l.Index()
		x, s := starts[i], 0
		for x != 1 {
			if x%2 == 0 {
				x /= 2
			} else {
				x = 3*x + 1
			}
			s++
		}
		steps[i] = s
		if s > limit {
			c := spmd.ReduceAdd(l, 1) // EXPECT
			long = c
		}
	})
	return steps, long, err
}

// LengthProfile measures NUL-terminated strings packed stride bytes apart,
// one per lane, and returns for each position r how many strings are longer
// than r. The length k is found by a counting loop; the profile loop runs
// to the longest length (ReduceMax) in all lanes, with a ballot per
// position.
//
// kernel(ok)
func LengthProfile(packed []byte, stride int) (lengths, profile []int, err error) {
	lanes := len(packed) / stride
	lengths = make([]int, lanes)
	prof := make([]int, stride)
	longest := 0
	err = spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		k := 0
		for packed[i*stride+k] != 0 {
			k++
		}
		lengths[i] = k
		m := spmd.ReduceMax(l, k)
		for r := 0; r < m; r++ {
			alive := spmd.Ballot(l, r < k)
			if i == 0 {
				prof[r] = bits.OnesCount64(alive)
			}
		}
		if i == 0 {
			longest = m
		}
	})
	return lengths, prof[:longest], err
}

// LengthProfileOwn runs the profile loop to the lane's own length k: k is
// the same in every lane while the counting loop runs, but not after it.
//
// kernel(bug)
func LengthProfileOwn(packed []byte, stride int) (lengths, profile []int, err error) {
	lanes := len(packed) / stride
	lengths = make([]int, lanes)
	prof := make([]int, stride)
	err = spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		k := 0
		for packed[i*stride+k] != 0 {
			k++
		}
		lengths[i] = k
		for r := 0; r < k; r++ {
			alive := spmd.Ballot(l, true) // EXPECT
			if i == 0 {
				prof[r] = bits.OnesCount64(alive)
			}
		}
	})
	return lengths, prof, err
}

// CleanFirstComponent finds the root of each element of a union-find forest
// by pointer chasing, and if the component with the smallest root is marked
// dirty, the lanes of that component clear their marks, and all lanes wait
// at a barrier before anyone reads the marks again. The Broadcast source is
// a ReduceMin of the roots, so the answer is uniform. It returns the roots
// and the number of clean marks after the pass (ReduceAdd).
//
// kernel(ok)
func CleanFirstComponent(parent []int, dirty []bool) (roots []int, clean int, err error) {
	n := len(parent)
	roots = make([]int, n)
	err = spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		r := i
		for parent[r] != r {
			r = parent[r]
		}
		first := spmd.ReduceMin(l, r)
		if spmd.Broadcast(l, dirty[i], first) {
			if r == first {
				dirty[i] = false
			}
			l.Barrier()
		}
		roots[i] = r
		one := 0
		if !dirty[i] {
			one = 1
		}
		c := spmd.ReduceAdd(l, one)
		if i == 0 {
			clean = c
		}
	})
	return roots, clean, err
}

// CleanOwnComponent asks each lane's own root whether it is dirty: the
// Broadcast source r comes out of the pointer-chasing loop and differs by
// lane, so the answer does too, and the barrier under it is reached by the
// lanes of dirty components only.
//
// kernel(bug)
func CleanOwnComponent(parent []int, dirty []bool) (roots []int, clean int, err error) {
	n := len(parent)
	roots = make([]int, n)
	err = spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		r := i
		for parent[r] != r {
			r = parent[r]
		}
		if spmd.Broadcast(l, dirty[i], r) {
			dirty[i] = false
			l.Barrier() // EXPECT
		}
		roots[i] = r
		one := 0
		if !dirty[i] {
			one = 1
		}
		c := spmd.ReduceAdd(l, one)
		if i == 0 {
			clean = c
		}
	})
	return roots, clean, err
}

// smooth runs sweeps three-point smoothing sweeps on the shared u, one cell
// per lane, end points fixed; each sweep has two barriers. How many it runs
// is its parameter, so all lanes must pass the same sweeps.
func smooth(l spmd.Lane, u []float64, sweeps int) {
	i, n := l.Index(), len(u)
	for s := 0; s < sweeps; s++ {
		v := u[i]
		if i > 0 && i < n-1 {
			v = (u[i-1] + u[i] + u[i+1]) / 3
		}
		l.Barrier()
		u[i] = v
		l.Barrier()
	}
}

// SmoothToEstimate smooths u until every cell's error estimate est[i]/2^k is
// below tol: each lane finds the number of halvings it needs with a doubling
// loop, and all lanes run the largest (ReduceMax) number of sweeps.
//
// kernel(ok)
func SmoothToEstimate(u, est []float64, tol float64) (int, error) {
	sweeps := 0
	err := spmd.Run(len(u), func(l spmd.Lane) {
		i := l.Index()
		need, e := 0, est[i]
		for e > tol {
			e /= 2
			need++
		}
		all := spmd.ReduceMax(l, need)
		smooth(l, u, all)
		if i == 0 {
			sweeps = all
		}
	})
	return sweeps, err
}

// SmoothToEstimateOwn passes each lane's own count of halvings to smooth,
// whose barriers it counts.
//
// kernel(bug)
func SmoothToEstimateOwn(u, est []float64, tol float64) (int, error) {
	sweeps := 0
	err := spmd.Run(len(u), func(l spmd.Lane) {
		i := l.Index()
		need, e := 0, est[i]
		for e > tol {
			e /= 2
			need++
		}
		smooth(l, u, need) // EXPECT
		if i == 0 {
			sweeps = need
		}
	})
	return sweeps, err
}

// NewtonSqrt computes square roots by Newton's method from the guesses in
// guess, lane i owning a[i]. The lanes leave the iteration together, when
// All residuals are below tol, so the iteration count it is uniform after
// the loop: when it exceeds budget, the guesses were poor, and the results
// become the new guesses; a barrier lets lane 0 checksum the new table.
//
// kernel(ok)
func NewtonSqrt(a, guess []float64, tol float64, budget, maxIt int) (roots []float64, iters int, checksum float64, err error) {
	roots = make([]float64, len(a))
	err = spmd.Run(len(a), func(l spmd.Lane) {
		i := l.Index()
		x := guess[i]
		it := 0
		for ; it < maxIt; it++ {
			x = 0.5 * (x + a[i]/x)
			if spmd.All(l, math.Abs(x*x-a[i]) < tol) {
				break
			}
		}
		roots[i] = x
		if it > budget {
			guess[i] = x
			l.Barrier()
			if i == 0 {
				for _, g := range guess {
					checksum += g
				}
			}
		}
		if i == 0 {
			iters = it
		}
	})
	return roots, iters, checksum, err
}

// NewtonSqrtLocal lets each lane stop on its own residual: it is a counter
// that is uniform inside the loop but not after it, and the refresh, barrier
// included, runs in the slow lanes only.
//
// kernel(bug)
func NewtonSqrtLocal(a, guess []float64, tol float64, budget, maxIt int) (roots []float64, iters int, checksum float64, err error) {
	roots = make([]float64, len(a))
	err = spmd.Run(len(a), func(l spmd.Lane) {
		i := l.Index()
		x := guess[i]
		it := 0
		for ; it < maxIt; it++ {
			x = 0.5 * (x + a[i]/x)
			if math.Abs(x*x-a[i]) < tol {
				break
			}
		}
		roots[i] = x
		if it > budget {
			guess[i] = x
			l.Barrier() // EXPECT
			if i == 0 {
				for _, g := range guess {
					checksum += g
				}
			}
		}
		if i == 0 {
			iters = it
		}
	})
	return roots, iters, checksum, err
}

// Advect moves particles on a line for steps time steps of length dt; each
// particle sub-steps with its own step size h[i] (a power of two dividing
// dt), so the inner loop runs a different number of times per lane, while
// the outer loop is uniform. After the inner loop every lane publishes its
// position behind a barrier, and ReduceAdd counts the stiff particles (more
// than maxSub sub-steps) of the step, from a per-lane 0/1.
//
// kernel(ok)
func Advect(x0, vel, h []float64, dt float64, steps, maxSub int) (pos []float64, stiff []int, err error) {
	n := len(x0)
	pos = make([]float64, steps*n)
	stiff = make([]int, steps)
	err = spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		x := x0[i]
		for step := 0; step < steps; step++ {
			sub := 0
			for t := 0.0; t < dt; t += h[i] {
				x += vel[i] * h[i]
				sub++
			}
			pos[step*n+i] = x
			l.Barrier()
			over := 0
			if sub > maxSub {
				over = 1
			}
			c := spmd.ReduceAdd(l, over)
			if i == 0 {
				stiff[step] = c
			}
		}
	})
	return pos, stiff, err
}

// AdvectGuarded counts the stiff particles with a ReduceAdd that only the
// stiff lanes reach: sub, carried out of the inner loop, differs by lane.
// The barrier after the inner loop, at the outer level, is fine.
//
// kernel(bug)
func AdvectGuarded(x0, vel, h []float64, dt float64, steps, maxSub int) (pos []float64, stiff []int, err error) {
	n := len(x0)
	pos = make([]float64, steps*n)
	stiff = make([]int, steps)
	err = spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		x := x0[i]
		for step := 0; step < steps; step++ {
			sub := 0
			for t := 0.0; t < dt; t += h[i] {
				x += vel[i] * h[i]
				sub++
			}
			pos[step*n+i] = x
			l.Barrier()
			if sub > maxSub {
				stiff[step] = spmd.ReduceAdd(l, 1) // EXPECT
			}
		}
	})
	return pos, stiff, err
}

// MaskedMean computes, for each lane's row of a mask, the mean of the shared
// weights w at its unmasked positions, and rescales all means by the peak
// weight when that exceeds 1. The scan loop is uniform (j < len(w)) with a
// lane-dependent continue; the peak is updated before the continue, the
// same way in every lane, so it is uniform after the loop, and the rescale
// can wait at a barrier.
//
// kernel(ok)
func MaskedMean(w []float64, mask []bool) ([]float64, error) {
	m := len(w)
	lanes := len(mask) / m
	mean := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		peak, cnt, acc := 0.0, 0, 0.0
		for j := 0; j < m; j++ {
			peak = max(peak, w[j])
			if mask[i*m+j] {
				continue
			}
			cnt++
			acc += w[j]
		}
		if cnt > 0 {
			mean[i] = acc / float64(cnt)
		}
		if peak > 1 {
			l.Barrier()
			mean[i] /= peak
		}
	})
	return mean, err
}

// MaskedMeanByCount rescales only in the lanes that saw more than half of
// the weights: cnt is incremented after the lane-dependent continue, so it
// differs by lane after the loop.
//
// kernel(bug)
func MaskedMeanByCount(w []float64, mask []bool) ([]float64, error) {
	m := len(w)
	lanes := len(mask) / m
	mean := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		peak, cnt, acc := 0.0, 0, 0.0
		for j := 0; j < m; j++ {
			peak = max(peak, w[j])
			if mask[i*m+j] {
				continue
			}
			cnt++
			acc += w[j]
		}
		if cnt > 0 {
			mean[i] = acc / float64(cnt)
		}
		if cnt > m/2 {
			l.Barrier() // EXPECT
			mean[i] /= peak
		}
	})
	return mean, err
}

// GroupSums adds up v within groups of lanes that form aligned power-of-two
// blocks (group[i] is the lane's group), with a butterfly of ShuffleXor.
// Each lane finds its block width with a doubling loop; the butterfly runs
// to the widest block (ReduceMax) in all lanes and only adds the partners
// within the lane's own width. The lane count must be a power of two.
//
// kernel(ok)
func GroupSums(v []int, group []int) ([]int, error) {
	n := len(v)
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		w := 1
		for w < l.Count() && group[i^w] == group[i] {
			w *= 2
		}
		span := spmd.ReduceMax(l, w)
		s := v[i]
		for off := 1; off < span; off <<= 1 {
			o := spmd.ShuffleXor(l, s, off)
			if off < w {
				s += o
			}
		}
		out[i] = s
	})
	return out, err
}

// GroupSumsOwnWidth runs the butterfly to the lane's own width: w doubles
// the same way in every lane while the doubling loop runs, but lanes leave
// it at different widths.
//
// kernel(bug)
func GroupSumsOwnWidth(v []int, group []int) ([]int, error) {
	n := len(v)
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		w := 1
		for w < l.Count() && group[i^w] == group[i] {
			w *= 2
		}
		s := v[i]
		for off := 1; off < w; off <<= 1 {
			s += spmd.ShuffleXor(l, s, off) // EXPECT
		}
		out[i] = s
	})
	return out, err
}

// ColumnSumsFrom scans a rows×cols grid for each lane's key (one lane per
// column) and then, in a second loop that the scan jumps to with goto,
// sums each lane's right neighbour column from the first row where any
// lane found its key (ReduceMin of the rows where the lanes stopped) to the
// bottom, staging one row per round between barriers. The ReduceMin is in
// the init of the second loop, where the lanes that jumped and the lanes
// that finished the scan meet.
//
// kernel(ok)
func ColumnSumsFrom(grid []int, rows int, keys []int) (sums []int, start int, err error) {
	cols := len(keys)
	buf := make([]int, cols)
	sums = make([]int, cols)
	start = rows
	err = spmd.Run(cols, func(l spmd.Lane) {
		i := l.Index()
		acc := 0
		var r int
		for r = 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				if grid[r*cols+c] == keys[i] {
					goto tail
				}
			}
		}
	tail:
		for s := spmd.ReduceMin(l, r); s < rows; s++ {
			if i == 0 {
				start = min(start, s)
			}
			buf[i] = grid[s*cols+i]
			l.Barrier()
			acc += buf[(i+1)%cols]
			l.Barrier()
		}
		sums[i] = acc
	})
	return sums, start, err
}

// ColumnSumsFromOwnRow starts the second loop at the row where the lane's
// own scan stopped: r is a variable of the outer scan loop, read after the
// goto leaves the whole nest for the label of the next loop, and it differs
// by lane there.
//
// kernel(bug)
func ColumnSumsFromOwnRow(grid []int, rows int, keys []int) (sums []int, err error) {
	cols := len(keys)
	buf := make([]int, cols)
	sums = make([]int, cols)
	err = spmd.Run(cols, func(l spmd.Lane) {
		i := l.Index()
		acc := 0
		var r int
		for r = 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				if grid[r*cols+c] == keys[i] {
					goto tail
				}
			}
		}
	tail:
		for s := r; s < rows; s++ {
			buf[i] = grid[s*cols+i]
			l.Barrier() // EXPECT
			acc += buf[(i+1)%cols]
			l.Barrier() // EXPECT
		}
		sums[i] = acc
	})
	return sums, err
}
