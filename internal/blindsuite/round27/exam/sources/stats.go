// Package sources holds small statistics kernels over one sample per lane.
// They exercise where divergence comes from: the lane index, and which
// collectives give every lane the same answer.
package sources

import (
	"math/bits"

	"github.com/spmdvet/spmdvet/spmd"
)

// Passes is how many smoothing passes Smooth makes.
var Passes = 3

const tileSteps = 4

// Stats is the state of a statistics kernel: one sample per lane.
type Stats struct {
	Samples []int
	Tmp     []int
	Out     []int
	Span    int // tolerated max-min spread
	Limit   int
}

// NewStats allocates the buffers for samples.
func NewStats(samples []int) *Stats {
	return &Stats{
		Samples: samples,
		Tmp:     make([]int, len(samples)),
		Out:     make([]int, len(samples)),
	}
}

func (s *Stats) lanes() int { return len(s.Samples) }

// kernel(bug): only the lower half of the group waits before mirroring.
func (s *Stats) MirrorLowerHalf() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i := l.Index()
		s.Tmp[i] = s.Samples[i] * 2
		if i < l.Count()/2 {
			l.Barrier() // EXPECT
		}
		s.Out[i] = s.Tmp[i]
	})
}

// kernel(ok): the group size is the same in every lane.
func (s *Stats) Mirror() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i := l.Index()
		s.Tmp[i] = s.Samples[i] * 2
		if l.Count() > 1 {
			l.Barrier()
		}
		s.Out[i] = s.Tmp[i] + s.Tmp[l.Count()-1-i]
	})
}

// CountAbove stores in *out how many samples exceed limit.
//
// kernel(ok): limit is a parameter of a kernel entry.
//
//spmd:kernel
func CountAbove(l spmd.Lane, samples []int, limit int, out *int) {
	hit := 0
	if samples[l.Index()] > limit {
		hit = 1
	}
	if limit >= 0 {
		n := spmd.ReduceAdd(l, hit)
		if l.Index() == 0 {
			*out = n
		}
	}
}

// CountAboveFast skips the reduction in lanes that have nothing to add.
//
// kernel(bug): the branch is on the lane's own sample.
//
//spmd:kernel
func CountAboveFast(l spmd.Lane, samples []int, limit int, out *int) {
	v := samples[l.Index()]
	if v > limit {
		n := spmd.ReduceAdd(l, 1) // EXPECT
		if l.Index() == 0 {
			*out = n
		}
	}
}

// kernel(ok): Passes is a global, the same in every lane.
func (s *Stats) Smooth() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i, n := l.Index(), l.Count()
		v := s.Samples[i]
		for p := 0; p < Passes; p++ {
			left := spmd.Shuffle(l, v, (i+n-1)%n)
			v = max(v, left)
		}
		s.Out[i] = v
	})
}

// kernel(bug): odd lanes make one more pass than even ones.
func (s *Stats) SmoothOddExtra() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i, n := l.Index(), l.Count()
		v := s.Samples[i]
		for p := 0; p < Passes+i%2; p++ {
			left := spmd.Shuffle(l, v, (i+n-1)%n) // EXPECT
			v = max(v, left)
		}
		s.Out[i] = v
	})
}

// kernel(ok): a constant number of tile steps.
func (s *Stats) TileSum() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i := l.Index()
		acc := 0
		for step := 0; step < tileSteps; step++ {
			acc += spmd.ReduceAdd(l, s.Samples[i]*step)
		}
		s.Out[i] = acc
	})
}

// kernel(bug): the last step is skipped in lanes past the first tile.
func (s *Stats) TileSumClipped() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i := l.Index()
		acc := 0
		for step := 0; step < tileSteps-i/tileSteps; step++ {
			acc += spmd.ReduceAdd(l, s.Samples[i]*step) // EXPECT
		}
		s.Out[i] = acc
	})
}

