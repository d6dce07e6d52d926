// Package gotoloops holds kernels whose loops are written with goto: scans
// and relaxations as label/goto loops, do-while loops closed by a backward
// goto, a goto that leaves a two-level nest, a compare-and-swap retry loop,
// a per-lane state machine, and irreducible loops, entered in the middle
// (a software-pipelined loop that skips its first load, a two-stage
// ping-pong). The correct twins take every goto that closes or enters a
// cycle on a uniform condition, or keep the collectives out of the cycles
// that lanes leave on their own.
package gotoloops

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// ScanGoto computes the inclusive prefix sums of data with the
// Hillis-Steele scan, one element per lane, written as a goto loop over the
// offsets 1, 2, 4, ... < n: each step reads the element off places to the
// left, waits, adds it in, and waits again.
//
// kernel(ok)
func ScanGoto(data []int) ([]int, error) {
	n := len(data)
	buf := make([]int, n)
	copy(buf, data)
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		off := 1
		add := 0
	step:
		if off >= n {
			goto done
		}
		add = 0
		if i >= off {
			add = buf[i-off]
		}
		l.Barrier()
		buf[i] += add
		l.Barrier()
		off *= 2
		goto step
	done:
		out[i] = buf[i]
	})
	return out, err
}

// ScanGotoEarlyOut lets lane i leave the step loop once off > i, since its
// own prefix is then complete: lane 0 leaves at once and the barriers of
// later steps wait for the low lanes.
//
// kernel(bug)
func ScanGotoEarlyOut(data []int) ([]int, error) {
	n := len(data)
	buf := make([]int, n)
	copy(buf, data)
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		off := 1
		add := 0
	step:
		if off > i {
			goto done
		}
		add = buf[i-off]
		l.Barrier() // EXPECT
		buf[i] += add
		l.Barrier() // EXPECT
		off *= 2
		goto step
	done:
		out[i] = buf[i]
	})
	return out, err
}

// Components labels the connected components of an undirected graph in CSR
// form (adjPtr, adj) by min-label propagation, one vertex per lane: each
// round every vertex takes the smallest label among itself and its
// neighbours, between two barriers. The round loop is a do-while closed by a
// backward goto, taken while Any vertex changed. After it, ReduceAdd counts
// the components (the vertices that kept their own label).
//
// kernel(ok)
func Components(adjPtr, adj []int) (labels []int, count int, err error) {
	n := len(adjPtr) - 1
	lab := make([]int, n)
	for v := range lab {
		lab[v] = v
	}
	err = spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		best := 0
		changed := false
	again:
		best = lab[i]
		for k := adjPtr[i]; k < adjPtr[i+1]; k++ {
			best = min(best, lab[adj[k]])
		}
		l.Barrier()
		changed = best < lab[i]
		lab[i] = best
		l.Barrier()
		if spmd.Any(l, changed) {
			goto again
		}
		roots := 0
		if lab[i] == i {
			roots = 1
		}
		c := spmd.ReduceAdd(l, roots)
		if i == 0 {
			count = c
		}
	})
	return lab, count, err
}

// ComponentsLocal closes the round loop on the vertex's own change: a
// vertex whose label is already final stops, and the barriers of the round
// wait for it. The ReduceAdd after the loop is where the lanes meet again.
//
// kernel(bug)
func ComponentsLocal(adjPtr, adj []int) (labels []int, count int, err error) {
	n := len(adjPtr) - 1
	lab := make([]int, n)
	for v := range lab {
		lab[v] = v
	}
	err = spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		best := 0
		changed := false
	again:
		best = lab[i]
		for k := adjPtr[i]; k < adjPtr[i+1]; k++ {
			best = min(best, lab[adj[k]])
		}
		l.Barrier() // EXPECT
		changed = best < lab[i]
		lab[i] = best
		l.Barrier() // EXPECT
		if changed {
			goto again
		}
		roots := 0
		if lab[i] == i {
			roots = 1
		}
		c := spmd.ReduceAdd(l, roots)
		if i == 0 {
			count = c
		}
	})
	return lab, count, err
}

