// Package carried holds loop-carried values (phis at loop headers) that
// turn lane-dependent only after an iteration, accumulators that stay
// uniform, and joins that are not the immediate post-dominator.
package carried

import "github.com/spmdvet/spmdvet/spmd"

// Cascade runs a chain of gain stages over each lane's sample; a stage
// whose incoming gain is above one syncs its shared scratch first. The
// gain comes from the group's normalisation, the same in every lane.
// kernel(ok)
func Cascade(x, coef []float64, norm float64, y []float64) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		v := x[l.Index()]
		gain := 1.0
		for s := range coef {
			if gain > 1 {
				l.Barrier()
			}
			v *= gain
			gain = coef[s] * norm
		}
		y[l.Index()] = v
	})
}

// CascadeBug derives the gain from the lane's sample: the gain is the
// same in every lane on the first stage only.
// kernel(bug)
func CascadeBug(x, coef []float64, norm float64, y []float64) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		v := x[l.Index()]
		gain := 1.0
		for s := range coef {
			if gain > 1 {
				l.Barrier() // EXPECT
			}
			v *= gain
			gain = coef[s] * v
		}
		y[l.Index()] = v
	})
}

// Recurrence steps x[k+1] = x[k] + x[k-1] from shared seeds and counts,
// over the group, the steps where the older term exceeds lim.
// kernel(ok)
func Recurrence(seed0, seed1, lim, steps int, count *int) error {
	return spmd.Run(4, func(l spmd.Lane) {
		prev, cur := seed0, seed1
		n := 0
		for range steps {
			if prev > lim {
				n += spmd.ReduceAdd(l, 1)
			}
			prev, cur = cur, prev+cur
		}
		if l.Index() == 0 {
			*count = n
		}
	})
}

// RecurrenceBug seeds the newer term per lane; it becomes the older term
// after one step.
// kernel(bug)
func RecurrenceBug(seed0 int, seeds []int, lim, steps int, count *int) error {
	return spmd.Run(len(seeds), func(l spmd.Lane) {
		prev, cur := seed0, seeds[l.Index()]
		n := 0
		for range steps {
			if prev > lim {
				n += spmd.ReduceAdd(l, 1) // EXPECT
			}
			prev, cur = cur, prev+cur
		}
		if l.Index() == 0 {
			*count = n
		}
	})
}

// Resample checks each lane's row for a negative entry; if any lane found
// one, the group resamples with a reduction of the bad rows.
// kernel(ok)
func Resample(rows [][]float64, badRows *int) error {
	return spmd.Run(len(rows), func(l spmd.Lane) {
		bad := false
		for _, v := range rows[l.Index()] {
			if v < 0 {
				bad = true
				break
			}
		}
		if spmd.Any(l, bad) {
			n := 0
			if bad {
				n = 1
			}
			if s := spmd.ReduceAdd(l, n); l.Index() == 0 {
				*badRows = s
			}
		}
	})
}

// ResampleBug resamples in the lanes that found a bad entry only.
// kernel(bug)
func ResampleBug(rows [][]float64, badRows *int) error {
	return spmd.Run(len(rows), func(l spmd.Lane) {
		bad := false
		for _, v := range rows[l.Index()] {
			if v < 0 {
				bad = true
				break
			}
		}
		if bad {
			n := 1
			if s := spmd.ReduceAdd(l, n); l.Index() == 0 { // EXPECT
				*badRows = s
			}
		}
	})
}

// Drain reads each lane's stream up to a stop marker and then sums the
// reads over the group; the marker only ends the loop.
// kernel(ok)
func Drain(stream []int, n, stop int, total *int) error {
	return spmd.Run(len(stream)/n, func(l spmd.Lane) {
		acc := 0
		for k := range n {
			v := stream[l.Index()*n+k]
			if v == stop {
				break
			}
			acc += v
		}
		s := spmd.ReduceAdd(l, acc)
		if l.Index() == 0 {
			*total = s
		}
	})
}

// DrainBug returns from the kernel at the marker.
// kernel(bug)
func DrainBug(stream []int, n, stop int, total *int) error {
	return spmd.Run(len(stream)/n, func(l spmd.Lane) {
		acc := 0
		for k := range n {
			v := stream[l.Index()*n+k]
			if v == stop {
				return
			}
			acc += v
		}
		s := spmd.ReduceAdd(l, acc) // EXPECT
		if l.Index() == 0 {
			*total = s
		}
	})
}
