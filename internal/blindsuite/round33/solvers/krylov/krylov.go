// Package krylov holds Krylov and power-method kernels: conjugate
// gradients with one row per lane, power iteration, Richardson iteration
// with restarts. Inner products are reductions across lanes; the
// direction vectors live in shared slices, written between barriers.
//
// Every exported function launches one kernel (directly or through a
// //spmd:kernel function) and says in its doc comment whether it is correct
// or has a convergence bug.
package krylov

import (
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

// matRow returns the inner product of a row of a matrix with v.
func matRow(row, v []float64) float64 {
	s := 0.0
	for j, a := range row {
		s += a * v[j]
	}
	return s
}

// CG solves a x = b for a symmetric positive definite a by conjugate
// gradients, one row per lane: the search direction p is shared, x and r
// live in the lanes. It returns the number of iterations.
//
// kernel(ok): the loop runs while the global residual rr, a ReduceAdd, is
// above tol: every lane runs the same iterations.
func CG(a [][]float64, b, x []float64, tol float64, maxIt int) (int, error) {
	n := len(b)
	p := make([]float64, n)
	var iters int
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		xi, ri := 0.0, b[i]
		p[i] = ri
		rr := spmd.ReduceAdd(l, ri*ri)
		k := 0
		for ; k < maxIt && rr > tol*tol; k++ {
			l.Barrier() // p is complete
			api := matRow(a[i], p)
			pap := spmd.ReduceAdd(l, p[i]*api)
			alpha := rr / pap
			xi += alpha * p[i]
			ri -= alpha * api
			rrNew := spmd.ReduceAdd(l, ri*ri)
			beta := rrNew / rr
			rr = rrNew
			l.Barrier() // every lane is done reading p
			p[i] = ri + beta*p[i]
		}
		x[i] = xi
		if i == 0 {
			iters = k
		}
	})
	return iters, err
}

// CGLocalResidual is CG with the loop condition on the lane's own residual
// component.
//
// kernel(bug): a lane whose residual entry is small stops iterating (or
// never starts), while the others wait for it at every collective of the
// loop.
func CGLocalResidual(a [][]float64, b, x []float64, tol float64, maxIt int) error {
	n := len(b)
	p := make([]float64, n)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		xi, ri := 0.0, b[i]
		p[i] = ri
		rr := spmd.ReduceAdd(l, ri*ri)
		for k := 0; k < maxIt && math.Abs(ri) > tol; k++ {
			l.Barrier() // EXPECT
			api := matRow(a[i], p)
			pap := spmd.ReduceAdd(l, p[i]*api) // EXPECT
			alpha := rr / pap
			xi += alpha * p[i]
			ri -= alpha * api
			rrNew := spmd.ReduceAdd(l, ri*ri) // EXPECT
			beta := rrNew / rr
			rr = rrNew
			l.Barrier() // EXPECT
			p[i] = ri + beta*p[i]
		}
		x[i] = xi
	})
}

// cgLane is the part of the CG state a lane keeps in registers.
type cgLane struct {
	x, r, p, ap float64
}

// dot returns the inner product of two distributed vectors, given each
// lane's entries.
func dot(l spmd.Lane, u, v float64) float64 {
	return spmd.ReduceAdd(l, u*v)
}

// publish stores v as entry i of the shared vector dst, between barriers,
// so that every lane sees the whole vector afterwards.
func publish(l spmd.Lane, dst []float64, i int, v float64) {
	l.Barrier()
	dst[i] = v
	l.Barrier()
}

// CGHelpers is CG written with the helpers dot and publish and the state in
// a struct. It returns the number of iterations.
//
// kernel(ok): the stopping test is on rr, which dot returns from a
// reduction.
func CGHelpers(a [][]float64, b, x []float64, tol float64, maxIt int) (int, error) {
	n := len(b)
	p := make([]float64, n)
	var iters int
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		st := cgLane{r: b[i], p: b[i]}
		rr := dot(l, st.r, st.r)
		k := 0
		for ; k < maxIt; k++ {
			if rr < tol*tol {
				break
			}
			publish(l, p, i, st.p)
			st.ap = matRow(a[i], p)
			alpha := rr / dot(l, st.p, st.ap)
			st.x += alpha * st.p
			st.r -= alpha * st.ap
			rrNew := dot(l, st.r, st.r)
			st.p = st.r + rrNew/rr*st.p
			rr = rrNew
		}
		x[i] = st.x
		if i == 0 {
			iters = k
		}
	})
	return iters, err
}

