// Package ambig holds kernels for which the specification does not settle
// what the checker must report. Each comment states the question and the
// answer the annotation assumes.
package ambig

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// ---- 1. parameters of a non-kernel helper ----

// syncIfWide synchronizes when its width argument is large.
//
// Question: the spec makes the parameters of a kernel entry uniform, and
// says nothing about the other parameters of a helper that has a Lane
// parameter. Every caller here passes a uniform width, so the branch is
// uniform at run time. Assumed: no finding (helper parameters are taken as
// uniform, or the callers' arguments are); a checker that treats helper
// parameters as divergent would report the barrier.
func syncIfWide(l spmd.Lane, width int, buf []int) {
	if width > 4 {
		l.Barrier()
	}
	buf[l.Index()] = width
}

// WideHelper calls syncIfWide with a uniform width.
//
//spmd:kernel
func WideHelper(l spmd.Lane, width int, buf []int) {
	syncIfWide(l, width, buf)
}

// reduceIfPositive reduces when its argument is positive.
//
// Question: here the only caller passes a lane-dependent value. The bug is
// in the helper's branch, but the spec's rule 1 is stated per function and
// per block. Assumed: the finding is at the collective inside the helper,
// where its lane-dependent parameter makes the branch divergent (and none at
// the call site, which is not under divergent control).
func reduceIfPositive(l spmd.Lane, v int, out []int) {
	if v > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, v) // EXPECT
	}
}

// PositiveHelperBug passes the lane's value to reduceIfPositive.
//
//spmd:kernel
func PositiveHelperBug(l spmd.Lane, data []int, out []int) {
	reduceIfPositive(l, data[l.Index()], out)
}

// ---- 2. result of an unannotated helper that reduces ----

// total returns the group total: no directive.
func total(l spmd.Lane, v int) int {
	return spmd.ReduceAdd(l, v)
}

// TotalGate branches on total(l, data[i]).
//
// Question: the package doc says the checker reads the body of a function
// without result directive (ReduceAdd: uniform), while the spec allows the
// conservative "divergent if an argument is divergent" rule for calls in
// this issue. Assumed: no finding (the doc's body reading).
//
//spmd:kernel
func TotalGate(l spmd.Lane, data []int, out []int) {
	if total(l, data[l.Index()]) > 10 {
		out[l.Index()] = spmd.ReduceMax(l, data[l.Index()])
	}
}

// ---- 3. collective in a range over a map, not depending on the key ----

// PerEntry reduces once per map entry, not looking at the keys.
//
// Question: keys and values of a map range are divergent, but is the loop
// itself? Every lane iterates len(m) times, so the trip count is uniform.
// Assumed: no finding; a checker that makes the whole Next tuple (its ok
// too) divergent would report it.
//
//spmd:kernel
func PerEntry(l spmd.Lane, m map[string]int, out []int) {
	n := 0
	for range m {
		n = spmd.ReduceAdd(l, n+1)
	}
	out[l.Index()] = n
}

// ---- 4. select on uniform operands ----

// ClosedSelect selects on a closed channel that every lane receives from at
// once, with a default that is never taken.
//
// Question: "Select" is listed as propagating; with uniform operands the
// chosen case is uniform by propagation, but which ready case a select takes
// is a per-goroutine random choice in general. Here only one case can be
// ready. Assumed: no finding.
//
//spmd:kernel
func ClosedSelect(l spmd.Lane, done chan int, out []int) {
	select {
	case <-done:
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	default:
		out[l.Index()] = -1
	}
}

// ---- 5. per-lane array read at a lane-dependent index ----

