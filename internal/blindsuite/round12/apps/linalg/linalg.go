// Package linalg holds dense and sparse linear algebra and stencil kernels.
package linalg

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round12/apps/gpu"
	"github.com/spmdvet/spmdvet/spmd"
)

// Transpose writes the transpose of the rows×cols matrix in to out (cols×rows), one
// shared tile at a time: a coalesced read into the tile, a coalesced write out of it.
//
//spmd:kernel
func Transpose(l spmd.Lane, in []float32, rows, cols int, out []float32, tile *gpu.SharedTile[float32]) {
	for tr := 0; tr < rows; tr += tile.Rows {
		for tc := 0; tc < cols; tc += tile.Cols {
			tile.Stage(l, in, rows, cols, tr, tc)
			for k := l.Index(); k < tile.Rows*tile.Cols; k += l.Count() {
				r, c := k%tile.Rows, k/tile.Rows
				if gr, gc := tr+r, tc+c; gr < rows && gc < cols {
					out[gc*rows+gr] = tile.At(r, c)
				}
			}
			l.Barrier()
		}
	}
}

// TransposeSquareTiles is the classic CUDA transpose with a padded T×T tile in smem
// (T*(T+1) elements), one element per lane and T*T lanes.
//
//spmd:kernel
func TransposeSquareTiles(l spmd.Lane, in []float32, rows, cols int, out, smem []float32) {
	T := gpu.TileSide(l)
	ty, tx := l.Index()/T, l.Index()%T
	for tr := 0; tr < rows; tr += T {
		for tc := 0; tc < cols; tc += T {
			if gr, gc := tr+ty, tc+tx; gr < rows && gc < cols {
				smem[tx*(T+1)+ty] = in[gr*cols+gc]
				l.Barrier() // EXPECT
				if or, oc := tc+ty, tr+tx; or < cols && oc < rows {
					out[or*rows+oc] = smem[ty*(T+1)+tx]
				}
			}
			l.Barrier()
		}
	}
}

// GEMM is C = A·B for row-major A (M×K), B (K×N), C (M×N).
type GEMM struct {
	M, N, K int
	A, B, C []float64
}

// Tiled computes C with T×T lanes (T*T a square) and shared tiles as, bs of T*T
// elements each, one output tile after the other.
//
//spmd:kernel
func (g *GEMM) Tiled(l spmd.Lane, as, bs []float64) {
	T := gpu.TileSide(l)
	ty, tx := l.Index()/T, l.Index()%T
	for bi := 0; bi < g.M; bi += T {
		for bj := 0; bj < g.N; bj += T {
			row, col := bi+ty, bj+tx
			var acc float64
			for kt := 0; kt < g.K; kt += T {
				as[ty*T+tx], bs[ty*T+tx] = 0, 0
				if row < g.M && kt+tx < g.K {
					as[ty*T+tx] = g.A[row*g.K+kt+tx]
				}
				if kt+ty < g.K && col < g.N {
					bs[ty*T+tx] = g.B[(kt+ty)*g.N+col]
				}
				l.Barrier()
				for k := range T {
					acc += as[ty*T+k] * bs[k*T+tx]
				}
				l.Barrier()
			}
			if row < g.M && col < g.N {
				g.C[row*g.N+col] = acc
			}
		}
	}
}

// Tile computes the output tile at (bi, bj) with T×T lanes; lanes outside C leave.
//
//spmd:kernel
func (g *GEMM) Tile(l spmd.Lane, bi, bj int, as, bs []float64) {
	T := gpu.TileSide(l)
	ty, tx := l.Index()/T, l.Index()%T
	row, col := bi+ty, bj+tx
	if row >= g.M || col >= g.N {
		return
	}
	var acc float64
	for kt := 0; kt < g.K; kt += T {
		as[ty*T+tx], bs[ty*T+tx] = 0, 0
		if kt+tx < g.K {
			as[ty*T+tx] = g.A[row*g.K+kt+tx]
		}
		if kt+ty < g.K {
			bs[ty*T+tx] = g.B[(kt+ty)*g.N+col]
		}
		l.Barrier() // EXPECT
		for k := range T {
			acc += as[ty*T+k] * bs[k*T+tx]
		}
		l.Barrier() // EXPECT
	}
	g.C[row*g.N+col] = acc
}

// Staged computes C with gpu.SharedTile staging; at and bt are T×T tiles for T*T lanes.
//
//spmd:kernel
func (g *GEMM) Staged(l spmd.Lane, at, bt *gpu.SharedTile[float64]) {
	T := at.Rows
	ty, tx := l.Index()/T, l.Index()%T
	for bi := 0; bi < g.M; bi += T {
		for bj := 0; bj < g.N; bj += T {
			var acc float64
			for kt := 0; kt < g.K; kt += T {
				at.Stage(l, g.A, g.M, g.K, bi, kt)
				bt.Stage(l, g.B, g.K, g.N, kt, bj)
				for k := range T {
					acc += at.At(ty, k) * bt.At(k, tx)
				}
				l.Barrier()
			}
			if row, col := bi+ty, bj+tx; row < g.M && col < g.N {
				g.C[row*g.N+col] = acc
			}
		}
	}
}

