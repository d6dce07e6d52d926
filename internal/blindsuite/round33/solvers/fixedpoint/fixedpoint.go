// Package fixedpoint holds fixed-point iterations and the scaffolding GPU
// ports put around them: convergence helpers and closures that call
// reductions, callbacks run per row, iterators over sweeps, a shared work
// queue, panics on blow-up, //spmd:kernel smoothers, convergence monitors
// with methods, and active-set compaction.
//
// Every exported function launches one kernel and says in its doc comment
// whether it is correct or has a convergence bug.
package fixedpoint

import (
	"fmt"
	"iter"
	"math"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// iterMap is the map a lane iterates, chosen by kind.
func iterMap(kind int, x float64) float64 {
	switch kind {
	case 0:
		return math.Cos(x) // attracting fixed point 0.739...
	case 1:
		return x * x // 0 attracts |x| < 1; |x| > 1 blows up
	case 2:
		return 2*x + 1 // repelling: blows up from anywhere but -1
	default:
		return (x + 2/x) / 2 // Heron: sqrt(2)
	}
}

// rowUpdate returns the Jacobi update of row i of a x = b.
func rowUpdate(a [][]float64, b, x []float64, i int) float64 {
	s := b[i]
	for j, aij := range a[i] {
		if j != i {
			s -= aij * x[j]
		}
	}
	return s / a[i][i]
}

// maxAbs returns the largest |v| over the lanes.
func maxAbs(l spmd.Lane, v float64) float64 {
	return spmd.ReduceMax(l, math.Abs(v))
}

// CosineFixedPoint iterates x = cos(k[i] x) in each lane until the largest
// change over the lanes is below tol. It returns the number of iterations.
//
// kernel(ok): maxAbs, which reduces, is called by every lane in every
// iteration.
func CosineFixedPoint(k, x []float64, tol float64, maxIt int) (int, error) {
	var used int
	err := spmd.Run(len(k), func(l spmd.Lane) {
		i := l.Index()
		xi := x[i]
		it := 0
		for ; it < maxIt; it++ {
			next := math.Cos(k[i] * xi)
			change := next - xi
			xi = next
			if maxAbs(l, change) < tol {
				break
			}
		}
		x[i] = xi
		if i == 0 {
			used = it
		}
	})
	return used, err
}

// CosineFixedPointSkip is CosineFixedPoint where lanes that did not move
// skip the reduction.
//
// kernel(bug): maxAbs reaches a ReduceMax, and it is called under the
// lane-local test change != 0.
func CosineFixedPointSkip(k, x []float64, tol float64, maxIt int) error {
	return spmd.Run(len(k), func(l spmd.Lane) {
		i := l.Index()
		xi := x[i]
		for it := 0; it < maxIt; it++ {
			next := math.Cos(k[i] * xi)
			change := next - xi
			xi = next
			worst := 0.0
			if change != 0 { // lanes that have stopped moving have nothing to report
				worst = maxAbs(l, change) // EXPECT
			}
			if worst < tol {
				break
			}
		}
		x[i] = xi
	})
}

// commit stores v as entry i of the shared vector dst between two
// barriers, if changed; otherwise it does nothing.
func commit(l spmd.Lane, dst []float64, i int, v float64, changed bool) {
	if changed {
		l.Barrier() // every lane has read dst
		dst[i] = v
		l.Barrier() // dst is complete
	}
}

// CoupledFixedPoint runs sweeps Jacobi-style sweeps of the contraction
// x[i] = w[i] (cos(x[i-1])/2 + x[i+1]/4) + c[i] (indices modulo n),
// skipping the write-back when no entry changed.
//
// kernel(ok): commit is told whether anything changed by an Any, so its
// barriers run in every lane or in none.
func CoupledFixedPoint(w, c, x []float64, sweeps int) error {
	n := len(c)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for s := 0; s < sweeps; s++ {
			xi := w[i]*(math.Cos(x[(i+n-1)%n])/2+x[(i+1)%n]/4) + c[i]
			commit(l, x, i, xi, spmd.Any(l, xi != x[i]))
		}
	})
}

