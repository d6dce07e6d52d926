// Package scan holds prefix sums, stream compaction and sorting networks:
// Hillis-Steele and Blelloch scans in shared memory, shuffle scans, Ballot
// compaction, radix split and bitonic sort.
package scan

import (
	"math/bits"

	"github.com/spmdvet/spmdvet/spmd"
)

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// HillisSteeleShared (correct): inclusive scan, one element per lane. Each
// step reads, waits, writes, waits; the guard `tid >= off` protects only the
// add. The offset loop depends on Count only.
func HillisSteeleShared(data []int) ([]int, error) {
	buf := make([]int, len(data))
	out := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		tid := l.Index()
		buf[tid] = data[tid]
		l.Barrier()
		for off := 1; off < l.Count(); off <<= 1 {
			v := buf[tid]
			if tid >= off {
				v += buf[tid-off]
			}
			l.Barrier()
			buf[tid] = v
			l.Barrier()
		}
		out[tid] = buf[tid]
	})
	return out, err
}

// HillisSteeleBarrierInBranch (bug): the read-before-write barrier went into
// the `tid >= off` branch, so lanes below off skip it.
func HillisSteeleBarrierInBranch(data []int) ([]int, error) {
	buf := make([]int, len(data))
	out := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		tid := l.Index()
		buf[tid] = data[tid]
		l.Barrier()
		for off := 1; off < l.Count(); off <<= 1 {
			v := buf[tid]
			if tid >= off {
				v += buf[tid-off]
				l.Barrier() // EXPECT
				buf[tid] = v
			}
			l.Barrier()
		}
		out[tid] = buf[tid]
	})
	return out, err
}

// BlellochShared (correct): work-efficient exclusive scan from GPU Gems 3,
// ch. 39: two elements per lane, up-sweep, clear the root, down-sweep. The
// loops over d depend only on n (captured, uniform); the `tid < d` guards
// protect only the tree updates and every barrier is outside them.
func BlellochShared(data []int) ([]int, error) {
	n := len(data) // a power of two, >= 2
	buf := make([]int, n)
	out := make([]int, n)
	err := spmd.Run(n/2, func(l spmd.Lane) {
		tid := l.Index()
		buf[2*tid] = data[2*tid]
		buf[2*tid+1] = data[2*tid+1]
		off := 1
		for d := n >> 1; d > 0; d >>= 1 {
			l.Barrier()
			if tid < d {
				ai := off*(2*tid+1) - 1
				bi := off*(2*tid+2) - 1
				buf[bi] += buf[ai]
			}
			off <<= 1
		}
		if tid == 0 {
			buf[n-1] = 0
		}
		for d := 1; d < n; d <<= 1 {
			off >>= 1
			l.Barrier()
			if tid < d {
				ai := off*(2*tid+1) - 1
				bi := off*(2*tid+2) - 1
				t := buf[ai]
				buf[ai] = buf[bi]
				buf[bi] += t
			}
		}
		l.Barrier()
		out[2*tid] = buf[2*tid]
		out[2*tid+1] = buf[2*tid+1]
	})
	return out, err
}

// BlellochRootClear (bug): a barrier was added right after clearing the root,
// but inside the `tid == 0` branch, so only lane 0 waits there.
func BlellochRootClear(data []int) ([]int, error) {
	n := len(data)
	buf := make([]int, n)
	out := make([]int, n)
	err := spmd.Run(n/2, func(l spmd.Lane) {
		tid := l.Index()
		buf[2*tid] = data[2*tid]
		buf[2*tid+1] = data[2*tid+1]
		off := 1
		for d := n >> 1; d > 0; d >>= 1 {
			l.Barrier()
			if tid < d {
				ai := off*(2*tid+1) - 1
				bi := off*(2*tid+2) - 1
				buf[bi] += buf[ai]
			}
			off <<= 1
		}
		if tid == 0 {
			buf[n-1] = 0
			l.Barrier() // EXPECT
		}
		for d := 1; d < n; d <<= 1 {
			off >>= 1
			l.Barrier()
			if tid < d {
				ai := off*(2*tid+1) - 1
				bi := off*(2*tid+2) - 1
				t := buf[ai]
				buf[ai] = buf[bi]
				buf[bi] += t
			}
		}
		l.Barrier()
		out[2*tid] = buf[2*tid]
		out[2*tid+1] = buf[2*tid+1]
	})
	return out, err
}

