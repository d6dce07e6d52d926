package good

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round3/helpers"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round3/prim"
	"github.com/spmdvet/spmdvet/spmd"
)

// Reduction modes.
const (
	ModeSum = iota
	ModeMax
	ModeMin
)

// SwitchMode picks the reduction with a switch on a kernel parameter.
func SwitchMode(lanes int, data []int, mode int, out *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		v := data[l.Index()]
		var r int
		switch mode {
		case ModeSum:
			r = spmd.ReduceAdd(l, v)
		case ModeMax:
			r = spmd.ReduceMax(l, v)
		default:
			r = spmd.ReduceMin(l, v)
		}
		if l.Index() == 0 {
			*out = r
		}
	})
}

// SwitchLaneThenReduce switches on the lane's class only to compute a
// weight; the collective comes after the switch, where all lanes meet.
func SwitchLaneThenReduce(lanes int, data []int, out *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		v := data[l.Index()]
		w := 0
		switch {
		case v < 0:
			w = -v
		case v%2 == 0:
			w = v / 2
			fallthrough
		default:
			w++
		}
		s := spmd.ReduceAdd(l, w)
		if l.Index() == 0 {
			*out = s
		}
	})
}

// LabelledLoops walks a grid of cells; a whole row is skipped when any lane
// flags it (continue outer, decided by spmd.Any), the scan stops when all
// lanes are satisfied (break outer, decided by spmd.All).
func LabelledLoops(lanes int, grid []int, rows, cols int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		acc := 0
	outer:
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				v := grid[(r*cols+c)*l.Count()+i]
				if spmd.Any(l, v < 0) {
					continue outer
				}
				acc += v
				l.Barrier()
				if spmd.All(l, acc > 100) {
					break outer
				}
			}
		}
		out[i] = acc
	})
}

// GotoRetry retries a block-wide validation with goto; the retry decision
// is uniform because it comes from spmd.All and a uniform counter.
func GotoRetry(lanes int, data []int, attempts *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		tries := 0
	retry:
		tries++
		v := data[i] - tries
		l.Barrier()
		if !spmd.All(l, v <= 0) && tries < 4 {
			goto retry
		}
		if i == 0 {
			*attempts = tries
		}
	})
}

// IrreducibleUniform runs a two-state machine built with goto whose two
// states can both be entered from outside the cycle (an irreducible
// cycle), but the entry is chosen by a kernel parameter, so all lanes enter
// at the same block.
func IrreducibleUniform(lanes int, data []int, startOdd bool, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		x := data[i]
		steps := 0
		if startOdd {
			goto odd
		}
	even:
		x /= 2
		l.Barrier()
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

// PanicGuard validates its index and panics on bad input; a lane that
// panics brings the whole kernel down, so the barrier is not divergent.
func PanicGuard(lanes int, idx []int, data []int, out []int) error {
	sh := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		j := idx[i]
		if j < 0 || j >= len(data) {
			panic("gather index out of range")
		}
		sh[i] = data[j]
		l.Barrier()
		out[i] = sh[(i+1)%l.Count()]
	})
}

// PanicHelper validates through a helper in another package that panics.
func PanicHelper(lanes int, idx []int, data []int, out *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		j := idx[l.Index()]
		helpers.MustInRange(j, len(data))
		s := spmd.ReduceAdd(l, data[j])
		if l.Index() == 0 {
			*out = s
		}
	})
}

// EarlyExitAny returns early in every lane when no lane has work.
func EarlyExitAny(lanes int, data []int, out []int) error {
	sh := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		active := data[i] != 0
		if !spmd.Any(l, active) {
			return
		}
		out[i] = helpers.BlockReduce(l, sh, data[i])
	})
}

// EarlyExitParam returns early on a uniform kernel parameter.
func EarlyExitParam(lanes int, data []int, n int, out *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		if n == 0 {
			return
		}
		v := 0
		if l.Index() < n {
			v = data[l.Index()]
		}
		s := spmd.ReduceAdd(l, v)
		if l.Index() == 0 {
			*out = s
		}
	})
}

// MaxTripCount gives each lane a different amount of work but runs the
// barrier loop a uniform number of times, computed with ReduceMax; lanes
// without work in an iteration just idle.
func MaxTripCount(lanes int, work []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		mine := work[i]
		iters := spmd.ReduceMax(l, mine)
		acc := 0
		for k := 0; k < iters; k++ {
			if k < mine {
				acc += k
			}
			l.Barrier()
		}
		out[i] = acc
	})
}

// UniformShortCircuit has collectives as right operands of && and ||
// whose left operands are uniform, so every lane evaluates them or none.
func UniformShortCircuit(lanes int, data []int, strict bool, out []bool) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		v := data[l.Index()]
		ok := strict && spmd.All(l, v > 0)
		weak := strict || spmd.Any(l, v > 0)
		if ok || l.Count() > 64 {
			l.Barrier()
		}
		if l.Index() == 0 {
			out[0], out[1] = ok, weak
		}
	})
}

// DivergentAndNoCollective has a lane-dependent && whose arms contain no
// convergent call; the barrier after it is reached by everyone.
func DivergentAndNoCollective(lanes int, data []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		if i < len(data) && data[i] > 0 {
			out[i] = data[i] * 2
		}
		l.Barrier()
		next := out[(i+1)%l.Count()]
		l.Barrier()
		out[i] += next
	})
}

// ClosureSync uses a local closure around the barrier, called only from
// uniform control.
func ClosureSync(lanes int, data []int, rounds int) error {
	sync := func(l spmd.Lane) { prim.Sync(l) }
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		step := func() {
			v := data[(i+1)%l.Count()]
			sync(l)
			data[i] = (data[i] + v) / 2
			sync(l)
		}
		for r := 0; r < rounds; r++ {
			step()
		}
	})
}

// DeferredStore writes its result in a deferred call and synchronises in
// the body; there is no early return.
func DeferredStore(lanes int, data []int, out []int) error {
	sh := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		acc := 0
		defer func() { out[i] = acc }()
		helpers.Publish(l, sh, data[i])
		for _, v := range sh {
			acc += v
		}
		l.Barrier()
	})
}

// DeferRecoverNoPanic defers a recover (to turn a crash into a flag), but
// nothing before its collective can panic: the lane-dependent panic comes
// after the last convergent call.
func DeferRecoverNoPanic(lanes int, data []int, failed []bool) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		defer func() {
			if recover() != nil {
				failed[i] = true
			}
		}()
		total := spmd.ReduceAdd(l, i)
		if data[i] < 0 {
			panic("negative input")
		}
		data[i] *= total
	})
}
