package tempdiv

import "github.com/spmdvet/spmdvet/spmd"

// costAt interpolates a piecewise-linear cost curve at x.
func costAt(curve []float64, x float64) float64 {
	i := int(x)
	if i >= len(curve)-1 {
		return curve[len(curve)-1]
	}
	f := x - float64(i)
	return curve[i]*(1-f) + curve[i+1]*f
}

// QuotaLevel bisects a shared cost curve for the level where it reaches
// the group's quota, then syncs if that level is above the limit.
// kernel(ok)
func QuotaLevel(curve []float64, quota, limit float64, levels []float64) error {
	return spmd.Run(len(levels), func(l spmd.Lane) {
		lo, hi := 0.0, float64(len(curve)-1)
		var mid float64
		for {
			mid = (lo + hi) / 2
			if hi-lo < 1e-6 {
				break
			}
			if costAt(curve, mid) < quota {
				lo = mid
			} else {
				hi = mid
			}
		}
		levels[l.Index()] = mid
		if mid > limit {
			l.Barrier()
		}
	})
}

// QuotaLevelBug bisects for each lane's own quota: every lane halves the
// interval the same number of times, but the level it ends on is its own.
// kernel(bug)
func QuotaLevelBug(curve []float64, quotas []float64, limit float64, levels []float64) error {
	return spmd.Run(len(levels), func(l spmd.Lane) {
		lo, hi := 0.0, float64(len(curve)-1)
		var mid float64
		for {
			mid = (lo + hi) / 2
			if hi-lo < 1e-6 {
				break
			}
			if costAt(curve, mid) < quotas[l.Index()] {
				lo = mid
			} else {
				hi = mid
			}
		}
		levels[l.Index()] = mid
		if mid > limit {
			l.Barrier() // EXPECT
		}
	})
}

// firstAbove returns the index of the first element of xs above t, or
// len(xs).
func firstAbove(xs []float64, t float64) int {
	for i, x := range xs {
		if x > t {
			return i
		}
	}
	return len(xs)
}

// TierOf finds the tier of a shared threshold in a shared table; when it
// is the first tier, the group sums its loads.
// kernel(ok)
func TierOf(tiers []float64, thr float64, loads []float64, total *float64) error {
	return spmd.Run(len(loads), func(l spmd.Lane) {
		t := firstAbove(tiers, thr)
		if t == 0 {
			s := spmd.ReduceAdd(l, loads[l.Index()])
			if l.Index() == 0 {
				*total = s
			}
		}
	})
}

// TierOfBug looks up each lane's own load instead: the helper's loop
// returns at a different element in each lane.
// kernel(bug)
func TierOfBug(tiers []float64, loads []float64, total *float64) error {
	return spmd.Run(len(loads), func(l spmd.Lane) {
		t := firstAbove(tiers, loads[l.Index()])
		if t == 0 {
			s := spmd.ReduceAdd(l, loads[l.Index()]) // EXPECT
			if l.Index() == 0 {
				*total = s
			}
		}
	})
}

// SweepRowsBug repeats sweeps over the lane's row until the row holds no
// zero; lanes whose row is clean leave the sweep loop, so the barrier that
// ends each sweep is not reached by all.
// kernel(bug)
func SweepRowsBug(grid []int, w, maxPass int, passes []int) error {
	return spmd.Run(len(grid)/w, func(l spmd.Lane) {
		row := grid[l.Index()*w : (l.Index()+1)*w]
		pass := 0
		for ; pass < maxPass; pass++ {
			k := 0
			for k < w && row[k] != 0 {
				k++
			}
			if k == w {
				break
			}
			row[k] = pass + 1
			l.Barrier() // EXPECT
		}
		passes[l.Index()] = pass
	})
}

// SweepRows leaves the sweep loop only when every row is clean.
// kernel(ok)
func SweepRows(grid []int, w, maxPass int, passes []int) error {
	return spmd.Run(len(grid)/w, func(l spmd.Lane) {
		row := grid[l.Index()*w : (l.Index()+1)*w]
		pass := 0
		for ; pass < maxPass; pass++ {
			k := 0
			for k < w && row[k] != 0 {
				k++
			}
			if spmd.All(l, k == w) {
				break
			}
			if k < w {
				row[k] = pass + 1
			}
			l.Barrier()
		}
		passes[l.Index()] = pass
	})
}
