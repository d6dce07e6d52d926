package pipes

import (
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

// TestNoDivergenceAnyWidth runs the kernels spmdvet reported although they are
// annotated correct, at every group size from 1 to 8.
func TestNoDivergenceAnyWidth(t *testing.T) {
	for _, k := range []func(spmd.Lane, []int){StageSliceLaneKeyStoreOnly} {
		for n := 1; n <= 8; n++ {
			out := make([]int, n)
			if err := spmd.Run(n, func(l spmd.Lane) { k(l, out) }); err != nil {
				t.Fatalf("%d lanes: %v", n, err)
			}
		}
	}
}
