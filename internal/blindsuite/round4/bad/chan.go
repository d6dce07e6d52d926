package bad

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round4/lib"

	"github.com/spmdvet/spmdvet/spmd"
)

// BadChannelRecv lets a received value decide a barrier.
func BadChannelRecv(n int) error {
	ch := make(chan int, n)
	for i := range n {
		ch <- i
	}
	return spmd.Run(n, func(l spmd.Lane) {
		v := <-ch
		if v < l.Count()/2 {
			l.Barrier() // EXPECT
		}
	})
}

// BadChannelHelperRecv receives through a library helper and loops on the
// value around a reduction.
func BadChannelHelperRecv(n int) error {
	ch := make(chan int, n)
	for i := range n {
		ch <- i % 2
	}
	return spmd.Run(n, func(l spmd.Lane) {
		v := lib.Recv(ch)
		for i := 0; i <= v; i++ {
			spmd.ReduceAdd(l, i) // EXPECT
		}
	})
}

// BadSelectTwoReady lets select choose between two ready channels: which
// one it picks differs between lanes.
func BadSelectTwoReady(n int) error {
	a := make(chan struct{}, n)
	b := make(chan struct{}, n)
	for range n {
		a <- struct{}{}
		b <- struct{}{}
	}
	return spmd.Run(n, func(l spmd.Lane) {
		fromA := false
		select {
		case <-a:
			fromA = true
		case <-b:
		}
		if fromA {
			l.Barrier() // EXPECT
		}
	})
}

// BadAtomicAddResult lets the result of atomic.AddInt64 decide a barrier:
// exactly one lane sees 1.
func BadAtomicAddResult(n int) error {
	var c int64
	return spmd.Run(n, func(l spmd.Lane) {
		if atomic.AddInt64(&c, 1) == 1 {
			l.Barrier() // EXPECT
		}
	})
}

// BadAtomicCAS lets the winner of a compare-and-swap run a reduction.
func BadAtomicCAS(n int, out []int) error {
	var flag int32
	return spmd.Run(n, func(l spmd.Lane) {
		won := atomic.CompareAndSwapInt32(&flag, 0, 1)
		l.Barrier()
		if won {
			out[0] = spmd.ReduceMax(l, l.Index()) // EXPECT
		}
	})
}

// BadAtomicTicket takes a ticket through a library helper (an atomic
// read-modify-write) and lets it bound a loop of barriers.
func BadAtomicTicket(n int) error {
	var c int64
	return spmd.Run(n, func(l spmd.Lane) {
		t := lib.Ticket(&c)
		for i := int64(0); i < t%2; i++ {
			l.Barrier() // EXPECT
		}
	})
}

// BadAtomicTypeAdd uses the result of atomic.Int64.Add.
func BadAtomicTypeAdd(n int) error {
	var c atomic.Int64
	return spmd.Run(n, func(l spmd.Lane) {
		if c.Add(1) > int64(l.Count()/2) {
			l.Barrier() // EXPECT
		}
	})
}

// BadMapRangeOrder lets the first key of a map range decide a barrier.
func BadMapRangeOrder(n int, m map[int]int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		first := -1
		for k := range m {
			first = k
			break
		}
		if first%2 == 0 {
			l.Barrier() // EXPECT
		}
	})
}

// BadMapFirstKeyHelper gets the first key from a library helper.
func BadMapFirstKeyHelper(n int, m map[int]int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		k := lib.FirstKey(m)
		if m[k] > 0 {
			spmd.ReduceAdd(l, k) // EXPECT
		}
	})
}
