// Package reduce holds block-wide reductions, scans, softmax, histograms and stream
// compaction.
package reduce

import (
	"math"
	"math/bits"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round12/apps/gpu"
	"github.com/spmdvet/spmdvet/spmd"
)

// Sum writes the sum of data to *out: a block-strided partial sum per lane, then a
// shared-memory tree reduction. smem holds at least one element per lane.
//
//spmd:kernel
func Sum[T spmd.Number](l spmd.Lane, data, smem []T, out *T) {
	var part T
	for i := l.Index(); i < len(data); i += l.Count() {
		part += data[i]
	}
	total := gpu.BlockReduceAdd(l, part, smem)
	if l.Index() == 0 {
		*out = total
	}
}

// WarpSums writes the sum of every chunk of Count consecutive elements of data to
// out[chunk], with a shuffle butterfly. The lane count must be a power of two.
//
//spmd:kernel
func WarpSums(l spmd.Lane, data, out []float64) {
	for c := range gpu.CeilDiv(len(data), l.Count()) {
		i := c*l.Count() + l.Index()
		var v float64
		if i < len(data) {
			v = data[i]
		}
		s := gpu.WarpAllReduce(l, v)
		if l.Index() == 0 {
			out[c] = s
		}
	}
}

// MaxAbs writes max |data[i]| to *out; one element per lane, data may be shorter than
// the block.
//
//spmd:kernel
func MaxAbs(l spmd.Lane, data []float32, out *float32) {
	i := l.Index()
	if i >= len(data) {
		return // padding lanes have nothing to contribute
	}
	m := spmd.ReduceMax(l, float32(math.Abs(float64(data[i])))) // EXPECT
	if i == 0 {
		*out = m
	}
}

// ExclusiveScan writes the exclusive prefix sum of in to out (Blelloch, two elements per
// lane, GPU Gems 3 ch. 39), block by block with a running carry. temp holds 2*Count
// elements; the lane count must be a power of two.
//
//spmd:kernel
func ExclusiveScan(l spmd.Lane, in, out, temp []int) {
	i := l.Index()
	n := 2 * l.Count()
	carry := 0
	for base := 0; base < len(in); base += n {
		for _, k := range [2]int{2 * i, 2*i + 1} {
			temp[k] = 0
			if base+k < len(in) {
				temp[k] = in[base+k]
			}
		}
		offset := 1
		for d := n >> 1; d > 0; d >>= 1 { // up-sweep
			l.Barrier()
			if i < d {
				ai := offset*(2*i+1) - 1
				bi := offset*(2*i+2) - 1
				temp[bi] += temp[ai]
			}
			offset *= 2
		}
		l.Barrier()
		total := temp[n-1]
		l.Barrier()
		if i == 0 {
			temp[n-1] = 0
		}
		for d := 1; d < n; d *= 2 { // down-sweep
			offset >>= 1
			l.Barrier()
			if i < d {
				ai := offset*(2*i+1) - 1
				bi := offset*(2*i+2) - 1
				t := temp[ai]
				temp[ai] = temp[bi]
				temp[bi] += t
			}
		}
		l.Barrier()
		for _, k := range [2]int{2 * i, 2*i + 1} {
			if base+k < len(in) {
				out[base+k] = carry + temp[k]
			}
		}
		carry += total
		l.Barrier()
	}
}

// InclusiveScan writes the inclusive prefix sum of in (one element per lane) to out with
// a Hillis-Steele scan over the double buffer a/b (Count elements each).
//
//spmd:kernel
func InclusiveScan(l spmd.Lane, in, out, a, b []int) {
	i, n := l.Index(), l.Count()
	cur, next := a, b
	cur[i] = in[i]
	l.Barrier()
	for d := 1; d < n; d *= 2 {
		next[i] = cur[i]
		if i < d {
			cur, next = next, cur
			continue // nothing to add below lane d
		}
		next[i] += cur[i-d]
		l.Barrier() // EXPECT
		cur, next = next, cur
	}
	out[i] = cur[i]
}

