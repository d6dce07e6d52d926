// Package ambig holds kernels whose verdict the documentation does not
// settle for me. No line here is marked as a bug; REPORT.md gives my guess for
// each. Every kernel here runs correctly under spmd.Run unless its doc
// comment says otherwise.
package ambig

import (
	"iter"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

const block = 64

// TreeForCond is the sequential-addressing tree reduction written with a
// "for cond" loop: s is halved at the top of every round by every lane,
// before the lanes with nothing to add continue. At run time s is the same
// in every lane, so every lane runs every round. But the lanes that
// continue meet the others at the loop header, where s is a phi of the
// two paths; the README says such a variable "still counts as divergent
// at the loop header", which would make the barrier in the loop divergent.
//
// kernel(ambig)
func TreeForCond(in []int) (int, error) {
	n := len(in)
	sdata := make([]int, block)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		acc := 0
		for i := tid; i < n; i += l.Count() {
			acc += in[i]
		}
		sdata[tid] = acc
		s := l.Count()
		for s > 1 {
			l.Barrier()
			s >>= 1
			if tid >= s {
				continue
			}
			sdata[tid] += sdata[tid+s]
		}
		l.Barrier()
	})
	return sdata[0], err
}

// BFSShared is level-synchronous BFS where the length of the next frontier
// is read back from the shared tail counter after the barrier. The counter
// is written with atomic adds under divergent control (only the lanes
// that claim a vertex add); the load is at a uniform address of shared
// memory. Is flen, which controls the level loop and its barriers,
// uniform?
//
// kernel(ambig)
func BFSShared(rowPtr, col []int, src int) ([]int32, error) {
	nv := len(rowPtr) - 1
	dist := make([]int32, nv)
	for i := range dist {
		dist[i] = -1
	}
	dist[src] = 0
	queues := [2][]int32{make([]int32, nv), make([]int32, nv)}
	queues[0][0] = int32(src)
	var tail [2]int32
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		cur, flen := 0, 1
		for level := int32(0); flen > 0; level++ {
			next := 1 - cur
			for f := tid; f < flen; f += l.Count() {
				v := queues[cur][f]
				for e := rowPtr[v]; e < rowPtr[v+1]; e++ {
					w := col[e]
					if atomic.CompareAndSwapInt32(&dist[w], -1, level+1) {
						pos := atomic.AddInt32(&tail[next], 1) - 1
						queues[next][pos] = int32(w)
					}
				}
			}
			l.Barrier()
			flen = int(tail[next])
			l.Barrier()
			if tid == 0 {
				tail[cur] = 0
			}
			l.Barrier()
			cur = next
		}
	})
	return dist, err
}

// BFSAtomicRead is BFSShared reading the counter with atomic.AddInt32(p,
// 0), a read-modify-write, whose result the rules call divergent although
// every lane gets the same value here.
//
// kernel(ambig)
func BFSAtomicRead(rowPtr, col []int, src int) ([]int32, error) {
	nv := len(rowPtr) - 1
	dist := make([]int32, nv)
	for i := range dist {
		dist[i] = -1
	}
	dist[src] = 0
	queues := [2][]int32{make([]int32, nv), make([]int32, nv)}
	queues[0][0] = int32(src)
	var tail [2]int32
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		cur, flen := 0, 1
		for level := int32(0); flen > 0; level++ {
			next := 1 - cur
			for f := tid; f < flen; f += l.Count() {
				v := queues[cur][f]
				for e := rowPtr[v]; e < rowPtr[v+1]; e++ {
					w := col[e]
					if atomic.CompareAndSwapInt32(&dist[w], -1, level+1) {
						pos := atomic.AddInt32(&tail[next], 1) - 1
						queues[next][pos] = int32(w)
					}
				}
			}
			l.Barrier()
			flen = int(atomic.AddInt32(&tail[next], 0))
			l.Barrier()
			if tid == 0 {
				tail[cur] = 0
			}
			l.Barrier()
			cur = next
		}
	})
	return dist, err
}

const t2 = 8

func kTiles(k int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for k0 := 0; k0 < k; k0 += t2 {
			if !yield(k0) {
				return
			}
		}
	}
}

