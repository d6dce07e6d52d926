// Package collectives holds kernels that call every collective of the API
// under lane-dependent control, kernels whose branches are cut by
// uniform-result collectives, and kernels that reach collectives through
// helpers, wrappers with directives, other kernels, generics, closures and
// the gpulib library.
package collectives

import (
	"github.com/spmdvet/spmdvet/spmd"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round24/exam/gpulib"
)

// ---- every collective under a lane-dependent branch ----
// The lanes past n are padding; the buggy kernels skip the collective there,
// the correct twins let them take part with a neutral value.

// SyncValidBug synchronizes only the valid lanes.
//
//spmd:kernel
func SyncValidBug(l spmd.Lane, buf []int, n int) {
	if l.Index() < n {
		buf[l.Index()] *= 2
		l.Barrier() // EXPECT
		buf[l.Index()] += buf[0]
	}
}

// SyncValid synchronizes every lane.
//
//spmd:kernel
func SyncValid(l spmd.Lane, buf []int, n int) {
	if l.Index() < n {
		buf[l.Index()] *= 2
	}
	l.Barrier()
	if l.Index() < n && l.Index() > 0 {
		buf[l.Index()] += buf[0]
	}
}

// AnyValidBug votes only in the valid lanes.
//
//spmd:kernel
func AnyValidBug(l spmd.Lane, data []int, n int, out []bool) {
	if l.Index() < n {
		out[l.Index()] = spmd.Any(l, data[l.Index()] < 0) // EXPECT
	}
}

// AnyValid votes in every lane, padding voting false.
//
//spmd:kernel
func AnyValid(l spmd.Lane, data []int, n int, out []bool) {
	neg := l.Index() < n && data[l.Index()] < 0
	out[l.Index()] = spmd.Any(l, neg)
}

// AllValidBug votes only in the valid lanes.
//
//spmd:kernel
func AllValidBug(l spmd.Lane, data []int, n int, out []bool) {
	if l.Index() < n {
		out[l.Index()] = spmd.All(l, data[l.Index()] > 0) // EXPECT
	}
}

// AllValid votes in every lane, padding voting true.
//
//spmd:kernel
func AllValid(l spmd.Lane, data []int, n int, out []bool) {
	pos := l.Index() >= n || data[l.Index()] > 0
	out[l.Index()] = spmd.All(l, pos)
}

// BallotValidBug builds the mask only in the valid lanes.
//
//spmd:kernel
func BallotValidBug(l spmd.Lane, data []int, n int, out []uint64) {
	if l.Index() < n {
		out[l.Index()] = spmd.Ballot(l, data[l.Index()] != 0) // EXPECT
	}
}

// BallotValid builds it in every lane.
//
//spmd:kernel
func BallotValid(l spmd.Lane, data []int, n int, out []uint64) {
	nz := false
	if l.Index() < n {
		nz = data[l.Index()] != 0
	}
	out[l.Index()] = spmd.Ballot(l, nz)
}

// SumValidBug sums only in the valid lanes.
//
//spmd:kernel
func SumValidBug(l spmd.Lane, data []float64, n int, out []float64) {
	if l.Index() < n {
		out[l.Index()] = spmd.ReduceAdd(l, data[l.Index()]) // EXPECT
	}
}

// SumValid sums in every lane, padding adding zero.
//
//spmd:kernel
func SumValid(l spmd.Lane, data []float64, n int, out []float64) {
	v := 0.0
	if l.Index() < n {
		v = data[l.Index()]
	}
	out[l.Index()] = spmd.ReduceAdd(l, v)
}

// MinValidBug takes the minimum only in the valid lanes.
//
//spmd:kernel
func MinValidBug(l spmd.Lane, data []int, n int, out []int) {
	if l.Index() < n {
		out[l.Index()] = spmd.ReduceMin(l, data[l.Index()]) // EXPECT
	}
}

// MinValid takes it in every lane, padding giving a large value.
//
//spmd:kernel
func MinValid(l spmd.Lane, data []int, n int, out []int) {
	v := 1 << 30
	if l.Index() < n {
		v = data[l.Index()]
	}
	out[l.Index()] = spmd.ReduceMin(l, v)
}

