// Package memory holds kernels about memory: a lane's own variables whose
// address is taken (stores of lane-dependent values, or stores under
// divergent control, make loads lane-dependent), shared memory read at
// uniform or lane-dependent addresses, sync/atomic read-modify-write
// results, per-lane slices, and ranges over maps (whose order is per lane).
package memory

import (
	"maps"
	"slices"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/exam/kit"
	"github.com/spmdvet/spmdvet/spmd"
)

// Lanes is the group size of the kernels that do not take it from their
// data.
const Lanes = 8

// ---------------------------------------------------------------------------
// Lane-local variables whose address is taken

// PeakAlarm kernel(bug): each lane tracks a running peak through a pointer
// to its local variable, starting from its own sample; the peak decides a
// barrier.
func PeakAlarm(samples, window []int, limit int) ([]int, error) {
	peaks := make([]int, len(samples))
	err := spmd.Run(len(samples), func(l spmd.Lane) {
		peak := samples[l.Index()]
		track := &peak
		for _, v := range window {
			if v > *track {
				*track = v
			}
		}
		peaks[l.Index()] = peak
		if peak > limit {
			l.Barrier() // EXPECT
		}
	})
	return peaks, err
}

// WindowAlarm kernel(ok): the twin of PeakAlarm; the running peak starts
// from the base parameter, and the window is shared, so every store is of
// a uniform value under uniform control.
func WindowAlarm(samples, window []int, limit, base int) ([]int, error) {
	peaks := make([]int, len(samples))
	err := spmd.Run(len(samples), func(l spmd.Lane) {
		peak := base
		track := &peak
		for _, v := range window {
			if v > *track {
				*track = v
			}
		}
		peaks[l.Index()] = peak + samples[l.Index()]
		if peak > limit {
			l.Barrier()
		}
	})
	return peaks, err
}

// status is a lane's private bookkeeping.
type status struct {
	clamped bool
	rounds  int
}

// clampKernel stores a constant into its status through a pointer, but only
// in the lanes whose value is out of range: the load after it is
// lane-dependent.
//
//spmd:kernel
func clampKernel(l spmd.Lane, xs []int, hi int) {
	var st status
	ps := &st
	if xs[l.Index()] > hi {
		xs[l.Index()] = hi
		ps.clamped = true
	}
	if st.clamped {
		l.Barrier() // EXPECT
	}
}

// ClampFlag kernel(bug): launches clampKernel.
func ClampFlag(xs []int, hi int) error {
	return spmd.Run(len(xs), func(l spmd.Lane) { clampKernel(l, xs, hi) })
}

// clampStrictKernel is the twin of clampKernel: the store of the constant
// is under the kernel parameter strict.
//
//spmd:kernel
func clampStrictKernel(l spmd.Lane, xs []int, hi int, strict bool) {
	var st status
	ps := &st
	if strict {
		xs[l.Index()] = min(xs[l.Index()], hi)
		ps.clamped = true
	}
	if st.clamped {
		l.Barrier()
	}
}

// ClampStrict kernel(ok): launches clampStrictKernel.
func ClampStrict(xs []int, hi int, strict bool) error {
	return spmd.Run(len(xs), func(l spmd.Lane) { clampStrictKernel(l, xs, hi, strict) })
}

// StoreHelper kernel(bug): a helper of package kit stores the lane's value
// through a pointer to a local variable.
func StoreHelper(data []int) ([]int, error) {
	out := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		var slot int
		kit.Store(&slot, data[l.Index()])
		if slot > 0 {
			out[l.Index()] = spmd.ReduceAdd(l, slot) // EXPECT
		}
	})
	return out, err
}

// StoreHelperBase kernel(ok): the twin of StoreHelper; the helper stores
// the base parameter.
func StoreHelperBase(data []int, base int) ([]int, error) {
	out := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		var slot int
		kit.Store(&slot, base)
		if slot > 0 {
			out[l.Index()] = spmd.ReduceAdd(l, slot+data[l.Index()])
		}
	})
	return out, err
}

// cursor is a lane's position in a sweep: the lane's own column and the
// round, which is the same in every lane.
type cursor struct {
	col   int
	round int
}