// CGHelpersLocalStop is CGHelpers where each lane stops when its share of
// the residual is small.
//
// kernel(bug): the break is lane-local; the helpers that reach a barrier or
// a reduction are then called by the remaining lanes only.
func CGHelpersLocalStop(a [][]float64, b, x []float64, tol float64, maxIt int) error {
	n := len(b)
	p := make([]float64, n)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		st := cgLane{r: b[i], p: b[i]}
		rr := dot(l, st.r, st.r)
		for k := 0; k < maxIt; k++ {
			if st.r*st.r < tol*tol/float64(n) {
				break // my share of the residual is small enough
			}
			publish(l, p, i, st.p) // EXPECT
			st.ap = matRow(a[i], p)
			alpha := rr / dot(l, st.p, st.ap) // EXPECT
			st.x += alpha * st.p
			st.r -= alpha * st.ap
			rrNew := dot(l, st.r, st.r) // EXPECT
			st.p = st.r + rrNew/rr*st.p
			rr = rrNew
		}
		x[i] = st.x
	})
}

// PowerIteration computes the dominant eigenpair of a symmetric positive
// definite a by power iteration, one row per lane; v must have norm 1 and
// holds the eigenvector on return. It returns the eigenvalue.
//
// kernel(ok): the loop stops when the largest component change, a
// ReduceMax, is below tol.
func PowerIteration(a [][]float64, v []float64, tol float64, maxIt int) (float64, error) {
	n := len(v)
	var lambda float64
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		lam := 0.0
		for it := 0; it < maxIt; it++ {
			yi := matRow(a[i], v)
			lam = spmd.ReduceAdd(l, v[i]*yi) // Rayleigh quotient, |v| = 1
			norm := math.Sqrt(spmd.ReduceAdd(l, yi*yi))
			vi := yi / norm
			change := math.Abs(vi - v[i])
			l.Barrier() // every lane has read v
			v[i] = vi
			l.Barrier()
			if spmd.ReduceMax(l, change) < tol {
				break
			}
		}
		if i == 0 {
			lambda = lam
		}
	})
	return lambda, err
}

// PowerIterationLocal is PowerIteration where each lane stops when its own
// component has settled.
//
// kernel(bug): the break on a lane's own change leaves the lanes whose
// component still moves alone at the reductions and barriers.
func PowerIterationLocal(a [][]float64, v []float64, tol float64, maxIt int) (float64, error) {
	n := len(v)
	var lambda float64
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		lam := 0.0
		for it := 0; it < maxIt; it++ {
			yi := matRow(a[i], v)
			lam = spmd.ReduceAdd(l, v[i]*yi)            // EXPECT
			norm := math.Sqrt(spmd.ReduceAdd(l, yi*yi)) // EXPECT
			vi := yi / norm
			change := math.Abs(vi - v[i])
			l.Barrier() // EXPECT
			v[i] = vi
			l.Barrier() // EXPECT
			if change < tol {
				break
			}
		}
		if i == 0 {
			lambda = lam
		}
	})
	return lambda, err
}

// PowerIterationLeader is power iteration where lane 0 computes the
// Rayleigh quotient serially from the shared vectors and decides when it
// has converged (relative change below tol). It returns the eigenvalue.
//
// kernel(ok): lane 0's decision reaches the other lanes through
// BroadcastFirst before anyone branches on it.
func PowerIterationLeader(a [][]float64, v []float64, tol float64, maxIt int) (float64, error) {
	n := len(v)
	y := make([]float64, n)
	var lambda float64
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		prev := 0.0
		for it := 0; it < maxIt; it++ {
			y[i] = matRow(a[i], v)
			norm := math.Sqrt(spmd.ReduceAdd(l, y[i]*y[i])) // y is complete
			conv := false
			if i == 0 {
				lam := 0.0
				for j := range v {
					lam += v[j] * y[j]
				}
				conv = math.Abs(lam-prev) < tol*math.Abs(lam)
				prev = lam
				lambda = lam
			}
			stop := spmd.BroadcastFirst(l, conv) // lane 0 is done reading v
			v[i] = y[i] / norm
			l.Barrier() // v is complete
			if stop {
				break
			}
		}
	})
	return lambda, err
}

// PowerIterationLeaderLocal is PowerIterationLeader where the lanes branch
// on lane 0's flag directly.
//
// kernel(bug): conv is only ever set in lane 0, so lane 0 leaves the loop
// alone and the other lanes wait for it at the next reduction.
func PowerIterationLeaderLocal(a [][]float64, v []float64, tol float64, maxIt int) (float64, error) {
	n := len(v)
	y := make([]float64, n)
	var lambda float64
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		prev := 0.0
		for it := 0; it < maxIt; it++ {
			y[i] = matRow(a[i], v)
			norm := math.Sqrt(spmd.ReduceAdd(l, y[i]*y[i])) // EXPECT
			conv := false
			if i == 0 {
				lam := 0.0
				for j := range v {
					lam += v[j] * y[j]
				}
				conv = math.Abs(lam-prev) < tol*math.Abs(lam)
				prev = lam
				lambda = lam
			}
			l.Barrier() // EXPECT
			v[i] = y[i] / norm
			l.Barrier() // EXPECT
			if conv {
				break
			}
		}
	})
	return lambda, err
}