// MaxValidBug takes the maximum only in the valid lanes.
//
//spmd:kernel
func MaxValidBug(l spmd.Lane, data []int, n int, out []int) {
	if l.Index() < n {
		out[l.Index()] = spmd.ReduceMax(l, data[l.Index()]) // EXPECT
	}
}

// MaxValid takes it in every lane, padding giving a small value.
//
//spmd:kernel
func MaxValid(l spmd.Lane, data []int, n int, out []int) {
	v := -1 << 30
	if l.Index() < n {
		v = data[l.Index()]
	}
	out[l.Index()] = spmd.ReduceMax(l, v)
}

// PivotValidBug broadcasts the pivot only in the valid lanes.
//
//spmd:kernel
func PivotValidBug(l spmd.Lane, data []int, n int, out []int) {
	if l.Index() < n {
		out[l.Index()] = spmd.Broadcast(l, data[l.Index()], n/2) // EXPECT
	}
}

// PivotValid broadcasts in every lane.
//
//spmd:kernel
func PivotValid(l spmd.Lane, data []int, n int, out []int) {
	p := spmd.Broadcast(l, data[l.Index()], n/2)
	if l.Index() < n {
		out[l.Index()] = p
	}
}

// LeaderValidBug reads lane 0's value only in the valid lanes.
//
//spmd:kernel
func LeaderValidBug(l spmd.Lane, data []int, n int, out []int) {
	if l.Index() < n {
		out[l.Index()] = spmd.BroadcastFirst(l, data[l.Index()]) // EXPECT
	}
}

// LeaderValid reads it in every lane.
//
//spmd:kernel
func LeaderValid(l spmd.Lane, data []int, n int, out []int) {
	first := spmd.BroadcastFirst(l, data[l.Index()])
	if l.Index() < n {
		out[l.Index()] = first
	}
}

// ShiftValidBug shifts values down by one lane only in the valid lanes.
//
//spmd:kernel
func ShiftValidBug(l spmd.Lane, data []int, n int, out []int) {
	if l.Index() < n {
		out[l.Index()] = spmd.Shuffle(l, data[l.Index()], (l.Index()+1)%l.Count()) // EXPECT
	}
}

// ShiftValid shifts in every lane.
//
//spmd:kernel
func ShiftValid(l spmd.Lane, data []int, n int, out []int) {
	next := spmd.Shuffle(l, data[l.Index()], (l.Index()+1)%l.Count())
	if l.Index() < n {
		out[l.Index()] = next
	}
}

// ButterflyValidBug exchanges with the partner lane only in the valid lanes.
//
//spmd:kernel
func ButterflyValidBug(l spmd.Lane, data []int, n int, out []int) {
	if l.Index() < n {
		out[l.Index()] = spmd.ShuffleXor(l, data[l.Index()], 1) // EXPECT
	}
}

// ButterflyValid exchanges in every lane.
//
//spmd:kernel
func ButterflyValid(l spmd.Lane, data []int, n int, out []int) {
	partner := spmd.ShuffleXor(l, data[l.Index()], 1)
	if l.Index() < n {
		out[l.Index()] = partner
	}
}

// ScanValidBug computes an inclusive scan only in the valid lanes.
//
//spmd:kernel
func ScanValidBug(l spmd.Lane, data []int, n int, out []int) {
	if l.Index() < n {
		out[l.Index()] = spmd.InclusiveAdd(l, data[l.Index()]) // EXPECT
	}
}

// ScanValid scans in every lane, padding adding zero.
//
//spmd:kernel
func ScanValid(l spmd.Lane, data []int, n int, out []int) {
	v := 0
	if l.Index() < n {
		v = data[l.Index()]
	}
	out[l.Index()] = spmd.InclusiveAdd(l, v)
}

// CompactValidBug computes the write offsets only in the valid lanes.
//
//spmd:kernel
func CompactValidBug(l spmd.Lane, data []int, n int, out []int) {
	if l.Index() < n && data[l.Index()] != 0 {
		at := spmd.ExclusiveAdd(l, 1) // EXPECT
		out[at] = data[l.Index()]
	}
}