// Softmax writes softmax(x) to y: a max reduction for stability, then a sum reduction.
//
//spmd:kernel
func Softmax(l spmd.Lane, x, y []float64) {
	m := math.Inf(-1)
	for i := l.Index(); i < len(x); i += l.Count() {
		m = max(m, x[i])
	}
	m = spmd.ReduceMax(l, m)
	var s float64
	for i := l.Index(); i < len(x); i += l.Count() {
		e := math.Exp(x[i] - m)
		y[i] = e
		s += e
	}
	s = spmd.ReduceAdd(l, s)
	for i := l.Index(); i < len(x); i += l.Count() {
		y[i] /= s
	}
}

// MaskedSoftmax is softmax over the elements whose mask is set (attention masking);
// masked-out elements get 0. One element per lane.
//
//spmd:kernel
func MaskedSoftmax(l spmd.Lane, x []float64, mask []bool, y []float64) {
	i := l.Index()
	if mask[i] {
		m := spmd.ReduceMax(l, x[i]) // EXPECT
		e := math.Exp(x[i] - m)
		s := spmd.ReduceAdd(l, e) // EXPECT
		y[i] = e / s
	} else {
		y[i] = 0
	}
}

// Histogram adds the byte histogram of data to global (len(local) bins, value mod bins)
// with a per-block private histogram in shared memory, merged with one atomic per bin.
//
//spmd:kernel
func Histogram(t gpu.Thread, data []byte, local []int32, global []int64) {
	nb := len(local)
	for b := t.Local(); b < nb; b += t.Size() {
		local[b] = 0
	}
	t.Sync()
	for i := t.Global(); i < len(data); i += t.Stride() {
		atomic.AddInt32(&local[int(data[i])%nb], 1)
	}
	t.Sync()
	for b := t.Local(); b < nb; b += t.Size() {
		if c := atomic.LoadInt32(&local[b]); c != 0 {
			atomic.AddInt64(&global[b], int64(c))
		}
	}
}

// HistogramTail is Histogram with one element per lane per block; lanes of the last
// block that fall past the end of data leave early.
//
//spmd:kernel
func HistogramTail(t gpu.Thread, data []byte, local []int32, global []int64) {
	nb := len(local)
	for b := t.Local(); b < nb; b += t.Size() {
		local[b] = 0
	}
	t.Sync()
	i := t.Global()
	if i >= len(data) {
		return // nothing to count in the tail
	}
	atomic.AddInt32(&local[int(data[i])%nb], 1)
	t.Sync() // EXPECT
	for b := t.Local(); b < nb; b += t.Size() {
		if c := atomic.LoadInt32(&local[b]); c != 0 {
			atomic.AddInt64(&global[b], int64(c))
		}
	}
}

// CompactPositive copies the positive elements of in to out in order and writes their
// number to *n, a block-wide chunk at a time with a ballot (at most 64 lanes).
//
//spmd:kernel
func CompactPositive(l spmd.Lane, in, out []int, n *int) {
	base := 0
	for c := 0; c < len(in); c += l.Count() {
		i := c + l.Index()
		keep := i < len(in) && in[i] > 0
		mask := spmd.Ballot(l, keep)
		if keep {
			below := mask & (1<<uint(l.Index()) - 1)
			out[base+bits.OnesCount64(below)] = in[i]
		}
		base += bits.OnesCount64(mask)
	}
	if l.Index() == 0 {
		*n = base
	}
}

// CompactNonZero copies the non-zero elements of in to out in order and writes their
// number to *n, with scans for the write positions.
//
//spmd:kernel
func CompactNonZero(l spmd.Lane, in, out []float32, n *int) {
	base := 0
	for c := 0; c < len(in); c += l.Count() {
		i := c + l.Index()
		flag := 0
		if i < len(in) && in[i] != 0 {
			flag = 1
		}
		pos := spmd.ExclusiveAdd(l, flag)
		cnt := spmd.InclusiveAdd(l, flag) // the chunk's count
		if cnt == 0 {
			continue // empty chunk: nothing to write
		}
		if flag == 1 {
			out[base+pos] = in[i]
		}
		l.Barrier() // EXPECT
		base += cnt
	}
	if l.Index() == 0 {
		*n = base
	}
}

