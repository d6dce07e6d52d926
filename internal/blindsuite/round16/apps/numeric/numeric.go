// Package numeric has numerical-method kernels: Jacobi and red-black
// Gauss-Seidel sweeps with convergence tests, Newton iterations, dynamic
// programming over anti-diagonals and a power-iteration step.
package numeric

import (
	"math"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round16/apps/kit"
	"github.com/spmdvet/spmdvet/spmd"
)

// Poisson is the 1-D problem -u” = f on a uniform grid with zero boundary
// values; H2 is the squared grid spacing.
type Poisson struct {
	F  []float64
	H2 float64
}

// Relax is the Jacobi/Gauss-Seidel value of point i given the values in u.
func (p *Poisson) Relax(u []float64, i int) float64 {
	left, right := 0.0, 0.0
	if i > 0 {
		left = u[i-1]
	}
	if i < len(u)-1 {
		right = u[i+1]
	}
	return 0.5 * (left + right + p.H2*p.F[i])
}

// Jacobi (correct): double-buffered sweeps; the stopping test uses the
// group-wide ReduceMax, so every lane leaves the loop in the same iteration
// and meets every barrier. The result is copied back into u.
//
//spmd:kernel
func Jacobi(l spmd.Lane, p *Poisson, u, tmp []float64, tol float64, maxIt int, iters *int) {
	n := len(u)
	cur, nxt := u, tmp
	it := 0
	for it < maxIt {
		local := 0.0
		for i := l.Index(); i < n; i += l.Count() {
			v := p.Relax(cur, i)
			local = max(local, math.Abs(v-cur[i]))
			nxt[i] = v
		}
		l.Barrier()
		cur, nxt = nxt, cur
		it++
		if spmd.ReduceMax(l, local) < tol {
			break
		}
	}
	if it%2 == 1 {
		for i := l.Index(); i < n; i += l.Count() {
			u[i] = cur[i]
		}
	}
	if l.Index() == 0 {
		*iters = it
	}
}

// JacobiLocalStop (bug): the convergence loop exits per lane, on the lane's
// own largest change, while the barrier inside the loop expects everyone.
// The ReduceMax after the loop (the slowest lane's count) is reached by
// every lane and is fine.
//
//spmd:kernel
func JacobiLocalStop(l spmd.Lane, p *Poisson, u, tmp []float64, tol float64, maxIt int, iters *int) {
	n := len(u)
	cur, nxt := u, tmp
	it := 0
	for it < maxIt {
		local := 0.0
		for i := l.Index(); i < n; i += l.Count() {
			v := p.Relax(cur, i)
			local = max(local, math.Abs(v-cur[i]))
			nxt[i] = v
		}
		l.Barrier() // EXPECT
		cur, nxt = nxt, cur
		it++
		if local < tol {
			break
		}
	}
	worst := spmd.ReduceMax(l, it)
	if l.Index() == 0 {
		*iters = worst
	}
}

// RedBlack (correct): red-black Gauss-Seidel in place. Each color is a
// strided loop followed by a barrier reached by all; convergence is decided
// by the generic kit.Converged, whose result is uniform because tol (a kernel
// parameter) is.
//
//spmd:kernel
func RedBlack(l spmd.Lane, p *Poisson, u []float64, tol float64, maxIt int, iters *int) {
	n := len(u)
	it := 0
	for it < maxIt {
		local := 0.0
		for color := 0; color < 2; color++ {
			for i := 2*l.Index() + color; i < n; i += 2 * l.Count() {
				v := p.Relax(u, i)
				local = max(local, math.Abs(v-u[i]))
				u[i] = v
			}
			l.Barrier()
		}
		it++
		if kit.Converged(l, local, tol) {
			break
		}
	}
	if l.Index() == 0 {
		*iters = it
	}
}

