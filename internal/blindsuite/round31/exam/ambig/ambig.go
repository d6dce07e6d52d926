// Package ambig holds kernels whose expected verdict I could not settle
// from the documentation alone. None of its lines carries a bug mark;
// REPORT.md gives my guess for each and why. The tests record what
// spmd.Run does with each kernel.
package ambig

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// WhileContinue (ambig, guess: reported): a for-cond loop whose counter
// every lane advances alike before a lane-dependent continue. The README
// says such a counter still counts as divergent at the loop header (the
// lanes that continued meet the others there), so the loop condition is
// divergent and the ReduceAdd at the top of the body would be reported,
// although every lane runs it the same number of times at run time.
func WhileContinue(grid []int, cols int) ([]int, error) {
	out := make([]int, len(grid)/cols)
	err := spmd.Run(len(out), func(l spmd.Lane) {
		k := 0
		for k < cols {
			colSum := spmd.ReduceAdd(l, grid[l.Index()*cols+k])
			k++
			if grid[l.Index()*cols+k-1] == 0 {
				continue
			}
			out[l.Index()] += colSum
		}
	})
	return out, err
}

// MapRangeBarrier (ambig, guess: not reported): a barrier in the body of a
// range over a shared map, with no lane-dependent exit: the keys come in a
// per-lane order, but every lane iterates as many times.
func MapRangeBarrier(weights map[string]int) ([]int, error) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) {
		for _, w := range weights {
			out[l.Index()] += w
			l.Barrier()
		}
	})
	return out, err
}

// DivergentCallee (ambig, guess: reported): the function value itself is
// chosen by the lane, its argument is uniform. The rule for unknown callees
// only speaks of arguments.
func DivergentCallee(ops []func(int) int, n int) ([]int, error) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) {
		f := ops[l.Index()%len(ops)]
		if f(n) > 0 {
			out[l.Index()] = spmd.ReduceAdd(l, 1)
		}
	})
	return out, err
}

// SameValuePhi (ambig, guess: not reported): both arms of a lane-dependent
// if assign the same constant; LLVM keeps a phi whose incoming values are
// all the same constant uniform, but the README says phis at divergent
// joins are divergent.
func SameValuePhi(data []int) ([]int, error) {
	out := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		var w int
		if data[l.Index()] > 0 {
			w = 2
		} else {
			w = 2
		}
		for k := 0; k < w; k++ {
			out[l.Index()] += spmd.ReduceAdd(l, k)
		}
	})
	return out, err
}

// LocalChannelSelect (ambig, guess: not reported): a select on a channel
// the lane made and filled itself with a uniform value. The README lists
// select as a source of divergence and also says a channel a lane keeps to
// itself is its own memory.
func LocalChannelSelect(n int) ([]int, error) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) {
		ch := make(chan int, 1)
		if n > 0 {
			ch <- n
		}
		select {
		case v := <-ch:
			out[l.Index()] = spmd.ReduceAdd(l, v)
		default:
		}
	})
	return out, err
}

// alternate runs steps steps alternating a local update and a barrier,
// entering the alternation at the barrier when atSync is set: a goto-built
// irreducible cycle whose entry is chosen by a parameter.
func alternate(l spmd.Lane, buf []int, steps int, atSync bool) {
	n := steps
	if atSync {
		goto sync
	}
update:
	buf[l.Index()]++
	n--
	if n == 0 {
		return
	}
sync:
	l.Barrier()
	n--
	if n == 0 {
		return
	}
	goto update
}

// IrreducibleHelperEntry (ambig, guess: reported at the call of alternate):
// the entry of the helper's irreducible cycle is chosen by a lane-dependent
// argument.
func IrreducibleHelperEntry(buf []int, steps int) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		alternate(l, buf, steps, l.Index()%2 == 1)
	})
}

// levelsKernel runs one barrier per level, levels being its (uniform)
// parameter.
//
//spmd:kernel
func levelsKernel(l spmd.Lane, buf []int, levels int) {
	for k := 0; k < levels; k++ {
		buf[l.Index()]++
		l.Barrier()
	}
}

// KernelArgDivergent (ambig, guess: reported at the call of levelsKernel):
// a //spmd:kernel function called from a kernel with a lane-dependent
// argument that its body needs uniform.
func KernelArgDivergent(buf []int) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		levelsKernel(l, buf, 1+l.Index()%2)
	})
}

// ShuffleUniformSource (ambig, guess: reported): Shuffle is declared
// //spmd:divergent, so its result counts as lane-dependent even when every
// lane names the same source lane, which makes it a broadcast at run time.
func ShuffleUniformSource(vals []int) ([]int, error) {
	out := make([]int, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		v := spmd.Shuffle(l, vals[l.Index()], 0)
		if v > 0 {
			l.Barrier()
			out[l.Index()] = v
		}
	})
	return out, err
}

// UnknownLaneCallback (ambig, guess: reported): step is a function value
// the checker cannot see, taking a lane handle, so it may be convergent;
// it is called by the lanes with work only.
func UnknownLaneCallback(work []int, step func(spmd.Lane, int)) error {
	return spmd.Run(len(work), func(l spmd.Lane) {
		if work[l.Index()] > 0 {
			step(l, work[l.Index()])
		}
	})
}