// CompactValid computes offsets in every lane and writes only the kept ones.
//
//spmd:kernel
func CompactValid(l spmd.Lane, data []int, n int, out []int) {
	keep := l.Index() < n && data[l.Index()] != 0
	k := 0
	if keep {
		k = 1
	}
	at := spmd.ExclusiveAdd(l, k)
	if keep {
		out[at] = data[l.Index()]
	}
}

// ---- uniform-result collectives cut divergence; divergent ones do not ----

// FixNegatives synchronizes and repairs when any lane has a negative value.
//
//spmd:kernel
func FixNegatives(l spmd.Lane, data []int) {
	if spmd.Any(l, data[l.Index()] < 0) {
		l.Barrier()
		data[l.Index()] = max(data[l.Index()], 0)
	}
}

// FixNegativesBug branches on the neighbour's value from a Shuffle.
//
//spmd:kernel
func FixNegativesBug(l spmd.Lane, data []int) {
	if spmd.Shuffle(l, data[l.Index()], (l.Index()+1)%l.Count()) < 0 {
		l.Barrier() // EXPECT
		data[l.Index()] = max(data[l.Index()], 0)
	}
}

// AllDone runs another reduction when every lane is done.
//
//spmd:kernel
func AllDone(l spmd.Lane, done []bool, out []int) {
	if spmd.All(l, done[l.Index()]) {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// PartnerDoneBug runs it when the butterfly partner is done.
//
//spmd:kernel
func PartnerDoneBug(l spmd.Lane, done []bool, out []int) {
	if spmd.ShuffleXor(l, done[l.Index()], 1) {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// ActiveMask counts the set lanes from a ballot.
//
//spmd:kernel
func ActiveMask(l spmd.Lane, flags []bool, out []int) {
	mask := spmd.Ballot(l, flags[l.Index()])
	if mask&1 != 0 {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// ActiveMaskBug tests the lane's own bit of the ballot.
//
//spmd:kernel
func ActiveMaskBug(l spmd.Lane, flags []bool, out []int) {
	mask := spmd.Ballot(l, flags[l.Index()])
	if mask&(1<<l.Index()) != 0 {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// RangeCheck branches on the group's minimum and maximum.
//
//spmd:kernel
func RangeCheck(l spmd.Lane, data []int, out []int) {
	lo := spmd.ReduceMin(l, data[l.Index()])
	hi := spmd.ReduceMax(l, data[l.Index()])
	if hi-lo > 4 {
		out[l.Index()] = spmd.BroadcastFirst(l, data[l.Index()])
	}
}

// RangeCheckBug branches on the lane's distance to the minimum.
//
//spmd:kernel
func RangeCheckBug(l spmd.Lane, data []int, out []int) {
	lo := spmd.ReduceMin(l, data[l.Index()])
	if data[l.Index()]-lo > 4 {
		out[l.Index()] = spmd.BroadcastFirst(l, data[l.Index()]) // EXPECT
	}
}

// LeaderDecides branches on lane 0's value.
//
//spmd:kernel
func LeaderDecides(l spmd.Lane, data []int, out []int) {
	if spmd.BroadcastFirst(l, data[l.Index()]) > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, data[l.Index()])
	}
}

// PivotDecides branches on the value of a lane chosen by the caller.
//
//spmd:kernel
func PivotDecides(l spmd.Lane, data []int, pivot int, out []int) {
	if spmd.Broadcast(l, data[l.Index()], pivot) > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, data[l.Index()])
	}
}

// PivotDecidesBug broadcasts from a lane-dependent source.
//
//spmd:kernel
func PivotDecidesBug(l spmd.Lane, data []int, out []int) {
	if spmd.Broadcast(l, data[l.Index()], l.Index()^1) > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, data[l.Index()]) // EXPECT
	}
}

// PrefixGateBug branches on an inclusive scan.
//
//spmd:kernel
func PrefixGateBug(l spmd.Lane, data []int, out []int) {
	if spmd.InclusiveAdd(l, data[l.Index()]) > 3 {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// PrefixGate branches on the total.
//
//spmd:kernel
func PrefixGate(l spmd.Lane, data []int, out []int) {
	if spmd.ReduceAdd(l, data[l.Index()]) > 3 {
		out[l.Index()] = spmd.InclusiveAdd(l, 1)
	}
}

// RoomBug branches on the exclusive scan: only the lanes that fit continue.
//
//spmd:kernel
func RoomBug(l spmd.Lane, sizes []int, capacity int, out []int) {
	at := spmd.ExclusiveAdd(l, sizes[l.Index()])
	if at < capacity {
		out[l.Index()] = spmd.ReduceAdd(l, sizes[l.Index()]) // EXPECT
	}
}

// Room branches on the total size.
//
//spmd:kernel
func Room(l spmd.Lane, sizes []int, capacity int, out []int) {
	at := spmd.ExclusiveAdd(l, sizes[l.Index()])
	total := spmd.ReduceAdd(l, sizes[l.Index()])
	if total <= capacity {
		out[l.Index()] = at
	}
}

// ---- local helpers with a Lane parameter ----

// publish stores v in the lane's slot and synchronizes.
func publish(l spmd.Lane, buf []int, v int) {
	buf[l.Index()] = v
	l.Barrier()
}

// exchange publishes v and returns the neighbour's value.
func exchange(l spmd.Lane, buf []int, v int) int {
	publish(l, buf, v)
	return buf[(l.Index()+1)%l.Count()]
}

// neighborOf is a pure helper with a Lane parameter: no collective.
func neighborOf(l spmd.Lane) int {
	return (l.Index() + 1) % l.Count()
}

// PublishPositiveBug publishes only the positive values.
//
//spmd:kernel
func PublishPositiveBug(l spmd.Lane, data, buf []int) {
	if data[l.Index()] > 0 {
		publish(l, buf, data[l.Index()]) // EXPECT
	}
}

// PublishPositive publishes clamped values from every lane.
//
//spmd:kernel
func PublishPositive(l spmd.Lane, data, buf []int) {
	publish(l, buf, max(data[l.Index()], 0))
}

// RingBug exchanges through two levels of helpers in the odd lanes.
//
//spmd:kernel
func RingBug(l spmd.Lane, data, buf, out []int) {
	if l.Index()%2 == 1 {
		out[l.Index()] = exchange(l, buf, data[l.Index()]) // EXPECT
	}
}

// Ring exchanges in every lane and keeps the odd lanes' results.
//
//spmd:kernel
func Ring(l spmd.Lane, data, buf, out []int) {
	v := exchange(l, buf, data[l.Index()])
	if l.Index()%2 == 1 {
		out[l.Index()] = v
	}
}

// NeighborIndex calls the pure helper under a lane-dependent branch: there is
// no collective to miss.
//
//spmd:kernel
func NeighborIndex(l spmd.Lane, out []int) {
	if l.Index()%2 == 0 {
		out[l.Index()] = neighborOf(l)
	}
	l.Barrier()
}

// ---- a user function marked //spmd:convergent ----

// fenceHook is the platform's memory fence plus barrier.
var fenceHook = func(l spmd.Lane) { l.Barrier() }

// fence orders memory between the lanes. The checker learns that it is a
// barrier only from the directive.
//
//spmd:convergent barrier
func fence(l spmd.Lane) {
	fenceHook(l)
}

// voteHook is the platform's vote.
var voteHook = func(l spmd.Lane, p bool) bool { return spmd.Any(l, p) }

// vote reports whether any lane has p set.
//
//spmd:convergent
func vote(l spmd.Lane, p bool) bool {
	return voteHook(l, p)
}

// FenceQuarterBug fences in every fourth lane.
//
//spmd:kernel
func FenceQuarterBug(l spmd.Lane, buf []int) {
	buf[l.Index()] = l.Index()
	if l.Index()%4 == 0 {
		fence(l) // EXPECT
	}
}

// FenceQuarter fences in every lane.
//
//spmd:kernel
func FenceQuarter(l spmd.Lane, buf []int) {
	if l.Index()%4 == 0 {
		buf[l.Index()] = l.Index()
	}
	fence(l)
}

// VoteOddBug votes in the odd lanes.
//
//spmd:kernel
func VoteOddBug(l spmd.Lane, data []int, out []bool) {
	if l.Index()%2 == 1 {
		out[l.Index()] = vote(l, data[l.Index()] > 0) // EXPECT
	}
}

// VoteOdd votes everywhere with false from the even lanes.
//
//spmd:kernel
func VoteOdd(l spmd.Lane, data []int, out []bool) {
	out[l.Index()] = vote(l, l.Index()%2 == 1 && data[l.Index()] > 0)
}

// ---- user wrappers marked //spmd:uniform and //spmd:uniform NAME ----

// busiestHook returns the largest load.
var busiestHook = func(l spmd.Lane, load int) int { return spmd.ReduceMax(l, load) }

// busiest returns the largest load of the group. The checker learns that the
// result is uniform only from the directive.
//
//spmd:convergent
//spmd:uniform
func busiest(l spmd.Lane, load int) int {
	return busiestHook(l, load)
}

// pickHook reads v from lane src.
var pickHook = func(l spmd.Lane, v float64, src int) float64 { return spmd.Broadcast(l, v, src) }

// pick returns the v of lane src.
//
//spmd:convergent
//spmd:uniform src
func pick(l spmd.Lane, v float64, src int) float64 {
	return pickHook(l, v, src)
}

// Rebalance splits work when the busiest lane has much: busiest is uniform.
//
//spmd:kernel
func Rebalance(l spmd.Lane, load []int, out []int) {
	if busiest(l, load[l.Index()]) > 10 {
		out[l.Index()] = spmd.ReduceAdd(l, load[l.Index()])
	}
}

// RebalanceBug compares the busiest load with the lane's load.
//
//spmd:kernel
func RebalanceBug(l spmd.Lane, load []int, out []int) {
	if busiest(l, load[l.Index()]) > 2*load[l.Index()] {
		out[l.Index()] = spmd.ReduceAdd(l, load[l.Index()]) // EXPECT
	}
}

// SplitAt uses the value of a lane chosen by the caller as a splitter: a
// lane-dependent value, a uniform source.
//
//spmd:kernel
func SplitAt(l spmd.Lane, data []float64, src int, out []float64) {
	s := pick(l, data[l.Index()], src)
	if s > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, data[l.Index()]/s)
	}
}

// SplitAtBug uses the value of the partner lane.
//
//spmd:kernel
func SplitAtBug(l spmd.Lane, data []float64, out []float64) {
	s := pick(l, data[l.Index()], l.Index()^1)
	if s > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, data[l.Index()]/s) // EXPECT
	}
}

