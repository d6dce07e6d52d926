package bad

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// SwitchLane stages data for lanes of class 0 only, with a barrier in that
// arm of a switch on the lane index.
func SwitchLane(lanes int, data []int, out []int) error {
	sh := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		switch i % 4 {
		case 0:
			sh[i] = data[i] * 2
			l.Barrier() // EXPECT
			out[i] = sh[(i+4)%l.Count()]
		case 1, 2:
			out[i] = data[i]
		default:
			out[i] = -data[i]
		}
	})
}

// TaglessSwitch reduces only in the lanes whose value is above the range.
func TaglessSwitch(lanes int, data []int, lo, hi int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		v := data[i]
		switch {
		case v < lo:
			out[i] = lo
		case v > hi:
			out[i] = spmd.ReduceMax(l, v) // EXPECT
		default:
			out[i] = v
		}
	})
}

// BallotGuard casts the ballot inside the bounds check, so lanes past n
// never vote.
func BallotGuard(lanes int, n int, data []int, out *uint64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		if tid < n {
			mask := spmd.Ballot(l, data[tid] > 0) // EXPECT
			if tid == 0 {
				*out = mask
			}
		}
	})
}

// Wavefront lets lane i run i sweeps, with a barrier in each.
func Wavefront(lanes int, row []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		for k := 0; k < i; k++ {
			v := row[i-1]
			l.Barrier() // EXPECT
			row[i] += v
		}
	})
}

// DataTripCount loops a number of times read from per-lane data.
func DataTripCount(lanes int, counts []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		acc := 0
		for k := 0; k < counts[i]; k++ {
			acc += spmd.ReduceAdd(l, k) // EXPECT
		}
		out[i] = acc
	})
}

// BreakOnNegative leaves the round loop in the lanes that meet a negative
// element, skipping the rest of the round barriers.
func BreakOnNegative(lanes int, data []int, rounds int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		acc := 0
		for r := 0; r < rounds; r++ {
			v := data[r*l.Count()+i]
			if v < 0 {
				break
			}
			acc += v
			l.Barrier() // EXPECT
		}
		out[i] = acc
	})
}

// ContinueOuterLane skips the rest of a row with a labelled continue
// decided per lane, skipping the row's remaining reductions.
func ContinueOuterLane(lanes int, grid []int, rows, cols int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		acc := 0
	outer:
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				v := grid[(r*cols+c)*l.Count()+i]
				if v < 0 {
					continue outer
				}
				acc += spmd.ReduceAdd(l, v) // EXPECT
			}
		}
		out[i] = acc
	})
}

// GotoSkip jumps over the exchange phase in lanes with negative input.
func GotoSkip(lanes int, data []int, out []int) error {
	sh := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		v := data[i]
		if v < 0 {
			goto done
		}
		sh[i] = v
		l.Barrier() // EXPECT
		v += sh[(i+1)%l.Count()]
	done:
		out[i] = v
	})
}

// IrreducibleDivergent is IrreducibleUniform with the entry into the goto
// cycle chosen per lane: odd values enter at odd, even ones at even.
func IrreducibleDivergent(lanes int, data []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		x := data[i]
		steps := 0
		if x%2 == 1 {
			goto odd
		}
	even:
		x /= 2
		l.Barrier() // EXPECT
		steps++
		if steps >= 3 {
			goto done
		}
	odd:
		x = 3*x + 1
		steps++
		if steps >= 3 {
			goto done
		}
		goto even
	done:
		out[i] = x
	})
}

// GotoRetryLane retries per lane, with the barrier inside the retry cycle.
func GotoRetryLane(lanes int, data []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		tries := 0
	retry:
		tries++
		v := data[i] - tries
		l.Barrier() // EXPECT
		if v > 0 && tries < 4 {
			goto retry
		}
		out[i] = tries
	})
}

// AndRHS puts a collective on the right of && after a lane-dependent left
// operand.
func AndRHS(lanes int, data []int, out []bool) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		v := data[i]
		if i%2 == 0 &&
			spmd.Any(l, v > 0) { // EXPECT
			out[i] = true
		}
	})
}

// OrRHS evaluates spmd.All only in the lanes whose own value is not
// positive.
func OrRHS(lanes int, data []int, out []bool) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		v := data[i]
		ok := v > 0 ||
			spmd.All(l, v == 0) // EXPECT
		out[i] = ok
	})
}

// DeferRecover turns a panic on bad input into a flag; the lanes that
// panic then return normally, leaving the others at the reduction.
func DeferRecover(lanes int, data []int, failed []bool, out *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		defer func() {
			if r := recover(); r != nil {
				failed[i] = true
			}
		}()
		if data[i] < 0 {
			panic("negative input")
		}
		s := spmd.ReduceAdd(l, data[i]) // EXPECT
		if i == 0 {
			*out = s
		}
	})
}

// DeferEarlyReturn stores its result in a deferred call, which makes the
// early return look harmless.
func DeferEarlyReturn(lanes int, data []int, mask []bool, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		acc := 0
		defer func() { out[i] = acc }()
		if !mask[i] {
			return
		}
		acc = spmd.ReduceAdd(l, data[i]) // EXPECT
	})
}

// TemporalBucket finds each value's bucket with a search loop the lanes
// leave at different iterations; the bucket index, uniform inside the loop,
// is lane-dependent after it.
func TemporalBucket(lanes int, data []int, bounds []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		x := data[i]
		j := 0
		for ; j < len(bounds); j++ {
			if x < bounds[j] {
				break
			}
		}
		if j == len(bounds) { // overflow bucket
			l.Barrier() // EXPECT
		}
		out[i] = j
	})
}

// TemporalCollatz counts Collatz steps, then reduces only in the lanes
// that needed many.
func TemporalCollatz(lanes int, data []int, limit int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		x := data[i]
		steps := 0
		for x > 1 {
			if x%2 == 0 {
				x /= 2
			} else {
				x = 3*x + 1
			}
			steps++
		}
		if steps > limit {
			out[i] = spmd.ReduceAdd(l, steps) // EXPECT
		}
	})
}