// PipelinedSum adds up, for each lane i, the elements src[r*lanes+(i+1)%lanes]
// of rounds r = 0..rounds-1: each round the lanes stage their own element
// into a shared tile and take their right neighbour's after a barrier. The
// loop is software-pipelined and written with goto: when the caller has
// already staged round 0 (warm, a kernel parameter), all lanes jump into
// the middle of the loop, to use, with first holding the neighbour values.
// The loop is irreducible, but all lanes enter it at the same block. A
// ReduceAdd of the sums follows the loop.
//
// kernel(ok)
func PipelinedSum(src, first []float64, lanes, rounds int, warm bool) (sums []float64, total float64, err error) {
	tile := make([]float64, lanes)
	sums = make([]float64, lanes)
	err = spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		k := 0
		v := 0.0
		acc := 0.0
		if warm {
			v = first[i]
			goto use
		}
	fetch:
		tile[i] = src[k*lanes+i]
		l.Barrier()
		v = tile[(i+1)%lanes]
		l.Barrier()
	use:
		acc += v
		k++
		if k < rounds {
			goto fetch
		}
		sums[i] = acc
		t := spmd.ReduceAdd(l, acc)
		if i == 0 {
			total = t
		}
	})
	return sums, total, err
}

// PipelinedSumPerLane decides per lane whether round 0 is already there (a
// nonzero first value): the lanes split by that branch enter the irreducible
// loop at different blocks, fetch and use, and its barriers no longer line
// up.
//
// kernel(bug)
func PipelinedSumPerLane(src, first []float64, lanes, rounds int) (sums []float64, err error) {
	tile := make([]float64, lanes)
	sums = make([]float64, lanes)
	err = spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		k := 0
		v := 0.0
		acc := 0.0
		if first[i] != 0 {
			v = first[i]
			goto use
		}
	fetch:
		tile[i] = src[k*lanes+i]
		l.Barrier() // EXPECT
		v = tile[(i+1)%lanes]
		l.Barrier() // EXPECT
	use:
		acc += v
		k++
		if k < rounds {
			goto fetch
		}
		sums[i] = acc
	})
	return sums, err
}

// FindKeys finds each lane's key in a rows×cols grid (at least cols lanes),
// staging one row at a time in a shared buffer. When All lanes have found
// their key, they jump out of the row loop together with goto found, where
// ReduceAdd counts the hits.
//
// kernel(ok)
func FindKeys(grid []int, rows, cols int, keys []int) (where []int, hits int, err error) {
	buf := make([]int, cols)
	where = make([]int, len(keys))
	err = spmd.Run(len(keys), func(l spmd.Lane) {
		i := l.Index()
		pos := -1
		for r := 0; r < rows; r++ {
			if i < cols {
				buf[i] = grid[r*cols+i]
			}
			l.Barrier()
			for c := 0; c < cols && pos < 0; c++ {
				if buf[c] == keys[i] {
					pos = r*cols + c
				}
			}
			if spmd.All(l, pos >= 0) {
				goto found
			}
			l.Barrier()
		}
	found:
		one := 0
		if pos >= 0 {
			one = 1
		}
		h := spmd.ReduceAdd(l, one)
		where[i] = pos
		if i == 0 {
			hits = h
		}
	})
	return where, hits, err
}

// FindKeysGoto jumps to found from the scan loop as soon as the lane sees
// its key: it leaves both loops on its own, and both barriers of the row
// loop wait for it. At found, where the lanes that jumped and the lanes that
// ran out of rows meet, the ReduceAdd is reached by all.
//
// kernel(bug)
func FindKeysGoto(grid []int, rows, cols int, keys []int) (where []int, hits int, err error) {
	buf := make([]int, cols)
	where = make([]int, len(keys))
	err = spmd.Run(len(keys), func(l spmd.Lane) {
		i := l.Index()
		pos := -1
		for r := 0; r < rows; r++ {
			if i < cols {
				buf[i] = grid[r*cols+i]
			}
			l.Barrier() // EXPECT
			for c := 0; c < cols; c++ {
				if buf[c] == keys[i] {
					pos = r*cols + c
					goto found
				}
			}
			l.Barrier() // EXPECT
		}
	found:
		one := 0
		if pos >= 0 {
			one = 1
		}
		h := spmd.ReduceAdd(l, one)
		where[i] = pos
		if i == 0 {
			hits = h
		}
	})
	return where, hits, err
}

