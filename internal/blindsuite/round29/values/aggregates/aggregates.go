// Package aggregates holds kernels whose control hangs on values held in
// structs and arrays copied by value, in array elements reached through
// pointers, and in slices of slices and three-index slices.
package aggregates

import (
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

// A Particle is one body of a particle system.
type Particle struct {
	Pos, Vel [2]float64
	Mass     float64
	Alive    bool
	Owner    int // the lane responsible for the particle
}

// Params are the settings of a simulation step.
type Params struct {
	Dt, Damping float64
	Gravity     [2]float64
}

func kinetic(p Particle) float64 {
	return 0.5 * p.Mass * (p.Vel[0]*p.Vel[0] + p.Vel[1]*p.Vel[1])
}

func dot4(a, b [4]float64) float64 {
	return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3]
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ---------------------------------------------------------------------------
// Structs and arrays copied by value.

// AliveKinetic returns the kinetic energy of the live particles, one
// particle per lane.
//
// kernel(bug): p is a copy of the lane's particle, so p.Alive is per lane.
func AliveKinetic(parts []Particle) (float64, error) {
	var e float64
	err := spmd.Run(len(parts), func(l spmd.Lane) {
		i := l.Index()
		p := parts[i]
		if p.Alive {
			s := spmd.ReduceAdd(l, kinetic(p)) // EXPECT
			e = s
		}
	})
	return e, err
}

// DampedKinetic returns the kinetic energy of all particles after one
// damping step, or 0 when the step does not damp.
//
// kernel(ok): cfg is a copy of the kernel's parameters, the same struct in
// every lane.
func DampedKinetic(parts []Particle, prm Params) (float64, error) {
	var e float64
	err := spmd.Run(len(parts), func(l spmd.Lane) {
		i := l.Index()
		cfg := prm
		if cfg.Damping > 0 {
			k := 1 - cfg.Damping*cfg.Dt
			s := spmd.ReduceAdd(l, kinetic(parts[i])*k*k)
			if i == 0 {
				e = s
			}
		}
	})
	return e, err
}

// FallingPeak returns the highest start value among the windows that fall
// (end lower than start), one window per lane.
//
// kernel(bug): w is a copy of the lane's window, so the comparison of its
// elements is per lane.
func FallingPeak(win [][4]float64) (float64, error) {
	peak := math.Inf(-1)
	err := spmd.Run(len(win), func(l spmd.Lane) {
		i := l.Index()
		w := win[i]
		if w[0] > w[3] {
			m := spmd.ReduceMax(l, w[0]) // EXPECT
			peak = m
		}
	})
	return peak, err
}

// FallingTapPeak filters every window with taps and returns the highest
// response, when the filter itself falls (first tap above the last).
//
// kernel(ok): t is a copy of the taps, a kernel parameter.
func FallingTapPeak(win [][4]float64, taps [4]float64) (float64, error) {
	peak := math.Inf(-1)
	err := spmd.Run(len(win), func(l spmd.Lane) {
		i := l.Index()
		t := taps
		if t[0] > t[3] {
			m := spmd.ReduceMax(l, dot4(win[i], t))
			if i == 0 {
				peak = m
			}
		}
	})
	return peak, err
}

// NonEmptyPeak returns the highest first element over the windows, with the
// all-zero windows skipped.
//
// kernel(bug): the array comparison is on the lane's window; the lanes with
// an empty window return before the reduction.
func NonEmptyPeak(win [][4]float64) (float64, error) {
	peak := math.Inf(-1)
	err := spmd.Run(len(win), func(l spmd.Lane) {
		i := l.Index()
		if win[i] == ([4]float64{}) {
			return
		}
		m := spmd.ReduceMax(l, win[i][0]) // EXPECT
		peak = m
	})
	return peak, err
}

// FilteredPeak filters every window with taps and returns the highest
// response; an all-zero filter leaves the peak at -Inf.
//
// kernel(ok): the array comparison is on the taps, a kernel parameter.
func FilteredPeak(win [][4]float64, taps [4]float64) (float64, error) {
	peak := math.Inf(-1)
	err := spmd.Run(len(win), func(l spmd.Lane) {
		i := l.Index()
		if taps == ([4]float64{}) {
			return
		}
		m := spmd.ReduceMax(l, dot4(win[i], taps))
		if i == 0 {
			peak = m
		}
	})
	return peak, err
}

// FieldFromOwned computes, for each particle, the total mass-weighted
// distance from the probes (one probe per lane), each particle being
// summed by the lane that owns it.
//
// kernel(bug): the loop over particles is uniform, but p.Owner == i is not,
// and only the owner reaches the reduction.
func FieldFromOwned(parts []Particle, probes [][2]float64) ([]float64, error) {
	field := make([]float64, len(parts))
	err := spmd.Run(len(probes), func(l spmd.Lane) {
		i := l.Index()
		for k, p := range parts {
			if p.Owner == i {
				dx, dy := p.Pos[0]-probes[i][0], p.Pos[1]-probes[i][1]
				s := spmd.ReduceAdd(l, p.Mass*math.Hypot(dx, dy)) // EXPECT
				field[k] = s
			}
		}
	})
	return field, err
}

// FieldFromAlive computes, for each live particle, the total mass-weighted
// distance from the probes (one probe per lane).
//
// kernel(ok): p is a copy of a shared particle at a uniform index, so
// p.Alive is the same in every lane.
func FieldFromAlive(parts []Particle, probes [][2]float64) ([]float64, error) {
	field := make([]float64, len(parts))
	err := spmd.Run(len(probes), func(l spmd.Lane) {
		i := l.Index()
		for k, p := range parts {
			if p.Alive {
				dx, dy := p.Pos[0]-probes[i][0], p.Pos[1]-probes[i][1]
				s := spmd.ReduceAdd(l, p.Mass*math.Hypot(dx, dy))
				if i == 0 {
					field[k] = s
				}
			}
		}
	})
	return field, err
}

// ---------------------------------------------------------------------------
// Pointers to array elements.

// CountOverThreshold accumulates data into one counter per lane (strided)
// and counts the counters above thresh.
//
// kernel(bug): c points at the lane's own element of the shared array, so
// what it reads is per lane.
func CountOverThreshold(data []int, thresh int) ([8]int, int, error) {
	var counters [8]int
	over := 0
	err := spmd.Run(len(counters), func(l spmd.Lane) {
		i := l.Index()
		c := &counters[i]
		for j := i; j < len(data); j += l.Count() {
			*c += data[j]
		}
		if *c > thresh {
			n := spmd.ReduceAdd(l, 1) // EXPECT
			over = n
		}
	})
	return counters, over, err
}

// CountInRange accumulates data into one counter per lane (strided) and,
// when the range [limits[0], limits[1]) is not empty, counts the counters
// inside it.
//
// kernel(ok): lo and hi point at constant elements of the captured limits
// array, which no lane writes.
func CountInRange(data []int, limits [2]int) ([8]int, int, error) {
	var counters [8]int
	inside := 0
	err := spmd.Run(len(counters), func(l spmd.Lane) {
		i := l.Index()
		c := &counters[i]
		for j := i; j < len(data); j += l.Count() {
			*c += data[j]
		}
		lo, hi := &limits[0], &limits[1]
		if *lo < *hi {
			n := spmd.ReduceAdd(l, b2i(*lo <= *c && *c < *hi))
			if i == 0 {
				inside = n
			}
		}
	})
	return counters, inside, err
}

// BestOfFour has each lane pick the largest of its four samples and adds up
// the picks that pass 0.5.
//
// kernel(bug): best points into the lane's local array, filled from the
// lane's samples.
func BestOfFour(samples []float64) (float64, error) {
	var total float64
	err := spmd.Run(len(samples)/4, func(l spmd.Lane) {
		i := l.Index()
		var acc [4]float64
		for k := range acc {
			acc[k] = samples[4*i+k]
		}
		best := &acc[0]
		for k := range acc {
			if acc[k] > *best {
				best = &acc[k]
			}
		}
		if *best > 0.5 {
			s := spmd.ReduceAdd(l, *best) // EXPECT
			total = s
		}
	})
	return total, err
}

// NormalizeByLastTap doubles the coefficients into a local array and, when
// the last one is not zero, adds up the samples divided by it.
//
// kernel(ok): the local array is filled with the same values in every lane,
// so what last points at is uniform.
func NormalizeByLastTap(samples []float64, coef [4]float64) (float64, error) {
	var total float64
	err := spmd.Run(len(samples), func(l spmd.Lane) {
		i := l.Index()
		var c [4]float64
		for k := range c {
			c[k] = 2 * coef[k]
		}
		last := &c[len(c)-1]
		if *last != 0 {
			s := spmd.ReduceAdd(l, samples[i] / *last)
			if i == 0 {
				total = s
			}
		}
	})
	return total, err
}

// ---------------------------------------------------------------------------
// Slices of slices and three-index slices.

// ColumnSums adds up a table column by column, one row per lane.
//
// kernel(bug): the rows may be ragged, so the range over the lane's row
// ends at a different column in different lanes.
func ColumnSums(rows [][]float64) ([]float64, error) {
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	sums := make([]float64, width)
	err := spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		for c, x := range rows[i] {
			s := spmd.ReduceAdd(l, x) // EXPECT
			if i == 0 {
				sums[c] = s
			}
		}
	})
	return sums, err
}

