// Package rejection holds rejection-sampling kernels: each lane draws
// proposals from its own generator until one is accepted, so the number of
// tries differs from lane to lane, and the group meets before or after the
// loops to count, compact or combine the accepted samples.
package rejection

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

// PolarNormals fills out with standard normal samples, one per lane, by
// Marsaglia's polar method, and stores in *proposals how many points the
// group proposed in all. Each lane counts its own tries; the group adds
// them up once every lane has its sample.
//
// kernel(ok)
func PolarNormals(out []float64, seed uint64, proposals *int) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		tries := 0
		var u, v, s float64
		for {
			u, v = 2*r.Float64()-1, 2*r.Float64()-1
			s = u*u + v*v
			tries++
			if s > 0 && s < 1 {
				break
			}
		}
		out[l.Index()] = u * math.Sqrt(-2*math.Log(s)/s)
		total := spmd.ReduceAdd(l, tries)
		if l.Index() == 0 {
			*proposals = total
		}
	})
}

// PolarNormalsLiveCount counts the proposals of the group as they are
// made, one reduction per try, inside the rejection loop.
//
// kernel(bug)
func PolarNormalsLiveCount(out []float64, seed uint64, proposals *int) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		total := 0
		var u, v, s float64
		for {
			u, v = 2*r.Float64()-1, 2*r.Float64()-1
			s = u*u + v*v
			total += spmd.ReduceAdd(l, 1) // EXPECT
			if s > 0 && s < 1 {
				break
			}
		}
		out[l.Index()] = u * math.Sqrt(-2*math.Log(s)/s)
		if l.Index() == 0 {
			*proposals = total
		}
	})
}

// truncExpInverse maps u in [0, 1) to Exp(1) truncated to [0, cut) by
// inversion.
func truncExpInverse(u, cut float64) float64 {
	return -math.Log(1 - u*(1-math.Exp(-cut)))
}

// TruncatedExp draws Exp(1) samples truncated to [0, cut), one per lane,
// by rejection with at most budget tries; a lane that runs out of tries
// falls back to inversion. *fallbacks gets the number of lanes that fell
// back, counted by the whole group after the loop.
//
// kernel(ok)
func TruncatedExp(out []float64, cut float64, budget int, seed uint64, fallbacks *int) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		var x float64
		t := 0
		for ; t < budget; t++ {
			x = r.Exp()
			if x < cut {
				break
			}
		}
		exhausted := t == budget
		n := spmd.ReduceAdd(l, b2i(exhausted))
		if exhausted {
			x = truncExpInverse(r.Float64(), cut)
		}
		out[l.Index()] = x
		if l.Index() == 0 {
			*fallbacks = n
		}
	})
}

// TruncatedExpCountInBranch counts the fallbacks inside the fallback
// branch, which only the lanes whose loop ran out of tries take.
//
// kernel(bug)
func TruncatedExpCountInBranch(out []float64, cut float64, budget int, seed uint64, fallbacks *int) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		var x float64
		t := 0
		for ; t < budget; t++ {
			x = r.Exp()
			if x < cut {
				break
			}
		}
		if t == budget {
			n := spmd.ReduceAdd(l, 1) // EXPECT
			x = truncExpInverse(r.Float64(), cut)
			if l.Index() == 0 {
				*fallbacks = n
			}
		}
		out[l.Index()] = x
	})
}

// gammaTry makes one Marsaglia-Tsang proposal for Gamma(a, 1), a >= 1, and
// reports whether it is accepted.
func gammaTry(r *rng.XorShift, a float64) (float64, bool) {
	d := a - 1.0/3
	c := 1 / math.Sqrt(9*d)
	u1, u2 := r.Float64(), r.Float64()
	z := math.Sqrt(-2*math.Log(1-u1)) * math.Cos(2*math.Pi*u2)
	v := 1 + c*z
	if v <= 0 {
		return 0, false
	}
	v = v * v * v
	u := r.Float64()
	if math.Log(1-u) < 0.5*z*z+d-d*v+d*math.Log(v) {
		return d * v, true
	}
	return 0, false
}

