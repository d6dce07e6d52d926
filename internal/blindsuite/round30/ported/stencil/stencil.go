// Package stencil ports tiled, shared-memory GPU kernels to package spmd:
// 1D and 2D convolutions with halo loads, a Jacobi solver, an explicit
// heat equation with stable substeps, the shared-tile matrix transpose,
// tiled matrix multiplication, and the all-pairs and cutoff n-body kernels
// of GPU Gems 3 chapter 31.
package stencil

import (
	"iter"
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

const block = 64

// R is the radius of the 1D filter.
const R = 3

// Conv1D filters in with the 2R+1 taps w, treating samples outside in as
// zero. The signal is processed a tile of Count outputs at a time; the
// tile of inputs in shared memory has R halo samples on each side, loaded
// by the first and the last R lanes.
//
// kernel(ok)
func Conv1D(in []float32, w [2*R + 1]float32) ([]float32, error) {
	n := len(in)
	out := make([]float32, n)
	tile := make([]float32, block+2*R)
	at := func(i int) float32 {
		if i < 0 || i >= n {
			return 0
		}
		return in[i]
	}
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		count := l.Count()
		for base := 0; base < n; base += count {
			i := base + tid
			switch {
			case tid < R:
				tile[tid] = at(base - R + tid) // left halo
			case tid >= count-R:
				tile[tid+2*R] = at(base + tid + R) // right halo
			}
			tile[R+tid] = at(i)
			l.Barrier()
			if i < n {
				var acc float32
				for k := -R; k <= R; k++ {
					acc += w[k+R] * tile[R+tid+k]
				}
				out[i] = acc
			}
			l.Barrier() // the tile is reused by the next round
		}
	})
	return out, err
}

// Conv1DBug returns from the kernel in the lanes past the end of the
// signal once the tile is loaded, "nothing left to compute". They miss
// the barrier that ends the tile, and the loop they leave holds the other
// barrier too.
//
// kernel(bug)
func Conv1DBug(in []float32, w [2*R + 1]float32) ([]float32, error) {
	n := len(in)
	out := make([]float32, n)
	tile := make([]float32, block+2*R)
	at := func(i int) float32 {
		if i < 0 || i >= n {
			return 0
		}
		return in[i]
	}
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		count := l.Count()
		for base := 0; base < n; base += count {
			i := base + tid
			switch {
			case tid < R:
				tile[tid] = at(base - R + tid) // left halo
			case tid >= count-R:
				tile[tid+2*R] = at(base + tid + R) // right halo
			}
			tile[R+tid] = at(i)
			l.Barrier() // EXPECT
			if i >= n {
				return
			}
			var acc float32
			for k := -R; k <= R; k++ {
				acc += w[k+R] * tile[R+tid+k]
			}
			out[i] = acc
			l.Barrier() // EXPECT
		}
	})
	return out, err
}

// Jacobi relaxes the Laplace equation on a w*h grid (w*h <= 1024) whose
// border cells hold fixed values, one lane per cell, until the largest
// change in a sweep is below tol or after maxIter sweeps. The border lanes
// compute nothing but take part in every barrier and reduction.
//
// kernel(ok)
func Jacobi(grid []float64, w, h int, tol float64, maxIter int) ([]float64, int, error) {
	cur := append([]float64(nil), grid...)
	next := append([]float64(nil), grid...)
	sweeps := 0
	err := spmd.Run(w*h, func(l spmd.Lane) {
		tid := l.Index()
		x, y := tid%w, tid/w
		border := x == 0 || y == 0 || x == w-1 || y == h-1
		src, dst := cur, next
		it := 0
		for it < maxIter {
			diff := 0.0
			if !border {
				v := 0.25 * (src[tid-1] + src[tid+1] + src[tid-w] + src[tid+w])
				diff = math.Abs(v - src[tid])
				dst[tid] = v
			}
			l.Barrier()
			it++
			src, dst = dst, src
			if spmd.ReduceMax(l, diff) < tol {
				break
			}
		}
		if tid == 0 {
			sweeps = it
		}
	})
	if sweeps%2 == 1 {
		return next, sweeps, err
	}
	return cur, sweeps, err
}

