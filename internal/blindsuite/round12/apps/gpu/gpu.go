// Package gpu is the team's small CUDA-flavoured toolkit on top of spmd: launch
// helpers, a thread handle with grid coordinates, block-wide reductions and scans,
// shared-memory tiles and simple work distribution.
package gpu

import (
	"iter"
	"math"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// Launch runs k on one group of lanes.
//
//spmd:kernel k
func Launch(lanes int, k func(spmd.Lane)) error {
	return spmd.Run(lanes, k)
}

// Thread is the lane handle of a grid launch: the lane plus the coordinates of its
// block. Like spmd.Lane it is uniform; only Local and Global differ between lanes.
//
//spmd:lane
type Thread struct {
	lane   spmd.Lane
	block  int
	blocks int
}

// LaunchGrid runs k once per block, block after block, each block a group of lanes.
//
//spmd:kernel k
func LaunchGrid(blocks, lanes int, k func(Thread)) error {
	for b := range blocks {
		err := spmd.Run(lanes, func(l spmd.Lane) {
			k(Thread{lane: l, block: b, blocks: blocks})
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// Lane returns the underlying lane handle.
func (t Thread) Lane() spmd.Lane { return t.lane }

// Block returns the index of the thread's block.
func (t Thread) Block() int { return t.block }

// Size returns the number of lanes of a block.
func (t Thread) Size() int { return t.lane.Count() }

// Local returns the lane's index in its block (threadIdx.x).
func (t Thread) Local() int { return t.lane.Index() }

// Global returns blockIdx.x*blockDim.x + threadIdx.x.
//
//spmd:laneid
func (t Thread) Global() int { return t.block*t.lane.Count() + t.lane.Index() }

// Stride returns the grid-stride step, gridDim.x*blockDim.x.
//
//spmd:uniform
func (t Thread) Stride() int { return t.blocks * t.lane.Count() }

// Sync is __syncthreads.
//
//spmd:convergent barrier
func (t Thread) Sync() { t.lane.Barrier() }

// SyncThreads is __syncthreads for plain lanes.
//
//spmd:convergent barrier
func SyncThreads(l spmd.Lane) { l.Barrier() }

// CeilDiv returns ⌈a/b⌉ for a ≥ 0, b > 0.
func CeilDiv(a, b int) int { return (a + b - 1) / b }

// NextPow2 returns the least power of two ≥ n (1 for n ≤ 1).
func NextPow2(n int) int {
	p := 1
	for p < n {
		p <<= 1
	}
	return p
}

// TileSide returns the side of the square tile a group covers; the group must have a
// square number of lanes.
func TileSide(l spmd.Lane) int {
	s := int(math.Sqrt(float64(l.Count())))
	if s*s != l.Count() {
		panic("gpu: lane count is not a square")
	}
	return s
}

// BlockReduceAdd returns the sum of v over the block, in every lane. smem must hold at
// least l.Count() elements; it is free again when BlockReduceAdd returns.
//
//spmd:uniform
func BlockReduceAdd[T spmd.Number](l spmd.Lane, v T, smem []T) T {
	i, n := l.Index(), l.Count()
	smem[i] = v
	l.Barrier()
	for s := NextPow2(n) / 2; s > 0; s /= 2 {
		if i < s && i+s < n {
			smem[i] += smem[i+s]
		}
		l.Barrier()
	}
	total := smem[0]
	l.Barrier()
	return total
}

// BlockExclusiveScan returns the sum of v over the lanes below this one (Blelloch
// up-sweep/down-sweep in shared memory). The lane count must be a power of two and smem
// must hold l.Count() elements.
//
//spmd:divergent
func BlockExclusiveScan[T spmd.Number](l spmd.Lane, v T, smem []T) T {
	i, n := l.Index(), l.Count()
	smem[i] = v
	l.Barrier()
	for d := 1; d < n; d *= 2 {
		if (i+1)%(2*d) == 0 {
			smem[i] += smem[i-d]
		}
		l.Barrier()
	}
	if i == n-1 {
		smem[i] = 0
	}
	l.Barrier()
	for d := n / 2; d >= 1; d /= 2 {
		if (i+1)%(2*d) == 0 {
			t := smem[i-d]
			smem[i-d] = smem[i]
			smem[i] += t
		}
		l.Barrier()
	}
	r := smem[i]
	l.Barrier()
	return r
}

// WarpAllReduce returns the sum of v over the group in every lane, by a butterfly of
// xor-shuffles. The lane count must be a power of two.
//
//spmd:uniform
func WarpAllReduce[T spmd.Number](l spmd.Lane, v T) T {
	for m := l.Count() / 2; m > 0; m /= 2 {
		v += spmd.ShuffleXor(l, v, m)
	}
	return v
}

// ReadLane returns v of lane src (__shfl_sync). Uniform when every lane reads the same src.
//
//spmd:uniform src
func ReadLane[T any](l spmd.Lane, v T, src int) T {
	return spmd.Shuffle(l, v, src)
}

// SharedTile is a Rows×Cols tile of block-shared memory.
type SharedTile[T any] struct {
	Data       []T
	Rows, Cols int
}

// NewTile allocates a rows×cols tile.
func NewTile[T any](rows, cols int) *SharedTile[T] {
	return &SharedTile[T]{Data: make([]T, rows*cols), Rows: rows, Cols: cols}
}

// At returns element (r, c) of the tile.
func (t *SharedTile[T]) At(r, c int) T { return t.Data[r*t.Cols+c] }

// Stage copies the tile-sized window at (r0, c0) of the srcRows×srcCols row-major matrix
// src into the tile, filling with zero outside src, and waits for the whole block.
func (t *SharedTile[T]) Stage(l spmd.Lane, src []T, srcRows, srcCols, r0, c0 int) {
	var zero T
	for k := l.Index(); k < t.Rows*t.Cols; k += l.Count() {
		r, c := r0+k/t.Cols, c0+k%t.Cols
		if r < srcRows && c < srcCols {
			t.Data[k] = src[r*srcCols+c]
		} else {
			t.Data[k] = zero
		}
	}
	l.Barrier()
}

// Strided yields the indices below n that belong to the lane in a block-strided loop:
// Index, Index+Count, ...
func Strided(l spmd.Lane, n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := l.Index(); i < n; i += l.Count() {
			if !yield(i) {
				return
			}
		}
	}
}

// Chunks yields the bounds [lo, hi) of consecutive chunks of size elements covering [0, n).
func Chunks(n, size int) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for lo := 0; lo < n; lo += size {
			if !yield(lo, min(lo+size, n)) {
				return
			}
		}
	}
}

// Queue hands out consecutive work item indices.
type Queue struct{ next int64 }

// Claim reserves n items and returns the first one.
func (q *Queue) Claim(n int) int {
	return int(atomic.AddInt64(&q.next, int64(n)) - int64(n))
}

// TaskPool distributes a fixed set of tasks to whichever lane asks first.
type TaskPool struct{ ch chan int }

// NewTaskPool returns a pool holding tasks.
func NewTaskPool(tasks []int) *TaskPool {
	ch := make(chan int, len(tasks))
	for _, t := range tasks {
		ch <- t
	}
	close(ch)
	return &TaskPool{ch: ch}
}

// Next hands the calling lane the next task; ok is false once the pool is empty. Every
// lane gets a different task.
//
//spmd:divergent
func (p *TaskPool) Next() (task int, ok bool) {
	task, ok = <-p.ch
	return task, ok
}
