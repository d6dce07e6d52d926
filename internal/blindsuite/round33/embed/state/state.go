// Package state holds kernels built around stateful helper objects: an
// allocator, a work queue, a worker, a batcher, a tracer, an accumulator and
// a pipeline, each made by a constructor that sets its fields from uniform
// values (parameters, Count) or from lane-dependent ones (Index), and then
// mutated by methods that may or may not hold collectives.
package state

import (
	"math/bits"

	"github.com/spmdvet/spmdvet/spmd"
)

// Alloc hands out slots of a shared buffer to the lanes of a group. next is
// advanced by the group total in every lane, so it stays the same in all
// lanes.
type Alloc struct {
	lane spmd.Lane
	next int
	cap  int
}

// NewAlloc returns an allocator over a buffer of capacity slots.
func NewAlloc(l spmd.Lane, capacity int) *Alloc {
	return &Alloc{lane: l, cap: capacity}
}

// Reserve gives the calling lane n consecutive slots and returns the first;
// ok is false once the buffer has overflowed. Every lane must call it.
func (a *Alloc) Reserve(n int) (first int, ok bool) {
	off := spmd.ExclusiveAdd(a.lane, n)
	total := spmd.ReduceAdd(a.lane, n)
	first = a.next + off
	a.next += total
	return first, a.next <= a.cap
}

// Queue deals out chunks of [0, total) to the lanes, Count chunks per round.
type Queue struct {
	lane  spmd.Lane
	head  int // start of the next round: the same in every lane
	total int
	chunk int
}

// NewQueue returns a queue over [0, total) in chunks of chunk items.
func NewQueue(l spmd.Lane, total, chunk int) *Queue {
	return &Queue{lane: l, total: total, chunk: chunk}
}

// Done reports whether every chunk has been dealt.
func (q *Queue) Done() bool { return q.head >= q.total }

// Next returns the calling lane's chunk [lo, hi) of this round (possibly
// empty) and moves on to the next round.
func (q *Queue) Next() (lo, hi int) {
	lo = min(q.head+q.lane.Index()*q.chunk, q.total)
	hi = min(lo+q.chunk, q.total)
	q.head += q.lane.Count() * q.chunk
	return lo, hi
}

// Worker is a lane's share of a strided loop over n items: first is the
// lane's own first item; stride and rounds are the same in every lane.
type Worker struct {
	lane   spmd.Lane
	first  int
	stride int
	rounds int
	n      int
}

// NewWorker sets up lane l's share of n items.
func NewWorker(l spmd.Lane, n int) *Worker {
	c := l.Count()
	return &Worker{lane: l, first: l.Index(), stride: c, rounds: (n + c - 1) / c, n: n}
}

// Batch collects a lane's values and flushes their group-wide sum.
type Batch struct {
	lane  spmd.Lane
	buf   []float64
	n     int
	Total float64
}

// NewBatch returns a batch holding up to size values.
func NewBatch(l spmd.Lane, size int) *Batch {
	return &Batch{lane: l, buf: make([]float64, size)}
}

// Push adds v to the lane's batch.
func (b *Batch) Push(v float64) {
	b.buf[b.n] = v
	b.n++
}

// Full reports whether the lane's batch is full.
func (b *Batch) Full() bool { return b.n == len(b.buf) }

// Flush adds the batch of every lane to Total and empties it. Every lane
// must call it.
func (b *Batch) Flush() {
	s := 0.0
	for _, v := range b.buf[:b.n] {
		s += v
	}
	b.Total += spmd.ReduceAdd(b.lane, s)
	b.n = 0
}

// Tracer records the group maximum at checkpoints, when it is on.
type Tracer struct {
	lane spmd.Lane
	on   bool
	Log  []float64
}

// NewTracer returns a tracer that records only if on.
func NewTracer(l spmd.Lane, on bool) *Tracer {
	return &Tracer{lane: l, on: on}
}

// Checkpoint records the largest v over the group, if the tracer is on.
func (t *Tracer) Checkpoint(v float64) {
	if t.on {
		t.Log = append(t.Log, spmd.ReduceMax(t.lane, v))
	}
}

// Acc sums values over the group, combining the lanes every `every` adds.
type Acc struct {
	lane    spmd.Lane
	every   int
	count   int
	pending float64
	Total   float64
}

// NewAcc returns an accumulator that combines every `every` adds.
func NewAcc(l spmd.Lane, every int) *Acc {
	return &Acc{lane: l, every: every}
}

// Add adds v, combining across lanes when `every` values are pending.
func (a *Acc) Add(v float64) {
	a.pending += v
	a.count++
	if a.count == a.every {
		a.Total += spmd.ReduceAdd(a.lane, a.pending)
		a.pending, a.count = 0, 0
	}
}

