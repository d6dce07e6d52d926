// Package returns holds kernels that leave early with return: plainly, from
// nested ifs, from switch cases, from inside a range loop and from closures
// called in place.
package returns

import (
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

// Normalize divides every element by the Euclidean norm of data. Zero
// elements stay zero and leave before the reduction.
//
// kernel(bug)
func Normalize(data []float64) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		x := data[i]
		if x == 0 {
			out[i] = 0
			return
		}
		s := spmd.ReduceAdd(l, x*x) // EXPECT
		out[i] = x / math.Sqrt(s)
	})
	return out, err
}

// NormalizeOK is Normalize with the reduction before the early return.
//
// kernel(ok)
func NormalizeOK(data []float64) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		x := data[i]
		s := spmd.ReduceAdd(l, x*x)
		if x == 0 {
			out[i] = 0
			return
		}
		out[i] = x / math.Sqrt(s)
	})
	return out, err
}

// PeakBelow returns the largest element of data, but with strict set lanes
// whose element is below lo drop out first.
//
// kernel(bug)
func PeakBelow(data []float64, lo, hi float64, strict bool) (float64, error) {
	var peak float64
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		if lo <= hi {
			if data[i] < lo {
				if strict {
					return
				}
			}
		}
		m := spmd.ReduceMax(l, data[i]) // EXPECT
		if i == 0 {
			peak = m
		}
	})
	return peak, err
}

// PeakBelowOK returns early through the same nest of ifs, but every
// condition is the same in every lane: the bounds are malformed.
//
// kernel(ok)
func PeakBelowOK(data []float64, lo, hi float64, strict bool) (float64, error) {
	var peak float64
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		if lo > hi {
			if math.IsInf(lo, 0) {
				if strict {
					return
				}
			}
		}
		m := spmd.ReduceMax(l, data[i])
		if i == 0 {
			peak = m
		}
	})
	return peak, err
}

// Op codes of the per-lane instruction stream of Interpret.
const (
	OpKeep = iota
	OpNeg
	OpDrop
)

// Interpret applies each lane's op to its value and sums the results; a
// dropped lane leaves from its switch case.
//
// kernel(bug)
func Interpret(ops []int, vals []int) (int, error) {
	var sum int
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		v := vals[i]
		switch ops[i] {
		case OpDrop:
			return
		case OpNeg:
			v = -v
		case OpKeep:
		}
		t := spmd.ReduceAdd(l, v) // EXPECT
		if i == 0 {
			sum = t
		}
	})
	return sum, err
}

// InterpretOK switches on one op for the whole group, so the case that
// returns is taken by every lane or none.
//
// kernel(ok)
func InterpretOK(op int, vals []int) (int, error) {
	var sum int
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		v := vals[i]
		switch op {
		case OpDrop:
			return
		case OpNeg:
			v = -v
		case OpKeep:
		}
		t := spmd.ReduceAdd(l, v)
		if i == 0 {
			sum = t
		}
	})
	return sum, err
}

// CompactWords copies the words that are not stop words to the front of out,
// in order. A lane whose word is a stop word returns from inside the range.
//
// kernel(bug)
func CompactWords(words, stop []string) ([]string, error) {
	out := make([]string, len(words))
	var kept int
	err := spmd.Run(len(words), func(l spmd.Lane) {
		i := l.Index()
		for _, s := range stop {
			if words[i] == s {
				return
			}
		}
		at := spmd.ExclusiveAdd(l, 1) // EXPECT
		out[at] = words[i]
		n := spmd.ReduceAdd(l, 1) // EXPECT
		if i == 0 {
			kept = n
		}
	})
	return out[:kept], err
}