// CoupledFixedPointLocalCommit is CoupledFixedPoint where each lane decides
// by itself whether to commit.
//
// kernel(bug): the changed parameter decides whether commit reaches its
// barriers, and each lane passes its own value.
func CoupledFixedPointLocalCommit(w, c, x []float64, sweeps int) error {
	n := len(c)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for s := 0; s < sweeps; s++ {
			xi := w[i]*(math.Cos(x[(i+n-1)%n])/2+x[(i+1)%n]/4) + c[i]
			commit(l, x, i, xi, xi != x[i]) // EXPECT
		}
	})
}

// LogisticFixedPoint iterates the logistic map x = r[i] x (1 - x) in each
// lane until the group's largest change is below tol. It returns the
// number of iterations.
//
// kernel(ok): the closure converged reduces over the lanes, and every lane
// calls it in every iteration.
func LogisticFixedPoint(r, x []float64, tol float64, maxIt int) (int, error) {
	var used int
	err := spmd.Run(len(r), func(l spmd.Lane) {
		i := l.Index()
		converged := func(change float64) bool {
			return spmd.ReduceMax(l, math.Abs(change)) < tol
		}
		xi := x[i]
		it := 0
		for ; it < maxIt; it++ {
			next := r[i] * xi * (1 - xi)
			change := next - xi
			xi = next
			if converged(change) {
				break
			}
		}
		x[i] = xi
		if i == 0 {
			used = it
		}
	})
	return used, err
}

// LogisticFixedPointNearOnly is LogisticFixedPoint where a lane only asks
// the group once its own change is small.
//
// kernel(bug): converged is the right operand of && behind a lane-local
// test, so the lanes still far from their fixed point do not call it.
func LogisticFixedPointNearOnly(r, x []float64, tol float64, maxIt int) error {
	return spmd.Run(len(r), func(l spmd.Lane) {
		i := l.Index()
		converged := func(change float64) bool {
			return spmd.ReduceMax(l, math.Abs(change)) < tol
		}
		xi := x[i]
		for it := 0; it < maxIt; it++ {
			next := r[i] * xi * (1 - xi)
			change := next - xi
			xi = next
			if math.Abs(change) < 100*tol && converged(change) { // EXPECT
				break
			}
		}
		x[i] = xi
	})
}

// forOwnedRows calls body for each row the lane owns: i, i+Count, ...
func forOwnedRows(l spmd.Lane, n int, body func(r int)) {
	for r := l.Index(); r < n; r += l.Count() {
		body(r)
	}
}

// forRowBlocks calls body once for every block of Count rows, in every
// lane, with the lane's row of the block; valid is false for the rows past
// the end of the last block.
func forRowBlocks(l spmd.Lane, n int, body func(r int, valid bool)) {
	for base := 0; base < n; base += l.Count() {
		r := base + l.Index()
		body(r, r < n)
	}
}

// BlockGaussSeidel runs sweeps of block Gauss-Seidel on a x = b: the rows
// are taken a block of lanes at a time, Jacobi within the block, each
// block seeing the blocks before it.
//
// kernel(ok): forRowBlocks calls the body the same number of times in every
// lane; the body's barriers are not under the valid test.
func BlockGaussSeidel(a [][]float64, b, x []float64, lanes, sweeps int) error {
	n := len(b)
	return spmd.Run(lanes, func(l spmd.Lane) {
		for s := 0; s < sweeps; s++ {
			forRowBlocks(l, n, func(r int, valid bool) {
				xr := 0.0
				if valid {
					xr = rowUpdate(a, b, x, r)
				}
				l.Barrier()
				if valid {
					x[r] = xr
				}
				l.Barrier()
			})
		}
	})
}

// OwnedRowsSweep runs the same sweeps with each lane looping over the rows
// it owns.
//
// kernel(bug): forOwnedRows calls its body once per owned row, a
// lane-dependent number of times, and the body given to it synchronizes.
func OwnedRowsSweep(a [][]float64, b, x []float64, lanes, sweeps int) error {
	n := len(b)
	return spmd.Run(lanes, func(l spmd.Lane) {
		for s := 0; s < sweeps; s++ {
			forOwnedRows(l, n, func(r int) { // EXPECT
				xr := rowUpdate(a, b, x, r)
				l.Barrier()
				x[r] = xr
				l.Barrier()
			})
		}
	})
}