// GammaSamples draws one Gamma(a, 1) sample per lane with at most budget
// tries (NaN when a lane's tries all fail) and stores the mean of the
// samples drawn in *mean. A lane that accepts leaves the loop with break,
// and every lane takes part in the mean.
//
// kernel(ok)
func GammaSamples(out []float64, a float64, budget int, seed uint64, mean *float64) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		out[i] = math.NaN()
		for range budget {
			if x, ok := gammaTry(&r, a); ok {
				out[i] = x
				break
			}
		}
		got := !math.IsNaN(out[i])
		v := 0.0
		if got {
			v = out[i]
		}
		sum := spmd.ReduceAdd(l, v)
		n := spmd.ReduceAdd(l, b2i(got))
		if i == 0 && n > 0 {
			*mean = sum / float64(n)
		}
	})
}

// GammaSamplesReturn returns from the kernel as soon as a lane's sample is
// accepted, so only the lanes that failed reach the mean.
//
// kernel(bug)
func GammaSamplesReturn(out []float64, a float64, budget int, seed uint64, mean *float64) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		out[i] = math.NaN()
		for range budget {
			if x, ok := gammaTry(&r, a); ok {
				out[i] = x
				return
			}
		}
		got := !math.IsNaN(out[i])
		v := 0.0
		if got {
			v = out[i]
		}
		sum := spmd.ReduceAdd(l, v)      // EXPECT
		n := spmd.ReduceAdd(l, b2i(got)) // EXPECT
		if i == 0 && n > 0 {
			*mean = sum / float64(n)
		}
	})
}

// DiskPoints draws a point of the unit disk per lane by rejection, lane i
// with at most budget[i] tries, and logs after each round how many lanes
// are still trying. The group runs as many rounds as the largest budget;
// a lane that is done or out of tries keeps meeting the others.
//
// kernel(ok)
func DiskPoints(xs, ys []float64, budget []int, seed uint64, pending *[]int) error {
	return spmd.Run(len(xs), func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		done := false
		rounds := spmd.ReduceMax(l, budget[i])
		for k := range rounds {
			if !done && k < budget[i] {
				x, y := 2*r.Float64()-1, 2*r.Float64()-1
				if x*x+y*y < 1 {
					xs[i], ys[i], done = x, y, true
				}
			}
			left := spmd.ReduceAdd(l, b2i(!done && k+1 < budget[i]))
			if i == 0 {
				*pending = append(*pending, left)
			}
			if left == 0 {
				break
			}
		}
	})
}

// DiskPointsOwnBudget runs each lane's loop for its own budget.
//
// kernel(bug)
func DiskPointsOwnBudget(xs, ys []float64, budget []int, seed uint64, pending *[]int) error {
	return spmd.Run(len(xs), func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		done := false
		for k := 0; k < budget[i]; k++ {
			if !done {
				x, y := 2*r.Float64()-1, 2*r.Float64()-1
				if x*x+y*y < 1 {
					xs[i], ys[i], done = x, y, true
				}
			}
			left := spmd.ReduceAdd(l, b2i(!done && k+1 < budget[i])) // EXPECT
			if i == 0 {
				*pending = append(*pending, left)
			}
			if left == 0 {
				break
			}
		}
	})
}

// DartThrow places one point per lane in its cell [i/n, (i+1)/n) so that
// neighbouring points are at least rmin apart (1-D Poisson-disk sampling).
// Even and odd cells take turns, so that a lane only checks neighbours
// that do not move this round; proposals are published in pos and the
// rounds are separated by barriers. Every lane runs every round until all
// are placed.
//
// kernel(ok)
func DartThrow(pos []float64, rmin float64, seed uint64, rounds *int) error {
	n := len(pos)
	placed := make([]bool, n)
	w := 1 / float64(n)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		done := false
		round := 0
		for ; !spmd.All(l, done); round++ {
			if !done && i%2 == round%2 {
				x := (float64(i) + r.Float64()) * w
				farLeft := i == 0 || !placed[i-1] || x-pos[i-1] >= rmin
				farRight := i == n-1 || !placed[i+1] || pos[i+1]-x >= rmin
				if farLeft && farRight {
					pos[i], placed[i], done = x, true, true
				}
			}
			l.Barrier()
		}
		if i == 0 {
			*rounds = round
		}
	})
}

