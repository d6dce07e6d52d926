package ambig

import (
	"errors"
	"math"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func TestSoftmaxWarp(t *testing.T) {
	for _, x := range [][]float64{
		{1, 2, 3, 4, 0, -1, 2, 2},
		{math.Inf(-1), math.Inf(-1), math.Inf(-1), math.Inf(-1), math.Inf(-1), math.Inf(-1), math.Inf(-1), math.Inf(-1)},
	} {
		out := make([]float64, 8)
		if err := spmd.Run(8, func(l spmd.Lane) { SoftmaxWarp(l, x, out) }); err != nil {
			t.Fatal(err) // cannot diverge at run time, see the doc comment
		}
		var s float64
		for _, v := range out {
			s += v
		}
		if !math.IsInf(x[0], -1) && math.Abs(s-1) > 1e-12 {
			t.Fatalf("softmax sums to %v", s)
		}
	}
}

func TestScaleIfNonzeroHelper(t *testing.T) {
	in := []float64{1, 2, 3, 4, 0, 0, 5, 5}
	out := make([]float64, 8)
	sh := make([]float64, 8)
	if err := spmd.Run(8, func(l spmd.Lane) { ScaleIfNonzeroHelper(l, in, out, sh) }); err != nil {
		t.Fatal(err)
	}
	if out[0] != 1.0/20 {
		t.Fatalf("out[0] = %v", out[0])
	}
	zero := make([]float64, 8)
	if err := spmd.Run(8, func(l spmd.Lane) { ScaleIfNonzeroHelper(l, zero, out, sh) }); err != nil {
		t.Fatal(err)
	}
}

func TestScatterChecked(t *testing.T) {
	in := []float64{1, 2, 3, 4}
	out := make([]float64, 4)
	sh := make([]float64, 4)
	if err := spmd.Run(4, func(l spmd.Lane) { ScatterChecked(l, in, out, sh) }); err != nil {
		t.Fatal(err)
	}
	if out[0] != 4 || out[3] != 1 {
		t.Fatalf("out %v", out)
	}
	short := make([]float64, 3)
	err := spmd.Run(4, func(l spmd.Lane) { ScatterChecked(l, in, short, sh) })
	var pe *spmd.PanicError
	var de *spmd.DivergenceError
	t.Logf("short output: %v (panic %v, divergence %v)", err, errors.As(err, &pe), errors.As(err, &de))
	if err == nil {
		t.Fatal("want an error")
	}
}

func TestSmooth(t *testing.T) {
	x := []float64{0, 4, 8, 12}
	out := make([]float64, 4)
	if err := spmd.Run(4, func(l spmd.Lane) { Smooth(l, x, 3, out) }); err != nil {
		t.Fatal(err)
	}
	// the mean (6) is preserved; deviations halve every round
	for i, v := range out {
		if want := 6 + (x[i]-6)/8; math.Abs(v-want) > 1e-12 {
			t.Fatalf("out[%d] = %v want %v", i, v, want)
		}
	}
}

func TestWeightedSum(t *testing.T) {
	feats := map[string][]float64{
		"a": {1, 1, 1, 1},
		"b": {2, 2, 2, 2},
		"c": {3, 3, 3, 3},
	}
	w := map[string]float64{"a": 1, "b": 10, "c": 100}
	out := make([]float64, 4)
	for range 20 {
		if err := spmd.Run(4, func(l spmd.Lane) { WeightedSum(l, feats, w, out) }); err != nil {
			t.Fatal(err)
		}
	}
}