// ---- kernels called from kernels ----

// NormalizeRow divides a row by its sum, one element per lane.
//
//spmd:kernel
func NormalizeRow(l spmd.Lane, row []float64) {
	s := spmd.ReduceAdd(l, row[l.Index()])
	l.Barrier()
	row[l.Index()] /= s
}

// BatchBug normalizes only the rows whose element in this lane is positive.
//
//spmd:kernel
func BatchBug(l spmd.Lane, rows [][]float64) {
	for r := range rows {
		if rows[r][l.Index()] > 0 {
			NormalizeRow(l, rows[r]) // EXPECT
		}
	}
}

// Batch normalizes the rows whose first element is positive.
//
//spmd:kernel
func Batch(l spmd.Lane, rows [][]float64) {
	for r := range rows {
		if rows[r][0] > 0 {
			NormalizeRow(l, rows[r])
		}
	}
}

// ScaleHalfBug calls the library kernel from half of the lanes.
//
//spmd:kernel
func ScaleHalfBug(l spmd.Lane, data []float64) {
	if l.Index() < l.Count()/2 {
		gpulib.Scale(l, data, 2) // EXPECT
	}
}

// ScaleHalf calls the library kernel from all lanes when asked to.
//
//spmd:kernel
func ScaleHalf(l spmd.Lane, data []float64, enabled bool) {
	if enabled {
		gpulib.Scale(l, data, 2)
	}
}

