// Package shared holds kernels over shared memory: slices, maps and struct
// pointers passed as kernel parameters, package globals, and sync/atomic.
package shared

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// S01 (correct): each lane stores to its own slot of a shared slice, a
// barrier orders the stores, then every lane reads a slot at a uniform index.
//
//spmd:kernel
func S01(l spmd.Lane, buf []int, out []int) {
	buf[l.Index()] = l.Index() * 10
	l.Barrier()
	last := buf[l.Count()-1]
	if last == 10*(l.Count()-1) {
		out[l.Index()] = spmd.ReduceAdd(l, buf[0]+1)
	}
}

// S02 (bug): the same, but each lane reads its neighbour's slot: a load from
// shared memory at a lane-dependent address.
//
//spmd:kernel
func S02(l spmd.Lane, buf []int, out []int) {
	buf[l.Index()] = l.Index() % 2
	l.Barrier()
	nb := buf[(l.Index()+1)%l.Count()]
	if nb == 1 {
		l.Barrier() // EXPECT
	}
}

// Table is a shared global array, set up before the run.
var Table [8]int

// S03 (correct): a global array read at a uniform index.
//
//spmd:kernel
func S03(l spmd.Lane, out []int) {
	k := Table[l.Count()%8]
	if k > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, k)
	}
}

// S04 (bug): the global array read at the lane index.
//
//spmd:kernel
func S04(l spmd.Lane, out []int) {
	if Table[l.Index()%8] > 0 {
		l.Barrier() // EXPECT
	}
}

// Ticket is a shared counter.
var Ticket int32

// S05 (bug): the result of atomic.AddInt32 (a read-modify-write) is
// divergent: exactly one lane draws ticket 1.
//
//spmd:kernel
func S05(l spmd.Lane, out []int) {
	t := atomic.AddInt32(&Ticket, 1)
	if t == 1 {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// Flag is a shared election flag.
var Flag int32

// S06 (bug): CompareAndSwap elects one lane, which alone reaches the barrier.
//
//spmd:kernel
func S06(l spmd.Lane, out []int) {
	if atomic.CompareAndSwapInt32(&Flag, 0, 1) {
		l.Barrier() // EXPECT
	}
}

// Hits is a shared typed atomic counter.
var Hits atomic.Int64

// S07 (correct): every lane adds to a shared counter, a barrier orders the
// adds, then an atomic Load at a uniform address is uniform.
//
//spmd:kernel
func S07(l spmd.Lane, out []int) {
	Hits.Add(int64(l.Index()))
	l.Barrier()
	if Hits.Load() == int64(l.Count()*(l.Count()-1)/2) {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// Seq is a shared typed atomic sequence number.
var Seq atomic.Uint32

// S08 (bug): the result of a typed atomic Add is divergent.
//
//spmd:kernel
func S08(l spmd.Lane, out []int) {
	mine := Seq.Add(1)
	out[l.Index()] = int(mine)
	l.Barrier()
	if mine%2 == 0 {
		l.Barrier() // EXPECT
	}
}

// Slot is a shared word exchanged by Swap.
var Slot int64

// S09 (bug): the old value returned by atomic.SwapInt64 is divergent; only
// the first lane to swap sees 0.
//
//spmd:kernel
func S09(l spmd.Lane, out []int) {
	prev := atomic.SwapInt64(&Slot, int64(l.Index()+1))
	if prev == 0 {
		_ = spmd.Any(l, true) // EXPECT
	}
}

// Count32 is a shared counter read with a plain atomic load.
var Count32 int32

// S10 (correct): lanes whose index is even bump the counter (the bump runs
// under divergent control, but it is shared memory); after a barrier,
// LoadInt32 at a uniform address is uniform.
//
//spmd:kernel
func S10(l spmd.Lane, out []int) {
	if l.Index()%2 == 0 {
		atomic.AddInt32(&Count32, 1)
	}
	l.Barrier()
	if atomic.LoadInt32(&Count32) == int32((l.Count()+1)/2) {
		out[l.Index()] = spmd.ReduceAdd(l, 2)
	}
}

// Config is shared configuration passed by pointer.
type Config struct {
	N       int
	Weights []int
	Next    *Config
}

// S11 (correct): two levels of indirection into a shared struct, all at
// uniform addresses.
//
//spmd:kernel
func S11(l spmd.Lane, cfg *Config, out []int) {
	w := cfg.Next.Weights[cfg.N]
	if w > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, w)
	}
}

// S12 (bug): a loop over a uniform bound that breaks on a lane-dependent
// shared element; the barrier after the break is under divergent control.
//
//spmd:kernel
func S12(l spmd.Lane, cfg *Config, out []int) {
	for i := 0; i < cfg.N; i++ {
		if cfg.Weights[(i+l.Index())%len(cfg.Weights)] < 0 {
			break
		}
		l.Barrier() // EXPECT
	}
}

// S13 (correct): a lookup in a shared map with a constant key.
//
//spmd:kernel
func S13(l spmd.Lane, m map[string]int, out []int) {
	v, ok := m["width"]
	if ok && v > 2 {
		out[l.Index()] = spmd.ReduceAdd(l, v)
	}
}

// S14 (bug): the first key of a range over a shared map depends on the
// lane's iteration order.
//
//spmd:kernel
func S14(l spmd.Lane, m map[int]int, out []int) {
	first := -1
	for k := range m {
		first = k
		break
	}
	if first%2 == 0 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = first
}

// Global is a shared linked chain of configs.
var Global *Config

// S15 (bug): each lane walks the shared chain until it finds its own index;
// where the walk stops is lane-dependent.
//
//spmd:kernel
func S15(l spmd.Lane, out []int) {
	c := Global
	for c != nil && c.N != l.Index() {
		c = c.Next
	}
	if c != nil {
		l.Barrier() // EXPECT
	}
}

// S16 (correct): a uniform walk of the shared chain.
//
//spmd:kernel
func S16(l spmd.Lane, out []int) {
	n := 0
	for c := Global; c != nil; c = c.Next {
		n += c.N
	}
	if n == 1 {
		out[l.Index()] = spmd.ReduceAdd(l, n)
	}
}

// Scratch is a shared global scratch array.
var Scratch [64]int

// S17 (correct): each lane stores to its own slot of a global array, a
// barrier, then every lane sums all slots in a uniform loop.
//
//spmd:kernel
func S17(l spmd.Lane, out []int) {
	Scratch[l.Index()] = l.Index() + 1
	l.Barrier()
	s := 0
	for i := 0; i < l.Count(); i++ {
		s += Scratch[i]
	}
	if s == l.Count()*(l.Count()+1)/2 {
		out[l.Index()] = spmd.ReduceMin(l, s)
	}
}

// S18 (correct): lane 0 writes a field of the shared struct under divergent
// control; after a barrier every lane reads it at a uniform address.
//
//spmd:kernel
func S18(l spmd.Lane, cfg *Config, out []int) {
	if l.Index() == 0 {
		cfg.N = 42
	}
	l.Barrier()
	if cfg.N == 42 {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// S19 (bug): each lane keeps a per-lane pointer to its own slot of the
// shared slice; after the barrier it reads through that pointer.
//
//spmd:kernel
func S19(l spmd.Lane, buf []int, out []int) {
	mine := &buf[l.Index()]
	*mine = l.Index() * 3
	l.Barrier()
	if *mine > 3 {
		_ = spmd.ReduceMax(l, *mine) // EXPECT
	}
}
