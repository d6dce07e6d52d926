package collectives

import (
	"github.com/spmdvet/spmdvet/spmd"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round24/exam/gpulib"
)

// Normalize divides data by its sum, one lane per element. The closure passed
// to spmd.Run captures the arguments, which are uniform.
func Normalize(data []float64, minTotal float64) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		total := spmd.ReduceAdd(l, data[l.Index()])
		if total > minTotal && len(data) > 1 {
			l.Barrier()
			data[l.Index()] /= total
		}
	})
}

// NormalizeBug synchronizes only in the lanes whose value is large.
func NormalizeBug(data []float64, minValue float64) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		total := spmd.ReduceAdd(l, data[l.Index()])
		if data[l.Index()] > minValue {
			l.Barrier() // EXPECT
			data[l.Index()] /= total
		}
	})
}

// Histogram counts values into bins; lane 0 writes the result. It captures a
// local slice of the enclosing function as well as the arguments.
func Histogram(values []int, bins int) ([]int, error) {
	hist := make([]int, bins)
	err := spmd.Run(len(values), func(l spmd.Lane) {
		for b := 0; b < bins; b++ {
			c := spmd.ReduceAdd(l, boolToInt(values[l.Index()]%bins == b))
			if l.Index() == 0 {
				hist[b] = c
			}
		}
	})
	return hist, err
}

// HistogramBug loops over the lane's own bin number instead of all bins.
func HistogramBug(values []int, bins int) ([]int, error) {
	hist := make([]int, bins)
	err := spmd.Run(len(values), func(l spmd.Lane) {
		for b := 0; b <= values[l.Index()]%bins; b++ {
			c := spmd.ReduceAdd(l, boolToInt(values[l.Index()]%bins == b)) // EXPECT
			if l.Index() == 0 {
				hist[b] = c
			}
		}
	})
	return hist, err
}

func boolToInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ScaleAbove multiplies the values above a threshold, launched through the
// library launcher; the closure is a kernel entry through //spmd:kernel body.
func ScaleAbove(data []float64, threshold, factor float64) error {
	return gpulib.Launch(len(data), func(l spmd.Lane) {
		v := data[l.Index()]
		if v > threshold {
			v *= factor
		}
		if factor != 1 {
			l.Barrier()
		}
		data[l.Index()] = v
	})
}

// ScaleAboveBug synchronizes inside the lane-dependent branch.
func ScaleAboveBug(data []float64, threshold, factor float64) error {
	return gpulib.Launch(len(data), func(l spmd.Lane) {
		v := data[l.Index()]
		if v > threshold {
			l.Barrier() // EXPECT
			v *= factor
		}
		data[l.Index()] = v
	})
}
