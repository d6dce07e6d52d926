// Package conc holds kernels that share data through sync/atomic, maps,
// channels and mutexes.
package conc

import (
	"sync"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// Counter is group-shared state updated with atomics.
type Counter struct {
	N     int64
	Owner int32
	Seen  [8]int64
}

// Tally is group-shared state protected by a mutex.
type Tally struct {
	mu sync.Mutex
	N  int
}

var tickets atomic.Int32

// TicketFirst lets the lane that drew the first ticket wait at a barrier: the
// result of an atomic add differs per lane. Bug.
//
//spmd:kernel
func TicketFirst(l spmd.Lane, c *Counter) {
	t := atomic.AddInt64(&c.N, 1)
	if t == 1 {
		l.Barrier() // EXPECT
	}
}

// CountThenLoad increments a shared counter, waits, and then branches on an
// atomic load of the counter at a uniform address: after the barrier every
// lane sees the same total. Correct.
//
//spmd:kernel
func CountThenLoad(l spmd.Lane, c *Counter) {
	atomic.AddInt64(&c.N, 1)
	l.Barrier()
	if atomic.LoadInt64(&c.N) == int64(l.Count()) {
		l.Barrier()
		atomic.StoreInt64(&c.Seen[l.Index()], 1)
	}
}

// EvenTicketReduce branches on the result of atomic.Int32.Add (the method
// form of a read-modify-write) before a collective. Bug.
//
//spmd:kernel
func EvenTicketReduce(l spmd.Lane, out []int) {
	if tickets.Add(1)%2 == 0 {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// ClaimOwner lets the lane that wins a compare-and-swap wait at a barrier. Bug.
//
//spmd:kernel
func ClaimOwner(l spmd.Lane, c *Counter) {
	won := atomic.CompareAndSwapInt32(&c.Owner, 0, int32(l.Index()+1))
	if won {
		l.Barrier() // EXPECT
	}
}

// ClaimOwnerBallot is the twin of ClaimOwner: the lanes agree through a
// ballot on whether someone won. Correct.
//
//spmd:kernel
func ClaimOwnerBallot(l spmd.Lane, c *Counter) {
	won := atomic.CompareAndSwapInt32(&c.Owner, 0, int32(l.Index()+1))
	if spmd.Ballot(l, won) != 0 {
		l.Barrier()
		atomic.AddInt64(&c.N, 1)
	}
}

// RoundsFromMap reads its round count from a shared map at a constant key.
// Correct.
//
//spmd:kernel
func RoundsFromMap(l spmd.Lane, m map[string]int, passed *int32) {
	for r := 0; r < m["rounds"]; r++ {
		l.Barrier()
		atomic.AddInt32(passed, 1)
	}
}

// LookupOwnKey looks the map up at a lane-dependent key. Bug.
//
//spmd:kernel
func LookupOwnKey(l spmd.Lane, m map[string]int, names []string) {
	v, ok := m[names[l.Index()%len(names)]]
	if ok && v > 1 {
		l.Barrier() // EXPECT
	}
}

// FirstKeyOfRange takes "any" key of the map by ranging and breaking: the
// iteration order differs per lane. Bug (triggered by the random order).
//
//spmd:kernel
func FirstKeyOfRange(l spmd.Lane, m map[string]int) {
	pick := ""
	for k := range m {
		pick = k
		break
	}
	if m[pick] > 10 {
		l.Barrier() // EXPECT
	}
}

// RoundsFromMapLen loops len(m) times over a shared map. Correct.
//
//spmd:kernel
func RoundsFromMapLen(l spmd.Lane, m map[string]int, passed *int32) {
	for i := 0; i < len(m); i++ {
		l.Barrier()
		atomic.AddInt32(passed, 1)
	}
}

// EvenJob receives a job from a shared channel and waits only for even jobs:
// each lane receives a different job. Bug.
//
//spmd:kernel
func EvenJob(l spmd.Lane, jobs chan int) {
	job := <-jobs
	if job%2 == 0 {
		l.Barrier() // EXPECT
	}
}

// JobTotal is the twin of EvenJob: the lanes branch on the group total of the
// jobs they received. Correct.
//
//spmd:kernel
func JobTotal(l spmd.Lane, jobs chan int, out []int) {
	job := <-jobs
	total := spmd.ReduceAdd(l, job)
	if total > 0 {
		l.Barrier()
		out[l.Index()] = total
	}
}

// TryUrgent polls an urgent channel with select/default; only the lanes that
// got an item wait. Bug.
//
//spmd:kernel
func TryUrgent(l spmd.Lane, urgent chan int) {
	got := false
	select {
	case <-urgent:
		got = true
	default:
	}
	if got {
		l.Barrier() // EXPECT
	}
}

// RoundsFromCap loops cap(jobs) times: the capacity of a shared channel is
// uniform. Correct.
//
//spmd:kernel
func RoundsFromCap(l spmd.Lane, jobs chan int, passed *int32) {
	for i := 0; i < cap(jobs); i++ {
		l.Barrier()
		atomic.AddInt32(passed, 1)
	}
}

// LockedTally adds lane-dependent values to a mutex-protected shared field,
// waits, and branches on the field at a uniform address. Correct.
//
//spmd:kernel
func LockedTally(l spmd.Lane, t *Tally, passed *int32) {
	t.mu.Lock()
	t.N += l.Index()
	t.mu.Unlock()
	l.Barrier()
	if t.N > 3 {
		l.Barrier()
		atomic.AddInt32(passed, 1)
	}
}
