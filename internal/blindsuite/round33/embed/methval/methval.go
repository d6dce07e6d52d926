// Package methval holds kernels that call the methods of a lane-holding
// helper through method values (f := t.Sync; f()) and method expressions
// ((*Tile).Sync(t), Tile.Sum), stored in variables, struct fields and
// slices, or handed to helpers.
package methval

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// Tile wraps a lane handle and a buffer shared by the lanes of the group.
type Tile struct {
	lane spmd.Lane
	Buf  []float64
}

// Sync waits for every lane.
func (t *Tile) Sync() { t.lane.Barrier() }

// Sum returns the sum of v over all lanes.
func (t Tile) Sum(v float64) float64 { return spmd.ReduceAdd(t.lane, v) }

// Max returns the largest v over all lanes.
func (t Tile) Max(v float64) float64 { return spmd.ReduceMax(t.lane, v) }

// Min returns the smallest v over all lanes.
func (t Tile) Min(v float64) float64 { return spmd.ReduceMin(t.lane, v) }

// Put stores v in slot i of the shared buffer; it waits for nobody.
func (t *Tile) Put(i int, v float64) { t.Buf[i] = v }

// Publish stores v in slot i and waits until every lane has stored.
func (t *Tile) Publish(i int, v float64) {
	t.Buf[i] = v
	t.lane.Barrier()
}

// Reducer is what a kernel needs to combine lane values.
type Reducer interface {
	Sum(float64) float64
	Max(float64) float64
}

// Ops bundles the group operations a kernel uses, as method values.
type Ops struct {
	Sync   func()
	Reduce func(float64) float64
}

// phases runs body(k) and then sync() for k = 0..n-1.
func phases(n int, body func(k int), sync func()) {
	for k := range n {
		body(k)
		sync()
	}
}

// Normalize writes out[i] = in[i] / sum(in), through the method value
// sum := t.Sum called by every lane.
//
// kernel(ok)
func Normalize(in, out []float64) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		t := Tile{lane: l}
		sum := t.Sum
		x := in[l.Index()]
		pos := max(x, 0)
		total := sum(pos)
		if x > 0 {
			out[l.Index()] = x / total
		}
	})
}

// NormalizePositive calls the method value only in the lanes whose element
// is positive.
//
// kernel(bug)
func NormalizePositive(in, out []float64) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		t := Tile{lane: l}
		sum := t.Sum
		x := in[l.Index()]
		if x > 0 {
			out[l.Index()] = x / sum(x) // EXPECT
		}
	})
}

// RotateLeft writes out[i] = in[(i+1) % len(in)] on a group of `lanes`
// lanes, which may be more than len(in): the extra lanes store nothing but
// still reach the barrier, called as a method expression.
//
// kernel(ok)
func RotateLeft(in, out []float64, lanes int) error {
	buf := make([]float64, len(in))
	return spmd.Run(lanes, func(l spmd.Lane) {
		t := &Tile{lane: l, Buf: buf}
		i := l.Index()
		if i < len(in) {
			(*Tile).Put(t, i, in[i])
		}
		(*Tile).Sync(t)
		if i < len(in) {
			out[i] = t.Buf[(i+1)%len(in)]
		}
	})
}

// RotateLeftEarlyExit sends the extra lanes home before the barrier.
//
// kernel(bug)
func RotateLeftEarlyExit(in, out []float64, lanes int) error {
	buf := make([]float64, len(in))
	return spmd.Run(lanes, func(l spmd.Lane) {
		t := &Tile{lane: l, Buf: buf}
		i := l.Index()
		if i >= len(in) {
			return
		}
		(*Tile).Put(t, i, in[i])
		(*Tile).Sync(t) // EXPECT
		out[i] = t.Buf[(i+1)%len(in)]
	})
}

