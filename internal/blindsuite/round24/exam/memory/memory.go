// Package memory holds kernels where a value reaches a branch through
// memory: per-lane locals, shared slices, arrays, globals, struct fields,
// pointers, atomics and maps.
package memory

import (
	"sort"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// ---- per-lane locals whose address is taken ----

// Hist is a small per-lane accumulator.
type Hist struct {
	Hits  int
	Total int
}

// record adds one observation to h.
func record(h *Hist, hit bool) {
	h.Total++
	if hit {
		h.Hits++
	}
}

// HitRateBug stores a constant into the lane's own accumulator under a
// lane-dependent branch, then branches on it: the local is per lane.
//
//spmd:kernel
func HitRateBug(l spmd.Lane, data []int, target int, out []int) {
	var h Hist
	if data[l.Index()] == target {
		h.Hits = 1
	}
	if h.Hits > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, h.Hits) // EXPECT
	}
}

// HitRate stores into the accumulator under a uniform branch.
//
//spmd:kernel
func HitRate(l spmd.Lane, data []int, target int, out []int) {
	var h Hist
	if target > 0 {
		h.Hits = 1
	}
	if h.Hits > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, h.Hits+data[l.Index()])
	}
}

// TotalBug stores a lane-dependent value into the accumulator.
//
//spmd:kernel
func TotalBug(l spmd.Lane, data []int, out []int) {
	var h Hist
	h.Total = data[l.Index()]
	if h.Total > 2 {
		out[l.Index()] = spmd.ReduceAdd(l, h.Total) // EXPECT
	}
}

// Total stores a reduced, uniform value into the accumulator.
//
//spmd:kernel
func Total(l spmd.Lane, data []int, out []int) {
	var h Hist
	h.Total = spmd.ReduceAdd(l, data[l.Index()])
	if h.Total > 2 {
		out[l.Index()] = spmd.ReduceAdd(l, h.Total)
	}
}

// RecordBug passes the accumulator's address to a helper, and also stores
// into it under a lane-dependent branch.
//
//spmd:kernel
func RecordBug(l spmd.Lane, data []int, out []int) {
	var h Hist
	record(&h, true)
	if data[l.Index()] < 0 {
		h.Total = 0
	}
	if h.Total > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, h.Total) // EXPECT
	}
}

// ScratchBug fills a per-lane scratch array from the lane's data.
//
//spmd:kernel
func ScratchBug(l spmd.Lane, data []int, out []int) {
	var tmp [4]int
	tmp[0] = data[l.Index()]
	tmp[1] = 1
	if tmp[0] > tmp[1] {
		out[l.Index()] = spmd.ReduceAdd(l, tmp[0]) // EXPECT
	}
}

// Scratch fills the scratch array with shared values.
//
//spmd:kernel
func Scratch(l spmd.Lane, data []int, out []int) {
	var tmp [4]int
	tmp[0] = data[0]
	tmp[1] = 1
	if tmp[0] > tmp[1] {
		out[l.Index()] = spmd.ReduceAdd(l, tmp[0]+data[l.Index()])
	}
}

