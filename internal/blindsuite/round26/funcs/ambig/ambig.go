// Package ambig holds kernels whose verdict or report position the spec
// does not settle. REPORT.md gives the question and a guess for each.
package ambig

import (
	"maps"
	"math"
	"slices"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round26/funcs/kit"
	"github.com/spmdvet/spmdvet/spmd"
)

// DeferredTotal adds up the non-negative elements of data in a deferred
// closure; lanes with a negative element return early, so the lanes run
// the deferred reduction from different returns.
//
// kernel A1
func DeferredTotal(data []float64) (float64, error) {
	var total float64
	err := spmd.Run(len(data), func(l spmd.Lane) {
		idx := l.Index()
		part := 0.0
		defer func() {
			t := spmd.ReduceAdd(l, part)
			if idx == 0 {
				total = t
			}
		}()
		if data[idx] < 0 {
			return
		}
		part = data[idx]
	})
	return total, err
}

// Channels scales each lane's sample by the gain of its channel through
// closures made from one function literal: lanes pick different closures,
// but every closure runs the same code.
//
// kernel A2
func Channels(samples []float64, nch int) ([]float64, error) {
	out := make([]float64, len(samples))
	err := spmd.Run(len(samples), func(l spmd.Lane) {
		idx := l.Index()
		gains := make([]func(float64) float64, nch)
		for k := range gains {
			gains[k] = func(x float64) float64 {
				return x * float64(k+1) / spmd.ReduceMax(l, math.Abs(x))
			}
		}
		out[idx] = gains[idx%nch](samples[idx])
	})
	return out, err
}

// normalizer returns a function that divides by the max norm if mode is
// "max", by the L1 norm otherwise.
func normalizer(l spmd.Lane, mode string) func(float64) float64 {
	return func(x float64) float64 {
		if mode == "max" {
			return x / spmd.ReduceMax(l, math.Abs(x))
		}
		return x / spmd.ReduceAdd(l, math.Abs(x))
	}
}

// NormalizeModes builds each lane's normalizer with the mode of its
// channel: the captured mode decides which collective the closure runs.
//
// kernel A3
func NormalizeModes(signal []float64, modes []string) ([]float64, error) {
	out := make([]float64, len(signal))
	err := spmd.Run(len(signal), func(l spmd.Lane) {
		idx := l.Index()
		norm := normalizer(l, modes[idx%len(modes)])
		out[idx] = norm(signal[idx])
	})
	return out, err
}

var stages = map[string]func(spmd.Lane, float64) float64{
	"a-center": func(l spmd.Lane, v float64) float64 { return v - spmd.ReduceAdd(l, v)/float64(l.Count()) },
	"b-scale":  func(l spmd.Lane, v float64) float64 { return v / spmd.ReduceMax(l, math.Abs(v)) },
	"c-square": func(_ spmd.Lane, v float64) float64 { return v * v },
}

// RunStages runs every stage, in the order of their sorted names: the
// names are the same in every lane, though maps.Keys yields them in a
// per-lane order.
//
// kernel A4
func RunStages(data []float64) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		v := data[l.Index()]
		for _, name := range slices.Sorted(maps.Keys(stages)) {
			v = stages[name](l, v)
		}
		out[l.Index()] = v
	})
	return out, err
}

// A Reducer combines a value over the lanes.
type Reducer interface {
	Reduce(l spmd.Lane, v float64) float64
}

type weighted struct{ w float64 }

func (r weighted) Reduce(l spmd.Lane, v float64) float64 { return spmd.ReduceAdd(l, v*r.w) }

// WeightedSum reduces through an interface holding a per-lane value; its
// dynamic type is the same in every lane.
//
// kernel A5
func WeightedSum(weights, xs []float64) (float64, error) {
	var res float64
	err := spmd.Run(len(weights), func(l spmd.Lane) {
		var r Reducer = weighted{w: weights[l.Index()]}
		s := r.Reduce(l, xs[l.Index()])
		if l.Index() == 0 {
			res = s
		}
	})
	return res, err
}

// Settle waits at as many barriers as each lane's own count, through a
// closure made by kit.Repeater from a lane-dependent argument.
//
// kernel A6
func Settle(counts []int) error {
	return spmd.Run(len(counts), func(l spmd.Lane) {
		wait := kit.Repeater(l, counts[l.Index()])
		wait()
	})
}
