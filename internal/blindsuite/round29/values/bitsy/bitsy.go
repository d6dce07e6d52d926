// Package bitsy holds kernels whose control hangs on the results of the
// builtins (min, max, len, cap, clear, copy, append), on bit tricks over
// ballot masks and lane values, and on collectives whose result is uniform
// (Ballot, ReduceAdd, Broadcast from a uniform lane, BroadcastFirst) or per
// lane (Shuffle, ShuffleXor, InclusiveAdd).
package bitsy

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

// ---------------------------------------------------------------------------
// min, max.

// PropagatePerLane spreads the maximum around a ring of lanes, one hop per
// step, each lane taking as many steps as its budget allows (at most
// maxSteps).
//
// kernel(bug): min of the lane's budget is per lane, so lanes leave the
// loop, and its shuffle, at different steps.
func PropagatePerLane(vals, budget []int, maxSteps int) ([]int, error) {
	out := make([]int, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		v := vals[i]
		for range min(budget[i], maxSteps) {
			v = max(v, spmd.Shuffle(l, v, (i+1)%l.Count())) // EXPECT
		}
		out[i] = v
	})
	return out, err
}

// Propagate spreads the maximum around a ring of lanes, one hop per step,
// for the requested number of steps clamped to [1, maxSteps].
//
// kernel(ok): the step count is min/max of kernel parameters.
func Propagate(vals []int, requested, maxSteps int) ([]int, error) {
	out := make([]int, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		v := vals[i]
		for range max(1, min(requested, maxSteps)) {
			v = max(v, spmd.Shuffle(l, v, (i+1)%l.Count()))
		}
		out[i] = v
	})
	return out, err
}

// ---------------------------------------------------------------------------
// len, cap.

// SumQueues adds up the work queues, one queue per lane; lanes with an
// empty queue leave early.
//
// kernel(bug): len of the lane's queue is per lane.
func SumQueues(work [][]int) (int, error) {
	var total int
	err := spmd.Run(len(work), func(l spmd.Lane) {
		i := l.Index()
		q := work[i]
		if len(q) == 0 {
			return
		}
		part := 0
		for _, x := range q {
			part += x
		}
		s := spmd.ReduceAdd(l, part) // EXPECT
		total = s
	})
	return total, err
}

// SumQueuesChecked adds up the work queues, one queue per lane, and does
// nothing unless there is exactly one queue per lane.
//
// kernel(ok): len(work) and Count are the same in every lane.
func SumQueuesChecked(work [][]int, lanes int) (int, error) {
	total := -1
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		if len(work) != l.Count() {
			return
		}
		part := 0
		for _, x := range work[i] {
			part += x
		}
		s := spmd.ReduceAdd(l, part)
		if i == 0 {
			total = s
		}
	})
	return total, err
}

// LastOfScratch has each lane fill its own scratch buffer with need values
// and adds up the last ones; lanes whose buffer is too small leave.
//
// kernel(bug): cap of the lane's buffer is per lane.
func LastOfScratch(scratch [][]int, need int) (int, error) {
	var total int
	err := spmd.Run(len(scratch), func(l spmd.Lane) {
		i := l.Index()
		buf := scratch[i][:0]
		if cap(buf) < need {
			return
		}
		for k := range need {
			buf = append(buf, k*i)
		}
		s := spmd.ReduceAdd(l, buf[need-1]) // EXPECT
		total = s
	})
	return total, err
}

// LastOfPool carves one segment of need values per lane out of a shared
// pool, fills it, and adds up the last values; nothing happens if the pool
// is too small for the group.
//
// kernel(ok): cap of the shared pool is the same in every lane.
func LastOfPool(pool []int, need, lanes int) (int, error) {
	total := -1
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		if cap(pool) < need*l.Count() {
			return
		}
		lo := i * need
		seg := pool[lo : lo : lo+need]
		for k := range need {
			seg = append(seg, k*i)
		}
		s := spmd.ReduceAdd(l, seg[need-1])
		if i == 0 {
			total = s
		}
	})
	return total, err
}