// ColumnSumsPadded adds up a table column by column, one row per lane, over
// the width of the first row; missing cells of short rows count as zero.
//
// kernel(ok): the trip count is the length of rows[0], the same in every
// lane; only the cell each lane reads differs.
func ColumnSumsPadded(rows [][]float64) ([]float64, error) {
	width := len(rows[0])
	sums := make([]float64, width)
	err := spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		row := rows[i]
		for c := range len(rows[0]) {
			x := 0.0
			if c < len(row) {
				x = row[c]
			}
			s := spmd.ReduceAdd(l, x)
			if i == 0 {
				sums[c] = s
			}
		}
	})
	return sums, err
}

// StepMax splits data into one contiguous chunk per lane and returns, for
// each step k, the largest k-th element over the chunks.
//
// kernel(bug): the last chunk may be short, so the range over the lane's
// segment ends earlier in some lanes.
func StepMax(data []float64, lanes int) ([]float64, error) {
	chunk := (len(data) + lanes - 1) / lanes
	out := make([]float64, chunk)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		lo := min(i*chunk, len(data))
		hi := min(lo+chunk, len(data))
		seg := data[lo:hi:hi]
		for k, x := range seg {
			m := spmd.ReduceMax(l, x) // EXPECT
			if i == 0 {
				out[k] = m
			}
		}
	})
	return out, err
}

// StepMaxPadded is StepMax with the short chunks padded with -Inf. The
// three-index slice caps each segment at its end, so the padding appends
// copy instead of overwriting the next lane's chunk.
//
// kernel(ok): the loop runs chunk times, a value captured from the
// enclosing function; the padding loop before it is per lane but holds no
// collective.
func StepMaxPadded(data []float64, lanes int) ([]float64, error) {
	chunk := (len(data) + lanes - 1) / lanes
	out := make([]float64, chunk)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		lo := min(i*chunk, len(data))
		hi := min(lo+chunk, len(data))
		seg := data[lo:hi:hi]
		for len(seg) < chunk {
			seg = append(seg, math.Inf(-1))
		}
		for k := range chunk {
			m := spmd.ReduceMax(l, seg[k])
			if i == 0 {
				out[k] = m
			}
		}
	})
	return out, err
}
