package stencil

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("err = %v, want a *spmd.DivergenceError", err)
	}
	t.Log(err)
}

func near(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-9*(1+math.Abs(b[i])) {
			return false
		}
	}
	return true
}

func jacobi(u []float64, iters int) []float64 {
	u = slices.Clone(u)
	for range iters {
		next := slices.Clone(u)
		for i := 1; i < len(u)-1; i++ {
			next[i] = 0.5 * (u[i-1] + u[i+1])
		}
		u = next
	}
	return u
}

func TestJacobi1D(t *testing.T) {
	u := []float64{1, 0, 0, 0, 0, 0, 0, 5}
	want := jacobi(u, 5)
	if err := Jacobi1D(u, 5); err != nil {
		t.Fatal(err)
	}
	if !near(u, want) {
		t.Errorf("u = %v, want %v", u, want)
	}
}

func TestJacobi1DSkipBoundary(t *testing.T) {
	u := []float64{1, 0, 0, 0, 0, 0, 0, 5}
	wantDivergence(t, Jacobi1DSkipBoundary(u, 5))
}

func heatGrid() (grid []float64, wall []bool, rows, cols int) {
	rows, cols = 6, 5
	grid = make([]float64, rows*cols)
	wall = make([]bool, rows*cols)
	for c := range cols {
		grid[c] = 100 // hot top row
	}
	wall[2*cols+2] = true
	wall[3*cols+1] = true
	grid[3*cols+1] = 7
	return
}

func heat(grid []float64, wall []bool, rows, cols, iters int) []float64 {
	g := slices.Clone(grid)
	for range iters {
		next := slices.Clone(g)
		for r := 1; r < rows-1; r++ {
			for c := 1; c < cols-1; c++ {
				p := r*cols + c
				if !wall[p] {
					next[p] = 0.25 * (g[p-cols] + g[p+cols] + g[p-1] + g[p+1])
				}
			}
		}
		g = next
	}
	return g
}

func TestHeat2D(t *testing.T) {
	grid, wall, rows, cols := heatGrid()
	want := heat(grid, wall, rows, cols, 4)
	if err := Heat2D(grid, wall, rows, cols, 4); err != nil {
		t.Fatal(err)
	}
	if !near(grid, want) {
		t.Errorf("grid = %v, want %v", grid, want)
	}
}

func TestHeat2DSkipWalls(t *testing.T) {
	grid, wall, rows, cols := heatGrid()
	wantDivergence(t, Heat2DSkipWalls(grid, wall, rows, cols, 4))
}

func blur(img []float64, rad []int, passes int) (grad, changes []float64) {
	n := len(img)
	x := slices.Clone(img)
	for range passes {
		next := make([]float64, n)
		worst := 0.0
		for i := range n {
			s, cnt := 0.0, 0
			for k := -rad[i]; k <= rad[i]; k++ {
				if i+k >= 0 && i+k < n {
					s += x[i+k]
					cnt++
				}
			}
			next[i] = s / float64(cnt)
			worst = max(worst, math.Abs(next[i]-x[i]))
		}
		x = next
		changes = append(changes, worst)
	}
	grad = make([]float64, n)
	for i := range n {
		grad[i] = x[min(i+1, n-1)] - x[i]
	}
	return grad, changes
}

var (
	blurImg = []float64{0, 0, 8, 0, 0, 4, 4, 0, 1}
	blurRad = []int{0, 1, 2, 1, 0, 3, 1, 1, 2}
)

func TestVariableBlur(t *testing.T) {
	img := slices.Clone(blurImg)
	wantGrad, wantChanges := blur(img, blurRad, 3)
	grad, changes, err := VariableBlur(img, blurRad, 3)
	if err != nil {
		t.Fatal(err)
	}
	if !near(grad, wantGrad) || !near(changes, wantChanges) {
		t.Errorf("got %v %v, want %v %v", grad, changes, wantGrad, wantChanges)
	}
}

func TestVariableBlurOwnRadius(t *testing.T) {
	_, _, err := VariableBlurOwnRadius(slices.Clone(blurImg), blurRad, 3)
	wantDivergence(t, err)
}

func laplace(u []float64, period int, tol float64, maxChecks int) ([]float64, int) {
	u = slices.Clone(u)
	c := 0
	for c < maxChecks {
		c++
		delta := 0.0
		for range period {
			next := jacobi(u, 1)
			delta = 0
			for i := range u {
				delta = max(delta, math.Abs(next[i]-u[i]))
			}
			u = next
		}
		if delta < tol {
			break
		}
	}
	return u, c
}

