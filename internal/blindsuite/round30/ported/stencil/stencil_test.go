package stencil

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, name string, err error) {
	t.Helper()
	var div *spmd.DivergenceError
	if !errors.As(err, &div) {
		t.Fatalf("%s: got error %v, want a *spmd.DivergenceError", name, err)
	}
	t.Logf("%s: %v", name, err)
}

func near(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

func TestConv1D(t *testing.T) {
	w := [2*R + 1]float32{1, -2, 3, 4, 3, -2, 1}
	for _, n := range []int{1, 5, 64, 100, 200} {
		in := make([]float32, n)
		for i := range in {
			in[i] = float32(i%9 - 4)
		}
		got, err := Conv1D(in, w)
		if err != nil {
			t.Fatalf("Conv1D(%d): %v", n, err)
		}
		for i := range n {
			var want float32
			for k := -R; k <= R; k++ {
				if j := i + k; j >= 0 && j < n {
					want += w[k+R] * in[j]
				}
			}
			if got[i] != want {
				t.Errorf("Conv1D(%d)[%d] = %g, want %g", n, i, got[i], want)
			}
		}
	}
	_, err := Conv1DBug(make([]float32, 100), w)
	wantDivergence(t, "Conv1DBug", err)
}

func laplaceGrid(w, h int) []float64 {
	g := make([]float64, w*h)
	for x := range w {
		g[x] = 1 // hot top edge
	}
	return g
}

func TestJacobi(t *testing.T) {
	w, h := 12, 10
	grid := laplaceGrid(w, h)
	got, sweeps, err := Jacobi(grid, w, h, 1e-4, 2000)
	if err != nil {
		t.Fatal(err)
	}
	// Reference: the same sweeps sequentially.
	cur := slices.Clone(grid)
	next := slices.Clone(grid)
	for range sweeps {
		for y := 1; y < h-1; y++ {
			for x := 1; x < w-1; x++ {
				i := y*w + x
				next[i] = 0.25 * (cur[i-1] + cur[i+1] + cur[i-w] + cur[i+w])
			}
		}
		cur, next = next, cur
	}
	for i := range cur {
		if got[i] != cur[i] {
			t.Fatalf("Jacobi[%d] = %g, want %g (after %d sweeps)", i, got[i], cur[i], sweeps)
		}
	}
	if sweeps < 2 || sweeps >= 2000 {
		t.Errorf("Jacobi took %d sweeps", sweeps)
	}
	_, _, err = JacobiBug(grid, w, h, 1e-4, 2000)
	wantDivergence(t, "JacobiBug", err)
}

func TestHeat(t *testing.T) {
	n := 50
	u := make([]float64, n)
	kappa := make([]float64, n)
	for i := range u {
		u[i] = math.Sin(float64(i) / 7)
		kappa[i] = 0.1 + float64(i%5)*0.3
	}
	dt := 1.0
	got, steps, err := Heat(u, kappa, dt)
	if err != nil {
		t.Fatal(err)
	}
	sub := 1
	for _, k := range kappa {
		for k*dt/float64(sub) > 0.4 {
			sub *= 2
		}
	}
	if steps != sub {
		t.Errorf("Heat used %d substeps, want %d", steps, sub)
	}
	cur := slices.Clone(u)
	h := dt / float64(sub)
	for range sub {
		next := slices.Clone(cur)
		for i := 1; i < n-1; i++ {
			next[i] = cur[i] + kappa[i]*h*(cur[i-1]-2*cur[i]+cur[i+1])
		}
		cur = next
	}
	for i := range cur {
		if !near(got[i], cur[i], 1e-12) {
			t.Errorf("Heat[%d] = %g, want %g", i, got[i], cur[i])
		}
	}
	_, _, err = HeatBug(u, kappa, dt)
	wantDivergence(t, "HeatBug", err)
}

func TestTranspose(t *testing.T) {
	for _, sz := range [][2]int{{1, 1}, {16, 16}, {20, 33}, {37, 5}} {
		h, w := sz[0], sz[1]
		in := make([]float32, h*w)
		for i := range in {
			in[i] = float32(i)
		}
		got, err := Transpose(in, h, w)
		if err != nil {
			t.Fatalf("Transpose(%dx%d): %v", h, w, err)
		}
		for y := range h {
			for x := range w {
				if got[x*h+y] != in[y*w+x] {
					t.Fatalf("Transpose(%dx%d)[%d][%d] = %g, want %g", h, w, x, y, got[x*h+y], in[y*w+x])
				}
			}
		}
	}
	_, err := TransposeBug(make([]float32, 20*20), 20, 20)
	wantDivergence(t, "TransposeBug", err)
}

func bodies(n int) []Body {
	bs := make([]Body, n)
	for i := range bs {
		bs[i] = Body{X: float64(i) * 0.5, Y: math.Sin(float64(i)), M: 1 + float64(i%3)}
	}
	return bs
}

func TestAccelerations(t *testing.T) {
	for _, n := range []int{1, 64, 100} {
		bs := bodies(n)
		got, err := Accelerations(bs)
		if err != nil {
			t.Fatalf("Accelerations(%d): %v", n, err)
		}
		for i, me := range bs {
			var ax, ay float64
			for _, b := range bs {
				ax, ay = interact(me.X, me.Y, b, ax, ay)
			}
			if !near(got[i][0], ax, 1e-9) || !near(got[i][1], ay, 1e-9) {
				t.Errorf("Accelerations(%d)[%d] = %v, want %g %g", n, i, got[i], ax, ay)
			}
		}
	}
	_, err := AccelerationsBug(bodies(100))
	wantDivergence(t, "AccelerationsBug", err)
}

func TestCutoffAccelerations(t *testing.T) {
	cut := 4.0
	for _, n := range []int{1, 30, 64, 150} {
		bs := bodies(n)
		got, err := CutoffAccelerations(bs, cut)
		if err != nil {
			t.Fatalf("CutoffAccelerations(%d): %v", n, err)
		}
		for i, me := range bs {
			var ax, ay float64
			for _, b := range bs {
				if math.Abs(b.X-me.X) <= cut {
					ax, ay = interact(me.X, me.Y, b, ax, ay)
				}
			}
			if !near(got[i][0], ax, 1e-9) || !near(got[i][1], ay, 1e-9) {
				t.Errorf("CutoffAccelerations(%d)[%d] = %v, want %g %g", n, i, got[i], ax, ay)
			}
		}
	}
	_, err := CutoffAccelerationsBug(bodies(150), cut)
	wantDivergence(t, "CutoffAccelerationsBug", err)
}

func TestBlur3x3(t *testing.T) {
	for _, sz := range [][2]int{{1, 1}, {8, 8}, {13, 20}} {
		h, w := sz[0], sz[1]
		img := make([]float32, h*w)
		for i := range img {
			img[i] = float32(i % 11)
		}
		got, err := Blur3x3(img, h, w)
		if err != nil {
			t.Fatalf("Blur3x3(%dx%d): %v", h, w, err)
		}
		for y := range h {
			for x := range w {
				var s float32
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						yy, xx := min(max(y+dy, 0), h-1), min(max(x+dx, 0), w-1)
						s += img[yy*w+xx]
					}
				}
				if want := s / 9; got[y*w+x] != want {
					t.Errorf("Blur3x3(%dx%d)[%d][%d] = %g, want %g", h, w, y, x, got[y*w+x], want)
				}
			}
		}
	}
	_, err := Blur3x3Bug(make([]float32, 13*20), 13, 20)
	wantDivergence(t, "Blur3x3Bug", err)
}

func TestMatMul(t *testing.T) {
	for _, sz := range [][3]int{{1, 1, 1}, {8, 8, 8}, {10, 13, 7}, {17, 5, 20}} {
		m, k, p := sz[0], sz[1], sz[2]
		a := make([]float64, m*k)
		b := make([]float64, k*p)
		for i := range a {
			a[i] = float64(i%7) - 3
		}
		for i := range b {
			b[i] = float64(i%5) - 2
		}
		got, err := MatMul(a, b, m, k, p)
		if err != nil {
			t.Fatalf("MatMul(%v): %v", sz, err)
		}
		for i := range m {
			for j := range p {
				want := 0.0
				for kk := range k {
					want += a[i*k+kk] * b[kk*p+j]
				}
				if got[i*p+j] != want {
					t.Errorf("MatMul(%v)[%d][%d] = %g, want %g", sz, i, j, got[i*p+j], want)
				}
			}
		}
	}
	_, err := MatMulBug(make([]float64, 10*13), make([]float64, 13*7), 10, 13, 7)
	wantDivergence(t, "MatMulBug", err)
}
