// Package graph ports irregular GPU kernels to package spmd: histograms
// with privatized shared bins and warp-aggregated atomics, level-synchronous
// BFS with a work queue, label-propagation connected components, and
// sparse matrix-vector products on CSR matrices, one lane per row and one
// warp per row.
package graph

import (
	"math/bits"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

const block = 64

const (
	histBins  = 256
	histBlock = 256 // one lane per bin
	perLane   = 4   // bytes per lane per block
)

// ByteHistogram counts the bytes of data. The input is cut into blocks of
// histBlock*perLane bytes and each block is one spmd.Run, as each thread
// block is one launch slice on a GPU: the block zeroes its shared bins, counts
// its bytes into them with atomic adds, and flushes the non-zero bins to
// the global histogram. Lanes with no byte left skip the count only.
//
// kernel(ok)
func ByteHistogram(data []byte) ([histBins]int32, error) {
	var hist [histBins]int32
	local := make([]int32, histBins)
	for start := 0; start < len(data); start += histBlock * perLane {
		blk := data[start:min(start+histBlock*perLane, len(data))]
		err := spmd.Run(histBlock, func(l spmd.Lane) {
			tid := l.Index()
			local[tid] = 0
			l.Barrier()
			for k := 0; k < perLane; k++ {
				i := k*l.Count() + tid
				if i < len(blk) {
					atomic.AddInt32(&local[blk[i]], 1)
				}
			}
			l.Barrier()
			if c := local[tid]; c != 0 {
				atomic.AddInt32(&hist[tid], c)
			}
		})
		if err != nil {
			return hist, err
		}
	}
	return hist, nil
}

// ByteHistogramBug has the CUDA prologue "if (i >= n) return;": in the
// last, partial block the lanes past the end leave before the barriers.
//
// kernel(bug)
func ByteHistogramBug(data []byte) ([histBins]int32, error) {
	var hist [histBins]int32
	local := make([]int32, histBins)
	for start := 0; start < len(data); start += histBlock * perLane {
		blk := data[start:min(start+histBlock*perLane, len(data))]
		err := spmd.Run(histBlock, func(l spmd.Lane) {
			tid := l.Index()
			if tid >= len(blk) {
				return
			}
			local[tid] = 0
			l.Barrier() // EXPECT
			for k := 0; k < perLane; k++ {
				i := k*l.Count() + tid
				if i < len(blk) {
					atomic.AddInt32(&local[blk[i]], 1)
				}
			}
			l.Barrier() // EXPECT
			if c := local[tid]; c != 0 {
				atomic.AddInt32(&hist[tid], c)
			}
		})
		if err != nil {
			return hist, err
		}
	}
	return hist, nil
}

// AggregatedHistogram counts values in [0, len(hist)) into hist with
// warp-aggregated atomics: lanes holding the same bin elect a leader with
// a ballot, the leader learns the bin by a broadcast and adds the number
// of lanes that share it in one atomic. The election loop runs until no
// lane is pending, which every lane learns from the same ballot.
//
// kernel(ok)
func AggregatedHistogram(values []uint8, nbins int) ([]int32, error) {
	n := len(values)
	hist := make([]int32, nbins)
	atomics := int32(0)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		for base := 0; base < n; base += l.Count() {
			i := base + tid
			bin := -1
			if i < n {
				bin = int(values[i])
			}
			done := bin < 0
			for {
				pending := spmd.Ballot(l, !done)
				if pending == 0 {
					break
				}
				leader := bits.TrailingZeros64(pending)
				lb := spmd.Broadcast(l, bin, leader)
				same := spmd.Ballot(l, !done && bin == lb)
				if tid == leader {
					atomic.AddInt32(&hist[lb], int32(bits.OnesCount64(same)))
					atomic.AddInt32(&atomics, 1)
				}
				if !done && bin == lb {
					done = true
				}
			}
		}
	})
	return hist, err
}

