// Package memlib holds helpers that kernels use on their memory: per-lane
// stacks and histograms, stores through pointers, a shared queue, and
// tile loading.
package memlib

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// Stack is a stack of node ids.
type Stack struct {
	items []int
}

// Push pushes v.
func (s *Stack) Push(v int) { s.items = append(s.items, v) }

// Pop removes and returns the top.
func (s *Stack) Pop() int {
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v
}

// Len returns the number of items.
func (s *Stack) Len() int { return len(s.items) }

// Put stores v at *p.
func Put(p *int, v int) { *p = v }

// Iota writes base, base+1, ... into dst.
func Iota(dst []int, base int) {
	for k := range dst {
		dst[k] = base + k
	}
}

// Hist is an 8-bin histogram with a running total.
type Hist struct {
	Bins  [8]int
	Total int
}

// Add counts v.
func (h *Hist) Add(v int) {
	h.Bins[v&7]++
	h.Total++
}

// Queue is an append-only queue that lanes push to concurrently.
type Queue struct {
	Items []int
	tail  atomic.Int32
}

// Push appends v and returns its slot.
func (q *Queue) Push(v int) int {
	slot := int(q.tail.Add(1)) - 1
	q.Items[slot] = v
	return slot
}

// Len returns the number of items pushed.
func (q *Queue) Len() int { return int(q.tail.Load()) }

// AtomicMax raises *p to v.
func AtomicMax(p *int64, v int64) {
	for {
		old := atomic.LoadInt64(p)
		if v <= old || atomic.CompareAndSwapInt64(p, old, v) {
			return
		}
	}
}

// LoadTile copies src[off+i] into tile[i] in each lane i and waits for
// the group.
func LoadTile(l spmd.Lane, tile, src []int, off int) {
	i := l.Index()
	tile[i] = src[off+i]
	l.Barrier()
}

// Scratch returns a zeroed buffer of n ints.
func Scratch(n int) []int { return make([]int, n) }
