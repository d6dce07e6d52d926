package dev

import (
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func TestHelpers(t *testing.T) {
	for _, n := range []int{4, 8, 16} {
		sc := NewScratch(n)
		buf := make([]float64, n)
		res := make([]int, n)
		err := spmd.Run(n, func(l spmd.Lane) {
			i := l.Index()
			res[i] = BlockSum(l, sc, i) - WarpSum(l, i)
			buf[i] = float64(i)
			l.Barrier()
			RecReduce(l, buf, l.Count()/2)
			Sync(l)
			SyncN(l, 2)
			var p Pipeline
			p.Stages = 2
			p.Run(l)
		})
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range res {
			if r != 0 {
				t.Errorf("n=%d lane %d: BlockSum and WarpSum differ by %d", n, i, r)
			}
		}
		if buf[0] != float64(n*(n-1)/2) {
			t.Errorf("n=%d: RecReduce = %v", n, buf[0])
		}
	}
}
