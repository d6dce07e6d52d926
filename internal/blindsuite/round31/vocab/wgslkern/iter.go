package wgslkern

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/vocab/wgsl"
	"github.com/spmdvet/spmdvet/spmd"
)

// smoothTile is the entry point of the smoothing shader: passes rounds of
// averaging each sample with its right neighbour, in place in tile.
//
//spmd:kernel
func smoothTile(l spmd.Lane, tile []float32, passes int) {
	lid := wgsl.LocalInvocationIndex(l)
	n := wgsl.WorkgroupSize(l)
	for p := 0; p < passes; p++ {
		v := (tile[lid] + tile[(lid+1)%n]) / 2
		wgsl.WorkgroupBarrier(l)
		tile[lid] = v
		wgsl.WorkgroupBarrier(l)
	}
}

// scaleRotateTile is the entry point of a shader that scales every sample
// by the factor its invocation is given and moves it one place to the
// right.
//
//spmd:kernel
func scaleRotateTile(l spmd.Lane, tile []float32, factor float32) {
	lid := wgsl.LocalInvocationIndex(l)
	n := wgsl.WorkgroupSize(l)
	v := tile[lid] * factor
	wgsl.WorkgroupBarrier(l)
	tile[(lid+1)%n] = v
	wgsl.WorkgroupBarrier(l)
}

// Smooth runs the smoothing shader for as many passes as the most
// demanding invocation asks for (subgroupMax of the requests).
//
// kernel(ok)
func Smooth(x []float32, passes []uint32) ([]float32, error) {
	tile := append([]float32(nil), x...)
	err := wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		want := passes[wgsl.LocalInvocationIndex(l)]
		smoothTile(l, tile, int(wgsl.SubgroupMax(l, want)))
	})
	return tile, err
}

// SmoothOwnPasses passes each invocation's own request to the shader entry,
// whose loop count must be the same in the whole workgroup.
//
// kernel(bug)
func SmoothOwnPasses(x []float32, passes []uint32) ([]float32, error) {
	tile := append([]float32(nil), x...)
	err := wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		want := passes[wgsl.LocalInvocationIndex(l)]
		smoothTile(l, tile, int(want)) // EXPECT
	})
	return tile, err
}

// ScaleRotate gives each invocation its own factor: the entry only
// multiplies with it, so a per-invocation value is fine there.
//
// kernel(ok)
func ScaleRotate(x, factors []float32) ([]float32, error) {
	tile := append([]float32(nil), x...)
	err := wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		scaleRotateTile(l, tile, factors[wgsl.LocalInvocationIndex(l)])
	})
	return tile, err
}

// TileMeans returns the mean of each tile of Size values, walking the
// tiles with wgsl.Tiles: every invocation sees every tile, so the
// subgroupAdd in the body is reached by all.
//
// kernel(ok)
func TileMeans(x []float32) ([]float32, error) {
	out := make([]float32, groupsFor(len(x)))
	err := wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		lid := wgsl.LocalInvocationIndex(l)
		size := wgsl.WorkgroupSize(l)
		n := uint32(len(x))
		for base := range wgsl.Tiles(l, n) {
			i := base + lid
			var v float32
			if i < n {
				v = x[i]
			}
			s := wgsl.SubgroupAdd(l, v)
			if lid == 0 {
				out[base/size] = s / float32(min(size, n-base))
			}
		}
	})
	return out, err
}

// TileMeansStrided walks the invocation's own elements with wgsl.Strided
// instead: the invocations get different numbers of them, and the
// subgroupAdd in the body runs under divergent control.
//
// kernel(bug)
func TileMeansStrided(x []float32) ([]float32, error) {
	out := make([]float32, groupsFor(len(x)))
	err := wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		lid := wgsl.LocalInvocationIndex(l)
		size := wgsl.WorkgroupSize(l)
		n := uint32(len(x))
		for i := range wgsl.Strided(l, n) {
			base := i - lid
			s := wgsl.SubgroupAdd(l, x[i]) // EXPECT
			if lid == 0 {
				out[base/size] = s / float32(min(size, n-base))
			}
		}
	})
	return out, err
}

// CopyUntilSentinel copies x tile by tile up to the first tile that holds
// a sentinel (a negative value); in that tile it copies the other values.
// The workgroup decides with subgroupAny to stop, so the iterator's
// barrier between tiles is reached by all invocations.
//
// kernel(ok)
func CopyUntilSentinel(x []float32) ([]float32, error) {
	out := make([]float32, len(x))
	err := wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		lid := wgsl.LocalInvocationIndex(l)
		n := uint32(len(x))
		for base := range wgsl.Tiles(l, n) {
			i := base + lid
			stop := i >= n || x[i] < 0
			if !stop {
				out[i] = x[i]
			}
			if wgsl.SubgroupAny(l, stop) {
				break
			}
		}
	})
	return out, err
}

// CopyUntilSentinelOwnStop lets each invocation stop at its own sentinel:
// it leaves the range over wgsl.Tiles, which waits at a barrier between
// tiles for the invocations that carry on.
//
// kernel(bug)
func CopyUntilSentinelOwnStop(x []float32) ([]float32, error) {
	out := make([]float32, len(x))
	err := wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		lid := wgsl.LocalInvocationIndex(l)
		n := uint32(len(x))
		for base := range wgsl.Tiles(l, n) { // EXPECT
			i := base + lid
			if i >= n || x[i] < 0 {
				break
			}
			out[i] = x[i]
		}
	})
	return out, err
}

// RotateTiles rotates every tile of x (the last may be partial) one place
// to the left through workgroup memory; wgsl.Tiles puts a barrier between
// tiles, so the tile buffer can be reused.
//
// kernel(ok)
func RotateTiles(x []float32) ([]float32, error) {
	y := make([]float32, len(x))
	tile := make([]float32, Size)
	err := wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		lid := wgsl.LocalInvocationIndex(l)
		size := wgsl.WorkgroupSize(l)
		n := uint32(len(x))
		for base := range wgsl.Tiles(l, n) {
			m := min(size, n-base)
			i := base + lid
			if lid < m {
				tile[lid] = x[i]
			}
			wgsl.WorkgroupBarrier(l)
			if lid < m {
				y[i] = tile[(lid+1)%m]
			}
		}
	})
	return y, err
}

// RotateStrided walks the invocation's own elements with wgsl.Strided and
// waits at barriers in the body; the invocations run the body different
// numbers of times.
//
// kernel(bug)
func RotateStrided(x []float32) ([]float32, error) {
	y := make([]float32, len(x))
	tile := make([]float32, Size)
	err := wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		lid := wgsl.LocalInvocationIndex(l)
		size := wgsl.WorkgroupSize(l)
		n := uint32(len(x))
		for i := range wgsl.Strided(l, n) {
			base := i - lid
			m := min(size, n-base)
			tile[lid] = x[i]
			wgsl.WorkgroupBarrier(l) // EXPECT
			y[i] = tile[(lid+1)%m]
			wgsl.WorkgroupBarrier(l) // EXPECT
		}
	})
	return y, err
}

// Saxpy computes a*x+y in place with wgsl.Strided; the body only stores.
//
// kernel(ok)
func Saxpy(a float32, x, y []float32) error {
	return wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		for i := range wgsl.Strided(l, uint32(len(x))) {
			y[i] += a * x[i]
		}
	})
}
