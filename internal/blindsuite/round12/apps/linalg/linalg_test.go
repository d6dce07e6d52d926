package linalg

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round12/apps/gpu"
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

func matrix(seed uint64, n int) []float64 {
	r := rand.New(rand.NewPCG(seed, 1))
	m := make([]float64, n)
	for i := range m {
		m[i] = float64(r.IntN(9) - 4)
	}
	return m
}

func matrix32(seed uint64, n int) []float32 {
	m := make([]float32, n)
	for i, v := range matrix(seed, n) {
		m[i] = float32(v)
	}
	return m
}

func TestTranspose(t *testing.T) {
	rows, cols := 7, 10
	in := matrix32(1, rows*cols)
	out := make([]float32, rows*cols)
	tile := gpu.NewTile[float32](4, 4)
	if err := spmd.Run(16, func(l spmd.Lane) { Transpose(l, in, rows, cols, out, tile) }); err != nil {
		t.Fatal(err)
	}
	for r := range rows {
		for c := range cols {
			if out[c*rows+r] != in[r*cols+c] {
				t.Fatalf("out[%d][%d] = %v, want %v", c, r, out[c*rows+r], in[r*cols+c])
			}
		}
	}
}

func TestTransposeSquareTiles(t *testing.T) {
	rows, cols := 6, 5
	in := matrix32(2, rows*cols)
	out := make([]float32, rows*cols)
	smem := make([]float32, 4*5)
	wantDivergence(t, spmd.Run(16, func(l spmd.Lane) { TransposeSquareTiles(l, in, rows, cols, out, smem) }))
}

func newGEMM(M, N, K int) *GEMM {
	return &GEMM{M: M, N: N, K: K, A: matrix(3, M*K), B: matrix(4, K*N), C: make([]float64, M*N)}
}

func (g *GEMM) check(t *testing.T) {
	t.Helper()
	for i := range g.M {
		for j := range g.N {
			var s float64
			for k := range g.K {
				s += g.A[i*g.K+k] * g.B[k*g.N+j]
			}
			if g.C[i*g.N+j] != s {
				t.Fatalf("C[%d][%d] = %v, want %v", i, j, g.C[i*g.N+j], s)
			}
		}
	}
}

func TestGEMMTiled(t *testing.T) {
	g := newGEMM(7, 5, 9)
	as, bs := make([]float64, 16), make([]float64, 16)
	if err := spmd.Run(16, func(l spmd.Lane) { g.Tiled(l, as, bs) }); err != nil {
		t.Fatal(err)
	}
	g.check(t)
}

func TestGEMMTile(t *testing.T) {
	g := newGEMM(6, 6, 5)
	as, bs := make([]float64, 16), make([]float64, 16)
	wantDivergence(t, spmd.Run(16, func(l spmd.Lane) { g.Tile(l, 4, 4, as, bs) }))
}

func TestGEMMStaged(t *testing.T) {
	g := newGEMM(7, 5, 9)
	at, bt := gpu.NewTile[float64](4, 4), gpu.NewTile[float64](4, 4)
	if err := gpu.Launch(16, func(l spmd.Lane) { g.Staged(l, at, bt) }); err != nil {
		t.Fatal(err)
	}
	g.check(t)
}

func TestGEMMStagedSkipRows(t *testing.T) {
	g := newGEMM(7, 5, 9)
	at, bt := gpu.NewTile[float64](4, 4), gpu.NewTile[float64](4, 4)
	wantDivergence(t, gpu.Launch(16, func(l spmd.Lane) { g.StagedSkipRows(l, at, bt) }))
}

// csr builds a matrix with the given row lengths.
func csr(rowLen []int, cols int) *CSR {
	m := &CSR{Rows: len(rowLen), RowPtr: []int{0}}
	r := rand.New(rand.NewPCG(5, 5))
	for _, n := range rowLen {
		for k := range n {
			m.Col = append(m.Col, (k*3+r.IntN(2))%cols)
			m.Val = append(m.Val, float64(r.IntN(7)-3))
		}
		m.RowPtr = append(m.RowPtr, len(m.Col))
	}
	return m
}

func (m *CSR) ref(x []float64) []float64 {
	y := make([]float64, m.Rows)
	for r := range m.Rows {
		for j := m.RowPtr[r]; j < m.RowPtr[r+1]; j++ {
			y[r] += m.Val[j] * x[m.Col[j]]
		}
	}
	return y
}

