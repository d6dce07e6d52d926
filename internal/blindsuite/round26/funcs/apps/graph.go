package apps

import (
	"math"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round26/funcs/kit"
	"github.com/spmdvet/spmdvet/spmd"
)

// A Graph is given by the in-links of each node and the out-degrees.
type Graph struct {
	In     [][]int
	OutDeg []int
}

// initRank returns a kernel that sets every rank to 1/n.
//
// kernel(ok)
func initRank(rank []float64) func(spmd.Lane) {
	return func(l spmd.Lane) {
		rank[l.Index()] = 1 / float64(l.Count())
	}
}

// rankKernel returns a kernel running at most iters PageRank iterations,
// one node per lane, stopping when no rank moves by eps or more.
//
// kernel(ok)
func rankKernel(g Graph, damping, eps float64, iters int, rank, next []float64) func(spmd.Lane) {
	return func(l spmd.Lane) {
		i := l.Index()
		n := float64(l.Count())
		publish := func() {
			l.Barrier()
			rank[i] = next[i]
			l.Barrier()
		}
		for range iters {
			s := 0.0
			for _, j := range g.In[i] {
				s += rank[j] / float64(g.OutDeg[j])
			}
			next[i] = (1-damping)/n + damping*s
			if spmd.All(l, math.Abs(next[i]-rank[i]) < eps) {
				break
			}
			publish()
		}
	}
}

// rankKernelLocal lets each node stop when its own rank settles.
//
// kernel(bug)
func rankKernelLocal(g Graph, damping, eps float64, iters int, rank, next []float64) func(spmd.Lane) {
	return func(l spmd.Lane) {
		i := l.Index()
		n := float64(l.Count())
		publish := func() {
			l.Barrier()
			rank[i] = next[i]
			l.Barrier()
		}
		for range iters {
			s := 0.0
			for _, j := range g.In[i] {
				s += rank[j] / float64(g.OutDeg[j])
			}
			next[i] = (1-damping)/n + damping*s
			if math.Abs(next[i]-rank[i]) < eps {
				break
			}
			publish() // EXPECT
		}
	}
}

// PageRank returns the ranks of the nodes of g.
func PageRank(g Graph, damping, eps float64, iters int) ([]float64, error) {
	n := len(g.In)
	rank, next := make([]float64, n), make([]float64, n)
	err := kit.RunSteps([]kit.Step{
		{Name: "init", Lanes: n, Kernel: initRank(rank)},
		{Name: "iterate", Lanes: n, Kernel: rankKernel(g, damping, eps, iters, rank, next)},
	})
	return rank, err
}

// PageRankLocal is PageRank with rankKernelLocal.
func PageRankLocal(g Graph, damping, eps float64, iters int) ([]float64, error) {
	n := len(g.In)
	rank, next := make([]float64, n), make([]float64, n)
	err := kit.RunSteps([]kit.Step{
		{Name: "init", Lanes: n, Kernel: initRank(rank)},
		{Name: "iterate", Lanes: n, Kernel: rankKernelLocal(g, damping, eps, iters, rank, next)},
	})
	return rank, err
}

// MatVecRows computes y = A x for a rows×n row-major A, one row per lane,
// staging x through shared memory with kit.TileLoader. lanes >= rows.
//
// kernel(ok)
func MatVecRows(A []float64, rows, n int, x []float64, lanes int) ([]float64, error) {
	y := make([]float64, rows)
	shared := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		row := l.Index()
		load := kit.TileLoader(l, shared)
		acc := 0.0
		for base := 0; base < n; base += l.Count() {
			load(x, base)
			if row < rows {
				for k := 0; k < l.Count() && base+k < n; k++ {
					acc += A[row*n+base+k] * shared[k]
				}
			}
		}
		if row < rows {
			y[row] = acc
		}
	})
	return y, err
}

// MatVecRowsIdle loads the tiles only in the lanes that have a row.
//
// kernel(bug)
func MatVecRowsIdle(A []float64, rows, n int, x []float64, lanes int) ([]float64, error) {
	y := make([]float64, rows)
	shared := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		row := l.Index()
		load := kit.TileLoader(l, shared)
		acc := 0.0
		for base := 0; base < n; base += l.Count() {
			if row < rows {
				load(x, base) // EXPECT
				for k := 0; k < l.Count() && base+k < n; k++ {
					acc += A[row*n+base+k] * shared[k]
				}
			}
		}
		if row < rows {
			y[row] = acc
		}
	})
	return y, err
}
