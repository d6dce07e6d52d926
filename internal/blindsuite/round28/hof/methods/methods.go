// Package methods holds kernels that call through method values, method
// expressions and tables of functions.
package methods

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round28/hof/par"
	"github.com/spmdvet/spmdvet/spmd"
)

// accum is a lane's running sum.
type accum struct {
	l   spmd.Lane
	sum float64
	n   int
}

func (a *accum) add(x float64) { a.sum += x; a.n++ }

// flush combines the partial sums of all lanes.
func (a *accum) flush() float64 { return spmd.ReduceAdd(a.l, a.sum) }

// PositiveSumOK: every lane flushes, through a method value.
// kernel(ok)
func PositiveSumOK(v []float64, out []float64) error {
	return spmd.Run(len(v), func(l spmd.Lane) {
		acc := accum{l: l}
		done := acc.flush
		if v[l.Index()] > 0 {
			acc.add(v[l.Index()])
		}
		total := done()
		if l.Index() == 0 {
			out[0] = total
		}
	})
}

// PositiveSumBug: only lanes that added something flush.
// kernel(bug)
func PositiveSumBug(v []float64, out []float64) error {
	return spmd.Run(len(v), func(l spmd.Lane) {
		acc := accum{l: l}
		done := acc.flush
		if v[l.Index()] > 0 {
			acc.add(v[l.Index()])
		}
		var total float64
		if acc.n > 0 {
			total = done() // EXPECT
		}
		if l.Index() == 0 {
			out[0] = total
		}
	})
}

// queue holds the items a lane wants to combine, one round each.
type queue struct {
	l     spmd.Lane
	items []int
}

func (q *queue) push(v int) { q.items = append(q.items, v) }

// drain combines queued items across lanes, one round per item.
func (q *queue) drain(out []int) {
	for k, v := range q.items {
		out[k] = spmd.ReduceAdd(q.l, v)
	}
}

// ColumnSumsOK: every lane queues exactly width items.
// kernel(ok)
func ColumnSumsOK(grid []int, width int, out []int) error {
	return spmd.Run(len(grid)/width, func(l spmd.Lane) {
		q := queue{l: l}
		row := grid[l.Index()*width:]
		for k := 0; k < width; k++ {
			q.push(row[k])
		}
		(*queue).drain(&q, out)
	})
}

// ColumnSumsBug: lanes queue only their positive items.
// kernel(bug)
func ColumnSumsBug(grid []int, width int, out []int) error {
	return spmd.Run(len(grid)/width, func(l spmd.Lane) {
		q := queue{l: l}
		row := grid[l.Index()*width:]
		for k := 0; k < width; k++ {
			if row[k] > 0 {
				q.push(row[k])
			}
		}
		(*queue).drain(&q, out) // EXPECT
	})
}

// band is the range of lanes that update in a stencil step.
type band struct {
	l      spmd.Lane
	buf    []float64
	lo, hi int
}

// step averages neighbours inside the band; every lane syncs.
func (b band) step(round int) {
	i := b.l.Index()
	v := b.buf[i]
	if i > b.lo && i < b.hi {
		v = (b.buf[i-1] + b.buf[i] + b.buf[i+1]) / 3
	}
	b.l.Barrier()
	b.buf[i] = v
	b.l.Barrier()
}

// stepInner is step for lanes inside the band only.
func (b band) stepInner(round int) {
	i := b.l.Index()
	if i <= b.lo || i >= b.hi {
		return
	}
	v := (b.buf[i-1] + b.buf[i] + b.buf[i+1]) / 3
	b.l.Barrier() // EXPECT
	b.buf[i] = v
	b.l.Barrier() // EXPECT
}

// SmoothOK: rounds of step through a method value.
// kernel(ok)
func SmoothOK(buf []float64, rounds int) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		b := band{l: l, buf: buf, lo: 0, hi: len(buf) - 1}
		par.Repeat(rounds, b.step)
	})
}

// SmoothBug: the same with stepInner.
// kernel(bug)
func SmoothBug(buf []float64, rounds int) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		b := band{l: l, buf: buf, lo: 0, hi: len(buf) - 1}
		par.Repeat(rounds, b.stepInner)
	})
}

// window slides a shared buffer left by one, width times.
type window struct {
	l     spmd.Lane
	width int
}

func (w window) slide(buf []float32) {
	i := w.l.Index()
	n := len(buf)
	for k := 0; k < w.width; k++ {
		v := buf[(i+1)%n]
		w.l.Barrier()
		buf[i] = v
		w.l.Barrier()
	}
}

// RotateOK: the width is the same in every lane.
// kernel(ok)
func RotateOK(buf []float32, width int) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		w := window{l: l, width: width}
		run := w.slide
		run(buf)
	})
}

// RotateBug: each lane brings its own width.
// kernel(bug)
func RotateBug(buf []float32, widths []int) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		w := window{l: l, width: widths[l.Index()]}
		run := w.slide
		run(buf) // EXPECT
	})
}

