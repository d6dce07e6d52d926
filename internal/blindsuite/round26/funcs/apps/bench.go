package apps

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round26/funcs/kit"
	"github.com/spmdvet/spmdvet/spmd"
)

// bench is the state the benchmark kernels share.
var bench struct {
	data     []float64
	sum, top float64
}

// benchFill fills the data with a fixed pattern.
//
// kernel(ok)
func benchFill(l spmd.Lane) {
	i := l.Index()
	bench.data[i] = float64((i*5)%7) - 2
}

// benchSum totals the data.
//
// kernel(ok)
func benchSum(l spmd.Lane) {
	s := spmd.ReduceAdd(l, bench.data[l.Index()])
	if l.Index() == 0 {
		bench.sum = s
	}
}

// benchMax finds the largest element.
//
// kernel(ok)
func benchMax(l spmd.Lane) {
	m := spmd.ReduceMax(l, bench.data[l.Index()])
	if l.Index() == 0 {
		bench.top = m
	}
}

// benchMaxPositive looks at the positive elements only, the others
// leaving early.
//
// kernel(bug)
func benchMaxPositive(l spmd.Lane) {
	v := bench.data[l.Index()]
	if v <= 0 {
		return
	}
	m := spmd.ReduceMax(l, v) // EXPECT
	if l.Index() == 0 {
		bench.top = m
	}
}

// RunBench runs the benchmark table and returns the sum and the maximum.
func RunBench(lanes int) (float64, float64, error) {
	bench.data = make([]float64, lanes)
	err := kit.RunAll(lanes, benchFill, benchSum, benchMax)
	return bench.sum, bench.top, err
}

// RunBenchPositive runs the table with benchMaxPositive.
func RunBenchPositive(lanes int) (float64, float64, error) {
	bench.data = make([]float64, lanes)
	err := kit.RunAll(lanes, benchFill, benchSum, benchMaxPositive)
	return bench.sum, bench.top, err
}
