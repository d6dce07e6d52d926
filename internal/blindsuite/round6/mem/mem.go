// Package mem has kernels whose divergence goes through memory: per-lane
// locals whose address is taken, shared memory (captured, global, kernel
// parameters), sync/atomic, map iteration order and channels.
package mem

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round6/lib"
)

type pt struct{ a, b int }

type config struct{ rounds int }

// Globals: uniform inputs when read at a uniform address.
var (
	Table  = []int{0, 5, 0, 5, 0, 5, 0, 5}
	Limit  = 2
	Cfg    = &config{rounds: 2}
	Cfgs   = []*config{{rounds: 1}, {rounds: 2}}
	Rounds = [2]int{1, 3}
)

const K = 3

// ---- a local whose address is taken, written through the pointer

func PosLocalStore(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		p := &x
		*p = l.Index() % 2
		if x == 1 {
			l.Barrier() // EXPECT
		}
	})
}

func NegLocalStore(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		p := &x
		*p = l.Count() % 2
		if x == 0 {
			l.Barrier()
		}
	})
}

// ---- a uniform value stored under divergent control

func PosStoreCtl(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		p := &x
		if l.Index()%2 == 0 {
			*p = 7
		}
		if x == 7 {
			l.Barrier() // EXPECT
		}
	})
}

func NegStoreCtl(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		p := &x
		if l.Count()%2 == 0 {
			*p = 7
		}
		if x == 7 {
			l.Barrier()
		}
	})
}

// ---- a field of a local struct (FieldAddr)

func PosLocalField(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var s pt
		ps := &s
		ps.a = l.Index()
		ps.b = 1
		if s.a > 1 {
			l.Barrier() // EXPECT
		}
	})
}

func NegLocalField(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var s pt
		ps := &s
		ps.a = 3
		ps.b = l.Count()
		if s.b > s.a {
			l.Barrier()
		}
	})
}

// ---- an element of a local array (IndexAddr)

func PosLocalArray(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var a [4]int
		pa := &a
		pa[1] = l.Index()
		if a[1] > 1 {
			_ = spmd.ReduceAdd(l, a[1]) // EXPECT
		}
	})
}

func NegLocalArray(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var a [4]int
		pa := &a
		pa[1] = l.Count()
		if a[1] > 1 {
			_ = spmd.ReduceAdd(l, a[1])
		}
	})
}

// ---- new

func PosNew(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		p := new(int)
		*p = l.Index()
		if *p > 1 {
			l.Barrier() // EXPECT
		}
	})
}

func NegNew(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		p := new(int)
		*p = l.Count()
		if *p > 1 {
			l.Barrier()
		}
	})
}

// ---- a local captured by a closure that writes it

func PosClosureWrite(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		i := l.Index()
		set := func() { x = i * 2 }
		set()
		if x > 2 {
			l.Barrier() // EXPECT
		}
	})
}

func NegClosureWrite(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		u := l.Count()
		set := func() { x = u * 2 }
		set()
		if x > 2 {
			l.Barrier()
		}
	})
}

// ---- a helper writing through a pointer to a local

func PosHelperPtr(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		lib.Store(&x, l.Index())
		if x > 1 {
			l.Barrier() // EXPECT
		}
	})
}

func NegHelperPtr(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		lib.Store(&x, l.Count())
		if x > 1 {
			l.Barrier()
		}
	})
}

// ---- globals

func PosGlobal(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if Table[l.Index()%len(Table)] > 2 {
			l.Barrier() // EXPECT
		}
	})
}

func NegGlobal(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if Table[3] > 2 && Limit > 1 {
			l.Barrier()
		}
		for j := 0; j < K; j++ {
			l.Barrier()
		}
	})
}

func PosGlobalPtr(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		c := Cfgs[l.Index()%2]
		for j := 0; j < c.rounds; j++ {
			l.Barrier() // EXPECT
		}
	})
}

func NegGlobalPtr(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		for j := 0; j < Cfg.rounds+Cfgs[1].rounds; j++ {
			l.Barrier()
		}
	})
}

// ---- parameters of a //spmd:kernel function: shared memory

//spmd:kernel
func kPosParamPtr(l spmd.Lane, rounds []int) {
	for j := 0; j < rounds[l.Index()%2]; j++ {
		l.Barrier() // EXPECT
	}
}

func PosParamPtr(n int) error {
	rounds := []int{1, 2}
	return spmd.Run(n, func(l spmd.Lane) { kPosParamPtr(l, rounds) })
}

//spmd:kernel
func kNegParamPtr(l spmd.Lane, rounds *int, arr *[2]int) {
	for j := 0; j < *rounds+arr[1]; j++ {
		l.Barrier()
	}
}

func NegParamPtr(n int) error {
	rounds := 2
	return spmd.Run(n, func(l spmd.Lane) { kNegParamPtr(l, &rounds, &Rounds) })
}

// ---- sync/atomic: read-modify-write results are divergent, loads are not

func PosAtomicAdd(n int) error {
	var cnt int32
	return spmd.Run(n, func(l spmd.Lane) {
		v := atomic.AddInt32(&cnt, 1)
		if v == 1 {
			l.Barrier() // EXPECT
		}
	})
}

