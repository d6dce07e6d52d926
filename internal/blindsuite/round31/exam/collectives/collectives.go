// Package collectives holds kernels about the collectives themselves:
// results that are uniform (Any, All, Ballot, ReduceAdd/Min/Max,
// BroadcastFirst, Broadcast from a uniform source) cut divergence, results
// that are not (Shuffle, ShuffleXor, InclusiveAdd, ExclusiveAdd, Broadcast
// from a lane-dependent source) carry it; barriers and collectives under
// divergent control; user functions that reach a convergent operation, in
// this package and in package kit; generic helpers and generic kernels.
package collectives

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/exam/kit"
	"github.com/spmdvet/spmdvet/spmd"
)

// Lanes is the group size of the kernels that do not take it from their
// data.
const Lanes = 8

// ---------------------------------------------------------------------------
// Uniform results cut divergence; divergent results do not.

// RunningOverflow kernel(bug): the running sum (InclusiveAdd) differs per
// lane; the lanes whose prefix overflows the budget wait.
func RunningOverflow(sizes []int, budget int) ([]int, error) {
	out := make([]int, len(sizes))
	err := spmd.Run(len(sizes), func(l spmd.Lane) {
		run := spmd.InclusiveAdd(l, sizes[l.Index()])
		out[l.Index()] = run
		if run > budget {
			l.Barrier() // EXPECT
		}
	})
	return out, err
}

// TotalOverflow kernel(ok): the twin of RunningOverflow; the total
// (ReduceAdd) is the same in every lane.
func TotalOverflow(sizes []int, budget int) ([]int, error) {
	out := make([]int, len(sizes))
	err := spmd.Run(len(sizes), func(l spmd.Lane) {
		total := spmd.ReduceAdd(l, sizes[l.Index()])
		out[l.Index()] = total
		if total > budget {
			l.Barrier()
		}
	})
	return out, err
}

// butterflyKernel exchanges values with the neighbour lane (ShuffleXor) and
// the lanes whose partner is over the limit reduce.
//
//spmd:kernel
func butterflyKernel(l spmd.Lane, vals []int, limit int, out []int) {
	v := vals[l.Index()]
	partner := spmd.ShuffleXor(l, v, 1)
	if partner > limit {
		out[l.Index()] = spmd.ReduceAdd(l, v) // EXPECT
	}
}

// Butterfly kernel(bug): launches butterflyKernel.
func Butterfly(vals []int, limit int, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) { butterflyKernel(l, vals, limit, out) })
}

// peakKernel is the twin of butterflyKernel: the value tested is the
// group's peak (ReduceMax).
//
//spmd:kernel
func peakKernel(l spmd.Lane, vals []int, limit int, out []int) {
	v := vals[l.Index()]
	peak := spmd.ReduceMax(l, v)
	if peak > limit {
		out[l.Index()] = spmd.ReduceAdd(l, v)
	}
}

// Peak kernel(ok): launches peakKernel.
func Peak(vals []int, limit int, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) { peakKernel(l, vals, limit, out) })
}

// PairLeader kernel(bug): each lane takes the value of its pair partner
// with Broadcast from a lane-dependent source, and the lanes whose partner
// is active sync.
func PairLeader(active []bool) error {
	return spmd.Run(len(active), func(l spmd.Lane) {
		partnerActive := spmd.Broadcast(l, active[l.Index()], l.Index()^1)
		if partnerActive {
			l.Barrier() // EXPECT
		}
	})
}

// RootLeader kernel(ok): the twin of PairLeader; the source is the root
// parameter, the same in every lane.
func RootLeader(active []bool, root int) ([]bool, error) {
	out := make([]bool, len(active))
	err := spmd.Run(len(active), func(l spmd.Lane) {
		rootActive := spmd.Broadcast(l, active[l.Index()], root)
		if rootActive {
			l.Barrier()
			out[l.Index()] = true
		}
	})
	return out, err
}

