// Package queues holds kernels that work on memory through the helpers of
// package memlib: stacks, histograms, queues and tiles.
package queues

import (
	"math"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round28/mem/memlib"
	"github.com/spmdvet/spmdvet/spmd"
)

// kernel(bug)
// WalkBug walks the subtree under each lane's root with a private stack,
// syncing after every node.
func WalkBug(children [][]int, roots, visits []int) error {
	return spmd.Run(len(roots), func(l spmd.Lane) {
		i := l.Index()
		var st memlib.Stack
		st.Push(roots[i])
		for st.Len() > 0 {
			n := st.Pop()
			visits[i]++
			for _, c := range children[n] {
				st.Push(c)
			}
			l.Barrier() // EXPECT
		}
	})
}

// kernel(ok)
// WalkOK pushes the same number of nodes in every lane (a fixed-depth
// chain below the root), then pops them with a barrier each.
func WalkOK(depth int, roots, visits []int) error {
	return spmd.Run(len(roots), func(l spmd.Lane) {
		i := l.Index()
		var st memlib.Stack
		for d := 0; d < depth; d++ {
			st.Push(roots[i] + d)
		}
		for st.Len() > 0 {
			n := st.Pop()
			visits[i] += n
			l.Barrier()
		}
	})
}

// kernel(bug)
// BudgetBug stores each lane's budget through memlib.Put and loops on it.
func BudgetBug(counts, out []int) error {
	return spmd.Run(len(counts), func(l spmd.Lane) {
		var lim int
		memlib.Put(&lim, counts[l.Index()])
		for k := 0; k < lim; k++ {
			out[l.Index()] += spmd.ReduceAdd(l, 1) // EXPECT
		}
	})
}

// kernel(ok)
// BudgetOK stores the first lane's budget, read by all.
func BudgetOK(counts, out []int) error {
	return spmd.Run(len(counts), func(l spmd.Lane) {
		var lim int
		memlib.Put(&lim, counts[0])
		for k := 0; k < lim; k++ {
			out[l.Index()] += spmd.ReduceAdd(l, 1)
		}
	})
}

// kernel(bug)
// WindowBug fills each lane's window with absolute offsets; only lane 0's
// starts at zero.
func WindowBug(x, out []int) error {
	return spmd.Run(len(x)/4, func(l spmd.Lane) {
		i := l.Index()
		var idx [4]int
		memlib.Iota(idx[:], 4*i)
		if idx[0] == 0 {
			l.Barrier() // EXPECT
		}
		for _, k := range idx {
			out[i] += x[k]
		}
	})
}

// kernel(ok)
// WindowOK fills relative offsets and adds the lane's base at use.
func WindowOK(x, out []int) error {
	return spmd.Run(len(x)/4, func(l spmd.Lane) {
		i := l.Index()
		var idx [4]int
		memlib.Iota(idx[:], 0)
		if idx[0] == 0 {
			l.Barrier()
		}
		for _, k := range idx {
			out[i] += x[4*i+k]
		}
	})
}

// kernel(bug)
// LaneHistBug: lanes whose row has values in bin 0 join the reduction.
func LaneHistBug(grid [][]int, out []int) error {
	cols := len(grid[0])
	return spmd.Run(len(grid), func(l spmd.Lane) {
		i := l.Index()
		var h memlib.Hist
		for j := 0; j < cols; j++ {
			h.Add(grid[i][j])
		}
		if h.Bins[0] > 0 {
			out[i] = spmd.ReduceAdd(l, h.Bins[0]) // EXPECT
		}
	})
}

// kernel(ok)
// LaneHistOK gates on the total, which counts the same columns in every lane.
func LaneHistOK(grid [][]int, out []int) error {
	cols := len(grid[0])
	return spmd.Run(len(grid), func(l spmd.Lane) {
		i := l.Index()
		var h memlib.Hist
		for j := 0; j < cols; j++ {
			h.Add(grid[i][j])
		}
		if h.Total == cols {
			out[i] = spmd.ReduceAdd(l, h.Bins[0])
		}
	})
}

