package scan

import (
	"math"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round26/funcs/kit"
	"github.com/spmdvet/spmdvet/spmd"
)

// meanStep returns a kernel that stores the mean of data in *mean.
//
// kernel(ok)
func meanStep(data []float64, mean *float64) func(spmd.Lane) {
	return func(l spmd.Lane) {
		s := spmd.ReduceAdd(l, data[l.Index()])
		if l.Index() == 0 {
			*mean = s / float64(l.Count())
		}
	}
}

// varStep returns a kernel that stores the variance of data in *variance.
//
// kernel(ok)
func varStep(data []float64, mean, variance *float64) func(spmd.Lane) {
	return func(l spmd.Lane) {
		m := *mean
		d := data[l.Index()] - m
		ss := spmd.ReduceAdd(l, d*d)
		if l.Index() == 0 {
			*variance = ss / float64(l.Count())
		}
	}
}

// varStepSkip is varStep with the lanes at the mean leaving early, as they
// add nothing.
//
// kernel(bug)
func varStepSkip(data []float64, mean, variance *float64) func(spmd.Lane) {
	return func(l spmd.Lane) {
		m := *mean
		d := data[l.Index()] - m
		if d == 0 {
			return
		}
		ss := spmd.ReduceAdd(l, d*d) // EXPECT
		if l.Index() == 0 {
			*variance = ss / float64(l.Count())
		}
	}
}

// scaleStep returns a kernel that writes the standardized data to out.
//
// kernel(ok)
func scaleStep(data []float64, mean, variance *float64, out []float64) func(spmd.Lane) {
	return func(l spmd.Lane) {
		i := l.Index()
		out[i] = (data[i] - *mean) / math.Sqrt(*variance)
	}
}

// Standardize returns (data - mean) / stddev, in three kernels.
func Standardize(data []float64) ([]float64, error) {
	var mean, variance float64
	out := make([]float64, len(data))
	n := len(data)
	err := kit.RunSteps([]kit.Step{
		{Name: "mean", Lanes: n, Kernel: meanStep(data, &mean)},
		{Name: "variance", Lanes: n, Kernel: varStep(data, &mean, &variance)},
		{Name: "scale", Lanes: n, Kernel: scaleStep(data, &mean, &variance, out)},
	})
	return out, err
}

// StandardizeSkip is Standardize with varStepSkip.
func StandardizeSkip(data []float64) ([]float64, error) {
	var mean, variance float64
	out := make([]float64, len(data))
	n := len(data)
	err := kit.RunSteps([]kit.Step{
		{Name: "mean", Lanes: n, Kernel: meanStep(data, &mean)},
		{Name: "variance", Lanes: n, Kernel: varStepSkip(data, &mean, &variance)},
		{Name: "scale", Lanes: n, Kernel: scaleStep(data, &mean, &variance, out)},
	})
	return out, err
}