// JacobiBug skips the rest of the sweep in the border lanes with a
// continue. They miss the barrier and the convergence test, which is the
// only way out of the loop, so they also go round at their own pace.
//
// kernel(bug)
func JacobiBug(grid []float64, w, h int, tol float64, maxIter int) ([]float64, int, error) {
	cur := append([]float64(nil), grid...)
	next := append([]float64(nil), grid...)
	sweeps := 0
	err := spmd.Run(w*h, func(l spmd.Lane) {
		tid := l.Index()
		x, y := tid%w, tid/w
		border := x == 0 || y == 0 || x == w-1 || y == h-1
		src, dst := cur, next
		it := 0
		for it < maxIter {
			diff := 0.0
			if border {
				it++
				continue
			}
			v := 0.25 * (src[tid-1] + src[tid+1] + src[tid-w] + src[tid+w])
			diff = math.Abs(v - src[tid])
			dst[tid] = v
			l.Barrier() // EXPECT
			it++
			src, dst = dst, src
			if spmd.ReduceMax(l, diff) < tol { // EXPECT
				break
			}
		}
		if tid == 0 {
			sweeps = it
		}
	})
	if sweeps%2 == 1 {
		return next, sweeps, err
	}
	return cur, sweeps, err
}

// Heat advances the 1D heat equation u_t = (kappa u_x)_x by one time step
// dt with explicit substeps, one lane per cell (len(u) <= 1024), the end
// cells held fixed. Each cell finds how many substeps it needs to be
// stable (halving until kappa*dt/sub <= 0.4), and the block takes the
// largest, so that every lane runs the same substeps.
//
// kernel(ok)
func Heat(u, kappa []float64, dt float64) ([]float64, int, error) {
	n := len(u)
	cur := append([]float64(nil), u...)
	next := make([]float64, n)
	steps := 0
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		sub := 1
		for kappa[i]*dt/float64(sub) > 0.4 {
			sub *= 2
		}
		sub = spmd.ReduceMax(l, sub)
		h := dt / float64(sub)
		for s := 0; s < sub; s++ {
			v := cur[i]
			if i > 0 && i < n-1 {
				v += kappa[i] * h * (cur[i-1] - 2*cur[i] + cur[i+1])
			}
			next[i] = v
			l.Barrier()
			cur[i] = next[i]
			l.Barrier()
		}
		if i == 0 {
			steps = sub
		}
	})
	return cur, steps, err
}

// HeatBug runs each lane's own number of substeps: sub comes out of a
// loop the lanes leave at different iterations, and bounds the substep
// loop with its barriers.
//
// kernel(bug)
func HeatBug(u, kappa []float64, dt float64) ([]float64, int, error) {
	n := len(u)
	cur := append([]float64(nil), u...)
	next := make([]float64, n)
	steps := 0
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		sub := 1
		for kappa[i]*dt/float64(sub) > 0.4 {
			sub *= 2
		}
		h := dt / float64(sub)
		for s := 0; s < sub; s++ {
			v := cur[i]
			if i > 0 && i < n-1 {
				v += kappa[i] * h * (cur[i-1] - 2*cur[i] + cur[i+1])
			}
			next[i] = v
			l.Barrier() // EXPECT
			cur[i] = next[i]
			l.Barrier() // EXPECT
		}
		if i == 0 {
			steps = sub
		}
	})
	return cur, steps, err
}

const (
	tileDim   = 16
	blockRows = 4 // tileDim*blockRows = block lanes
)

// Transpose transposes the h*w row-major matrix in through a shared tile
// padded by one column against bank conflicts (the transposeNoBankConflicts
// kernel of the CUDA samples). Each lane copies tileDim/blockRows elements
// of a tile in and out; lanes whose elements fall outside the matrix skip
// the copy but not the barriers.
//
// kernel(ok)
func Transpose(in []float32, h, w int) ([]float32, error) {
	out := make([]float32, len(in))
	tile := make([]float32, tileDim*(tileDim+1))
	err := spmd.Run(tileDim*blockRows, func(l spmd.Lane) {
		tid := l.Index()
		lx, ly := tid%tileDim, tid/tileDim
		for ty := 0; ty < h; ty += tileDim {
			for tx := 0; tx < w; tx += tileDim {
				x := tx + lx
				for j := 0; j < tileDim; j += blockRows {
					if y := ty + ly + j; x < w && y < h {
						tile[(ly+j)*(tileDim+1)+lx] = in[y*w+x]
					}
				}
				l.Barrier()
				x2 := ty + lx // column in the output, a row of in
				for j := 0; j < tileDim; j += blockRows {
					if y2 := tx + ly + j; x2 < h && y2 < w {
						out[y2*h+x2] = tile[lx*(tileDim+1)+ly+j]
					}
				}
				l.Barrier()
			}
		}
	})
	return out, err
}

