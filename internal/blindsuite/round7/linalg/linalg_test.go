package linalg

import (
	"errors"
	"math"
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

func mat32(h, w int) []float32 {
	m := make([]float32, h*w)
	for i := range m {
		m[i] = float32(i)
	}
	return m
}

func TestTranspose(t *testing.T) {
	h, w, T := 7, 10, 4
	in := mat32(h, w)
	out := make([]float32, w*h)
	tile := make([]float32, T*T)
	if err := spmd.Run(T*T, func(l spmd.Lane) { Transpose(l, in, out, w, h, T, tile) }); err != nil {
		t.Fatal(err)
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if out[x*h+y] != in[y*w+x] {
				t.Fatalf("out[%d][%d] = %v", x, y, out[x*h+y])
			}
		}
	}
}

func TestTransposeSkipEdge(t *testing.T) {
	h, w, T := 7, 10, 4
	in := mat32(h, w)
	out := make([]float32, w*h)
	tile := make([]float32, T*T)
	wantDiv(t, spmd.Run(T*T, func(l spmd.Lane) { TransposeSkipEdge(l, in, out, w, h, T, tile) }))
}

func TestMatMulTiled(t *testing.T) {
	n, T := 6, 4
	A := make([]float64, n*n)
	B := make([]float64, n*n)
	for i := range A {
		A[i] = float64(i%5) - 1
		B[i] = float64(i%3) + 0.5
	}
	C := make([]float64, n*n)
	As := make([]float64, T*T)
	Bs := make([]float64, T*T)
	if err := spmd.Run(T*T, func(l spmd.Lane) { MatMulTiled(l, A, B, C, n, T, As, Bs) }); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			var s float64
			for k := 0; k < n; k++ {
				s += A[i*n+k] * B[k*n+j]
			}
			if math.Abs(s-C[i*n+j]) > 1e-9 {
				t.Fatalf("C[%d][%d] = %v want %v", i, j, C[i*n+j], s)
			}
		}
	}
}

func box(in []float64, R int) []float64 {
	out := make([]float64, len(in))
	for i := range in {
		for o := -R; o <= R; o++ {
			out[i] += at(in, i+o)
		}
	}
	return out
}

func TestStencil1D(t *testing.T) {
	in := make([]float64, 45)
	for i := range in {
		in[i] = float64(i * i % 17)
	}
	R, lanes := 3, 8
	out := make([]float64, len(in))
	sh := make([]float64, lanes+2*R)
	if err := spmd.Run(lanes, func(l spmd.Lane) { Stencil1D(l, in, out, R, sh) }); err != nil {
		t.Fatal(err)
	}
	want := box(in, R)
	for i := range want {
		if out[i] != want[i] {
			t.Fatalf("out[%d] = %v want %v", i, out[i], want[i])
		}
	}
}

func TestStencil1DOneTile(t *testing.T) {
	in := make([]float64, 13)
	R, lanes := 2, 16
	out := make([]float64, len(in))
	sh := make([]float64, lanes+2*R)
	wantDiv(t, spmd.Run(lanes, func(l spmd.Lane) { Stencil1DOneTile(l, in, out, R, sh) }))
}

func TestPipelinedScale(t *testing.T) {
	in := []float64{1, 2, 3, 4, 5, 6, 7}
	out := make([]float64, len(in))
	stage := make([]float64, 4)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { PipelinedScale(l, in, out, stage, 2) }))
}
