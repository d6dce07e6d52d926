// Package stepping holds time integrators: explicit steps limited by a
// stability bound, implicit Euler with an inner Newton solve, adaptive
// step control with rejection, and operator splitting with substeps. One
// cell (or one ODE of an ensemble) per lane; coupled cells read their
// neighbours from shared slices between barriers.
//
// Every exported function launches one kernel and says in its doc comment
// whether it is correct or has a convergence bug.
package stepping

import (
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

// ReactionDiffusion integrates y_i' = d (y_{i-1} - 2 y_i + y_{i+1}) - k_i y_i
// on a ring by explicit Euler from 0 to tEnd, with the largest step that is
// stable for every cell. It returns the number of steps.
//
// kernel(ok): the step is a ReduceMin, so t and the loop's trip count are
// the same in every lane.
func ReactionDiffusion(y, k []float64, d, tEnd float64) (int, error) {
	n := len(y)
	var steps int
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		left, right := (i+n-1)%n, (i+1)%n
		dt := spmd.ReduceMin(l, 0.9/(2*d+k[i])) // stable for every cell
		t, s := 0.0, 0
		for t < tEnd {
			h := min(dt, tEnd-t)
			v := y[i] + h*(d*(y[left]-2*y[i]+y[right])-k[i]*y[i])
			l.Barrier() // every lane has read y
			y[i] = v
			l.Barrier() // y is complete
			t += h
			s++
		}
		if i == 0 {
			steps = s
		}
	})
	return steps, err
}

// ReactionDiffusionLocalDt is ReactionDiffusion where each cell steps with
// its own stable step.
//
// kernel(bug): dt differs between lanes, so t does and the number of
// steps, each with two barriers.
func ReactionDiffusionLocalDt(y, k []float64, d, tEnd float64) error {
	n := len(y)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		left, right := (i+n-1)%n, (i+1)%n
		dt := 0.9 / (2*d + k[i]) // my own stable step
		t := 0.0
		for t < tEnd {
			h := min(dt, tEnd-t)
			v := y[i] + h*(d*(y[left]-2*y[i]+y[right])-k[i]*y[i])
			l.Barrier() // EXPECT
			y[i] = v
			l.Barrier() // EXPECT
			t += h
		}
	})
}

// ImplicitCubicDecay integrates the ensemble y_i' = -k_i y_i^3 by implicit
// Euler from 0 to tEnd, solving each step's equation z - y + h k z^3 = 0 by
// Newton's method. When the slowest lane needed more than four Newton
// iterations, the group halves the step. The group's energy sum y_i^2 is
// recorded after every step into energy, whose length bounds the steps.
//
// kernel(ok): the step is halved on a ReduceMax of the Newton counts.
func ImplicitCubicDecay(y, k, energy []float64, h0, tEnd, tol float64, maxNewton int) (int, error) {
	var steps int
	err := spmd.Run(len(y), func(l spmd.Lane) {
		i := l.Index()
		yi := y[i]
		h, t, s := h0, 0.0, 0
		for t < tEnd && s < len(energy) {
			h = min(h, tEnd-t)
			z := yi
			it := 0
			for ; it < maxNewton; it++ {
				g := z - yi + h*k[i]*z*z*z
				dz := g / (1 + 3*h*k[i]*z*z)
				z -= dz
				if math.Abs(dz) < tol {
					break
				}
			}
			yi = z
			t += h
			e := spmd.ReduceAdd(l, yi*yi)
			if i == 0 {
				energy[s] = e
			}
			s++
			if spmd.ReduceMax(l, it) > 4 {
				h /= 2 // a hard step for somebody: smaller steps from now on
			}
		}
		y[i] = yi
		if i == 0 {
			steps = s
		}
	})
	return steps, err
}

