package good

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round5/dev"
	"github.com/spmdvet/spmdvet/spmd"
)

// ClosurePhases stores closures that reach barriers and calls them under
// uniform control, directly and through dev.Repeat.
func ClosurePhases(lanes, passes int, buf []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		sync := func() { l.Barrier() }
		phase := func(k int) {
			v := buf[(tid+k)%l.Count()]
			sync()
			buf[tid] = v
			sync()
		}
		for p := 0; p < passes; p++ {
			phase(p)
		}
		dev.Repeat(passes, sync)
	})
}

// DeferCleanup defers a non-convergent cleanup, and lanes past the end of
// the output return early only after the last barrier.
func DeferCleanup(lanes int, in []int, out []int, active *atomic.Int32) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		active.Add(1)
		defer active.Add(-1)
		tid := l.Index()
		s := spmd.ReduceAdd(l, in[tid])
		l.Barrier()
		if tid >= len(out) {
			return
		}
		out[tid] = s - in[tid]
	})
}

// PanicGuard panics on bad input in some lanes; with no recover, that only
// brings the kernel down, so the barrier after it is fine.
func PanicGuard(lanes int, data []int) (int, error) {
	total := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		x := data[l.Index()]
		if x < 0 {
			panic("negative input")
		}
		l.Barrier()
		s := spmd.ReduceAdd(l, x)
		if l.Index() == 0 {
			total = s
		}
	})
	return total, err
}

// CheckedHelper gives a lane-dependent value to a helper that only panics
// on it before its barrier.
func CheckedHelper(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		dev.CheckedSync(l, data[l.Index()])
	})
}

// DataArgs passes lane-dependent data to helpers that contain collectives
// but never let that data decide control around them.
func DataArgs(lanes int, data []float64, out []int) (float64, error) {
	var total float64
	err := spmd.Run(lanes, func(l spmd.Lane) {
		x := data[l.Index()]
		s := dev.ScaledSum(l, x, 2)
		dev.ClampStore(l, out, int(x)-2)
		if dev.AnyPositive(l, x-3) {
			l.Barrier()
		}
		if l.Index() == 0 {
			total = s
		}
	})
	return total, err
}

// JoinThenBarrier diverges in if/else and switch arms that compute data,
// and meets at barriers after the joins.
func JoinThenBarrier(lanes int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		var x int
		if tid%2 == 0 {
			x = 10
		} else {
			x = 20
		}
		l.Barrier()
		switch tid % 3 {
		case 0:
			x++
		case 1:
			x += 2
		default:
			x += 3
		}
		l.Barrier()
		out[tid] = x
	})
}

// ContinueReconverge skips empty cells with a lane-dependent continue; the
// barrier sits at the top of the body, before the continue, and the loop
// bound is uniform.
func ContinueReconverge(lanes, rounds int, data []int) (int, error) {
	total := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		acc := 0
		for i := 0; i < rounds; i++ {
			l.Barrier()
			v := data[i*l.Count()+l.Index()]
			if v == 0 {
				continue
			}
			acc += v
		}
		s := spmd.ReduceAdd(l, acc)
		if l.Index() == 0 {
			total = s
		}
	})
	return total, err
}

// InnerSearchOuterBarrier searches a key table in an inner loop left at a
// lane-dependent iteration; the barrier is in the outer loop, after it.
func InnerSearchOuterBarrier(lanes, rounds int, keys []int, hits []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		for r := 0; r < rounds; r++ {
			found := -1
			for j := 0; j < len(keys); j++ {
				if keys[j] == tid+r {
					found = j
					break
				}
			}
			if found >= 0 {
				hits[tid]++
			}
			l.Barrier()
		}
	})
}

// GotoPhases is a uniform loop written with goto.
func GotoPhases(lanes, passes int) (int, error) {
	n := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := 0
	loop:
		l.Barrier()
		if l.Index() == 0 {
			n++
		}
		i++
		if i < passes {
			goto loop
		}
	})
	return n, err
}