// TransposeBug lets the lanes whose column is past the right edge of the
// matrix continue with the next tile, skipping both barriers of this one.
//
// kernel(bug)
func TransposeBug(in []float32, h, w int) ([]float32, error) {
	out := make([]float32, len(in))
	tile := make([]float32, tileDim*(tileDim+1))
	err := spmd.Run(tileDim*blockRows, func(l spmd.Lane) {
		tid := l.Index()
		lx, ly := tid%tileDim, tid/tileDim
		for ty := 0; ty < h; ty += tileDim {
			for tx := 0; tx < w; tx += tileDim {
				x := tx + lx
				if x >= w {
					continue
				}
				for j := 0; j < tileDim; j += blockRows {
					if y := ty + ly + j; y < h {
						tile[(ly+j)*(tileDim+1)+lx] = in[y*w+x]
					}
				}
				l.Barrier()   // EXPECT
				x2 := ty + lx // column in the output, a row of in
				for j := 0; j < tileDim; j += blockRows {
					if y2 := tx + ly + j; x2 < h && y2 < w {
						out[y2*h+x2] = tile[lx*(tileDim+1)+ly+j]
					}
				}
				l.Barrier() // EXPECT
			}
		}
	})
	return out, err
}

// Body is a point mass in the plane.
type Body struct{ X, Y, M float64 }

const soft2 = 1e-3 // softening, squared

// interact adds to (ax, ay) the acceleration of a body at (x, y) towards b.
func interact(x, y float64, b Body, ax, ay float64) (float64, float64) {
	dx, dy := b.X-x, b.Y-y
	r2 := dx*dx + dy*dy + soft2
	inv := b.M / (r2 * math.Sqrt(r2))
	return ax + dx*inv, ay + dy*inv
}

// Accelerations computes the softened gravitational acceleration of every
// body, all pairs, with the tiled kernel of GPU Gems 3: the block owns
// Count bodies at a time, and walks the bodies in tiles of Count staged
// in shared memory. The last tile is padded with massless bodies.
//
// kernel(ok)
func Accelerations(bodies []Body) ([][2]float64, error) {
	n := len(bodies)
	acc := make([][2]float64, n)
	sh := make([]Body, block)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		count := l.Count()
		for ib := 0; ib < n; ib += count {
			i := ib + tid
			var me Body
			if i < n {
				me = bodies[i]
			}
			var ax, ay float64
			for t := 0; t < n; t += count {
				if t+tid < n {
					sh[tid] = bodies[t+tid]
				} else {
					sh[tid] = Body{}
				}
				l.Barrier()
				for j := 0; j < count; j++ {
					ax, ay = interact(me.X, me.Y, sh[j], ax, ay)
				}
				l.Barrier()
			}
			if i < n {
				acc[i] = [2]float64{ax, ay}
			}
		}
	})
	return acc, err
}

// AccelerationsBug leaves the tile loop in the lanes that have no body to
// stage in the last, partial tile, assuming the others only read the
// staged part.
//
// kernel(bug)
func AccelerationsBug(bodies []Body) ([][2]float64, error) {
	n := len(bodies)
	acc := make([][2]float64, n)
	sh := make([]Body, block)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		count := l.Count()
		for ib := 0; ib < n; ib += count {
			i := ib + tid
			var me Body
			if i < n {
				me = bodies[i]
			}
			var ax, ay float64
			for t := 0; t < n; t += count {
				if t+tid >= n {
					break
				}
				sh[tid] = bodies[t+tid]
				l.Barrier() // EXPECT
				for j := 0; j < min(count, n-t); j++ {
					ax, ay = interact(me.X, me.Y, sh[j], ax, ay)
				}
				l.Barrier() // EXPECT
			}
			if i < n {
				acc[i] = [2]float64{ax, ay}
			}
		}
	})
	return acc, err
}

// cutTile is the tile width of the cutoff kernels: smaller than the block,
// so that the bodies of a block span several tiles.
const cutTile = 16

