package good

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round3/helpers"
	"github.com/spmdvet/spmdvet/spmd"
)

// StageTable fills a per-lane table with uniform values (stage strides
// derived from l.Count()) at uniform indices, and drives barriers from it.
func StageTable(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		var stride [4]int
		for s := range stride {
			stride[s] = l.Count() >> s
		}
		i := l.Index()
		for s := 0; s < len(stride); s++ {
			if stride[s] < 2 {
				break
			}
			v := data[(i+stride[s]/2)%l.Count()]
			l.Barrier()
			data[i] = max(data[i], v)
			l.Barrier()
		}
	})
}

// SpMV multiplies a CSR matrix by x, one row per lane, with a row loop of
// lane-dependent length that contains no convergent call; the row sums are
// then reduced into a checksum.
func SpMV(lanes int, offsets, cols []int, vals, x, y []float64, checksum *float64) error {
	rows := len(offsets) - 1
	return spmd.Run(lanes, func(l spmd.Lane) {
		var part float64
		for r := l.Index(); r < rows; r += l.Count() {
			n := helpers.RowLen(offsets, r)
			acc := 0.0
			for e := 0; e < n; e++ {
				k := offsets[r] + e
				acc += vals[k] * x[cols[k]]
			}
			y[r] = acc
			part += acc
		}
		s := spmd.ReduceAdd(l, part)
		if l.Index() == 0 {
			*checksum = s
		}
	})
}

// VoteLoop iterates Newton steps for sqrt until every lane has converged,
// voting with spmd.All at the end of every step; lanes that are already
// done keep voting and synchronising.
func VoteLoop(lanes int, in, out []float64, steps *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		a := in[l.Index()]
		x := a
		if x < 1 {
			x = 1
		}
		n := 0
		for {
			nx := (x + a/x) / 2
			done := x-nx < 1e-9
			x = nx
			n++
			l.Barrier()
			if spmd.All(l, done) {
				break
			}
		}
		out[l.Index()] = x
		if l.Index() == 0 {
			*steps = n
		}
	})
}

// ShuffleRotate rotates values one lane to the right with Shuffle and uses
// the result only as data.
func ShuffleRotate(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		v := spmd.Shuffle(l, data[i], (i+l.Count()-1)%l.Count())
		l.Barrier()
		data[i] = v
	})
}

// UniformOfDivergent computes a uniform value from a divergent one through
// a ballot, and branches on it with a barrier inside.
func UniformOfDivergent(lanes int, data []int, out *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		neg := data[l.Index()] < 0
		if spmd.Ballot(l, neg) != 0 {
			v := data[l.Index()]
			if v < 0 {
				v = -v
			}
			l.Barrier()
			data[l.Index()] = v
		}
		l.Barrier()
		if l.Index() == 0 {
			*out = data[0]
		}
	})
}
