// Package calls holds kernels that call helpers, of this package and of
// package blockops, that leave early. Called under uniform control, such a
// helper is wrong inside when its own exit depends on the lane; called with
// a lane-dependent argument that decides an exit before its barrier, the
// call is wrong.
package calls

import (
	"math"
	"slices"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round32/exits/blockops"
	"github.com/spmdvet/spmdvet/spmd"
)

// TileSums returns the sum of each tile of lanes elements of src, staging
// each tile with blockops.StageFast (whose lanes past the end leave before
// its barrier).
//
// kernel(bug)
func TileSums(src []float64, lanes int) ([]float64, error) {
	tiles := (len(src) + lanes - 1) / lanes
	tile := make([]float64, lanes)
	out := make([]float64, tiles)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		for t := 0; t < tiles; t++ {
			blockops.StageFast(l, tile, src, t*lanes)
			if l.Index() == 0 {
				for _, v := range tile {
					out[t] += v
				}
			}
			l.Barrier()
		}
	})
	return out, err
}

// TileSumsOK stages with blockops.Stage, which zero-fills.
//
// kernel(ok)
func TileSumsOK(src []float64, lanes int) ([]float64, error) {
	tiles := (len(src) + lanes - 1) / lanes
	tile := make([]float64, lanes)
	out := make([]float64, tiles)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		for t := 0; t < tiles; t++ {
			blockops.Stage(l, tile, src, t*lanes)
			if l.Index() == 0 {
				for _, v := range tile {
					out[t] += v
				}
			}
			l.Barrier()
		}
	})
	return out, err
}

// Neighbours returns, for each lane, the value of its right neighbour,
// published through blockops.Publish; lanes with a zero value ask Publish
// to skip them.
//
// kernel(bug)
func Neighbours(vals []float64) ([]float64, error) {
	n := len(vals)
	sh := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		blockops.Publish(l, sh, vals[i], vals[i] == 0) // EXPECT
		out[i] = sh[(i+1)%n]
	})
	return out, err
}

// NeighboursOK skips publishing only on a dry run, for the whole group.
//
// kernel(ok)
func NeighboursOK(vals []float64, dryRun bool) ([]float64, error) {
	n := len(vals)
	sh := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		blockops.Publish(l, sh, vals[i], dryRun)
		out[i] = sh[(i+1)%n]
	})
	return out, err
}

// PositiveTotal adds up the positive values; lanes tell blockops.Total
// whether they have one.
//
// kernel(bug)
func PositiveTotal(vals []float64) (float64, error) {
	var total float64
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		t := blockops.Total(l, vals[i], vals[i] > 0) // EXPECT
		if i == 0 {
			total = t
		}
	})
	return total, err
}

// PositiveTotalOK clamps the value and tells blockops.Total whether there
// is anything at all.
//
// kernel(ok)
func PositiveTotalOK(vals []float64) (float64, error) {
	var total float64
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		t := blockops.Total(l, max(vals[i], 0), len(vals) > 0)
		if i == 0 {
			total = t
		}
	})
	return total, err
}

// Lookup finds each lane's query in keys with blockops.IndexOf, which
// returns from inside its range as soon as it finds the key.
//
// kernel(bug)
func Lookup(keys, queries []int) ([]int, error) {
	out := make([]int, len(queries))
	err := spmd.Run(len(queries), func(l spmd.Lane) {
		i := l.Index()
		out[i] = blockops.IndexOf(l, keys, queries[i]) // EXPECT
	})
	return out, err
}

// LookupOK finds the one sentinel key of the table, the same in every lane,
// and then offsets each lane's slot from it.
//
// kernel(ok)
func LookupOK(keys []int, sentinel int, lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		out[i] = blockops.IndexOf(l, keys, sentinel) + i
	})
	return out, err
}

// segmentSum adds v over aligned segments of width lanes with a butterfly
// of shuffles, leaving the loop once the segment is covered.
func segmentSum(l spmd.Lane, v float64, width int) float64 {
	for m := 1; m < l.Count(); m <<= 1 {
		if m >= width {
			break
		}
		v += spmd.ShuffleXor(l, v, m)
	}
	return v
}

// SegmentSums sums segments whose width each lane reads from its own entry
// of widths.
//
// kernel(bug)
func SegmentSums(vals []float64, widths []int) ([]float64, error) {
	out := make([]float64, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		out[i] = segmentSum(l, vals[i], widths[i]) // EXPECT
	})
	return out, err
}

// SegmentSumsOK uses one width for the whole group.
//
// kernel(ok)
func SegmentSumsOK(vals []float64, width int) ([]float64, error) {
	out := make([]float64, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		out[i] = segmentSum(l, vals[i], width)
	})
	return out, err
}

// rowNorms stores the norm of the lane's row of m in norms and has lane 0
// find the largest after a barrier. A lane with an all-zero row jumps past
// the barrier.
func rowNorms(l spmd.Lane, m []float64, w int, norms []float64, big *float64) {
	i := l.Index()
	s := 0.0
	for _, v := range m[i*w : (i+1)*w] {
		s += v * v
	}
	norms[i] = math.Sqrt(s)
	if s == 0 {
		goto done
	}
	l.Barrier() // EXPECT
	if i == 0 {
		*big = slices.Max(norms)
	}
done:
}

// rowNormsOK waits before the jump, which then only skips lane 0's work.
func rowNormsOK(l spmd.Lane, m []float64, w int, norms []float64, big *float64) {
	i := l.Index()
	s := 0.0
	for _, v := range m[i*w : (i+1)*w] {
		s += v * v
	}
	norms[i] = math.Sqrt(s)
	l.Barrier()
	if i != 0 {
		goto done
	}
	*big = slices.Max(norms)
done:
}

// MaxRowNorm returns the largest row norm of a row-major matrix with one
// row per lane.
//
// kernel(bug)
func MaxRowNorm(m []float64, w int) (float64, error) {
	rows := len(m) / w
	norms := make([]float64, rows)
	var big float64
	err := spmd.Run(rows, func(l spmd.Lane) {
		rowNorms(l, m, w, norms, &big)
	})
	return big, err
}

// MaxRowNormOK is MaxRowNorm through rowNormsOK.
//
// kernel(ok)
func MaxRowNormOK(m []float64, w int) (float64, error) {
	rows := len(m) / w
	norms := make([]float64, rows)
	var big float64
	err := spmd.Run(rows, func(l spmd.Lane) {
		rowNormsOK(l, m, w, norms, &big)
	})
	return big, err
}
