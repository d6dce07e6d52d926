// Package plain holds ordinary concurrency helpers. It does not import spmd
// and carries no //spmd: directives.
package plain

import (
	"sync"
	"sync/atomic"
)

// Ticket takes the next ticket from c.
func Ticket(c *atomic.Int64) int64 { return c.Add(1) - 1 }

// Count reads c.
func Count(c *atomic.Int64) int64 { return c.Load() }

// Take receives from ch without blocking.
func Take(ch chan int) (int, bool) {
	select {
	case v := <-ch:
		return v, true
	default:
		return 0, false
	}
}

// Square returns x*x.
func Square(x int) int { return x * x }

// Limit returns a constant.
func Limit() int { return 3 }

// Async computes 2*x on another goroutine.
func Async(x int) <-chan int {
	ch := make(chan int, 1)
	go func() { ch <- 2 * x }()
	return ch
}

// Queue is a mutex-protected FIFO of ints.
type Queue struct {
	mu    sync.Mutex
	items []int
}

// NewQueue returns a queue holding 0..n-1.
func NewQueue(n int) *Queue {
	q := &Queue{}
	for i := 0; i < n; i++ {
		q.items = append(q.items, i)
	}
	return q
}

// Pop removes the first item.
func (q *Queue) Pop() (int, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.items) == 0 {
		return 0, false
	}
	v := q.items[0]
	q.items = q.items[1:]
	return v, true
}

// Len returns the number of items left.
func (q *Queue) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.items)
}