// ArgmaxLeader kernel(ok): the source of the Broadcast is the lane with the
// largest score, found by ReduceMax and Ballot (uniform), so the broadcast
// value is uniform too.
func ArgmaxLeader(scores []int, budget []int) ([]int, error) {
	out := make([]int, len(scores))
	err := spmd.Run(len(scores), func(l spmd.Lane) {
		best := spmd.ReduceMax(l, scores[l.Index()])
		mask := spmd.Ballot(l, scores[l.Index()] == best)
		src := 0
		for mask&1 == 0 {
			mask >>= 1
			src++
		}
		b := spmd.Broadcast(l, budget[l.Index()], src)
		for k := 0; k < b; k++ {
			out[l.Index()] += spmd.ReduceAdd(l, 1)
		}
	})
	return out, err
}

// ArgmaxOwnBudget kernel(bug): the twin of ArgmaxLeader, but the loop
// bound is the lane's own budget instead of the broadcast one.
func ArgmaxOwnBudget(scores []int, budget []int) ([]int, error) {
	out := make([]int, len(scores))
	err := spmd.Run(len(scores), func(l spmd.Lane) {
		best := spmd.ReduceMax(l, scores[l.Index()])
		mask := spmd.Ballot(l, scores[l.Index()] == best)
		src := 0
		for mask&1 == 0 {
			mask >>= 1
			src++
		}
		b := budget[l.Index()] + src
		for k := 0; k < b; k++ {
			out[l.Index()] += spmd.ReduceAdd(l, 1) // EXPECT
		}
	})
	return out, err
}

// neighbourKernel reads the next lane's value with Shuffle and syncs when
// it is positive.
//
//spmd:kernel
func neighbourKernel(l spmd.Lane, vals []int, out []int) {
	nb := spmd.Shuffle(l, vals[l.Index()], (l.Index()+1)%l.Count())
	out[l.Index()] = nb
	if nb > 0 {
		l.Barrier() // EXPECT
	}
}

// Neighbour kernel(bug): launches neighbourKernel.
func Neighbour(vals, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) { neighbourKernel(l, vals, out) })
}

// pivotKernel is the twin of neighbourKernel: the value is the first lane's
// (BroadcastFirst).
//
//spmd:kernel
func pivotKernel(l spmd.Lane, vals []int, out []int) {
	p := spmd.BroadcastFirst(l, vals[l.Index()])
	out[l.Index()] = p
	if p > 0 {
		l.Barrier()
	}
}

// Pivot kernel(ok): launches pivotKernel.
func Pivot(vals, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) { pivotKernel(l, vals, out) })
}

// OwnBallotBit kernel(bug): the ballot mask is uniform, but each lane tests
// its own bit of it.
func OwnBallotBit(keep []bool) ([]int, error) {
	out := make([]int, len(keep))
	err := spmd.Run(len(keep), func(l spmd.Lane) {
		mask := spmd.Ballot(l, keep[l.Index()])
		if mask&(1<<l.Index()) != 0 {
			out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
		}
	})
	return out, err
}

// FirstBallotBit kernel(ok): the twin of OwnBallotBit; every lane tests bit
// 0 of the uniform mask.
func FirstBallotBit(keep []bool) ([]int, error) {
	out := make([]int, len(keep))
	err := spmd.Run(len(keep), func(l spmd.Lane) {
		mask := spmd.Ballot(l, keep[l.Index()])
		if mask&1 != 0 {
			one := 0
			if keep[l.Index()] {
				one = 1
			}
			out[l.Index()] = spmd.ReduceAdd(l, one)
		}
	})
	return out, err
}

// AppendFits kernel(bug): the lanes whose exclusive offset (ExclusiveAdd)
// still fits in the buffer write and sync.
func AppendFits(counts []int, buf []int) error {
	return spmd.Run(len(counts), func(l spmd.Lane) {
		n := counts[l.Index()]
		off := spmd.ExclusiveAdd(l, n)
		if off+n <= len(buf) {
			for k := range n {
				buf[off+k] = l.Index()
			}
			l.Barrier() // EXPECT
		}
	})
}

