// Package newton holds per-lane root finders: Newton, secant, bisection
// and damped Newton, each lane solving its own scalar equation (or one row
// of a nonlinear system), with convergence tests per lane and group-wide
// decisions made by reductions.
//
// Every exported function launches one kernel and says in its doc comment
// whether it is correct or has a convergence bug.
package newton

import (
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

// cubic returns x^3 + p x + q.
func cubic(p, q, x float64) float64 {
	return x*x*x + p*x + q
}

// dcubic returns the derivative of x^3 + p x + q.
func dcubic(p, x float64) float64 {
	return 3*x*x + p
}

// bisect returns a root of x^3 + p x + q in [lo, hi], which must bracket
// one.
func bisect(p, q, lo, hi, tol float64) float64 {
	flo := cubic(p, q, lo)
	for hi-lo > tol {
		m := (lo + hi) / 2
		fm := cubic(p, q, m)
		if (fm < 0) == (flo < 0) {
			lo, flo = m, fm
		} else {
			hi = m
		}
	}
	return (lo + hi) / 2
}

// NewtonSqrt computes sqrt(c[i]) in lane i by Newton's method, each lane
// stopping when its own step is small, and returns the largest number of
// iterations a lane needed.
//
// kernel(ok): the loop has no collective; the lanes meet again after it,
// at the ReduceMax of the iteration counts.
func NewtonSqrt(c, out []float64, tol float64, maxIt int) (int, error) {
	var worst int
	err := spmd.Run(len(c), func(l spmd.Lane) {
		i := l.Index()
		x := max(c[i], 1)
		it := 0
		for ; it < maxIt; it++ {
			dx := (x*x - c[i]) / (2 * x)
			x -= dx
			if math.Abs(dx) <= tol*x {
				break
			}
		}
		out[i] = x
		w := spmd.ReduceMax(l, it)
		if i == 0 {
			worst = w
		}
	})
	return worst, err
}

// NewtonSqrtHistory is NewtonSqrt that also records, for each iteration,
// how many lanes were still iterating.
//
// kernel(bug): the ReduceAdd inside the loop is only reached by the lanes
// that have not converged yet (lanes leave the loop in different
// iterations).
func NewtonSqrtHistory(c, out []float64, history []int, tol float64, maxIt int) (int, error) {
	var worst int
	err := spmd.Run(len(c), func(l spmd.Lane) {
		i := l.Index()
		x := max(c[i], 1)
		it := 0
		for ; it < maxIt; it++ {
			dx := (x*x - c[i]) / (2 * x)
			x -= dx
			active := spmd.ReduceAdd(l, 1) // EXPECT
			if i == 0 {
				history[it] = active
			}
			if math.Abs(dx) <= tol*x {
				break
			}
		}
		out[i] = x
		w := spmd.ReduceMax(l, it)
		if i == 0 {
			worst = w
		}
	})
	return worst, err
}

// NewtonWithFallback finds a root of x^3 + p[i] x + q[i] in each lane by
// Newton's method from x0[i]; lanes that do not converge in maxIt steps
// bisect [lo[i], hi[i]] instead. It returns the mask of the lanes that
// fell back.
//
// kernel(ok): the mask is a Ballot taken by every lane after the loop.
func NewtonWithFallback(p, q, x0, lo, hi, roots []float64, tol float64, maxIt int) (uint64, error) {
	var failed uint64
	err := spmd.Run(len(p), func(l spmd.Lane) {
		i := l.Index()
		x := x0[i]
		it := 0
		for ; it < maxIt; it++ {
			dx := cubic(p[i], q[i], x) / dcubic(p[i], x)
			x -= dx
			if math.Abs(dx) < tol {
				break
			}
		}
		mask := spmd.Ballot(l, it == maxIt)
		if it == maxIt {
			x = bisect(p[i], q[i], lo[i], hi[i], tol)
		}
		roots[i] = x
		if i == 0 {
			failed = mask
		}
	})
	return failed, err
}

// NewtonFallbackBallot is NewtonWithFallback where the lanes that fell back
// take the ballot among themselves.
//
// kernel(bug): after the loop, it is temporally divergent (lanes left the
// loop in different iterations), and only the lanes with it == maxIt reach
// the Ballot.
func NewtonFallbackBallot(p, q, x0, lo, hi, roots []float64, tol float64, maxIt int) (uint64, error) {
	var failed uint64
	err := spmd.Run(len(p), func(l spmd.Lane) {
		i := l.Index()
		x := x0[i]
		it := 0
		for ; it < maxIt; it++ {
			dx := cubic(p[i], q[i], x) / dcubic(p[i], x)
			x -= dx
			if math.Abs(dx) < tol {
				break
			}
		}
		if it == maxIt {
			mask := spmd.Ballot(l, true) // EXPECT
			x = bisect(p[i], q[i], lo[i], hi[i], tol)
			if i == bitsLow(mask) {
				failed = mask
			}
		}
		roots[i] = x
	})
	return failed, err
}

// bitsLow returns the index of the lowest set bit of m (64 if none).
func bitsLow(m uint64) int {
	for k := range 64 {
		if m&(1<<k) != 0 {
			return k
		}
	}
	return 64
}

// NewtonThenSmooth finds a root of x^3 + p[i] x + q[i] in each lane, puts
// it in roots[i+1] (roots[0] and roots[n+1] are fixed boundary values),
// and then smooths the roots with one sweep for every two Newton steps the
// slowest lane needed.
//
// kernel(ok): the sweep count is a ReduceMax of the lanes' counts.
func NewtonThenSmooth(p, q, x0, roots []float64, tol float64, maxIt int) error {
	return spmd.Run(len(p), func(l spmd.Lane) {
		i := l.Index()
		x := x0[i]
		sweeps := 0
		for it := 0; it < maxIt; it++ {
			dx := cubic(p[i], q[i], x) / dcubic(p[i], x)
			x -= dx
			if math.Abs(dx) < tol {
				break
			}
			if it%2 == 1 {
				sweeps++
			}
		}
		roots[i+1] = x
		sweeps = spmd.ReduceMax(l, sweeps)
		for s := 0; s < sweeps; s++ {
			l.Barrier() // the roots of the last sweep are in
			v := (roots[i] + 2*roots[i+1] + roots[i+2]) / 4
			l.Barrier() // every lane has read its neighbours
			roots[i+1] = v
		}
	})
}

// NewtonThenSmoothLocal is NewtonThenSmooth where each lane smooths as
// often as its own Newton iteration asked for.
//
// kernel(bug): sweeps is counted the same way in every lane inside the
// Newton loop, but lanes leave that loop in different iterations, so after
// it sweeps differs between lanes, and so does the number of barriers.
func NewtonThenSmoothLocal(p, q, x0, roots []float64, tol float64, maxIt int) error {
	return spmd.Run(len(p), func(l spmd.Lane) {
		i := l.Index()
		x := x0[i]
		sweeps := 0
		for it := 0; it < maxIt; it++ {
			dx := cubic(p[i], q[i], x) / dcubic(p[i], x)
			x -= dx
			if math.Abs(dx) < tol {
				break
			}
			if it%2 == 1 {
				sweeps++
			}
		}
		roots[i+1] = x
		for s := 0; s < sweeps; s++ {
			l.Barrier() // EXPECT
			v := (roots[i] + 2*roots[i+1] + roots[i+2]) / 4
			l.Barrier() // EXPECT
			roots[i+1] = v
		}
	})
}

// Bisect finds a root of x^3 + p[i] x + q[i] in [lo[i], hi[i]] in each
// lane; the group halves the brackets until the widest is below tol. It
// returns the number of halvings.
//
// kernel(ok): the loop condition is a ReduceMax; lanes with a narrow
// bracket keep halving it, harmlessly.
func Bisect(p, q, lo, hi, roots []float64, tol float64) (int, error) {
	var steps int
	err := spmd.Run(len(p), func(l spmd.Lane) {
		i := l.Index()
		a, b := lo[i], hi[i]
		fa := cubic(p[i], q[i], a)
		k := 0
		for spmd.ReduceMax(l, b-a) > tol {
			m := (a + b) / 2
			fm := cubic(p[i], q[i], m)
			if (fm < 0) == (fa < 0) {
				a, fa = m, fm
			} else {
				b = m
			}
			k++
		}
		roots[i] = (a + b) / 2
		if i == 0 {
			steps = k
		}
	})
	return steps, err
}

// BisectTraced is Bisect where each lane halves its own bracket until it is
// below tol, and the widest bracket is traced after every halving.
//
// kernel(bug): the loop's trip count depends on the lane's bracket; the
// ReduceMax in it is reached by fewer and fewer lanes.
func BisectTraced(p, q, lo, hi, roots []float64, tol float64) ([]float64, error) {
	var trace []float64
	err := spmd.Run(len(p), func(l spmd.Lane) {
		i := l.Index()
		a, b := lo[i], hi[i]
		fa := cubic(p[i], q[i], a)
		for b-a > tol {
			m := (a + b) / 2
			fm := cubic(p[i], q[i], m)
			if (fm < 0) == (fa < 0) {
				a, fa = m, fm
			} else {
				b = m
			}
			width := spmd.ReduceMax(l, b-a) // EXPECT
			if i == 0 {
				trace = append(trace, width)
			}
		}
		roots[i] = (a + b) / 2
	})
	return trace, err
}

// Secant finds a root of x^3 + p[i] x + q[i] in each lane by the secant
// method from x0[i], x1[i]; the group iterates while some lane is not
// done. It returns the number of iterations.
//
// kernel(ok): Any is in the loop condition behind the uniform iteration
// bound; lanes that are done skip the body with a continue that meets the
// others at the loop's increment.
func Secant(p, q, x0, x1, roots []float64, tol float64, maxIt int) (int, error) {
	var iters int
	err := spmd.Run(len(p), func(l spmd.Lane) {
		i := l.Index()
		a, b := x0[i], x1[i]
		fa, fb := cubic(p[i], q[i], a), cubic(p[i], q[i], b)
		done := false
		it := 0
		for ; it < maxIt && spmd.Any(l, !done); it++ {
			if done {
				continue
			}
			c := b - fb*(b-a)/(fb-fa)
			a, fa = b, fb
			b, fb = c, cubic(p[i], q[i], c)
			done = math.Abs(b-a) < tol
		}
		roots[i] = b
		if i == 0 {
			iters = it
		}
	})
	return iters, err
}

// SecantOr is Secant where a lane that is not done does not bother asking
// the others.
//
// kernel(bug): Any is the right operand of || behind the lane's own !done,
// so only the lanes that are done call it.
func SecantOr(p, q, x0, x1, roots []float64, tol float64, maxIt int) error {
	return spmd.Run(len(p), func(l spmd.Lane) {
		i := l.Index()
		a, b := x0[i], x1[i]
		fa, fb := cubic(p[i], q[i], a), cubic(p[i], q[i], b)
		done := false
		for it := 0; it < maxIt && (!done || spmd.Any(l, !done)); it++ { // EXPECT
			if done {
				continue
			}
			c := b - fb*(b-a)/(fb-fa)
			a, fa = b, fb
			b, fb = c, cubic(p[i], q[i], c)
			done = math.Abs(b-a) < tol
		}
		roots[i] = b
	})
}

// NonlinearJacobi solves u^3 + 4u - u[i-1] - u[i+1] = f[i] on the interior
// points of u (u[0] and u[n+1] fixed) by nonlinear Jacobi: one Newton step
// per point and sweep. If a residual becomes NaN or infinite, the whole
// group gives up.
//
// kernel(ok): giving up is decided by an Any, so the return is uniform.
func NonlinearJacobi(u, f []float64, tol float64, maxSweeps int) error {
	n := len(u) - 2
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index() + 1
		for s := 0; s < maxSweeps; s++ {
			ui := u[i]
			fi := ui*ui*ui + 4*ui - u[i-1] - u[i+1] - f[i]
			if spmd.Any(l, math.IsNaN(fi) || math.IsInf(fi, 0)) {
				return // the iteration blew up: give up everywhere
			}
			next := ui - fi/(3*ui*ui+4)
			l.Barrier()
			u[i] = next
			l.Barrier()
			if spmd.ReduceMax(l, math.Abs(fi)) < tol {
				break
			}
		}
	})
}

