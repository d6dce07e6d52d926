// Package kit is a small helper library for kernels: launching tables of
// kernels from host code, higher-order helpers that take callbacks, and
// closure factories.
package kit

import (
	"fmt"
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
)

// A Step is one pass of a multi-pass job.
type Step struct {
	Name   string
	Lanes  int
	Kernel func(spmd.Lane)
}

// RunSteps launches the steps in order and stops at the first failure.
func RunSteps(steps []Step) error {
	for _, s := range steps {
		if err := spmd.Run(s.Lanes, s.Kernel); err != nil {
			return fmt.Errorf("%s: %w", s.Name, err)
		}
	}
	return nil
}

// RunAll runs every kernel, in order, in a group of the same size.
func RunAll(lanes int, kernels ...func(spmd.Lane)) error {
	for i, k := range kernels {
		if err := spmd.Run(lanes, k); err != nil {
			return fmt.Errorf("kernel %d: %w", i, err)
		}
	}
	return nil
}

// Times calls f(0), ..., f(n-1).
func Times(n int, f func(i int)) {
	for i := range n {
		f(i)
	}
}

// When calls f if p holds.
func When(p bool, f func()) {
	if p {
		f()
	}
}

// Owned calls f for every index below n that lane l owns: l.Index(),
// l.Index()+l.Count(), and so on. Lanes make different numbers of calls
// when n is not a multiple of the group size.
func Owned(l spmd.Lane, n int, f func(i int)) {
	for i := l.Index(); i < n; i += l.Count() {
		f(i)
	}
}

// Tiles calls f(base) for base = 0, Count, 2*Count, ... below n. Every
// lane makes the same calls.
func Tiles(l spmd.Lane, n int, f func(base int)) {
	for base := 0; base < n; base += l.Count() {
		f(base)
	}
}

// Chunks yields the bases of the tiles of n elements, with a barrier
// between tiles so that the caller can reuse its shared buffers.
func Chunks(l spmd.Lane, n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for base := 0; base < n; base += l.Count() {
			if base > 0 {
				l.Barrier()
			}
			if !yield(base) {
				return
			}
		}
	}
}

// Each calls f on every element of xs.
func Each[T any](xs []T, f func(T)) {
	for _, x := range xs {
		f(x)
	}
}

// Map returns f applied to every element of xs.
func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

// Fold combines v over the lanes of l with op, for instance
// spmd.ReduceAdd[float64].
func Fold[T spmd.Number](l spmd.Lane, v T, op func(spmd.Lane, T) T) T {
	return op(l, v)
}

// Scan runs the steps of a Hillis-Steele scan: step(l, v, d) for the
// distances d = 1, 2, 4, ... below the group size.
func Scan[T spmd.Number](l spmd.Lane, v T, step func(l spmd.Lane, v T, d int) T) T {
	for d := 1; d < l.Count(); d <<= 1 {
		v = step(l, v, d)
	}
	return v
}

// Combiners maps the name of an operation to the collective doing it.
var Combiners = map[string]func(spmd.Lane, float64) float64{
	"sum": spmd.ReduceAdd[float64],
	"min": spmd.ReduceMin[float64],
	"max": spmd.ReduceMax[float64],
}

// Summer returns a function that adds its argument over the lanes of l.
func Summer(l spmd.Lane) func(float64) float64 {
	return func(v float64) float64 {
		return spmd.ReduceAdd(l, v)
	}
}

// Scaler returns the function x -> k*x.
func Scaler(k float64) func(float64) float64 {
	return func(x float64) float64 { return k * x }
}

// TileLoader returns a function that copies the tile of src starting at
// base into shared, one element per lane (zero past the end of src), with
// a barrier on each side so that the tile is complete when it returns.
func TileLoader(l spmd.Lane, shared []float64) func(src []float64, base int) {
	wait := l.Barrier
	return func(src []float64, base int) {
		i := l.Index()
		v := 0.0
		if base+i < len(src) {
			v = src[base+i]
		}
		wait()
		shared[i] = v
		wait()
	}
}

// Repeater returns a function that waits at k barriers in a row.
func Repeater(l spmd.Lane, k int) func() {
	return func() {
		for range k {
			l.Barrier()
		}
	}
}

// A Reducer combines values over the lanes with the operation named by Op:
// "sum" (the default), "min" or "max".
type Reducer struct{ Op string }

// Reduce combines v over the lanes of l.
func (r Reducer) Reduce(l spmd.Lane, v float64) float64 {
	switch r.Op {
	case "min":
		return spmd.ReduceMin(l, v)
	case "max":
		return spmd.ReduceMax(l, v)
	}
	return spmd.ReduceAdd(l, v)
}