// Done combines what is still pending.
func (a *Acc) Done() float64 {
	if a.count > 0 {
		a.Total += spmd.ReduceAdd(a.lane, a.pending)
		a.pending, a.count = 0, 0
	}
	return a.Total
}

// Scan is an inclusive Hillis-Steele scan over a shared buffer, one slot per
// lane, run in a number of stages set by the builder method Stages.
type Scan struct {
	lane   spmd.Lane
	stages int
}

// NewScan returns a scan for lane l, with no stages yet.
func NewScan(l spmd.Lane) *Scan { return &Scan{lane: l} }

// Stages sets the number of doubling stages and returns s.
func (s *Scan) Stages(n int) *Scan {
	s.stages = n
	return s
}

// Run runs the stages on buf: after stage k, slot i holds the sum of the
// 2^(k+1) slots ending at i.
func (s *Scan) Run(buf []float64) {
	i := s.lane.Index()
	for k := range s.stages {
		off := 1 << k
		v := buf[i]
		if i >= off {
			v += buf[i-off]
		}
		s.lane.Barrier()
		buf[i] = v
		s.lane.Barrier()
	}
}

// Plan is a launch plan shared by all lanes (made on the host).
type Plan struct {
	Rounds int
	Decay  float64
}

// Compact copies the positive elements of in to out, in order, and stores
// their number in *n. Each round every lane reserves 0 or 1 slot from the
// allocator; the allocator's next, advanced by group totals, stays uniform.
//
// kernel(ok)
func Compact(in, out []float64, lanes int, n *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		a := NewAlloc(l, len(out))
		for base := 0; base < len(in); base += l.Count() {
			j := base + l.Index()
			keep := j < len(in) && in[j] > 0
			want := 0
			if keep {
				want = 1
			}
			slot, ok := a.Reserve(want)
			if keep && ok {
				out[slot] = in[j]
			}
		}
		if l.Index() == 0 {
			*n = a.next
		}
	})
}

// CompactKeepers reserves a slot only in the lanes that keep their element.
//
// kernel(bug)
func CompactKeepers(in, out []float64, lanes int, n *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		a := NewAlloc(l, len(out))
		for base := 0; base < len(in); base += l.Count() {
			j := base + l.Index()
			if j < len(in) && in[j] > 0 {
				slot, ok := a.Reserve(1) // EXPECT
				if ok {
					out[slot] = in[j]
				}
			}
		}
		if l.Index() == 0 {
			*n = a.next
		}
	})
}

// ChunkMax writes into maxes the largest element of every round of chunks
// the queue deals out (a round covers lanes*chunk items). The loop runs
// while the queue is not done, a question about its uniform head.
//
// kernel(ok)
func ChunkMax(in []float64, lanes, chunk int, maxes []float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		q := NewQueue(l, len(in), chunk)
		for r := 0; !q.Done(); r++ {
			lo, hi := q.Next()
			m := 0.0
			for _, v := range in[lo:hi] {
				m = max(m, v)
			}
			m = spmd.ReduceMax(l, m)
			if l.Index() == 0 {
				maxes[r] = m
			}
		}
	})
}

// ChunkMaxUntilEmpty loops until the lane's own chunk comes back empty,
// which happens a round earlier for the lanes past the end.
//
// kernel(bug)
func ChunkMaxUntilEmpty(in []float64, lanes, chunk int, maxes []float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		q := NewQueue(l, len(in), chunk)
		for r := 0; ; r++ {
			lo, hi := q.Next()
			if lo >= hi {
				break
			}
			m := 0.0
			for _, v := range in[lo:hi] {
				m = max(m, v)
			}
			m = spmd.ReduceMax(l, m) // EXPECT
			if l.Index() == 0 {
				maxes[r] = m
			}
		}
	})
}

// StridedMax writes the largest element of in into *out. The worker's first
// item is the lane's own, but it runs the same number of rounds in every
// lane (a field its constructor set from Count and n) and reduces every
// round.
//
// kernel(ok)
func StridedMax(in []float64, lanes int, out *float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		w := NewWorker(l, len(in))
		best := 0.0
		for r := 0; r < w.rounds; r++ {
			k := w.first + r*w.stride
			v := 0.0
			if k < w.n {
				v = in[k]
			}
			best = max(best, spmd.ReduceMax(w.lane, v))
		}
		if l.Index() == 0 {
			*out = best
		}
	})
}

// StridedMaxOwn walks from the worker's first item to n, which takes a
// different number of rounds in the lanes past the last full round.
//
// kernel(bug)
func StridedMaxOwn(in []float64, lanes int, out *float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		w := NewWorker(l, len(in))
		best := 0.0
		for k := w.first; k < w.n; k += w.stride {
			best = max(best, spmd.ReduceMax(w.lane, in[k])) // EXPECT
		}
		if l.Index() == 0 {
			*out = best
		}
	})
}