// OddEvenSort sorts a (one element per lane) with odd-even transposition:
// len(a) phases, each a compare-exchange then a barrier, run by the helper
// phases with the method value t.Sync.
//
// kernel(ok)
func OddEvenSort(a []int) error {
	n := len(a)
	return spmd.Run(n, func(l spmd.Lane) {
		t := &Tile{lane: l}
		i := l.Index()
		step := func(k int) {
			if i%2 == k%2 && i+1 < n && a[i] > a[i+1] {
				a[i], a[i+1] = a[i+1], a[i]
			}
		}
		phases(n, step, t.Sync)
	})
}

// OddEvenSortShort lets each lane stop after i+1 phases, thinking its own
// pair settles by then: phases calls the method value a lane-dependent
// number of times.
//
// kernel(bug)
func OddEvenSortShort(a []int) error {
	n := len(a)
	return spmd.Run(n, func(l spmd.Lane) {
		t := &Tile{lane: l}
		i := l.Index()
		step := func(k int) {
			if i%2 == k%2 && i+1 < n && a[i] > a[i+1] {
				a[i], a[i+1] = a[i+1], a[i]
			}
		}
		phases(i+1, step, t.Sync) // EXPECT
	})
}

// Spread writes max - min of in into *out; the reductions come from an
// Ops value filled with method values, called in every lane.
//
// kernel(ok)
func Spread(in []float64, out *float64) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		t := Tile{lane: l}
		hi := Ops{Sync: (&t).Sync, Reduce: t.Max}
		lo := Ops{Sync: (&t).Sync, Reduce: t.Min}
		x := in[l.Index()]
		top := hi.Reduce(x)
		bottom := lo.Reduce(x)
		hi.Sync()
		if l.Index() == 0 {
			*out = top - bottom
		}
	})
}

// SpreadActive skips the lanes holding NaN, so the reduction method values
// held in the Ops fields run in some lanes only.
//
// kernel(bug)
func SpreadActive(in []float64, out *float64) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		t := Tile{lane: l}
		hi := Ops{Sync: (&t).Sync, Reduce: t.Max}
		lo := Ops{Sync: (&t).Sync, Reduce: t.Min}
		x := in[l.Index()]
		var top, bottom float64
		if x == x {
			top = hi.Reduce(x)    // EXPECT
			bottom = lo.Reduce(x) // EXPECT
		}
		hi.Sync()
		if l.Index() == 0 {
			*out = top - bottom
		}
	})
}

// PeakAbove returns through *out the largest element above thr, or 0 when
// nothing is above it (the elements are positive). The method expression Tile.Max is bound to a variable and
// called by every lane with the clamped value.
//
// kernel(ok)
func PeakAbove(in []float64, thr float64, out *float64) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		t := Tile{lane: l}
		reduce := Tile.Max
		x := in[l.Index()]
		v := 0.0
		if x > thr {
			v = x
		}
		m := reduce(t, v)
		if l.Index() == 0 {
			*out = m
		}
	})
}

// PeakAboveOnly calls the method expression only in the lanes above thr.
//
// kernel(bug)
func PeakAboveOnly(in []float64, thr float64, out *float64) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		t := Tile{lane: l}
		reduce := Tile.Max
		x := in[l.Index()]
		m := 0.0
		if x > thr {
			m = reduce(t, x) // EXPECT
		}
		if l.Index() == 0 {
			*out = m
		}
	})
}

// Stats writes the sum, max and min of in into res[0..2] by ranging over a
// slice of method values; every lane runs every one of them.
//
// kernel(ok)
func Stats(in []float64, res []float64) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		t := Tile{lane: l}
		stats := []func(float64) float64{t.Sum, t.Max, t.Min}
		x := in[l.Index()]
		for k, f := range stats {
			r := f(x)
			if l.Index() == 0 {
				res[k] = r
			}
		}
	})
}