// PtrFlagBug sets a flag through a pointer in one lane only.
//
//spmd:kernel
func PtrFlagBug(l spmd.Lane, out []int) {
	done := false
	p := &done
	if l.Index() == 0 {
		*p = true
	}
	if done {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = 1
}

// PtrFlag sets the flag through a pointer in every lane.
//
//spmd:kernel
func PtrFlag(l spmd.Lane, out []int, enable bool) {
	done := false
	p := &done
	if enable {
		*p = true
	}
	if done {
		l.Barrier()
	}
	out[l.Index()] = 1
}

// ---- shared slices, arrays and globals ----

// coeffs is a shared table of filter coefficients.
var coeffs = [8]float64{0, 1, 0, 1, 0, 1, 0, 1}

// TapBug reads the coefficient of the lane's own tap.
//
//spmd:kernel
func TapBug(l spmd.Lane, out []float64) {
	if coeffs[l.Index()] != 0 {
		out[l.Index()] = spmd.ReduceAdd(l, coeffs[l.Index()]) // EXPECT
	}
}

// Tap reads the coefficient of a tap chosen by the caller.
//
//spmd:kernel
func Tap(l spmd.Lane, tap int, out []float64) {
	if coeffs[tap] != 0 {
		out[l.Index()] = spmd.ReduceAdd(l, coeffs[l.Index()])
	}
}

// HeaderBug checks the lane's own element of a shared slice.
//
//spmd:kernel
func HeaderBug(l spmd.Lane, buf []byte, out []int) {
	if buf[l.Index()] == 0xFF {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = int(buf[0])
}

// Header checks the first element of the shared slice.
//
//spmd:kernel
func Header(l spmd.Lane, buf []byte, out []int) {
	if buf[0] == 0xFF {
		l.Barrier()
	}
	out[l.Index()] = int(buf[l.Index()])
}

// winner is written by one lane and read by all after a barrier.
var winner int

// ElectGlobal lets the lanes with the largest value write a shared global,
// synchronizes, then every lane reads the same global at the same address.
//
//spmd:kernel
func ElectGlobal(l spmd.Lane, data []int, out []int) {
	best := spmd.ReduceMax(l, data[l.Index()])
	if data[l.Index()] == best {
		winner = l.Index()
	}
	l.Barrier()
	if winner > 3 {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// ElectLocalBug does the same with a per-lane local, whose address is taken
// by a helper: only the winning lanes see their own write.
//
//spmd:kernel
func ElectLocalBug(l spmd.Lane, data []int, out []int) {
	w := -1
	setWinner(&w, l.Index())
	best := spmd.ReduceMax(l, data[l.Index()])
	if data[l.Index()] != best {
		w = -1
	}
	l.Barrier()
	if w > 3 {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// setWinner stores who won.
func setWinner(p *int, who int) { *p = who }

// SharedFlag uses a shared slot written under a lane-dependent branch: after
// the barrier every lane loads the same address.
//
//spmd:kernel
func SharedFlag(l spmd.Lane, data []int, flag []bool, out []int) {
	if data[l.Index()] < 0 {
		flag[0] = true
	}
	l.Barrier()
	if flag[0] {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// SharedFlagBug reads the lane's own slot instead.
//
//spmd:kernel
func SharedFlagBug(l spmd.Lane, data []int, flag []bool, out []int) {
	if data[l.Index()] < 0 {
		flag[l.Index()] = true
	}
	l.Barrier()
	if flag[l.Index()] {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// ---- struct fields and pointers ----

// Job describes a batch of work.
type Job struct {
	Iters int
	Scale float64
}

// RunJob loops for the job's iteration count, read through a pointer
// parameter: uniform.
//
//spmd:kernel
func RunJob(l spmd.Lane, job *Job, data []float64) {
	for i := 0; i < job.Iters; i++ {
		data[l.Index()] = spmd.ReduceAdd(l, data[l.Index()]*job.Scale)
	}
}

// RunJobsBug loops for the lane's own job's iteration count.
//
//spmd:kernel
func RunJobsBug(l spmd.Lane, jobs []Job, data []float64) {
	job := &jobs[l.Index()]
	for i := 0; i < job.Iters; i++ {
		data[l.Index()] = spmd.ReduceAdd(l, data[l.Index()]*job.Scale) // EXPECT
	}
}

// CursorBug follows a pointer chosen per lane.
//
//spmd:kernel
func CursorBug(l spmd.Lane, cells []int, out []int) {
	p := &cells[l.Index()]
	if *p > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, *p) // EXPECT
	}
}

// Cursor follows a pointer to a shared cell.
//
//spmd:kernel
func Cursor(l spmd.Lane, cells []int, at int, out []int) {
	p := &cells[at]
	if *p > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, *p+l.Index())
	}
}

// ---- sync/atomic ----

// tickets is a global ticket counter.
var tickets int64

// TicketBug takes a ticket and lets the first lane that got one synchronize.
//
//spmd:kernel
func TicketBug(l spmd.Lane, out []int64) {
	t := atomic.AddInt64(&tickets, 1)
	if t == 1 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = t
}

// Ticket takes a ticket, synchronizes, and then branches on the total, read
// from the global at a uniform address.
//
//spmd:kernel
func Ticket(l spmd.Lane, out []int64) {
	t := atomic.AddInt64(&tickets, 1)
	l.Barrier()
	if tickets >= int64(l.Count()) {
		out[l.Index()] = spmd.ReduceAdd(l, t)
	}
}

// OnceBug lets the lane that wins a compare-and-swap initialize and wait.
//
//spmd:kernel
func OnceBug(l spmd.Lane, state *int32, out []int) {
	if atomic.CompareAndSwapInt32(state, 0, 1) {
		out[0] = 42
		l.Barrier() // EXPECT
	}
	out[l.Index()+1] = 1
}

// Once lets the winner initialize and then every lane waits.
//
//spmd:kernel
func Once(l spmd.Lane, state *int32, out []int) {
	if atomic.CompareAndSwapInt32(state, 0, 1) {
		out[0] = 42
	}
	l.Barrier()
	out[l.Index()+1] = out[0]
}

// HandoffBug swaps its value into a shared slot and branches on the old one.
//
//spmd:kernel
func HandoffBug(l spmd.Lane, slot *int32, out []int32) {
	old := atomic.SwapInt32(slot, int32(l.Index()))
	if old >= 0 {
		out[l.Index()] = spmd.ReduceAdd(l, old) // EXPECT
	}
}

// Handoff swaps, and reduces the old values in every lane.
//
//spmd:kernel
func Handoff(l spmd.Lane, slot *int32, out []int32) {
	old := atomic.SwapInt32(slot, int32(l.Index()))
	out[l.Index()] = spmd.ReduceAdd(l, old+1)
}

// SlotCounterBug uses an atomic.Int32 method.
//
//spmd:kernel
func SlotCounterBug(l spmd.Lane, next *atomic.Int32, out []int32) {
	slot := next.Add(1)
	if slot%2 == 0 {
		out[l.Index()] = spmd.ReduceAdd(l, slot) // EXPECT
	}
}

// SlotCounter branches on the group size instead of the slot.
//
//spmd:kernel
func SlotCounter(l spmd.Lane, next *atomic.Int32, out []int32) {
	slot := next.Add(1)
	if l.Count()%2 == 0 {
		out[l.Index()] = spmd.ReduceAdd(l, slot)
	}
}

// ---- maps ----

// FirstKeyBug reduces for the first key each lane sees: the map's order is
// per lane.
//
//spmd:kernel
func FirstKeyBug(l spmd.Lane, counts map[string]int, out []int) {
	for k, v := range counts {
		if k == "red" {
			break
		}
		out[l.Index()] += spmd.ReduceAdd(l, v) // EXPECT
	}
}

// FirstKey walks the keys in sorted order, which every lane shares.
//
//spmd:kernel
func FirstKey(l spmd.Lane, counts map[string]int, keys []string, out []int) {
	for _, k := range keys {
		if k == "red" {
			break
		}
		out[l.Index()] += spmd.ReduceAdd(l, counts[k])
	}
}

// SortedKeys returns the keys of m in order.
func SortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// PriceBug looks up the price of the lane's own item.
//
//spmd:kernel
func PriceBug(l spmd.Lane, items []string, price map[string]float64, out []float64) {
	if p := price[items[l.Index()]]; p > 1 {
		out[l.Index()] = spmd.ReduceAdd(l, p) // EXPECT
	}
}

// Price looks up the price of the item of the batch.
//
//spmd:kernel
func Price(l spmd.Lane, item string, price map[string]float64, out []float64) {
	if p := price[item]; p > 1 {
		out[l.Index()] = spmd.ReduceAdd(l, p)
	}
}
