package uniexit

import (
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

// Relax runs Jacobi sweeps of the 1D heat equation on a shared rod, one
// interior cell per lane, until every cell has settled.
// kernel(ok)
func Relax(u []float64, tol float64, maxIt int, sweeps *int) error {
	return spmd.Run(len(u)-2, func(l spmd.Lane) {
		i := l.Index() + 1
		it := 0
		for ; it < maxIt; it++ {
			nv := (u[i-1] + u[i+1]) / 2
			l.Barrier()
			diff := math.Abs(nv - u[i])
			u[i] = nv
			l.Barrier()
			if spmd.All(l, diff < tol) {
				break
			}
		}
		if l.Index() == 0 {
			*sweeps = it
		}
	})
}

// RelaxBug lets each cell stop on its own once it has settled.
// kernel(bug)
func RelaxBug(u []float64, tol float64, maxIt int, sweeps *int) error {
	return spmd.Run(len(u)-2, func(l spmd.Lane) {
		i := l.Index() + 1
		it := 0
		for ; it < maxIt; it++ {
			nv := (u[i-1] + u[i+1]) / 2
			l.Barrier() // EXPECT
			diff := math.Abs(nv - u[i])
			u[i] = nv
			l.Barrier() // EXPECT
			if diff < tol {
				break
			}
		}
		if l.Index() == 0 {
			*sweeps = it
		}
	})
}

// SpendBudget: in round k lane i proposes costs[k][i], and the group
// accepts the round while the total stays within budget.
// The running total adds the same reduced sum in every lane.
// kernel(ok)
func SpendBudget(costs [][]int, budget int, sums []int, accepted *int) error {
	return spmd.Run(len(costs[0]), func(l spmd.Lane) {
		total, k := 0, 0
		for k < len(costs) {
			s := spmd.ReduceAdd(l, costs[k][l.Index()])
			if l.Index() == 0 {
				sums[k] = s
			}
			if total+s > budget {
				break
			}
			total += s
			k++
		}
		if l.Index() == 0 {
			*accepted = total
		}
	})
}

// SpendBudgetBug checks the budget against the lane's own spending.
// kernel(bug)
func SpendBudgetBug(costs [][]int, budget int, sums []int, accepted *int) error {
	return spmd.Run(len(costs[0]), func(l spmd.Lane) {
		total, k := 0, 0
		for k < len(costs) {
			c := costs[k][l.Index()]
			s := spmd.ReduceAdd(l, c) // EXPECT
			if l.Index() == 0 {
				sums[k] = s
			}
			if total+c > budget {
				break
			}
			total += c
			k++
		}
		if l.Index() == 0 {
			*accepted = total
		}
	})
}

// Refine: the group refines while any lane is active; a lane that hits a
// bad sample turns inactive for good and idles through later rounds.
// kernel(ok)
func Refine(samples [][]float64, out []float64) error {
	return spmd.Run(len(samples), func(l spmd.Lane) {
		s := samples[l.Index()]
		active := len(s) > 0
		k := 0
		acc := 0.0
		for spmd.Any(l, active) {
			if active {
				if s[k] < 0 {
					active = false
				} else {
					acc += s[k]
					k++
					active = k < len(s)
				}
			}
			l.Barrier()
		}
		out[l.Index()] = acc
	})
}

// RefineBug leaves the loop at a bad sample, so the lane skips both the
// barrier and the next vote.
// kernel(bug)
func RefineBug(samples [][]float64, out []float64) error {
	return spmd.Run(len(samples), func(l spmd.Lane) {
		s := samples[l.Index()]
		active := len(s) > 0
		k := 0
		acc := 0.0
		for spmd.Any(l, active) { // EXPECT
			if active {
				if s[k] < 0 {
					break
				}
				acc += s[k]
				k++
				active = k < len(s)
			}
			l.Barrier() // EXPECT
		}
		out[l.Index()] = acc
	})
}

// Filter counts, per round, the lanes whose next sample passes; idle
// lanes vote false rather than skip the count.
// kernel(ok)
func Filter(samples [][]float64, cut float64, passed []int) error {
	return spmd.Run(len(samples), func(l spmd.Lane) {
		s := samples[l.Index()]
		k := 0
		round := 0
		for spmd.Any(l, k < len(s)) {
			ok := false
			if k < len(s) {
				ok = s[k] >= cut
				k++
			}
			n := spmd.ReduceAdd(l, b2i(ok))
			if l.Index() == 0 {
				passed[round] = n
			}
			round++
		}
	})
}

// FilterBug skips to the next round for lanes that are done, so they miss
// the count.
// kernel(bug)
func FilterBug(samples [][]float64, cut float64, passed []int) error {
	return spmd.Run(len(samples), func(l spmd.Lane) {
		s := samples[l.Index()]
		k := 0
		round := 0
		for spmd.Any(l, k < len(s)) {
			if k >= len(s) {
				round++
				continue
			}
			ok := s[k] >= cut
			k++
			n := spmd.ReduceAdd(l, b2i(ok)) // EXPECT
			if l.Index() == 0 {
				passed[round] = n
			}
			round++
		}
	})
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