// Relax runs Jacobi sweeps u[i] = (u[i-1]+u[i+1])/2 on the interior of u until no point
// moves by more than tol (or maxIter sweeps), and writes the number of sweeps to *iters.
// scratch has len(u) elements.
//
//spmd:kernel
func Relax(l spmd.Lane, u, scratch []float64, tol float64, maxIter int, iters *int) {
	n := len(u)
	it := 0
	for ; it < maxIter; it++ {
		done := true
		for i := l.Index() + 1; i < n-1; i += l.Count() {
			v := 0.5 * (u[i-1] + u[i+1])
			if math.Abs(v-u[i]) > tol {
				done = false
			}
			scratch[i] = v
		}
		l.Barrier()
		for i := l.Index() + 1; i < n-1; i += l.Count() {
			u[i] = scratch[i]
		}
		l.Barrier()
		if spmd.All(l, done) {
			break
		}
	}
	if l.Index() == 0 {
		*iters = it
	}
}

// NewtonSqrt refines guess[i] toward sqrt(x[i]), one element per lane, and keeps a
// block-wide count of active lanes per iteration in active[it].
//
//spmd:kernel
func NewtonSqrt(l spmd.Lane, x, guess []float64, active []int, maxIter int) {
	i := l.Index()
	for it := 0; it < maxIter; it++ {
		g := guess[i]
		ng := 0.5 * (g + x[i]/g)
		if math.Abs(ng-g) <= 1e-12*ng {
			break // this lane has converged
		}
		guess[i] = ng
		n := spmd.ReduceAdd(l, 1) // EXPECT
		if i == 0 {
			active[it] = n
		}
	}
}

// HasNegative reports in *found whether data holds a negative value, scanning a block-wide
// chunk at a time and stopping at the first chunk with a hit.
//
//spmd:kernel
func HasNegative(l spmd.Lane, data []float64, found *bool) {
	for c := 0; c < len(data); c += l.Count() {
		i := c + l.Index()
		if i < len(data) && spmd.Any(l, data[i] < 0) { // EXPECT
			if l.Index() == 0 {
				*found = true
			}
			return
		}
	}
}

// HasNegativeVote is HasNegative with the bounds check inside the vote.
//
//spmd:kernel
func HasNegativeVote(l spmd.Lane, data []float64, found *bool) {
	for c := 0; c < len(data); c += l.Count() {
		i := c + l.Index()
		if spmd.Any(l, i < len(data) && data[i] < 0) {
			if l.Index() == 0 {
				*found = true
			}
			return
		}
	}
}

// welford is Welford's running mean and variance.
type welford struct {
	n        int
	mean, m2 float64
}

func (w *welford) push(x float64) {
	w.n++
	d := x - w.mean
	w.mean += d / float64(w.n)
	w.m2 += d * (x - w.mean)
}

// Variance writes the mean and population variance of data to out[0], out[1]: a Welford
// accumulator per lane, combined with Chan's parallel formula.
//
//spmd:kernel
func Variance(l spmd.Lane, data []float64, out []float64) {
	var w welford
	for i := l.Index(); i < len(data); i += l.Count() {
		w.push(data[i])
	}
	n := spmd.ReduceAdd(l, w.n)
	mu := spmd.ReduceAdd(l, float64(w.n)*w.mean) / float64(n)
	d := w.mean - mu
	m2 := spmd.ReduceAdd(l, w.m2+float64(w.n)*d*d)
	if l.Index() == 0 {
		out[0], out[1] = mu, m2/float64(n)
	}
}

