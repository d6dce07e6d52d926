// Package integrate holds Monte Carlo integration kernels: every lane draws
// its own samples and the group combines them with reductions, once at the
// end or every K samples (progressive estimates, stopping rules,
// checkpoints).
package integrate

import (
	"math"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round34/montecarlo/rng"
	"github.com/spmdvet/spmdvet/spmd"
)

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func frac(x float64) float64 { return x - math.Floor(x) }

// Adaptive estimates the integral of f over [0, 1) by plain Monte Carlo in
// batches of k samples per lane. After each batch the group sums what it
// has and stops once the standard error of the group estimate is below tol
// (or after maxBatches). *est gets the estimate, *stderr its standard
// error and *batches the number of batches run.
//
// kernel(ok)
func Adaptive(lanes, k, maxBatches int, tol float64, seed uint64, f func(float64) float64, est, stderr *float64, batches *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		var s, s2 float64
		for b := 1; b <= maxBatches; b++ {
			for range k {
				v := f(r.Float64())
				s += v
				s2 += v * v
			}
			sum := spmd.ReduceAdd(l, s)
			sum2 := spmd.ReduceAdd(l, s2)
			n := float64(b * k * l.Count())
			mean := sum / n
			se := math.Sqrt((sum2/n - mean*mean) / n)
			if l.Index() == 0 {
				*est, *stderr, *batches = mean, se, b
			}
			if se < tol {
				break
			}
		}
	})
}

// AdaptiveOwnError stops each lane on its own standard error instead of
// the group's.
//
// kernel(bug)
func AdaptiveOwnError(lanes, k, maxBatches int, tol float64, seed uint64, f func(float64) float64, est, stderr *float64, batches *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		var s, s2 float64
		for b := 1; b <= maxBatches; b++ {
			for range k {
				v := f(r.Float64())
				s += v
				s2 += v * v
			}
			sum := spmd.ReduceAdd(l, s)   // EXPECT
			sum2 := spmd.ReduceAdd(l, s2) // EXPECT
			n := float64(b * k * l.Count())
			mean := sum / n
			if l.Index() == 0 {
				*est, *stderr, *batches = mean, math.Sqrt((sum2/n-mean*mean)/n), b
			}
			nl := float64(b * k)
			ml := s / nl
			if math.Sqrt((s2/nl-ml*ml)/nl) < tol {
				break
			}
		}
	})
}

// Progressive evaluates f at the points xs, the lanes taking Count points
// per round, and records in progress[round] the running sum of f over the
// points of rounds 0 to round. The lanes past the end of xs in the last
// round add zero.
//
// kernel(ok)
func Progressive(xs []float64, lanes int, f func(float64) float64, progress []float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		rounds := (len(xs) + l.Count() - 1) / l.Count()
		running := 0.0
		for round := range rounds {
			v := 0.0
			if j := round*l.Count() + i; j < len(xs) {
				v = f(xs[j])
			}
			running += spmd.ReduceAdd(l, v)
			if i == 0 {
				progress[round] = running
			}
		}
	})
}

// ProgressiveGridStride walks xs with the grid-stride loop, whose trip
// count differs between lanes when len(xs) is not a multiple of Count.
//
// kernel(bug)
func ProgressiveGridStride(xs []float64, lanes int, f func(float64) float64, progress []float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		running := 0.0
		for j := i; j < len(xs); j += l.Count() {
			running += spmd.ReduceAdd(l, f(xs[j])) // EXPECT
			if i == 0 {
				progress[j/l.Count()] = running
			}
		}
	})
}

// Stratified integrates f over [0, 1) with one stratum per lane, of width
// 1/Count, lane i drawing counts[i] samples in its stratum (Neyman
// allocation). Every k rounds the group checkpoints its current estimate
// into *checkpoints; the rounds run to the largest count, lanes whose
// count is reached keep their estimate. *est gets the final estimate.
//
// kernel(ok)
func Stratified(counts []int, k int, seed uint64, f func(float64) float64, checkpoints *[]float64, est *float64) error {
	return spmd.Run(len(counts), func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		w := 1 / float64(l.Count())
		lo := float64(i) * w
		acc, n := 0.0, 0
		rounds := spmd.ReduceMax(l, counts[i])
		for round := range rounds {
			if round < counts[i] {
				acc += f(lo + w*r.Float64())
				n++
			}
			if round%k == k-1 {
				cp := spmd.ReduceAdd(l, w*acc/float64(n))
				if i == 0 {
					*checkpoints = append(*checkpoints, cp)
				}
			}
		}
		total := spmd.ReduceAdd(l, w*acc/float64(n))
		if i == 0 {
			*est = total
		}
	})
}