func TestCSRMulScalar(t *testing.T) {
	m := csr([]int{3, 0, 5, 1, 2, 7, 0, 4, 4, 1, 2, 9, 3}, 10)
	x := matrix(6, 10)
	y := make([]float64, m.Rows)
	var nnz int
	if err := spmd.Run(8, func(l spmd.Lane) { m.MulScalar(l, x, y, &nnz) }); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(y, m.ref(x)) || nnz != len(m.Val) {
		t.Fatalf("y %v nnz %d", y, nnz)
	}
}

func TestCSRMulVector(t *testing.T) {
	m := csr([]int{3, 0, 5, 1, 2, 7, 0, 4, 4, 1, 2, 9, 3}, 10)
	x := matrix(7, 10)
	y := make([]float64, m.Rows)
	if err := spmd.Run(4, func(l spmd.Lane) { m.MulVector(l, x, y) }); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(y, m.ref(x)) {
		t.Fatalf("y %v, want %v", y, m.ref(x))
	}
}

func TestCSRMulVectorChunked(t *testing.T) {
	m := csr([]int{5, 4}, 10)
	x := matrix(8, 10)
	y := make([]float64, m.Rows)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { m.MulVectorChunked(l, x, y) }))
}

func TestCSRMulAdaptive(t *testing.T) {
	m := csr([]int{6, 1, 1, 1, 2}, 10)
	x := matrix(9, 10)
	y := make([]float64, m.Rows)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { m.MulAdaptive(l, x, y, 3) }))
}

func convRef(in, w []float32) []float32 {
	R := len(w) / 2
	out := make([]float32, len(in))
	for i := range in {
		for k, wk := range w {
			if g := i + k - R; g >= 0 && g < len(in) {
				out[i] += wk * in[g]
			}
		}
	}
	return out
}

func TestConv1D(t *testing.T) {
	in := matrix32(10, 19)
	w := []float32{1, -2, 3, -2, 1}
	out := make([]float32, len(in))
	smem := make([]float32, 8+4)
	if err := spmd.Run(8, func(l spmd.Lane) { Conv1D(l, in, w, out, smem) }); err != nil {
		t.Fatal(err)
	}
	if want := convRef(in, w); !slices.Equal(out, want) {
		t.Fatalf("got %v, want %v", out, want)
	}
}

func TestConv1DPerLane(t *testing.T) {
	in := matrix32(11, 19)
	w := []float32{1, 2, 1}
	out := make([]float32, len(in))
	smem := make([]float32, 8+2)
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { Conv1DPerLane(l, in, w, out, smem) }))
}

func TestHeat1D(t *testing.T) {
	u := []float64{1, 0, 0, 0, 0, 0, 0, 0}
	v := slices.Clone(u)
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { Heat1D(l, u, v, 0.25, 10) }))
}

func TestStencil3x3(t *testing.T) {
	W, H := 5, 4
	in := matrix32(12, W*H)
	for i := range in {
		in[i] = float32(math.Abs(float64(in[i])))
	}
	s := Stencil3x3{W: W, H: H, K: [9]float32{1, 2, 1, 2, 4, 2, 1, 2, 1}}
	ref := make([]float32, W*H)
	var peak float32
	for y := range H {
		for x := range W {
			var acc float32
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					xx, yy := min(max(x+dx, 0), W-1), min(max(y+dy, 0), H-1)
					acc += in[yy*W+xx] * s.K[(dy+1)*3+dx+1]
				}
			}
			ref[y*W+x] = acc
			peak = max(peak, acc)
		}
	}
	out := make([]float32, W*H)
	if err := spmd.Run(8, func(l spmd.Lane) { s.Apply(l, in, out) }); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(out, ref) {
		t.Fatalf("got %v, want %v", out, ref)
	}
	s.Normalize = true
	if err := spmd.Run(8, func(l spmd.Lane) { s.Apply(l, in, out) }); err != nil {
		t.Fatal(err)
	}
	for i := range ref {
		if out[i] != ref[i]/peak {
			t.Fatalf("normalized out[%d] = %v, want %v", i, out[i], ref[i]/peak)
		}
	}
}

func TestCopyUnrolled(t *testing.T) {
	for _, n := range []int{19, 30, 0} {
		src := matrix32(13, n)
		dst := make([]float32, n)
		var progress int
		if err := spmd.Run(8, func(l spmd.Lane) { CopyUnrolled(l, dst, src, &progress) }); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(dst, src) || progress != gpu.CeilDiv(n, 8) {
			t.Fatalf("n=%d: progress %d, dst %v", n, progress, dst)
		}
	}
}

func TestCopyPipelined(t *testing.T) {
	src := matrix32(14, 20)
	dst := make([]float32, 20)
	prefetched := []bool{true, false, true, false, false, false, false, false}
	regs := make([]float32, 8)
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { CopyPipelined(l, dst, src, prefetched, regs) }))
}