// MatMulRangeUnderIf is the tiled matrix multiplication with the whole
// range over the kTiles iterator inside the bounds check: a bug (the lanes
// outside the result skip the barriers, and spmd.Run reports it when the
// result is not a multiple of the tile). The question is where it is
// reported: at the two barriers of the loop body, at the range statement
// (a call of the iterator with a convergent body under divergent
// control), or both.
//
// kernel(ambig, diverges at run time)
func MatMulRangeUnderIf(a, b []float64, m, k, p int) ([]float64, error) {
	c := make([]float64, m*p)
	as := make([]float64, t2*t2)
	bs := make([]float64, t2*t2)
	err := spmd.Run(t2*t2, func(l spmd.Lane) {
		tid := l.Index()
		tx, ty := tid%t2, tid/t2
		for bi := 0; bi < m; bi += t2 {
			for bj := 0; bj < p; bj += t2 {
				row, col := bi+ty, bj+tx
				acc := 0.0
				if row < m && col < p {
					for k0 := range kTiles(k) {
						as[ty*t2+tx], bs[ty*t2+tx] = 0, 0
						if k0+tx < k {
							as[ty*t2+tx] = a[row*k+k0+tx]
						}
						if k0+ty < k {
							bs[ty*t2+tx] = b[(k0+ty)*p+col]
						}
						l.Barrier()
						for kk := range t2 {
							acc += as[ty*t2+kk] * bs[kk*t2+tx]
						}
						l.Barrier()
					}
					c[row*p+col] = acc
				}
			}
		}
	})
	return c, err
}

// WarpAllReduceBranch sums a 32-lane warp's values with a ShuffleXor
// butterfly, after which every lane holds the same total, and then takes
// a branch on the total that holds a barrier. ShuffleXor is declared
// divergent, so statically the total is lane-dependent; at run time it is
// the same everywhere.
//
// kernel(ambig)
func WarpAllReduceBranch(in []int32, threshold int32) ([]int32, error) {
	const warp = 32
	out := make([]int32, warp)
	sh := make([]int32, warp)
	err := spmd.Run(warp, func(l spmd.Lane) {
		tid := l.Index()
		var v int32
		for i := tid; i < len(in); i += warp {
			v += in[i]
		}
		for off := warp / 2; off > 0; off >>= 1 {
			v += spmd.ShuffleXor(l, v, off)
		}
		sh[tid] = v
		out[tid] = v
		if v > threshold {
			l.Barrier()
			out[tid] = sh[(tid+1)%warp] - v // zero: all totals agree
			l.Barrier()
		}
	})
	return out, err
}

// GatherPanicGuard stages data[idx[tid]] in shared memory, panicking on an
// out-of-range index instead of skipping it. The README says a branch that
// only decides whether some lanes panic is not divergence.
//
// kernel(ambig)
func GatherPanicGuard(data []float64, idx []int) ([]float64, error) {
	out := make([]float64, len(idx))
	sh := make([]float64, block)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		for base := 0; base < len(idx); base += l.Count() {
			i := base + tid
			v := 0.0
			if i < len(idx) {
				if idx[i] < 0 || idx[i] >= len(data) {
					panic("gather: index out of range")
				}
				v = data[idx[i]]
			}
			sh[tid] = v
			l.Barrier()
			if i < len(idx) {
				out[i] = sh[tid] + sh[(tid+1)%l.Count()] // pairwise smoothing
			}
			l.Barrier()
		}
	})
	return out, err
}

// GatherPanicRecover is GatherPanicGuard with a deferred recover in the
// kernel that records the failure: the lanes that panic now return, and
// the panic branch is divergence (README: "Unless the function defers a
// recover"). It diverges at run time when an index is out of range.
//
// kernel(ambig)
func GatherPanicRecover(data []float64, idx []int) ([]float64, []bool, error) {
	out := make([]float64, len(idx))
	failed := make([]bool, block)
	sh := make([]float64, block)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		defer func() {
			if r := recover(); r != nil {
				failed[tid] = true
			}
		}()
		for base := 0; base < len(idx); base += l.Count() {
			i := base + tid
			v := 0.0
			if i < len(idx) {
				if idx[i] < 0 || idx[i] >= len(data) {
					panic("gather: index out of range")
				}
				v = data[idx[i]]
			}
			sh[tid] = v
			l.Barrier()
			if i < len(idx) {
				out[i] = sh[tid] + sh[(tid+1)%l.Count()] // pairwise smoothing
			}
			l.Barrier()
		}
	})
	return out, failed, err
}

// WindowFIR filters x with the taps w, one output per lane (len(x) -
// len(w) + 1 <= block), and tracks the peak magnitude the partial sums
// reach over the block, step by step, to pick a fixed-point format. Each
// lane walks its own window, j from start = tid to start+taps, so the loop
// condition depends on the lane, but the trip count, taps, is the same in
// every lane, and every lane reaches every ReduceMax.
//
// kernel(ambig)
func WindowFIR(x []float64, w []float64) ([]float64, float64, error) {
	taps := len(w)
	n := len(x) - taps + 1
	out := make([]float64, max(n, 0))
	var peak float64
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		start := tid
		acc, top := 0.0, 0.0
		for j := start; j < start+taps; j++ {
			if j < len(x) {
				acc += w[j-start] * x[j]
			}
			top = max(top, spmd.ReduceMax(l, max(acc, -acc)))
		}
		if tid < n {
			out[tid] = acc
		}
		if tid == 0 {
			peak = top
		}
	})
	return out, peak, err
}