// SweepByColumn kernel(bug): the field read is the one holding the lane's
// column.
func SweepByColumn(grid []int, rounds int) error {
	return spmd.Run(Lanes, func(l spmd.Lane) {
		var c cursor
		pc := &c
		pc.col = l.Index()
		pc.round = rounds
		for pc.col < len(grid) {
			grid[pc.col]++
			pc.col += l.Count()
			l.Barrier() // EXPECT
		}
	})
}

// SweepByRound kernel(ok): the twin of SweepByColumn; the loop is on the
// round field, a variable of its own that only ever holds uniform values.
func SweepByRound(grid []int, rounds int) error {
	return spmd.Run(Lanes, func(l spmd.Lane) {
		var c cursor
		pc := &c
		pc.col = l.Index()
		pc.round = rounds
		for pc.round > 0 {
			if pc.col < len(grid) {
				grid[pc.col]++
			}
			pc.col += l.Count()
			pc.round--
			l.Barrier()
		}
	})
}

// pairKernel keeps the lane's index and the group's stride in a local
// array; the loop bound read is the lane's element.
//
//spmd:kernel
func pairKernel(l spmd.Lane, out []int) {
	var pair [2]int
	pair[0] = l.Index()
	pair[1] = l.Count()
	for k := 0; k < pair[0]; k++ {
		out[l.Index()] += spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// PairIndex kernel(bug): launches pairKernel.
func PairIndex(out []int) error {
	return spmd.Run(len(out), func(l spmd.Lane) { pairKernel(l, out) })
}

// pairCountKernel is the twin of pairKernel: the loop bound is the element
// at constant index 1, which only holds l.Count().
//
//spmd:kernel
func pairCountKernel(l spmd.Lane, out []int) {
	var pair [2]int
	pair[0] = l.Index()
	pair[1] = l.Count()
	for k := 0; k < pair[1]; k++ {
		out[l.Index()] += spmd.ReduceAdd(l, pair[0])
	}
}

// PairCount kernel(ok): launches pairCountKernel.
func PairCount(out []int) error {
	return spmd.Run(len(out), func(l spmd.Lane) { pairCountKernel(l, out) })
}

// PositiveTally kernel(bug): a closure bumps a counter it captures (a
// variable of the lane whose address the closure holds) when its argument,
// the lane's value, is positive.
func PositiveTally(data []int) ([]int, error) {
	out := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		count := 0
		bump := func(v int) {
			if v > 0 {
				count++
			}
		}
		bump(data[l.Index()])
		if count > 0 {
			out[l.Index()] = spmd.ReduceAdd(l, count) // EXPECT
		}
	})
	return out, err
}

// BaseTally kernel(ok): the twin of PositiveTally; the closure is given the
// base parameter.
func BaseTally(data []int, base int) ([]int, error) {
	out := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		count := 0
		bump := func(v int) {
			if v > 0 {
				count++
			}
		}
		bump(base)
		if count > 0 {
			out[l.Index()] = spmd.ReduceAdd(l, count*data[l.Index()])
		}
	})
	return out, err
}

// PickPositive kernel(bug): each lane appends only its positive values to
// a local slice, so the slices differ in length, and the range over them
// runs a reduction per element.
func PickPositive(grid []int, cols int) ([]int, error) {
	out := make([]int, Lanes)
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		var picks []int
		for k := 0; k < cols; k++ {
			if v := grid[l.Index()*cols+k]; v > 0 {
				picks = append(picks, v)
			}
		}
		for _, v := range picks {
			out[l.Index()] += spmd.ReduceAdd(l, v) // EXPECT
		}
	})
	return out, err
}

// PickAll kernel(ok): the twin of PickPositive; every lane appends cols
// values (zero for the non-positive ones), so the slices are as long in
// every lane.
func PickAll(grid []int, cols int) ([]int, error) {
	out := make([]int, Lanes)
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		var picks []int
		for k := 0; k < cols; k++ {
			picks = append(picks, max(grid[l.Index()*cols+k], 0))
		}
		for _, v := range picks {
			out[l.Index()] += spmd.ReduceAdd(l, v)
		}
	})
	return out, err
}

