// Package wgslkern holds WebGPU-style compute shaders written against
// package wgsl: stencils with halos, tiled lighting, subgroup reductions
// and workgroup-uniform loads, each in a correct version and a buggy one.
package wgslkern

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/vocab/wgsl"
	"github.com/spmdvet/spmdvet/spmd"
)

// Size is the workgroup size of the shaders of this package.
const Size = 8

func groupsFor(n int) int { return (n + Size - 1) / Size }

func clampIdx(i, n int) int { return min(max(i, 0), n-1) }

// Blur3 averages each sample with its neighbours. Every workgroup loads
// its tile into workgroup memory, and invocation 0 also loads the two halo
// samples; the barrier after the load is reached by all invocations.
//
// kernel(ok)
func Blur3(x []float32) ([]float32, error) {
	out := make([]float32, len(x))
	tile := make([]float32, Size+2)
	err := wgsl.Dispatch(groupsFor(len(x)), Size, func(l spmd.Lane, wg uint32) {
		lid := int(wgsl.LocalInvocationIndex(l))
		n := int(wgsl.WorkgroupSize(l))
		base := int(wg) * n
		g := base + lid
		tile[lid+1] = x[clampIdx(g, len(x))]
		if lid == 0 {
			tile[0] = x[clampIdx(base-1, len(x))]
			tile[n+1] = x[clampIdx(base+n, len(x))]
		}
		wgsl.WorkgroupBarrier(l)
		if g < len(x) {
			out[g] = (tile[lid] + tile[lid+1] + tile[lid+2]) / 3
		}
	})
	return out, err
}

// Blur3HaloBarrier has invocation 0 wait at a barrier after loading the
// halo, inside its own branch.
//
// kernel(bug)
func Blur3HaloBarrier(x []float32) ([]float32, error) {
	out := make([]float32, len(x))
	tile := make([]float32, Size+2)
	err := wgsl.Dispatch(groupsFor(len(x)), Size, func(l spmd.Lane, wg uint32) {
		lid := int(wgsl.LocalInvocationIndex(l))
		n := int(wgsl.WorkgroupSize(l))
		base := int(wg) * n
		g := base + lid
		tile[lid+1] = x[clampIdx(g, len(x))]
		if lid == 0 {
			tile[0] = x[clampIdx(base-1, len(x))]
			tile[n+1] = x[clampIdx(base+n, len(x))]
			wgsl.WorkgroupBarrier(l) // EXPECT
		}
		if g < len(x) {
			out[g] = (tile[lid] + tile[lid+1] + tile[lid+2]) / 3
		}
	})
	return out, err
}

// ReverseTiles reverses every tile of Size elements (and the partial last
// tile) through workgroup memory; the invocations past the end skip the
// loads and stores but not the barriers.
//
// kernel(ok)
func ReverseTiles(in []int32) ([]int32, error) {
	out := make([]int32, len(in))
	buf := make([]int32, Size)
	err := wgsl.Dispatch(groupsFor(len(in)), Size, func(l spmd.Lane, wg uint32) {
		lid := int(wgsl.LocalInvocationIndex(l))
		n := int(wgsl.WorkgroupSize(l))
		base := int(wg) * n
		m := min(n, len(in)-base)
		if lid < m {
			buf[lid] = in[base+lid]
		}
		wgsl.StorageBarrier(l)
		if lid < m {
			out[base+lid] = buf[m-1-lid]
		}
		wgsl.StorageBarrier(l)
	})
	return out, err
}

// ReverseTilesEarlyReturn sends the invocations past the end home first.
//
// kernel(bug)
func ReverseTilesEarlyReturn(in []int32) ([]int32, error) {
	out := make([]int32, len(in))
	buf := make([]int32, Size)
	err := wgsl.Dispatch(groupsFor(len(in)), Size, func(l spmd.Lane, wg uint32) {
		lid := int(wgsl.LocalInvocationIndex(l))
		n := int(wgsl.WorkgroupSize(l))
		base := int(wg) * n
		m := min(n, len(in)-base)
		if lid >= m {
			return
		}
		buf[lid] = in[base+lid]
		wgsl.StorageBarrier(l) // EXPECT
		out[base+lid] = buf[m-1-lid]
		wgsl.StorageBarrier(l) // EXPECT
	})
	return out, err
}