// VarianceSkipIdle is Variance where lanes that saw no samples stop after the count.
//
//spmd:kernel
func VarianceSkipIdle(l spmd.Lane, data []float64, out []float64) {
	var w welford
	for i := l.Index(); i < len(data); i += l.Count() {
		w.push(data[i])
	}
	n := spmd.ReduceAdd(l, w.n)
	if w.n == 0 {
		return // idle lane: nothing to combine
	}
	mu := spmd.ReduceAdd(l, float64(w.n)*w.mean) / float64(n) // EXPECT
	d := w.mean - mu
	m2 := spmd.ReduceAdd(l, w.m2+float64(w.n)*d*d) // EXPECT
	if l.Index() == 0 {
		out[0], out[1] = mu, m2/float64(n)
	}
}

// CountAbove writes to *out the number of lanes that saw an element above thr; lanes
// that saw none do not take part in the count.
//
//spmd:kernel
func CountAbove(l spmd.Lane, data []float64, thr float64, out *int) {
	over := false
	mark := func(x float64) {
		if x > thr {
			over = true
		}
	}
	for i := l.Index(); i < len(data); i += l.Count() {
		mark(data[i])
	}
	if over {
		c := spmd.ReduceAdd(l, 1) // EXPECT
		if c > 0 {
			*out = c
		}
	}
}

// Tally is the bookkeeping of SumLastArriver.
type Tally struct {
	Arrived atomic.Int32
	Partial []float64
}

// SumLastArriver writes the sum of data to *out: every lane stores its partial sum, and
// the last lane to arrive (threadFenceReduction style) combines them.
//
//spmd:kernel
func SumLastArriver(l spmd.Lane, data []float64, t *Tally, out *float64) {
	var part float64
	for i := l.Index(); i < len(data); i += l.Count() {
		part += data[i]
	}
	t.Partial[l.Index()] = part
	if t.Arrived.Add(1) == int32(l.Count()) {
		*out = spmd.ReduceAdd(l, part) // EXPECT
	}
}

// BudgetedScore adds up x[i]*w over the entries of weights until the running total of
// weights exceeds budget, and writes each lane's score. Lanes range over the map in
// their own order.
//
//spmd:kernel
func BudgetedScore(l spmd.Lane, x []float64, weights map[string]float64, budget float64, score []float64) {
	spent := 0.0
	var s float64
	for _, w := range weights {
		spent += w
		if spent > budget {
			break
		}
		s += spmd.ReduceAdd(l, x[l.Index()]*w) // EXPECT
	}
	score[l.Index()] = s
}

// ChunkedDot writes the dot product of a and b to *out, staging block-sized chunks of both
// vectors in shared memory (sa, sb: Count elements each).
//
//spmd:kernel
func ChunkedDot(l spmd.Lane, a, b, sa, sb []float64, out *float64) {
	i := l.Index()
	var part float64
	for lo, hi := range gpu.Chunks(len(a), l.Count()) {
		sa[i], sb[i] = 0, 0
		if lo+i < hi {
			sa[i], sb[i] = a[lo+i], b[lo+i]
		}
		l.Barrier()
		part += sa[i] * sb[i]
		l.Barrier()
	}
	s := spmd.ReduceAdd(l, part)
	if i == 0 {
		*out = s
	}
}

// NormalizeFlush divides data by its maximum in place, chunk by chunk; a local helper
// flushes a finished chunk and waits for the block.
//
//spmd:kernel
func NormalizeFlush(l spmd.Lane, data []float64, staged []float64) {
	i := l.Index()
	m := math.Inf(-1)
	for k := i; k < len(data); k += l.Count() {
		m = max(m, data[k])
	}
	m = spmd.ReduceMax(l, m)
	flush := func(k int) {
		data[k] = staged[k]
		l.Barrier()
	}
	for k := i; k < len(data); k += l.Count() {
		staged[k] = data[k] / m
		flush(k) // EXPECT
	}
}
