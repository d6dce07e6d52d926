package carried

import "github.com/spmdvet/spmdvet/spmd"

// RedBlack sweeps a red-black schedule: odd (black) steps are not summed,
// for any lane; masked lanes accumulate on red steps. The group sums the
// accumulators after every red step.
// kernel(ok)
func RedBlack(x []float64, mask []bool, n int, sums []float64) error {
	return spmd.Run(len(x)/n, func(l spmd.Lane) {
		acc := 0.0
		for k := 0; k < n; k++ {
			if k%2 == 1 {
				continue
			}
			if mask[l.Index()*n+k] {
				acc += x[l.Index()*n+k]
			}
			s := spmd.ReduceAdd(l, acc)
			if l.Index() == 0 {
				sums[k] = s
			}
		}
	})
}

// RedBlackBug tests the black step inside the masked branch, so only
// masked lanes skip the sum.
// kernel(bug)
func RedBlackBug(x []float64, mask []bool, n int, sums []float64) error {
	return spmd.Run(len(x)/n, func(l spmd.Lane) {
		acc := 0.0
		for k := 0; k < n; k++ {
			if mask[l.Index()*n+k] {
				if k%2 == 1 {
					continue
				}
				acc += x[l.Index()*n+k]
			}
			s := spmd.ReduceAdd(l, acc) // EXPECT
			if l.Index() == 0 {
				sums[k] = s
			}
		}
	})
}

// Weigh counts each lane's positive samples and adds up the shared
// weights of all steps; the weight total is the same in every lane and
// decides whether the positives are summed.
// kernel(ok)
func Weigh(x, w []float64, t float64, pos *int) error {
	return spmd.Run(len(x)/len(w), func(l spmd.Lane) {
		n := len(w)
		p, total := 0, 0.0
		for k := range n {
			if x[l.Index()*n+k] > 0 {
				p++
			}
			total += w[k]
		}
		if total > t {
			if s := spmd.ReduceAdd(l, p); l.Index() == 0 {
				*pos = s
			}
		}
	})
}

// WeighBug adds the weights of the positive steps only.
// kernel(bug)
func WeighBug(x, w []float64, t float64, pos *int) error {
	return spmd.Run(len(x)/len(w), func(l spmd.Lane) {
		n := len(w)
		p, total := 0, 0.0
		for k := range n {
			if x[l.Index()*n+k] > 0 {
				p++
				total += w[k]
			}
		}
		if total > t {
			if s := spmd.ReduceAdd(l, p); l.Index() == 0 { // EXPECT
				*pos = s
			}
		}
	})
}

// Refine runs refinement passes with a barrier each; a pass may tighten
// the pass budget to the shared cap.
// kernel(ok)
func Refine(cells []float64, passes, budgetCap int, done []int) error {
	return spmd.Run(len(cells), func(l spmd.Lane) {
		limit := passes
		i := 0
		for ; i < limit; i++ {
			l.Barrier()
			cells[l.Index()] *= 0.5
			limit = min(limit, budgetCap)
		}
		done[l.Index()] = i
	})
}

// RefineBug tightens the budget to the lane's own cap: the first pass is
// uniform, the exit after it is not.
// kernel(bug)
func RefineBug(cells []float64, passes int, caps []int, done []int) error {
	return spmd.Run(len(cells), func(l spmd.Lane) {
		limit := passes
		i := 0
		for ; i < limit; i++ {
			l.Barrier() // EXPECT
			cells[l.Index()] *= 0.5
			limit = min(limit, caps[l.Index()])
		}
		done[l.Index()] = i
	})
}

// Diffuse averages each lane's value over the group a number of times,
// syncing whenever the average is above t.
// kernel(ok)
func Diffuse(x []float64, rounds int, t float64, syncs *int) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		v := x[l.Index()]
		n := 0
		for range rounds {
			v = spmd.ReduceAdd(l, v) / float64(l.Count())
			if v > t {
				l.Barrier()
				n++
			}
		}
		if l.Index() == 0 {
			*syncs = n
		}
	})
}

// DiffuseBug tests before averaging: on the first round the value is the
// lane's own.
// kernel(bug)
func DiffuseBug(x []float64, rounds int, t float64, syncs *int) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		v := x[l.Index()]
		n := 0
		for range rounds {
			if v > t {
				l.Barrier() // EXPECT
				n++
			}
			v = spmd.ReduceAdd(l, v) / float64(l.Count())
		}
		if l.Index() == 0 {
			*syncs = n
		}
	})
}

// Gossip accumulates, round by round, the value of lane k mod Count:
// every lane adds the same values.
// kernel(ok)
func Gossip(vals []int, rounds, t int, flag []bool) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		acc := 0
		for k := range rounds {
			acc += spmd.Broadcast(l, vals[l.Index()], k%l.Count())
		}
		if acc > t {
			l.Barrier()
			flag[l.Index()] = true
		}
	})
}

// GossipBug takes each round's value from the lane's k-th neighbour.
// kernel(bug)
func GossipBug(vals []int, rounds, t int, flag []bool) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		acc := 0
		for k := range rounds {
			acc += spmd.Broadcast(l, vals[l.Index()], (l.Index()+k)%l.Count())
		}
		if acc > t {
			l.Barrier() // EXPECT
			flag[l.Index()] = true
		}
	})
}