// ---------------------------------------------------------------------------
// append, copy, clear.

// OwnedMax has each lane collect the values of data that it owns (by value
// modulo the group size) and then reduces them position by position.
//
// kernel(bug): the appends are under a per-lane condition, so the lanes'
// slices differ in length and the loop over them ends at different times.
func OwnedMax(data []int, lanes int) ([]int, error) {
	var out []int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		var mine []int
		for _, x := range data {
			if x%l.Count() == i {
				mine = append(mine, x)
			}
		}
		for k := range mine {
			m := spmd.ReduceMax(l, mine[k]) // EXPECT
			if i == 0 {
				out = append(out, m)
			}
		}
	})
	return out, err
}

// ScaledMax has each lane scale every value of data by its lane number plus
// one and then reduces the scaled values position by position.
//
// kernel(ok): every lane appends once per element of data, so the slices
// have the same length in every lane.
func ScaledMax(data []int, lanes int) ([]int, error) {
	out := make([]int, len(data))
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		var scaled []int
		for _, x := range data {
			scaled = append(scaled, x*(i+1))
		}
		for k := range scaled {
			m := spmd.ReduceMax(l, scaled[k])
			if i == 0 {
				out[k] = m
			}
		}
	})
	return out, err
}

// FullWindowSum copies one window of width values per lane out of data and
// adds up the windows that are complete.
//
// kernel(bug): copy returns how much of the lane's window was available,
// which is less for the lanes past the end of data.
func FullWindowSum(data []float64, width, lanes int) (float64, error) {
	var total float64
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		win := make([]float64, width)
		n := copy(win, data[min(i*width, len(data)):])
		if n < width {
			return
		}
		sum := 0.0
		for _, x := range win {
			sum += x
		}
		s := spmd.ReduceAdd(l, sum) // EXPECT
		total = s
	})
	return total, err
}

// FilterSum filters data with a 4-tap circular filter, one output per lane,
// and adds up the outputs; with fewer than 4 coefficients it does nothing.
//
// kernel(ok): copy returns min(4, len(coeffs)), the same in every lane.
func FilterSum(data, coeffs []float64) (float64, error) {
	total := -1.0
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		taps := make([]float64, 4)
		n := copy(taps, coeffs)
		if n < len(taps) {
			return
		}
		y := 0.0
		for k, c := range taps {
			y += c * data[(i+k)%len(data)]
		}
		s := spmd.ReduceAdd(l, y)
		if i == 0 {
			total = s
		}
	})
	return total, err
}

// ZeroClassPerLane histograms, in each round, the four keys of the lane's
// own block by key mod 4, and adds up the class-0 counts of the lanes that
// have any.
//
// kernel(bug): the cleared histogram is refilled from the lane's own block.
func ZeroClassPerLane(keys []int, rounds int) ([]int, error) {
	out := make([]int, rounds)
	err := spmd.Run(len(keys)/(4*rounds), func(l spmd.Lane) {
		i := l.Index()
		hist := make([]int, 4)
		for r := range rounds {
			clear(hist)
			for k := range 4 {
				hist[keys[(r*l.Count()+i)*4+k]%4]++
			}
			if hist[0] > 0 {
				s := spmd.ReduceAdd(l, hist[0]) // EXPECT
				out[r] = s
			}
		}
	})
	return out, err
}