// Insert puts distinct nonzero keys into an open-addressing hash table with
// linear probing, one key per lane, in lockstep probe rounds: a lane that
// has not placed its key tries a compare-and-swap, and every lane waits at
// the round's barrier; the probe loop is closed by a goto taken while Any
// lane still has its key in hand.
//
// kernel(ok)
func Insert(slots []int64, keys []int64) ([]int, error) {
	size := int64(len(slots))
	pos := make([]int, len(keys))
	err := spmd.Run(len(keys), func(l spmd.Lane) {
		i := l.Index()
		key := keys[i]
		h := key % size
		placed := false
	probe:
		if !placed {
			if atomic.CompareAndSwapInt64(&slots[h], 0, key) {
				placed = true
			} else {
				h = (h + 1) % size
			}
		}
		l.Barrier()
		if spmd.Any(l, !placed) {
			goto probe
		}
		pos[i] = int(h)
	})
	return pos, err
}

// InsertRetry retries its own compare-and-swap with a goto until it wins:
// the result of CompareAndSwap differs between the lanes that collide, so
// the lanes leave the retry loop, and its barrier, in different rounds.
//
// kernel(bug)
func InsertRetry(slots []int64, keys []int64) ([]int, error) {
	size := int64(len(slots))
	pos := make([]int, len(keys))
	err := spmd.Run(len(keys), func(l spmd.Lane) {
		i := l.Index()
		key := keys[i]
		h := key % size
	probe:
		l.Barrier() // EXPECT
		if !atomic.CompareAndSwapInt64(&slots[h], 0, key) {
			h = (h + 1) % size
			goto probe
		}
		pos[i] = int(h)
	})
	return pos, err
}

// A Run is one run of a run-length encoding: N copies of V.
type Run struct{ N, V int }

// DecodeRLE decodes run-length segments, lane i owning runs
// runs[segPtr[i]:segPtr[i+1]], in rounds: in round r every lane decodes its
// r-th run (or nothing once it has none left), ExclusiveAdd places it after
// the runs of the lanes before it, and ReduceAdd moves the base past the
// round. The round loop is a goto loop over the longest segment (ReduceMax),
// so all lanes run it alike.
//
// kernel(ok)
func DecodeRLE(runs []Run, segPtr []int) ([]int, error) {
	lanes := len(segPtr) - 1
	size := 0
	for _, r := range runs {
		size += r.N
	}
	out := make([]int, size)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		k := segPtr[i]
		rounds := spmd.ReduceMax(l, segPtr[i+1]-segPtr[i])
		r := 0
		base := 0
	next:
		if r < rounds {
			cnt, val := 0, 0
			if k < segPtr[i+1] {
				cnt, val = runs[k].N, runs[k].V
			}
			off := spmd.ExclusiveAdd(l, cnt)
			total := spmd.ReduceAdd(l, cnt)
			for j := 0; j < cnt; j++ {
				out[base+off+j] = val
			}
			base += total
			k++
			r++
			goto next
		}
	})
	return out, err
}

// DecodeRLEOwnRuns loops over the lane's own runs only, with the collectives
// of the round inside: a lane with fewer runs leaves the goto loop while the
// others still scan and sum.
//
// kernel(bug)
func DecodeRLEOwnRuns(runs []Run, segPtr []int) ([]int, error) {
	lanes := len(segPtr) - 1
	size := 0
	for _, r := range runs {
		size += r.N
	}
	out := make([]int, size)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		k := segPtr[i]
		base := 0
	next:
		if k < segPtr[i+1] {
			cnt, val := runs[k].N, runs[k].V
			off := spmd.ExclusiveAdd(l, cnt) // EXPECT
			total := spmd.ReduceAdd(l, cnt)  // EXPECT
			for j := 0; j < cnt; j++ {
				out[base+off+j] = val
			}
			base += total
			k++
			goto next
		}
	})
	return out, err
}