// StagedSkipRows is Staged where lanes whose output row is past M do not stage A.
//
//spmd:kernel
func (g *GEMM) StagedSkipRows(l spmd.Lane, at, bt *gpu.SharedTile[float64]) {
	T := at.Rows
	ty, tx := l.Index()/T, l.Index()%T
	for bi := 0; bi < g.M; bi += T {
		for bj := 0; bj < g.N; bj += T {
			row := bi + ty
			var acc float64
			for kt := 0; kt < g.K; kt += T {
				if row < g.M {
					at.Stage(l, g.A, g.M, g.K, bi, kt) // EXPECT
				}
				bt.Stage(l, g.B, g.K, g.N, kt, bj)
				for k := range T {
					acc += at.At(ty, k) * bt.At(k, tx)
				}
				l.Barrier()
			}
			if col := bj + tx; row < g.M && col < g.N {
				g.C[row*g.N+col] = acc
			}
		}
	}
}

// CSR is a sparse matrix in compressed sparse row form.
type CSR struct {
	Rows   int
	RowPtr []int
	Col    []int
	Val    []float64
}

// MulScalar computes y = m·x with one row per lane, and writes the number of non-zeros
// processed to *nnz.
//
//spmd:kernel
func (m *CSR) MulScalar(l spmd.Lane, x, y []float64, nnz *int) {
	done := 0
	for r := l.Index(); r < m.Rows; r += l.Count() {
		var s float64
		for j := m.RowPtr[r]; j < m.RowPtr[r+1]; j++ {
			s += m.Val[j] * x[m.Col[j]]
		}
		y[r] = s
		done += m.RowPtr[r+1] - m.RowPtr[r]
	}
	total := spmd.ReduceAdd(l, done)
	if l.Index() == 0 {
		*nnz = total
	}
}

// MulVector computes y = m·x with one row per group: lanes stride over the row's
// non-zeros and reduce.
//
//spmd:kernel
func (m *CSR) MulVector(l spmd.Lane, x, y []float64) {
	for r := range m.Rows {
		lo, hi := m.RowPtr[r], m.RowPtr[r+1]
		if lo == hi {
			if l.Index() == 0 {
				y[r] = 0
			}
			continue // empty row
		}
		var s float64
		for j := lo + l.Index(); j < hi; j += l.Count() {
			s += m.Val[j] * x[m.Col[j]]
		}
		s = spmd.ReduceAdd(l, s)
		if l.Index() == 0 {
			y[r] = s
		}
	}
}

// MulVectorChunked is MulVector reducing one block-wide chunk of the row at a time.
//
//spmd:kernel
func (m *CSR) MulVectorChunked(l spmd.Lane, x, y []float64) {
	for r := range m.Rows {
		lo, hi := m.RowPtr[r], m.RowPtr[r+1]
		var sum float64
		for base := lo; base < hi; base += l.Count() {
			j := base + l.Index()
			if j >= hi {
				break // tail of the row
			}
			sum += spmd.ReduceAdd(l, m.Val[j]*x[m.Col[j]]) // EXPECT
		}
		if l.Index() == 0 {
			y[r] = sum
		}
	}
}

// rowDot returns row r of m times x, computed by the whole group.
func (m *CSR) rowDot(l spmd.Lane, r int, x []float64) float64 {
	var s float64
	for j := m.RowPtr[r] + l.Index(); j < m.RowPtr[r+1]; j += l.Count() {
		s += m.Val[j] * x[m.Col[j]]
	}
	return spmd.ReduceAdd(l, s)
}

// MulAdaptive computes y = m·x with one row per lane, handing rows longer than long to
// the whole group.
//
//spmd:kernel
func (m *CSR) MulAdaptive(l spmd.Lane, x, y []float64, long int) {
	for r := l.Index(); r < m.Rows; r += l.Count() {
		lo, hi := m.RowPtr[r], m.RowPtr[r+1]
		if hi-lo > long {
			y[r] = m.rowDot(l, r, x) // EXPECT
			continue
		}
		var s float64
		for j := lo; j < hi; j++ {
			s += m.Val[j] * x[m.Col[j]]
		}
		y[r] = s
	}
}