// ShuffleScan (correct): Hillis-Steele inclusive scan in registers. Every lane
// runs the Shuffle (lanes below off read themselves), only the add is guarded.
func ShuffleScan(data []int) ([]int, error) {
	out := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		tid := l.Index()
		v := data[tid]
		for off := 1; off < l.Count(); off <<= 1 {
			y := spmd.Shuffle(l, v, max(tid-off, 0))
			if tid >= off {
				v += y
			}
		}
		out[tid] = v
	})
	return out, err
}

// ShuffleScanGuarded (bug): the Shuffle itself is under `tid >= off` (to avoid
// a negative source lane), so low lanes skip the collective.
func ShuffleScanGuarded(data []int) ([]int, error) {
	out := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		tid := l.Index()
		v := data[tid]
		for off := 1; off < l.Count(); off <<= 1 {
			if tid >= off {
				v += spmd.Shuffle(l, v, tid-off) // EXPECT
			}
		}
		out[tid] = v
	})
	return out, err
}

// CompactBallot (correct): stream compaction of the nonzero values. Every lane
// votes; the kept lanes find their slot with a popcount of the lower bits.
// At most 64 lanes.
func CompactBallot(data []int) ([]int, error) {
	res := make([]int, len(data))
	count := 0
	err := spmd.Run(len(data), func(l spmd.Lane) {
		tid := l.Index()
		x := data[tid]
		keep := x != 0
		mask := spmd.Ballot(l, keep)
		if keep {
			pos := bits.OnesCount64(mask & (uint64(1)<<uint(tid) - 1))
			res[pos] = x
		}
		if tid == 0 {
			count = bits.OnesCount64(mask)
		}
	})
	return res[:count], err
}

// CompactBallotInBranch (bug): CUDA code that used __activemask() inside the
// branch, ported as a Ballot inside `if keep`: lanes that drop their value
// never vote.
func CompactBallotInBranch(data []int) ([]int, error) {
	res := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		tid := l.Index()
		x := data[tid]
		if x != 0 {
			mask := spmd.Ballot(l, true) // EXPECT
			pos := bits.OnesCount64(mask & (uint64(1)<<uint(tid) - 1))
			res[pos] = x
		}
	})
	return res, err
}

// CompactAnyShortCircuit (bug): the group is padded past n. The "abort if any
// input is negative" test is written `tid < n && spmd.Any(...)`: the right
// operand of && runs only in lanes below n. And since the lanes below n may
// then return while the padding lanes go on, the Ballot after it is reached
// by only part of the group too (it does not post-dominate the divergent
// `tid < n` test). The && inside the Ballot's argument is harmless.
func CompactAnyShortCircuit(data []int, lanes int) ([]int, error) {
	n := len(data)
	res := make([]int, n)
	count := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		x := 0
		if tid < n {
			x = data[tid]
		}
		if tid < n && spmd.Any(l, x < 0) { // EXPECT
			return
		}
		mask := spmd.Ballot(l, tid < n && x > 0) // EXPECT
		if tid < n && x > 0 {
			res[bits.OnesCount64(mask&(uint64(1)<<uint(tid)-1))] = x
		}
		if tid == 0 {
			count = bits.OnesCount64(mask)
		}
	})
	return res[:count], err
}

// CompactAnyChecked (correct): the abort test asks Any in every lane (the
// lane test moved into the predicate), so the early return is uniform.
func CompactAnyChecked(data []int, lanes int) ([]int, bool, error) {
	n := len(data)
	res := make([]int, n)
	count := 0
	aborted := false
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		x := 0
		if tid < n {
			x = data[tid]
		}
		if spmd.Any(l, tid < n && x < 0) {
			if tid == 0 {
				aborted = true
			}
			return
		}
		mask := spmd.Ballot(l, tid < n && x > 0)
		if tid < n && x > 0 {
			res[bits.OnesCount64(mask&(uint64(1)<<uint(tid)-1))] = x
		}
		if tid == 0 {
			count = bits.OnesCount64(mask)
		}
	})
	return res[:count], aborted, err
}

