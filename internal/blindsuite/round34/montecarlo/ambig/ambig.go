// Package ambig holds Monte Carlo kernels whose right answer under the
// spmdvet rules is unclear to the author of this suite; REPORT.md gives a
// guess for each. No line here is marked.
package ambig

import (
	"maps"
	"math"
	"slices"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round34/montecarlo/rng"
	"github.com/spmdvet/spmdvet/spmd"
)

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// SyncedCoinSmooth seeds each lane's generator from its lane, then syncs
// all of them to lane 0's with Sync before the rounds of a randomized
// smoother: from the sync on, every lane draws the same coins. (A1)
//
// kernel(ambig)
func SyncedCoinSmooth(data []float64, rounds int, p float64, seed uint64) error {
	n := len(data)
	tmp := make([]float64, n)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		r.Sync(l)
		for range rounds {
			if r.Bernoulli(p) {
				tmp[i] = (data[max(i-1, 0)] + data[i] + data[min(i+1, n-1)]) / 3
				l.Barrier()
				data[i] = tmp[i]
				l.Barrier()
			}
		}
	})
}

// DiskRoundsLog draws a point of the unit disk per lane in group rounds
// (until every lane has one); lanes that are done continue to the next
// round. Every k rounds the group logs how many lanes are still drawing.
// round is incremented by every lane before the continue. (A2)
//
// kernel(ambig)
func DiskRoundsLog(xs, ys []float64, k int, seed uint64, log *[]int) error {
	return spmd.Run(len(xs), func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		done := false
		round := 0
		for !spmd.All(l, done) {
			if round%k == 0 {
				n := spmd.ReduceAdd(l, b2i(!done))
				if i == 0 {
					*log = append(*log, n)
				}
			}
			round++
			if done {
				continue
			}
			x, y := 2*r.Float64()-1, 2*r.Float64()-1
			if x*x+y*y < 1 {
				xs[i], ys[i], done = x, y, true
			}
		}
	})
}

// laneMeans is a kernel: each lane averages k samples of f, and the group
// averages the lanes' means into *est.
//
//spmd:kernel
func laneMeans(l spmd.Lane, f func(float64) float64, k int, seed uint64, est *float64) {
	r := rng.ForLane(seed, l.Index())
	s := 0.0
	for range k {
		s += f(r.Float64())
	}
	tot := spmd.ReduceAdd(l, s/float64(k))
	if l.Index() == 0 {
		*est = tot / float64(l.Count())
	}
}

// UnevenSamples calls the laneMeans kernel with k samples in even lanes and
// k+1 in odd ones: the argument is lane-dependent, but k only sizes a loop
// without collectives, and the mean of means stays right. (A3)
//
// kernel(ambig)
func UnevenSamples(lanes, k int, seed uint64, f func(float64) float64, est *float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		laneMeans(l, f, k+l.Index()%2, seed, est)
	})
}

// Integrand is one of several functions integrated on the same samples.
type Integrand struct {
	F         func(float64) float64
	TrackPeak bool
}

// SeveralSorted integrates the integrands of fs in the order of their
// sorted names, slices.Sorted(maps.Keys(fs)): the same order in every
// lane, though it comes from a map. (A4)
//
// kernel(ambig)
func SeveralSorted(lanes, m int, seed uint64, fs map[string]Integrand, means, peaks map[string]float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		xs := make([]float64, m)
		for j := range xs {
			xs[j] = r.Float64()
		}
		for _, name := range slices.Sorted(maps.Keys(fs)) {
			it := fs[name]
			s, pk := 0.0, math.Inf(-1)
			for _, x := range xs {
				v := it.F(x)
				s += v
				pk = max(pk, v)
			}
			tot := spmd.ReduceAdd(l, s)
			if it.TrackPeak {
				pk = spmd.ReduceMax(l, pk)
			}
			if l.Index() == 0 {
				means[name] = tot / float64(m*l.Count())
				if it.TrackPeak {
					peaks[name] = pk
				}
			}
		}
	})
}

// Coin is a biased coin with its own generator.
type Coin struct {
	rng.XorShift
}

// Retry flips the coin until it shows heads (probability p) and returns
// the number of flips; after every tails the group logs how many lanes
// flipped tails in that attempt. The loop depends on the coin's state.
func (c *Coin) Retry(l spmd.Lane, p float64, log *[]int) int {
	tries := 1
	for !c.Bernoulli(p) {
		n := spmd.ReduceAdd(l, 1)
		if l.Index() == 0 {
			*log = append(*log, n)
		}
		tries++
	}
	return tries
}