// Conv1D computes out[i] = Σ_k w[k]·in[i+k-R] with zero padding (R = len(w)/2 ≤ Count),
// a block-sized tile plus halos at a time in smem (Count+2R elements).
//
//spmd:kernel
func Conv1D(l spmd.Lane, in, w, out, smem []float32) {
	R := len(w) / 2
	i, n := l.Index(), l.Count()
	at := func(g int) float32 {
		if g < 0 || g >= len(in) {
			return 0
		}
		return in[g]
	}
	for base := 0; base < len(in); base += n {
		smem[R+i] = at(base + i)
		if i < R {
			smem[i] = at(base - R + i)
			smem[n+R+i] = at(base + n + i)
		}
		l.Barrier()
		if g := base + i; g < len(in) {
			var acc float32
			for k, wk := range w {
				acc += wk * smem[i+k]
			}
			out[g] = acc
		}
		l.Barrier()
	}
}

// Conv1DPerLane is Conv1D with the tile loop bounded per lane.
//
//spmd:kernel
func Conv1DPerLane(l spmd.Lane, in, w, out, smem []float32) {
	R := len(w) / 2
	i, n := l.Index(), l.Count()
	at := func(g int) float32 {
		if g < 0 || g >= len(in) {
			return 0
		}
		return in[g]
	}
	for base := 0; base+i < len(in); base += n {
		smem[R+i] = at(base + i)
		if i < R {
			smem[i] = at(base - R + i)
			smem[n+R+i] = at(base + n + i)
		}
		l.Barrier() // EXPECT
		var acc float32
		for k, wk := range w {
			acc += wk * smem[i+k]
		}
		out[base+i] = acc
		l.Barrier() // EXPECT
	}
}

// Heat1D advances the explicit heat equation steps times on u (one point per lane, fixed
// boundary values); v is a second buffer of the same length. The result ends in bufs[steps%2].
//
//spmd:kernel
func Heat1D(l spmd.Lane, u, v []float64, alpha float64, steps int) {
	bufs := [2][]float64{u, v}
	g := l.Index()
	for step := range steps {
		src, dst := bufs[step%2], bufs[1-step%2]
		switch {
		case g == 0, g == len(src)-1:
			continue // boundary values are fixed
		case g < len(src):
			dst[g] = src[g] + alpha*(src[g-1]-2*src[g]+src[g+1])
		}
		l.Barrier() // EXPECT
	}
}

// Stencil3x3 is a 3×3 filter on a W×H image with clamp-to-edge borders.
type Stencil3x3 struct {
	W, H      int
	K         [9]float32
	Normalize bool
}

// Apply filters in into out, then, if s.Normalize, scales out so its maximum is 1.
//
//spmd:kernel
func (s Stencil3x3) Apply(l spmd.Lane, in, out []float32) {
	peak := float32(0)
	for p := l.Index(); p < s.W*s.H; p += l.Count() {
		x, y := p%s.W, p/s.W
		var win [9]float32
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				xx := min(max(x+dx, 0), s.W-1)
				yy := min(max(y+dy, 0), s.H-1)
				win[(dy+1)*3+dx+1] = in[yy*s.W+xx]
			}
		}
		var acc float32
		for k, w := range win {
			acc += w * s.K[k]
		}
		out[p] = acc
		peak = max(peak, acc)
	}
	if s.Normalize {
		m := spmd.ReduceMax(l, peak)
		if m > 0 {
			for p := l.Index(); p < s.W*s.H; p += l.Count() {
				out[p] /= m
			}
		}
	}
}

// copyChunk copies element c*Count+Index of src to dst if it exists.
func copyChunk(l spmd.Lane, dst, src []float32, c int) {
	if k := c*l.Count() + l.Index(); k < len(src) {
		dst[k] = src[k]
	}
}

// CopyUnrolled copies src to dst a block-wide chunk at a time, unrolled by two (Duff's
// device: an odd chunk count enters the loop at its second half), with a barrier after
// every chunk and the number of chunks done published in *progress.
//
//spmd:kernel
func CopyUnrolled(l spmd.Lane, dst, src []float32, progress *int) {
	chunks := gpu.CeilDiv(len(src), l.Count())
	c := 0
	if chunks == 0 {
		return
	}
	if chunks%2 == 1 {
		goto odd
	}
even:
	copyChunk(l, dst, src, c)
	c++
	l.Barrier()
odd:
	copyChunk(l, dst, src, c)
	c++
	l.Barrier()
	if l.Index() == 0 {
		*progress = c
	}
	if c < chunks {
		goto even
	}
}

// CopyPipelined copies src to dst a block-wide chunk at a time in a load/store pipeline;
// lanes whose first value is already in regs (prefetched) start at the store stage.
//
//spmd:kernel
func CopyPipelined(l spmd.Lane, dst, src []float32, prefetched []bool, regs []float32) {
	i, n := l.Index(), l.Count()
	chunks := gpu.CeilDiv(len(src), n)
	c := 0
	v := regs[i]
	if prefetched[i] {
		goto store
	}
load:
	if k := c*n + i; k < len(src) {
		v = src[k]
	}
	l.Barrier() // EXPECT
store:
	if k := c*n + i; k < len(dst) {
		dst[k] = v
	}
	c++
	if c < chunks {
		goto load
	}
}