// ---------------------------------------------------------------------------
// Shared memory at uniform and lane-dependent addresses

// TreeThenOwnSlot kernel(bug): a tree reduction in shared memory, then each
// lane tests its own slot, a lane-dependent address.
func TreeThenOwnSlot(data []int, threshold int) (int, error) {
	shared := make([]int, Lanes)
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		i := l.Index()
		shared[i] = data[i]
		l.Barrier()
		for stride := l.Count() / 2; stride > 0; stride /= 2 {
			if i < stride {
				shared[i] += shared[i+stride]
			}
			l.Barrier()
		}
		if shared[i] > threshold {
			l.Barrier() // EXPECT
		}
	})
	return shared[0], err
}

// TreeThenRoot kernel(ok): the twin of TreeThenOwnSlot; the test is on the
// root slot shared[0], a uniform address, after the barrier.
func TreeThenRoot(data []int, threshold int) (int, error) {
	shared := make([]int, Lanes)
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		i := l.Index()
		shared[i] = data[i]
		l.Barrier()
		for stride := l.Count() / 2; stride > 0; stride /= 2 {
			if i < stride {
				shared[i] += shared[i+stride]
			}
			l.Barrier()
		}
		if shared[0] > threshold {
			l.Barrier()
		}
	})
	return shared[0], err
}

// Iterations is a global table of iteration counts by quality level.
var Iterations = [4]int{1, 2, 3, 4}

// QualityByLane kernel(bug): each lane reads the global table at its own
// level.
func QualityByLane(levels []int) ([]int, error) {
	out := make([]int, len(levels))
	err := spmd.Run(len(levels), func(l spmd.Lane) {
		n := Iterations[levels[l.Index()]]
		for k := 0; k < n; k++ {
			out[l.Index()] += spmd.ReduceAdd(l, 1) // EXPECT
		}
	})
	return out, err
}

// QualityByPreset kernel(ok): the twin of QualityByLane; the global table
// is read at the preset parameter.
func QualityByPreset(levels []int, preset int) ([]int, error) {
	out := make([]int, len(levels))
	err := spmd.Run(len(levels), func(l spmd.Lane) {
		n := Iterations[preset]
		for k := 0; k < n; k++ {
			out[l.Index()] += spmd.ReduceAdd(l, levels[l.Index()])
		}
	})
	return out, err
}

// Params is a solver configuration shared by all lanes.
type Params struct {
	Iters   int
	PerLane []int
}

// solveKernel iterates as often as its own entry of the shared parameters
// says.
//
//spmd:kernel
func solveKernel(l spmd.Lane, p *Params, x []float64) {
	for it := 0; it < p.PerLane[l.Index()]; it++ {
		x[l.Index()] = spmd.ReduceAdd(l, x[l.Index()]) / float64(l.Count()) // EXPECT
	}
}

// SolvePerLane kernel(bug): launches solveKernel.
func SolvePerLane(p *Params, x []float64) error {
	return spmd.Run(len(x), func(l spmd.Lane) { solveKernel(l, p, x) })
}

// solveSharedKernel is the twin of solveKernel: it iterates p.Iters times,
// a field of shared memory at a uniform address.
//
//spmd:kernel
func solveSharedKernel(l spmd.Lane, p *Params, x []float64) {
	for it := 0; it < p.Iters; it++ {
		x[l.Index()] = spmd.ReduceAdd(l, x[l.Index()]) / float64(l.Count())
	}
}

// SolveShared kernel(ok): launches solveSharedKernel.
func SolveShared(p *Params, x []float64) error {
	return spmd.Run(len(x), func(l spmd.Lane) { solveSharedKernel(l, p, x) })
}

// ---------------------------------------------------------------------------
// sync/atomic read-modify-write results

// FirstTickets kernel(bug): lanes draw tickets with atomic.AddInt32; the
// first three tickets do a reduction.
func FirstTickets(data []int) (int, error) {
	var next int32
	var out int
	err := spmd.Run(len(data), func(l spmd.Lane) {
		ticket := atomic.AddInt32(&next, 1)
		if ticket <= 3 {
			s := spmd.ReduceAdd(l, data[l.Index()]) // EXPECT
			if ticket == 1 {
				out = s
			}
		}
	})
	return out, err
}

