package histo_test

import (
	"fmt"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round25/proj/app/histo"
	"github.com/spmdvet/spmdvet/spmd"
)

func ExampleBins_Fill() {
	b := &histo.Bins{Lo: 0, Width: 10, Counts: make([]int32, 3)}
	xs := []float64{1, 12, 15, 29, 3}
	err := spmd.Run(2, func(l spmd.Lane) { b.Fill(l, xs) })
	fmt.Println(b.Counts, err)
	// Output: [2 2 1] <nil>
}

func ExampleMode() {
	counts := []int{1, 4, 2}
	var mode int
	// kernel(bug): a reduction only where the count is even.
	err := spmd.Run(3, func(l spmd.Lane) {
		c := counts[l.Index()]
		if c%2 == 0 {
			spmd.ReduceMax(l, c) // EXPECT
		}
	})
	fmt.Println(err != nil)
	var top int
	// kernel(ok): the reduction first, then the per-lane test.
	err = spmd.Run(3, func(l spmd.Lane) {
		c := counts[l.Index()]
		m := spmd.ReduceMax(l, c)
		if c%2 == 0 && c == m {
			top = m
		}
	})
	fmt.Println(top, err)
	err = spmd.Run(3, func(l spmd.Lane) { histo.Mode(l, counts, &mode) })
	fmt.Println(mode, err)
	// Output:
	// true
	// 4 <nil>
	// 1 <nil>
}