// StratifiedOwnCount runs each lane's loop to its own count, with the
// checkpoints inside it.
//
// kernel(bug)
func StratifiedOwnCount(counts []int, k int, seed uint64, f func(float64) float64, checkpoints *[]float64, est *float64) error {
	return spmd.Run(len(counts), func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		w := 1 / float64(l.Count())
		lo := float64(i) * w
		acc, n := 0.0, 0
		for round := range counts[i] {
			acc += f(lo + w*r.Float64())
			n++
			if round%k == k-1 {
				cp := spmd.ReduceAdd(l, w*acc/float64(n)) // EXPECT
				if i == 0 {
					*checkpoints = append(*checkpoints, cp)
				}
			}
		}
		total := spmd.ReduceAdd(l, w*acc/float64(n))
		if i == 0 {
			*est = total
		}
	})
}

// SelfNormalized estimates E_p[h] for the density p known up to a
// constant by self-normalized importance sampling from the proposal
// Uniform(-a, a): each lane draws m samples, and the group divides the sum
// of the weighted h by the sum of the weights. A lane whose samples all
// miss the support of p adds zeros.
//
// kernel(ok)
func SelfNormalized(lanes, m int, a float64, seed uint64, p, h func(float64) float64, est *float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		var sw, swh float64
		for range m {
			x := a * (2*r.Float64() - 1)
			w := p(x)
			sw += w
			swh += w * h(x)
		}
		num := spmd.ReduceAdd(l, swh)
		den := spmd.ReduceAdd(l, sw)
		if l.Index() == 0 {
			*est = num / den
		}
	})
}

// SelfNormalizedSkipMisses returns early from the lanes whose samples all
// missed the support.
//
// kernel(bug)
func SelfNormalizedSkipMisses(lanes, m int, a float64, seed uint64, p, h func(float64) float64, est *float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		var sw, swh float64
		for range m {
			x := a * (2*r.Float64() - 1)
			w := p(x)
			sw += w
			swh += w * h(x)
		}
		if sw == 0 {
			return
		}
		num := spmd.ReduceAdd(l, swh) // EXPECT
		den := spmd.ReduceAdd(l, sw)  // EXPECT
		if l.Index() == 0 {
			*est = num / den
		}
	})
}

// Antithetic integrates f over [0, 1) with antithetic pairs: each round,
// even lanes draw u and odd lanes use 1-u of their even partner, fetched
// with ShuffleXor by every lane. The group must have an even number of
// lanes.
//
// kernel(ok)
func Antithetic(lanes, rounds int, seed uint64, f func(float64) float64, est *float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		s := 0.0
		for range rounds {
			u := r.Float64()
			partner := spmd.ShuffleXor(l, u, 1)
			if i&1 == 1 {
				u = 1 - partner
			}
			s += f(u)
		}
		total := spmd.ReduceAdd(l, s)
		if i == 0 {
			*est = total / float64(rounds*l.Count())
		}
	})
}

// AntitheticOddFetch fetches the partner's draw only in the odd lanes,
// which are the ones that use it.
//
// kernel(bug)
func AntitheticOddFetch(lanes, rounds int, seed uint64, f func(float64) float64, est *float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		s := 0.0
		for range rounds {
			u := r.Float64()
			if i&1 == 1 {
				u = 1 - spmd.ShuffleXor(l, u, 1) // EXPECT
			}
			s += f(u)
		}
		total := spmd.ReduceAdd(l, s)
		if i == 0 {
			*est = total / float64(rounds*l.Count())
		}
	})
}

// Accumulator keeps running sums of samples in one lane.
type Accumulator struct {
	Sum, SumSq float64
	N          int
}

// Add records the sample v.
func (a *Accumulator) Add(v float64) {
	a.Sum += v
	a.SumSq += v * v
	a.N++
}

// Flush adds up the accumulators of all lanes, resets this lane's, and
// returns the group's totals.
func (a *Accumulator) Flush(l spmd.Lane) Accumulator {
	t := Accumulator{
		Sum:   spmd.ReduceAdd(l, a.Sum),
		SumSq: spmd.ReduceAdd(l, a.SumSq),
		N:     spmd.ReduceAdd(l, a.N),
	}
	*a = Accumulator{}
	return t
}

// DiskAverage estimates the average of f over the unit disk by sampling
// the square [-1, 1)^2 and keeping the points inside the disk. Every k
// draws the group flushes its accumulators into the totals (and lane 0
// logs the running mean in *means); a last flush takes the rest.
//
// kernel(ok)
func DiskAverage(lanes, draws, k int, seed uint64, f func(x, y float64) float64, means *[]float64, mean *float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		var acc, tot Accumulator
		for d := range draws {
			x, y := 2*r.Float64()-1, 2*r.Float64()-1
			if x*x+y*y < 1 {
				acc.Add(f(x, y))
			}
			if d%k == k-1 {
				t := acc.Flush(l)
				tot.Sum, tot.N = tot.Sum+t.Sum, tot.N+t.N
				if l.Index() == 0 {
					*means = append(*means, tot.Sum/float64(tot.N))
				}
			}
		}
		t := acc.Flush(l)
		tot.Sum, tot.N = tot.Sum+t.Sum, tot.N+t.N
		if l.Index() == 0 {
			*mean = tot.Sum / float64(tot.N)
		}
	})
}