// kernel(ok): Any gives every lane the same answer.
func (s *Stats) ShiftIfAnyNegative() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i := l.Index()
		v := s.Samples[i]
		if spmd.Any(l, v < 0) {
			v -= spmd.ReduceMin(l, v)
		}
		s.Out[i] = v
	})
}

// kernel(bug): each lane tests only its own sample.
func (s *Stats) ShiftIfNegative() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i := l.Index()
		v := s.Samples[i]
		if v < 0 {
			v -= spmd.ReduceMin(l, v) // EXPECT
		}
		s.Out[i] = v
	})
}

// kernel(ok): halve only when every sample is even.
func (s *Stats) HalveIfAllEven() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i := l.Index()
		v := s.Samples[i]
		if spmd.All(l, v%2 == 0) {
			v = spmd.ReduceAdd(l, v/2)
		}
		s.Out[i] = v
	})
}

// kernel(bug): halve where this lane's sample is even.
func (s *Stats) HalveIfEven() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i := l.Index()
		v := s.Samples[i]
		if v%2 == 0 {
			v = spmd.ReduceAdd(l, v/2) // EXPECT
		}
		s.Out[i] = v
	})
}

// kernel(ok): a majority vote from the ballot mask.
func (s *Stats) MajorityPositive() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i := l.Index()
		mask := spmd.Ballot(l, s.Samples[i] > 0)
		out := 0
		if bits.OnesCount64(mask) > l.Count()/2 {
			out = spmd.ReduceAdd(l, s.Samples[i])
		}
		s.Out[i] = out
	})
}

// kernel(bug): tests the lane's own bit of the ballot mask.
func (s *Stats) SumOwnVote() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i := l.Index()
		mask := spmd.Ballot(l, s.Samples[i] > 0)
		out := 0
		if mask&(1<<uint(i)) != 0 {
			out = spmd.ReduceAdd(l, s.Samples[i]) // EXPECT
		}
		s.Out[i] = out
	})
}

// kernel(ok): as many barriers as the total, in every lane.
func (s *Stats) PhasesByTotal() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i := l.Index()
		total := spmd.ReduceAdd(l, s.Samples[i])
		phases := 0
		for k := 0; k < total; k++ {
			l.Barrier()
			phases++
		}
		s.Out[i] = phases
	})
}

// kernel(bug): the prefix sum differs from lane to lane.
func (s *Stats) PhasesByPrefix() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i := l.Index()
		upto := spmd.InclusiveAdd(l, s.Samples[i])
		phases := 0
		for k := 0; k < upto; k++ {
			l.Barrier() // EXPECT
			phases++
		}
		s.Out[i] = phases
	})
}

// kernel(ok): sync once if the group's spread is too wide.
func (s *Stats) WideSpreadSync() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i := l.Index()
		v := s.Samples[i]
		lo := spmd.ReduceMin(l, v)
		hi := spmd.ReduceMax(l, v)
		if hi-lo > s.Span {
			s.Tmp[i] = v - lo
			l.Barrier()
			v = s.Tmp[(i+1)%l.Count()]
		}
		s.Out[i] = v
	})
}

// kernel(bug): compares the lane's own distance from the minimum.
func (s *Stats) FarFromMinSync() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i := l.Index()
		v := s.Samples[i]
		lo := spmd.ReduceMin(l, v)
		if v-lo > s.Span {
			s.Tmp[i] = v - lo
			l.Barrier() // EXPECT
			v = s.Tmp[(i+1)%l.Count()]
		}
		s.Out[i] = v
	})
}

// Ragged holds one row of a ragged matrix per lane.
type Ragged struct {
	Rows [][]int
	Cols []int // column sums
}

// kernel(ok): every lane walks up to the longest row.
func (r *Ragged) ColumnSums() error {
	return spmd.Run(len(r.Rows), func(l spmd.Lane) {
		row := r.Rows[l.Index()]
		longest := spmd.ReduceMax(l, len(row))
		for k := 0; k < longest; k++ {
			x := 0
			if k < len(row) {
				x = row[k]
			}
			sum := spmd.ReduceAdd(l, x)
			if l.Index() == 0 {
				r.Cols[k] = sum
			}
		}
	})
}