// CompactWordsOK leaves the range with break instead, and every lane takes
// part in the scan.
//
// kernel(ok)
func CompactWordsOK(words, stop []string) ([]string, error) {
	out := make([]string, len(words))
	var kept int
	err := spmd.Run(len(words), func(l spmd.Lane) {
		i := l.Index()
		keep := 1
		for _, s := range stop {
			if words[i] == s {
				keep = 0
				break
			}
		}
		at := spmd.ExclusiveAdd(l, keep)
		if keep == 1 {
			out[at] = words[i]
		}
		n := spmd.ReduceAdd(l, keep)
		if i == 0 {
			kept = n
		}
	})
	return out[:kept], err
}

// ShiftLeft returns src shifted left by one through a shared tile: the
// group is rounded up to a multiple of 4 lanes, and the extra lanes return
// from the loading closure, which holds the barrier.
//
// kernel(bug)
func ShiftLeft(src []float64) ([]float64, error) {
	lanes := (len(src) + 3) / 4 * 4
	tile := make([]float64, lanes)
	out := make([]float64, len(src))
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		func() {
			if i >= len(src) {
				return
			}
			tile[i] = src[i]
			l.Barrier() // EXPECT
		}()
		if i+1 < len(src) {
			out[i] = tile[i+1]
		}
	})
	return out, err
}

// ShiftLeftOK returns from the closure before the barrier, which comes
// after the closure: every lane reaches it.
//
// kernel(ok)
func ShiftLeftOK(src []float64) ([]float64, error) {
	lanes := (len(src) + 3) / 4 * 4
	tile := make([]float64, lanes)
	out := make([]float64, len(src))
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		func() {
			if i >= len(src) {
				return
			}
			tile[i] = src[i]
		}()
		l.Barrier()
		if i+1 < len(src) {
			out[i] = tile[i+1]
		}
	})
	return out, err
}

// ScaleValid multiplies each element by the group's largest element. A
// closure called in place decides whether the lane's element is invalid,
// and such lanes return.
//
// kernel(bug)
func ScaleValid(data []float64) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		if bad := func() bool {
			return math.IsNaN(data[i]) || data[i] < 0
		}(); bad {
			return
		}
		m := spmd.ReduceMax(l, data[i]) // EXPECT
		out[i] = data[i] * m
	})
	return out, err
}

// ScaleValidOK asks the closure whether any element is invalid, which is
// the same answer in every lane, and gives up as a group.
//
// kernel(ok)
func ScaleValidOK(data []float64) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		if bad := func() bool {
			for _, v := range data {
				if math.IsNaN(v) || v < 0 {
					return true
				}
			}
			return false
		}(); bad {
			return
		}
		m := spmd.ReduceMax(l, data[i])
		out[i] = data[i] * m
	})
	return out, err
}

// TiledPrefix computes, for every tile of len lanes, the prefix sums of the
// tile through shared memory. In the last, partial tile the lanes past the
// end of data return.
//
// kernel(bug)
func TiledPrefix(data []float64, lanes int) ([]float64, error) {
	out := make([]float64, len(data))
	tile := make([]float64, lanes)
	tiles := (len(data) + lanes - 1) / lanes
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		for t := 0; t < tiles; t++ {
			j := t*lanes + i
			if j >= len(data) {
				return
			}
			tile[i] = data[j]
			l.Barrier() // EXPECT
			s := 0.0
			for k := 0; k <= i; k++ {
				s += tile[k]
			}
			out[j] = s
			l.Barrier() // EXPECT
		}
	})
	return out, err
}

// TiledPrefixOK pads the last tile with zeros instead of returning.
//
// kernel(ok)
func TiledPrefixOK(data []float64, lanes int) ([]float64, error) {
	out := make([]float64, len(data))
	tile := make([]float64, lanes)
	tiles := (len(data) + lanes - 1) / lanes
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		for t := 0; t < tiles; t++ {
			j := t*lanes + i
			if j >= len(data) {
				tile[i] = 0
			} else {
				tile[i] = data[j]
			}
			l.Barrier()
			s := 0.0
			for k := 0; k <= i; k++ {
				s += tile[k]
			}
			if j < len(data) {
				out[j] = s
			}
			l.Barrier()
		}
	})
	return out, err
}