// CutoffAccelerations is Accelerations for a short-range force: bodies
// sorted by X only interact within distance cut, so a body needs only the
// tiles of cutTile bodies that overlap [X-cut, X+cut]. Each lane finds its
// range of tiles; the block walks the union of the ranges (ReduceMin and
// ReduceMax), and a lane only accumulates from the tiles in its own range.
// Both ranges are kept in one lane-local array.
//
// kernel(ok)
func CutoffAccelerations(bodies []Body, cut float64) ([][2]float64, error) {
	n := len(bodies)
	nt := (n + cutTile - 1) / cutTile
	acc := make([][2]float64, n)
	sh := make([]Body, cutTile)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		for ib := 0; ib < n; ib += l.Count() {
			i := ib + tid
			// span holds the lane's own range of tiles, [span[0], span[1]],
			// and the block's, [span[2], span[3]].
			var span [4]int
			span[0], span[1] = nt, -1 // empty for lanes without a body
			var me Body
			if i < n {
				me = bodies[i]
				span[0], span[1] = nt-1, 0
				for t := range nt {
					first, last := bodies[t*cutTile], bodies[min(n, (t+1)*cutTile)-1]
					if last.X >= me.X-cut && first.X <= me.X+cut {
						span[0], span[1] = min(span[0], t), max(span[1], t)
					}
				}
			}
			span[2], span[3] = spmd.ReduceMin(l, span[0]), spmd.ReduceMax(l, span[1])
			var ax, ay float64
			for t := span[2]; t <= span[3]; t++ {
				if tid < cutTile {
					if k := t*cutTile + tid; k < n {
						sh[tid] = bodies[k]
					} else {
						sh[tid] = Body{}
					}
				}
				l.Barrier()
				if t >= span[0] && t <= span[1] {
					for j := range cutTile {
						if b := sh[j]; b.M != 0 && math.Abs(b.X-me.X) <= cut {
							ax, ay = interact(me.X, me.Y, b, ax, ay)
						}
					}
				}
				l.Barrier()
			}
			if i < n {
				acc[i] = [2]float64{ax, ay}
			}
		}
	})
	return acc, err
}

// CutoffAccelerationsBug computes the block's range of tiles but walks
// the lane's own, span[0] to span[1] instead of span[2] to span[3]: the
// tile loop, with its barriers, has per-lane bounds.
//
// kernel(bug)
func CutoffAccelerationsBug(bodies []Body, cut float64) ([][2]float64, error) {
	n := len(bodies)
	nt := (n + cutTile - 1) / cutTile
	acc := make([][2]float64, n)
	sh := make([]Body, cutTile)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		for ib := 0; ib < n; ib += l.Count() {
			i := ib + tid
			// span holds the lane's own range of tiles, [span[0], span[1]],
			// and the block's, [span[2], span[3]].
			var span [4]int
			span[0], span[1] = nt, -1 // empty for lanes without a body
			var me Body
			if i < n {
				me = bodies[i]
				span[0], span[1] = nt-1, 0
				for t := range nt {
					first, last := bodies[t*cutTile], bodies[min(n, (t+1)*cutTile)-1]
					if last.X >= me.X-cut && first.X <= me.X+cut {
						span[0], span[1] = min(span[0], t), max(span[1], t)
					}
				}
			}
			span[2], span[3] = spmd.ReduceMin(l, span[0]), spmd.ReduceMax(l, span[1])
			var ax, ay float64
			for t := span[0]; t <= span[1]; t++ {
				if tid < cutTile {
					if k := t*cutTile + tid; k < n {
						sh[tid] = bodies[k]
					} else {
						sh[tid] = Body{}
					}
				}
				l.Barrier() // EXPECT
				if t >= span[0] && t <= span[1] {
					for j := range cutTile {
						if b := sh[j]; b.M != 0 && math.Abs(b.X-me.X) <= cut {
							ax, ay = interact(me.X, me.Y, b, ax, ay)
						}
					}
				}
				l.Barrier() // EXPECT
			}
			if i < n {
				acc[i] = [2]float64{ax, ay}
			}
		}
	})
	return acc, err
}

const (
	t2 = 8 // 2D tile edge: t2*t2 = block lanes
	hw = t2 + 2
)

// loadHaloTile is a device function: the block copies the (t2+2)^2 pixels
// around the tile at (bx, by), clamped at the image border, into tile, and
// waits until all are there. Every lane must call it.
func loadHaloTile(l spmd.Lane, tile, img []float32, h, w, bx, by int) {
	for k := l.Index(); k < hw*hw; k += l.Count() {
		x := min(max(bx+k%hw-1, 0), w-1)
		y := min(max(by+k/hw-1, 0), h-1)
		tile[k] = img[y*w+x]
	}
	l.Barrier()
}

// Blur3x3 applies a 3x3 box blur to the h*w image, clamping at the border:
// t2*t2 tiles, each staged with its one-pixel halo by loadHaloTile.
//
// kernel(ok)
func Blur3x3(img []float32, h, w int) ([]float32, error) {
	out := make([]float32, len(img))
	tile := make([]float32, hw*hw)
	err := spmd.Run(t2*t2, func(l spmd.Lane) {
		tid := l.Index()
		lx, ly := tid%t2, tid/t2
		for by := 0; by < h; by += t2 {
			for bx := 0; bx < w; bx += t2 {
				x, y := bx+lx, by+ly
				loadHaloTile(l, tile, img, h, w, bx, by)
				if x < w && y < h {
					var s float32
					for dy := range 3 {
						for dx := range 3 {
							s += tile[(ly+dy)*hw+lx+dx]
						}
					}
					out[y*w+x] = s / 9
				}
				l.Barrier() // the tile is reused
			}
		}
	})
	return out, err
}

