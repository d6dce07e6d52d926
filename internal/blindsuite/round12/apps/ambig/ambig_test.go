package ambig

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("diverged as expected: %v", err)
}

func TestScaleStrided(t *testing.T) {
	data := []float64{1, 2, 3, 4, 5, 6}
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { ScaleStrided(l, data, 2) }))
}

func TestSquareTasks(t *testing.T) {
	tasks := make(chan int, 10)
	for i := range 10 {
		tasks <- i
	}
	close(tasks)
	out := make([]int, 10)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { SquareTasks(l, tasks, out) }))
}

func TestNormalizeByChunkMax(t *testing.T) {
	data := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	if err := spmd.Run(4, func(l spmd.Lane) { NormalizeByChunkMax(l, data) }); err != nil {
		t.Fatal(err)
	}
	// chunk maxima 4, 8, 10
	for i, v := range data {
		if v != float64(i+1)/22 {
			t.Fatalf("data[%d] = %v", i, v)
		}
	}
}

func TestCopyRows(t *testing.T) {
	for _, shared := range []bool{true, false} {
		src := []float64{1, 2, 3, 4, 5, 6, 7}
		dst := make([]float64, len(src))
		if err := spmd.Run(4, func(l spmd.Lane) { CopyRows(l, dst, src, shared) }); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(dst, src) {
			t.Fatalf("dst %v", dst)
		}
	}
}

func TestLeadersSync(t *testing.T) {
	data := make([]int, 4)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { LeadersSync(l, data) }))
}

func TestCombineValid(t *testing.T) {
	// No EXPECT line (see the kernel's comment), yet Run does report the divergence.
	data := []float64{1, 2, 3}
	var out float64
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { CombineValid(l, data, SumCombiner{}, &out) }))
	data = append(data, 4)
	if err := spmd.Run(4, func(l spmd.Lane) { CombineValid(l, data, SumCombiner{}, &out) }); err != nil || out != 10 {
		t.Fatalf("err %v out %v", err, out)
	}
}

func TestWeightTotals(t *testing.T) {
	weights := map[string]int{"a": 1, "b": 2, "c": 4, "d": 8, "e": 16}
	out := make([]int, 8)
	for range 5 {
		if err := spmd.Run(8, func(l spmd.Lane) { WeightTotals(l, weights, out) }); err != nil {
			t.Fatal(err)
		}
		for i, v := range out {
			if v != 8*31 {
				t.Fatalf("out[%d] = %d", i, v)
			}
		}
	}
}

func TestGuardedIncrement(t *testing.T) {
	data := make([]int, 6)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { GuardedIncrement(l, data) }))
}

func TestIncrementDeferSync(t *testing.T) {
	data := make([]int, 3)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { IncrementDeferSync(l, data) }))
}
