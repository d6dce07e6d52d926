// Package scan ports prefix-sum kernels to package spmd: the naive
// double-buffered Hillis-Steele scan and the work-efficient Blelloch scan
// of GPU Gems 3 chapter 39, register scans with shuffles, stream
// compaction with ballots, segmented scans, and the scans that build CSR
// row pointers and expand frontiers. Large inputs are processed one chunk
// per round with a uniform carry.
package scan

import (
	"math/bits"

	"github.com/spmdvet/spmdvet/spmd"
)

const block = 64

// HillisSteele writes the inclusive prefix sums of in to a new slice. Each
// chunk is scanned in shared memory with two buffers that swap roles every
// step (GPU Gems 3, example 39-1); the barrier after each step is reached
// by all lanes, whichever arm of the if they took.
//
// kernel(ok)
func HillisSteele(in []int) ([]int, error) {
	n := len(in)
	out := make([]int, n)
	temp := make([]int, 2*block)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		count := l.Count()
		carry := 0
		for base := 0; base < n; base += count {
			i := base + tid
			v := 0
			if i < n {
				v = in[i]
			}
			pout, pin := 0, 1
			temp[pout*count+tid] = v
			l.Barrier()
			for off := 1; off < count; off *= 2 {
				pout = 1 - pout
				pin = 1 - pout
				if tid >= off {
					temp[pout*count+tid] = temp[pin*count+tid] + temp[pin*count+tid-off]
				} else {
					temp[pout*count+tid] = temp[pin*count+tid]
				}
				l.Barrier()
			}
			if i < n {
				out[i] = carry + temp[pout*count+tid]
			}
			carry += temp[pout*count+count-1]
			l.Barrier() // the chunk total is read before the buffers are reused
		}
	})
	return out, err
}

// HillisSteeleBug puts a barrier at the end of each arm of the if, "after
// each write". The two arms are two different barriers: the lanes that add
// and the lanes that copy wait at different places.
//
// kernel(bug)
func HillisSteeleBug(in []int) ([]int, error) {
	n := len(in)
	out := make([]int, n)
	temp := make([]int, 2*block)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		count := l.Count()
		carry := 0
		for base := 0; base < n; base += count {
			i := base + tid
			v := 0
			if i < n {
				v = in[i]
			}
			pout, pin := 0, 1
			temp[pout*count+tid] = v
			l.Barrier()
			for off := 1; off < count; off *= 2 {
				pout = 1 - pout
				pin = 1 - pout
				if tid >= off {
					temp[pout*count+tid] = temp[pin*count+tid] + temp[pin*count+tid-off]
					l.Barrier() // EXPECT
				} else {
					temp[pout*count+tid] = temp[pin*count+tid]
					l.Barrier() // EXPECT
				}
			}
			if i < n {
				out[i] = carry + temp[pout*count+tid]
			}
			carry += temp[pout*count+count-1]
			l.Barrier() // the chunk total is read before the buffers are reused
		}
	})
	return out, err
}

// Blelloch writes the exclusive prefix sums of in. Each chunk of 2*block
// elements is scanned in shared memory by the work-efficient algorithm
// (GPU Gems 3, example 39-2): an up-sweep that builds partial sums in
// place, then a down-sweep from the cleared root. Every lane runs every
// level of both sweeps; only the lanes below d do the arithmetic.
//
// kernel(ok)
func Blelloch(in []int) ([]int, error) {
	n := len(in)
	out := make([]int, n)
	temp := make([]int, 2*block)
	chunkTotal := make([]int, 1)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		m := 2 * l.Count() // elements per chunk
		carry := 0
		for base := 0; base < n; base += m {
			a, b := base+2*tid, base+2*tid+1
			temp[2*tid], temp[2*tid+1] = 0, 0
			if a < n {
				temp[2*tid] = in[a]
			}
			if b < n {
				temp[2*tid+1] = in[b]
			}
			offset := 1
			for d := m >> 1; d > 0; d >>= 1 { // up-sweep
				l.Barrier()
				if tid < d {
					ai := offset*(2*tid+1) - 1
					bi := offset*(2*tid+2) - 1
					temp[bi] += temp[ai]
				}
				offset *= 2
			}
			if tid == 0 {
				chunkTotal[0] = temp[m-1]
				temp[m-1] = 0 // clear the root
			}
			for d := 1; d < m; d *= 2 { // down-sweep
				offset >>= 1
				l.Barrier()
				if tid < d {
					ai := offset*(2*tid+1) - 1
					bi := offset*(2*tid+2) - 1
					t := temp[ai]
					temp[ai] = temp[bi]
					temp[bi] += t
				}
			}
			l.Barrier()
			if a < n {
				out[a] = carry + temp[2*tid]
			}
			if b < n {
				out[b] = carry + temp[2*tid+1]
			}
			carry += chunkTotal[0]
			l.Barrier() // temp and chunkTotal are free for the next chunk
		}
	})
	return out, err
}

