// Package lib declares helpers without directives, for package helpers/use:
// what they do is inferred here and travels to importers as facts.
package lib

import "github.com/spmdvet/spmdvet/spmd"

// Sync reaches a barrier.
func Sync(l spmd.Lane) {
	l.Barrier()
}

// Total reaches a collective and returns its uniform result.
func Total(l spmd.Lane, v int) int {
	return spmd.ReduceAdd(l, v)
}

// Guard runs a barrier when n is positive: n must be uniform.
func Guard(l spmd.Lane, n int) {
	if n > 0 {
		l.Barrier()
	}
}

// Mine returns the lane's own slot of data.
func Mine(l spmd.Lane, data []int) int {
	return data[l.Index()%len(data)]
}

// Fill writes the lane index where p points.
func Fill(l spmd.Lane, p *int) {
	*p = l.Index()
}