// ImplicitCubicDecayLocalStep is ImplicitCubicDecay where each lane halves
// its own step when its own Newton solve was hard.
//
// kernel(bug): it is temporally divergent after the Newton loop; through h
// and t it makes the time loop's trip count lane-dependent, and the energy
// ReduceAdd in it is reached by fewer lanes at the end.
func ImplicitCubicDecayLocalStep(y, k, energy []float64, h0, tEnd, tol float64, maxNewton int) error {
	return spmd.Run(len(y), func(l spmd.Lane) {
		i := l.Index()
		yi := y[i]
		h, t, s := h0, 0.0, 0
		for t < tEnd && s < len(energy) {
			h = min(h, tEnd-t)
			z := yi
			it := 0
			for ; it < maxNewton; it++ {
				g := z - yi + h*k[i]*z*z*z
				dz := g / (1 + 3*h*k[i]*z*z)
				z -= dz
				if math.Abs(dz) < tol {
					break
				}
			}
			yi = z
			t += h
			e := spmd.ReduceAdd(l, yi*yi) // EXPECT
			if i == 0 {
				energy[s] = e
			}
			s++
			if it > 4 {
				h /= 2 // a hard step for me: smaller steps from now on
			}
		}
		y[i] = yi
	})
}

// AdaptiveHeun integrates y_i' = -k_i y_i + c (y_{i-1} - 2 y_i + y_{i+1})
// on a ring from 0 to tEnd by Heun's method with an embedded Euler error
// estimate: a step whose largest estimate exceeds tol is rejected and
// retried with half the step; accepted steps grow it by half. It returns
// the numbers of accepted and rejected steps.
//
// kernel(ok): accepting or rejecting is decided by a ReduceMax; the
// continue of a rejected step is taken by every lane.
func AdaptiveHeun(y, k []float64, c, h0, tEnd, tol float64, maxSteps int) (int, int, error) {
	n := len(y)
	stage := make([]float64, n)
	var accepted, rejected int
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		left, right := (i+n-1)%n, (i+1)%n
		h, t := h0, 0.0
		acc, rej := 0, 0
		for t < tEnd && acc+rej < maxSteps {
			h = min(h, tEnd-t)
			f0 := -k[i]*y[i] + c*(y[left]-2*y[i]+y[right])
			stage[i] = y[i] + h*f0
			l.Barrier() // the Euler stage is complete
			f1 := -k[i]*stage[i] + c*(stage[left]-2*stage[i]+stage[right])
			yi := y[i] + h/2*(f0+f1)
			est := math.Abs(h / 2 * (f1 - f0))
			if spmd.ReduceMax(l, est) > tol {
				h /= 2 // reject: retry with half the step
				rej++
				continue
			}
			y[i] = yi
			l.Barrier() // y is complete
			t += h
			acc++
			h *= 1.5
		}
		if i == 0 {
			accepted, rejected = acc, rej
		}
	})
	return accepted, rejected, err
}

// AdaptiveHeunLocalReject is AdaptiveHeun where each lane accepts or
// rejects its own step.
//
// kernel(bug): a lane that rejects skips the write-back barrier, and from
// then on its h and t differ from the others', and so does its number of
// steps.
func AdaptiveHeunLocalReject(y, k []float64, c, h0, tEnd, tol float64, maxSteps int) error {
	n := len(y)
	stage := make([]float64, n)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		left, right := (i+n-1)%n, (i+1)%n
		h, t := h0, 0.0
		acc, rej := 0, 0
		for t < tEnd && acc+rej < maxSteps {
			h = min(h, tEnd-t)
			f0 := -k[i]*y[i] + c*(y[left]-2*y[i]+y[right])
			stage[i] = y[i] + h*f0
			l.Barrier() // EXPECT
			f1 := -k[i]*stage[i] + c*(stage[left]-2*stage[i]+stage[right])
			yi := y[i] + h/2*(f0+f1)
			est := math.Abs(h / 2 * (f1 - f0))
			if est > tol {
				h /= 2 // reject: retry with half the step
				rej++
				continue
			}
			y[i] = yi
			l.Barrier() // EXPECT
			t += h
			acc++
			h *= 1.5
		}
	})
}

