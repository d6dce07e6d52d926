package ambig

import (
	"errors"
	"math"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func mustDiverge(t *testing.T, err error) {
	t.Helper()
	t.Log(err)
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
}

func mustOK(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("want nil error, got %v", err)
	}
}

func smoothRef(d []float64, iters int) []float64 {
	d = append([]float64(nil), d...)
	n := len(d)
	for range iters {
		t := make([]float64, n)
		for i := range d {
			t[i] = (d[max(i-1, 0)] + d[i] + d[min(i+1, n-1)]) / 3
		}
		d = t
	}
	return d
}

func TestSmoother(t *testing.T) {
	in := []float64{0, 3, 9, 1, 4, 4, 8, 0, 2}
	ref := smoothRef(in, 4)
	for _, entry := range []bool{false, true} {
		s := &Smoother{Data: append([]float64(nil), in...), Tmp: make([]float64, len(in)), Iters: 4}
		if entry {
			mustOK(t, SmoothEntry(s, 4))
		} else {
			mustOK(t, Smooth(s, 4))
		}
		for i := range ref {
			if math.Abs(s.Data[i]-ref[i]) > 1e-12 {
				t.Fatalf("entry %v: data[%d] = %v, want %v", entry, i, s.Data[i], ref[i])
			}
		}
	}
}

func TestDebugSync(t *testing.T) {
	for _, debug := range []bool{false, true} {
		data := []int{1, 2, 3, 4, 5}
		mustOK(t, spmd.Run(3, func(l spmd.Lane) { DebugSync(l, debug, data) }))
		for i, v := range data {
			if v != 2*(i+1)+1 {
				t.Fatalf("data[%d] = %d", i, v)
			}
		}
	}
}

func TestFlipToFirstSign(t *testing.T) {
	v := []float64{-1, 2, -3, 4}
	mustOK(t, spmd.Run(4, func(l spmd.Lane) { FlipToFirstSign(l, v) }))
	if v[0] != 1 || v[1] != -2 || v[2] != 3 || v[3] != -4 {
		t.Fatalf("v = %v", v)
	}
}

func TestPerKeyBarrier(t *testing.T) {
	w := map[string]int{"a": 1, "b": 2, "c": 4, "d": 8}
	for range 50 {
		out := make([]int, 4)
		mustOK(t, spmd.Run(4, func(l spmd.Lane) { PerKeyBarrier(l, w, out) }))
		for i, v := range out {
			if v != 15 {
				t.Fatalf("out[%d] = %d", i, v)
			}
		}
	}
}

func TestPanicGuard(t *testing.T) {
	src := []int{1, 2, 3, 4}
	tile := make([]int, 4)
	mustOK(t, spmd.Run(4, func(l spmd.Lane) { PanicGuard(l, tile, src) }))
	if src[0] != 4 || src[3] != 1 {
		t.Fatalf("src = %v", src)
	}
	// Too many lanes: a panic, reported as such, not as a divergence.
	err := spmd.Run(6, func(l spmd.Lane) { PanicGuard(l, make([]int, 6), []int{1, 2, 3, 4}) })
	var pe *spmd.PanicError
	if !errors.As(err, &pe) {
		t.Fatalf("want *spmd.PanicError, got %v", err)
	}
	t.Log(err)
}

func TestAlwaysTrueGuard(t *testing.T) {
	data := []float64{1, 3, 5, 7}
	tile := make([]float64, 4)
	mustOK(t, spmd.Run(4, func(l spmd.Lane) { AlwaysTrueGuard(l, tile, data) }))
	if data[0] != 2 || data[3] != 4 {
		t.Fatalf("data = %v", data)
	}
}

func TestDeferredBarrier(t *testing.T) {
	// All lanes have work: one return path, no divergence.
	mustOK(t, spmd.Run(3, func(l spmd.Lane) { DeferredBarrier(l, []int{1, 2, 3}) }))
	// Lanes 2 and 3 return early: Run sees the deferred barrier at two sites.
	mustDiverge(t, spmd.Run(4, func(l spmd.Lane) { DeferredBarrier(l, []int{1, 2}) }))
}

func TestPerLaneStages(t *testing.T) {
	stages := []Stage{Scale{K: 2}, Publish{}}
	// All elements even: every lane runs Scale.
	data := []int{2, 4, 6}
	mustOK(t, spmd.Run(3, func(l spmd.Lane) { PerLaneStages(l, stages, data) }))
	if data[0] != 4 || data[2] != 12 {
		t.Fatalf("data = %v", data)
	}
	// Mixed parities: lanes 1 waits at Publish's barrier, the others return.
	mustDiverge(t, spmd.Run(3, func(l spmd.Lane) { PerLaneStages(l, stages, []int{2, 3, 4}) }))
}
