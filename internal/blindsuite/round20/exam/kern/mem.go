package kern

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// ---- The kernel's own address-taken locals (per-lane memory) ----

// PosLocalDivergentStore: a store of a divergent value.
func PosLocalDivergentStore(l spmd.Lane) {
	x := 0
	p := &x
	*p = l.Index()
	if x > 1 {
		l.Barrier() // EXPECT
	}
}

func NegLocalUniformStore(l spmd.Lane) {
	x := 0
	p := &x
	*p = l.Count()
	if x > 1 {
		l.Barrier()
	}
	Out[l.Index()] = x
}

// PosLocalStoreUnderDivergentControl: a uniform value stored under divergent control.
func PosLocalStoreUnderDivergentControl(l spmd.Lane) {
	x := 0
	p := &x
	if l.Index() == 0 {
		*p = 1
	}
	if x == 1 {
		l.Barrier() // EXPECT
	}
}

func NegLocalStoreUnderUniformControl(l spmd.Lane) {
	x := 0
	p := &x
	if l.Count() == 4 {
		*p = 1
	}
	if x == 1 {
		l.Barrier()
	}
	Out[l.Index()] = x
}

// PosLocalArrayDivergentIndex: uniform contents, divergent address.
func PosLocalArrayDivergentIndex(l spmd.Lane) {
	var a [8]int
	for i := range a {
		a[i] = i % 2
	}
	if a[l.Index()] == 1 {
		l.Barrier() // EXPECT
	}
}

func NegLocalArrayUniformIndex(l spmd.Lane) {
	var a [8]int
	for i := range a {
		a[i] = i % 2
	}
	if a[l.Count()-1] == 1 {
		l.Barrier()
	}
	Out[l.Index()] = a[3]
}

// PosLocalStructField: a divergent store into a field of an address-taken struct.
func PosLocalStructField(l spmd.Lane) {
	var pt Point
	q := &pt
	q.Y = l.Index()
	if pt.Y >= 2 {
		l.Barrier() // EXPECT
	}
}

func NegLocalStructField(l spmd.Lane) {
	var pt Point
	q := &pt
	q.Y = l.Count()
	if pt.Y >= 2 {
		l.Barrier()
	}
	Out[l.Index()] = pt.Y
}

// ---- Shared memory (globals, parameters) ----

// NegSharedUniformAddr: lane 0 writes, all read the same address after a barrier.
func NegSharedUniformAddr(l spmd.Lane) {
	if l.Index() == 0 {
		Shared[0] = 5
	}
	l.Barrier()
	if Shared[0] == 5 {
		l.Barrier()
	}
	Out[l.Index()] = Shared[0]
}

// PosSharedDivergentAddr: the same at a divergent address.
func PosSharedDivergentAddr(l spmd.Lane) {
	if l.Index() == 0 {
		Shared[0] = 5
	}
	l.Barrier()
	if Shared[l.Index()] == 5 {
		l.Barrier() // EXPECT
	}
}

// NegParamUniformAddr: parameters are shared memory; uniform addresses.
//
//spmd:kernel
func NegParamUniformAddr(l spmd.Lane, data []int, p *int) {
	if data[1] > 0 && *p > 0 {
		l.Barrier()
	}
	Out[l.Index()] = data[1] + *p
}

// PosParamDivergentAddr: a parameter slice read at a divergent address.
//
//spmd:kernel
func PosParamDivergentAddr(l spmd.Lane, data []int) {
	if data[l.Index()] > 0 {
		l.Barrier() // EXPECT
	}
}

// NegParamStructPtr: a field of a struct parameter, uniform address.
//
//spmd:kernel
func NegParamStructPtr(l spmd.Lane, pt *Point) {
	if pt.X > 0 {
		l.Barrier()
	}
	Out[l.Index()] = pt.X
}

// PosParamStructPtrIndexed: a field through a divergent index into a parameter.
//
//spmd:kernel
func PosParamStructPtrIndexed(l spmd.Lane, pts []Point) {
	if pts[l.Index()].X > 0 {
		l.Barrier() // EXPECT
	}
}

// ---- sync/atomic ----

func PosAtomicAdd(l spmd.Lane) {
	n := atomic.AddInt32(&Counter, 1)
	if n == 1 {
		l.Barrier() // EXPECT
	}
}

// NegAtomicLoad: a load (not read-modify-write) at a uniform address, after a barrier.
func NegAtomicLoad(l spmd.Lane) {
	atomic.AddInt32(&Counter, 1)
	l.Barrier()
	n := atomic.LoadInt32(&Counter)
	if int(n) == l.Count() {
		l.Barrier()
	}
	Out[l.Index()] = int(n)
}

func PosAtomicCAS(l spmd.Lane) {
	if atomic.CompareAndSwapInt32(&Counter, 0, 1) {
		l.Barrier() // EXPECT
	}
}

func PosAtomicSwap(l spmd.Lane) {
	old := atomic.SwapInt32(&Counter, 1)
	if old == 0 {
		l.Barrier() // EXPECT
	}
}

// PosAtomicMethod: the read-modify-write method of atomic.Int64.
func PosAtomicMethod(l spmd.Lane) {
	if Ctr.Add(1) == 1 {
		l.Barrier() // EXPECT
	}
}

// NegAtomicMethodLoad: Load after a barrier.
func NegAtomicMethodLoad(l spmd.Lane) {
	Ctr.Add(1)
	l.Barrier()
	if Ctr.Load() == int64(l.Count()) {
		l.Barrier()
	}
	Out[l.Index()] = int(Ctr.Load())
}

// cell is a one-field struct: go/ssa never lifts struct variables to
// registers, so these kernels really load and store the kernel's own memory.
type cell struct{ v int }

func PosCellDivergentStore(l spmd.Lane) {
	var c cell
	c.v = l.Index()
	if c.v > 1 {
		l.Barrier() // EXPECT
	}
}

func NegCellUniformStore(l spmd.Lane) {
	var c cell
	c.v = l.Count()
	if c.v > 1 {
		l.Barrier()
	}
	Out[l.Index()] = c.v
}

func PosCellStoreUnderDivergentControl(l spmd.Lane) {
	var c cell
	if l.Index() == 0 {
		c.v = 1
	}
	if c.v == 1 {
		l.Barrier() // EXPECT
	}
}

func NegCellStoreUnderUniformControl(l spmd.Lane) {
	var c cell
	if l.Count() == 4 {
		c.v = 1
	}
	if c.v == 1 {
		l.Barrier()
	}
	Out[l.Index()] = c.v
}

// PosCellStoreInDivergentLoop: the store runs in a loop with a divergent trip count.
func PosCellStoreInDivergentLoop(l spmd.Lane) {
	var c cell
	for i := 0; i < l.Index(); i++ {
		c.v = 5
	}
	if c.v == 5 {
		l.Barrier() // EXPECT
	}
}

func NegCellStoreInUniformLoop(l spmd.Lane) {
	var c cell
	for i := 0; i < l.Count(); i++ {
		c.v = 5
	}
	if c.v == 5 {
		l.Barrier()
	}
	Out[l.Index()] = c.v
}