// PositiveTotal adds up the positive elements of in (lanes rows of cols
// values: lane i owns in[i*cols:(i+1)*cols]) into *out. Each lane pushes
// only its positive values, but the batches are flushed on a schedule that
// depends on the round number only.
//
// kernel(ok)
func PositiveTotal(in []float64, lanes, cols, every int, out *float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		b := NewBatch(l, every)
		for r := range cols {
			v := in[l.Index()*cols+r]
			if v > 0 {
				b.Push(v)
			}
			if (r+1)%every == 0 {
				b.Flush()
			}
		}
		b.Flush()
		if l.Index() == 0 {
			*out = b.Total
		}
	})
}

// PositiveTotalWhenFull flushes when the lane's own batch is full: how
// many values a lane has pushed depends on its data.
//
// kernel(bug)
func PositiveTotalWhenFull(in []float64, lanes, cols, every int, out *float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		b := NewBatch(l, every)
		for r := range cols {
			v := in[l.Index()*cols+r]
			if v > 0 {
				b.Push(v)
			}
			if b.Full() {
				b.Flush() // EXPECT
			}
		}
		b.Flush()
		if l.Index() == 0 {
			*out = b.Total
		}
	})
}

// Decay runs rounds of x *= decay on one element per lane and, when trace
// is set, records the group's largest element after each round.
//
// kernel(ok)
func Decay(buf []float64, rounds int, decay float64, trace bool, log *[]float64) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		tr := NewTracer(l, trace)
		i := l.Index()
		for range rounds {
			buf[i] *= decay
			tr.Checkpoint(buf[i])
		}
		if i == 0 {
			*log = tr.Log
		}
	})
}

// DecayLeaderTrace turns the tracer on in lane 0 only, the lane that
// publishes the log: its checkpoints then wait for lanes that skip them.
//
// kernel(bug)
func DecayLeaderTrace(buf []float64, rounds int, decay float64, log *[]float64) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		i := l.Index()
		tr := NewTracer(l, i == 0)
		for range rounds {
			buf[i] *= decay
			tr.Checkpoint(buf[i]) // EXPECT
		}
		if i == 0 {
			*log = tr.Log
		}
	})
}

// GroupSum adds up in (lanes rows of cols values, lane i owning row i) into
// *out with an accumulator that combines the lanes every `every` values;
// every is a kernel parameter.
//
// kernel(ok)
func GroupSum(in []float64, lanes, cols, every int, out *float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		a := NewAcc(l, every)
		for r := range cols {
			a.Add(in[l.Index()*cols+r])
		}
		s := a.Done()
		if l.Index() == 0 {
			*out = s
		}
	})
}

// GroupSumWeighted lets each lane pick its own combining interval from
// weights: the accumulator's every, set in its constructor, differs between
// lanes, and with it when Add and Done reduce.
//
// kernel(bug)
func GroupSumWeighted(in []float64, lanes, cols int, weights []int, out *float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		a := NewAcc(l, 1+weights[l.Index()])
		for r := range cols {
			a.Add(in[l.Index()*cols+r]) // EXPECT
		}
		s := a.Done() // EXPECT
		if l.Index() == 0 {
			*out = s
		}
	})
}

// PrefixSums turns buf (one element per lane) into its inclusive prefix
// sums with a scan built by NewScan(l).Stages(k).Run: k = ceil(log2 n),
// the same in every lane.
//
// kernel(ok)
func PrefixSums(buf []float64) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		k := bits.Len(uint(l.Count() - 1))
		NewScan(l).Stages(k).Run(buf)
	})
}

// PrefixSumsOwn runs only as many stages as the lane's own prefix needs
// (ceil(log2 (i+1))), so the lanes leave the scan at different stages.
//
// kernel(bug)
func PrefixSumsOwn(buf []float64) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		k := bits.Len(uint(l.Index()))
		NewScan(l).Stages(k).Run(buf) // EXPECT
	})
}

// Cool applies the shared plan: p.Rounds rounds of x *= p.Decay on one
// element per lane, each followed by a barrier, then a neighbour average
// (out[i] averages buf[i] and buf[i+1]). The plan is one object shared by
// all lanes, made on the host.
//
// kernel(ok)
func Cool(buf, out []float64, p *Plan) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		i := l.Index()
		for range p.Rounds {
			buf[i] *= p.Decay
			l.Barrier()
		}
		j := min(i+1, l.Count()-1)
		out[i] = (buf[i] + buf[j]) / 2
	})
}

// CoolPerLane gives every lane its own plan, picked from plans by lane
// index: the round count then differs between lanes.
//
// kernel(bug)
func CoolPerLane(buf, out []float64, plans []*Plan) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		i := l.Index()
		p := plans[i]
		for range p.Rounds {
			buf[i] *= p.Decay
			l.Barrier() // EXPECT
		}
		j := min(i+1, l.Count()-1)
		out[i] = (buf[i] + buf[j]) / 2
	})
}