// StatsSkipZero breaks out of the range over the method values in lanes
// whose element is zero.
//
// kernel(bug)
func StatsSkipZero(in []float64, res []float64) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		t := Tile{lane: l}
		stats := []func(float64) float64{t.Sum, t.Max, t.Min}
		x := in[l.Index()]
		for k, f := range stats {
			if x == 0 {
				break
			}
			r := f(x) // EXPECT
			if l.Index() == 0 {
				res[k] = r
			}
		}
	})
}

// ScatterPositive writes the positive elements of in to out at the same
// index through the method value put := t.Put, which waits for nobody, so
// calling it in some lanes only is fine; the lanes meet at the Sync after
// it, and lane 0 then counts the stores.
//
// kernel(ok)
func ScatterPositive(in, out []float64, count *int) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		t := &Tile{lane: l, Buf: out}
		put := t.Put
		x := in[l.Index()]
		if x > 0 {
			put(l.Index(), x)
		}
		t.Sync()
		if l.Index() == 0 {
			n := 0
			for _, v := range t.Buf {
				if v > 0 {
					n++
				}
			}
			*count = n
		}
	})
}

// ScatterPositivePublish uses the method value of Publish instead, which
// waits: only the lanes with a positive element get there.
//
// kernel(bug)
func ScatterPositivePublish(in, out []float64, count *int) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		t := &Tile{lane: l, Buf: out}
		publish := t.Publish
		x := in[l.Index()]
		if x > 0 {
			publish(l.Index(), x) // EXPECT
		}
		t.Sync()
		if l.Index() == 0 {
			n := 0
			for _, v := range t.Buf {
				if v > 0 {
					n++
				}
			}
			*count = n
		}
	})
}

// Mean writes the mean of in into *out on a group of `lanes` lanes (at
// least len(in)): the method value add := r.Sum is taken from a Reducer
// interface and called by every lane, the extra lanes adding zero.
//
// kernel(ok)
func Mean(in []float64, lanes int, out *float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		var r Reducer = Tile{lane: l}
		add := r.Sum
		x := 0.0
		if l.Index() < len(in) {
			x = in[l.Index()]
		}
		s := add(x)
		if l.Index() == 0 {
			*out = s / float64(len(in))
		}
	})
}

// MeanInRange calls the interface method value only in the lanes that hold
// an element.
//
// kernel(bug)
func MeanInRange(in []float64, lanes int, out *float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		var r Reducer = Tile{lane: l}
		add := r.Sum
		if l.Index() < len(in) {
			s := add(in[l.Index()]) // EXPECT
			if l.Index() == 0 {
				*out = s / float64(len(in))
			}
		}
	})
}

// Blur2 runs two passes of a 3-point box blur over buf (one element per
// lane), keeping the two edge elements fixed. The barrier is held as a
// method expression value and called between the reads and the writes of
// each pass, by the edge lanes too.
//
// kernel(ok)
func Blur2(buf []float64) error {
	n := len(buf)
	return spmd.Run(n, func(l spmd.Lane) {
		t := &Tile{lane: l, Buf: buf}
		wait := (*Tile).Sync
		i := l.Index()
		edge := i == 0 || i == n-1
		for range 2 {
			s := t.Buf[i]
			if !edge {
				s = (t.Buf[i-1] + s + t.Buf[i+1]) / 3
			}
			wait(t)
			t.Buf[i] = s
			wait(t)
		}
	})
}

// Blur2Interior sends the edge lanes home at once, since their element never
// changes; the interior lanes wait for them through the method expression.
//
// kernel(bug)
func Blur2Interior(buf []float64) error {
	n := len(buf)
	return spmd.Run(n, func(l spmd.Lane) {
		t := &Tile{lane: l, Buf: buf}
		wait := (*Tile).Sync
		i := l.Index()
		if i == 0 || i == n-1 {
			return
		}
		for range 2 {
			s := (t.Buf[i-1] + t.Buf[i] + t.Buf[i+1]) / 3
			wait(t) // EXPECT
			t.Buf[i] = s
			wait(t) // EXPECT
		}
	})
}
