// Package faults has kernels that panic, recover and exit lanes around the
// convergent methods of package gpu. A lane that panics without a recover
// brings the whole kernel down, so a lane-dependent panic is not by itself
// divergence; with a deferred recover (in the kernel, in a helper deferred
// directly, or in a method deferred directly) the lanes that panic return
// from the kernel, and the barrier after the panic is under divergent
// control. runtime.Goexit makes a lane return as well.
package faults

import (
	"errors"
	"fmt"
	"math"
	"runtime"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round29/dispatch/gpu"
	"github.com/spmdvet/spmdvet/spmd"
)

// ErrNegative is what a lane reports for a negative input.
var ErrNegative = errors.New("negative input")

// ShareChecked publishes x through shared memory and gives every lane the
// sum. A negative input is a programming error and panics; there is no
// recover, so such a panic ends the whole kernel.
// kernel(ok)
func ShareChecked(x []float64) ([]float64, error) {
	out := make([]float64, len(x))
	shared := make([]float64, len(x))
	err := spmd.Run(len(x), func(l spmd.Lane) {
		b := gpu.Of(l)
		v := x[b.Tid()]
		if v < 0 {
			panic(ErrNegative)
		}
		b.Stage(shared, v)
		s := 0.0
		for _, y := range shared {
			s += y
		}
		out[b.Tid()] = s
	})
	return out, err
}

// ShareCheckedRecoverBug is ShareChecked where each lane recovers its own
// panic and reports it in errs. kernel(bug): the lanes that panic return
// from the kernel, so the barrier in Stage is reached only by the others.
func ShareCheckedRecoverBug(x []float64) ([]float64, []error, error) {
	out := make([]float64, len(x))
	errs := make([]error, len(x))
	shared := make([]float64, len(x))
	err := spmd.Run(len(x), func(l spmd.Lane) {
		b := gpu.Of(l)
		defer func() {
			if r := recover(); r != nil {
				errs[b.Tid()] = fmt.Errorf("lane %d: %v", b.Tid(), r)
			}
		}()
		v := x[b.Tid()]
		if v < 0 {
			panic(ErrNegative)
		}
		b.Stage(shared, v) // EXPECT
		s := 0.0
		for _, y := range shared {
			s += y
		}
		out[b.Tid()] = s
	})
	return out, errs, err
}

// SumFiniteBug adds up x; a lane whose value is not finite panics, and
// gpu.Catch, deferred directly, recovers into the lane's error.
// kernel(bug): the lanes that panic return before the sum.
func SumFiniteBug(x []float64) (float64, []error, error) {
	var total float64
	errs := make([]error, len(x))
	err := spmd.Run(len(x), func(l spmd.Lane) {
		w := gpu.Warp{L: l}
		i := l.Index()
		defer gpu.Catch(&errs[i])
		v := x[i]
		if math.IsNaN(v) || math.IsInf(v, 0) {
			panic(fmt.Sprintf("lane %d: bad value %v", i, v))
		}
		s := w.Sum(v) // EXPECT
		if i == 0 {
			total = s
		}
	})
	return total, errs, err
}

// SumFinite adds up x and then checks the lane's own value; a lane whose
// value is not finite panics after the sum, and gpu.Catch, deferred
// directly, recovers into the lane's error. No collective follows the
// panic.
// kernel(ok)
func SumFinite(x []float64) (float64, []error, error) {
	var total float64
	errs := make([]error, len(x))
	err := spmd.Run(len(x), func(l spmd.Lane) {
		w := gpu.Warp{L: l}
		i := l.Index()
		defer gpu.Catch(&errs[i])
		v := x[i]
		s := w.Sum(v)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			panic(fmt.Sprintf("lane %d: bad value %v", i, v))
		}
		if i == 0 {
			total = s
		}
	})
	return total, errs, err
}

// report collects a lane's failure; catch recovers, and is deferred
// directly as a method value.
type report struct {
	lane int
	errs []error
}

func (r *report) catch() {
	if v := recover(); v != nil {
		r.errs[r.lane] = fmt.Errorf("lane %d: %v", r.lane, v)
	}
}

// BatchTotalsBug adds up batches of readings, one reading per lane per
// batch; a lane that meets a negative reading panics, and the method
// (*report).catch, deferred directly, recovers. kernel(bug): the lanes that
// panic leave the loop (and the kernel) in the middle, while the others go
// on to the next batch's sum.
func BatchTotalsBug(batches [][]float64) ([]float64, []error, error) {
	lanes := len(batches[0])
	totals := make([]float64, len(batches))
	errs := make([]error, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		w := gpu.Warp{L: l}
		rep := &report{lane: l.Index(), errs: errs}
		defer rep.catch()
		for k, batch := range batches {
			v := batch[l.Index()]
			if v < 0 {
				panic(ErrNegative)
			}
			s := w.Sum(v) // EXPECT
			if l.Index() == 0 {
				totals[k] = s
			}
		}
	})
	return totals, errs, err
}

