package tempdiv

import "github.com/spmdvet/spmdvet/spmd"

// PickLeader elects as leader the first live lane of a shared preference
// list and takes its value; every lane scans the same list.
// kernel(ok)
func PickLeader(prefs []int, alive []bool, vals []int, thr int, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		leader := -1
		for _, cand := range prefs {
			if alive[cand] {
				leader = cand
				break
			}
		}
		v := spmd.Broadcast(l, vals[l.Index()], leader)
		if v > thr {
			l.Barrier()
		}
		out[l.Index()] = v
	})
}

// PickLeaderBug lets no lane elect itself, so the leader lane picks the
// next candidate and leaves the scan one iteration later than the others.
// kernel(bug)
func PickLeaderBug(prefs []int, alive []bool, vals []int, thr int, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		leader := -1
		for _, cand := range prefs {
			if alive[cand] && cand != l.Index() {
				leader = cand
				break
			}
		}
		v := spmd.Broadcast(l, vals[l.Index()], leader)
		if v > thr {
			l.Barrier() // EXPECT
		}
		out[l.Index()] = v
	})
}

// SmoothPasses runs a fixed number of Jacobi passes on each lane's cell;
// the pass counter after the loop is the same everywhere and picks the
// lane whose residual is published.
// kernel(ok)
func SmoothPasses(cells []float64, passes int, res []float64) error {
	return spmd.Run(len(cells), func(l spmd.Lane) {
		i := l.Index()
		v := cells[i]
		k := 0
		for ; k < passes; k++ {
			v = 0.5*v + 0.25*(cells[(i+1)%len(cells)]+cells[(i+len(cells)-1)%len(cells)])
		}
		r := spmd.Broadcast(l, v, k%l.Count())
		if r > 1 {
			r = spmd.ReduceMax(l, v)
		}
		res[i] = r
	})
}

// SmoothPassesBug stops a lane's passes early once its cell settles, so
// the pass counter, and the lane it names, differ between lanes.
// kernel(bug)
func SmoothPassesBug(cells []float64, passes int, res []float64) error {
	return spmd.Run(len(cells), func(l spmd.Lane) {
		i := l.Index()
		v := cells[i]
		k := 0
		for ; k < passes && v > 0.5; k++ {
			v = 0.5*v + 0.25*(cells[(i+1)%len(cells)]+cells[(i+len(cells)-1)%len(cells)])
		}
		r := spmd.Broadcast(l, v, k%l.Count())
		if r > 1 {
			r = spmd.ReduceMax(l, v) // EXPECT
		}
		res[i] = r
	})
}

// BlockFirstAboveBug scans blocks of a shared array; in each block a lane
// advances to the first element above its own threshold and, if it found
// one, joins the block's sum.
// kernel(bug)
func BlockFirstAboveBug(data []float64, bs int, thr []float64, sums []float64) error {
	return spmd.Run(len(thr), func(l spmd.Lane) {
		nb := len(data) / bs
		for b := 0; b < nb; b++ {
			base := b * bs
			j := 0
			for j < bs && data[base+j] <= thr[l.Index()] {
				j++
			}
			if j < bs {
				s := spmd.ReduceAdd(l, data[base+j]) // EXPECT
				if l.Index() == 0 {
					sums[b] = s
				}
			}
		}
	})
}

// BlockFirstAbove is BlockFirstAboveBug with the sum taken by all lanes,
// the ones that found nothing adding zero.
// kernel(ok)
func BlockFirstAbove(data []float64, bs int, thr []float64, sums []float64) error {
	return spmd.Run(len(thr), func(l spmd.Lane) {
		nb := len(data) / bs
		for b := 0; b < nb; b++ {
			base := b * bs
			j := 0
			for j < bs && data[base+j] <= thr[l.Index()] {
				j++
			}
			v := 0.0
			if j < bs {
				v = data[base+j]
			}
			s := spmd.ReduceAdd(l, v)
			if l.Index() == 0 {
				sums[b] = s
			}
		}
	})
}

// BlockSyncOdd records in each block how far each lane got, then syncs
// after every odd block: the block number is the outer, uniform counter.
// kernel(ok)
func BlockSyncOdd(data []float64, bs int, thr []float64, pos []int) error {
	return spmd.Run(len(thr), func(l spmd.Lane) {
		nb := len(data) / bs
		for b := range nb {
			j := 0
			for j < bs && data[b*bs+j] <= thr[l.Index()] {
				j++
			}
			pos[b*len(thr)+l.Index()] = j
			if b%2 == 1 {
				l.Barrier()
			}
		}
	})
}

// BlockSyncOddBug syncs on the offset the inner scan reached instead.
// kernel(bug)
func BlockSyncOddBug(data []float64, bs int, thr []float64, pos []int) error {
	return spmd.Run(len(thr), func(l spmd.Lane) {
		nb := len(data) / bs
		for b := range nb {
			j := 0
			for j < bs && data[b*bs+j] <= thr[l.Index()] {
				j++
			}
			pos[b*len(thr)+l.Index()] = j
			if j%2 == 1 {
				l.Barrier() // EXPECT
			}
		}
	})
}