// DartThrowUntilPlaced lets each lane leave the rounds once its own point
// is placed.
//
// kernel(bug)
func DartThrowUntilPlaced(pos []float64, rmin float64, seed uint64, rounds *int) error {
	n := len(pos)
	placed := make([]bool, n)
	w := 1 / float64(n)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		done := false
		round := 0
		for ; !done; round++ {
			if i%2 == round%2 {
				x := (float64(i) + r.Float64()) * w
				farLeft := i == 0 || !placed[i-1] || x-pos[i-1] >= rmin
				farRight := i == n-1 || !placed[i+1] || pos[i+1]-x >= rmin
				if farLeft && farRight {
					pos[i], placed[i], done = x, true, true
				}
			}
			l.Barrier() // EXPECT
		}
		if i == 0 {
			*rounds = round
		}
	})
}

// diskGroupRounds draws a point of the unit disk in every lane, the group
// proposing in rounds until every lane has one, and returns the lane's
// point and the number of points the group rejected.
func diskGroupRounds(l spmd.Lane, seed uint64) (x, y float64, rejected int) {
	r := rng.ForLane(seed, l.Index())
	in := false
	for !spmd.All(l, in) {
		if !in {
			x, y = 2*r.Float64()-1, 2*r.Float64()-1
			in = x*x+y*y < 1
			rejected += b2i(!in)
		}
	}
	return x, y, spmd.ReduceAdd(l, rejected)
}

// diskEachLane draws a point of the unit disk per lane, each lane looping
// until its own proposal is inside, and counts the group's rejections per
// round from inside that loop.
func diskEachLane(l spmd.Lane, seed uint64) (x, y float64, rejected int) {
	r := rng.ForLane(seed, l.Index())
	for {
		x, y = 2*r.Float64()-1, 2*r.Float64()-1
		in := x*x+y*y < 1
		rejected += spmd.ReduceAdd(l, b2i(!in)) // EXPECT
		if in {
			return x, y, rejected
		}
	}
}

// DiskRejections draws a disk point per lane with diskGroupRounds and
// stores the group's rejection count in *rejected.
//
// kernel(ok)
func DiskRejections(xs, ys []float64, seed uint64, rejected *int) error {
	return spmd.Run(len(xs), func(l spmd.Lane) {
		x, y, rej := diskGroupRounds(l, seed)
		xs[l.Index()], ys[l.Index()] = x, y
		if l.Index() == 0 {
			*rejected = rej
		}
	})
}

// DiskRejectionsPerLane is DiskRejections with diskEachLane, whose own
// loop exit depends on the lane.
//
// kernel(bug)
func DiskRejectionsPerLane(xs, ys []float64, seed uint64, rejected *int) error {
	return spmd.Run(len(xs), func(l spmd.Lane) {
		x, y, rej := diskEachLane(l, seed)
		xs[l.Index()], ys[l.Index()] = x, y
		if l.Index() == 0 {
			*rejected = rej
		}
	})
}

// metropolisShift proposes shifts s of all the lanes' positions from the
// generator r until the Metropolis rule at temperature temp accepts one
// for the total energy of the group, and returns it with the number of
// proposals. The lanes only agree on the proposals when they pass the
// same generator state.
func metropolisShift(l spmd.Lane, r rng.XorShift, x, temp float64, energy func(float64) float64) (float64, int) {
	e0 := spmd.ReduceAdd(l, energy(x))
	for tries := 1; ; tries++ {
		s := 0.5 * (r.Float64() - 0.5)
		e1 := spmd.ReduceAdd(l, energy(x+s))
		if e1 <= e0 || r.Float64() < math.Exp((e0-e1)/temp) {
			return s, tries
		}
	}
}

// AnnealShifts moves a cloud of points, one per lane, by group-wide
// Metropolis shifts for steps steps. The shifts come from a generator
// seeded alike in every lane.
//
// kernel(ok)
func AnnealShifts(xs []float64, steps int, temp float64, seed uint64, energy func(float64) float64) error {
	return spmd.Run(len(xs), func(l spmd.Lane) {
		x := xs[l.Index()]
		for k := range steps {
			s, _ := metropolisShift(l, rng.New(seed+uint64(k)), x, temp, energy)
			x += s
		}
		xs[l.Index()] = x
	})
}

