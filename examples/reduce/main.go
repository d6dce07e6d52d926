// Reduce sums a slice on a group of lanes with a tree reduction in shared
// memory, the way a GPU thread block does it.
package main

import (
	"fmt"
	"log"

	"github.com/spmdvet/spmdvet/spmd"
)

// lanes is the group size; the tree halves it each round, so it must be a
// power of two.
const lanes = 8

// Sum returns the sum of data. Each lane first adds up a strided part of
// data into its slot of shared; then, in every round, the lower half of the
// remaining slots adds in the upper half. The barriers separate the rounds:
// a lane reads shared[i+stride] only after its owner has finished writing.
// Every lane reaches every barrier, including the lanes with nothing left to
// add.
func Sum(data []float64) (float64, error) {
	shared := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		for j := i; j < len(data); j += l.Count() {
			shared[i] += data[j]
		}
		l.Barrier()
		for stride := l.Count() / 2; stride > 0; stride /= 2 {
			if i < stride {
				shared[i] += shared[i+stride]
			}
			l.Barrier()
		}
	})
	return shared[0], err
}

func main() {
	data := make([]float64, 100)
	for i := range data {
		data[i] = float64(i + 1)
	}
	sum, err := Sum(data)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("sum of 1..%d = %g\n", len(data), sum)
}