// LocalTableBug fills a per-lane table with the same values in every lane and
// reads it at the lane index.
//
// Question: the spec's rule for per-lane memory speaks of the values stored
// and the control of the stores, which are all uniform here; but the address
// of the load is lane-dependent, so the loaded value differs. Assumed: a
// finding (IndexAddr with a divergent index gives a divergent address).
//
//spmd:kernel
func LocalTableBug(l spmd.Lane, out []int) {
	var table [8]int
	for i := range table {
		table[i] = i % 3
	}
	p := &table
	if p[l.Index()] == 0 {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// ---- 6. receive from a shared channel ----

// QueueBug takes one work item per lane from a shared queue.
//
// Question: the channel is a uniform value and UnOp propagation would make
// the received value uniform, but each lane receives a different item.
// Assumed: a finding (a receive is not a load at a uniform address; it
// behaves like an atomic read-modify-write).
//
//spmd:kernel
func QueueBug(l spmd.Lane, queue chan int, out []int) {
	item := <-queue
	if item%2 == 0 {
		out[l.Index()] = spmd.ReduceAdd(l, item) // EXPECT
	}
}

// ---- 7. atomic load after a barrier ----

// done counts finished lanes.
var done int64

// FinishCount reads the counter with atomic.LoadInt64 after a barrier.
//
// Question: only read-modify-write results are named divergent; a Load has
// no Go body (assembly), so the conservative rule gives "uniform" for a
// uniform address. After the barrier every lane does read the same value.
// Assumed: no finding.
//
//spmd:kernel
func FinishCount(l spmd.Lane, out []int64) {
	atomic.AddInt64(&done, 1)
	l.Barrier()
	if atomic.LoadInt64(&done) == int64(l.Count()) {
		out[l.Index()] = spmd.ReduceAdd(l, int64(1))
	}
}

// ---- 8. convergent operations behind dynamic calls ----

// Syncer is anything that can synchronize a group.
type Syncer interface{ Sync(l spmd.Lane) }

// GroupSyncer synchronizes with a barrier.
type GroupSyncer struct{}

// Sync implements Syncer.
func (GroupSyncer) Sync(l spmd.Lane) { l.Barrier() }

// IfaceSyncBug calls the interface method in half of the lanes.
//
// Question: the callee is not known statically (invoke mode); the spec
// only makes calls of functions "known to be convergent (by directive or
// fact)" convergent. At run time it is a real bug. Assumed: no finding
// required (a checker using CHA or pointer analysis might report it).
//
//spmd:kernel
func IfaceSyncBug(l spmd.Lane, s Syncer) {
	if l.Index()%2 == 0 {
		s.Sync(l)
	}
}

// FuncSyncBug calls a function-valued parameter in half of the lanes; same
// question as IfaceSyncBug. Assumed: no finding required.
//
//spmd:kernel
func FuncSyncBug(l spmd.Lane, sync func(spmd.Lane)) {
	if l.Index()%2 == 0 {
		sync(l)
	}
}

// ---- 9. deferred barrier with a lane-dependent early return ----

// DeferredSyncBug defers a barrier, then returns early in some lanes.
//
// Question: the defer statement runs in every lane, in the entry block; the
// deferred call runs at each return. spmd.Run tells the sites apart by the
// return line, and reports divergence. Assumed: a finding at the deferred
// call expression.
//
//spmd:kernel
func DeferredSyncBug(l spmd.Lane, n int, out []int) {
	defer l.Barrier() // EXPECT
	if l.Index() >= n {
		return
	}
	out[l.Index()] = 1
}

// ---- 10. lane-dependent operands, uniform trip count ----

// WindowSum sums a window of four elements starting at the lane's row, one
// reduction per element.
//
// Question: len(row) is 4 in every lane, but row is a Slice with
// lane-dependent bounds, so by plain propagation through Slice the loop
// condition is divergent. Assumed: no finding (run time agrees); a
// propagation-only checker reports the reduction.
//
//spmd:kernel
func WindowSum(l spmd.Lane, data []int, out []int) {
	row := data[l.Index()*4 : l.Index()*4+4]
	s := 0
	for i := 0; i < len(row); i++ {
		s += spmd.ReduceAdd(l, row[i])
	}
	out[l.Index()] = s
}

// Stencil loops from the lane's index over four neighbours.
//
// Question: the loop bound i < gid+4 is lane-dependent, but every lane runs
// four iterations. Assumed: no finding (run time agrees); a value-based
// checker has to report it, since the branch condition is lane-dependent.
//
//spmd:kernel
func Stencil(l spmd.Lane, data []int, out []int) {
	gid := l.Index()
	s := 0
	for i := gid; i < gid+4; i++ {
		s += spmd.ReduceAdd(l, data[i%len(data)])
	}
	out[gid] = s
}