// sweepsOf yields the sweep numbers 0 to n-1 and runs a barrier after the
// body of each sweep, so that a sweep's writes are visible in the next.
func sweepsOf(l spmd.Lane, n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for s := 0; s < n; s++ {
			if !yield(s) {
				return
			}
			l.Barrier()
		}
	}
}

// IteratorJacobi runs double-buffered Jacobi sweeps on a x = b, one row per
// lane, over the iterator sweepsOf, until no row moves by tol or more. It
// returns the number of sweeps.
//
// kernel(ok): the break out of the range is decided by an Any, so the
// iterator stops in every lane at once.
func IteratorJacobi(a [][]float64, b, x []float64, tol float64, maxSweeps int) (int, error) {
	n := len(b)
	y := make([]float64, n)
	copy(y, x)
	var sweeps int
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		cur, nxt := x, y
		done := 0
		for s := range sweepsOf(l, maxSweeps) {
			v := rowUpdate(a, b, cur, i)
			nxt[i] = v
			moved := math.Abs(v-cur[i]) >= tol
			cur, nxt = nxt, cur
			done = s + 1
			if !spmd.Any(l, moved) {
				break
			}
		}
		x[i] = cur[i]
		if i == 0 {
			sweeps = done
		}
	})
	return sweeps, err
}

// IteratorJacobiLocalBreak is IteratorJacobi where each lane stops when its
// own row has settled.
//
// kernel(bug): the lane-local break stops the iterator in the lanes that
// settled, and the others wait at the barrier it runs between sweeps.
func IteratorJacobiLocalBreak(a [][]float64, b, x []float64, tol float64, maxSweeps int) error {
	n := len(b)
	y := make([]float64, n)
	copy(y, x)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		cur, nxt := x, y
		for range sweepsOf(l, maxSweeps) { // EXPECT
			v := rowUpdate(a, b, cur, i)
			nxt[i] = v
			moved := math.Abs(v-cur[i]) >= tol
			cur, nxt = nxt, cur
			if !moved {
				break // my row has settled
			}
		}
		x[i] = cur[i]
	})
}

// Bracket is a root-finding task: a root of x^3 + P x + Q in [Lo, Hi].
type Bracket struct {
	P, Q, Lo, Hi float64
}

func (t Bracket) bisect(tol float64) float64 {
	lo, hi := t.Lo, t.Hi
	flo := lo*lo*lo + t.P*lo + t.Q
	for hi-lo > tol {
		m := (lo + hi) / 2
		fm := m*m*m + t.P*m + t.Q
		if (fm < 0) == (flo < 0) {
			lo, flo = m, fm
		} else {
			hi = m
		}
	}
	return (lo + hi) / 2
}

// RootQueue solves the tasks with a group of lanes that take them from a
// shared counter, one at a time (dynamic scheduling). It returns the
// number of tasks solved.
//
// kernel(ok): the queue loop, whose trip count depends on the atomic
// counter, has no collective; the lanes meet after it.
func RootQueue(tasks []Bracket, roots []float64, lanes int, tol float64) (int, error) {
	var next int64
	var solved int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		mine := 0
		for {
			t := int(atomic.AddInt64(&next, 1) - 1)
			if t >= len(tasks) {
				break
			}
			roots[t] = tasks[t].bisect(tol)
			mine++
		}
		l.Barrier() // all roots are in
		total := spmd.ReduceAdd(l, mine)
		if l.Index() == 0 {
			solved = total
		}
	})
	return solved, err
}

// RootQueueBatchBarrier is RootQueue where lanes wait for each other after
// every task.
//
// kernel(bug): the task index comes from an atomic add, different in every
// lane, and decides whether the lane stays in the loop with the barrier.
func RootQueueBatchBarrier(tasks []Bracket, roots []float64, lanes int, tol float64) (int, error) {
	var next int64
	var solved int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		mine := 0
		for {
			t := int(atomic.AddInt64(&next, 1) - 1)
			if t >= len(tasks) {
				break
			}
			roots[t] = tasks[t].bisect(tol)
			mine++
			l.Barrier() // EXPECT
		}
		total := spmd.ReduceAdd(l, mine)
		if l.Index() == 0 {
			solved = total
		}
	})
	return solved, err
}