// BatchTotals adds up batches of readings, one reading per lane per batch;
// a batch with a negative reading anywhere makes every lane panic together
// (Vote decides for all), and (*report).catch recovers.
// kernel(ok)
func BatchTotals(batches [][]float64) ([]float64, []error, error) {
	lanes := len(batches[0])
	totals := make([]float64, len(batches))
	errs := make([]error, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		w := gpu.Warp{L: l}
		rep := &report{lane: l.Index(), errs: errs}
		defer rep.catch()
		for k, batch := range batches {
			v := batch[l.Index()]
			if w.Vote(v < 0) {
				panic(ErrNegative)
			}
			s := w.Sum(v)
			if l.Index() == 0 {
				totals[k] = s
			}
		}
	})
	return totals, errs, err
}

// WorkTotalBug adds up the work of every lane; a lane with no work leaves
// at once with runtime.Goexit. kernel(bug): the lanes that leave never
// reach the sum.
func WorkTotalBug(work [][]float64) (float64, error) {
	var total float64
	err := spmd.Run(len(work), func(l spmd.Lane) {
		w := gpu.Warp{L: l}
		mine := work[l.Index()]
		if len(mine) == 0 {
			runtime.Goexit()
		}
		part := 0.0
		for _, v := range mine {
			part += v
		}
		s := w.Sum(part) // EXPECT
		if l.Index() == 0 {
			total = s
		}
	})
	return total, err
}

// WorkTotal adds up the work of every lane; when no lane has work, every
// lane leaves at once with runtime.Goexit (Unanimous decides for all).
// kernel(ok)
func WorkTotal(work [][]float64) (float64, error) {
	total := -1.0 // stays -1 when there was no work at all
	err := spmd.Run(len(work), func(l spmd.Lane) {
		w := gpu.Warp{L: l}
		mine := work[l.Index()]
		if w.Unanimous(len(mine) == 0) {
			runtime.Goexit()
		}
		part := 0.0
		for _, v := range mine {
			part += v
		}
		s := w.Sum(part)
		if l.Index() == 0 {
			total = s
		}
	})
	return total, err
}

// ExchangeCheckedBug writes each lane's value to shared memory and syncs
// with gpu.Block.CheckedSync, which recovers from a NaN (and then returns
// without its barrier); the lane then reads its neighbour's value.
// kernel(bug): the value given to CheckedSync is the lane's own, so the
// lanes holding a NaN skip the barrier.
func ExchangeCheckedBug(x []float64) ([]float64, []error, error) {
	n := len(x)
	out := make([]float64, n)
	errs := make([]error, n)
	shared := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		b := gpu.Of(l)
		i := b.Tid()
		shared[i] = x[i]
		errs[i] = b.CheckedSync(x[i]) // EXPECT
		out[i] = shared[(i+1)%n]
	})
	return out, errs, err
}

// ExchangeChecked writes each lane's value to shared memory and syncs with
// gpu.Block.CheckedSync given the block total, the same in every lane (NaN
// if any value is NaN); then each lane reads its neighbour's value.
// kernel(ok)
func ExchangeChecked(x []float64) ([]float64, []error, error) {
	n := len(x)
	out := make([]float64, n)
	errs := make([]error, n)
	shared := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		b, w := gpu.Of(l), gpu.Warp{L: l}
		i := b.Tid()
		shared[i] = x[i]
		errs[i] = b.CheckedSync(w.Sum(x[i]))
		out[i] = shared[(i+1)%n]
	})
	return out, errs, err
}

// RatioTotal adds up a[i]/b[i] over the lanes. gpu.SafeDiv recovers from
// a division by zero inside itself and always returns, so every lane
// reaches the sum; a zero divisor counts as 0.
// kernel(ok)
func RatioTotal(a, b []float64) (float64, error) {
	var total float64
	err := spmd.Run(len(a), func(l spmd.Lane) {
		w := gpu.Warp{L: l}
		i := l.Index()
		q, _ := gpu.SafeDiv(a[i], b[i])
		s := w.Sum(q)
		if i == 0 {
			total = s
		}
	})
	return total, err
}

// RatioTotalBug adds up a[i]/b[i] over the lanes; a lane whose division
// failed gives up. kernel(bug): those lanes return before the sum.
func RatioTotalBug(a, b []float64) (float64, error) {
	var total float64
	err := spmd.Run(len(a), func(l spmd.Lane) {
		w := gpu.Warp{L: l}
		i := l.Index()
		q, ok := gpu.SafeDiv(a[i], b[i])
		if !ok {
			return
		}
		s := w.Sum(q) // EXPECT
		if i == 0 {
			total = s
		}
	})
	return total, err
}