// AppendAllFit kernel(ok): the twin of AppendFits; the test is on the total
// (ReduceAdd), so the whole group writes or none does.
func AppendAllFit(counts []int, buf []int) error {
	return spmd.Run(len(counts), func(l spmd.Lane) {
		n := counts[l.Index()]
		off := spmd.ExclusiveAdd(l, n)
		if spmd.ReduceAdd(l, n) <= len(buf) {
			for k := range n {
				buf[off+k] = l.Index()
			}
			l.Barrier()
		}
	})
}

// validateKernel syncs only in the lanes whose own value is valid.
//
//spmd:kernel
func validateKernel(l spmd.Lane, vals []int, out []int) {
	if vals[l.Index()] >= 0 {
		l.Barrier() // EXPECT
		out[l.Index()] = 1
	}
}

// Validate kernel(bug): launches validateKernel.
func Validate(vals, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) { validateKernel(l, vals, out) })
}

// validateAllKernel is the twin of validateKernel: the test goes through
// spmd.All first.
//
//spmd:kernel
func validateAllKernel(l spmd.Lane, vals []int, out []int) {
	if spmd.All(l, vals[l.Index()] >= 0) {
		l.Barrier()
		out[l.Index()] = 1
	}
}

// ValidateAll kernel(ok): launches validateAllKernel.
func ValidateAll(vals, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) { validateAllKernel(l, vals, out) })
}

// LowestNegativeRounds kernel(ok): the number of repair rounds is minus the
// group minimum (ReduceMin), the same in every lane.
func LowestNegativeRounds(vals []int) ([]int, error) {
	out := make([]int, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		lo := spmd.ReduceMin(l, vals[l.Index()])
		for r := 0; r < -lo; r++ {
			out[l.Index()] += spmd.ReduceAdd(l, 1)
		}
	})
	return out, err
}

// OwnNegativeRounds kernel(bug): the twin of LowestNegativeRounds with the
// lane's own value as the bound.
func OwnNegativeRounds(vals []int) ([]int, error) {
	out := make([]int, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		lo := vals[l.Index()]
		for r := 0; r < -lo; r++ {
			out[l.Index()] += spmd.ReduceAdd(l, 1) // EXPECT
		}
	})
	return out, err
}

// ---------------------------------------------------------------------------
// User functions that reach a convergent operation are convergent.

// flushStage forwards to syncAll.
func flushStage(l spmd.Lane, buf []int, i, v int) {
	buf[i] = v
	syncAll(l)
}

// syncAll is the barrier of this package's helpers.
func syncAll(l spmd.Lane) {
	l.Barrier()
}

// LeaderFlush kernel(bug): only lane 0 calls flushStage, which reaches a
// barrier two calls down.
func LeaderFlush(buf []int) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		if l.Index() == 0 {
			flushStage(l, buf, 0, 42) // EXPECT
		}
	})
}

// AllFlush kernel(ok): the twin of LeaderFlush; every lane calls
// flushStage.
func AllFlush(buf []int) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		flushStage(l, buf, l.Index(), 42)
	})
}

// publishKernel publishes through kit.Publish (a barrier two calls deep in
// another package), only from the lanes holding a value.
//
//spmd:kernel
func publishKernel(l spmd.Lane, vals []int, buf []int) {
	if vals[l.Index()] != 0 {
		kit.Publish(l, buf, l.Index(), vals[l.Index()]) // EXPECT
	}
}

// PublishSome kernel(bug): launches publishKernel.
func PublishSome(vals, buf []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) { publishKernel(l, vals, buf) })
}

// publishAllKernel is the twin of publishKernel: every lane publishes, the
// value being zero where there is none.
//
//spmd:kernel
func publishAllKernel(l spmd.Lane, vals []int, buf []int) {
	v := 0
	if vals[l.Index()] != 0 {
		v = vals[l.Index()]
	}
	kit.Publish(l, buf, l.Index(), v)
}

// PublishAll kernel(ok): launches publishAllKernel.
func PublishAll(vals, buf []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) { publishAllKernel(l, vals, buf) })
}