// AggregatedHistogramBug runs the election loop while the lane itself is
// pending. A lane whose bin has been counted leaves, and the next election
// is held without it.
//
// kernel(bug)
func AggregatedHistogramBug(values []uint8, nbins int) ([]int32, error) {
	n := len(values)
	hist := make([]int32, nbins)
	atomics := int32(0)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		for base := 0; base < n; base += l.Count() {
			i := base + tid
			bin := -1
			if i < n {
				bin = int(values[i])
			}
			done := bin < 0
			for !done {
				pending := spmd.Ballot(l, !done) // EXPECT
				if pending == 0 {
					break
				}
				leader := bits.TrailingZeros64(pending)
				lb := spmd.Broadcast(l, bin, leader)       // EXPECT
				same := spmd.Ballot(l, !done && bin == lb) // EXPECT
				if tid == leader {
					atomic.AddInt32(&hist[lb], int32(bits.OnesCount64(same)))
					atomic.AddInt32(&atomics, 1)
				}
				if !done && bin == lb {
					done = true
				}
			}
		}
	})
	return hist, err
}

// BFS returns the BFS level of every vertex of a CSR graph from src (-1
// when unreachable). Level-synchronous, with two queues in shared memory:
// lanes take the frontier vertices grid-stride, claim unvisited neighbors
// with a compare-and-swap and append them to the next queue with an atomic
// add on its tail. The block learns the size of the next frontier from a
// ReduceAdd of what each lane found and stops when it is zero.
//
// kernel(ok)
func BFS(rowPtr, col []int, src int) ([]int32, error) {
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
		for level := int32(0); ; level++ {
			next := 1 - cur
			found := 0
			for f := tid; f < flen; f += l.Count() {
				v := queues[cur][f]
				for e := rowPtr[v]; e < rowPtr[v+1]; e++ {
					w := col[e]
					if atomic.CompareAndSwapInt32(&dist[w], -1, level+1) {
						pos := atomic.AddInt32(&tail[next], 1) - 1
						queues[next][pos] = int32(w)
						found++
					}
				}
			}
			flen = spmd.ReduceAdd(l, found)
			l.Barrier()
			if tid == 0 {
				tail[cur] = 0 // the queue just read is the one written next
			}
			l.Barrier()
			cur = next
			if flen == 0 {
				break
			}
		}
	})
	return dist, err
}

// BFSBug tests the lane's own count instead of the block's to decide that
// the search is over: a lane that found nothing at this level leaves while
// the others go on to the next level.
//
// kernel(bug)
func BFSBug(rowPtr, col []int, src int) ([]int32, error) {
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
		for level := int32(0); ; level++ {
			next := 1 - cur
			found := 0
			for f := tid; f < flen; f += l.Count() {
				v := queues[cur][f]
				for e := rowPtr[v]; e < rowPtr[v+1]; e++ {
					w := col[e]
					if atomic.CompareAndSwapInt32(&dist[w], -1, level+1) {
						pos := atomic.AddInt32(&tail[next], 1) - 1
						queues[next][pos] = int32(w)
						found++
					}
				}
			}
			flen = spmd.ReduceAdd(l, found) // EXPECT
			l.Barrier()                     // EXPECT
			if tid == 0 {
				tail[cur] = 0 // the queue just read is the one written next
			}
			l.Barrier() // EXPECT
			cur = next
			if found == 0 {
				break
			}
		}
	})
	return dist, err
}

