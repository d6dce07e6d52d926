// Package iter holds iterative kernels in the ISPC style: per-lane state in
// locals, uniform loops with Any/All exits, convergence checks.
package iter

import (
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

// MandelRow computes escape counts for the points x0+px*dx + i*y of one image
// row, one pixel per lane per tile. The iteration loop is uniform and exits
// when no lane of the gang is still active (ISPC's "cif"/"any" idiom).
//
//spmd:kernel
func MandelRow(l spmd.Lane, x0, dx, y float64, maxIt int, out []int) {
	tid := l.Index()
	for base := 0; base < len(out); base += l.Count() {
		px := base + tid
		cx := x0 + float64(px)*dx
		var zr, zi float64
		it := 0
		for step := 0; step < maxIt; step++ {
			active := zr*zr+zi*zi <= 4 && px < len(out)
			if !spmd.Any(l, active) {
				break
			}
			if active {
				zr, zi = zr*zr-zi*zi+cx, 2*zr*zi+y
				it++
			}
		}
		if px < len(out) {
			out[px] = it
		}
	}
}

// MandelPoints iterates each lane's own point until it escapes, and adds an
// "everyone has escaped" early-out inside that per-lane loop.
//
//spmd:kernel
func MandelPoints(l spmd.Lane, cre, cim []float64, maxIt int, out []int) {
	tid := l.Index()
	cx, cy := cre[tid], cim[tid]
	var zr, zi float64
	it := 0
	for it < maxIt && zr*zr+zi*zi <= 4 {
		zr, zi = zr*zr-zi*zi+cx, 2*zr*zi+cy
		it++
		if spmd.All(l, zr*zr+zi*zi > 4) { // EXPECT
			break
		}
	}
	out[tid] = it
}

// span is a per-lane cursor over a blocked loop.
type span struct {
	lo, hi, step int
}

// BlockedDot computes the dot product of a and b block by block, keeping the
// block cursor in a local struct, and records the running total after every
// block in prog (lane 0).
//
//spmd:kernel
func BlockedDot(l spmd.Lane, a, b []float64, block int, prog []float64) {
	sp := span{lo: 0, hi: len(a), step: block}
	acc := 0.0
	k := 0
	for sp.lo < sp.hi {
		end := min(sp.lo+sp.step, sp.hi)
		var part float64
		for i := sp.lo + l.Index(); i < end; i += l.Count() {
			part += a[i] * b[i]
		}
		acc += spmd.ReduceAdd(l, part)
		if l.Index() == 0 {
			prog[k] = acc
		}
		k++
		sp.lo += sp.step
	}
}

// rounds is a per-lane round-robin cursor.
type rounds struct {
	k, end int
}

// RoundMax hands the elements of in out round-robin (element r*Count+lane in
// round r); the first len%Count lanes get one round more. After every round
// the group publishes the running maximum.
//
//spmd:kernel
func RoundMax(l spmd.Lane, in []int, prog []int) {
	tid := l.Index()
	n := l.Count()
	c := rounds{k: 0, end: len(in) / n}
	if tid < len(in)%n {
		c.end = len(in)/n + 1
	}
	best := math.MinInt
	for c.k < c.end {
		best = max(best, in[c.k*n+tid])
		m := spmd.ReduceMax(l, best) // EXPECT
		if tid == 0 {
			prog[c.k] = m
		}
		c.k++
	}
}

// Jacobi1D smooths u (fixed ends) by Jacobi sweeps until the largest update
// is below tol, or maxIt sweeps; the number of sweeps goes to iters[0].
//
//spmd:kernel
func Jacobi1D(l spmd.Lane, u, tmp []float64, tol float64, maxIt int, iters []int) {
	tid, n := l.Index(), l.Count()
	N := len(u)
	it := 0
	for it < maxIt {
		var diff float64
		for i := tid + 1; i < N-1; i += n {
			tmp[i] = 0.5 * (u[i-1] + u[i+1])
			diff = max(diff, math.Abs(tmp[i]-u[i]))
		}
		l.Barrier()
		for i := tid + 1; i < N-1; i += n {
			u[i] = tmp[i]
		}
		l.Barrier()
		it++
		if spmd.ReduceMax(l, diff) < tol {
			break
		}
	}
	if tid == 0 {
		iters[0] = it
	}
}

// JacobiOwnPoint gives each lane one interior point; the surplus lanes of the
// group idle, and the convergence test is folded into one condition.
//
//spmd:kernel
func JacobiOwnPoint(l spmd.Lane, u, tmp []float64, tol float64, maxIt int) {
	g := l.Index() + 1
	inside := g < len(u)-1
	for it := 0; it < maxIt; it++ {
		var diff float64
		if inside {
			tmp[g] = 0.5 * (u[g-1] + u[g+1])
			diff = math.Abs(tmp[g] - u[g])
		}
		l.Barrier() // EXPECT
		if inside {
			u[g] = tmp[g]
		}
		l.Barrier()                            // EXPECT
		if inside && spmd.All(l, diff < tol) { // EXPECT
			break
		}
	}
}