// BlellochBug folds "if tid < d" into the bound of the up-sweep loop, so
// that a lane stops iterating as soon as it has no more adds to do. The
// lanes then leave the loop at different levels, and the barrier in it is
// reached by fewer lanes at each level.
//
// kernel(bug)
func BlellochBug(in []int) ([]int, error) {
	n := len(in)
	out := make([]int, n)
	temp := make([]int, 2*block)
	chunkTotal := make([]int, 1)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		m := 2 * l.Count() // elements per chunk
		carry := 0
		for base := 0; base < n; base += m {
			a, b := base+2*tid, base+2*tid+1
			temp[2*tid], temp[2*tid+1] = 0, 0
			if a < n {
				temp[2*tid] = in[a]
			}
			if b < n {
				temp[2*tid+1] = in[b]
			}
			offset := 1
			for d := m >> 1; d > tid; d >>= 1 { // up-sweep
				l.Barrier() // EXPECT
				ai := offset*(2*tid+1) - 1
				bi := offset*(2*tid+2) - 1
				temp[bi] += temp[ai]
				offset *= 2
			}
			if tid == 0 {
				chunkTotal[0] = temp[m-1]
				temp[m-1] = 0 // clear the root
			}
			for d := 1; d < m; d *= 2 { // down-sweep
				offset >>= 1
				l.Barrier()
				if tid < d {
					ai := offset*(2*tid+1) - 1
					bi := offset*(2*tid+2) - 1
					t := temp[ai]
					temp[ai] = temp[bi]
					temp[bi] += t
				}
			}
			l.Barrier()
			if a < n {
				out[a] = carry + temp[2*tid]
			}
			if b < n {
				out[b] = carry + temp[2*tid+1]
			}
			carry += chunkTotal[0]
			l.Barrier() // temp and chunkTotal are free for the next chunk
		}
	})
	return out, err
}

// ShuffleScan writes the inclusive prefix sums of in with a register
// scan: log2(Count) shuffle steps per chunk, in which every lane fetches
// the value off lanes below it (its own index, clamped, when there is
// none) and only the lanes at or above off add. The chunk total comes from
// the last lane with a uniform Broadcast.
//
// kernel(ok)
func ShuffleScan(in []int64) ([]int64, error) {
	n := len(in)
	out := make([]int64, n)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		count := l.Count()
		var carry int64
		for base := 0; base < n; base += count {
			i := base + tid
			var v int64
			if i < n {
				v = in[i]
			}
			for off := 1; off < count; off <<= 1 {
				up := spmd.Shuffle(l, v, max(tid-off, 0))
				if tid >= off {
					v += up
				}
			}
			if i < n {
				out[i] = carry + v
			}
			carry += spmd.Broadcast(l, v, count-1)
		}
	})
	return out, err
}

// ShuffleScanBug stops each lane's shuffle loop once off passes its own
// index, since "lane tid only has tid lanes below it". Lane 0 shuffles
// never, lane 1 once, lane 63 six times: the shuffle is in a loop whose
// trip count is per lane.
//
// kernel(bug)
func ShuffleScanBug(in []int64) ([]int64, error) {
	n := len(in)
	out := make([]int64, n)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		count := l.Count()
		var carry int64
		for base := 0; base < n; base += count {
			i := base + tid
			var v int64
			if i < n {
				v = in[i]
			}
			for off := 1; off <= tid; off <<= 1 {
				up := spmd.Shuffle(l, v, tid-off) // EXPECT
				v += up
			}
			if i < n {
				out[i] = carry + v
			}
			carry += spmd.Broadcast(l, v, count-1)
		}
	})
	return out, err
}

// Compact returns the elements of in that are multiples of k, in order:
// stream compaction with a ballot per chunk. Every lane votes, the lanes
// that keep their element count the set bits below their own to find
// where it goes.
//
// kernel(ok)
func Compact(in []int, k int) ([]int, error) {
	n := len(in)
	out := make([]int, n)
	kept := 0
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		total := 0
		below := uint64(1)<<uint(tid) - 1
		for base := 0; base < n; base += l.Count() {
			i := base + tid
			keep := i < n && in[i]%k == 0
			mask := spmd.Ballot(l, keep)
			if keep {
				pos := bits.OnesCount64(mask & below)
				out[total+pos] = in[i]
			}
			total += bits.OnesCount64(mask)
		}
		if tid == 0 {
			kept = total
		}
	})
	return out[:kept], err
}