// NonlinearJacobiGiveUp is NonlinearJacobi where a lane gives up on its own
// when its residual is not finite.
//
// kernel(bug): the early return is lane-dependent; every collective after
// it, in this and later sweeps, runs without the lanes that returned.
func NonlinearJacobiGiveUp(u, f []float64, tol float64, maxSweeps int) error {
	n := len(u) - 2
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index() + 1
		for s := 0; s < maxSweeps; s++ {
			ui := u[i]
			fi := ui*ui*ui + 4*ui - u[i-1] - u[i+1] - f[i]
			if math.IsNaN(fi) || math.IsInf(fi, 0) {
				return // this point blew up: give up
			}
			next := ui - fi/(3*ui*ui+4)
			l.Barrier() // EXPECT
			u[i] = next
			l.Barrier()                                // EXPECT
			if spmd.ReduceMax(l, math.Abs(fi)) < tol { // EXPECT
				break
			}
		}
	})
}

// newtonLane is a lane's Newton iteration on x^3 + p x + q.
type newtonLane struct {
	x, dx float64
	it    int
	done  bool
}

// step takes one Newton step.
func (s *newtonLane) step(p, q, tol float64) {
	s.dx = cubic(p, q, s.x) / dcubic(p, s.x)
	s.x -= s.dx
	s.it++
	s.done = math.Abs(s.dx) < tol
}