// Richardson iterates x += omega (b - a x), one row per lane, checking the
// largest residual entry every `every` iterations. It returns the number
// of iterations.
//
// kernel(ok): the left operand of && is the uniform iteration counter, so
// every lane evaluates the ReduceMax, or none does.
func Richardson(a [][]float64, b, x []float64, omega, tol float64, maxIt, every int) (int, error) {
	n := len(b)
	var iters int
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		k := 0
		for ; k < maxIt; k++ {
			ri := b[i] - matRow(a[i], x)
			l.Barrier()
			x[i] += omega * ri
			l.Barrier()
			if k%every == 0 && spmd.ReduceMax(l, math.Abs(ri)) < tol {
				break
			}
		}
		if i == 0 {
			iters = k
		}
	})
	return iters, err
}

// RichardsonLocalFirst is Richardson where a lane only asks the group once
// its own residual entry is small.
//
// kernel(bug): the ReduceMax is the right operand of && behind a
// lane-local test, and the break it guards makes the loop's trip count
// lane-dependent, so the barriers are under divergent control too.
func RichardsonLocalFirst(a [][]float64, b, x []float64, omega, tol float64, maxIt int) error {
	n := len(b)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for k := 0; k < maxIt; k++ {
			ri := b[i] - matRow(a[i], x)
			l.Barrier() // EXPECT
			x[i] += omega * ri
			l.Barrier()                                                      // EXPECT
			if math.Abs(ri) < tol && spmd.ReduceMax(l, math.Abs(ri)) < tol { // EXPECT
				break
			}
		}
	})
}

// powerSteps runs steps normalized power steps on the shared vector v,
// one row per lane.
//
//spmd:kernel
func powerSteps(l spmd.Lane, a [][]float64, v []float64, steps int) {
	i := l.Index()
	for s := 0; s < steps; s++ {
		yi := matRow(a[i], v)
		norm := math.Sqrt(spmd.ReduceAdd(l, yi*yi))
		l.Barrier()
		v[i] = yi / norm
		l.Barrier()
	}
}

// PowerSteps runs steps power steps on v.
//
// kernel(ok): the kernel entry powerSteps is given a uniform step count.
func PowerSteps(a [][]float64, v []float64, steps int) error {
	return spmd.Run(len(v), func(l spmd.Lane) {
		powerSteps(l, a, v, steps)
	})
}

// PowerStepsPerRow runs power steps on v with a step budget per row.
//
// kernel(bug): powerSteps needs its step count uniform (it bounds a loop
// of reductions and barriers), and each lane passes its own.
func PowerStepsPerRow(a [][]float64, v []float64, steps []int) error {
	return spmd.Run(len(v), func(l spmd.Lane) {
		powerSteps(l, a, v, steps[l.Index()]) // EXPECT
	})
}

// blownUp reports whether an iterate has left the range where the
// iteration can still recover.
func blownUp(v float64) bool {
	return math.IsNaN(v) || math.Abs(v) > 1e8
}

// RichardsonRestart iterates x += w (b - a x), one row per lane, starting
// over from x = 0 with half the step whenever some entry blows up. It
// returns the step w it ended with.
//
// kernel(ok): the restart is decided by a Ballot, so all lanes restart
// together and meet the same barriers.
func RichardsonRestart(a [][]float64, b, x []float64, omega float64, maxIt int) (float64, error) {
	n := len(b)
	var used float64
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		w := omega
		for k := 0; k < maxIt; k++ {
			ri := b[i] - matRow(a[i], x)
			xi := x[i] + w*ri
			if spmd.Ballot(l, blownUp(xi)) != 0 {
				// Some row blew up: restart with a smaller step.
				w /= 2
				l.Barrier()
				x[i] = 0
				l.Barrier()
				continue
			}
			l.Barrier()
			x[i] = xi
			l.Barrier()
		}
		if i == 0 {
			used = w
		}
	})
	return used, err
}

// RichardsonRestartLocal is RichardsonRestart where each lane restarts on
// its own.
//
// kernel(bug): the lane whose entry blew up takes the restart branch with
// its barriers and continues past the others' barriers.
func RichardsonRestartLocal(a [][]float64, b, x []float64, omega float64, maxIt int) error {
	n := len(b)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		w := omega
		for k := 0; k < maxIt; k++ {
			ri := b[i] - matRow(a[i], x)
			xi := x[i] + w*ri
			if blownUp(xi) {
				// My row blew up: restart with a smaller step.
				w /= 2
				l.Barrier() // EXPECT
				x[i] = 0
				l.Barrier() // EXPECT
				continue
			}
			l.Barrier() // EXPECT
			x[i] = xi
			l.Barrier() // EXPECT
		}
	})
}