// A Light is a point light of a tiled light-culling pass.
type Light struct {
	X, Radius, Intensity float32
}

// TileLighting returns, per tile of the screen, the total intensity of the
// lights that touch it. Each invocation tests one light; the invisible
// ones add zero.
//
// kernel(ok)
func TileLighting(lights []Light, tiles int, tileWidth float32) ([]float32, error) {
	out := make([]float32, tiles)
	err := wgsl.Dispatch(tiles, Size, func(l spmd.Lane, wg uint32) {
		lo := float32(wg) * tileWidth
		hi := lo + tileWidth
		lt := lights[wgsl.LocalInvocationIndex(l)]
		visible := lt.X+lt.Radius >= lo && lt.X-lt.Radius <= hi
		var contrib float32
		if visible {
			contrib = lt.Intensity
		}
		total := wgsl.SubgroupAdd(l, contrib)
		if wgsl.LocalInvocationIndex(l) == 0 {
			out[wg] = total
		}
	})
	return out, err
}

// TileLightingVisibleOnly adds the intensities inside the visibility test.
//
// kernel(bug)
func TileLightingVisibleOnly(lights []Light, tiles int, tileWidth float32) ([]float32, error) {
	out := make([]float32, tiles)
	err := wgsl.Dispatch(tiles, Size, func(l spmd.Lane, wg uint32) {
		lo := float32(wg) * tileWidth
		hi := lo + tileWidth
		lt := lights[wgsl.LocalInvocationIndex(l)]
		if lt.X+lt.Radius >= lo && lt.X-lt.Radius <= hi {
			total := wgsl.SubgroupAdd(l, lt.Intensity) // EXPECT
			if wgsl.LocalInvocationIndex(l) == 0 {
				out[wg] = total
			}
		}
	})
	return out, err
}

// GroupSums sums each workgroup's values; one elected invocation stores
// the subgroup sum, which every invocation computed.
//
// kernel(ok)
func GroupSums(x []float32) ([]float32, error) {
	out := make([]float32, groupsFor(len(x)))
	err := wgsl.Dispatch(len(out), Size, func(l spmd.Lane, wg uint32) {
		g := int(wg)*Size + int(wgsl.LocalInvocationIndex(l))
		var v float32
		if g < len(x) {
			v = x[g]
		}
		s := wgsl.SubgroupAdd(l, v)
		if wgsl.SubgroupElect(l) {
			out[wg] = s
		}
	})
	return out, err
}

// GroupSumsElectFirst computes the sum inside the elected invocation only.
//
// kernel(bug)
func GroupSumsElectFirst(x []float32) ([]float32, error) {
	out := make([]float32, groupsFor(len(x)))
	err := wgsl.Dispatch(len(out), Size, func(l spmd.Lane, wg uint32) {
		g := int(wg)*Size + int(wgsl.LocalInvocationIndex(l))
		var v float32
		if g < len(x) {
			v = x[g]
		}
		if wgsl.SubgroupElect(l) {
			out[wg] = wgsl.SubgroupAdd(l, v) // EXPECT
		}
	})
	return out, err
}

// CountBelowPivot counts the keys below a pivot chosen by the host: sel[0]
// names the invocation whose key is the pivot. The index is read from a
// buffer at a fixed address, so it is uniform and so is the pivot.
//
// kernel(ok)
func CountBelowPivot(keys []float32, sel []uint32) (float32, error) {
	count := float32(-1)
	err := wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		lid := wgsl.LocalInvocationIndex(l)
		k := keys[lid]
		pivot := wgsl.SubgroupBroadcast(l, k, sel[0])
		if pivot >= 0 {
			var below float32
			if k < pivot {
				below = 1
			}
			n := wgsl.SubgroupAdd(l, below)
			if lid == 0 {
				count = n
			}
		}
	})
	return count, err
}

