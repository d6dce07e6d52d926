// Package graph holds irregular kernels: BFS, clustering, work queues and lane-to-lane
// load balancing.
package graph

import (
	"math"
	"math/bits"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round12/apps/gpu"
	"github.com/spmdvet/spmdvet/spmd"
)

// Graph is an adjacency structure in CSR form.
type Graph struct {
	N      int
	RowPtr []int32
	Adj    []int32
}

// BFSState is the block-shared state of a level-synchronous BFS.
type BFSState struct {
	Frontier, Next []int32 // N elements each
	Size, NextSize int32
}

// BFS writes the BFS level of every vertex reachable from src to dist (-1 elsewhere).
//
//spmd:kernel
func (g *Graph) BFS(l spmd.Lane, src int32, dist []int32, st *BFSState) {
	for v := l.Index(); v < g.N; v += l.Count() {
		dist[v] = -1
	}
	l.Barrier()
	if l.Index() == 0 {
		dist[src] = 0
		st.Frontier[0] = src
		st.Size, st.NextSize = 1, 0
	}
	l.Barrier()
	for level := int32(0); st.Size > 0; level++ {
		for k := l.Index(); k < int(st.Size); k += l.Count() {
			u := st.Frontier[k]
			for e := g.RowPtr[u]; e < g.RowPtr[u+1]; e++ {
				v := g.Adj[e]
				if atomic.CompareAndSwapInt32(&dist[v], -1, level+1) {
					slot := atomic.AddInt32(&st.NextSize, 1) - 1
					st.Next[slot] = v
				}
			}
		}
		l.Barrier()
		if l.Index() == 0 {
			st.Frontier, st.Next = st.Next, st.Frontier
			st.Size, st.NextSize = st.NextSize, 0
		}
		l.Barrier()
	}
}

// BFSSyncEdges is BFS where lanes sync after every edge so appends to the next frontier
// become visible early.
//
//spmd:kernel
func (g *Graph) BFSSyncEdges(l spmd.Lane, src int32, dist []int32, st *BFSState) {
	for v := l.Index(); v < g.N; v += l.Count() {
		dist[v] = -1
	}
	l.Barrier()
	if l.Index() == 0 {
		dist[src] = 0
		st.Frontier[0] = src
		st.Size, st.NextSize = 1, 0
	}
	l.Barrier()
	for level := int32(0); st.Size > 0; level++ {
		for k := l.Index(); k < int(st.Size); k += l.Count() {
			u := st.Frontier[k]
			for e := g.RowPtr[u]; e < g.RowPtr[u+1]; e++ {
				v := g.Adj[e]
				if atomic.CompareAndSwapInt32(&dist[v], -1, level+1) {
					slot := atomic.AddInt32(&st.NextSize, 1) - 1
					st.Next[slot] = v
				}
				l.Barrier() // EXPECT
			}
		}
		l.Barrier()
		if l.Index() == 0 {
			st.Frontier, st.Next = st.Next, st.Frontier
			st.Size, st.NextSize = st.NextSize, 0
		}
		l.Barrier()
	}
}

// Point is a 2-D point.
type Point struct{ X, Y float64 }

func (p Point) dist2(q Point) float64 {
	dx, dy := p.X-q.X, p.Y-q.Y
	return dx*dx + dy*dy
}

// LeaderCluster does one step of leader clustering, one point per lane: a point within
// radius r of an existing leader joins the first such leader; the others become new
// leaders, appended in lane order to newLeaders, and their number is written to *added.
//
//spmd:kernel
func LeaderCluster(l spmd.Lane, pts, leaders []Point, r float64, member []int, newLeaders []Point, added *int) {
	p := pts[l.Index()]
	c := 0
	for ; c < len(leaders); c++ {
		if p.dist2(leaders[c]) <= r*r {
			break
		}
	}
	member[l.Index()] = c
	if c == len(leaders) {
		slot := spmd.ExclusiveAdd(l, 1) // EXPECT
		newLeaders[slot] = p
		if slot == 0 {
			*added = spmd.ReduceAdd(l, 1) // EXPECT
		}
	}
}

const maxK = 8

// KMeansStep assigns every point to its nearest centroid (assign) and writes the new
// centroids (an empty cluster keeps its centroid). At most maxK centroids; smem holds
// 2*len(cent) elements.
//
//spmd:kernel
func KMeansStep(l spmd.Lane, pts, cent []Point, smem []float64, assign []int, newCent []Point) {
	k := len(cent)
	for j := l.Index(); j < k; j += l.Count() {
		smem[2*j], smem[2*j+1] = cent[j].X, cent[j].Y
	}
	l.Barrier()
	var sx, sy [maxK]float64
	var cnt [maxK]int
	for p := l.Index(); p < len(pts); p += l.Count() {
		best, bd := 0, math.Inf(1)
		for c := range k {
			if d := pts[p].dist2(Point{smem[2*c], smem[2*c+1]}); d < bd {
				best, bd = c, d
			}
		}
		assign[p] = best
		sx[best] += pts[p].X
		sy[best] += pts[p].Y
		cnt[best]++
	}
	for c := range k {
		n := spmd.ReduceAdd(l, cnt[c])
		x := spmd.ReduceAdd(l, sx[c])
		y := spmd.ReduceAdd(l, sy[c])
		if l.Index() == 0 {
			if n > 0 {
				newCent[c] = Point{x / float64(n), y / float64(n)}
			} else {
				newCent[c] = cent[c]
			}
		}
	}
}