// stableStep returns the largest stable explicit step for the group:
// cfl dx over the largest speed.
func stableStep(l spmd.Lane, speed, dx, cfl float64) float64 {
	return cfl * dx / spmd.ReduceMax(l, speed)
}

// UpwindAdvection advects u with the cell speeds a >= 0 on a periodic grid
// of spacing dx from 0 to tEnd by first-order upwinding, with the largest
// stable step. It returns the number of steps.
//
// kernel(ok): stableStep reduces over all lanes, every step.
func UpwindAdvection(u, a []float64, dx, cfl, tEnd float64) (int, error) {
	n := len(u)
	var steps int
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		left := (i + n - 1) % n
		t, s := 0.0, 0
		for t < tEnd {
			dt := min(stableStep(l, a[i], dx, cfl), tEnd-t)
			v := u[i] - dt/dx*a[i]*(u[i]-u[left])
			l.Barrier()
			u[i] = v
			l.Barrier()
			t += dt
			s++
		}
		if i == 0 {
			steps = s
		}
	})
	return steps, err
}

// UpwindAdvectionSkipRest is UpwindAdvection where the cells at rest do
// not take part in the stability bound.
//
// kernel(bug): stableStep is called under the lane-local test a[i] > 0;
// and the lanes at rest step straight to tEnd, so the time loop's trip
// count, with its barriers, depends on the lane too.
func UpwindAdvectionSkipRest(u, a []float64, dx, cfl, tEnd float64) error {
	n := len(u)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		left := (i + n - 1) % n
		t := 0.0
		for t < tEnd {
			dt := tEnd - t
			if a[i] > 0 { // cells at rest do not limit the step
				dt = min(stableStep(l, a[i], dx, cfl), dt) // EXPECT
			}
			v := u[i] - dt/dx*a[i]*(u[i]-u[left])
			l.Barrier() // EXPECT
			u[i] = v
			l.Barrier() // EXPECT
			t += dt
		}
	})
}

// SplitReactionDiffusion integrates y_i' = -k_i y_i^2 + d (y_{i-1} - 2 y_i
// + y_{i+1}) on a ring by operator splitting: in each of nSteps steps of
// size dt, the stiff reaction takes 2^level[i] explicit substeps in each
// cell, then the diffusion takes one explicit step for everybody.
//
// kernel(ok): the lane-dependent substep loop has no collective; the
// diffusion step and its barriers come after it.
func SplitReactionDiffusion(y, k []float64, level []int, d, dt float64, nSteps int) error {
	n := len(y)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		left, right := (i+n-1)%n, (i+1)%n
		yi := y[i]
		for step := 0; step < nSteps; step++ {
			sub := 1 << level[i]
			h := dt / float64(sub)
			for s := 0; s < sub; s++ {
				yi -= h * k[i] * yi * yi
			}
			y[i] = yi
			l.Barrier() // the reaction is done everywhere
			yi += dt * d * (y[left] - 2*yi + y[right])
			l.Barrier() // every lane has read its neighbours
		}
		y[i] = yi
	})
}

// SplitReactionDiffusionInner is SplitReactionDiffusion with the diffusion
// done at every reaction substep, with the substep's size.
//
// kernel(bug): the barriers are inside the substep loop, whose trip count
// 2^level[i] depends on the lane.
func SplitReactionDiffusionInner(y, k []float64, level []int, d, dt float64, nSteps int) error {
	n := len(y)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		left, right := (i+n-1)%n, (i+1)%n
		yi := y[i]
		for step := 0; step < nSteps; step++ {
			sub := 1 << level[i]
			h := dt / float64(sub)
			for s := 0; s < sub; s++ {
				yi -= h * k[i] * yi * yi
				y[i] = yi
				l.Barrier() // EXPECT
				yi += h * d * (y[left] - 2*yi + y[right])
				l.Barrier() // EXPECT
			}
		}
		y[i] = yi
	})
}