// GuardedFixedPoint iterates iterMap(kind[i], x) in each lane until the
// group's largest change is below tol, panicking if an iterate is not
// finite. It returns the mean of the fixed points.
//
// kernel(ok): the branch to panic only decides whether the lane brings the
// whole kernel down; it is not divergence.
func GuardedFixedPoint(kind []int, x []float64, tol float64, maxIt int) (float64, error) {
	var mean float64
	err := spmd.Run(len(kind), func(l spmd.Lane) {
		i := l.Index()
		xi := x[i]
		for it := 0; it < maxIt; it++ {
			next := iterMap(kind[i], xi)
			if math.IsInf(next, 0) || math.IsNaN(next) {
				panic(fmt.Sprintf("lane %d: fixed-point iteration diverged", i))
			}
			change := math.Abs(next - xi)
			xi = next
			if spmd.ReduceMax(l, change) < tol {
				break
			}
		}
		x[i] = xi
		m := spmd.ReduceAdd(l, xi) / float64(l.Count())
		if i == 0 {
			mean = m
		}
	})
	return mean, err
}

// GuardedFixedPointRecover is GuardedFixedPoint where the lane recovers
// from its panic and marks its result NaN.
//
// kernel(bug): with the deferred recover, a lane that panics returns, and
// the reductions after the panic test run without it.
func GuardedFixedPointRecover(kind []int, x []float64, tol float64, maxIt int) (float64, error) {
	var mean float64
	err := spmd.Run(len(kind), func(l spmd.Lane) {
		i := l.Index()
		defer func() {
			if r := recover(); r != nil {
				x[i] = math.NaN() // this lane's iteration failed
			}
		}()
		xi := x[i]
		for it := 0; it < maxIt; it++ {
			next := iterMap(kind[i], xi)
			if math.IsInf(next, 0) || math.IsNaN(next) {
				panic(fmt.Sprintf("lane %d: fixed-point iteration diverged", i))
			}
			change := math.Abs(next - xi)
			xi = next
			if spmd.ReduceMax(l, change) < tol { // EXPECT
				break
			}
		}
		x[i] = xi
		m := spmd.ReduceAdd(l, xi) / float64(l.Count()) // EXPECT
		if i == 0 {
			mean = m
		}
	})
	return mean, err
}

// smooth runs sweeps damped Jacobi sweeps of -u_xx = f on u, which has one
// interior point per lane and fixed end values.
//
//spmd:kernel
func smooth(l spmd.Lane, u, f []float64, h float64, sweeps int) {
	i := l.Index() + 1
	for s := 0; s < sweeps; s++ {
		v := (u[i-1] + u[i+1] + h*h*f[i]) / 2
		v = u[i] + 0.8*(v-u[i])
		l.Barrier()
		u[i] = v
		l.Barrier()
	}
}

// SmoothBoundary smooths u with sweeps sweeps, plus extra sweeps when the
// boundary rows ask for them.
//
// kernel(ok): the extra sweeps are agreed on with a ReduceMax before they
// are given to the kernel entry smooth.
func SmoothBoundary(u, f []float64, h float64, sweeps, extraAtEnds int) error {
	n := len(u) - 2
	return spmd.Run(n, func(l spmd.Lane) {
		extra := 0
		if l.Index() == 0 || l.Index() == n-1 {
			extra = extraAtEnds // the rows next to the boundary smooth longer
		}
		smooth(l, u, f, h, sweeps+spmd.ReduceMax(l, extra))
	})
}

// SmoothBoundaryPerLane is SmoothBoundary where each lane asks smooth for
// its own number of sweeps.
//
// kernel(bug): smooth's sweeps must be uniform (it bounds the loop with the
// barriers), and the boundary lanes pass more.
func SmoothBoundaryPerLane(u, f []float64, h float64, sweeps, extraAtEnds int) error {
	n := len(u) - 2
	return spmd.Run(n, func(l spmd.Lane) {
		extra := 0
		if l.Index() == 0 || l.Index() == n-1 {
			extra = extraAtEnds // the rows next to the boundary smooth longer
		}
		smooth(l, u, f, h, sweeps+extra) // EXPECT
	})
}

// monitor records the group's largest change at every check.
type monitor struct {
	tol     float64
	history []float64
}