// kernel(bug): each lane stops at the end of its own row.
func (r *Ragged) ColumnSumsShort() error {
	return spmd.Run(len(r.Rows), func(l spmd.Lane) {
		row := r.Rows[l.Index()]
		for k := 0; k < len(row); k++ {
			sum := spmd.ReduceAdd(l, row[k]) // EXPECT
			if l.Index() == 0 {
				r.Cols[k] = sum
			}
		}
	})
}

// kernel(ok): the pivot comes from one fixed lane.
func (s *Stats) PivotFromLast() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i, n := l.Index(), l.Count()
		pivot := spmd.Broadcast(l, s.Samples[i], n-1)
		out := 0
		if pivot > 0 {
			out = spmd.ReduceAdd(l, s.Samples[i])
		}
		s.Out[i] = out
	})
}

// kernel(bug): each lane takes the pivot of its right neighbour.
func (s *Stats) PivotFromNeighbour() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i, n := l.Index(), l.Count()
		pivot := spmd.Broadcast(l, s.Samples[i], (i+1)%n)
		out := 0
		if pivot > 0 {
			out = spmd.ReduceAdd(l, s.Samples[i]) // EXPECT
		}
		s.Out[i] = out
	})
}

// kernel(ok): the base value is lane 0's.
func (s *Stats) RebaseOnFirst() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i := l.Index()
		base := spmd.BroadcastFirst(l, s.Samples[i])
		v := s.Samples[i]
		if base%2 == 0 {
			v = spmd.ReduceMax(l, v) - base
		}
		s.Out[i] = v
	})
}

// kernel(bug): the base value is the left neighbour's.
func (s *Stats) RebaseOnLeft() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i, n := l.Index(), l.Count()
		base := spmd.Shuffle(l, s.Samples[i], (i+n-1)%n)
		v := s.Samples[i]
		if base%2 == 0 {
			v = spmd.ReduceMax(l, v) - base // EXPECT
		}
		s.Out[i] = v
	})
}

// kernel(ok): pair sums are compared through their maximum.
func (s *Stats) PairSync() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i := l.Index()
		pair := s.Samples[i] + spmd.ShuffleXor(l, s.Samples[i], 1)
		if spmd.ReduceMax(l, pair) > s.Limit {
			s.Tmp[i] = pair
			l.Barrier()
			pair = s.Tmp[0]
		}
		s.Out[i] = pair
	})
}

// kernel(bug): each pair decides for itself.
func (s *Stats) PairSyncLocal() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i := l.Index()
		pair := s.Samples[i] + spmd.ShuffleXor(l, s.Samples[i], 1)
		if pair > s.Limit {
			s.Tmp[i] = pair
			l.Barrier() // EXPECT
			pair = s.Tmp[0]
		}
		s.Out[i] = pair
	})
}

// kernel(ok): compaction syncs when anything was kept at all.
func (s *Stats) Compact() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i := l.Index()
		keep := 0
		if s.Samples[i] > s.Limit {
			keep = 1
		}
		off := spmd.ExclusiveAdd(l, keep)
		if spmd.ReduceAdd(l, keep) > 0 {
			if keep == 1 {
				s.Tmp[off] = s.Samples[i]
			}
			l.Barrier()
		}
		s.Out[i] = off
	})
}

// kernel(bug): syncs where this lane's offset is not zero.
func (s *Stats) CompactSkipFirst() error {
	return spmd.Run(s.lanes(), func(l spmd.Lane) {
		i := l.Index()
		keep := 0
		if s.Samples[i] > s.Limit {
			keep = 1
		}
		off := spmd.ExclusiveAdd(l, keep)
		if off > 0 {
			if keep == 1 {
				s.Tmp[off] = s.Samples[i]
			}
			l.Barrier() // EXPECT
		}
		s.Out[i] = off
	})
}