// RadixSplit (correct): one split pass of an LSD radix sort on bit `bit`:
// zeros first, then ones, stable. Every lane runs the ExclusiveAdd and the
// ReduceAdd; only the index arithmetic depends on the lane's bit.
func RadixSplit(keys []uint32, bit uint) ([]uint32, error) {
	res := make([]uint32, len(keys))
	err := spmd.Run(len(keys), func(l spmd.Lane) {
		tid := l.Index()
		k := keys[tid]
		one := int(k>>bit) & 1
		onesBefore := spmd.ExclusiveAdd(l, one)
		zeros := l.Count() - spmd.ReduceAdd(l, one)
		var pos int
		if one == 1 {
			pos = zeros + onesBefore
		} else {
			pos = tid - onesBefore
		}
		res[pos] = k
	})
	return res, err
}

// RadixSplitSwitch (bug): each bucket computes its own offsets with a scan
// inside its switch case, so the two halves of the group call ExclusiveAdd
// at different sites, each without the other half.
func RadixSplitSwitch(keys []uint32, bit uint) ([]uint32, error) {
	res := make([]uint32, len(keys))
	err := spmd.Run(len(keys), func(l spmd.Lane) {
		tid := l.Index()
		k := keys[tid]
		zeros := spmd.ReduceAdd(l, b2i(k>>bit&1 == 0))
		var pos int
		switch k >> bit & 1 {
		case 0:
			pos = spmd.ExclusiveAdd(l, 1) // EXPECT
		default:
			pos = zeros + spmd.ExclusiveAdd(l, 1) // EXPECT
		}
		res[pos] = k
	})
	return res, err
}

// BitonicSortShared (correct): bitonic sort in shared memory, one element per
// lane. The k and j loops depend only on Count; the compare-exchange is done
// by the lower lane of each pair under `ixj > tid`, and the barrier is after
// that branch.
func BitonicSortShared(data []int) ([]int, error) {
	buf := make([]int, len(data))
	out := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		tid := l.Index()
		buf[tid] = data[tid]
		l.Barrier()
		for k := 2; k <= l.Count(); k <<= 1 {
			for j := k >> 1; j > 0; j >>= 1 {
				ixj := tid ^ j
				if ixj > tid {
					a, b := buf[tid], buf[ixj]
					if (tid&k == 0) == (a > b) {
						buf[tid], buf[ixj] = b, a
					}
				}
				l.Barrier()
			}
		}
		out[tid] = buf[tid]
	})
	return out, err
}

// BitonicSortBarrierInSwap (bug): the barrier was put inside the
// compare-exchange branch, "only the lanes that wrote need to sync". The
// upper lane of each pair never waits; the last lane never reaches it at all.
func BitonicSortBarrierInSwap(data []int) ([]int, error) {
	buf := make([]int, len(data))
	out := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		tid := l.Index()
		buf[tid] = data[tid]
		l.Barrier()
		for k := 2; k <= l.Count(); k <<= 1 {
			for j := k >> 1; j > 0; j >>= 1 {
				ixj := tid ^ j
				if ixj > tid {
					a, b := buf[tid], buf[ixj]
					if (tid&k == 0) == (a > b) {
						buf[tid], buf[ixj] = b, a
					}
					l.Barrier() // EXPECT
				}
			}
		}
		out[tid] = buf[tid]
	})
	return out, err
}

// BitonicShuffle (correct): bitonic sort in registers with ShuffleXor, as in
// warp-level sorting networks. The exchange runs in every lane; only the
// choice of min or max depends on the lane.
func BitonicShuffle(data []int) ([]int, error) {
	out := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		tid := l.Index()
		v := data[tid]
		for k := 2; k <= l.Count(); k <<= 1 {
			for j := k >> 1; j > 0; j >>= 1 {
				other := spmd.ShuffleXor(l, v, j)
				up := tid&k == 0
				lower := tid&j == 0
				if lower == up {
					v = min(v, other)
				} else {
					v = max(v, other)
				}
			}
		}
		out[tid] = v
	})
	return out, err
}