// ---- generics ----

// groupTotal sums v over the group for any number type.
func groupTotal[T spmd.Number](l spmd.Lane, v T) T {
	return spmd.ReduceAdd(l, v)
}

// Acc accumulates a per-lane partial sum.
type Acc[T spmd.Number] struct{ part T }

// Add adds v to the partial sum.
func (a *Acc[T]) Add(v T) { a.part += v }

// Flush returns the group total of the partial sums.
func (a *Acc[T]) Flush(l spmd.Lane) T { return spmd.ReduceAdd(l, a.part) }

// StatsBug totals three columns of different types in the valid lanes only.
//
//spmd:kernel
func StatsBug(l spmd.Lane, counts []int, weights []float64, scores []float32, n int, out []float64) {
	if l.Index() < n {
		c := groupTotal(l, counts[l.Index()])  // EXPECT
		w := groupTotal(l, weights[l.Index()]) // EXPECT
		s := groupTotal(l, scores[l.Index()])  // EXPECT
		out[l.Index()] = float64(c) + w + float64(s)
	}
}

// Stats totals them in every lane.
//
//spmd:kernel
func Stats(l spmd.Lane, counts []int, weights []float64, scores []float32, n int, out []float64) {
	c := groupTotal(l, counts[l.Index()])
	w := groupTotal(l, weights[l.Index()])
	s := groupTotal(l, scores[l.Index()])
	if l.Index() < n {
		out[l.Index()] = float64(c) + w + float64(s)
	}
}