// ZeroClassWeighted histograms, in each round, that round's four shared
// keys by key mod 4 and, when class 0 occurs, adds up the lanes' weights
// times its count.
//
// kernel(ok): every lane clears and refills its histogram from the same
// shared keys, so the histogram is the same in every lane.
func ZeroClassWeighted(keys []int, weights []int, rounds int) ([]int, error) {
	out := make([]int, rounds)
	err := spmd.Run(len(weights), func(l spmd.Lane) {
		i := l.Index()
		hist := make([]int, 4)
		for r := range rounds {
			clear(hist)
			for k := range 4 {
				hist[keys[r*4+k]%4]++
			}
			if hist[0] > 0 {
				s := spmd.ReduceAdd(l, hist[0]*weights[i])
				if i == 0 {
					out[r] = s
				}
			}
		}
	})
	return out, err
}

// ---------------------------------------------------------------------------
// Bit tricks.

// DenseFlagBits adds up the set flag bits of the lanes whose flag word is
// dense (more bits set than half the group size).
//
// kernel(bug): OnesCount of the lane's own flag word is per lane.
func DenseFlagBits(flags []uint64) (int, error) {
	var total int
	err := spmd.Run(len(flags), func(l spmd.Lane) {
		i := l.Index()
		if bits.OnesCount64(flags[i]) > l.Count()/2 {
			s := spmd.ReduceAdd(l, bits.OnesCount64(flags[i])) // EXPECT
			total = s
		}
	})
	return total, err
}

// MajorityFlagBits adds up the set flag bits of all lanes when a majority
// of lanes have bit 0 set, and returns -1 otherwise.
//
// kernel(ok): OnesCount of a Ballot mask is the same in every lane.
func MajorityFlagBits(flags []uint64) (int, error) {
	total := -1
	err := spmd.Run(len(flags), func(l spmd.Lane) {
		i := l.Index()
		mask := spmd.Ballot(l, flags[i]&1 == 1)
		if bits.OnesCount64(mask) > l.Count()/2 {
			s := spmd.ReduceAdd(l, bits.OnesCount64(flags[i]))
			if i == 0 {
				total = s
			}
		}
	})
	return total, err
}

// SumOwnVote adds up the positive values, each lane checking its own bit of
// the vote mask.
//
// kernel(bug): the mask is uniform, but shifting it by the lane index makes
// the tested bit per lane.
func SumOwnVote(vals []int) (int, error) {
	var total int
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		mask := spmd.Ballot(l, vals[i] > 0)
		if mask>>uint(i)&1 == 1 {
			s := spmd.ReduceAdd(l, vals[i]) // EXPECT
			total = s
		}
	})
	return total, err
}

// SumIfLastVoted adds up the values when the last lane's value is
// positive, and returns 0 otherwise.
//
// kernel(ok): the mask is shifted by Count-1, the same in every lane.
func SumIfLastVoted(vals []int) (int, error) {
	var total int
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		mask := spmd.Ballot(l, vals[i] > 0)
		if mask>>uint(l.Count()-1)&1 == 1 {
			s := spmd.ReduceAdd(l, vals[i])
			if i == 0 {
				total = s
			}
		}
	})
	return total, err
}

// SumLowerVoters has each lane add up the values of the voting lanes below
// it, fetching them one by one.
//
// kernel(bug): the loop runs over the vote mask cut below the lane, so its
// trip count, and the broadcasts inside, are per lane.
func SumLowerVoters(vals []int) ([]int, error) {
	out := make([]int, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		mask := spmd.Ballot(l, vals[i] > 0)
		acc := 0
		for m := mask & (uint64(1)<<uint(i) - 1); m != 0; m &= m - 1 {
			acc += spmd.Broadcast(l, vals[i], bits.TrailingZeros64(m)) // EXPECT
		}
		out[i] = acc
	})
	return out, err
}

// SumVoters adds up the values of the voting lanes, fetching them one by
// one: the classic loop over the set bits of a ballot.
//
// kernel(ok): the loop runs over the whole vote mask, the same in every
// lane, and each Broadcast reads from the same lane everywhere.
func SumVoters(vals []int) (int, error) {
	var total int
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		mask := spmd.Ballot(l, vals[i] > 0)
		acc := 0
		for m := mask; m != 0; m &= m - 1 {
			acc += spmd.Broadcast(l, vals[i], bits.TrailingZeros64(m))
		}
		if i == 0 {
			total = acc
		}
	})
	return total, err
}