// AllTickets kernel(ok): the twin of FirstTickets; after a barrier, the
// ticket count is read with atomic.LoadInt32 at a uniform address.
func AllTickets(data []int) (int, error) {
	var next int32
	var out int
	err := spmd.Run(len(data), func(l spmd.Lane) {
		atomic.AddInt32(&next, 1)
		l.Barrier()
		if atomic.LoadInt32(&next) >= 3 {
			s := spmd.ReduceAdd(l, data[l.Index()])
			if l.Index() == 0 {
				out = s
			}
		}
	})
	return out, err
}

// electKernel elects a leader with CompareAndSwap; only the winner enters
// the barrier.
//
//spmd:kernel
func electKernel(l spmd.Lane, lock []int32, leader []int32) {
	if atomic.CompareAndSwapInt32(&lock[0], 0, 1) {
		leader[0] = int32(l.Index())
		l.Barrier() // EXPECT
	}
}

// Elect kernel(bug): launches electKernel.
func Elect(lock, leader []int32) error {
	return spmd.Run(Lanes, func(l spmd.Lane) { electKernel(l, lock, leader) })
}

// electThenSyncKernel is the twin of electKernel: every lane tries, then
// all wait, and the lock is read with atomic.LoadInt32 at a uniform
// address.
//
//spmd:kernel
func electThenSyncKernel(l spmd.Lane, lock []int32, leader []int32) {
	if atomic.CompareAndSwapInt32(&lock[0], 0, 1) {
		leader[0] = int32(l.Index())
	}
	l.Barrier()
	if atomic.LoadInt32(&lock[0]) == 1 {
		l.Barrier()
	}
}

// ElectThenSync kernel(ok): launches electThenSyncKernel.
func ElectThenSync(lock, leader []int32) error {
	return spmd.Run(Lanes, func(l spmd.Lane) { electThenSyncKernel(l, lock, leader) })
}

// LastDone kernel(bug): the "last block done" pattern with an atomic.Int64
// method: the lane that finishes last (the result of Add) publishes the
// total with a reduction no other lane reaches.
func LastDone(data []int64) (int64, error) {
	var done atomic.Int64
	var total int64
	err := spmd.Run(len(data), func(l spmd.Lane) {
		n := done.Add(1)
		if n == int64(l.Count()) {
			total = spmd.ReduceAdd(l, data[l.Index()]) // EXPECT
		}
	})
	return total, err
}

// AllDone kernel(ok): the twin of LastDone; every lane counts itself, waits
// at a barrier, and reads the count with Load.
func AllDone(data []int64) (int64, error) {
	var done atomic.Int64
	var total int64
	err := spmd.Run(len(data), func(l spmd.Lane) {
		done.Add(1)
		l.Barrier()
		if done.Load() == int64(l.Count()) {
			t := spmd.ReduceAdd(l, data[l.Index()])
			if l.Index() == 0 {
				total = t
			}
		}
	})
	return total, err
}

// TakeFlag kernel(bug): lanes swap a shared flag to 1; the one that saw 0
// does the cleanup reduction.
func TakeFlag(data []int) (int, error) {
	var flag int32
	var out int
	err := spmd.Run(len(data), func(l spmd.Lane) {
		if atomic.SwapInt32(&flag, 1) == 0 {
			out = spmd.ReduceMin(l, data[l.Index()]) // EXPECT
		}
	})
	return out, err
}

// TakeFlagThenSync kernel(ok): the twin of TakeFlag; the swap only records
// who was first, and every lane reduces after a barrier.
func TakeFlagThenSync(data []int) (int, int, error) {
	var flag int32
	first := -1
	var out int
	err := spmd.Run(len(data), func(l spmd.Lane) {
		if atomic.SwapInt32(&flag, 1) == 0 {
			first = l.Index()
		}
		l.Barrier()
		m := spmd.ReduceMin(l, data[l.Index()])
		if l.Index() == 0 {
			out = m
		}
	})
	return out, first, err
}

// ---------------------------------------------------------------------------
// Ranges over maps: keys and values come in a per-lane order

