package good

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// GoodChannelGather sends one value per lane into a buffered channel; lane
// 0 drains it into shared memory, and all lanes branch on that memory.
func GoodChannelGather(n int, out []int) error {
	ch := make(chan int, n)
	shared := make([]int, 1)
	return spmd.Run(n, func(l spmd.Lane) {
		ch <- l.Index() + 1
		l.Barrier()
		if l.Index() == 0 {
			for range l.Count() {
				shared[0] += <-ch
			}
		}
		l.Barrier()
		if shared[0] > l.Count() {
			l.Barrier()
		}
		if l.Index() == 0 {
			out[0] = shared[0]
		}
	})
}

// GoodChannelRecvThenReduce receives a lane-dependent value and reduces it
// before deciding anything.
func GoodChannelRecvThenReduce(n int, out []int) error {
	ch := make(chan int, n)
	for i := range n {
		ch <- i
	}
	return spmd.Run(n, func(l spmd.Lane) {
		v := <-ch
		s := spmd.ReduceAdd(l, v)
		if s > 0 {
			l.Barrier()
		}
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// GoodAtomicLoadAfterBarrier counts with atomic.AddInt64, ignoring its
// result, and branches on a Load after a barrier.
func GoodAtomicLoadAfterBarrier(n int, out []int64) error {
	var count int64
	return spmd.Run(n, func(l spmd.Lane) {
		atomic.AddInt64(&count, int64(l.Index()+1))
		l.Barrier()
		total := atomic.LoadInt64(&count)
		if total > int64(l.Count()) {
			l.Barrier()
		}
		if l.Index() == 0 {
			out[0] = total
		}
	})
}

// GoodAtomicTypeLoad does the same with the atomic.Int64 type.
func GoodAtomicTypeLoad(n int, out []int64) error {
	var count atomic.Int64
	return spmd.Run(n, func(l spmd.Lane) {
		count.Add(2)
		l.Barrier()
		c := count.Load()
		for i := int64(0); i < c/int64(l.Count()); i++ {
			l.Barrier()
		}
		if l.Index() == 0 {
			out[0] = c
		}
	})
}

// GoodMapConstKey looks up a captured map at constant keys for control,
// and ranges over it only to compute data that is then reduced.
func GoodMapConstKey(n int, m map[string]int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		for r := 0; r < m["rounds"]; r++ {
			l.Barrier()
		}
		part := 0
		for k, v := range m {
			part += len(k) * v * l.Index()
		}
		s := spmd.ReduceAdd(l, part)
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// GoodMapLocalConstKey builds a map in each lane from uniform values and
// looks it up at a constant key.
func GoodMapLocalConstKey(n, rounds int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		cfg := map[string]int{"rounds": rounds, "lanes": l.Count()}
		for r := 0; r < cfg["rounds"]; r++ {
			l.Barrier()
		}
		if cfg["lanes"] >= 8 {
			l.Barrier()
		}
	})
}
