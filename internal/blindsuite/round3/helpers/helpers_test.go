package helpers

import (
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func TestBlockPrimitives(t *testing.T) {
	for _, n := range []int{4, 8, 16} {
		sh := make([]int, n)
		sums := make([]int, n)
		excl := make([]int, n)
		tots := make([]int, n)
		err := spmd.Run(n, func(l spmd.Lane) {
			i := l.Index()
			sums[i] = BlockReduce(l, sh, i+1)
			excl[i], tots[i] = BlockScan(l, sh, i+1)
		})
		if err != nil {
			t.Fatal(err)
		}
		want := n * (n + 1) / 2
		for i := range n {
			if sums[i] != want || tots[i] != want || excl[i] != i*(i+1)/2 {
				t.Fatalf("lanes=%d lane %d: sum %d total %d excl %d", n, i, sums[i], tots[i], excl[i])
			}
		}
	}
}