// TileSyncOdd kernel(bug): a method of kit.Tile reaches a barrier; the odd
// lanes skip it.
func TileSyncOdd(t *kit.Tile) error {
	return spmd.Run(len(t.Cells), func(l spmd.Lane) {
		t.Cells[l.Index()] *= 2
		if l.Index()%2 == 0 {
			t.Sync(l) // EXPECT
		}
	})
}

// TileSyncSide kernel(ok): the twin of TileSyncOdd; the condition is on the
// tile's side, a field of shared memory.
func TileSyncSide(t *kit.Tile) ([]float64, error) {
	snap := make([]float64, len(t.Cells))
	err := spmd.Run(len(t.Cells), func(l spmd.Lane) {
		t.Cells[l.Index()] *= 2
		if t.Side > 1 {
			t.Sync(l)
		}
		snap[l.Index()] = t.Cells[(l.Index()+1)%l.Count()]
	})
	return snap, err
}

// fenceKernel calls kit.Fence, declared //spmd:convergent barrier, from the
// lanes with a dirty flag.
//
//spmd:kernel
func fenceKernel(l spmd.Lane, dirty []bool) {
	if dirty[l.Index()] {
		kit.Fence(l) // EXPECT
	}
}

// FenceDirty kernel(bug): launches fenceKernel.
func FenceDirty(dirty []bool) error {
	return spmd.Run(len(dirty), func(l spmd.Lane) { fenceKernel(l, dirty) })
}

// fenceAnyKernel is the twin of fenceKernel: the fence is taken when any
// lane is dirty.
//
//spmd:kernel
func fenceAnyKernel(l spmd.Lane, dirty []bool) {
	if spmd.Any(l, dirty[l.Index()]) {
		kit.Fence(l)
	}
}

// FenceAnyDirty kernel(ok): launches fenceAnyKernel.
func FenceAnyDirty(dirty []bool) error {
	return spmd.Run(len(dirty), func(l spmd.Lane) { fenceAnyKernel(l, dirty) })
}

// flushIf runs the barrier unless n is zero: n decides whether the
// convergent operation runs.
func flushIf(l spmd.Lane, n int) {
	if n == 0 {
		return
	}
	l.Barrier()
}

// FlushPending kernel(bug): each lane passes its own pending count to
// flushIf, whose barrier runs only for non-zero counts.
func FlushPending(pending []int) error {
	return spmd.Run(len(pending), func(l spmd.Lane) {
		flushIf(l, pending[l.Index()]) // EXPECT
	})
}

// FlushTotal kernel(ok): the twin of FlushPending; the count passed is the
// group total.
func FlushTotal(pending []int) error {
	return spmd.Run(len(pending), func(l spmd.Lane) {
		flushIf(l, spmd.ReduceAdd(l, pending[l.Index()]))
	})
}

// ---------------------------------------------------------------------------
// Generic helpers with collectives, generic kernels

// HotSum kernel(bug): the generic helper kit.GroupSum (a ReduceAdd) is
// called from the hot lanes only.
func HotSum(temps []float32, hot float32) (float32, error) {
	var out float32
	err := spmd.Run(len(temps), func(l spmd.Lane) {
		if temps[l.Index()] > hot {
			s := kit.GroupSum(l, temps[l.Index()]) // EXPECT
			if s > 0 {
				out = s
			}
		}
	})
	return out, err
}

// HotSumAll kernel(ok): the twin of HotSum; every lane calls kit.GroupSum,
// the cold ones with zero.
func HotSumAll(temps []float32, hot float32) (float32, error) {
	var out float32
	err := spmd.Run(len(temps), func(l spmd.Lane) {
		v := temps[l.Index()]
		if v <= hot {
			v = 0
		}
		s := kit.GroupSum(l, v)
		if l.Index() == 0 {
			out = s
		}
	})
	return out, err
}

// peakGenericKernel is a generic kernel: the lanes with a positive value
// call kit.GroupMax, a generic helper that reaches ReduceMax through
// another generic helper.
//
//spmd:kernel
func peakGenericKernel[T spmd.Number](l spmd.Lane, vals []T, out []T) {
	if vals[l.Index()] > 0 {
		out[l.Index()] = kit.GroupMax(l, vals[l.Index()]) // EXPECT
	}
}