// DiskAverageFlushFull flushes when a lane's accumulator holds k samples,
// which happens after a different number of draws in each lane.
//
// kernel(bug)
func DiskAverageFlushFull(lanes, draws, k int, seed uint64, f func(x, y float64) float64, means *[]float64, mean *float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		var acc, tot Accumulator
		for range draws {
			x, y := 2*r.Float64()-1, 2*r.Float64()-1
			if x*x+y*y < 1 {
				acc.Add(f(x, y))
			}
			if acc.N == k {
				t := acc.Flush(l) // EXPECT
				tot.Sum, tot.N = tot.Sum+t.Sum, tot.N+t.N
				if l.Index() == 0 {
					*means = append(*means, tot.Sum/float64(tot.N))
				}
			}
		}
		t := acc.Flush(l)
		tot.Sum, tot.N = tot.Sum+t.Sum, tot.N+t.N
		if l.Index() == 0 {
			*mean = tot.Sum / float64(tot.N)
		}
	})
}

// Integrand is one of several functions integrated on the same samples;
// for those with TrackPeak the group also finds the largest value seen.
type Integrand struct {
	F         func(float64) float64
	TrackPeak bool
}

// Several integrates the integrands fs over [0, 1) on the same m samples
// per lane, in the order given by names, into means (and peaks for the
// integrands that track them).
//
// kernel(ok)
func Several(lanes, m int, seed uint64, names []string, fs map[string]Integrand, means, peaks map[string]float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		xs := make([]float64, m)
		for j := range xs {
			xs[j] = r.Float64()
		}
		for _, name := range names {
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

// SeveralMapOrder ranges over the map of integrands itself, so each lane
// visits them in its own order.
//
// kernel(bug)
func SeveralMapOrder(lanes, m int, seed uint64, names []string, fs map[string]Integrand, means, peaks map[string]float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		xs := make([]float64, m)
		for j := range xs {
			xs[j] = r.Float64()
		}
		for name, it := range fs {
			s, pk := 0.0, math.Inf(-1)
			for _, x := range xs {
				v := it.F(x)
				s += v
				pk = max(pk, v)
			}
			tot := spmd.ReduceAdd(l, s)
			if it.TrackPeak {
				pk = spmd.ReduceMax(l, pk) // EXPECT
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

// ShiftedLattice integrates f over [0, 1) with reps randomly shifted
// copies of the rank-1 lattice of Count points (randomized QMC). The shift
// of each copy is lane 0's draw; values above limit are treated as
// outliers and count as zero. ests[rep] gets each copy's estimate.
//
// kernel(ok)
func ShiftedLattice(lanes, reps int, limit float64, seed uint64, f func(float64) float64, ests []float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		base := float64(i) / float64(l.Count())
		for rep := range reps {
			shift := spmd.BroadcastFirst(l, r.Float64())
			v := f(frac(base + shift))
			if v > limit {
				v = 0
			}
			tot := spmd.ReduceAdd(l, v)
			if i == 0 {
				ests[rep] = tot / float64(l.Count())
			}
		}
	})
}

// ShiftedLatticeSkipOutliers skips the rest of the copy in a lane whose
// value is an outlier.
//
// kernel(bug)
func ShiftedLatticeSkipOutliers(lanes, reps int, limit float64, seed uint64, f func(float64) float64, ests []float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		base := float64(i) / float64(l.Count())
		for rep := range reps {
			shift := spmd.BroadcastFirst(l, r.Float64())
			v := f(frac(base + shift))
			if v > limit {
				continue
			}
			tot := spmd.ReduceAdd(l, v) // EXPECT
			if i == 0 {
				ests[rep] = tot / float64(l.Count())
			}
		}
	})
}

// batches is a kernel: it draws batches batches of k samples of f per lane
// and stores each batch's group estimate in est.
//
//spmd:kernel
func batches(l spmd.Lane, f func(float64) float64, nb, k int, seed uint64, est []float64) {
	r := rng.ForLane(seed, l.Index())
	for b := range nb {
		s := 0.0
		for range k {
			s += f(r.Float64())
		}
		tot := spmd.ReduceAdd(l, s)
		if l.Index() == 0 {
			est[b] = tot / float64(k*l.Count())
		}
	}
}

// Batches runs the batches kernel.
//
// kernel(ok)
func Batches(lanes, nb, k int, seed uint64, f func(float64) float64, est []float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		batches(l, f, nb, k, seed, est)
	})
}

// BatchesLeftover spreads a leftover of extra batches over the first
// lanes, giving them one batch more.
//
// kernel(bug)
func BatchesLeftover(lanes, nb, extra, k int, seed uint64, f func(float64) float64, est []float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		batches(l, f, nb+b2i(l.Index() < extra), k, seed, est) // EXPECT
	})
}