// RedBlackAllInBranch (bug): "I have converged; has everyone?" The All is
// asked only by lanes whose own change is small, so lanes still working are
// at the next sweep's barrier instead.
//
//spmd:kernel
func RedBlackAllInBranch(l spmd.Lane, p *Poisson, u []float64, tol float64, maxIt int, iters *int) {
	n := len(u)
	it := 0
	for it < maxIt {
		local := 0.0
		for color := 0; color < 2; color++ {
			for i := 2*l.Index() + color; i < n; i += 2 * l.Count() {
				v := p.Relax(u, i)
				local = max(local, math.Abs(v-u[i]))
				u[i] = v
			}
			l.Barrier() // EXPECT
		}
		it++
		if local < tol {
			if spmd.All(l, true) { // EXPECT
				break
			}
		}
	}
	if l.Index() == 0 {
		*iters = it
	}
}

// NewtonSqrt (correct): every lane runs Newton's method for its own values
// with per-lane stopping, which is fine because no collective is inside the
// loops; the ReduceMax of the iteration counts is after them.
//
//spmd:kernel
func NewtonSqrt(l spmd.Lane, xs, roots []float64, maxIters *int) {
	worst := 0
	for i := l.Index(); i < len(xs); i += l.Count() {
		a := xs[i]
		x := max(a, 1)
		it := 1
		for ; it < 100; it++ {
			nx := 0.5 * (x + a/x)
			if math.Abs(nx-x) <= 1e-12*nx {
				x = nx
				break
			}
			x = nx
		}
		roots[i] = x
		worst = max(worst, it)
	}
	m := spmd.ReduceMax(l, worst)
	if l.Index() == 0 {
		*maxIters = m
	}
}

// NewtonResidualLog (bug): one value per lane, per-lane stopping, and a
// ReduceMax of the step size inside the loop to log the group's residual.
// Lanes that converge first leave and miss the next ReduceMax.
//
//spmd:kernel
func NewtonResidualLog(l spmd.Lane, xs, roots, log []float64) {
	a := xs[l.Index()]
	x := max(a, 1)
	for it := 0; it < len(log); it++ {
		nx := 0.5 * (x + a/x)
		dx := math.Abs(nx - x)
		x = nx
		worst := spmd.ReduceMax(l, dx) // EXPECT
		if l.Index() == 0 {
			log[it] = worst
		}
		if dx <= 1e-12*x {
			break
		}
	}
	roots[l.Index()] = x
}

// NewtonUniformStop (correct): the fixed NewtonResidualLog. A lane that has
// converged stops updating (a branch without collectives) and the loop ends
// when All lanes are done, a uniform test, so the ReduceMax in the loop is
// reached by every lane in every iteration.
//
//spmd:kernel
func NewtonUniformStop(l spmd.Lane, xs, roots, log []float64) {
	a := xs[l.Index()]
	x := max(a, 1)
	done := false
	for it := 0; it < len(log); it++ {
		dx := 0.0
		if !done {
			nx := 0.5 * (x + a/x)
			dx = math.Abs(nx - x)
			x = nx
			done = dx <= 1e-12*x
		}
		worst := spmd.ReduceMax(l, dx)
		if l.Index() == 0 {
			log[it] = worst
		}
		if spmd.All(l, done) {
			break
		}
	}
	roots[l.Index()] = x
}

// lcsCell fills cell (i, j) of the LCS table (row width w).
func lcsCell(a, b string, table []int32, w, i, j int) {
	if a[i-1] == b[j-1] {
		table[i*w+j] = table[(i-1)*w+j-1] + 1
	} else {
		table[i*w+j] = max(table[(i-1)*w+j], table[i*w+j-1])
	}
}

// LCS (correct): longest common subsequence by anti-diagonals. The diagonal
// loop is uniform; lanes take rows of the diagonal in a strided loop with no
// collective inside, and the barrier between diagonals is reached by all.
//
//spmd:kernel
func LCS(l spmd.Lane, a, b string, table []int32, out *int) {
	n, m := len(a), len(b)
	w := m + 1
	for d := 2; d <= n+m; d++ {
		for i := 1 + l.Index(); i <= n; i += l.Count() {
			j := d - i
			if j >= 1 && j <= m {
				lcsCell(a, b, table, w, i, j)
			}
		}
		l.Barrier()
	}
	if l.Index() == 0 {
		*out = int(table[n*w+m])
	}
}