// FlushBug flushes a generic accumulator in the lanes that added something.
//
//spmd:kernel
func FlushBug(l spmd.Lane, data []int64, out []int64) {
	var a Acc[int64]
	if data[l.Index()] > 0 {
		a.Add(data[l.Index()])
		out[l.Index()] = a.Flush(l) // EXPECT
	}
}

// Flush flushes it in every lane.
//
//spmd:kernel
func Flush(l spmd.Lane, data []int64, out []int64) {
	var a Acc[int64]
	if data[l.Index()] > 0 {
		a.Add(data[l.Index()])
	}
	out[l.Index()] = a.Flush(l)
}

// ---- the gpulib library: facts across packages ----

// LibStageBug ends a phase in the lanes that wrote.
//
//spmd:kernel
func LibStageBug(l spmd.Lane, data, buf []int) {
	if data[l.Index()] != 0 {
		buf[l.Index()] = data[l.Index()]
		gpulib.Stage(l) // EXPECT
	}
}

// LibStage ends the phase in every lane.
//
//spmd:kernel
func LibStage(l spmd.Lane, data, buf []int) {
	if data[l.Index()] != 0 {
		buf[l.Index()] = data[l.Index()]
	}
	gpulib.Stage(l)
}

// LibSyncBug uses the directive-only barrier in the lanes that wrote.
//
//spmd:kernel
func LibSyncBug(l spmd.Lane, data, buf []int) {
	if data[l.Index()] != 0 {
		buf[l.Index()] = data[l.Index()]
		gpulib.Sync(l) // EXPECT
	}
}

// LibSync uses it in every lane.
//
//spmd:kernel
func LibSync(l spmd.Lane, data, buf []int) {
	if data[l.Index()] != 0 {
		buf[l.Index()] = data[l.Index()]
	}
	gpulib.Sync(l)
}

// LibMajorityBug votes in the lanes that have data.
//
//spmd:kernel
func LibMajorityBug(l spmd.Lane, data []int, out []bool) {
	if data[l.Index()] != 0 {
		out[l.Index()] = gpulib.Majority(l, data[l.Index()] > 0) // EXPECT
	}
}

