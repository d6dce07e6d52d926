// Package linalg holds tiled dense kernels and stencils.
package linalg

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// Transpose writes the transpose of the h×w matrix in (row-major) into out
// (w×h), through a T×T shared tile. The group has T*T lanes and loops over the
// tiles; edge tiles are handled by guarding the loads and stores.
//
//spmd:kernel
func Transpose(l spmd.Lane, in, out []float32, w, h, T int, tile []float32) {
	tid := l.Index()
	tx, ty := tid%T, tid/T
	for by := 0; by < h; by += T {
		for bx := 0; bx < w; bx += T {
			x, y := bx+tx, by+ty
			if x < w && y < h {
				tile[ty*T+tx] = in[y*w+x]
			}
			l.Barrier()
			ox, oy := by+tx, bx+ty
			if ox < h && oy < w {
				out[oy*h+ox] = tile[tx*T+ty]
			}
			l.Barrier()
		}
	}
}

// TransposeSkipEdge is Transpose where the lanes that fall outside the matrix
// in an edge tile skip to the next tile.
//
//spmd:kernel
func TransposeSkipEdge(l spmd.Lane, in, out []float32, w, h, T int, tile []float32) {
	tid := l.Index()
	tx, ty := tid%T, tid/T
	for by := 0; by < h; by += T {
		for bx := 0; bx < w; bx += T {
			x, y := bx+tx, by+ty
			if x >= w || y >= h {
				continue
			}
			tile[ty*T+tx] = in[y*w+x]
			l.Barrier() // EXPECT
			ox, oy := by+tx, bx+ty
			if ox < h && oy < w {
				out[oy*h+ox] = tile[tx*T+ty]
			}
			l.Barrier() // EXPECT
		}
	}
}

// MatMulTiled computes C = A·B for n×n matrices with T×T shared tiles As and
// Bs (T*T lanes), zero-padding the tiles at the edges.
//
//spmd:kernel
func MatMulTiled(l spmd.Lane, A, B, C []float64, n, T int, As, Bs []float64) {
	tid := l.Index()
	tx, ty := tid%T, tid/T
	for bi := 0; bi < n; bi += T {
		for bj := 0; bj < n; bj += T {
			row, col := bi+ty, bj+tx
			var acc float64
			for kk := 0; kk < n; kk += T {
				a, b := 0.0, 0.0
				if row < n && kk+tx < n {
					a = A[row*n+kk+tx]
				}
				if kk+ty < n && col < n {
					b = B[(kk+ty)*n+col]
				}
				As[ty*T+tx] = a
				Bs[ty*T+tx] = b
				l.Barrier()
				for k := 0; k < T; k++ {
					acc += As[ty*T+k] * Bs[k*T+tx]
				}
				l.Barrier()
			}
			if row < n && col < n {
				C[row*n+col] = acc
			}
		}
	}
}

func at(in []float64, i int) float64 {
	if i < 0 || i >= len(in) {
		return 0
	}
	return in[i]
}

// Stencil1D is a box filter of radius R with a shared tile of Count+2R
// elements; the first R lanes also load the left and right halos.
//
//spmd:kernel
func Stencil1D(l spmd.Lane, in, out []float64, R int, sh []float64) {
	tid := l.Index()
	n := l.Count()
	for base := 0; base < len(in); base += n {
		g := base + tid
		sh[R+tid] = at(in, g)
		if tid < R {
			sh[tid] = at(in, g-R)
			sh[R+n+tid] = at(in, g+n)
		}
		l.Barrier()
		if g < len(in) {
			s := 0.0
			for o := -R; o <= R; o++ {
				s += sh[R+tid+o]
			}
			out[g] = s
		}
		l.Barrier()
	}
}

// Stencil1DOneTile launches one lane per element (rounded up to a tile) and,
// as in the CUDA original, sends the surplus lanes home first.
//
//spmd:kernel
func Stencil1DOneTile(l spmd.Lane, in, out []float64, R int, sh []float64) {
	tid := l.Index()
	n := l.Count()
	if tid >= len(in) {
		return
	}
	sh[R+tid] = in[tid]
	if tid < R {
		sh[tid] = at(in, tid-R)
		sh[R+n+tid] = at(in, tid+n)
	}
	l.Barrier() // EXPECT
	s := 0.0
	for o := -R; o <= R; o++ {
		s += sh[R+tid+o]
	}
	out[tid] = s
}

// PipelinedScale is a warp-specialised port: the first half of the lanes
// (producers) stage a tile of in into stage, the second half (consumers)
// scale the previously staged tile into out. The CUDA original used two named
// barriers (bar.arrive / bar.sync); here each role calls Barrier on its own.
//
//spmd:kernel
func PipelinedScale(l spmd.Lane, in, out, stage []float64, k float64) {
	tid := l.Index()
	half := l.Count() / 2
	for base := 0; base < len(in); base += half {
		switch {
		case tid < half:
			if i := base + tid; i < len(in) {
				stage[tid] = in[i]
			}
			l.Barrier() // EXPECT
		default:
			l.Barrier() // EXPECT
			if i := base + tid - half; i < len(in) {
				out[i] = k * stage[tid-half]
			}
		}
	}
}
