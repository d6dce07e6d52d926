package good

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// WorkQueue is the persistent-threads pattern: lanes pull item indices from
// a shared atomic counter until the queue is empty. Nothing convergent runs
// inside the loop; the processed counts are combined after it.
func WorkQueue(lanes int, items []int, out []int, done *int) error {
	var next int64
	return spmd.Run(lanes, func(l spmd.Lane) {
		processed := 0
		for {
			j := int(atomic.AddInt64(&next, 1) - 1)
			if j >= len(items) {
				break
			}
			out[j] = items[j] * items[j]
			processed++
		}
		total := spmd.ReduceAdd(l, processed)
		if l.Index() == 0 {
			*done = total
		}
	})
}

// WorkQueueRounds pulls one item per lane per round and keeps going while
// any lane got one; the loop exit is decided by spmd.Any, so all lanes run
// the same number of rounds and may synchronise in each.
func WorkQueueRounds(lanes int, items []int, out []int, rounds *int) error {
	var next int64
	return spmd.Run(lanes, func(l spmd.Lane) {
		r := 0
		for {
			j := int(atomic.AddInt64(&next, 1) - 1)
			got := j < len(items)
			if got {
				out[j] = items[j] + 1
			}
			if !spmd.Any(l, got) {
				break
			}
			r++
			l.Barrier()
		}
		if l.Index() == 0 {
			*rounds = r
		}
	})
}

// BFS computes BFS levels of a CSR graph from vertex 0, level by level. The
// frontier size is combined with ReduceAdd, so the level loop is uniform.
func BFS(lanes int, offsets, edges []int, level []int32) error {
	nv := len(offsets) - 1
	front := make([]int32, nv)
	nextFront := make([]int32, nv)
	var nextLen int32
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		if i == 0 {
			front[0] = 0
			level[0] = 0
		}
		l.Barrier()
		size := 1
		for depth := int32(1); size > 0; depth++ {
			pushed := 0
			for f := i; f < size; f += l.Count() {
				u := front[f]
				for _, v := range edges[offsets[u]:offsets[u+1]] {
					if atomic.CompareAndSwapInt32(&level[v], -1, depth) {
						slot := atomic.AddInt32(&nextLen, 1) - 1
						nextFront[slot] = int32(v)
						pushed++
					}
				}
			}
			size = spmd.ReduceAdd(l, pushed)
			copy(front[i*nv/l.Count():(i+1)*nv/l.Count()], nextFront[i*nv/l.Count():(i+1)*nv/l.Count()])
			l.Barrier()
			if i == 0 {
				nextLen = 0
			}
			l.Barrier()
		}
	})
}
