package ranges

import "github.com/spmdvet/spmdvet/spmd"

// Components labels the connected components of a graph, one node per
// lane, by propagating the least label until no label changes in the
// group: a do-while loop written with goto.
// kernel(ok)
func Components(adj [][]int, label []int, rounds *int) error {
	return spmd.Run(len(adj), func(l spmd.Lane) {
		i := l.Index()
		label[i] = i
		r := 0
		l.Barrier()
	again:
		best := label[i]
		for _, j := range adj[i] {
			best = min(best, label[j])
		}
		l.Barrier()
		changed := best < label[i]
		label[i] = best
		r++
		l.Barrier()
		if spmd.Any(l, changed) {
			goto again
		}
		if i == 0 {
			*rounds = r
		}
	})
}

// ComponentsBug repeats only in lanes whose own label changed.
// kernel(bug)
func ComponentsBug(adj [][]int, label []int, rounds *int) error {
	return spmd.Run(len(adj), func(l spmd.Lane) {
		i := l.Index()
		label[i] = i
		r := 0
		l.Barrier()
	again:
		best := label[i]
		for _, j := range adj[i] {
			best = min(best, label[j])
		}
		l.Barrier() // EXPECT
		changed := best < label[i]
		label[i] = best
		r++
		l.Barrier() // EXPECT
		if changed {
			goto again
		}
		if i == 0 {
			*rounds = r
		}
	})
}

const empty = -1

// Probe looks up each lane's key in a shared open-addressing table. The
// probe loop has two exits, at the key and at an empty slot, which meet
// before the group counts the hits.
// kernel(ok)
func Probe(table []int, keys []int, slots []int, hits *int) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		key := keys[l.Index()]
		slot := key % len(table)
		for range len(table) {
			switch table[slot] {
			case key:
				goto done
			case empty:
				slot = -1
				goto done
			}
			slot = (slot + 1) % len(table)
		}
		slot = -1
	done:
		slots[l.Index()] = slot
		found := 0
		if slot >= 0 {
			found = 1
		}
		n := spmd.ReduceAdd(l, found)
		if l.Index() == 0 {
			*hits = n
		}
	})
}

// ProbeBug counts the misses on the path of the empty-slot exit only.
// kernel(bug)
func ProbeBug(table []int, keys []int, slots []int, misses *int) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		key := keys[l.Index()]
		slot := key % len(table)
		for range len(table) {
			switch table[slot] {
			case key:
				goto hit
			case empty:
				goto miss
			}
			slot = (slot + 1) % len(table)
		}
	miss:
		slots[l.Index()] = -1
		if n := spmd.ReduceAdd(l, 1); l.Index() == 0 { // EXPECT
			*misses = n
		}
		return
	hit:
		slots[l.Index()] = slot
	})
}

// Compact keeps, in each round, the lane's sample clamped at zero, and
// then reduces the kept samples in order: every lane keeps as many.
// kernel(ok)
func Compact(samples []float64, rounds int, sums []float64) error {
	return spmd.Run(len(samples)/rounds, func(l spmd.Lane) {
		var kept []float64
		for k := range rounds {
			kept = append(kept, max(samples[k*l.Count()+l.Index()], 0))
		}
		for k, v := range kept {
			s := spmd.ReduceAdd(l, v)
			if l.Index() == 0 {
				sums[k] = s
			}
		}
	})
}

// CompactBug keeps only the positive samples, so lanes keep different
// numbers of them.
// kernel(bug)
func CompactBug(samples []float64, rounds int, sums []float64) error {
	return spmd.Run(len(samples)/rounds, func(l spmd.Lane) {
		var kept []float64
		for k := range rounds {
			if v := samples[k*l.Count()+l.Index()]; v > 0 {
				kept = append(kept, v)
			}
		}
		for k, v := range kept {
			s := spmd.ReduceAdd(l, v) // EXPECT
			if l.Index() == 0 {
				sums[k] = s
			}
		}
	})
}
