// Package ambig holds kernels whose right answer is unclear; REPORT.md
// gives a guess for each. None of them has an EXPECT line.
package ambig

import (
	"fmt"
	"runtime"

	"github.com/spmdvet/spmdvet/spmd"
)

// FlushOnPanic ends the kernel with a deferred barrier; a lane with an
// index out of range panics, with nothing to recover it. While unwinding,
// the panicking lane runs the deferred barrier.
//
// kernel(ambig)
func FlushOnPanic(src []float64, idx []int) ([]float64, error) {
	n := len(idx)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		defer l.Barrier()
		if idx[i] < 0 || idx[i] >= len(src) {
			panic(fmt.Sprintf("index %d out of range", idx[i]))
		}
		out[i] = src[idx[i]]
	})
	return out, err
}

// FlushOnGoexit is FlushOnPanic with runtime.Goexit: the lanes that leave
// run the deferred barrier from inside Goexit.
//
// kernel(ambig)
func FlushOnGoexit(src []float64, idx []int) ([]float64, error) {
	n := len(idx)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		defer l.Barrier()
		if idx[i] < 0 || idx[i] >= len(src) {
			runtime.Goexit()
		}
		out[i] = src[idx[i]]
	})
	return out, err
}

// FlushOnRecover defers a barrier and, after it, a recover: a lane that
// panics recovers and then runs the barrier on its way out, from the panic
// path rather than from the return.
//
// kernel(ambig)
func FlushOnRecover(src []float64, idx []int) ([]float64, []bool, error) {
	n := len(idx)
	out := make([]float64, n)
	bad := make([]bool, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		defer l.Barrier()
		defer func() {
			if recover() != nil {
				bad[i] = true
			}
		}()
		if idx[i] < 0 || idx[i] >= len(src) {
			panic("out of range")
		}
		out[i] = src[idx[i]]
	})
	return out, bad, err
}

// DeferInLoop defers one barrier per round (a uniform count) and leaves
// through a single return: the deferred calls run from the runtime's defer
// chain, not open-coded.
//
// kernel(ambig)
func DeferInLoop(vals []int, rounds int) ([]int, error) {
	out := make([]int, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		for r := 0; r < rounds; r++ {
			defer l.Barrier()
		}
		out[i] = vals[i] * rounds
	})
	return out, err
}
