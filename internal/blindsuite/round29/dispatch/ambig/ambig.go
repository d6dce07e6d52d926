// Package ambig holds kernels whose right answer the author is not sure
// of. None carries a bug marker; REPORT.md gives each one's guess and why.
// Every kernel here runs without error under spmd.Run with the inputs of
// the tests, except where a test says otherwise.
package ambig

import (
	"fmt"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round29/dispatch/gpu"
	"github.com/spmdvet/spmdvet/spmd"
)

// A1 FiniteShareRecover checks each lane's value with gpu.MustFinite, which
// panics inside the helper on a NaN, and the kernel recovers; then it
// publishes through a barrier.
// kernel(ambig), see REPORT.md
func FiniteShareRecover(x []float64) ([]float64, []error, error) {
	n := len(x)
	out := make([]float64, n)
	errs := make([]error, n)
	shared := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		b := gpu.Of(l)
		i := b.Tid()
		defer gpu.Catch(&errs[i])
		v := gpu.MustFinite(x[i])
		b.Stage(shared, v)
		out[i] = shared[(i+1)%n]
	})
	return out, errs, err
}

// A2 LoggedShare defers a closure that calls gpu.Catch. recover only stops
// a panic when the deferred function calls it directly, so here it returns
// nil and a lane-dependent panic goes on to end the kernel.
// kernel(ambig), see REPORT.md
func LoggedShare(x []float64) ([]float64, []error, error) {
	n := len(x)
	out := make([]float64, n)
	errs := make([]error, n)
	shared := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		b := gpu.Of(l)
		i := b.Tid()
		defer func() {
			gpu.Catch(&errs[i]) // too deep: recover returns nil here
		}()
		if x[i] < 0 {
			panic("negative input")
		}
		b.Stage(shared, x[i])
		out[i] = shared[(i+1)%n]
	})
	return out, errs, err
}

// A3 TryStage runs the check-and-publish step inside gpu.Try, which
// recovers a panic of the callback: a lane whose value is negative panics
// inside the callback, before its barrier, and Try returns the error.
// kernel(ambig), see REPORT.md
func TryStage(x []float64) ([]float64, []error, error) {
	n := len(x)
	out := make([]float64, n)
	errs := make([]error, n)
	shared := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		b := gpu.Of(l)
		i := b.Tid()
		errs[i] = gpu.Try(func() {
			if x[i] < 0 {
				panic("negative input")
			}
			b.Stage(shared, x[i])
			out[i] = shared[(i+1)%n]
		})
	})
	return out, errs, err
}

// A4 GatherRecover looks each lane's value up through an index table, with
// a deferred recover in the kernel; an index out of range would panic (a
// run-time panic, not a call of panic) for that lane only, before the
// barrier.
// kernel(ambig), see REPORT.md
func GatherRecover(table []float64, idx []int) ([]float64, []error, error) {
	n := len(idx)
	out := make([]float64, n)
	errs := make([]error, n)
	shared := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		b := gpu.Of(l)
		i := b.Tid()
		defer func() {
			if r := recover(); r != nil {
				errs[i] = fmt.Errorf("lane %d: %v", i, r)
			}
		}()
		v := table[idx[i]]
		b.Stage(shared, v)
		out[i] = shared[(i+1)%n]
	})
	return out, errs, err
}

// A5 CheckpointedCost takes a value-receiver Snapshot of each lane's
// accumulator before the risky jobs, mutes the live accumulator on a
// cancelled job (under the lane's own condition), and flushes the
// snapshot, which no lane muted.
// kernel(ambig), succeeds under spmd.Run; see REPORT.md
func CheckpointedCost(safe, risky [][]float64) (float64, error) {
	var total float64
	err := spmd.Run(len(safe), func(l spmd.Lane) {
		acc := gpu.Acc{W: gpu.Warp{L: l}}
		for _, c := range safe[l.Index()] {
			acc.Add(c)
		}
		snap := acc.Snapshot()
		for _, c := range risky[l.Index()] {
			if c < 0 {
				acc.Mute()
				break
			}
			acc.Add(c)
		}
		t := snap.Flush()
		if l.Index() == 0 {
			total = t
		}
	})
	return total, err
}

// A6 DeferredSync defers the block barrier, so every lane runs it on its
// way out, including the lanes that return early because they have no
// element. spmd.Run reports divergence when some lanes return early: Go
// runs the deferred call at each return, a different call site.
// kernel(ambig), see REPORT.md
func DeferredSync(x []float64, lanes int) ([]float64, error) {
	out := make([]float64, len(x))
	err := spmd.Run(lanes, func(l spmd.Lane) {
		b := gpu.Of(l)
		defer b.Sync()
		i := b.Tid()
		if i >= len(x) {
			return
		}
		out[i] = 2 * x[i]
	})
	return out, err
}

// A7 BoundSyncPick takes the method value Sync of one of two handles of the
// same concrete type, picked by the lane's parity: the receiver value
// depends on the lane, the method does not.
// kernel(ambig), see REPORT.md
func BoundSyncPick(x []float64) ([]float64, error) {
	n := len(x)
	out := make([]float64, n)
	shared := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		handles := [2]gpu.Block{gpu.Of(l), gpu.Of(l)}
		i := l.Index()
		sync := handles[i%2].Sync
		shared[i] = x[i]
		sync()
		out[i] = shared[n-1-i]
	})
	return out, err
}

// A8 SameTypeTable indexes a table of reducers by the lane's parity; both
// entries have the same dynamic type (gpu.SumOf), so every lane calls the
// same method.
// kernel(ambig), see REPORT.md
func SameTypeTable(x []float64) (float64, error) {
	var total float64
	err := spmd.Run(len(x), func(l spmd.Lane) {
		w := gpu.Warp{L: l}
		table := []gpu.Reducer{gpu.SumOf{W: w}, gpu.SumOf{W: w}}
		i := l.Index()
		s := table[i%2].Reduce(x[i])
		if i == 0 {
			total = s
		}
	})
	return total, err
}

// A9 RethrowShare recovers a lane's panic only to record it and panic
// again, so the lane does not return normally: the kernel still ends with
// a panic.
// kernel(ambig), see REPORT.md
func RethrowShare(x []float64) ([]float64, []error, error) {
	n := len(x)
	out := make([]float64, n)
	errs := make([]error, n)
	shared := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		b := gpu.Of(l)
		i := b.Tid()
		defer func() {
			if r := recover(); r != nil {
				errs[i] = fmt.Errorf("lane %d: %v", i, r)
				panic(r)
			}
		}()
		if x[i] < 0 {
			panic("negative input")
		}
		b.Stage(shared, x[i])
		out[i] = shared[(i+1)%n]
	})
	return out, errs, err
}
