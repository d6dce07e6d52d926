package reduce

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDiv(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("divergence: %v", err)
}

func seq(n int) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = float64(i + 1)
	}
	return s
}

func TestTreeReduce(t *testing.T) {
	in := seq(100)
	sh := make([]float64, 16)
	out := make([]float64, 1)
	if err := spmd.Run(16, func(l spmd.Lane) { TreeReduce(l, in, sh, out) }); err != nil {
		t.Fatal(err)
	}
	if out[0] != 5050 {
		t.Fatalf("sum = %v", out[0])
	}
}

func TestTreeReduceSyncInIf(t *testing.T) {
	in := seq(100)
	sh := make([]float64, 16)
	out := make([]float64, 1)
	wantDiv(t, spmd.Run(16, func(l spmd.Lane) { TreeReduceSyncInIf(l, in, sh, out) }))
}

func TestWarpSumXor(t *testing.T) {
	in := []int{3, 1, 4, 1, 5, 9, 2, 6}
	out := make([]int, 8)
	if err := spmd.Run(8, func(l spmd.Lane) { WarpSumXor(l, in, out) }); err != nil {
		t.Fatal(err)
	}
	for i, v := range out {
		if v != 31 {
			t.Fatalf("lane %d: %d", i, v)
		}
	}
}

func TestWarpSumXorAnySize(t *testing.T) {
	in := []int{1, 2, 3, 4, 5, 6}
	out := make([]int, 6)
	wantDiv(t, spmd.Run(6, func(l spmd.Lane) { WarpSumXorAnySize(l, in, out) }))
}

func TestNormalizeShflDown(t *testing.T) {
	in := []float64{1, 0, 0, 0, 0, 0, 0, 0}
	out := make([]float64, 8)
	sh := make([]float64, 1)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { NormalizeShflDown(l, in, out, sh) }))
}

func TestNormalizeMaxAbs(t *testing.T) {
	in := []float64{1, -4, 2, 0, 3, 1, -2}
	out := make([]float64, len(in))
	if err := spmd.Run(4, func(l spmd.Lane) { NormalizeMaxAbs(l, in, out) }); err != nil {
		t.Fatal(err)
	}
	for i := range in {
		if out[i] != in[i]/4 {
			t.Fatalf("out[%d] = %v", i, out[i])
		}
	}
	zero := make([]float64, 5)
	out2 := []float64{7, 7, 7, 7, 7}
	if err := spmd.Run(4, func(l spmd.Lane) { NormalizeMaxAbs(l, zero, out2) }); err != nil {
		t.Fatal(err)
	}
	if out2[0] != 7 {
		t.Fatal("zero input must be left alone")
	}
}

func TestChunkMaxInLoop(t *testing.T) {
	in := seq(10)
	out := make([]float64, 3)
	wantDiv(t, spmd.Run(4, func(l spmd.Lane) { ChunkMaxInLoop(l, in, out) }))
}

func TestMaxAfterLoop(t *testing.T) {
	in := []float64{3, -1, 8, 2, 7, 8.5, 1, 0, 4, 2}
	out := make([]float64, 1)
	if err := spmd.Run(4, func(l spmd.Lane) { MaxAfterLoop(l, in, out) }); err != nil {
		t.Fatal(err)
	}
	if out[0] != 8.5 {
		t.Fatalf("max = %v", out[0])
	}
}