// CooperativeBFS is BFS with the neighbor lists expanded by the whole
// block: for each frontier vertex of the chunk in turn, its owner
// broadcasts it, and all lanes walk its neighbor list together, a chunk of
// Count neighbors per step, appending the newly claimed ones at offsets a
// ballot gives. The number of steps comes from the broadcast vertex's
// degree, the same in every lane.
//
// kernel(ok)
func CooperativeBFS(rowPtr, col []int, src int) ([]int32, error) {
	nv := len(rowPtr) - 1
	dist := make([]int32, nv)
	for i := range dist {
		dist[i] = -1
	}
	dist[src] = 0
	queues := [2][]int32{make([]int32, nv), make([]int32, nv)}
	queues[0][0] = int32(src)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		below := uint64(1)<<uint(tid) - 1
		cur, flen := 0, 1
		for level := int32(0); flen > 0; level++ {
			next := 1 - cur
			tail := 0
			for base := 0; base < flen; base += l.Count() {
				f := base + tid
				myV := -1
				if f < flen {
					myV = int(queues[cur][f])
				}
				for owner := 0; owner < min(l.Count(), flen-base); owner++ {
					v := spmd.Broadcast(l, myV, owner)
					start, deg := rowPtr[v], rowPtr[v+1]-rowPtr[v]
					for k := 0; k < deg; k += l.Count() {
						e := k + tid
						w, isNew := 0, false
						if e < deg {
							w = col[start+e]
							isNew = atomic.CompareAndSwapInt32(&dist[w], -1, level+1)
						}
						newMask := spmd.Ballot(l, isNew)
						if isNew {
							queues[next][tail+bits.OnesCount64(newMask&below)] = int32(w)
						}
						tail += bits.OnesCount64(newMask)
					}
				}
			}
			l.Barrier() // the next queue is complete
			cur, flen = next, tail
		}
	})
	return dist, err
}

// CooperativeBFSBug bounds the walk over the broadcast vertex's neighbors
// by the lane's own vertex's degree, a variable of the same name one scope
// out. The ballot is then in a loop whose trip count is per lane.
//
// kernel(bug)
func CooperativeBFSBug(rowPtr, col []int, src int) ([]int32, error) {
	nv := len(rowPtr) - 1
	dist := make([]int32, nv)
	for i := range dist {
		dist[i] = -1
	}
	dist[src] = 0
	queues := [2][]int32{make([]int32, nv), make([]int32, nv)}
	queues[0][0] = int32(src)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		below := uint64(1)<<uint(tid) - 1
		cur, flen := 0, 1
		for level := int32(0); flen > 0; level++ {
			next := 1 - cur
			tail := 0
			for base := 0; base < flen; base += l.Count() {
				f := base + tid
				myV, myDeg := -1, 0
				if f < flen {
					myV = int(queues[cur][f])
					myDeg = rowPtr[myV+1] - rowPtr[myV]
				}
				for owner := 0; owner < min(l.Count(), flen-base); owner++ {
					v := spmd.Broadcast(l, myV, owner)
					start, deg := rowPtr[v], rowPtr[v+1]-rowPtr[v]
					for k := 0; k < myDeg; k += l.Count() {
						e := k + tid
						w, isNew := 0, false
						if e < deg {
							w = col[start+e]
							isNew = atomic.CompareAndSwapInt32(&dist[w], -1, level+1)
						}
						newMask := spmd.Ballot(l, isNew) // EXPECT
						if isNew {
							queues[next][tail+bits.OnesCount64(newMask&below)] = int32(w)
						}
						tail += bits.OnesCount64(newMask)
					}
				}
			}
			l.Barrier() // the next queue is complete
			cur, flen = next, tail
		}
	})
	return dist, err
}

// Components labels the connected components of an undirected graph given
// as an edge list: every vertex starts with its own index as label and
// edges lower labels with an atomic min until nothing changes. The block
// stops once a whole sweep changed no label anywhere.
//
// kernel(ok)
func Components(nv int, src, dst []int) ([]int32, error) {
	ne := len(src)
	label := make([]int32, nv)
	for i := range label {
		label[i] = int32(i)
	}
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		for sweep := 0; ; sweep++ {
			changed := false
			for e := tid; e < ne; e += l.Count() {
				u, v := src[e], dst[e]
				lu, lv := atomic.LoadInt32(&label[u]), atomic.LoadInt32(&label[v])
				if lu == lv {
					continue
				}
				lo, hi := min(lu, lv), u
				if lu < lv {
					hi = v
				}
				for {
					old := atomic.LoadInt32(&label[hi])
					if lo >= old || atomic.CompareAndSwapInt32(&label[hi], old, lo) {
						break
					}
				}
				changed = true
			}
			l.Barrier()
			if !spmd.Any(l, changed) {
				break
			}
		}
	})
	return label, err
}