// CompactBug takes the ballot for the positions inside "if keep", where
// only the keeping lanes vote (the vote is true in all of them). The
// chunk's count is taken with a second ballot outside. The lanes that do
// not keep their element skip the first ballot.
//
// kernel(bug)
func CompactBug(in []int, k int) ([]int, error) {
	n := len(in)
	out := make([]int, n)
	kept := 0
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		total := 0
		below := uint64(1)<<uint(tid) - 1
		for base := 0; base < n; base += l.Count() {
			i := base + tid
			keep := i < n && in[i]%k == 0
			if keep {
				mask := spmd.Ballot(l, true) // EXPECT
				pos := bits.OnesCount64(mask & below)
				out[total+pos] = in[i]
			}
			total += bits.OnesCount64(spmd.Ballot(l, keep))
		}
		if tid == 0 {
			kept = total
		}
	})
	return out[:kept], err
}

// ExpandNeighbors gathers the neighbor lists of the vertices in frontier
// (a graph in CSR form: the neighbors of v are col[rowPtr[v]:rowPtr[v+1]])
// into one queue, as the gather step of a BFS does. Lanes own vertices;
// in round k every lane with a k-th neighbor emits it, at the offset an
// exclusive scan of the emitting lanes gives. The number of rounds is the
// largest degree in the chunk, the same for every lane.
//
// kernel(ok)
func ExpandNeighbors(rowPtr, col, frontier []int) ([]int, error) {
	n := len(frontier)
	queue := make([]int, len(col))
	qlen := 0
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		tail := 0
		for base := 0; base < n; base += l.Count() {
			f := base + tid
			start, deg := 0, 0
			if f < n {
				v := frontier[f]
				start, deg = rowPtr[v], rowPtr[v+1]-rowPtr[v]
			}
			rounds := spmd.ReduceMax(l, deg)
			for k := 0; k < rounds; k++ {
				emit := 0
				if k < deg {
					emit = 1
				}
				pos := tail + spmd.ExclusiveAdd(l, emit)
				if emit == 1 {
					queue[pos] = col[start+k]
				}
				tail += spmd.ReduceAdd(l, emit)
			}
		}
		if tid == 0 {
			qlen = tail
		}
	})
	return queue[:qlen], err
}

// ExpandNeighborsBug runs the rounds up to the lane's own degree: the scan
// and the reduction that advance the queue are in a loop whose trip count
// is per lane.
//
// kernel(bug)
func ExpandNeighborsBug(rowPtr, col, frontier []int) ([]int, error) {
	n := len(frontier)
	queue := make([]int, len(col))
	qlen := 0
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		tail := 0
		for base := 0; base < n; base += l.Count() {
			f := base + tid
			start, deg := 0, 0
			if f < n {
				v := frontier[f]
				start, deg = rowPtr[v], rowPtr[v+1]-rowPtr[v]
			}
			for k := 0; k < deg; k++ {
				emit := 0
				if k < deg {
					emit = 1
				}
				pos := tail + spmd.ExclusiveAdd(l, emit) // EXPECT
				if emit == 1 {
					queue[pos] = col[start+k]
				}
				tail += spmd.ReduceAdd(l, emit) // EXPECT
			}
		}
		if tid == 0 {
			qlen = tail
		}
	})
	return queue[:qlen], err
}

// RowPointers turns per-row counts into CSR row pointers (rowPtr[0] = 0,
// rowPtr[r+1] = counts[0] + ... + counts[r]) with one inclusive scan per
// chunk. Lanes past the end scan a zero.
//
// kernel(ok)
func RowPointers(counts []int) ([]int, error) {
	n := len(counts)
	rowPtr := make([]int, n+1)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		count := l.Count()
		carry := 0
		for base := 0; base < n; base += count {
			i := base + tid
			c := 0
			if i < n {
				c = counts[i]
			}
			incl := spmd.InclusiveAdd(l, c)
			if i < n {
				rowPtr[i+1] = carry + incl
			}
			carry += spmd.Broadcast(l, incl, count-1)
		}
	})
	return rowPtr, err
}

// RowPointersBug lets the lanes past the end of the last chunk break out
// of the chunk loop before the scan.
//
// kernel(bug)
func RowPointersBug(counts []int) ([]int, error) {
	n := len(counts)
	rowPtr := make([]int, n+1)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		count := l.Count()
		carry := 0
		for base := 0; base < n; base += count {
			i := base + tid
			if i >= n {
				break // nothing left for this lane
			}
			c := counts[i]
			incl := spmd.InclusiveAdd(l, c) // EXPECT
			rowPtr[i+1] = carry + incl
			carry += spmd.Broadcast(l, incl, count-1) // EXPECT
		}
	})
	return rowPtr, err
}