// Blur3x3Bug stages the tile inside the pixel check, together with the
// computation that needs it.
//
// kernel(bug)
func Blur3x3Bug(img []float32, h, w int) ([]float32, error) {
	out := make([]float32, len(img))
	tile := make([]float32, hw*hw)
	err := spmd.Run(t2*t2, func(l spmd.Lane) {
		tid := l.Index()
		lx, ly := tid%t2, tid/t2
		for by := 0; by < h; by += t2 {
			for bx := 0; bx < w; bx += t2 {
				x, y := bx+lx, by+ly
				if x < w && y < h {
					loadHaloTile(l, tile, img, h, w, bx, by) // EXPECT
					var s float32
					for dy := range 3 {
						for dx := range 3 {
							s += tile[(ly+dy)*hw+lx+dx]
						}
					}
					out[y*w+x] = s / 9
				}
				l.Barrier() // the tile is reused
			}
		}
	})
	return out, err
}

// kTiles yields the start of every t2-wide slice of a dimension of size k.
func kTiles(k int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for k0 := 0; k0 < k; k0 += t2 {
			if !yield(k0) {
				return
			}
		}
	}
}

// MatMul returns the m*p product of the row-major m*k matrix a and k*p
// matrix b with the shared-memory tiled kernel: each t2*t2 tile of the
// result is accumulated over the t2-wide slices of k (ranged over with an
// iterator), staging a tile of a and of b per slice. Lanes outside the
// matrices stage zeros.
//
// kernel(ok)
func MatMul(a, b []float64, m, k, p int) ([]float64, error) {
	c := make([]float64, m*p)
	as := make([]float64, t2*t2)
	bs := make([]float64, t2*t2)
	err := spmd.Run(t2*t2, func(l spmd.Lane) {
		tid := l.Index()
		tx, ty := tid%t2, tid/t2
		for bi := 0; bi < m; bi += t2 {
			for bj := 0; bj < p; bj += t2 {
				row, col := bi+ty, bj+tx
				acc := 0.0
				for k0 := range kTiles(k) {
					as[ty*t2+tx], bs[ty*t2+tx] = 0, 0
					if row < m && k0+tx < k {
						as[ty*t2+tx] = a[row*k+k0+tx]
					}
					if k0+ty < k && col < p {
						bs[ty*t2+tx] = b[(k0+ty)*p+col]
					}
					l.Barrier()
					for kk := range t2 {
						acc += as[ty*t2+kk] * bs[kk*t2+tx]
					}
					l.Barrier()
				}
				if row < m && col < p {
					c[row*p+col] = acc
				}
			}
		}
	})
	return c, err
}

// MatMulBug stops staging tiles, with a break out of the range over the
// slices, in the lanes that have no element of the result: the iterator
// goes on calling the loop body for the other lanes, whose barriers the
// lanes that broke never reach.
//
// kernel(bug)
func MatMulBug(a, b []float64, m, k, p int) ([]float64, error) {
	c := make([]float64, m*p)
	as := make([]float64, t2*t2)
	bs := make([]float64, t2*t2)
	err := spmd.Run(t2*t2, func(l spmd.Lane) {
		tid := l.Index()
		tx, ty := tid%t2, tid/t2
		for bi := 0; bi < m; bi += t2 {
			for bj := 0; bj < p; bj += t2 {
				row, col := bi+ty, bj+tx
				acc := 0.0
				for k0 := range kTiles(k) {
					if row >= m || col >= p {
						break // no output here: nothing to accumulate
					}
					as[ty*t2+tx], bs[ty*t2+tx] = 0, 0
					if k0+tx < k {
						as[ty*t2+tx] = a[row*k+k0+tx]
					}
					if k0+ty < k {
						bs[ty*t2+tx] = b[(k0+ty)*p+col]
					}
					l.Barrier() // EXPECT
					for kk := range t2 {
						acc += as[ty*t2+kk] * bs[kk*t2+tx]
					}
					l.Barrier() // EXPECT
				}
				if row < m && col < p {
					c[row*p+col] = acc
				}
			}
		}
	})
	return c, err
}
