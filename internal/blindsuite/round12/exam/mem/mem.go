// Package mem tests spec section 2 "Memory": a kernel's own address-taken
// locals (per-lane memory) versus shared memory reached through parameters
// and globals, loads at uniform and divergent addresses, stores under
// divergent control, and the results of sync/atomic read-modify-write calls.
package mem

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// keep takes the address of a local so that it stays an Alloc in SSA.
//
//go:noinline
func keep(p any) { _ = p }

// ---- the kernel's own address-taken locals ----

// LocalDivStore: "A load is divergent if any store to that memory stores a
// divergent value".
//
//spmd:kernel
func LocalDivStore(l spmd.Lane) {
	var x int
	keep(&x)
	x = l.Index()
	if x > 1 {
		l.Barrier() // EXPECT
	}
}

// LocalUniStore: twin: only uniform values are stored, under uniform control.
//
//spmd:kernel
func LocalUniStore(l spmd.Lane, n int, out []int) {
	var x int
	keep(&x)
	x = n * 2
	if x > 1 {
		l.Barrier()
	}
	out[l.Index()] = x
}

// LocalStoreUnderDiv: "... or runs under divergent control": a uniform value
// stored under a divergent branch.
//
//spmd:kernel
func LocalStoreUnderDiv(l spmd.Lane) {
	var x int
	keep(&x)
	if l.Index() == 0 {
		x = 1
	}
	if x == 1 {
		l.Barrier() // EXPECT
	}
}

// LocalStoreUnderUni: twin: the same store under a uniform branch.
//
//spmd:kernel
func LocalStoreUnderUni(l spmd.Lane, n int, out []int) {
	var x int
	keep(&x)
	if n > 1 {
		x = 1
	}
	if x == 1 {
		l.Barrier()
	}
	out[l.Index()] = x
}

// NewDivStore: new(int) in the kernel is an Alloc of the kernel: per-lane memory.
//
//spmd:kernel
func NewDivStore(l spmd.Lane) {
	p := new(int)
	keep(p)
	*p = l.Index() % 2
	if *p == 1 {
		_ = spmd.ReduceMin(l, 1) // EXPECT
	}
}

// LocalDivAddrLoad: per-lane array with uniform contents, loaded at a
// divergent address (IndexAddr with a divergent index).
//
//spmd:kernel
func LocalDivAddrLoad(l spmd.Lane) {
	var buf [4]int
	keep(&buf)
	buf[0], buf[2] = 1, 1
	if buf[l.Index()%4] == 1 {
		l.Barrier() // EXPECT
	}
}

// LocalUniAddrLoad: twin: the same array loaded at a uniform address.
//
//spmd:kernel
func LocalUniAddrLoad(l spmd.Lane, out []int) {
	var buf [4]int
	keep(&buf)
	buf[0], buf[2] = 1, 1
	if buf[2] == 1 {
		l.Barrier()
	}
	out[l.Index()] = buf[0] + buf[1] + buf[2]
}

// ---- shared memory: parameters and globals ----

// ParamDivAddr: "A load from shared memory ... At a divergent address it is
// divergent" (slice parameter).
//
//spmd:kernel
func ParamDivAddr(l spmd.Lane, data []int) {
	if data[l.Index()] > 0 {
		l.Barrier() // EXPECT
	}
}

// ParamUniAddr: twin: "A load from shared memory (parameters, globals) at a
// uniform address is uniform" (slice element and pointer parameter).
//
//spmd:kernel
func ParamUniAddr(l spmd.Lane, data []int, p *int, out []int) {
	if data[len(data)-1] > 0 && *p > 0 {
		l.Barrier()
	}
	out[l.Index()] = data[len(data)-1] + *p
}

var gTable = [4]int{1, 0, 1, 0}

// GlobalDivAddr: a global array loaded at a divergent address.
//
//spmd:kernel
func GlobalDivAddr(l spmd.Lane) {
	if gTable[l.Index()%4] == 1 {
		l.Barrier() // EXPECT
	}
}

type node struct {
	val  int
	next *node
}

var gHead = &node{val: 1, next: &node{val: 2}}

// GlobalUniAddr: twin: global array at a uniform index, and a pointer chase
// from a global through uniform addresses.
//
//spmd:kernel
func GlobalUniAddr(l spmd.Lane, out []int) {
	if gTable[2] == 1 && gHead.next.val == 2 {
		l.Barrier()
	}
	out[l.Index()] = gTable[0] + gHead.next.val
}

// SharedAfterBarrier: twin: a store under divergent control goes to shared
// memory, not to a local; the later load at a uniform address is uniform.
//
//spmd:kernel
func SharedAfterBarrier(l spmd.Lane, data []int, out []int) {
	if l.Index() == 0 {
		data[0] = 7
	}
	l.Barrier()
	if data[0] == 7 {
		l.Barrier()
	}
	out[l.Index()] = data[0]
}

// SharedDivStoreDivLoad: each lane stores at its own index, then reads a
// neighbour's slot: a load at a divergent address.
//
//spmd:kernel
func SharedDivStoreDivLoad(l spmd.Lane, data []int) {
	data[l.Index()] = l.Index()
	l.Barrier()
	if data[(l.Index()+1)%l.Count()] > 1 {
		l.Barrier() // EXPECT
	}
}

// CapturedShared: twin: a variable captured by the kernel closure lives in
// the enclosing function, not in the kernel: it is shared memory, read at a
// uniform address after a barrier.
func CapturedShared(n int) (int, error) {
	flag := 0
	err := spmd.Run(n, func(l spmd.Lane) {
		if l.Index() == 0 {
			flag = 5
		}
		l.Barrier()
		if flag == 5 {
			l.Barrier()
		}
	})
	return flag, err
}

// CapturedDivAddr: a captured slice read at a divergent address in a kernel closure.
func CapturedDivAddr(n int, data []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if data[l.Index()] != 0 {
			l.Barrier() // EXPECT
		}
	})
}

// ---- sync/atomic ----

// AtomicAddDiv: "Results of sync/atomic read-modify-write calls are divergent".
//
//spmd:kernel
func AtomicAddDiv(l spmd.Lane, ctr *int32) {
	if atomic.AddInt32(ctr, 1) == 1 {
		l.Barrier() // EXPECT
	}
}

// AtomicCASDiv: CompareAndSwap: only one lane wins.
//
//spmd:kernel
func AtomicCASDiv(l spmd.Lane, flag *int32) {
	if atomic.CompareAndSwapInt32(flag, 0, 1) {
		_ = spmd.Any(l, true) // EXPECT
	}
}

// AtomicSwapDiv: Swap returns the previous value.
//
//spmd:kernel
func AtomicSwapDiv(l spmd.Lane, p *int64) {
	old := atomic.SwapInt64(p, 1)
	if old == 0 {
		l.Barrier() // EXPECT
	}
}

// AtomicMethodDiv: the Add method of atomic.Int64 is a read-modify-write too.
//
//spmd:kernel
func AtomicMethodDiv(l spmd.Lane, c *atomic.Int64) {
	v := c.Add(1)
	if v <= 2 {
		l.Barrier() // EXPECT
	}
}

// AtomicLoadUni: twin: the RMW result is dropped; after a barrier an atomic
// Load (not a read-modify-write) at a uniform address is uniform.
//
//spmd:kernel
func AtomicLoadUni(l spmd.Lane, ctr *int32, out []int) {
	atomic.AddInt32(ctr, 1)
	l.Barrier()
	if atomic.LoadInt32(ctr) == int32(l.Count()) {
		l.Barrier()
	}
	out[l.Index()] = int(atomic.LoadInt32(ctr))
}
