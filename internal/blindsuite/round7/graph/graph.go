// Package graph holds histogram, atomic-counter and BFS kernels.
package graph

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// Histogram counts data into bins with global atomics, then reports the
// fullest bin.
func Histogram(lanes int, data []byte, bins int) (hist []int32, fullest int32, err error) {
	hist = make([]int32, bins)
	err = spmd.Run(lanes, func(l spmd.Lane) {
		for i := l.Index(); i < len(data); i += l.Count() {
			atomic.AddInt32(&hist[int(data[i])%bins], 1)
		}
		l.Barrier()
		var m int32
		for b := l.Index(); b < bins; b += l.Count() {
			m = max(m, hist[b])
		}
		m = spmd.ReduceMax(l, m)
		if l.Index() == 0 {
			fullest = m
		}
	})
	return
}

// SumLastArriver is a port of the threadFenceReduction sample: every lane
// publishes its partial sum and bumps a ticket; "the last one to arrive" waits
// for the others' writes and adds the partials up. The ticket is per lane.
//
//spmd:kernel
func SumLastArriver(l spmd.Lane, in, partial []int64, ticket *int32, out *int64) {
	tid := l.Index()
	var s int64
	for i := tid; i < len(in); i += l.Count() {
		s += in[i]
	}
	partial[tid] = s
	last := atomic.AddInt32(ticket, 1) == int32(l.Count())
	if last {
		l.Barrier() // EXPECT
		var t int64
		for _, p := range partial {
			t += p
		}
		*out = t
	}
}

// SumLastArriverShared is the faithful port: the ticket's winner sets a flag
// in shared memory, everybody synchronises, and the whole group branches on
// the shared flag.
//
//spmd:kernel
func SumLastArriverShared(l spmd.Lane, in, partial []int64, isLast []bool, ticket *int32, out *int64) {
	tid := l.Index()
	var s int64
	for i := tid; i < len(in); i += l.Count() {
		s += in[i]
	}
	partial[tid] = s
	if atomic.AddInt32(ticket, 1) == int32(l.Count()) {
		isLast[0] = true
	}
	l.Barrier()
	if isLast[0] {
		t := spmd.ReduceAdd(l, partial[tid])
		if tid == 0 {
			*out = t
		}
	}
}

// CSR is a graph in compressed sparse row form.
type CSR struct {
	RowPtr []int32
	Col    []int32
}

// N is the number of vertices.
func (g CSR) N() int { return len(g.RowPtr) - 1 }

// BFSLevels is a level-synchronous top-down BFS over all vertices: each lane
// relaxes the edges of its vertices at the current level, and the group stops
// when no lane discovered anything.
//
//spmd:kernel
func BFSLevels(l spmd.Lane, g CSR, dist []int32) {
	nv := g.N()
	for level := int32(0); ; level++ {
		found := false
		for v := l.Index(); v < nv; v += l.Count() {
			if atomic.LoadInt32(&dist[v]) != level {
				continue
			}
			for e := g.RowPtr[v]; e < g.RowPtr[v+1]; e++ {
				if atomic.CompareAndSwapInt32(&dist[g.Col[e]], -1, level+1) {
					found = true
				}
			}
		}
		l.Barrier()
		if !spmd.Any(l, found) {
			break
		}
	}
}

// BFSLevelsLocalStop stops each lane as soon as it found nothing new in its
// own slice of the vertices.
//
//spmd:kernel
func BFSLevelsLocalStop(l spmd.Lane, g CSR, dist []int32) {
	nv := g.N()
	for level := int32(0); ; level++ {
		l.Barrier() // EXPECT
		found := false
		for v := l.Index(); v < nv; v += l.Count() {
			if atomic.LoadInt32(&dist[v]) != level {
				continue
			}
			for e := g.RowPtr[v]; e < g.RowPtr[v+1]; e++ {
				if atomic.CompareAndSwapInt32(&dist[g.Col[e]], -1, level+1) {
					found = true
				}
			}
		}
		if !found {
			break
		}
	}
}

// BFSQueue is a queue-based BFS: the current frontier is processed
// grid-stride, newly discovered vertices are appended to the next frontier
// with an atomic counter, and the loop runs until the frontier is empty.
// The frontier length lives in shared memory and is read after a barrier.
func BFSQueue(lanes int, g CSR, src int32) ([]int32, error) {
	nv := g.N()
	dist := make([]int32, nv)
	for i := range dist {
		dist[i] = -1
	}
	dist[src] = 0
	bufA := make([]int32, nv)
	bufB := make([]int32, nv)
	bufA[0] = src
	var lens [2]int32 // current, next
	lens[0] = 1
	err := spmd.Run(lanes, func(l spmd.Lane) {
		cur, next := bufA, bufB
		for level := int32(1); ; level++ {
			n := int(lens[0])
			if n == 0 {
				break
			}
			for i := l.Index(); i < n; i += l.Count() {
				v := cur[i]
				for e := g.RowPtr[v]; e < g.RowPtr[v+1]; e++ {
					u := g.Col[e]
					if atomic.CompareAndSwapInt32(&dist[u], -1, level) {
						next[atomic.AddInt32(&lens[1], 1)-1] = u
					}
				}
			}
			l.Barrier()
			if l.Index() == 0 {
				lens[0], lens[1] = lens[1], 0
			}
			l.Barrier()
			cur, next = next, cur
		}
	})
	return dist, err
}