// KMeansSkipEmpty is KMeansStep where lanes skip the reductions of clusters they hold no
// point of.
//
//spmd:kernel
func KMeansSkipEmpty(l spmd.Lane, pts, cent []Point, assign []int, newCent []Point) {
	k := len(cent)
	var sx, sy [maxK]float64
	var cnt [maxK]int
	for p := l.Index(); p < len(pts); p += l.Count() {
		best, bd := 0, math.Inf(1)
		for c := range k {
			if d := pts[p].dist2(cent[c]); d < bd {
				best, bd = c, d
			}
		}
		assign[p] = best
		sx[best] += pts[p].X
		sy[best] += pts[p].Y
		cnt[best]++
	}
	for c := range k {
		if cnt[c] == 0 {
			continue // none of my points is in cluster c
		}
		n := spmd.ReduceAdd(l, cnt[c]) // EXPECT
		x := spmd.ReduceAdd(l, sx[c])  // EXPECT
		y := spmd.ReduceAdd(l, sy[c])  // EXPECT
		newCent[c] = Point{x / float64(n), y / float64(n)}
	}
}

// ProcessQueue squares items into out with a persistent block: lane 0 claims a batch from
// the queue, broadcasts it, and the block works through it.
//
//spmd:kernel
func ProcessQueue(l spmd.Lane, q *gpu.Queue, items, out []float64, batch int) {
	for {
		var start int
		if l.Index() == 0 {
			start = q.Claim(batch)
		}
		start = spmd.BroadcastFirst(l, start)
		if start >= len(items) {
			break
		}
		for i := start + l.Index(); i < min(start+batch, len(items)); i += l.Count() {
			out[i] = items[i] * items[i]
		}
		l.Barrier()
	}
}

// ProcessQueueEach squares items into out, every lane claiming its own items, and
// records the block's progress after every round in *rounds.
//
//spmd:kernel
func ProcessQueueEach(l spmd.Lane, q *gpu.Queue, items, out []float64, rounds *int) {
	for {
		i := q.Claim(1)
		if i >= len(items) {
			break
		}
		out[i] = items[i] * items[i]
		n := spmd.ReduceAdd(l, 1) // EXPECT
		if l.Index() == 0 {
			*rounds += n
		}
	}
}

// DrainPool runs every task of the pool (out[task] = 2*task+1), then writes to *done how
// many tasks the block ran.
//
//spmd:kernel
func DrainPool(l spmd.Lane, pool *gpu.TaskPool, out []int, done *int) {
	ran := 0
	for {
		t, ok := pool.Next()
		if !ok {
			break
		}
		out[t] = 2*t + 1
		ran++
	}
	total := spmd.ReduceAdd(l, ran)
	if l.Index() == 0 {
		*done = total
	}
}

// DrainPoolSynced is DrainPool with a barrier after every task so that results are
// published round by round.
//
//spmd:kernel
func DrainPoolSynced(l spmd.Lane, pool *gpu.TaskPool, out []int) {
	for {
		t, ok := pool.Next()
		if !ok {
			break
		}
		out[t] = 2*t + 1
		l.Barrier() // EXPECT
	}
}

// FindFirst writes to *pos the index of the first occurrence of key in data (-1 if none)
// scanning a chunk of at most 64 elements at a time with a ballot, and the number of
// occurrences in that chunk to *hits.
//
//spmd:kernel
func FindFirst(l spmd.Lane, data []int, key int, pos, hits *int) {
	found := -1
	var mask uint64
	for base := 0; base < len(data); base += l.Count() {
		i := base + l.Index()
		mask = spmd.Ballot(l, i < len(data) && data[i] == key)
		if mask != 0 {
			found = base + bits.TrailingZeros64(mask)
			break
		}
	}
	if found >= 0 {
		n := spmd.ReduceAdd(l, int(mask>>uint(l.Index())&1))
		if l.Index() == 0 {
			*pos, *hits = found, n
		}
	} else if l.Index() == 0 {
		*pos, *hits = -1, 0
	}
}

// Quantize scales each block-wide chunk of data (one element per lane) by its first
// element and writes the chunk's largest scaled magnitude to peak; a chunk whose first
// element is zero is left alone.
//
//spmd:kernel
func Quantize(t gpu.Thread, data []float64, peak []float64) {
	i := t.Global()
	var v float64
	if i < len(data) {
		v = data[i]
	}
	pivot := gpu.ReadLane(t.Lane(), v, 0)
	if pivot == 0 {
		return
	}
	v /= pivot
	if i < len(data) {
		data[i] = v
	}
	m := spmd.ReduceMax(t.Lane(), math.Abs(v))
	if t.Local() == 0 {
		peak[t.Block()] = m
	}
}

// RingBalance moves half of a lane's work to its right neighbour when the neighbour has
// less than half as much, one round per step.
//
//spmd:kernel
func RingBalance(l spmd.Lane, load []int, steps int) {
	i, n := l.Index(), l.Count()
	for range steps {
		mine := load[i]
		right := gpu.ReadLane(l, mine, (i+1)%n)
		if right < mine/2 {
			give := mine / 4
			load[i] -= give
			l.Barrier() // EXPECT
			load[(i+1)%n] += give
		}
		l.Barrier()
	}
}