// RetryLaneCoins gives every lane a coin seeded from its lane, a local
// variable of the lane, and calls Retry on it. (A5)
//
// kernel(ambig)
func RetryLaneCoins(tries []int, p float64, seed uint64, log *[]int) error {
	return spmd.Run(len(tries), func(l spmd.Lane) {
		c := Coin{rng.ForLane(seed, l.Index())}
		tries[l.Index()] = c.Retry(l, p, log)
	})
}

// RetrySharedCoins gives every lane a coin seeded alike, a local variable
// of the lane whose contents are the same in every lane, and calls Retry
// on it. (A5')
//
// kernel(ambig)
func RetrySharedCoins(tries []int, p float64, seed uint64, log *[]int) error {
	return spmd.Run(len(tries), func(l spmd.Lane) {
		c := Coin{rng.New(seed)}
		tries[l.Index()] = c.Retry(l, p, log)
	})
}

// TruncExpRenorm draws Exp(1) truncated to [0, cut) by rejection, one per
// lane. The acceptance probability is (re)computed inside the rejection
// loop from cut alone; after the loop, when it is low, the group rescales
// the samples by their mean. (A6)
//
// kernel(ambig)
func TruncExpRenorm(out []float64, cut float64, seed uint64) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		var x, accept float64
		for {
			accept = 1 - math.Exp(-cut)
			x = r.Exp()
			if x < cut {
				break
			}
		}
		if accept < 0.5 {
			mean := spmd.ReduceAdd(l, x) / float64(l.Count())
			x /= mean
		}
		out[l.Index()] = x
	})
}

// walker keeps a particle's position, its own generator and a copy of the
// group generator.
type walker struct {
	pos        float64
	own, group rng.XorShift
}

// RecenterWalkers moves one walker per lane; the group recenters at random
// steps decided by the walker's group field, seeded alike in every lane,
// while the own field is seeded from the lane. (A7)
//
// kernel(ambig)
func RecenterWalkers(x []float64, steps int, pc float64, seed uint64) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		w := walker{pos: x[i], own: rng.ForLane(seed, i), group: rng.New(seed)}
		for range steps {
			w.pos += w.own.Float64() - 0.5
			if w.group.Bernoulli(pc) {
				mean := spmd.ReduceAdd(l, w.pos) / float64(l.Count())
				w.pos -= mean
			}
		}
		x[i] = w.pos
	})
}

// RecenterWalkersArray is RecenterWalkers with the two generators in a
// local array, gens[0] shared and gens[1] the lane's own. (A8)
//
// kernel(ambig)
func RecenterWalkersArray(x []float64, steps int, pc float64, seed uint64) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		gens := [2]rng.XorShift{rng.New(seed), rng.ForLane(seed, i)}
		pos := x[i]
		for range steps {
			pos += gens[1].Float64() - 0.5
			if gens[0].Bernoulli(pc) {
				mean := spmd.ReduceAdd(l, pos) / float64(l.Count())
				pos -= mean
			}
		}
		x[i] = pos
	})
}

// refine integrates f over lane's cell [lo, hi) with n samples, splitting
// the cell in two and recursing while the sample spread is above tol and
// depth allows; at every call the group counts the cells being refined.
func refine(l spmd.Lane, r *rng.XorShift, f func(float64) float64, lo, hi, tol float64, n, depth int, cells *[]int) float64 {
	c := spmd.ReduceAdd(l, 1)
	if l.Index() == 0 {
		*cells = append(*cells, c)
	}
	s, s2 := 0.0, 0.0
	for range n {
		v := f(lo + (hi-lo)*r.Float64())
		s += v
		s2 += v * v
	}
	mean := s / float64(n)
	if depth > 0 && math.Sqrt(s2/float64(n)-mean*mean) > tol {
		mid := (lo + hi) / 2
		return refine(l, r, f, lo, mid, tol, n, depth-1, cells) + refine(l, r, f, mid, hi, tol, n, depth-1, cells)
	}
	return mean * (hi - lo)
}

// RecursiveStrata integrates f over [0, 1) with one cell per lane, each
// lane refining its cell recursively (MISER-like) where f varies. (A9)
//
// kernel(ambig)
func RecursiveStrata(lanes, n, depth int, tol float64, seed uint64, f func(float64) float64, est *float64, cells *[]int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		w := 1 / float64(l.Count())
		lo := float64(l.Index()) * w
		v := refine(l, &r, f, lo, lo+w, tol, n, depth, cells)
		tot := spmd.ReduceAdd(l, v)
		if l.Index() == 0 {
			*est = tot
		}
	})
}
