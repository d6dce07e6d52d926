package iter

import (
	"errors"
	"math"
	"slices"
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

func mandel(cx, cy float64, maxIt int) int {
	var zr, zi float64
	it := 0
	for it < maxIt && zr*zr+zi*zi <= 4 {
		zr, zi = zr*zr-zi*zi+cx, 2*zr*zi+cy
		it++
	}
	return it
}

func TestMandelRow(t *testing.T) {
	out := make([]int, 37)
	x0, dx, y := -2.0, 0.07, 0.3
	if err := spmd.Run(8, func(l spmd.Lane) { MandelRow(l, x0, dx, y, 50, out) }); err != nil {
		t.Fatal(err)
	}
	for px := range out {
		if w := mandel(x0+float64(px)*dx, y, 50); out[px] != w {
			t.Fatalf("px %d: %d want %d", px, out[px], w)
		}
	}
}

func TestMandelPoints(t *testing.T) {
	cre := []float64{0, 3, -1, 2, 0.25, 1, 0, -2.5}
	cim := []float64{0, 0, 0, 2, 0, 1, 1, 0}
	out := make([]int, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { MandelPoints(l, cre, cim, 20, out) }))
}

func TestBlockedDot(t *testing.T) {
	a := make([]float64, 23)
	b := make([]float64, 23)
	for i := range a {
		a[i], b[i] = float64(i), 2
	}
	prog := make([]float64, 3)
	if err := spmd.Run(4, func(l spmd.Lane) { BlockedDot(l, a, b, 10, prog) }); err != nil {
		t.Fatal(err)
	}
	if want := []float64{90, 380, 506}; !slices.Equal(prog, want) {
		t.Fatalf("prog %v want %v", prog, want)
	}
}

func TestRoundMax(t *testing.T) {
	in := []int{5, 1, 9, 2, 7, 3, 8, 4, 6, 0}
	prog := make([]int, 3)
	wantDiv(t, spmd.Run(4, func(l spmd.Lane) { RoundMax(l, in, prog) }))
}

func TestJacobi1D(t *testing.T) {
	u := make([]float64, 12)
	u[11] = 11
	tmp := slices.Clone(u)
	iters := make([]int, 1)
	if err := spmd.Run(4, func(l spmd.Lane) { Jacobi1D(l, u, tmp, 1e-9, 10000, iters) }); err != nil {
		t.Fatal(err)
	}
	if iters[0] <= 1 || iters[0] >= 10000 {
		t.Fatalf("iters %d", iters[0])
	}
	for i, v := range u {
		if math.Abs(v-float64(i)) > 1e-6 {
			t.Fatalf("u[%d] = %v", i, v)
		}
	}
}

func TestJacobiOwnPoint(t *testing.T) {
	u := make([]float64, 6)
	u[5] = 5
	tmp := slices.Clone(u)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { JacobiOwnPoint(l, u, tmp, 1e-3, 100) }))
}
