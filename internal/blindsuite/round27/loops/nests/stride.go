// Package nests holds collectives inside loops and nests of loops whose
// trip counts, breaks and continues may depend on the lane.
package nests

import (
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

// DoubleStrided is a grid-stride loop done right: the group walks the
// array in steps of Count, and lanes past the end idle through the
// barrier of the last step.
// kernel(ok)
func DoubleStrided(data []float64) error {
	return spmd.Run(4, func(l spmd.Lane) {
		for base := 0; base < len(data); base += l.Count() {
			i := base + l.Index()
			if i < len(data) {
				data[i] *= 2
			}
			l.Barrier()
		}
	})
}

// DoubleStridedBug starts each lane at its own index: when the length is
// not a multiple of Count, some lanes run one step fewer.
// kernel(bug)
func DoubleStridedBug(data []float64) error {
	return spmd.Run(4, func(l spmd.Lane) {
		for i := l.Index(); i < len(data); i += l.Count() {
			data[i] *= 2
			l.Barrier() // EXPECT
		}
	})
}

// LowerMulti multiplies a lower-triangular matrix by several vectors,
// one row per lane; the row loop is as long as the row, and the group
// syncs after each vector.
// kernel(ok)
func LowerMulti(lower []float64, n int, xs, ys []float64) error {
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for b := 0; b < len(xs)/n; b++ {
			sum := 0.0
			for j := 0; j <= i; j++ {
				sum += lower[i*n+j] * xs[b*n+j]
			}
			ys[b*n+i] = sum
			l.Barrier()
		}
	})
}

// LowerMultiBug syncs inside the row loop.
// kernel(bug)
func LowerMultiBug(lower []float64, n int, xs, ys []float64) error {
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for b := 0; b < len(xs)/n; b++ {
			sum := 0.0
			for j := 0; j <= i; j++ {
				sum += lower[i*n+j] * xs[b*n+j]
				l.Barrier() // EXPECT
			}
			ys[b*n+i] = sum
		}
	})
}

// ColumnSweep eliminates column by column: for column c every lane
// updates its row from the c earlier columns, syncing after each. The
// inner bound is the outer counter, the same in every lane.
// kernel(ok)
func ColumnSweep(a []float64, n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for c := 0; c < n; c++ {
			for k := 0; k < c; k++ {
				a[i*n+c] -= 0.5 * a[i*n+k]
				l.Barrier()
			}
		}
	})
}

// ColumnSweepBug stops the inner loop at the lane's row too.
// kernel(bug)
func ColumnSweepBug(a []float64, n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for c := 0; c < n; c++ {
			for k := 0; k < min(c, i); k++ {
				a[i*n+c] -= 0.5 * a[i*n+k]
				l.Barrier() // EXPECT
			}
		}
	})
}

// Butterflies sums groups of values across lanes with a butterfly, one
// batch after the other.
// kernel(ok)
func Butterflies(in []float64, batches int, out []float64) error {
	return spmd.Run(4, func(l spmd.Lane) {
		for b := 0; b < batches; b++ {
			v := in[b*l.Count()+l.Index()]
			for m := 1; m < l.Count(); m <<= 1 {
				v += spmd.ShuffleXor(l, v, m)
			}
			out[b*l.Count()+l.Index()] = v
		}
	})
}

// ButterfliesBug runs the lane's own number of batches: the outer loop
// diverges, though the butterfly inside has a fixed length.
// kernel(bug)
func ButterfliesBug(in []float64, batches []int, out []float64) error {
	return spmd.Run(4, func(l spmd.Lane) {
		for b := 0; b < batches[l.Index()]; b++ {
			v := in[b*l.Count()+l.Index()]
			for m := 1; m < l.Count(); m <<= 1 {
				v += spmd.ShuffleXor(l, v, m) // EXPECT
			}
			out[b*l.Count()+l.Index()] = v
		}
	})
}

// MaskedSum adds one sample per lane and round; a NaN sample counts as
// zero.
// kernel(ok)
func MaskedSum(samples []float64, rounds int, sums []float64) error {
	return spmd.Run(len(samples)/rounds, func(l spmd.Lane) {
		for k := range rounds {
			v := samples[k*l.Count()+l.Index()]
			if math.IsNaN(v) {
				v = 0
			}
			s := spmd.ReduceAdd(l, v)
			if l.Index() == 0 {
				sums[k] = s
			}
		}
	})
}

// MaskedSumBug skips NaN samples with continue, and with them the sum.
// kernel(bug)
func MaskedSumBug(samples []float64, rounds int, sums []float64) error {
	return spmd.Run(len(samples)/rounds, func(l spmd.Lane) {
		for k := range rounds {
			v := samples[k*l.Count()+l.Index()]
			if math.IsNaN(v) {
				continue
			}
			s := spmd.ReduceAdd(l, v) // EXPECT
			if l.Index() == 0 {
				sums[k] = s
			}
		}
	})
}