// LCSBarrierInCell (bug): the barrier moved into the cell's validity test
// ("sync after writing the cell"), inside the strided row loop: lanes with no
// cell on a diagonal, or with more than one, disagree.
//
//spmd:kernel
func LCSBarrierInCell(l spmd.Lane, a, b string, table []int32, out *int) {
	n, m := len(a), len(b)
	w := m + 1
	for d := 2; d <= n+m; d++ {
		for i := 1 + l.Index(); i <= n; i += l.Count() {
			j := d - i
			if j >= 1 && j <= m {
				lcsCell(a, b, table, w, i, j)
				l.Barrier() // EXPECT
			}
		}
	}
	if l.Index() == 0 {
		*out = int(table[n*w+m])
	}
}

// editCell fills cell (i, j) of the edit-distance table (row width w).
func editCell(a, b string, table []int32, w, i, j int) {
	switch {
	case i == 0:
		table[j] = int32(j)
	case j == 0:
		table[i*w] = int32(i)
	default:
		c := int32(1)
		if a[i-1] == b[j-1] {
			c = 0
		}
		table[i*w+j] = min(table[(i-1)*w+j]+1, table[i*w+j-1]+1, table[(i-1)*w+j-1]+c)
	}
}

// EditDistance (correct): Levenshtein distance by anti-diagonals. Rows are
// visited in increasing order, so once j < 0 the lane's remaining rows are
// below the diagonal: it breaks out of the row loop and still reaches the
// barrier after it.
//
//spmd:kernel
func EditDistance(l spmd.Lane, a, b string, table []int32, out *int) {
	n, m := len(a), len(b)
	w := m + 1
	for d := 0; d <= n+m; d++ {
		for i := l.Index(); i <= n; i += l.Count() {
			j := d - i
			if j < 0 {
				break
			}
			if j <= m {
				editCell(a, b, table, w, i, j)
			}
		}
		l.Barrier()
	}
	if l.Index() == 0 {
		*out = int(table[n*w+m])
	}
}

// EditDistanceSkipDiagonal (bug): the same, with "continue diag" where
// EditDistance has "break": lanes whose rows are all below the diagonal skip
// straight to the next diagonal, and past the barrier.
//
//spmd:kernel
func EditDistanceSkipDiagonal(l spmd.Lane, a, b string, table []int32, out *int) {
	n, m := len(a), len(b)
	w := m + 1
diag:
	for d := 0; d <= n+m; d++ {
		for i := l.Index(); i <= n; i += l.Count() {
			j := d - i
			if j < 0 {
				continue diag
			}
			if j <= m {
				editCell(a, b, table, w, i, j)
			}
		}
		l.Barrier() // EXPECT
	}
	if l.Index() == 0 {
		*out = int(table[n*w+m])
	}
}

// dot is the generic inner product.
func dot[T float32 | float64](a, b []T) T {
	var s T
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// PowerStep (correct): y = A x / |A x| with the sign fixed so that y[0] >= 0,
// one row per lane (n <= lanes). The sign comes from lane 0 through
// kit.BcastF with a constant source, which is declared uniform, so the
// branch that flips the sign and meets a barrier is taken by all or none.
//
//spmd:kernel
func PowerStep(l spmd.Lane, A, x, y []float64, norm *float64) {
	n := len(x)
	i := l.Index()
	mine := 0.0
	if i < n {
		mine = dot(A[i*n:(i+1)*n], x)
	}
	nrm := math.Sqrt(kit.Sum(l, mine*mine))
	mine /= nrm
	first := kit.BcastF(l, mine, 0)
	if first < 0 {
		mine = -mine
		l.Barrier()
	}
	if i < n {
		y[i] = mine
	}
	if i == 0 {
		*norm = nrm
	}
}

// SignChanges (bug): counts sign changes between neighbouring components,
// one component per lane. The neighbour's value is fetched with kit.BcastF
// and a lane-dependent source, which makes it a shuffle (divergent), and the
// count is then reduced only where the sign changes.
//
//spmd:kernel
func SignChanges(l spmd.Lane, y []float64, out *int) {
	i := l.Index()
	mine := 0.0
	if i < len(y) {
		mine = y[i]
	}
	left := kit.BcastF(l, mine, (i+l.Count()-1)%l.Count())
	changes := 0
	if left*mine < 0 {
		changes = spmd.ReduceAdd(l, 1) // EXPECT
	}
	if i == 0 {
		*out = changes
	}
}