// ComponentsBug only asks the others whether anything changed when the
// lane itself changed nothing: the Any is the right operand of &&, and
// since it decides the break, the lanes with changes also miss later
// barriers.
//
// kernel(bug)
func ComponentsBug(nv int, src, dst []int) ([]int32, error) {
	ne := len(src)
	label := make([]int32, nv)
	for i := range label {
		label[i] = int32(i)
	}
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		for sweep := 0; ; sweep++ {
			changed := false
			for e := tid; e < ne; e += l.Count() {
				u, v := src[e], dst[e]
				lu, lv := atomic.LoadInt32(&label[u]), atomic.LoadInt32(&label[v])
				if lu == lv {
					continue
				}
				lo, hi := min(lu, lv), u
				if lu < lv {
					hi = v
				}
				for {
					old := atomic.LoadInt32(&label[hi])
					if lo >= old || atomic.CompareAndSwapInt32(&label[hi], old, lo) {
						break
					}
				}
				changed = true
			}
			l.Barrier()                            // EXPECT
			if !changed && !spmd.Any(l, changed) { // EXPECT
				break
			}
		}
	})
	return label, err
}

// SpMVResidual computes r = b - A*x for a CSR matrix A, one lane per row,
// and returns r and its squared norm. The rows are taken a block at a
// time, so every lane joins the ReduceAdd of every round; lanes past the
// last row add zero.
//
// kernel(ok)
func SpMVResidual(rowPtr, col []int, val, x, b []float64) ([]float64, float64, error) {
	nrows := len(rowPtr) - 1
	r := make([]float64, nrows)
	var norm2 float64
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		var acc float64
		for base := 0; base < nrows; base += l.Count() {
			row := base + tid
			sq := 0.0
			if row < nrows {
				sum := 0.0
				for e := rowPtr[row]; e < rowPtr[row+1]; e++ {
					sum += val[e] * x[col[e]]
				}
				ri := b[row] - sum
				r[row] = ri
				sq = ri * ri
			}
			acc += spmd.ReduceAdd(l, sq)
		}
		if tid == 0 {
			norm2 = acc
		}
	})
	return r, norm2, err
}

// SpMVResidualBug walks the rows grid-stride, row = tid; row < nrows; row
// += Count, with the ReduceAdd inside: when nrows is not a multiple of the
// block, the lanes past the last row miss the final round.
//
// kernel(bug)
func SpMVResidualBug(rowPtr, col []int, val, x, b []float64) ([]float64, float64, error) {
	nrows := len(rowPtr) - 1
	r := make([]float64, nrows)
	var norm2 float64
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		var acc float64
		for row := tid; row < nrows; row += l.Count() {
			sq := 0.0
			{
				sum := 0.0
				for e := rowPtr[row]; e < rowPtr[row+1]; e++ {
					sum += val[e] * x[col[e]]
				}
				ri := b[row] - sum
				r[row] = ri
				sq = ri * ri
			}
			acc += spmd.ReduceAdd(l, sq) // EXPECT
		}
		if tid == 0 {
			norm2 = acc
		}
	})
	return r, norm2, err
}

const warpSize = 32