func NegAtomicLoad(n int) error {
	var cnt int32
	return spmd.Run(n, func(l spmd.Lane) {
		atomic.AddInt32(&cnt, 1)
		l.Barrier()
		if atomic.LoadInt32(&cnt) == int32(l.Count()) {
			_ = spmd.ReduceAdd(l, 1)
		}
	})
}

func PosAtomicCAS(n int) error {
	var flag int32
	return spmd.Run(n, func(l spmd.Lane) {
		if atomic.CompareAndSwapInt32(&flag, 0, 1) {
			l.Barrier() // EXPECT
		}
	})
}

func NegAtomicCAS(n int) error {
	var flag int32
	return spmd.Run(n, func(l spmd.Lane) {
		won := atomic.CompareAndSwapInt32(&flag, 0, 1)
		if spmd.Any(l, won) {
			l.Barrier()
		}
	})
}

func PosAtomicSwap(n int) error {
	var slot int64
	return spmd.Run(n, func(l spmd.Lane) {
		old := atomic.SwapInt64(&slot, 7)
		if old == 0 {
			_ = spmd.ReduceAdd(l, old) // EXPECT
		}
	})
}

func NegAtomicSwap(n int) error {
	var slot int64
	return spmd.Run(n, func(l spmd.Lane) {
		atomic.SwapInt64(&slot, 7)
		l.Barrier()
		if atomic.LoadInt64(&slot) == 7 {
			_ = spmd.ReduceAdd(l, 1)
		}
	})
}

func PosAtomicType(n int) error {
	var c atomic.Int64
	return spmd.Run(n, func(l spmd.Lane) {
		if c.Add(1) <= 2 {
			l.Barrier() // EXPECT
		}
	})
}

func NegAtomicType(n int) error {
	var c atomic.Int64
	return spmd.Run(n, func(l spmd.Lane) {
		c.Add(1)
		l.Barrier()
		if c.Load() > 0 {
			_ = spmd.ReduceAdd(l, 1)
		}
	})
}

// ---- range over a map: keys and values come in a per-lane order

func bigMap() map[int]int {
	m := make(map[int]int)
	for k := 0; k < 32; k++ {
		m[k] = 100 + k
	}
	return m
}

func PosMapRangeKey(n int) error {
	m := bigMap()
	return spmd.Run(n, func(l spmd.Lane) {
		for k := range m {
			if k%2 == 0 {
				l.Barrier() // EXPECT
			}
			break
		}
	})
}

func NegMapRangeKey(n int) error {
	m := bigMap()
	return spmd.Run(n, func(l spmd.Lane) {
		sum := 0
		for k := range m {
			sum += k
		}
		l.Barrier()
		if len(m) > 3 {
			_ = spmd.ReduceAdd(l, sum)
		}
	})
}

func PosMapRangeValue(n int) error {
	m := bigMap()
	return spmd.Run(n, func(l spmd.Lane) {
		first := 0
		for _, v := range m {
			first = v
			break
		}
		if first >= 116 {
			_ = spmd.ReduceAdd(l, first) // EXPECT
		}
	})
}

func NegMapRangeValue(n int) error {
	m := bigMap()
	return spmd.Run(n, func(l spmd.Lane) {
		first := 0
		for _, v := range m {
			first = v
			break
		}
		if spmd.ReduceMax(l, first) >= 100 {
			_ = spmd.ReduceAdd(l, first)
		}
		if m[3] > 100 {
			l.Barrier()
		}
	})
}

// ---- channels: each lane receives its own value

func filled(n int) chan int {
	ch := make(chan int, n)
	for k := 0; k < n; k++ {
		ch <- k
	}
	return ch
}

func PosChanRecv(n int) error {
	ch := filled(n)
	return spmd.Run(n, func(l spmd.Lane) {
		v := <-ch
		if v%2 == 0 {
			l.Barrier() // EXPECT
		}
	})
}

func NegChanRecv(n int) error {
	ch := filled(n)
	return spmd.Run(n, func(l spmd.Lane) {
		v := <-ch
		if spmd.ReduceMax(l, v) > 2 {
			l.Barrier()
		}
	})
}

func PosChanRecvOk(n int) error {
	ch := make(chan int, 2)
	ch <- 1
	ch <- 2
	close(ch)
	return spmd.Run(n, func(l spmd.Lane) {
		v, ok := <-ch
		if ok {
			_ = spmd.ReduceAdd(l, v) // EXPECT
		}
	})
}

func NegChanRecvOk(n int) error {
	ch := make(chan int, 2)
	ch <- 1
	ch <- 2
	close(ch)
	return spmd.Run(n, func(l spmd.Lane) {
		_, ok := <-ch
		if spmd.Ballot(l, ok) != 0 {
			l.Barrier()
		}
	})
}

// The barrier keeps the lanes in step, so the last round has one item left
// for one lane.
func PosChanRange(n int) error {
	ch := filled(2*n + 1)
	close(ch)
	return spmd.Run(n, func(l spmd.Lane) {
		for v := range ch {
			_ = v
			l.Barrier() // EXPECT
		}
	})
}

func NegChanRange(n int) error {
	ch := filled(2*n + 1)
	close(ch)
	return spmd.Run(n, func(l spmd.Lane) {
		s := 0
		for v := range ch {
			s += v + 1
		}
		if spmd.ReduceAdd(l, s) > 0 {
			l.Barrier()
		}
	})
}