// PositivePeak kernel(bug): launches peakGenericKernel on int16.
func PositivePeak(vals, out []int16) error {
	return spmd.Run(len(vals), func(l spmd.Lane) { peakGenericKernel(l, vals, out) })
}

// peakGenericAllKernel is the twin of peakGenericKernel: every lane calls
// kit.GroupMax, and the condition is on its uniform result.
//
//spmd:kernel
func peakGenericAllKernel[T spmd.Number](l spmd.Lane, vals []T, out []T) {
	m := kit.GroupMax(l, vals[l.Index()])
	if m > 0 {
		out[l.Index()] = m
	}
}

// PositivePeakAll kernel(ok): launches peakGenericAllKernel on float64.
func PositivePeakAll(vals, out []float64) error {
	return spmd.Run(len(vals), func(l spmd.Lane) { peakGenericAllKernel(l, vals, out) })
}

// MixedExtremes kernel(bug): each lane picks max or min by its parity and
// passes the choice to kit.GroupReduce, whose parameter wantMax decides
// which reduction runs.
func MixedExtremes(vals []int) ([]int, error) {
	out := make([]int, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		out[l.Index()] = kit.GroupReduce(l, vals[l.Index()], l.Index()%2 == 0) // EXPECT
	})
	return out, err
}

// Extremes kernel(ok): the twin of MixedExtremes; the choice is the
// wantMax parameter.
func Extremes(vals []int, wantMax bool) ([]int, error) {
	out := make([]int, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		out[l.Index()] = kit.GroupReduce(l, vals[l.Index()], wantMax)
	})
	return out, err
}

// Normalize kernel(bug): a generic function that launches a kernel
// literal; the lanes with a zero value skip the reduction.
func Normalize[T ~float32 | ~float64](xs []T) error {
	return spmd.Run(len(xs), func(l spmd.Lane) {
		x := xs[l.Index()]
		if x == 0 {
			return
		}
		s := spmd.ReduceAdd(l, x) // EXPECT
		xs[l.Index()] = x / s
	})
}

// NormalizeAll kernel(ok): the twin of Normalize; the zero test is on the
// sum, after the reduction.
func NormalizeAll[T ~float32 | ~float64](xs []T) error {
	return spmd.Run(len(xs), func(l spmd.Lane) {
		x := xs[l.Index()]
		s := spmd.ReduceAdd(l, x)
		if s == 0 {
			return
		}
		xs[l.Index()] = x / s
	})
}

// countEqual counts the lanes whose v equals target: a generic helper of
// this package with a collective under uniform control and a uniform
// result.
func countEqual[T comparable](l spmd.Lane, v, target T) int {
	hit := 0
	if v == target {
		hit = 1
	}
	return spmd.ReduceAdd(l, hit)
}

// rankEqual returns how many lanes before this one have v equal to target
// (ExclusiveAdd): lane-dependent.
func rankEqual[T comparable](l spmd.Lane, v, target T) int {
	hit := 0
	if v == target {
		hit = 1
	}
	return spmd.ExclusiveAdd(l, hit)
}

// DuplicateRank kernel(bug): the rank from rankEqual bounds a loop of
// barriers.
func DuplicateRank(words []string, target string) error {
	return spmd.Run(len(words), func(l spmd.Lane) {
		r := rankEqual(l, words[l.Index()], target)
		for k := 0; k < r; k++ {
			l.Barrier() // EXPECT
		}
	})
}

// DuplicateCount kernel(ok): the twin of DuplicateRank; the count from
// countEqual bounds the loop.
func DuplicateCount(words []string, target string) ([]int, error) {
	out := make([]int, len(words))
	err := spmd.Run(len(words), func(l spmd.Lane) {
		c := countEqual(l, words[l.Index()], target)
		for k := 0; k < c; k++ {
			out[l.Index()]++
			l.Barrier()
		}
	})
	return out, err
}