// WeightsUntilNegative kernel(bug): each lane walks the shared weight map
// and stops at the first negative weight; how many barriers it reaches
// depends on its own iteration order.
func WeightsUntilNegative(weights map[string]int) error {
	return spmd.Run(Lanes, func(l spmd.Lane) {
		for _, w := range weights {
			if w < 0 {
				break
			}
			l.Barrier() // EXPECT
		}
	})
}

// SortedWeightsUntilNegative kernel(ok): the twin of WeightsUntilNegative;
// the lanes walk the sorted keys, the same sequence in every lane.
func SortedWeightsUntilNegative(weights map[string]int) ([]int, error) {
	seen := make([]int, Lanes)
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		for _, k := range slices.Sorted(maps.Keys(weights)) {
			if weights[k] < 0 {
				break
			}
			seen[l.Index()]++
			l.Barrier()
		}
	})
	return seen, err
}

// firstKeyKernel takes the first key of a range over the shared map; which
// key comes first differs between lanes.
//
//spmd:kernel
func firstKeyKernel(l spmd.Lane, names map[string]int, out []int) {
	first := ""
	for k := range names {
		first = k
		break
	}
	if len(first) > 3 {
		out[l.Index()] = spmd.ReduceAdd(l, names[first]) // EXPECT
	}
}

// FirstKey kernel(bug): launches firstKeyKernel.
func FirstKey(names map[string]int, out []int) error {
	return spmd.Run(len(out), func(l spmd.Lane) { firstKeyKernel(l, names, out) })
}

// minKeyKernel is the twin of firstKeyKernel: the key is the least of
// slices.Collect(maps.Keys(names)), the same in every lane.
//
//spmd:kernel
func minKeyKernel(l spmd.Lane, names map[string]int, out []int) {
	first := slices.Min(slices.Collect(maps.Keys(names)))
	if len(first) > 3 {
		out[l.Index()] = spmd.ReduceAdd(l, names[first])
	}
}

// MinKey kernel(ok): launches minKeyKernel.
func MinKey(names map[string]int, out []int) error {
	return spmd.Run(len(out), func(l spmd.Lane) { minKeyKernel(l, names, out) })
}

// ValuesUntilNegative kernel(bug): the range is over maps.Values, an
// iterator that yields in map order.
func ValuesUntilNegative(weights map[string]int) ([]int, error) {
	out := make([]int, Lanes)
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		for v := range maps.Values(weights) {
			if v < 0 {
				break
			}
			out[l.Index()] += spmd.ReduceAdd(l, v) // EXPECT
		}
	})
	return out, err
}

// SortedValuesUntilNegative kernel(ok): the twin of ValuesUntilNegative;
// the values are sorted in decreasing order first.
func SortedValuesUntilNegative(weights map[string]int) ([]int, error) {
	out := make([]int, Lanes)
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		vs := slices.Sorted(maps.Values(weights))
		slices.Reverse(vs)
		for _, v := range vs {
			if v < 0 {
				break
			}
			out[l.Index()] += spmd.ReduceAdd(l, v)
		}
	})
	return out, err
}

// ---------------------------------------------------------------------------
// A value written by one lane: shared memory versus the lane's own

// LeaderConfigLocal kernel(bug): lane 0 decides the number of rounds into
// its own local variable; the other lanes keep zero, so the loop bound is
// lane-dependent (a store under divergent control).
func LeaderConfigLocal(rounds int, out []int) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		n := 0
		pn := &n
		if l.Index() == 0 {
			*pn = rounds
		}
		for k := 0; k < n; k++ {
			out[l.Index()] += spmd.ReduceAdd(l, 1) // EXPECT
		}
	})
}

// LeaderConfigShared kernel(ok): the twin of LeaderConfigLocal; lane 0
// writes the shared cell cfg[0], and after a barrier every lane reads it
// at that uniform address.
func LeaderConfigShared(rounds int, out []int) error {
	cfg := make([]int, 1)
	return spmd.Run(len(out), func(l spmd.Lane) {
		if l.Index() == 0 {
			cfg[0] = rounds
		}
		l.Barrier()
		n := cfg[0]
		for k := 0; k < n; k++ {
			out[l.Index()] += spmd.ReduceAdd(l, 1)
		}
	})
}
