// Package sortnet holds sorting-network kernels built on warp and block.
package sortnet

import (
	"math"
	"math/bits"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round21/lib/block"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round21/lib/warp"
	"github.com/spmdvet/spmdvet/spmd"
)

// BitonicShared sorts keys in place in shared memory; len(keys) == Count, a
// power of two.
//
//spmd:kernel
func BitonicShared(l spmd.Lane, keys []int) {
	i := l.Index()
	for k := 2; k <= l.Count(); k <<= 1 {
		for j := k >> 1; j > 0; j >>= 1 {
			if p := i ^ j; p > i {
				up := i&k == 0
				if (keys[i] > keys[p]) == up {
					keys[i], keys[p] = keys[p], keys[i]
				}
			}
			l.Barrier()
		}
	}
}

// BitonicSharedGuarded synchronizes only in the lanes that did the
// compare-exchange.
//
//spmd:kernel
func BitonicSharedGuarded(l spmd.Lane, keys []int) {
	i := l.Index()
	for k := 2; k <= l.Count(); k <<= 1 {
		for j := k >> 1; j > 0; j >>= 1 {
			if p := i ^ j; p > i {
				up := i&k == 0
				if (keys[i] > keys[p]) == up {
					keys[i], keys[p] = keys[p], keys[i]
				}
				warp.Sync(l) // EXPECT
			}
		}
	}
}

// BitonicRegs sorts one key per lane in registers with butterfly shuffles.
// Lanes past the end of in hold +Inf padding. Count is a power of two.
//
//spmd:kernel
func BitonicRegs(l spmd.Lane, in, out []int) {
	i := l.Index()
	v := math.MaxInt
	if i < len(in) {
		v = in[i]
	}
	for k := 2; k <= l.Count(); k <<= 1 {
		for j := k >> 1; j > 0; j >>= 1 {
			o := spmd.ShuffleXor(l, v, j)
			if (i&j == 0) == (i&k == 0) {
				v = min(v, o)
			} else {
				v = max(v, o)
			}
		}
	}
	if i < len(out) {
		out[i] = v
	}
}

// BitonicRegsSkip skips the exchange when the partner lane holds padding.
//
//spmd:kernel
func BitonicRegsSkip(l spmd.Lane, in, out []int) {
	i := l.Index()
	v := math.MaxInt
	if i < len(in) {
		v = in[i]
	}
	for k := 2; k <= l.Count(); k <<= 1 {
		for j := k >> 1; j > 0; j >>= 1 {
			if i^j < len(in) {
				o := spmd.ShuffleXor(l, v, j) // EXPECT
				if (i&j == 0) == (i&k == 0) {
					v = min(v, o)
				} else {
					v = max(v, o)
				}
			}
		}
	}
	if i < len(out) {
		out[i] = v
	}
}

// OddEven is odd-even transposition sort with one lane per key and a fixed
// number of phases.
//
//spmd:kernel
func OddEven(l spmd.Lane, keys []int) {
	i := l.Index()
	n := len(keys)
	for phase := 0; phase < n; phase++ {
		if i%2 == phase%2 && i+1 < n && keys[i] > keys[i+1] {
			keys[i], keys[i+1] = keys[i+1], keys[i]
		}
		l.Barrier()
	}
}

// OddEvenUntilSorted stops as soon as the lane itself made no swap: each lane
// leaves the loop in its own iteration.
//
//spmd:kernel
func OddEvenUntilSorted(l spmd.Lane, keys []int) {
	i := l.Index()
	n := len(keys)
	for phase := 0; ; phase++ {
		swapped := false
		if i%2 == phase%2 && i+1 < n && keys[i] > keys[i+1] {
			keys[i], keys[i+1] = keys[i+1], keys[i]
			swapped = true
		}
		l.Barrier() // EXPECT
		if !swapped && phase >= 1 {
			break
		}
	}
}

// OddEvenUntilSortedAny stops when no lane swapped in two phases in a row:
// the exit condition is a uniform vote.
//
//spmd:kernel
func OddEvenUntilSortedAny(l spmd.Lane, keys []int) {
	i := l.Index()
	n := len(keys)
	prevDone := false
	for phase := 0; ; phase++ {
		swapped := false
		if i%2 == phase%2 && i+1 < n && keys[i] > keys[i+1] {
			keys[i], keys[i+1] = keys[i+1], keys[i]
			swapped = true
		}
		l.Barrier()
		done := !warp.Vote(l, swapped)
		if done && prevDone {
			break
		}
		prevDone = done
	}
}

// RankSort places each key at its rank. The guard has no collective in it,
// and the barrier comes after the lanes have joined again.
//
//spmd:kernel
func RankSort(l spmd.Lane, in, out []int) {
	i := l.Index()
	if i < len(in) {
		r := 0
		for j, w := range in {
			if w < in[i] || (w == in[i] && j < i) {
				r++
			}
		}
		out[r] = in[i]
	}
	l.Barrier()
}

// PairSwap orders adjacent pairs through block.Exchange in every lane.
//
//spmd:kernel
func PairSwap(l spmd.Lane, keys, shared []int) {
	i := l.Index()
	o := block.Exchange(l, shared, keys[i], i^1)
	if i&1 == 0 {
		keys[i] = min(keys[i], o)
	} else {
		keys[i] = max(keys[i], o)
	}
}

