package tri

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

func close(a, b []float64) bool {
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

// lower returns a well-conditioned lower-triangular n×n matrix.
func lower(n int) []float64 {
	L := make([]float64, n*n)
	for i := range n {
		for j := 0; j <= i; j++ {
			L[i*n+j] = float64((i+2*j)%5) + 1
		}
		L[i*n+i] = float64(n + i + 2)
	}
	return L
}

func upper(n int) []float64 {
	U := make([]float64, n*n)
	for i := range n {
		for j := i; j < n; j++ {
			U[i*n+j] = float64((3*i+j)%7) - 2
		}
		U[i*n+i] = float64(n + 3*i + 1)
	}
	return U
}

func matvec(A, x []float64, m int) []float64 {
	n := len(x)
	y := make([]float64, m)
	for i := range m {
		for j := range n {
			y[i] += A[i*n+j] * x[j]
		}
	}
	return y
}

func TestForwardSubst(t *testing.T) {
	n := 7
	L := lower(n)
	want := []float64{1, -2, 3, 0.5, -1, 4, 2}
	b := matvec(L, want, n)
	x, err := ForwardSubst(L, b)
	if err != nil {
		t.Fatal(err)
	}
	if !close(x, want) {
		t.Errorf("x = %v, want %v", x, want)
	}
}

func TestForwardSubstTriangular(t *testing.T) {
	n := 7
	L := lower(n)
	b := matvec(L, []float64{1, 2, 3, 4, 5, 6, 7}, n)
	_, err := ForwardSubstTriangular(L, b)
	wantDivergence(t, err)
}

func upperColumnSums(A []float64, n int) []float64 {
	s := make([]float64, n)
	for j := range n {
		for i := 0; i <= j; i++ {
			s[j] += A[i*n+j]
		}
	}
	return s
}

func TestUpperColumnSums(t *testing.T) {
	n := 6
	A := make([]float64, n*n)
	for k := range A {
		A[k] = float64(k%9) - 3
	}
	got, err := UpperColumnSums(A, n)
	if err != nil {
		t.Fatal(err)
	}
	if want := upperColumnSums(A, n); !close(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestUpperColumnSumsTriangular(t *testing.T) {
	n := 6
	A := make([]float64, n*n)
	for k := range A {
		A[k] = float64(k%9) - 3
	}
	_, err := UpperColumnSumsTriangular(A, n)
	wantDivergence(t, err)
}

// diagDominant returns an n×n matrix that needs no pivoting.
func diagDominant(n int) []float64 {
	A := make([]float64, n*n)
	for i := range n {
		for j := range n {
			A[i*n+j] = float64((i*7+j*3)%5) - 2
		}
		A[i*n+i] = float64(4*n + i)
	}
	return A
}

func TestEliminate(t *testing.T) {
	n := 6
	A := diagDominant(n)
	orig := slices.Clone(A)
	if err := Eliminate(A, n); err != nil {
		t.Fatal(err)
	}
	// L*U must give back the original matrix.
	for i := range n {
		for j := range n {
			s := 0.0
			for k := 0; k <= min(i, j); k++ {
				lik := A[i*n+k]
				if k == i {
					lik = 1
				}
				s += lik * A[k*n+j]
			}
			if math.Abs(s-orig[i*n+j]) > 1e-9 {
				t.Fatalf("(LU)[%d][%d] = %g, want %g", i, j, s, orig[i*n+j])
			}
		}
	}
}

func TestEliminateLate(t *testing.T) {
	n := 6
	err := EliminateLate(diagDominant(n), n)
	wantDivergence(t, err)
}

func TestMatVecTiled(t *testing.T) {
	for _, n := range []int{3, 4, 9, 10} {
		m := 4
		A := make([]float64, m*n)
		for k := range A {
			A[k] = float64(k%7) - 2.5
		}
		x := make([]float64, n)
		for j := range x {
			x[j] = float64(j) + 0.5
		}
		y, err := MatVecTiled(A, x, m)
		if err != nil {
			t.Fatal(err)
		}
		if want := matvec(A, x, m); !close(y, want) {
			t.Errorf("n=%d: y = %v, want %v", n, y, want)
		}
	}
}

func TestMatVecStrided(t *testing.T) {
	m, n := 4, 6 // lanes 2 and 3 run one round, lanes 0 and 1 two
	A := make([]float64, m*n)
	x := make([]float64, n)
	_, err := MatVecStrided(A, x, m)
	wantDivergence(t, err)
}

// csr is a 5×6 matrix with rows of lengths 2, 0, 3, 1, 2.
var (
	rowPtr = []int{0, 2, 2, 5, 6, 8}
	cols   = []int{0, 3, 1, 2, 5, 4, 0, 5}
	vals   = []float64{1, 2, 3, 4, 5, 6, 7, 8}
	xvec   = []float64{1, -1, 2, -2, 3, -3}
)

func TestSpMVCSR(t *testing.T) {
	y, occ, err := SpMVCSR(rowPtr, cols, vals, xvec)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{1*1 + 2*-2, 0, 3*-1 + 4*2 + 5*-3, 6 * 3, 7*1 + 8*-3}
	if !close(y, want) {
		t.Errorf("y = %v, want %v", y, want)
	}
	if wantOcc := []int{4, 3, 1}; !slices.Equal(occ, wantOcc) {
		t.Errorf("occupancy = %v, want %v", occ, wantOcc)
	}
}

func TestSpMVCSRRowLoop(t *testing.T) {
	_, _, err := SpMVCSRRowLoop(rowPtr, cols, vals, xvec)
	wantDivergence(t, err)
}

func pairEnergy(pos []float64) float64 {
	e := 0.0
	for i := range pos {
		for j := i + 1; j < len(pos); j++ {
			e += 1 / math.Abs(pos[i]-pos[j])
		}
	}
	return e
}

func TestPairEnergy(t *testing.T) {
	pos := []float64{0, 1.5, 3, 4, 7, 7.5, 9, 12, 13, 20}
	got, err := PairEnergy(pos)
	if err != nil {
		t.Fatal(err)
	}
	if want := pairEnergy(pos); math.Abs(got-want) > 1e-9 {
		t.Errorf("energy = %g, want %g", got, want)
	}
}

func TestPairEnergyFromOwnTile(t *testing.T) {
	pos := []float64{0, 1.5, 3, 4, 7, 7.5, 9, 12, 13, 20}
	_, err := PairEnergyFromOwnTile(pos)
	wantDivergence(t, err)
}

func TestBackSubst(t *testing.T) {
	n := 6
	U := upper(n)
	want := []float64{2, -1, 0.25, 3, -4, 1}
	x, err := BackSubst(U, matvec(U, want, n))
	if err != nil {
		t.Fatal(err)
	}
	if !close(x, want) {
		t.Errorf("x = %v, want %v", x, want)
	}
}

func TestBackSubstTriangular(t *testing.T) {
	n := 6
	U := upper(n)
	_, err := BackSubstTriangular(U, matvec(U, []float64{1, 1, 1, 1, 1, 1}, n))
	wantDivergence(t, err)
}

func firstAbove(x []float64, w int, thresh float64) []int {
	out := make([]int, len(x))
	for i := range x {
		out[i] = -1
		for j := i; j < min(i+w, len(x)); j++ {
			if x[j] >= thresh {
				out[i] = j
				break
			}
		}
	}
	return out
}

func TestFirstAbove(t *testing.T) {
	x := []float64{0, 5, 1, 1, 1, 9, 0, 0, 2, 0}
	for _, w := range []int{1, 3, 4, 20} {
		got, err := FirstAbove(x, w, 2)
		if err != nil {
			t.Fatal(err)
		}
		if want := firstAbove(x, w, 2); !slices.Equal(got, want) {
			t.Errorf("w=%d: got %v, want %v", w, got, want)
		}
	}
}

func TestFirstAboveClipped(t *testing.T) {
	x := []float64{0, 5, 1, 1, 1, 9, 0, 0, 2, 0}
	_, err := FirstAboveClipped(x, 3, 2)
	wantDivergence(t, err)
}

func TestChunkSums(t *testing.T) {
	data := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	got, err := ChunkSums(data, 4) // chunks of 3: [1 2 3] [4 5 6] [7 8 9] [10 11]
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{1 + 4 + 7 + 10, 3 + 9 + 15 + 21, 6 + 15 + 24 + 21}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestChunkSumsClipped(t *testing.T) {
	data := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	_, err := ChunkSumsClipped(data, 4)
	wantDivergence(t, err)
}

func TestJacobiSolve(t *testing.T) {
	n := 6
	A := diagDominant(n)
	want := []float64{1, 2, -1, 0.5, 3, -2}
	x, err := JacobiSolve(A, matvec(A, want, n), 60)
	if err != nil {
		t.Fatal(err)
	}
	if !close(x, want) {
		t.Errorf("x = %v, want %v", x, want)
	}
	// A zero pivot panics in its lane: a *spmd.PanicError, not divergence.
	A[3*n+3] = 0
	_, err = JacobiSolve(A, matvec(A, want, n), 5)
	var pe *spmd.PanicError
	if !errors.As(err, &pe) || pe.Lane != 3 {
		t.Errorf("zero pivot: err = %v, want a panic in lane 3", err)
	}
}

func TestJacobiSolveSkipZero(t *testing.T) {
	n := 6
	A := diagDominant(n)
	A[3*n+3] = 0
	_, err := JacobiSolveSkipZero(A, make([]float64, n), 5)
	wantDivergence(t, err)
}