// AnnealShiftsLaneStreams hands metropolisShift each lane's own stream.
//
// kernel(bug)
func AnnealShiftsLaneStreams(xs []float64, steps int, temp float64, seed uint64, energy func(float64) float64) error {
	return spmd.Run(len(xs), func(l spmd.Lane) {
		x := xs[l.Index()]
		for k := range steps {
			s, _ := metropolisShift(l, rng.ForLane(seed+uint64(k), l.Index()), x, temp, energy) // EXPECT
			x += s
		}
		xs[l.Index()] = x
	})
}

// AliasTable is Walker's alias table for a discrete distribution.
type AliasTable struct {
	Prob  []float64
	Alias []int
}

// AliasDraws draws one category per lane from the table and stores in
// *aliased how many lanes took the alias branch.
//
// kernel(ok)
func AliasDraws(out []int, t AliasTable, seed uint64, aliased *int) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		k := r.Intn(len(t.Prob))
		took := r.Float64() >= t.Prob[k]
		if took {
			k = t.Alias[k]
		}
		n := spmd.ReduceAdd(l, b2i(took))
		out[l.Index()] = k
		if l.Index() == 0 {
			*aliased = n
		}
	})
}

// AliasDrawsCountInBranch counts the aliased lanes inside the alias
// branch.
//
// kernel(bug)
func AliasDrawsCountInBranch(out []int, t AliasTable, seed uint64, aliased *int) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		k := r.Intn(len(t.Prob))
		if r.Float64() >= t.Prob[k] {
			k = t.Alias[k]
			n := spmd.ReduceAdd(l, 1) // EXPECT
			if l.Index() == 0 {
				*aliased = n
			}
		}
		out[l.Index()] = k
	})
}

// HalfCauchyBelow draws samples of |Cauchy| conditioned on being below cut,
// one per lane, by a goto retry loop, and stores the largest accepted
// sample of the group in *largest.
//
// kernel(ok)
func HalfCauchyBelow(out []float64, cut float64, seed uint64, largest *float64) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		var x float64
	retry:
		x = math.Abs(math.Tan(math.Pi * (r.Float64() - 0.5)))
		if x >= cut {
			goto retry
		}
		m := spmd.ReduceMax(l, x)
		out[l.Index()] = x
		if l.Index() == 0 {
			*largest = m
		}
	})
}

// HalfCauchyBelowTrackProposals tracks the largest proposal of the group
// (accepted or not) inside the retry loop.
//
// kernel(bug)
func HalfCauchyBelowTrackProposals(out []float64, cut float64, seed uint64, largest *float64) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		var x, m float64
	retry:
		x = math.Abs(math.Tan(math.Pi * (r.Float64() - 0.5)))
		m = max(m, spmd.ReduceMax(l, x)) // EXPECT
		if x >= cut {
			goto retry
		}
		out[l.Index()] = x
		if l.Index() == 0 {
			*largest = m
		}
	})
}

// GammaOrPanic draws one Gamma(a, 1) sample per lane with at most budget
// tries and stores the group mean in *mean. Running out of tries is a
// broken invariant of the caller (budget far too small for a), so the lane
// panics, which brings the whole kernel down.
//
// kernel(ok)
func GammaOrPanic(out []float64, a float64, budget int, seed uint64, mean *float64) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		t := 0
		for ; t < budget; t++ {
			if x, ok := gammaTry(&r, a); ok {
				out[i] = x
				break
			}
		}
		if t == budget {
			panic("rejection: gamma sampler ran out of tries")
		}
		sum := spmd.ReduceAdd(l, out[i])
		if i == 0 {
			*mean = sum / float64(l.Count())
		}
	})
}

// GammaOrPanicRecovered records the lanes that ran out of tries in failed
// by recovering their panic, which makes those lanes return from the
// kernel instead of stopping it.
//
// kernel(bug)
func GammaOrPanicRecovered(out []float64, a float64, budget int, seed uint64, mean *float64, failed []bool) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		i := l.Index()
		defer func() {
			if recover() != nil {
				failed[i] = true
			}
		}()
		r := rng.ForLane(seed, i)
		t := 0
		for ; t < budget; t++ {
			if x, ok := gammaTry(&r, a); ok {
				out[i] = x
				break
			}
		}
		if t == budget {
			panic("rejection: gamma sampler ran out of tries")
		}
		sum := spmd.ReduceAdd(l, out[i]) // EXPECT
		if i == 0 {
			*mean = sum / float64(l.Count())
		}
	})
}