// ModeSwitch switches on a uniform mode, with convergent calls in arms.
func ModeSwitch(lanes, mode int, data []int) (int, error) {
	res := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		x := data[l.Index()]
		r := 0
		switch {
		case mode == 0:
			l.Barrier()
		case mode == 1:
			r = spmd.ReduceAdd(l, x)
		case mode > 1 && l.Count() >= 4:
			r = spmd.ReduceMax(l, x)
		default:
		}
		if l.Index() == 0 {
			res = r
		}
	})
	return res, err
}

// ShortCircuitUniform uses && and || whose operands are all uniform; the
// right operand of || is itself a collective.
func ShortCircuitUniform(lanes int, enabled bool, passes int, data []int) (int, error) {
	n := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		x := data[l.Index()]
		if l.Count() >= 4 && enabled {
			l.Barrier()
			if l.Index() == 0 {
				n++
			}
		}
		if passes == 0 || spmd.Any(l, x > 3) {
			l.Barrier()
			if l.Index() == 0 {
				n += 10
			}
		}
	})
	return n, err
}

// DivergentIfInUniformLoop has a lane-dependent if/else inside a loop with
// a uniform trip count, and the barrier after the join.
func DivergentIfInUniformLoop(lanes, rounds int, data []int) (int, error) {
	total := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		acc := 0
		for i := 0; i < rounds; i++ {
			if data[l.Index()] > i {
				acc++
			} else {
				acc--
			}
			l.Barrier()
		}
		s := spmd.ReduceAdd(l, acc)
		if l.Index() == 0 {
			total = s
		}
	})
	return total, err
}

// OverwrittenLaneValue starts from a lane-dependent value and replaces it
// with a reduction before using it as a bound.
func OverwrittenLaneValue(lanes int) (int, error) {
	n := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		x := l.Index() * 3
		x = spmd.ReduceAdd(l, x)
		for i := 0; i < x%5; i++ {
			l.Barrier()
			if l.Index() == 0 {
				n++
			}
		}
	})
	return n, err
}

// WorkQueue takes one item per lane from a pre-filled channel; the
// received item only picks the output slot.
func WorkQueue(lanes int) ([]int, error) {
	queue := make(chan int, lanes)
	for i := range lanes {
		queue <- i
	}
	res := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		item := <-queue
		res[item] = item * item
		l.Barrier()
		s := spmd.ReduceAdd(l, 1)
		if l.Index() == 0 {
			res[0] += s - l.Count()
		}
	})
	return res, err
}

// InterfaceCombine calls the only Combiner through an interface value under
// uniform control and stores the result.
func InterfaceCombine(lanes int, data []int, out []int) error {
	var c dev.Combiner = dev.SumCombiner{}
	return spmd.Run(lanes, func(l spmd.Lane) {
		out[l.Index()] = c.Combine(l, data[l.Index()])
		var s dev.Syncer = dev.BlockSyncer{}
		s.Sync(l)
	})
}

// Smooth is a kernel entry: its parameters are uniform, so passes may
// bound a loop of barriers.
//
//spmd:kernel
func Smooth(l spmd.Lane, passes int, buf []float64) {
	tid := l.Index()
	n := l.Count()
	for p := 0; p < passes; p++ {
		left := buf[(tid+n-1)%n]
		right := buf[(tid+1)%n]
		self := buf[tid]
		l.Barrier()
		buf[tid] = (left + self + right) / 3
		l.Barrier()
	}
}

// ScaleEntry is a kernel entry with a divergent early exit after its only
// collective.
//
//spmd:kernel
func ScaleEntry(l spmd.Lane, k float64, in, out []float64) {
	m := spmd.ReduceMax(l, in[l.Index()])
	if l.Index() >= len(out) {
		return
	}
	out[l.Index()] = k * in[l.Index()] / m
}

// SyncWrapper calls the //spmd:convergent barrier wrapper and SyncN with a
// uniform count.
func SyncWrapper(lanes, n int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		dev.Sync(l)
		dev.SyncN(l, n)
		dev.SyncN(l, spmd.ReduceMax(l, l.Index()))
	})
}
