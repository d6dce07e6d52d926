// Package graph holds irregular kernels: BFS frontier steps, histograms and
// work queues with sync/atomic, label propagation, PageRank, a goto state
// machine and quad-leader broadcasts.
package graph

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round15/gpu/blockutil"
	"github.com/spmdvet/spmdvet/spmd"
)

// Graph is an adjacency structure in CSR form: the neighbours of v are
// Adj[Off[v]:Off[v+1]].
type Graph struct {
	Off []int
	Adj []int
}

// N is the number of vertices.
func (g Graph) N() int { return len(g.Off) - 1 }

func initDist(n, src int) []int32 {
	dist := make([]int32, n)
	for i := range dist {
		dist[i] = -1
	}
	dist[src] = 0
	return dist
}

// BFSLevelSync (correct): level-synchronous push BFS, one lane per vertex.
// Frontier lanes (dist == level) claim their undiscovered neighbours with a
// CAS. The loop condition is spmd.Any over "did I grow the frontier", which
// is uniform, so every lane runs the same number of levels; the barrier is
// after the frontier branch.
func BFSLevelSync(g Graph, src int) ([]int32, error) {
	dist := initDist(g.N(), src)
	err := spmd.Run(g.N(), func(l spmd.Lane) {
		v := l.Index()
		level := int32(0)
		grew := true
		for spmd.Any(l, grew) {
			grew = false
			if atomic.LoadInt32(&dist[v]) == level {
				for e := g.Off[v]; e < g.Off[v+1]; e++ {
					if atomic.CompareAndSwapInt32(&dist[g.Adj[e]], -1, level+1) {
						grew = true
					}
				}
			}
			l.Barrier()
			level++
		}
	})
	return dist, err
}

// BFSBarrierInFrontier (bug): the level barrier was written inside the
// frontier branch, "after expanding my vertex".
func BFSBarrierInFrontier(g Graph, src int) ([]int32, error) {
	dist := initDist(g.N(), src)
	err := spmd.Run(g.N(), func(l spmd.Lane) {
		v := l.Index()
		level := int32(0)
		grew := true
		for spmd.Any(l, grew) {
			grew = false
			if atomic.LoadInt32(&dist[v]) == level {
				for e := g.Off[v]; e < g.Off[v+1]; e++ {
					if atomic.CompareAndSwapInt32(&dist[g.Adj[e]], -1, level+1) {
						grew = true
					}
				}
				l.Barrier() // EXPECT
			}
			level++
		}
	})
	return dist, err
}

// BFSWaitForOwnVertex (bug): pull BFS where each lane loops until its own
// vertex is discovered (loop condition on dist[v], a load at a lane-dependent
// address). Lanes leave in different levels, the source lane without a
// single iteration, and the level barrier loses them.
func BFSWaitForOwnVertex(g Graph, src int) ([]int32, error) {
	dist := initDist(g.N(), src)
	err := spmd.Run(g.N(), func(l spmd.Lane) {
		v := l.Index()
		for level := int32(0); atomic.LoadInt32(&dist[v]) < 0; level++ {
			for e := g.Off[v]; e < g.Off[v+1]; e++ {
				if atomic.LoadInt32(&dist[g.Adj[e]]) == level {
					atomic.StoreInt32(&dist[v], level+1)
					break
				}
			}
			l.Barrier() // EXPECT
		}
	})
	return dist, err
}

// BFSPull (correct): the fix of the previous kernel. The loop goes on while
// Any lane is undiscovered (bounded by n levels for unreachable vertices);
// the left operand of && is uniform, so Any runs in every lane; a lane that
// is done just skips the pull. The inner break is lane-dependent but only
// leaves the neighbour loop, which holds no collective.
func BFSPull(g Graph, src int) ([]int32, error) {
	dist := initDist(g.N(), src)
	n := int32(g.N())
	err := spmd.Run(g.N(), func(l spmd.Lane) {
		v := l.Index()
		for level := int32(0); level < n && spmd.Any(l, atomic.LoadInt32(&dist[v]) < 0); level++ {
			if atomic.LoadInt32(&dist[v]) < 0 {
				for e := g.Off[v]; e < g.Off[v+1]; e++ {
					if atomic.LoadInt32(&dist[g.Adj[e]]) == level {
						atomic.StoreInt32(&dist[v], level+1)
						break
					}
				}
			}
			l.Barrier()
		}
	})
	return dist, err
}