// allDone reports whether every lane's iteration is done.
func allDone(l spmd.Lane, s *newtonLane) bool {
	return spmd.All(l, s.done)
}

// NewtonAllDone finds a root of x^3 + p[i] x + q[i] in each lane from
// x0[i], stepping only the lanes that are not done, until all are. iters
// gets each lane's step count.
//
// kernel(ok): allDone is called by every lane in every iteration.
func NewtonAllDone(p, q, x0, roots []float64, iters []int, tol float64, maxIt int) error {
	return spmd.Run(len(p), func(l spmd.Lane) {
		i := l.Index()
		st := newtonLane{x: x0[i]}
		for k := 0; k < maxIt; k++ {
			if !st.done {
				st.step(p[i], q[i], tol)
			}
			if allDone(l, &st) {
				break
			}
		}
		roots[i] = st.x
		iters[i] = st.it
	})
}

// NewtonAllDoneBreak is NewtonAllDone where a lane that is done leaves the
// loop at once.
//
// kernel(bug): the break on st.done is lane-local; the lanes still
// stepping call allDone without the lanes that left.
func NewtonAllDoneBreak(p, q, x0, roots []float64, iters []int, tol float64, maxIt int) error {
	return spmd.Run(len(p), func(l spmd.Lane) {
		i := l.Index()
		st := newtonLane{x: x0[i]}
		for k := 0; k < maxIt; k++ {
			if st.done {
				break // my root is found
			}
			st.step(p[i], q[i], tol)
			if allDone(l, &st) { // EXPECT
				break
			}
		}
		roots[i] = st.x
		iters[i] = st.it
	})
}