// CountBelowOwnPivot reads each invocation's own pivot index, sel[lid]:
// the broadcast becomes a gather and the pivot test splits the workgroup.
//
// kernel(bug)
func CountBelowOwnPivot(keys []float32, sel []uint32) (float32, error) {
	count := float32(-1)
	err := wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		lid := wgsl.LocalInvocationIndex(l)
		k := keys[lid]
		pivot := wgsl.SubgroupBroadcast(l, k, sel[lid])
		if pivot >= 0 {
			var below float32
			if k < pivot {
				below = 1
			}
			n := wgsl.SubgroupAdd(l, below) // EXPECT
			if lid == 0 {
				count = n
			}
		}
	})
	return count, err
}

// ReverseIfMarked reverses the workgroup's samples through workgroup
// memory when the first sample is a marker (negative).
//
// kernel(ok)
func ReverseIfMarked(x []float32) ([]float32, error) {
	out := make([]float32, Size)
	tile := make([]float32, Size)
	err := wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		lid := wgsl.LocalInvocationIndex(l)
		n := wgsl.WorkgroupSize(l)
		v := x[lid]
		if wgsl.SubgroupBroadcastFirst(l, v) < 0 {
			tile[lid] = v
			wgsl.WorkgroupBarrier(l)
			v = tile[n-1-lid]
		}
		out[lid] = v
	})
	return out, err
}

// ReverseAfterMarker tests the predecessor's sample, fetched with a
// shuffle, instead of the first one: each invocation sees a different
// predecessor.
//
// kernel(bug)
func ReverseAfterMarker(x []float32) ([]float32, error) {
	out := make([]float32, Size)
	tile := make([]float32, Size)
	err := wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		lid := wgsl.LocalInvocationIndex(l)
		n := wgsl.WorkgroupSize(l)
		v := x[lid]
		if wgsl.SubgroupShuffle(l, v, (lid+n-1)%n) < 0 {
			tile[lid] = v
			wgsl.WorkgroupBarrier(l) // EXPECT
			v = tile[n-1-lid]
		}
		out[lid] = v
	})
	return out, err
}

// RefineIfFlagged lets invocation 0 decide, from the header of the data,
// whether the workgroup runs a refinement pass. The decision is shared
// through a workgroup variable read with workgroupUniformLoad, so the
// branch is uniform.
//
// kernel(ok)
func RefineIfFlagged(header int32, x []float32) ([]float32, error) {
	out := make([]float32, Size)
	tile := make([]float32, Size)
	var flag int32 // var<workgroup>
	err := wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		lid := wgsl.LocalInvocationIndex(l)
		n := wgsl.WorkgroupSize(l)
		if lid == 0 {
			flag = header & 1
		}
		v := x[lid]
		if wgsl.WorkgroupUniformLoad(l, &flag) != 0 {
			tile[lid] = v
			wgsl.WorkgroupBarrier(l)
			v = (tile[lid] + tile[(lid+1)%n]) / 2
		}
		out[lid] = v
	})
	return out, err
}

// RefineIfFlaggedPrivate declares the flag per invocation (var<private>),
// so only invocation 0 ever sees it set.
//
// kernel(bug)
func RefineIfFlaggedPrivate(header int32, x []float32) ([]float32, error) {
	out := make([]float32, Size)
	tile := make([]float32, Size)
	err := wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		var flag int32 // var<private>
		lid := wgsl.LocalInvocationIndex(l)
		n := wgsl.WorkgroupSize(l)
		if lid == 0 {
			flag = header & 1
		}
		v := x[lid]
		if flag != 0 {
			tile[lid] = v
			wgsl.WorkgroupBarrier(l) // EXPECT
			v = (tile[lid] + tile[(lid+1)%n]) / 2
		}
		out[lid] = v
	})
	return out, err
}
