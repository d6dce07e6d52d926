package wgslkern

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/vocab/wgsl"
	"github.com/spmdvet/spmdvet/spmd"
)

// RaggedRounds gives every invocation a list of lens[lid] values (list
// lid holds lid*100 + r in round r) and returns, per round, the sum over
// the lists that are that long. The round count is subgroupMax of the
// lengths; the rounds go through workgroup memory.
//
// kernel(ok)
func RaggedRounds(lens []uint32) ([]uint32, error) {
	var longest uint32
	for _, n := range lens {
		longest = max(longest, n)
	}
	out := make([]uint32, longest)
	tile := make([]uint32, Size)
	err := wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		lid := wgsl.LocalInvocationIndex(l)
		mine := lens[lid]
		rounds := wgsl.SubgroupMax(l, mine)
		for r := uint32(0); r < rounds; r++ {
			tile[lid] = 0
			if r < mine {
				tile[lid] = lid*100 + r
			}
			wgsl.WorkgroupBarrier(l)
			if lid == 0 {
				var s uint32
				for _, v := range tile {
					s += v
				}
				out[r] = s
			}
			wgsl.WorkgroupBarrier(l)
		}
	})
	return out, err
}

// RaggedRoundsOwnLength loops over the invocation's own list length.
//
// kernel(bug)
func RaggedRoundsOwnLength(lens []uint32) ([]uint32, error) {
	var longest uint32
	for _, n := range lens {
		longest = max(longest, n)
	}
	out := make([]uint32, longest)
	tile := make([]uint32, Size)
	err := wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		lid := wgsl.LocalInvocationIndex(l)
		mine := lens[lid]
		for r := uint32(0); r < mine; r++ {
			tile[lid] = lid*100 + r
			wgsl.WorkgroupBarrier(l) // EXPECT
			if lid == 0 {
				var s uint32
				for _, v := range tile {
					s += v
				}
				out[r] = s
			}
			wgsl.WorkgroupBarrier(l) // EXPECT
		}
	})
	return out, err
}

// MarchRays marches one ray per invocation through a signed distance
// field sampled at fixed steps (field[lid*steps+s] is ray lid's sample at
// step s) and counts the rays that hit. The workgroup keeps marching until
// subgroupAll says every ray has hit, so dist, which advances by the same
// step everywhere, is uniform after the loop.
//
// kernel(ok)
func MarchRays(field []float32, steps int, dt, far float32) (hits, dist float32, err error) {
	hits = -1
	err = wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		lid := int(wgsl.LocalInvocationIndex(l))
		var d float32
		hit := false
		for s := 0; s < steps; s++ {
			hit = hit || field[lid*steps+s] <= 0
			if wgsl.SubgroupAll(l, hit) {
				break
			}
			d += dt
		}
		if d < far {
			var one float32
			if hit {
				one = 1
			}
			h := wgsl.SubgroupAdd(l, one)
			if lid == 0 {
				hits, dist = h, d
			}
		}
	})
	return hits, dist, err
}

// MarchRaysOwnExit stops each ray at its own hit: d is the same in every
// invocation inside the loop, but after it each holds its own distance.
//
// kernel(bug)
func MarchRaysOwnExit(field []float32, steps int, dt, far float32) (hits, dist float32, err error) {
	hits = -1
	err = wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		lid := int(wgsl.LocalInvocationIndex(l))
		var d float32
		for s := 0; s < steps; s++ {
			if field[lid*steps+s] <= 0 {
				break
			}
			d += dt
		}
		if d < far {
			h := wgsl.SubgroupAdd(l, 1) // EXPECT
			if lid == 0 {
				hits, dist = h, d
			}
		}
	})
	return hits, dist, err
}

// ClearCounters zeroes the global counters before a histogram pass: the
// first workgroup clears them and waits, the others only wait.
//
// kernel(ok)
func ClearCounters(counters []uint32, groups int) ([]uint32, error) {
	seen := make([]uint32, groups)
	err := wgsl.Dispatch(groups, Size, func(l spmd.Lane, wg uint32) {
		lid := wgsl.LocalInvocationIndex(l)
		if wg == 0 {
			for i := lid; i < uint32(len(counters)); i += wgsl.WorkgroupSize(l) {
				counters[i] = 0
			}
			wgsl.WorkgroupBarrier(l)
		}
		wgsl.WorkgroupBarrier(l)
		if lid == 0 {
			seen[wg] = counters[0]
		}
	})
	return seen, err
}

// ClearCountersFirstInvocation lets the first invocation of the dispatch
// clear the counters and wait in its branch.
//
// kernel(bug)
func ClearCountersFirstInvocation(counters []uint32, groups int) ([]uint32, error) {
	seen := make([]uint32, groups)
	err := wgsl.Dispatch(groups, Size, func(l spmd.Lane, wg uint32) {
		lid := wgsl.LocalInvocationIndex(l)
		if wg*wgsl.WorkgroupSize(l)+lid == 0 {
			clear(counters)
			wgsl.WorkgroupBarrier(l) // EXPECT
		}
		wgsl.WorkgroupBarrier(l)
		if lid == 0 {
			seen[wg] = counters[0]
		}
	})
	return seen, err
}

// SubgroupOrTileSum reduces a workgroup of values on the wide-subgroup
// path with subgroupAdd, and on narrow subgroups through workgroup memory.
// The choice depends on the subgroup size only.
//
// kernel(ok)
func SubgroupOrTileSum(x []float32) (float32, error) {
	var out float32
	tile := make([]float32, Size)
	err := wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		lid := wgsl.LocalInvocationIndex(l)
		v := x[lid]
		var s float32
		if wgsl.SubgroupSize(l) >= 8 {
			s = wgsl.SubgroupAdd(l, v)
		} else {
			tile[lid] = v
			wgsl.WorkgroupBarrier(l)
			for _, t := range tile {
				s += t
			}
		}
		if lid == 0 {
			out = s
		}
	})
	return out, err
}

// HalfSubgroupAddMasked folds the upper half of the subgroup onto the lower
// half; the upper half adds zero to the subgroupAdd.
//
// kernel(ok)
func HalfSubgroupAddMasked(x []float32) (float32, error) {
	var out float32
	err := wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		sid := wgsl.SubgroupInvocationID(l)
		half := wgsl.SubgroupSize(l) / 2
		var v float32
		if sid < half {
			v = x[sid] + x[sid+half]
		}
		s := wgsl.SubgroupAdd(l, v)
		if sid == 0 {
			out = s
		}
	})
	return out, err
}

// HalfSubgroupAdd folds the upper half of the subgroup onto the lower half
// and lets only the lower half do the subgroupAdd.
//
// kernel(bug)
func HalfSubgroupAdd(x []float32) (float32, error) {
	var out float32
	err := wgsl.Dispatch(1, Size, func(l spmd.Lane, wg uint32) {
		sid := wgsl.SubgroupInvocationID(l)
		half := wgsl.SubgroupSize(l) / 2
		if sid < half {
			s := wgsl.SubgroupAdd(l, x[sid]+x[sid+half]) // EXPECT
			if sid == 0 {
				out = s
			}
		}
	})
	return out, err
}