// ---------------------------------------------------------------------------
// Uniform versus per-lane collective results.

// WeightByNeighbour weights each value by the next lane's value and adds up
// the products where the neighbour's value is positive.
//
// kernel(bug): Shuffle gives each lane a different neighbour value.
func WeightByNeighbour(vals []int) (int, error) {
	var total int
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		nb := spmd.Shuffle(l, vals[i], (i+1)%l.Count())
		if nb > 0 {
			s := spmd.ReduceAdd(l, vals[i]*nb) // EXPECT
			total = s
		}
	})
	return total, err
}

// WeightByLeader weights each value by the value of the lowest lane with a
// nonzero value and adds up the products when that leader value is
// positive.
//
// kernel(ok): the source lane comes from a Ballot mask, so Broadcast
// returns the same value in every lane.
func WeightByLeader(vals []int) (int, error) {
	var total int
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		mask := spmd.Ballot(l, vals[i] != 0)
		if mask == 0 {
			return
		}
		lead := spmd.Broadcast(l, vals[i], bits.TrailingZeros64(mask))
		if lead > 0 {
			s := spmd.ReduceAdd(l, vals[i]*lead)
			if i == 0 {
				total = s
			}
		}
	})
	return total, err
}

// LargestSpillPerLane packs allocations of the given sizes into a buffer of
// the given capacity and reports the largest allocation among those that
// end past the capacity.
//
// kernel(bug): InclusiveAdd gives each lane its own end offset.
func LargestSpillPerLane(sizes []int, capacity int) (int, error) {
	worst := 0
	err := spmd.Run(len(sizes), func(l spmd.Lane) {
		i := l.Index()
		end := spmd.InclusiveAdd(l, sizes[i])
		if end > capacity {
			m := spmd.ReduceMax(l, sizes[i]) // EXPECT
			worst = m
		}
	})
	return worst, err
}

// LargestWhenOver packs allocations of the given sizes and, when they do
// not fit in the capacity, reports the largest one as the one to evict.
//
// kernel(ok): ReduceAdd gives every lane the same total.
func LargestWhenOver(sizes []int, capacity int) (int, error) {
	worst := 0
	err := spmd.Run(len(sizes), func(l spmd.Lane) {
		i := l.Index()
		total := spmd.ReduceAdd(l, sizes[i])
		if total > capacity {
			m := spmd.ReduceMax(l, sizes[i])
			if i == 0 {
				worst = m
			}
		}
	})
	return worst, err
}

// CompareExchange runs one step of a bitonic sort between lane pairs
// (i, i^1) and counts the pairs that are out of order.
//
// kernel(bug): ShuffleXor gives each lane its partner's value, and only
// the lanes whose partner is smaller reach the count.
func CompareExchange(vals []int) ([]int, int, error) {
	out := make([]int, len(vals))
	swaps := 0
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		v := vals[i]
		partner := spmd.ShuffleXor(l, v, 1)
		if partner < v {
			n := spmd.ReduceAdd(l, 1) // EXPECT
			swaps = n
		}
		if i&1 == 0 {
			out[i] = min(v, partner)
		} else {
			out[i] = max(v, partner)
		}
	})
	return out, swaps, err
}

// CountBelowPivot counts the values below the pivot, lane 0's value, when
// the pivot is below limit, and returns -1 otherwise.
//
// kernel(ok): BroadcastFirst gives every lane the same pivot.
func CountBelowPivot(vals []int, limit int) (int, error) {
	below := -1
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		v := vals[i]
		pivot := spmd.BroadcastFirst(l, v)
		if pivot < limit {
			n := spmd.ReduceAdd(l, b2i(v < pivot))
			if i == 0 {
				below = n
			}
		}
	})
	return below, err
}
