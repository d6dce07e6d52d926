package good

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round3/helpers"
	"github.com/spmdvet/spmdvet/spmd"
)

// isqrt returns the side of a square block of lanes.
func isqrt(n int) int {
	t := 1
	for (t+1)*(t+1) <= n {
		t++
	}
	return t
}

// TiledMatMul computes C = A*B (A is m x k, B is k x n, row-major) with
// one block of T*T lanes covering the whole output in T x T tiles, staging
// tiles of A and B in shared memory between barriers.
func TiledMatMul(lanes int, a, b, c []float32, m, k, n int) error {
	T := isqrt(lanes)
	as := make([]float32, T*T)
	bs := make([]float32, T*T)
	return spmd.Run(T*T, func(l spmd.Lane) {
		ty, tx := l.Index()/T, l.Index()%T
		for r0 := 0; r0 < m; r0 += T {
			for c0 := 0; c0 < n; c0 += T {
				row, col := r0+ty, c0+tx
				var acc float32
				for k0 := 0; k0 < k; k0 += T {
					if row < m && k0+tx < k {
						as[ty*T+tx] = a[row*k+k0+tx]
					} else {
						as[ty*T+tx] = 0
					}
					if k0+ty < k && col < n {
						bs[ty*T+tx] = b[(k0+ty)*n+col]
					} else {
						bs[ty*T+tx] = 0
					}
					l.Barrier()
					for e := 0; e < T; e++ {
						acc += as[ty*T+e] * bs[e*T+tx]
					}
					l.Barrier()
				}
				if row < m && col < n {
					c[row*n+col] = acc
				}
			}
		}
	})
}

// MatVec computes y = A*x with one lane per row; x is staged in shared
// memory one chunk at a time. Rows beyond m are masked, not returned from.
func MatVec(lanes int, a, x, y []float64, m, n int) error {
	xs := make([]float64, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		cnt := l.Count()
		for r0 := 0; r0 < m; r0 += cnt {
			row := r0 + l.Index()
			var acc float64
			for c0 := 0; c0 < n; c0 += cnt {
				if c0+l.Index() < n {
					xs[l.Index()] = x[c0+l.Index()]
				}
				l.Barrier()
				if row < m {
					for e := 0; e < cnt && c0+e < n; e++ {
						acc += a[row*n+c0+e] * xs[e]
					}
				}
				l.Barrier()
			}
			if row < m {
				y[row] = acc
			}
		}
	})
}

// Transpose transposes a T x T tile through shared memory; the tile loop
// is driven by a Rounds iterator whose fields are all uniform.
func Transpose(lanes int, in, out []int, w, h int) error {
	T := isqrt(lanes)
	tile := make([]int, T*T)
	return spmd.Run(T*T, func(l spmd.Lane) {
		ty, tx := l.Index()/T, l.Index()%T
		tilesX := (w + T - 1) / T
		rounds := helpers.Rounds{N: tilesX * ((h + T - 1) / T)}
		for rounds.Next() {
			t := rounds.K - 1
			bx, by := (t%tilesX)*T, (t/tilesX)*T
			if by+ty < h && bx+tx < w {
				tile[ty*T+tx] = in[(by+ty)*w+bx+tx]
			}
			l.Barrier()
			if bx+ty < w && by+tx < h {
				out[(bx+ty)*h+by+tx] = tile[tx*T+ty]
			}
			l.Barrier()
		}
	})
}