// PairSwapLeader exchanges only in lane 0: block.Exchange synchronizes
// through warp, two packages away.
//
//spmd:kernel
func PairSwapLeader(l spmd.Lane, keys, shared []int) {
	i := l.Index()
	if warp.Leader(l) {
		keys[i] = min(keys[i], block.Exchange(l, shared, keys[i], 1)) // EXPECT
	}
}

// MergeSync runs compare-exchange rounds and synchronizes with a method
// value of the group handle after every round.
//
//spmd:kernel
func MergeSync(l spmd.Lane, keys []int) {
	g := block.Group{L: l}
	sync := g.Sync
	i := l.Index()
	for r := 0; r < 2; r++ {
		p := i ^ 1
		if i < p && keys[i] > keys[p] {
			keys[i], keys[p] = keys[p], keys[i]
		}
		sync()
	}
}

// MergeSyncSwapped synchronizes through the method value only after a swap.
//
//spmd:kernel
func MergeSyncSwapped(l spmd.Lane, keys []int) {
	g := block.Group{L: l}
	sync := g.Sync
	i := l.Index()
	p := i ^ 1
	if i < p && keys[i] > keys[p] {
		keys[i], keys[p] = keys[p], keys[i]
		sync() // EXPECT
	}
}

// TopK writes the k largest values (one per lane in vals) in decreasing
// order to out. k is a kernel parameter: the loop bound is uniform.
//
//spmd:kernel
func TopK(l spmd.Lane, vals []int, k int, out []int) {
	i := l.Index()
	v := vals[i]
	for r := 0; r < k; r++ {
		m := warp.Max(l, v)
		b := spmd.Ballot(l, v == m)
		if i == bits.TrailingZeros64(b) {
			v = math.MinInt
		}
		if i == 0 {
			out[r] = m
		}
	}
}

// Drain extracts values in decreasing order until no lane holds one. The
// loop condition is a vote.
//
//spmd:kernel
func Drain(l spmd.Lane, vals []int, out []int) {
	i := l.Index()
	v := vals[i]
	r := 0
	for warp.Vote(l, v != math.MinInt) {
		m := warp.Max(l, v)
		b := spmd.Ballot(l, v == m)
		if i == bits.TrailingZeros64(b) {
			v = math.MinInt
		}
		if i == 0 {
			out[r] = m
		}
		r++
	}
}

// DrainLocal loops while the lane's own value is still there: lanes whose
// value was taken leave the loop early.
//
//spmd:kernel
func DrainLocal(l spmd.Lane, vals []int, out []int) {
	i := l.Index()
	v := vals[i]
	r := 0
	for v != math.MinInt {
		m := warp.Max(l, v)         // EXPECT
		b := spmd.Ballot(l, v == m) // EXPECT
		if i == bits.TrailingZeros64(b) {
			v = math.MinInt
		}
		if i == 0 {
			out[r] = m
		}
		r++
	}
}

// ChunkRounds synchronizes once per chunk of n items: warp.Chunk is uniform
// because n is.
//
//spmd:kernel
func ChunkRounds(l spmd.Lane, n int, rounds []int) {
	for c := 0; c < warp.Chunk(l, n); c++ {
		if l.Index() == 0 {
			rounds[c] = c
		}
		l.Barrier()
	}
}

// ChunkRoundsRemaining sizes the rounds by the items left after the lane's
// own: warp.Chunk of a lane-dependent count is lane-dependent.
//
//spmd:kernel
func ChunkRoundsRemaining(l spmd.Lane, n int) {
	for c := 0; c < warp.Chunk(l, n-l.Index()); c++ {
		l.Barrier() // EXPECT
	}
}

// AdjacentOutOfOrder reports (in out[0]) whether some adjacent pair is out of
// order, asking only the lanes that have a right neighbor.
//
//spmd:kernel
func AdjacentOutOfOrder(l spmd.Lane, keys []int, out []bool) {
	i := l.Index()
	if i+1 < len(keys) && warp.Vote(l, keys[i] > keys[i+1]) { // EXPECT
		out[0] = true
	}
}

// AdjacentOutOfOrderAll puts the guard inside the vote's argument.
//
//spmd:kernel
func AdjacentOutOfOrderAll(l spmd.Lane, keys []int, out []bool) {
	i := l.Index()
	if warp.Vote(l, i+1 < len(keys) && keys[i] > keys[i+1]) && i == 0 {
		out[0] = true
	}
}

// TiledMax finds the max of each tile of Count keys, with the reduction in a
// callback that block.Tiles calls under uniform control.
//
//spmd:kernel
func TiledMax(l spmd.Lane, keys []int, maxes []int) {
	block.Tiles(l, len(keys), func(base int) {
		v := math.MinInt
		if base+l.Index() < len(keys) {
			v = keys[base+l.Index()]
		}
		m := spmd.ReduceMax(l, v)
		if l.Index() == 0 {
			maxes[base/l.Count()] = m
		}
	})
}