// PolishRoots polishes per guesses per lane by Newton's method:
// guesses[i*per+r] is a guess for a root of x^3 + p[i] x + q[i], and
// polished[i*per+r] gets the root, or NaN if Newton did not converge. The
// rounds are synchronized so that a consumer can read round r-1 while
// round r runs. It returns the number of failures.
//
// kernel(ok): continue roots goes to the increment of the round loop, where
// the lanes that converged meet those that did not; the barrier at the top
// of each round and the ReduceAdd after the loop are reached by all.
func PolishRoots(p, q, guesses, polished []float64, per int, tol float64, maxIt int) (int, error) {
	var failed int
	err := spmd.Run(len(p), func(l spmd.Lane) {
		i := l.Index()
		failures := 0
	roots:
		for r := 0; r < per; r++ {
			l.Barrier() // round r-1 is published
			x := guesses[i*per+r]
			for it := 0; it < maxIt; it++ {
				dx := cubic(p[i], q[i], x) / dcubic(p[i], x)
				x -= dx
				if math.Abs(dx) < tol {
					polished[i*per+r] = x
					continue roots
				}
			}
			failures++
			polished[i*per+r] = math.NaN()
		}
		total := spmd.ReduceAdd(l, failures)
		if i == 0 {
			failed = total
		}
	})
	return failed, err
}