// LibMajority votes everywhere and branches on the uniform outcome.
//
//spmd:kernel
func LibMajority(l spmd.Lane, data []int, out []int) {
	if gpulib.Majority(l, data[l.Index()] > 0) {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// LibCounts branches on uniform results of library wrappers.
//
//spmd:kernel
func LibCounts(l spmd.Lane, data []int, out []int) {
	if gpulib.CountTrue(l, data[l.Index()] > 0) > 2 {
		out[l.Index()] = gpulib.GroupMax(l, data[l.Index()])
	}
}

// LibCountsBug compares the uniform count with the lane's value.
//
//spmd:kernel
func LibCountsBug(l spmd.Lane, data []int, out []int) {
	if gpulib.CountTrue(l, data[l.Index()] > 0) > data[l.Index()] {
		out[l.Index()] = gpulib.GroupMax(l, data[l.Index()]) // EXPECT
	}
}

// LibFromLane reads a lane chosen by the caller: uniform.
//
//spmd:kernel
func LibFromLane(l spmd.Lane, data []float64, src int, out []float64) {
	if gpulib.FromLane(l, data[l.Index()], src) > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, data[l.Index()])
	}
}

// LibFromLaneBug reads the partner lane: divergent.
//
//spmd:kernel
func LibFromLaneBug(l spmd.Lane, data []float64, out []float64) {
	if gpulib.FromLane(l, data[l.Index()], l.Index()^1) > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, data[l.Index()]) // EXPECT
	}
}

// LibRankBug lets rank 0 alone synchronize.
//
//spmd:kernel
func LibRankBug(l spmd.Lane, buf []int) {
	if gpulib.Rank(l) == 0 {
		buf[0] = 1
		l.Barrier() // EXPECT
	}
}

// LibRank lets rank 0 write and all synchronize.
//
//spmd:kernel
func LibRank(l spmd.Lane, buf []int) {
	if gpulib.Rank(l) == 0 {
		buf[0] = 1
	}
	l.Barrier()
}

// LibCoordsBug reduces only in the first column of the tile.
//
//spmd:kernel
func LibCoordsBug(l spmd.Lane, out []int) {
	x, y := gpulib.Coords(l, 4)
	if x == 0 {
		out[l.Index()] = spmd.ReduceAdd(l, y) // EXPECT
	}
}

// LibCoords reduces the rows of every lane and keeps the first column's.
//
//spmd:kernel
func LibCoords(l spmd.Lane, out []int) {
	x, y := gpulib.Coords(l, 4)
	s := spmd.ReduceAdd(l, y)
	if x == 0 {
		out[l.Index()] = s
	}
}

// LibGenericBug sums two columns through the generic library helper in the
// valid lanes only.
//
//spmd:kernel
func LibGenericBug(l spmd.Lane, a []int, b []float32, n int, out []float64) {
	if l.Index() < n {
		x := gpulib.Sum(l, a[l.Index()]) // EXPECT
		y := gpulib.Sum(l, b[l.Index()]) // EXPECT
		out[l.Index()] = float64(x) + float64(y)
	}
}

// LibGeneric sums in every lane.
//
//spmd:kernel
func LibGeneric(l spmd.Lane, a []int, b []float32, n int, out []float64) {
	x := gpulib.Sum(l, a[l.Index()])
	y := gpulib.Sum(l, b[l.Index()])
	if l.Index() < n {
		out[l.Index()] = float64(x) + float64(y)
	}
}

// LibMean branches on the generic uniform mean, for two types.
//
//spmd:kernel
func LibMean(l spmd.Lane, a []int, b []float64, out []float64) {
	if gpulib.Mean(l, a[l.Index()]) > 1 && gpulib.Mean(l, b[l.Index()]) > 1 {
		out[l.Index()] = spmd.ReduceAdd(l, b[l.Index()])
	}
}

// LibOffsetBug branches on the generic divergent offset.
//
//spmd:kernel
func LibOffsetBug(l spmd.Lane, sizes []int, capacity int, out []int) {
	if gpulib.Offset(l, sizes[l.Index()]) < capacity {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// LibRotateBug branches on the value rotated in from the next lane.
//
//spmd:kernel
func LibRotateBug(l spmd.Lane, data []int, out []int) {
	if gpulib.Rotate(l, data[l.Index()]) > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// LibClamp calls the pure library helper under a lane-dependent branch.
//
//spmd:kernel
func LibClamp(l spmd.Lane, data []int, out []int) {
	if data[l.Index()] > 10 {
		data[l.Index()] = gpulib.Clamp(data[l.Index()], 0, 10)
	}
	out[l.Index()] = spmd.ReduceAdd(l, data[l.Index()])
}
