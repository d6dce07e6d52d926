// Package helpers holds kernels that call the concurrency helpers of package
// plain, which does not import spmd.
package helpers

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round18/conc/plain"
	"github.com/spmdvet/spmdvet/spmd"
)

// PlainTicketBranch (bug): plain.Ticket wraps atomic Add, so its result is
// different in every lane even though the argument is the same shared
// counter; exactly one lane gets ticket 0.
func PlainTicketBranch(lanes int) error {
	var c atomic.Int64
	return spmd.Run(lanes, func(l spmd.Lane) {
		if plain.Ticket(&c) == 0 {
			l.Barrier() // EXPECT
		}
	})
}

// PlainTicketReduce (correct): twin of PlainTicketBranch; the ticket only
// feeds an unconditional reduction, whose uniform result is branched on.
func PlainTicketReduce(lanes int) (int64, error) {
	var c atomic.Int64
	out := make([]int64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		s := spmd.ReduceAdd(l, plain.Ticket(&c))
		if s > 0 {
			l.Barrier()
		}
		out[l.Index()] = s
	})
	return out[0], err
}

// PlainSquareIndex (bug): a pure helper applied to the lane index is
// divergent.
func PlainSquareIndex(lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		if plain.Square(l.Index()) > 2 {
			_ = spmd.Any(l, true) // EXPECT
		}
	})
}

// PlainLimitLoop (correct): a constant from a helper bounds a barrier loop.
func PlainLimitLoop(lanes int) (int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		n := 0
		for i := 0; i < plain.Limit(); i++ {
			l.Barrier()
			n++
		}
		out[l.Index()] = n
	})
	return out[0], err
}

// PlainTakeSelect (bug): plain.Take is a non-blocking receive from a shared
// channel holding two items; only two lanes get ok.
func PlainTakeSelect(lanes int) error {
	ch := make(chan int, 2)
	ch <- 1
	ch <- 2
	return spmd.Run(lanes, func(l spmd.Lane) {
		if v, ok := plain.Take(ch); ok {
			_ = spmd.ReduceAdd(l, v) // EXPECT
		}
	})
}

// PlainTakeCount (correct): twin of PlainTakeSelect; the take result is
// counted by an unconditional reduction.
func PlainTakeCount(lanes int) (int, error) {
	ch := make(chan int, 2)
	ch <- 1
	ch <- 2
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		v, _ := plain.Take(ch)
		out[l.Index()] = spmd.ReduceAdd(l, v)
	})
	return out[0], err
}

// PlainQueuePopLoop (bug): lanes pop from a shared mutex-protected queue
// until it is empty, with a reduction per item; lanes pop different numbers
// of items.
func PlainQueuePopLoop(lanes, items int) error {
	q := plain.NewQueue(items)
	return spmd.Run(lanes, func(l spmd.Lane) {
		for {
			v, ok := q.Pop()
			if !ok {
				break
			}
			_ = spmd.ReduceAdd(l, v) // EXPECT
		}
	})
}

// PlainQueuePopThenReduce (correct): twin of PlainQueuePopLoop; the sum is
// reduced after the loop, and the queue length read after the reduction
// (all pops done) is uniform.
func PlainQueuePopThenReduce(lanes, items int) (int, error) {
	q := plain.NewQueue(items)
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		sum := 0
		for {
			v, ok := q.Pop()
			if !ok {
				break
			}
			sum += v
		}
		total := spmd.ReduceAdd(l, sum)
		if q.Len() == 0 {
			l.Barrier()
		}
		out[l.Index()] = total
	})
	return out[0], err
}

// PlainAsyncDivergent (bug): a helper goroutine doubles the lane index and
// sends it back on a fresh channel.
func PlainAsyncDivergent(lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		v := <-plain.Async(l.Index())
		if v > 2 {
			l.Barrier() // EXPECT
		}
	})
}

// PlainAsyncUniform (correct): twin of PlainAsyncDivergent; the helper
// doubles Count(), uniform, on a channel made for this call only.
func PlainAsyncUniform(lanes int) (int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		v := <-plain.Async(l.Count())
		n := 0
		for i := 0; i < v; i++ {
			l.Barrier()
			n++
		}
		out[l.Index()] = n
	})
	return out[0], err
}

// PlainCountAfterBarrier (correct): lanes Add to a shared counter, then read
// it through plain.Count after a barrier: uniform.
func PlainCountAfterBarrier(lanes int) (int, error) {
	var c atomic.Int64
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		c.Add(1)
		l.Barrier()
		if plain.Count(&c) == int64(l.Count()) {
			out[l.Index()] = spmd.ReduceAdd(l, 1)
		}
	})
	return out[0], err
}
