package dispatch

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round26/funcs/kit"
	"github.com/spmdvet/spmdvet/spmd"
)

// A grid is a row of cells, one per lane, updated by kernels that are
// methods of the grid.
type grid struct {
	cells, next []float64
	total       float64
}

// diffuse averages each cell with its neighbours.
//
// kernel(ok)
func (g *grid) diffuse(l spmd.Lane) {
	i, n := l.Index(), l.Count()
	left, right := g.cells[max(i-1, 0)], g.cells[min(i+1, n-1)]
	g.next[i] = (left + g.cells[i] + right) / 3
	l.Barrier()
	g.cells[i] = g.next[i]
}

// sum stores the total of the cells.
//
// kernel(ok)
func (g *grid) sum(l spmd.Lane) {
	t := spmd.ReduceAdd(l, g.cells[l.Index()])
	if l.Index() == 0 {
		g.total = t
	}
}

// sumOccupied is sum with the empty cells leaving early.
//
// kernel(bug)
func (g *grid) sumOccupied(l spmd.Lane) {
	if g.cells[l.Index()] == 0 {
		return
	}
	t := spmd.ReduceAdd(l, g.cells[l.Index()]) // EXPECT
	if l.Index() == 0 {
		g.total = t
	}
}

// Step diffuses the grid once and totals it.
func (g *grid) Step() error {
	return kit.RunAll(len(g.cells), g.diffuse, g.sum)
}

// StepOccupied is Step with sumOccupied.
func (g *grid) StepOccupied() error {
	return kit.RunAll(len(g.cells), g.diffuse, g.sumOccupied)
}