// SegmentedScan writes, for each i, the sum of vals from the last j <= i
// with head[j] set (or from 0) up to i. Per chunk: a ballot of the heads,
// an inclusive scan, and a shuffle that fetches, from the lane where the
// lane's segment starts, the exclusive sum there. Lane 0 of each chunk
// counts as a segment start and carries the open segment of the previous
// chunk in its value.
//
// kernel(ok)
func SegmentedScan(vals []int, head []bool) ([]int, error) {
	n := len(vals)
	out := make([]int, n)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		count := l.Count()
		upTo := uint64(2)<<uint(tid) - 1 // lanes 0..tid
		carry := 0
		for base := 0; base < n; base += count {
			i := base + tid
			v, h := 0, false
			if i < n {
				v, h = vals[i], head[i]
			}
			if tid == 0 && !h {
				v += carry
			}
			heads := spmd.Ballot(l, h || tid == 0)
			start := 63 - bits.LeadingZeros64(heads&upTo)
			incl := spmd.InclusiveAdd(l, v)
			excl := incl - v
			before := spmd.Shuffle(l, excl, start)
			seg := incl - before
			if i < n {
				out[i] = seg
			}
			carry = spmd.Broadcast(l, seg, count-1)
		}
	})
	return out, err
}

// SegmentedScanBug skips the shuffle in the lanes that start a segment,
// whose "before" is their own exclusive sum anyway.
//
// kernel(bug)
func SegmentedScanBug(vals []int, head []bool) ([]int, error) {
	n := len(vals)
	out := make([]int, n)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		count := l.Count()
		upTo := uint64(2)<<uint(tid) - 1 // lanes 0..tid
		carry := 0
		for base := 0; base < n; base += count {
			i := base + tid
			v, h := 0, false
			if i < n {
				v, h = vals[i], head[i]
			}
			if tid == 0 && !h {
				v += carry
			}
			heads := spmd.Ballot(l, h || tid == 0)
			start := 63 - bits.LeadingZeros64(heads&upTo)
			incl := spmd.InclusiveAdd(l, v)
			excl := incl - v
			before := excl
			if start != tid {
				before = spmd.Shuffle(l, excl, start) // EXPECT
			}
			seg := incl - before
			if i < n {
				out[i] = seg
			}
			carry = spmd.Broadcast(l, seg, count-1)
		}
	})
	return out, err
}

// blockExclusiveScan is a device function: the exclusive Hillis-Steele
// scan of v over the block through temp (2*Count ints), returning the
// lane's exclusive prefix and the block total. Every lane must call it.
func blockExclusiveScan(l spmd.Lane, temp []int, v int) (excl, total int) {
	tid, count := l.Index(), l.Count()
	pout := 0
	temp[tid] = v
	l.Barrier()
	for off := 1; off < count; off *= 2 {
		pin := pout
		pout = 1 - pout
		x := temp[pin*count+tid]
		if tid >= off {
			x += temp[pin*count+tid-off]
		}
		temp[pout*count+tid] = x
		l.Barrier()
	}
	incl := temp[pout*count+tid]
	total = temp[pout*count+count-1]
	l.Barrier() // everyone has read before temp is reused
	return incl - v, total
}

// SplitByBit stably partitions every chunk of block keys by bit b: the
// keys with the bit clear first, then those with it set, as one pass of a
// block-local radix sort does. The scan of the "bit clear" flags gives each
// clear key its slot and the total where the set keys begin.
//
// kernel(ok)
func SplitByBit(keys []uint32, b uint) ([]uint32, error) {
	n := len(keys)
	out := make([]uint32, n)
	temp := make([]int, 2*block)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		for base := 0; base < n; base += l.Count() {
			i := base + tid
			valid := i < n
			var key uint32
			clear := 0
			if valid {
				key = keys[i]
				if key>>b&1 == 0 {
					clear = 1
				}
			}
			excl, zeros := blockExclusiveScan(l, temp, clear)
			if valid {
				dst := excl
				if clear == 0 {
					dst = zeros + (i - base) - excl
				}
				out[base+dst] = key
			}
		}
	})
	return out, err
}

// SplitByBitBug ranks only the lanes that hold a key: the call of the
// scan device function, which waits at barriers, is in the branch.
//
// kernel(bug)
func SplitByBitBug(keys []uint32, b uint) ([]uint32, error) {
	n := len(keys)
	out := make([]uint32, n)
	temp := make([]int, 2*block)
	err := spmd.Run(block, func(l spmd.Lane) {
		tid := l.Index()
		for base := 0; base < n; base += l.Count() {
			i := base + tid
			valid := i < n
			var key uint32
			clear := 0
			if valid {
				key = keys[i]
				if key>>b&1 == 0 {
					clear = 1
				}
				excl, zeros := blockExclusiveScan(l, temp, clear) // EXPECT
				dst := excl
				if clear == 0 {
					dst = zeros + (i - base) - excl
				}
				out[base+dst] = key
			}
		}
	})
	return out, err
}
