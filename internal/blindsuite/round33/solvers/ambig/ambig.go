// Package ambig holds solver kernels whose right answer I am not sure of:
// either the spec and the run-time behaviour disagree, or the spec does not
// say clearly. No line here is marked; REPORT.md gives my guess for each.
package ambig

import (
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

// SweepCountWithContinue halves each lane's value every sweep until it is
// below tol, for maxSweeps sweeps, with a barrier per sweep. The sweep
// counter is incremented by every lane before the lane-dependent continue
// of a `for cond` loop.
//
// kernel(ambig): at run time every lane runs every sweep. The README says the
// counter is divergent at the loop header anyway (the lanes that continued
// meet the others there), which makes the loop's exit and its barrier
// divergent for the checker.
func SweepCountWithContinue(x []float64, tol float64, maxSweeps int) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		sweeps := 0
		for sweeps < maxSweeps {
			sweeps++
			l.Barrier() // the previous sweep is complete
			if math.Abs(x[i]) < tol {
				continue // settled: nothing to do this sweep
			}
			x[i] /= 2
		}
	})
}

// ButterflyUnsettled counts the lanes whose residual is above tol with a
// ShuffleXor butterfly (the group size must be a power of two) and, if
// there are any, runs one more synchronized relaxation step.
//
// kernel(ambig): at run time the butterfly gives every lane the same integer
// total, so the branch is uniform; Shuffle results are divergent by
// declaration.
func ButterflyUnsettled(x []float64, tol float64) (int, error) {
	var unsettled int
	err := spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		bad := 0
		if math.Abs(x[i]) > tol {
			bad = 1
		}
		total := bad
		for m := 1; m < l.Count(); m <<= 1 {
			total += spmd.ShuffleXor(l, total, m)
		}
		if total > 0 {
			v := x[i] / 2
			l.Barrier()
			x[i] = v
			l.Barrier()
		}
		if i == 0 {
			unsettled = total
		}
	})
	return unsettled, err
}

// CapturedStopFlag runs Jacobi-like halving sweeps where lane 0 decides,
// from the shared vector, whether to stop, and publishes the decision in a
// variable of the enclosing function that all lanes read after a barrier.
//
// kernel(ambig): stop is shared memory (a captured variable) read by every
// lane at the same address after the barrier. It is written only by lane 0,
// under a lane-dependent branch.
func CapturedStopFlag(x []float64, tol float64, maxSweeps int) (int, error) {
	stop := false
	var sweeps int
	err := spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		s := 0
		for ; s < maxSweeps; s++ {
			v := x[i] / 2
			l.Barrier() // every lane has read x
			x[i] = v
			l.Barrier() // x is complete
			if i == 0 {
				worst := 0.0
				for _, xj := range x {
					worst = max(worst, math.Abs(xj))
				}
				stop = worst < tol
			}
			l.Barrier() // stop is published
			if stop {
				break
			}
		}
		if i == 0 {
			sweeps = s
		}
	})
	return sweeps, err
}

// mustFinite panics if v is not finite.
func mustFinite(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		panic("iterate is not finite")
	}
	return v
}

// HelperPanicRecovered iterates x = x*x in each lane until the group's
// largest change is below tol; the finiteness check panics inside a
// helper, and the kernel recovers.
//
// kernel(ambig): at run time a lane that blows up recovers and returns, and
// the others wait at the ReduceMax. Whether the checker sees the panic in
// the helper as a lane-dependent return of the kernel is the question.
func HelperPanicRecovered(x []float64, tol float64, maxIt int) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		defer func() {
			if recover() != nil {
				x[i] = math.NaN()
			}
		}()
		xi := x[i]
		for it := 0; it < maxIt; it++ {
			next := mustFinite(xi * xi)
			change := math.Abs(next - xi)
			xi = next
			if spmd.ReduceMax(l, change) < tol {
				break
			}
		}
		x[i] = xi
	})
}

// DeferredBarrierEarlyReturn takes one relaxation step per lane; lanes
// whose entry is already small return early. A deferred barrier makes sure
// every lane's write is published before the kernel ends.
//
// kernel(ambig): every lane runs the deferred barrier on its way out, but from
// different return statements.
func DeferredBarrierEarlyReturn(x []float64, tol float64) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		defer l.Barrier()
		if math.Abs(x[i]) < tol {
			return // settled
		}
		x[i] /= 2
	})
}

// smoother holds the parameters of a smoothing kernel; its method is
// launched as a method value.
type smoother struct {
	u, f   []float64
	h      float64
	sweeps int
}

// sweep runs s.sweeps Jacobi sweeps of -u_xx = f, one interior point per
// lane.
func (s *smoother) sweep(l spmd.Lane) {
	i := l.Index() + 1
	for k := 0; k < s.sweeps; k++ {
		v := (s.u[i-1] + s.u[i+1] + s.h*s.h*s.f[i]) / 2
		l.Barrier()
		s.u[i] = v
		l.Barrier()
	}
}

// MethodValueKernel launches smoother.sweep as a method value.
//
// kernel(ambig): the receiver is the same in every lane; whether the checker
// takes a method value's receiver (and the fields read through it) as
// uniform is the question.
func MethodValueKernel(u, f []float64, h float64, sweeps int) error {
	s := &smoother{u: u, f: f, h: h, sweeps: sweeps}
	return spmd.Run(len(u)-2, s.sweep)
}

// RedBlackSameBarrier runs red-black Gauss-Seidel with the colour loop
// written out and the barrier inside the colour test.
//
// kernel(ambig): a bug by the spec (a barrier under a lane-dependent branch), but at
// run time every lane reaches that one barrier once per colour pair, at the
// same site, so spmd.Run cannot see it: red lanes pass the barrier of the
// red phase together with black lanes passing it in the black phase.
func RedBlackSameBarrier(u, f []float64, h float64, sweeps int) error {
	n := len(u) - 2
	h2 := h * h
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index() + 1
		for s := 0; s < sweeps; s++ {
			for color := 1; color >= 0; color-- {
				if i%2 == color {
					u[i] = (u[i-1] + u[i+1] + h2*f[i]) / 2
					l.Barrier()
				}
			}
		}
	})
}

// DoneAndAll runs halving sweeps with barriers, and a lane whose entry has
// settled asks the group, with All, whether everybody has.
//
// kernel(ambig): All is the right operand of && behind the lane's own done
// flag. The question is whether the barriers of the loop are under
// divergent control too: the break is only reachable through the
// lane-dependent operand.
func DoneAndAll(x []float64, tol float64, maxSweeps int) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		for s := 0; s < maxSweeps; s++ {
			v := x[i] / 2
			l.Barrier()
			x[i] = v
			l.Barrier()
			done := math.Abs(v) < tol
			if done && spmd.All(l, done) {
				break
			}
		}
	})
}

// DirichletError checks how far the solution x is from the Dirichlet
// values bc (node -> value) by fetching each boundary node's entry from its
// lane with Broadcast. Every lane ranges over the same shared map, in its
// own order.
//
// kernel(ambig): the map has the same entries in every lane, so the loop runs
// as many times everywhere; Broadcast with a per-lane source acts as a
// shuffle and each lane gets the node it asked for.
func DirichletError(x []float64, bc map[int]float64) (float64, error) {
	var worst float64
	err := spmd.Run(len(x), func(l spmd.Lane) {
		xi := x[l.Index()]
		e := 0.0
		for node, want := range bc {
			got := spmd.Broadcast(l, xi, node)
			e = max(e, math.Abs(got-want))
		}
		w := spmd.ReduceMax(l, e)
		if l.Index() == 0 {
			worst = w
		}
	})
	return worst, err
}