// Relax runs steps half-steps of a two-buffer three-point average on a
// ring, alternating stage A (a -> b) and stage B (b -> a), each ending in a
// barrier. The two stages form a goto cycle that is entered at stage B when
// startB, a kernel parameter, is set: all lanes enter at the same stage.
//
// kernel(ok)
func Relax(a, b []float64, steps int, startB bool) error {
	n := len(a)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		left, right := (i+n-1)%n, (i+1)%n
		k := 0
		if k == steps {
			goto done
		}
		if startB {
			goto stageB
		}
	stageA:
		b[i] = (a[left] + a[i] + a[right]) / 3
		l.Barrier()
		k++
		if k == steps {
			goto done
		}
	stageB:
		a[i] = (b[left] + b[i] + b[right]) / 3
		l.Barrier()
		k++
		if k < steps {
			goto stageA
		}
	done:
	})
}

// RelaxParity lets the odd lanes start with stage B, like a red-black
// ordering: the lanes split by parity enter the goto cycle at different
// stages and wait at different barriers.
//
// kernel(bug)
func RelaxParity(a, b []float64, steps int) error {
	n := len(a)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		left, right := (i+n-1)%n, (i+1)%n
		k := 0
		if k == steps {
			goto done
		}
		if i%2 == 1 {
			goto stageB
		}
	stageA:
		b[i] = (a[left] + a[i] + a[right]) / 3
		l.Barrier() // EXPECT
		k++
		if k == steps {
			goto done
		}
	stageB:
		a[i] = (b[left] + b[i] + b[right]) / 3
		l.Barrier() // EXPECT
		k++
		if k < steps {
			goto stageA
		}
	done:
	})
}

// ParseSum parses one decimal token per lane ("12", "3.25") with a goto state
// machine (integer digits, then fraction digits) and returns the sum of the
// values, or ok=false if Any token's integer part exceeds limit. The states
// loop a different number of times per lane; the vote on overflow and the
// sum come after the machine, where all lanes meet.
//
// kernel(ok)
func ParseSum(tokens []string, limit int) (sum float64, ok bool, err error) {
	err = spmd.Run(len(tokens), func(l spmd.Lane) {
		s := tokens[l.Index()]
		p, v, frac, scale := 0, 0, 0, 1
	digits:
		if p < len(s) && s[p] >= '0' && s[p] <= '9' {
			v = v*10 + int(s[p]-'0')
			p++
			goto digits
		}
		if p < len(s) && s[p] == '.' {
			p++
			goto fraction
		}
		goto end
	fraction:
		if p < len(s) && s[p] >= '0' && s[p] <= '9' {
			frac = frac*10 + int(s[p]-'0')
			scale *= 10
			p++
			goto fraction
		}
	end:
		if spmd.Any(l, v > limit) {
			return
		}
		total := spmd.ReduceAdd(l, float64(v)+float64(frac)/float64(scale))
		if l.Index() == 0 {
			sum, ok = total, true
		}
	})
	return sum, ok, err
}

// ParseSumEarlyAbort votes on overflow inside the digit state, after every
// digit, so that all lanes can abort as soon as one overflows: but the lanes
// with short tokens have already left the digit loop.
//
// kernel(bug)
func ParseSumEarlyAbort(tokens []string, limit int) (sum float64, ok bool, err error) {
	err = spmd.Run(len(tokens), func(l spmd.Lane) {
		s := tokens[l.Index()]
		p, v, frac, scale := 0, 0, 0, 1
	digits:
		if p < len(s) && s[p] >= '0' && s[p] <= '9' {
			v = v*10 + int(s[p]-'0')
			p++
			if spmd.Any(l, v > limit) { // EXPECT
				return
			}
			goto digits
		}
		if p < len(s) && s[p] == '.' {
			p++
			goto fraction
		}
		goto end
	fraction:
		if p < len(s) && s[p] >= '0' && s[p] <= '9' {
			frac = frac*10 + int(s[p]-'0')
			scale *= 10
			p++
			goto fraction
		}
	end:
		total := spmd.ReduceAdd(l, float64(v)+float64(frac)/float64(scale)) // EXPECT
		if l.Index() == 0 {
			sum, ok = total, true
		}
	})
	return sum, ok, err
}
