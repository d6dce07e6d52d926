// Package ambig holds loop-nest kernels whose verdict I could not settle
// from the documentation alone. None has an EXPECT line; REPORT.md gives my
// guess for each. All of them run cleanly under spmd.Run with the inputs of
// the tests, so they are marked kernel(ok) by their run-time behaviour.
package ambig

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// PingPongFrozen runs steps Jacobi steps of a 1D average between two
// buffers, skipping frozen cells (and the end points), which copy their
// value. It is written as a while loop, for t < steps, that advances t and
// swaps the buffers at the top of the body, in the same way in every lane,
// and then continues early in the frozen lanes. The only barrier is before
// the continue. At run time t is the same in every lane; the README says
// such a t "still counts as divergent at the loop header".
//
// kernel(ok) — ambiguous, guess: reported (the barrier, line with l.Barrier)
func PingPongFrozen(a, b []float64, frozen []bool, steps int) error {
	n := len(a)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		src, dst := a, b
		t := 0
		for t < steps {
			t++
			s, d := src, dst
			src, dst = dst, src
			l.Barrier()
			if frozen[i] || i == 0 || i == n-1 {
				d[i] = s[i]
				continue
			}
			d[i] = 0.5 * (s[i-1] + s[i+1])
		}
	})
}

// RunningPeaks sums, for each lane, the window x[i:i+w] one tap at a time,
// and after every tap records the largest partial sum of all lanes with
// ReduceMax. The tap loop runs j from i to i+w: its bounds come from the
// lane, but its trip count is w in every lane.
//
// kernel(ok) — ambiguous, guess: reported (the ReduceMax)
func RunningPeaks(x []float64, w int) (sums, peaks []float64, err error) {
	lanes := len(x) - w + 1
	sums = make([]float64, lanes)
	peaks = make([]float64, w)
	err = spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		acc := 0.0
		for j := i; j < i+w; j++ {
			acc += x[j]
			p := spmd.ReduceMax(l, acc)
			if i == 0 {
				peaks[j-i] = p
			}
		}
		sums[i] = acc
	})
	return sums, peaks, err
}

// RelaxUntilFlag relaxes u (fixed end points) until lane 0, after a
// ReduceMax of the changes, sets the captured flag done; every lane reads
// done at the loop header after a barrier. The value stored is uniform, but
// the store runs under if i == 0.
//
// kernel(ok) — ambiguous, guess: not reported
func RelaxUntilFlag(u []float64, tol float64, maxIt int) (int, error) {
	n := len(u)
	done := false
	iters := 0
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for !done {
			v := u[i]
			if i > 0 && i < n-1 {
				v = 0.5 * (u[i-1] + u[i+1])
			}
			l.Barrier()
			d := v - u[i]
			u[i] = v
			worst := spmd.ReduceMax(l, max(d, -d))
			if i == 0 {
				iters++
				done = worst < tol || iters >= maxIt
			}
			l.Barrier()
		}
	})
	return iters, err
}

// Checksums folds x into a per-lane checksum with a goto loop that the odd
// lanes enter in the middle (their first element is folded in already, in
// init): an irreducible cycle entered at two blocks by a lane-dependent
// branch, with no convergent call inside. The ReduceAdd comes after the
// cycle's only exit.
//
// kernel(ok) — ambiguous, guess: not reported
func Checksums(x []int, init []int) (sums []int, total int, err error) {
	n := len(x)
	sums = make([]int, len(init))
	err = spmd.Run(len(init), func(l spmd.Lane) {
		i := l.Index()
		k := 0
		acc := 0
		if i%2 == 1 {
			acc = init[i]
			k = 1
			goto mix
		}
	fold:
		acc += x[k] * (i + 1)
		k++
	mix:
		acc = acc*31 + 7
		if k < n {
			goto fold
		}
		sums[i] = acc
		s := spmd.ReduceAdd(l, acc)
		if i == 0 {
			total = s
		}
	})
	return sums, total, err
}

// ClaimSlots lets each lane walk forward from its own index to the first
// free slot (a loop with a lane-dependent exit). The share of the lanes,
// l.Count()/len(free), is recomputed inside that loop, from uniform values
// only, and used after it to decide whether to balance with a barrier.
//
// kernel(ok) — ambiguous, guess: reported (the barrier)
func ClaimSlots(free []bool) ([]int, error) {
	n := len(free)
	claim := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		p := i
		share := 0
		for {
			share = 2 * l.Count() / n
			if p >= n || free[p] {
				break
			}
			p++
		}
		claim[i] = p
		if share >= 2 {
			l.Barrier()
			// Two lanes want the same slot: the lower one gives up.
			give := p < n && claim[(i+1)%n] == p
			l.Barrier()
			if give {
				claim[i] = -1
			}
		}
	})
	return claim, err
}

// NewtonVote runs Newton steps for sqrt(a[i]) until All lanes are within
// tol, and only then checks the lane's own residual, with &&, before
// breaking: when All is true, every lane's own check is true too, so all
// lanes break together, but the branch also tests a lane-dependent operand.
//
// kernel(ok) — ambiguous, guess: reported (the Barrier in the loop)
func NewtonVote(a []float64, tol float64, maxIt int) ([]float64, error) {
	x := make([]float64, len(a))
	err := spmd.Run(len(a), func(l spmd.Lane) {
		i := l.Index()
		v := a[i]
		if v < 1 {
			v = 1
		}
		for it := 0; it < maxIt; it++ {
			v = 0.5 * (v + a[i]/v)
			x[i] = v
			l.Barrier()
			ok := v*v-a[i] < tol && a[i]-v*v < tol
			if spmd.All(l, ok) && ok {
				break
			}
		}
	})
	return x, err
}