// settled reduces the lanes' changes and reports whether the largest is
// below the tolerance.
func (m *monitor) settled(l spmd.Lane, change float64) bool {
	g := spmd.ReduceMax(l, math.Abs(change))
	m.history = append(m.history, g)
	return g < m.tol
}

// RestartedFixedPoint iterates iterMap(kind[i], x) from x0[i] in each lane
// until the monitor says the group has settled; a lane whose iterate grows
// beyond blowup restarts from x0[i]. It returns the monitor's history.
//
// kernel(ok): the monitor's case comes first in the switch, so every lane
// evaluates it; the restart case after it has no collective.
func RestartedFixedPoint(kind []int, x0, x []float64, tol, blowup float64, maxIt int) ([]float64, error) {
	var hist []float64
	err := spmd.Run(len(kind), func(l spmd.Lane) {
		i := l.Index()
		m := monitor{tol: tol}
		xi := x0[i]
	iterate:
		for it := 0; it < maxIt; it++ {
			next := iterMap(kind[i], xi)
			change := next - xi
			xi = next
			switch {
			case m.settled(l, change):
				break iterate
			case math.Abs(xi) > blowup:
				xi = x0[i] // restart
			}
		}
		x[i] = xi
		if i == 0 {
			hist = m.history
		}
	})
	return hist, err
}

// RestartedFixedPointBlowupFirst is RestartedFixedPoint with the cases of
// the switch the other way round.
//
// kernel(bug): the switch tests the lane-local blow-up first; a lane that
// restarts does not evaluate the monitor's case, so settled runs without
// it.
func RestartedFixedPointBlowupFirst(kind []int, x0, x []float64, tol, blowup float64, maxIt int) ([]float64, error) {
	var hist []float64
	err := spmd.Run(len(kind), func(l spmd.Lane) {
		i := l.Index()
		m := monitor{tol: tol}
		xi := x0[i]
	iterate:
		for it := 0; it < maxIt; it++ {
			next := iterMap(kind[i], xi)
			change := next - xi
			xi = next
			switch {
			case math.Abs(xi) > blowup:
				xi = x0[i] // restart
			case m.settled(l, change): // EXPECT
				break iterate
			}
		}
		x[i] = xi
		if i == 0 {
			hist = m.history
		}
	})
	return hist, err
}

// ActiveSetNewton computes sqrt(c[i]) in each lane by Newton's method.
// At every iteration the lanes still iterating write their index into that
// iteration's row of active (n entries per row), packed to the front with
// ExclusiveAdd, and counts[it] gets how many there were. It returns the
// number of iterations.
//
// kernel(ok): every lane takes part in the scan and the count, with 0 if
// it is done.
func ActiveSetNewton(c []float64, roots []float64, active, counts []int, tol float64, maxIt int) (int, error) {
	n := len(c)
	var iters int
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		x := max(c[i], 1)
		done := false
		it := 0
		for ; it < maxIt; it++ {
			busy := 0
			if !done {
				busy = 1
			}
			slot := spmd.ExclusiveAdd(l, busy)
			count := spmd.ReduceAdd(l, busy)
			if count == 0 {
				break
			}
			if !done {
				active[it*n+slot] = i
				dx := (x*x - c[i]) / (2 * x)
				x -= dx
				done = math.Abs(dx) <= tol*x
			}
			if i == 0 {
				counts[it] = count
			}
		}
		roots[i] = x
		if i == 0 {
			iters = it
		}
	})
	return iters, err
}

// ActiveSetNewtonGuarded is ActiveSetNewton where only the lanes still
// iterating take a slot.
//
// kernel(bug): ExclusiveAdd is under the lane-local test !done; the lanes
// that are done go on to the All.
func ActiveSetNewtonGuarded(c []float64, roots []float64, active []int, tol float64, maxIt int) error {
	n := len(c)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		x := max(c[i], 1)
		done := false
		for it := 0; it < maxIt; it++ {
			if !done {
				slot := spmd.ExclusiveAdd(l, 1) // EXPECT
				active[it*n+slot] = i
				dx := (x*x - c[i]) / (2 * x)
				x -= dx
				done = math.Abs(dx) <= tol*x
			}
			if spmd.All(l, done) {
				break
			}
		}
		roots[i] = x
	})
}