func TestSolveLaplace(t *testing.T) {
	u := []float64{0, 3, -1, 2, 0, 0, 1, 4, 10}
	want, wantChecks := laplace(u, 3, 1e-3, 500)
	checks, err := SolveLaplace(u, 3, 1e-3, 500)
	if err != nil {
		t.Fatal(err)
	}
	if checks != wantChecks || !near(u, want) {
		t.Errorf("got %v after %d checks, want %v after %d", u, checks, want, wantChecks)
	}
	if checks >= 500 {
		t.Errorf("did not converge")
	}
}

func TestSolveLaplaceLocal(t *testing.T) {
	u := []float64{0, 3, -1, 2, 0, 0, 1, 4, 10}
	_, err := SolveLaplaceLocal(u, 3, 1e-3, 500)
	wantDivergence(t, err)
}

func redBlack(u, f []float64, sweeps int) (float64, []float64) {
	u = slices.Clone(u)
	n := len(u)
	for range sweeps {
		for color := range 2 {
			for i := 1; i < n-1; i++ {
				if i%2 == color {
					u[i] = 0.5 * (u[i-1] + u[i+1] + f[i])
				}
			}
		}
	}
	res := 0.0
	for i := 1; i < n-1; i++ {
		res = max(res, math.Abs(u[i-1]-2*u[i]+u[i+1]+f[i]))
	}
	return res, u
}

func TestRedBlack(t *testing.T) {
	u := []float64{1, 0, 0, 0, 0, 0, 0, 0, 0, 2}
	f := []float64{0, 0.1, 0.1, 0.1, 0, 0, -0.2, 0, 0.1, 0}
	wantRes, wantU := redBlack(u, f, 6)
	res, err := RedBlack(u, f, 6)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(res-wantRes) > 1e-12 || !near(u, wantU) {
		t.Errorf("got %g %v, want %g %v", res, u, wantRes, wantU)
	}
}

func TestRedBlackContinue(t *testing.T) {
	u := []float64{1, 0, 0, 0, 0, 0, 0, 0, 0, 2}
	f := []float64{0, 0.1, 0.1, 0.1, 0, 0, -0.2, 0, 0.1, 0}
	_, err := RedBlackContinue(u, f, 6)
	wantDivergence(t, err)
}

func distanceToWall(wall []bool) []int {
	d := make([]int, len(wall))
	for i := range wall {
		p := i
		for p < len(wall) && !wall[p] {
			p++
		}
		d[i] = p - i
	}
	return d
}

var walls = []bool{false, false, true, false, true, true, false, false, false, false}

func TestDistanceToWall(t *testing.T) {
	got, err := DistanceToWall(walls)
	if err != nil {
		t.Fatal(err)
	}
	if want := distanceToWall(walls); !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestDistanceToWallWhile(t *testing.T) {
	_, err := DistanceToWallWhile(walls)
	wantDivergence(t, err)
}

// mesh is a ring of 6 cells, with cells 2 and 5 missing a neighbour.
var (
	meshK   = 2
	meshNbr = []int{5, 1, 0, 2, 1, -1, -1, 4, 3, 5, 4, -1}
	meshU   = []float64{6, 0, 3, 9, 0, 12}
)

func meshSmooth(u []float64, nbr []int, k, iters int) []float64 {
	u = slices.Clone(u)
	for range iters {
		next := make([]float64, len(u))
		for i := range u {
			s, cnt := u[i], 1
			for t := range k {
				if j := nbr[i*k+t]; j >= 0 {
					s += u[j]
					cnt++
				}
			}
			next[i] = s / float64(cnt)
		}
		u = next
	}
	return u
}

func TestMeshSmooth(t *testing.T) {
	u := slices.Clone(meshU)
	want := meshSmooth(u, meshNbr, meshK, 3)
	if err := MeshSmooth(u, meshNbr, meshK, 3); err != nil {
		t.Fatal(err)
	}
	if !near(u, want) {
		t.Errorf("u = %v, want %v", u, want)
	}
}

func TestMeshSmoothSkipCell(t *testing.T) {
	u := slices.Clone(meshU)
	wantDivergence(t, MeshSmoothSkipCell(u, meshNbr, meshK, 3))
}
