// Package apps holds small applications built from kernels: an image
// pipeline, particles, k-means, PageRank, a heat stencil, benchmarks, text
// statistics, Monte Carlo and a leaderboard.
package apps

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// A Filter transforms one row of pixels, one pixel per lane.
type Filter struct {
	Name  string
	Apply func(l spmd.Lane, px float64) float64
}

// Gain multiplies every pixel by g.
func Gain(g float64) Filter {
	return Filter{Name: "gain", Apply: func(_ spmd.Lane, px float64) float64 { return px * g }}
}

// AutoLevel stretches the row to [0, 1].
func AutoLevel() Filter {
	return Filter{Name: "autolevel", Apply: func(l spmd.Lane, px float64) float64 {
		lo := spmd.ReduceMin(l, px)
		hi := spmd.ReduceMax(l, px)
		if hi == lo {
			return 0
		}
		return (px - lo) / (hi - lo)
	}}
}

// BoxBlur averages each pixel with its neighbours in the row.
func BoxBlur() Filter {
	return Filter{Name: "blur", Apply: func(l spmd.Lane, px float64) float64 {
		i, n := l.Index(), l.Count()
		left := spmd.Shuffle(l, px, max(i-1, 0))
		right := spmd.Shuffle(l, px, min(i+1, n-1))
		return (left + px + right) / 3
	}}
}

// Process runs the filters over a row; transparent pixels come out zero.
//
// kernel(ok)
func Process(row, alpha []float64, filters []Filter) ([]float64, error) {
	out := make([]float64, len(row))
	err := spmd.Run(len(row), func(l spmd.Lane) {
		idx := l.Index()
		px := row[idx]
		for _, f := range filters {
			px = f.Apply(l, px)
		}
		if alpha[idx] == 0 {
			px = 0
		}
		out[idx] = px
	})
	return out, err
}

// ProcessOpaque skips the filters for transparent pixels.
//
// kernel(bug)
func ProcessOpaque(row, alpha []float64, filters []Filter) ([]float64, error) {
	out := make([]float64, len(row))
	err := spmd.Run(len(row), func(l spmd.Lane) {
		idx := l.Index()
		px := row[idx]
		for _, f := range filters {
			if alpha[idx] == 0 {
				px = 0
				continue
			}
			px = f.Apply(l, px) // EXPECT
		}
		out[idx] = px
	})
	return out, err
}