// PolishRootsRoundBarrier is PolishRoots with the round's barrier at the
// end of the round instead of the start.
//
// kernel(bug): the lanes whose guess converged continue roots straight from
// the Newton loop and skip the end of the round, barrier included.
func PolishRootsRoundBarrier(p, q, guesses, polished []float64, per int, tol float64, maxIt int) (int, error) {
	var failed int
	err := spmd.Run(len(p), func(l spmd.Lane) {
		i := l.Index()
		failures := 0
	roots:
		for r := 0; r < per; r++ {
			x := guesses[i*per+r]
			for it := 0; it < maxIt; it++ {
				dx := cubic(p[i], q[i], x) / dcubic(p[i], x)
				x -= dx
				if math.Abs(dx) < tol {
					polished[i*per+r] = x
					continue roots
				}
			}
			failures++
			polished[i*per+r] = math.NaN()
			l.Barrier() // EXPECT
		}
		total := spmd.ReduceAdd(l, failures)
		if i == 0 {
			failed = total
		}
	})
	return failed, err
}

// DampedNewton finds a root of x^3 + p[i] x + q[i] in each lane from x0[i]
// by Newton's method with backtracking on the group's merit function, the
// sum of the squared residuals: the step is halved until the merit does
// not increase.
//
// kernel(ok): the backtracking loop (a goto) repeats on a comparison of two
// reductions and the uniform step t, so all lanes retry together.
func DampedNewton(p, q, x0, roots []float64, tol float64, maxIt int) error {
	return spmd.Run(len(p), func(l spmd.Lane) {
		i := l.Index()
		x := x0[i]
		for it := 0; it < maxIt; it++ {
			f := cubic(p[i], q[i], x)
			dx := f / dcubic(p[i], x)
			old := spmd.ReduceAdd(l, f*f)
			t := 1.0
		retry:
			xt := x - t*dx
			ft := cubic(p[i], q[i], xt)
			trial := spmd.ReduceAdd(l, ft*ft)
			if trial > old && t > 1e-4 {
				t /= 2
				goto retry
			}
			x = xt
			if spmd.ReduceMax(l, math.Abs(t*dx)) < tol {
				break
			}
		}
		roots[i] = x
	})
}

// DampedNewtonLocal is DampedNewton where each lane backtracks on its own
// residual, while the group's merit is still computed for the history.
//
// kernel(bug): the goto loop repeats on a lane-local test, so the ReduceAdd
// inside it is reached a different number of times in different lanes.
func DampedNewtonLocal(p, q, x0, roots []float64, tol float64, maxIt int) ([]float64, error) {
	var history []float64
	err := spmd.Run(len(p), func(l spmd.Lane) {
		i := l.Index()
		x := x0[i]
		for it := 0; it < maxIt; it++ {
			f := cubic(p[i], q[i], x)
			dx := f / dcubic(p[i], x)
			old := spmd.ReduceAdd(l, f*f)
			t := 1.0
		retry:
			xt := x - t*dx
			ft := cubic(p[i], q[i], xt)
			trial := spmd.ReduceAdd(l, ft*ft) // EXPECT
			if math.Abs(ft) > math.Abs(f) && t > 1e-4 {
				t /= 2
				goto retry
			}
			x = xt
			if i == 0 {
				history = append(history, trial/old)
			}
			if spmd.ReduceMax(l, math.Abs(t*dx)) < tol {
				break
			}
		}
		roots[i] = x
	})
	return history, err
}
