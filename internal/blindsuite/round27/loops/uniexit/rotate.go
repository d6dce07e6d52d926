package uniexit

import (
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

// RotateRing passes each lane's items around the ring, one shuffle per
// step, for as many steps as the longest list; lanes with shorter lists
// pass zeros.
// kernel(ok)
func RotateRing(lists [][]int, got [][]int) error {
	return spmd.Run(len(lists), func(l spmd.Lane) {
		mine := lists[l.Index()]
		steps := spmd.ReduceMax(l, len(mine))
		from := (l.Index() + l.Count() - 1) % l.Count()
		for k := range steps {
			v := 0
			if k < len(mine) {
				v = mine[k]
			}
			got[l.Index()][k] = spmd.Shuffle(l, v, from)
		}
	})
}

// RotateRingBug steps through the lane's own list.
// kernel(bug)
func RotateRingBug(lists [][]int, got [][]int) error {
	return spmd.Run(len(lists), func(l spmd.Lane) {
		mine := lists[l.Index()]
		from := (l.Index() + l.Count() - 1) % l.Count()
		for k := range len(mine) {
			got[l.Index()][k] = spmd.Shuffle(l, mine[k], from) // EXPECT
		}
	})
}

// PowerStep runs power iterations on a shared 2x2 system per lane, and
// stops when lane 0's residual is small: the group follows lane 0.
// kernel(ok)
func PowerStep(starts []float64, tol float64, iters *int) error {
	return spmd.Run(len(starts), func(l spmd.Lane) {
		x := starts[l.Index()]
		res := 1.0
		it := 0
		for spmd.BroadcastFirst(l, res) > tol {
			nx := 0.5*x + 1
			res = math.Abs(nx - x)
			x = nx
			it++
			l.Barrier()
		}
		if l.Index() == 0 {
			*iters = it
		}
	})
}

// PowerStepBug stops each lane on its own residual.
// kernel(bug)
func PowerStepBug(starts []float64, tol float64, iters *int) error {
	return spmd.Run(len(starts), func(l spmd.Lane) {
		x := starts[l.Index()]
		res := 1.0
		it := 0
		for res > tol {
			nx := 0.5*x + 1
			res = math.Abs(nx - x)
			x = nx
			it++
			l.Barrier() // EXPECT
		}
		if l.Index() == 0 {
			*iters = it
		}
	})
}

// Gather: rounds continue while any lane has more input and the round
// budget lasts; the vote comes first, so every lane takes it.
// kernel(ok)
func Gather(inputs [][]int, maxRounds int, sum []int) error {
	return spmd.Run(len(inputs), func(l spmd.Lane) {
		in := inputs[l.Index()]
		k, rounds := 0, 0
		for spmd.Any(l, k < len(in)) && rounds < maxRounds {
			v := 0
			if k < len(in) {
				v = in[k]
				k++
			}
			s := spmd.ReduceAdd(l, v)
			if l.Index() == 0 {
				sum[rounds] = s
			}
			rounds++
		}
	})
}

// GatherBug puts the lane's own test first: a lane without more input
// skips the vote.
// kernel(bug)
func GatherBug(inputs [][]int, maxRounds int, sum []int) error {
	return spmd.Run(len(inputs), func(l spmd.Lane) {
		in := inputs[l.Index()]
		k, rounds := 0, 0
		for k < len(in) && spmd.Any(l, rounds < maxRounds) { // EXPECT
			v := in[k]
			k++
			s := spmd.ReduceAdd(l, v) // EXPECT
			if l.Index() == 0 {
				sum[rounds] = s
			}
			rounds++
		}
	})
}

// Settle halves each lane's particle position until the farthest one is
// within eps: the loop exits on the reduced distance.
// kernel(ok)
func Settle(pos []float64, eps float64, steps *int, far *float64) error {
	return spmd.Run(len(pos), func(l spmd.Lane) {
		p := pos[l.Index()]
		n := 0
		var f float64
		for {
			f = spmd.ReduceMax(l, math.Abs(p))
			if f <= eps {
				break
			}
			p *= 0.5
			n++
		}
		pos[l.Index()] = p
		if l.Index() == 0 {
			*steps, *far = n, f
		}
	})
}

// SettleBug reduces the distance but exits on the lane's own.
// kernel(bug)
func SettleBug(pos []float64, eps float64, steps *int, far *float64) error {
	return spmd.Run(len(pos), func(l spmd.Lane) {
		p := pos[l.Index()]
		n := 0
		var f float64
		for {
			f = spmd.ReduceMax(l, math.Abs(p)) // EXPECT
			if math.Abs(p) <= eps {
				break
			}
			p *= 0.5
			n++
		}
		pos[l.Index()] = p
		if l.Index() == 0 {
			*steps, *far = n, f
		}
	})
}