// HistogramShared (correct): privatized histogram. Lanes bin a grid-stride
// share of the data into a shared histogram with atomic adds, wait, then
// flush a grid-stride share of the bins to the global histogram. The grid-
// stride loops have lane-dependent trip counts but hold no collective; the
// barrier is between them.
func HistogramShared(data []uint32, nbins, lanes int) ([]uint32, error) {
	local := make([]uint32, nbins)
	global := make([]uint32, nbins)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		for i := tid; i < len(data); i += l.Count() {
			atomic.AddUint32(&local[data[i]%uint32(nbins)], 1)
		}
		l.Barrier()
		for b := tid; b < nbins; b += l.Count() {
			atomic.AddUint32(&global[b], atomic.LoadUint32(&local[b]))
		}
	})
	return global, err
}

// HistogramLastArrival (bug): the "last block done" pattern misapplied inside
// a group: the lane whose atomic increment returns Count (the result of an
// atomic read-modify-write, divergent) waits at a barrier "so that all
// increments are visible" before normalizing. It waits alone.
func HistogramLastArrival(data []uint32, nbins, lanes int) ([]float64, error) {
	hist := make([]uint32, nbins)
	norm := make([]float64, nbins)
	var arrived int32
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		for i := tid; i < len(data); i += l.Count() {
			atomic.AddUint32(&hist[data[i]%uint32(nbins)], 1)
		}
		if atomic.AddInt32(&arrived, 1) == int32(l.Count()) {
			l.Barrier() // EXPECT
			for b := range hist {
				norm[b] = float64(hist[b]) / float64(len(data))
			}
		}
	})
	return norm, err
}

// WorkQueueAtomic (bug): dynamic work distribution, each lane grabbing the
// next item with an atomic add (a divergent result), plus a barrier per round
// to keep lanes in step. When the items run out, the lanes that grabbed a
// past-the-end item break out while the others wait at the barrier.
func WorkQueueAtomic(data []int, lanes int) ([]int, error) {
	n := len(data)
	res := make([]int, n)
	var next int32
	err := spmd.Run(lanes, func(l spmd.Lane) {
		for {
			item := int(atomic.AddInt32(&next, 1)) - 1
			if item >= n {
				break
			}
			res[item] = 2 * data[item]
			l.Barrier() // EXPECT
		}
	})
	return res, err
}

// WorkQueueLeaderBatch (correct): lane 0 grabs a batch of Count items and
// publishes its base in shared memory; after the barrier every lane reads
// batch[0], a load of shared memory at a uniform address, so the break on it
// is uniform.
func WorkQueueLeaderBatch(data []int, lanes int) ([]int, error) {
	n := len(data)
	res := make([]int, n)
	batch := make([]int, 1)
	var next int32
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		for {
			if tid == 0 {
				batch[0] = int(atomic.AddInt32(&next, int32(l.Count()))) - l.Count()
			}
			l.Barrier()
			base := batch[0]
			l.Barrier()
			if base >= n {
				break
			}
			if base+tid < n {
				res[base+tid] = 2 * data[base+tid]
			}
		}
	})
	return res, err
}

// StateMachineGoto (bug): a traversal state machine written with goto. Lanes
// with an even key start in state "visit", the others in "advance", so the
// cycle advance -> visit -> advance is entered at two places by paths that
// split on a lane-dependent test: an irreducible cycle that is not
// m-converged. The barrier in "visit" runs once more in the even lanes.
func StateMachineGoto(keys []int) ([]int, error) {
	res := make([]int, len(keys))
	err := spmd.Run(len(keys), func(l spmd.Lane) {
		tid := l.Index()
		k := 0
		if keys[tid]%2 == 0 {
			goto visit
		}
	advance:
		k++
	visit:
		l.Barrier() // EXPECT
		if k < 3 {
			goto advance
		}
		res[tid] = k
	})
	return res, err
}

// EdgeWeightClasses (bug): each lane walks a shared map of edge weights and
// reduces heavy and light weights with two different collectives. Map
// iteration order differs per lane, so the values are divergent and lanes
// reach the two reductions in different orders.
func EdgeWeightClasses(weights map[int]float64, lanes int) (float64, error) {
	heavy := 0.0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		h := 0.0
		for _, w := range weights {
			if w > 1 {
				h += spmd.ReduceAdd(l, w) // EXPECT
			} else {
				_ = spmd.ReduceMax(l, w) // EXPECT
			}
		}
		if l.Index() == 0 {
			heavy = h
		}
	})
	return heavy, err
}