// SpMVVector computes y = A*x with the CSR-vector kernel: one warp of 32
// lanes per row, the lanes of the warp striding over the row's nonzeros,
// then a butterfly of ShuffleXor within the warp. The block of 64 lanes
// handles two rows per round; in the last round of an odd row count the
// second warp has no row and reduces zeros.
//
// kernel(ok)
func SpMVVector(rowPtr, col []int, val, x []float64) ([]float64, error) {
	nrows := len(rowPtr) - 1
	y := make([]float64, nrows)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		warp, lane := tid/warpSize, tid%warpSize
		warps := l.Count() / warpSize
		for base := 0; base < nrows; base += warps {
			row := base + warp
			sum := 0.0
			if row < nrows {
				for e := rowPtr[row] + lane; e < rowPtr[row+1]; e += warpSize {
					sum += val[e] * x[col[e]]
				}
			}
			for off := warpSize / 2; off > 0; off >>= 1 {
				sum += spmd.ShuffleXor(l, sum, off)
			}
			if lane == 0 && row < nrows {
				y[row] = sum
			}
		}
	})
	return y, err
}

// SpMVVectorBug puts the warp reduction inside the row check.
//
// kernel(bug)
func SpMVVectorBug(rowPtr, col []int, val, x []float64) ([]float64, error) {
	nrows := len(rowPtr) - 1
	y := make([]float64, nrows)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		warp, lane := tid/warpSize, tid%warpSize
		warps := l.Count() / warpSize
		for base := 0; base < nrows; base += warps {
			row := base + warp
			if row < nrows {
				sum := 0.0
				for e := rowPtr[row] + lane; e < rowPtr[row+1]; e += warpSize {
					sum += val[e] * x[col[e]]
				}
				for off := warpSize / 2; off > 0; off >>= 1 {
					sum += spmd.ShuffleXor(l, sum, off) // EXPECT
				}
				if lane == 0 {
					y[row] = sum
				}
			}
		}
	})
	return y, err
}

const tileBytes = 512 // bytes per block of histTiles

// histTiles is a multi-block histogram kernel: the block runs over nTiles
// tiles of tileBytes bytes, and for each it zeroes the shared bins, counts
// the tile into them and flushes them to hist.
//
//spmd:kernel
func histTiles(l spmd.Lane, data []byte, hist, local []int32, nTiles int) {
	tid := l.Index()
	for t := 0; t < nTiles; t++ {
		for b := tid; b < len(local); b += l.Count() {
			local[b] = 0
		}
		l.Barrier()
		for i := t*tileBytes + tid; i < min((t+1)*tileBytes, len(data)); i += l.Count() {
			atomic.AddInt32(&local[data[i]%byte(len(local))], 1)
		}
		l.Barrier()
		for b := tid; b < len(local); b += l.Count() {
			if c := local[b]; c != 0 {
				atomic.AddInt32(&hist[b], c)
			}
		}
		l.Barrier()
	}
}

// TiledHistogram counts the bytes of data modulo nbins with histTiles,
// passing the number of tiles of the input.
//
// kernel(ok)
func TiledHistogram(data []byte, nbins int) ([]int32, error) {
	hist := make([]int32, nbins)
	local := make([]int32, nbins)
	err := spmd.Run(block, func(l spmd.Lane) {
		nTiles := (len(data) + tileBytes - 1) / tileBytes
		histTiles(l, data, hist, local, nTiles)
	})
	return hist, err
}

// TiledHistogramBug counts the tiles from the lane's first byte on, as
// one would count a grid-stride loop's iterations, and passes that to the
// kernel, whose tile loop holds barriers.
//
// kernel(bug)
func TiledHistogramBug(data []byte, nbins int) ([]int32, error) {
	hist := make([]int32, nbins)
	local := make([]int32, nbins)
	err := spmd.Run(block, func(l spmd.Lane) {
		nTiles := (len(data) - l.Index()*(tileBytes/l.Count()) + tileBytes - 1) / tileBytes
		histTiles(l, data, hist, local, nTiles) // EXPECT
	})
	return hist, err
}