// RotateExprOK: the same through a method expression.
// kernel(ok)
func RotateExprOK(buf []float32, width int) error {
	slide := window.slide
	return spmd.Run(len(buf), func(l spmd.Lane) {
		slide(window{l: l, width: width}, buf)
	})
}

// RotateExprBug: the method expression with a per-lane width.
// kernel(bug)
func RotateExprBug(buf []float32, widths []int) error {
	slide := window.slide
	return spmd.Run(len(buf), func(l spmd.Lane) {
		slide(window{l: l, width: widths[l.Index()]}, buf) // EXPECT
	})
}

// Reducer combines one value per lane.
type Reducer interface {
	Reduce(l spmd.Lane, x float64) float64
}

type sumR struct{}

func (sumR) Reduce(l spmd.Lane, x float64) float64 { return spmd.ReduceAdd(l, x) }

type maxR struct{}

func (maxR) Reduce(l spmd.Lane, x float64) float64 { return spmd.ReduceMax(l, x) }

// CombineOK: the reducer is chosen by the caller.
// kernel(ok)
func CombineOK(v []float64, useMax bool, out []float64) error {
	return spmd.Run(len(v), func(l spmd.Lane) {
		var r Reducer = sumR{}
		if useMax {
			r = maxR{}
		}
		reduce := r.Reduce
		x := reduce(l, v[l.Index()])
		if l.Index() == 0 {
			out[0] = x
		}
	})
}

// CombineBug: the reducer is chosen by the lane's value.
// kernel(bug)
func CombineBug(v []float64, out []float64) error {
	return spmd.Run(len(v), func(l spmd.Lane) {
		var r Reducer = sumR{}
		if v[l.Index()] < 0 {
			r = maxR{}
		}
		reduce := r.Reduce
		x := reduce(l, v[l.Index()]) // EXPECT
		if l.Index() == 0 {
			out[0] = x
		}
	})
}

func sumAll(l spmd.Lane, x float32) float32 { return spmd.ReduceAdd(l, x) }
func maxAll(l spmd.Lane, x float32) float32 { return spmd.ReduceMax(l, x) }
func minAll(l spmd.Lane, x float32) float32 { return spmd.ReduceMin(l, x) }

// StatOK: the statistic is picked by a uniform kind.
// kernel(ok)
func StatOK(v []float32, kind int, out []float32) error {
	return spmd.Run(len(v), func(l spmd.Lane) {
		var fn func(spmd.Lane, float32) float32
		switch kind {
		case 0:
			fn = sumAll
		case 1:
			fn = maxAll
		default:
			fn = minAll
		}
		r := fn(l, v[l.Index()])
		if l.Index() == 0 {
			out[0] = r
		}
	})
}

// StatBug: the statistic is picked per lane.
// kernel(bug)
func StatBug(v []float32, kinds []int, out []float32) error {
	return spmd.Run(len(v), func(l spmd.Lane) {
		var fn func(spmd.Lane, float32) float32
		switch kinds[l.Index()] {
		case 0:
			fn = sumAll
		case 1:
			fn = maxAll
		default:
			fn = minAll
		}
		r := fn(l, v[l.Index()]) // EXPECT
		if l.Index() == 0 {
			out[0] = r
		}
	})
}

// passes is the table of butterfly passes of a small FFT-like shuffle.
var passes = [...]func(l spmd.Lane, buf []int){
	func(l spmd.Lane, buf []int) { buf[l.Index()] += spmd.ShuffleXor(l, buf[l.Index()], 1) },
	func(l spmd.Lane, buf []int) { buf[l.Index()] += spmd.ShuffleXor(l, buf[l.Index()], 2) },
	func(l spmd.Lane, buf []int) { buf[l.Index()] += spmd.ShuffleXor(l, buf[l.Index()], 4) },
}

// ButterflyOK: all passes in order, the pass index uniform.
// kernel(ok)
func ButterflyOK(buf []int) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		for p := range len(passes) {
			passes[p](l, buf)
			l.Barrier()
		}
	})
}

// ButterflyBug: each lane starts at its own pass.
// kernel(bug)
func ButterflyBug(buf []int) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		start := l.Index() % len(passes)
		for p := range len(passes) {
			passes[(start+p)%len(passes)](l, buf) // EXPECT
			l.Barrier()
		}
	})
}

// counter is shared by all lanes.
type counter struct {
	rounds int
	hits   []int
}

// tick runs c.rounds synced rounds of counting.
func (c *counter) tick(l spmd.Lane) {
	for r := 0; r < c.rounds; r++ {
		c.hits[r] = spmd.ReduceAdd(l, 1)
	}
}

// TickOK: the shared counter's method value.
// kernel(ok)
func TickOK(c *counter, lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		tick := c.tick
		tick(l)
	})
}

// TickBug: lane 0 works on a copy with one more round.
// kernel(bug)
func TickBug(c *counter, lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		mine := *c
		if l.Index() == 0 {
			mine.rounds++
		}
		tick := mine.tick
		tick(l) // EXPECT
	})
}