// kernel(bug)
// EnqueueBug: the first producer waits for the others.
func EnqueueBug(q *memlib.Queue, vals []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		slot := q.Push(vals[l.Index()])
		if slot == 0 {
			l.Barrier() // EXPECT
		}
	})
}

// kernel(ok)
// EnqueueOK waits for all producers, then checks the queue is full.
func EnqueueOK(q *memlib.Queue, vals []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		q.Push(vals[l.Index()])
		l.Barrier()
		if q.Len() == l.Count() {
			l.Barrier()
		}
	})
}

// kernel(bug)
// PeakBug keeps the running maximum in a per-lane variable.
func PeakBug(x, out []int64) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		best := int64(math.MinInt64)
		memlib.AtomicMax(&best, x[l.Index()])
		l.Barrier()
		if peak := atomic.LoadInt64(&best); peak > 0 {
			out[l.Index()] = spmd.ReduceAdd(l, peak) // EXPECT
		}
	})
}

// kernel(ok)
// PeakOK keeps the maximum in a variable the group shares.
func PeakOK(x, out []int64) error {
	best := int64(math.MinInt64)
	return spmd.Run(len(x), func(l spmd.Lane) {
		memlib.AtomicMax(&best, x[l.Index()])
		l.Barrier()
		if peak := atomic.LoadInt64(&best); peak > 0 {
			out[l.Index()] = spmd.ReduceAdd(l, peak)
		}
	})
}

// kernel(bug)
// StageBug loads the tile only in lanes whose source element is set.
func StageBug(src, out []int) error {
	tile := make([]int, len(src))
	return spmd.Run(len(src), func(l spmd.Lane) {
		i := l.Index()
		if src[i] != 0 {
			memlib.LoadTile(l, tile, src, 0) // EXPECT
		}
		out[i] = tile[i]
	})
}

// kernel(ok)
// StageOK loads the tile when the block's first element is set.
func StageOK(src, out []int) error {
	tile := make([]int, len(src))
	return spmd.Run(len(src), func(l spmd.Lane) {
		i := l.Index()
		if src[0] != 0 {
			memlib.LoadTile(l, tile, src, 0)
		}
		out[i] = tile[i]
	})
}

// kernel(bug)
// TileGateBug loads a tile and reduces in the lanes whose element is positive.
func TileGateBug(src, out []int) error {
	tile := make([]int, len(src))
	return spmd.Run(len(src), func(l spmd.Lane) {
		i := l.Index()
		memlib.LoadTile(l, tile, src, 0)
		if tile[i] > 0 {
			out[i] = spmd.ReduceAdd(l, tile[i]) // EXPECT
		}
	})
}

// kernel(ok)
// TileGateOK gates on the tile's first element.
func TileGateOK(src, out []int) error {
	tile := make([]int, len(src))
	return spmd.Run(len(src), func(l spmd.Lane) {
		i := l.Index()
		memlib.LoadTile(l, tile, src, 0)
		if tile[0] > 0 {
			out[i] = spmd.ReduceAdd(l, tile[i])
		}
	})
}

// kernel(bug)
// SegmentsBug fills each lane's segment of a shared buffer, then checks
// its own segment start.
func SegmentsBug(lanes int, out []int) error {
	buf := make([]int, 4*lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		memlib.Iota(buf[4*i:4*i+4], 4*i)
		l.Barrier()
		if buf[4*i] == 0 {
			l.Barrier() // EXPECT
		}
		out[i] = buf[4*i+3]
	})
}

// kernel(ok)
// SegmentsOK checks the first segment's start, the same for every lane.
func SegmentsOK(lanes int, out []int) error {
	buf := make([]int, 4*lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		memlib.Iota(buf[4*i:4*i+4], 4*i)
		l.Barrier()
		if buf[0] == 0 {
			l.Barrier()
		}
		out[i] = buf[4*i+3]
	})
}
