// Compact keeps the positive elements of a slice, in order, using a group of
// lanes that each test one element per round: stream compaction.
package main

import (
	"fmt"
	"log"
	"math/bits"

	"github.com/spmdvet/spmdvet/spmd"
)

const lanes = 16 // at most 64, the width of a ballot

// Positive returns the positive elements of in, in their order. In each
// round the lanes look at Count consecutive elements; ExclusiveAdd gives
// every lane that keeps its element the number of kept elements in the lanes
// before it, which is where it writes, and Ballot tells all lanes how many
// were kept in the round. Both are called by every lane, including the lanes
// past the end of in, which simply keep nothing.
func Positive(in []int) ([]int, error) {
	out := make([]int, len(in))
	n := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		base := 0 // uniform: the same in every lane
		for start := 0; start < len(in); start += l.Count() {
			j := start + l.Index()
			keep := j < len(in) && in[j] > 0
			one := 0
			if keep {
				one = 1
			}
			pos := spmd.ExclusiveAdd(l, one)
			if keep {
				out[base+pos] = in[j]
			}
			base += bits.OnesCount64(spmd.Ballot(l, keep))
		}
		if l.Index() == 0 {
			n = base
		}
	})
	return out[:n], err
}

func main() {
	in := []int{3, -1, 4, 0, -5, 9, 2, -6, 5, 3, -5, 8, 9, -7, 9, 3, 2, -3, 8, 4}
	out, err := Positive(in)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(out)
}
