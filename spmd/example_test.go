package spmd_test

import (
	"fmt"
	"math/bits"

	"github.com/spmdvet/spmdvet/spmd"
)

// Eight lanes add up a slice: each sums a strided part, then ReduceAdd
// combines the parts. The result is uniform, so any lane may publish it.
func ExampleReduceAdd() {
	data := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}
	var total float64
	err := spmd.Run(8, func(l spmd.Lane) {
		var part float64
		for i := l.Index(); i < len(data); i += l.Count() {
			part += data[i]
		}
		sum := spmd.ReduceAdd(l, part)
		if l.Index() == 0 {
			total = sum
		}
	})
	fmt.Println(total, err)
	// Output: 210 <nil>
}

// A ballot tells every lane which lanes matched a predicate. Here each lane
// tests one word, and lane 0 reports the matches.
func ExampleBallot() {
	words := []string{"go", "vet", "lane", "warp", "simd", "gpu"}
	err := spmd.Run(len(words), func(l spmd.Lane) {
		mask := spmd.Ballot(l, len(words[l.Index()]) == 4)
		if l.Index() == 0 {
			fmt.Printf("mask %06b, %d matches\n", mask, bits.OnesCount64(mask))
		}
	})
	fmt.Println(err)
	// Output:
	// mask 011100, 3 matches
	// <nil>
}

// A barrier under a divergent condition is a bug: lanes 4 to 7 never reach
// it. Run reports where each lane stopped instead of hanging.
func ExampleRun_divergence() {
	err := spmd.Run(8, func(l spmd.Lane) {
		if l.Index() < 4 {
			l.Barrier()
		}
	})
	fmt.Println(err)
	// Output: spmd: divergent barrier: lanes [0-3] wait at example_test.go:50 (Barrier), lanes [4-7] returned
}

// ExclusiveAdd gives each lane its offset in a shared output, so that lanes
// producing different numbers of items can write them without colliding.
func ExampleExclusiveAdd() {
	out := make([]int, 10)
	err := spmd.Run(4, func(l spmd.Lane) {
		n := l.Index() + 1 // lane i produces i+1 items
		offset := spmd.ExclusiveAdd(l, n)
		for k := range n {
			out[offset+k] = l.Index()
		}
	})
	fmt.Println(out, err)
	// Output: [0 1 1 2 2 2 3 3 3 3] <nil>
}