// QuadLeaderBad (bug): each quad of lanes reads its leader's flag (HLSL
// QuadReadLaneAt) with blockutil.ReadLane, whose result is uniform only when
// src is; src = tid&^3 differs per quad, so the branch is divergent and the
// barrier in it is reached by some quads only.
func QuadLeaderBad(flags []int) ([]int, error) {
	res := make([]int, len(flags))
	err := spmd.Run(len(flags), func(l spmd.Lane) {
		tid := l.Index()
		leader := blockutil.ReadLane(l, flags[tid], tid&^3)
		if leader > 0 {
			l.Barrier() // EXPECT
			res[tid] = leader
		}
	})
	return res, err
}

// QuadLeaderGood (correct): the same with src = 0, a constant, so ReadLane's
// result is uniform by its directive and the branch is uniform.
func QuadLeaderGood(flags []int) ([]int, error) {
	res := make([]int, len(flags))
	err := spmd.Run(len(flags), func(l spmd.Lane) {
		tid := l.Index()
		leader := blockutil.ReadLane(l, flags[tid], 0)
		if leader > 0 {
			l.Barrier()
			res[tid] = leader
		}
	})
	return res, err
}

// LabelPropShortCircuit (bug): connected components by min-label propagation.
// Isolated vertices are meant to stop early: `isolated || !spmd.Any(...)`.
// The right operand, the Any, runs only in non-isolated lanes; and the break
// makes lanes leave the loop in different iterations, so the barriers in the
// loop are divergent too.
func LabelPropShortCircuit(g Graph, maxIter int) ([]int, error) {
	labels := make([]int, g.N())
	err := spmd.Run(g.N(), func(l spmd.Lane) {
		v := l.Index()
		labels[v] = v
		isolated := g.Off[v] == g.Off[v+1]
		lab := v
		for it := 0; it < maxIter; it++ {
			nl := lab
			for e := g.Off[v]; e < g.Off[v+1]; e++ {
				nl = min(nl, labels[g.Adj[e]])
			}
			l.Barrier() // EXPECT
			changed := nl != lab
			labels[v], lab = nl, nl
			l.Barrier()                            // EXPECT
			if isolated || !spmd.Any(l, changed) { // EXPECT
				break
			}
		}
	})
	return labels, err
}

// PageRank (correct): power iteration, one lane per vertex, pulling over
// in-edges. Dangling sources are skipped with a plain `continue` of the edge
// loop; the dangling mass is a ReduceAdd that every lane runs.
func PageRank(in Graph, outDeg []int, iters int) ([]float64, error) {
	const d = 0.85
	n := in.N()
	rank := make([]float64, n)
	for i := range rank {
		rank[i] = 1 / float64(n)
	}
	err := spmd.Run(n, func(l spmd.Lane) {
		v := l.Index()
		for it := 0; it < iters; it++ {
			l.Barrier()
			contrib := 0.0
			for e := in.Off[v]; e < in.Off[v+1]; e++ {
				u := in.Adj[e]
				if outDeg[u] == 0 {
					continue
				}
				contrib += rank[u] / float64(outDeg[u])
			}
			mine := 0.0
			if outDeg[v] == 0 {
				mine = rank[v]
			}
			dangling := spmd.ReduceAdd(l, mine)
			nr := (1-d)/float64(n) + d*(contrib+dangling/float64(n))
			l.Barrier()
			rank[v] = nr
		}
	})
	return rank, err
}

// PageRankContinueOuter (bug): as PageRank, but the dangling-source test says
// `continue iter` (meant: skip this edge), which abandons the whole iteration
// for that lane: it skips the ReduceAdd and the write barrier. The barrier at
// the top of the body is fine: both paths join at the outer loop's latch
// before the (uniform) loop test.
func PageRankContinueOuter(in Graph, outDeg []int, iters int) ([]float64, error) {
	const d = 0.85
	n := in.N()
	rank := make([]float64, n)
	for i := range rank {
		rank[i] = 1 / float64(n)
	}
	err := spmd.Run(n, func(l spmd.Lane) {
		v := l.Index()
	iter:
		for it := 0; it < iters; it++ {
			l.Barrier()
			contrib := 0.0
			for e := in.Off[v]; e < in.Off[v+1]; e++ {
				u := in.Adj[e]
				if outDeg[u] == 0 {
					continue iter
				}
				contrib += rank[u] / float64(outDeg[u])
			}
			mine := 0.0
			if outDeg[v] == 0 {
				mine = rank[v]
			}
			dangling := spmd.ReduceAdd(l, mine) // EXPECT
			nr := (1-d)/float64(n) + d*(contrib+dangling/float64(n))
			l.Barrier() // EXPECT
			rank[v] = nr
		}
	})
	return rank, err
}
