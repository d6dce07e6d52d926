package rng

import (
	"math"
	"math/bits"
	"slices"

	"github.com/spmdvet/spmdvet/spmd"
)

func frac(x float64) float64 { return x - math.Floor(x) }

// StochasticSmooth runs rounds of a randomized smoother over data, one
// element per lane: in each round, with probability p, the group applies a
// 3-point averaging pass. The coin comes from a generator seeded alike in
// every lane, so the whole group takes the same decision.
//
// kernel(ok)
func StochasticSmooth(data []float64, rounds int, p float64, seed uint64) error {
	n := len(data)
	tmp := make([]float64, n)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		r := New(seed)
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

// StochasticSmoothPerLane is StochasticSmooth with the coin drawn from each
// lane's own stream: lanes disagree on whether to smooth.
//
// kernel(bug)
func StochasticSmoothPerLane(data []float64, rounds int, p float64, seed uint64) error {
	n := len(data)
	tmp := make([]float64, n)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		r := ForLane(seed, i)
		for range rounds {
			if r.Bernoulli(p) {
				tmp[i] = (data[max(i-1, 0)] + data[i] + data[min(i+1, n-1)]) / 3
				l.Barrier() // EXPECT
				data[i] = tmp[i]
				l.Barrier() // EXPECT
			}
		}
	})
}

// HillClimbRestarts minimizes f over [0, 1) with one randomized climber per
// lane. After each step the group may, with probability pRestart, move every
// climber to the best point of the group; that coin is lane 0's draw,
// broadcast by Shared. It returns the best point found and its value.
//
// kernel(ok)
func HillClimbRestarts(lanes, steps int, pRestart float64, seed uint64, f func(float64) float64) (bestX, bestF float64, err error) {
	err = spmd.Run(lanes, func(l spmd.Lane) {
		r := ForLane(seed, l.Index())
		x := r.Float64()
		fx := f(x)
		for range steps {
			y := frac(x + 0.1*(r.Float64()-0.5))
			if fy := f(y); fy < fx {
				x, fx = y, fy
			}
			if r.Shared(l) < pRestart {
				best := spmd.ReduceMin(l, fx)
				winner := bits.TrailingZeros64(spmd.Ballot(l, fx == best))
				x = spmd.Broadcast(l, x, winner)
				fx = best
			}
		}
		best := spmd.ReduceMin(l, fx)
		winner := bits.TrailingZeros64(spmd.Ballot(l, fx == best))
		if l.Index() == winner {
			bestX, bestF = x, fx
		}
	})
	return bestX, bestF, err
}

// HillClimbRestartsLocalCoin is HillClimbRestarts with the restart coin
// drawn from the lane's own stream instead of the shared one.
//
// kernel(bug)
func HillClimbRestartsLocalCoin(lanes, steps int, pRestart float64, seed uint64, f func(float64) float64) (bestX, bestF float64, err error) {
	err = spmd.Run(lanes, func(l spmd.Lane) {
		r := ForLane(seed, l.Index())
		x := r.Float64()
		fx := f(x)
		for range steps {
			y := frac(x + 0.1*(r.Float64()-0.5))
			if fy := f(y); fy < fx {
				x, fx = y, fy
			}
			if r.Float64() < pRestart {
				best := spmd.ReduceMin(l, fx)                              // EXPECT
				winner := bits.TrailingZeros64(spmd.Ballot(l, fx == best)) // EXPECT
				x = spmd.Broadcast(l, x, winner)                           // EXPECT
				fx = best
			}
		}
		best := spmd.ReduceMin(l, fx)
		winner := bits.TrailingZeros64(spmd.Ballot(l, fx == best))
		if l.Index() == winner {
			bestX, bestF = x, fx
		}
	})
	return bestX, bestF, err
}

// LatticeAvoiding fills out with a rank-1 lattice of len(out) points in
// [0, 1) under a random shift common to the group (Cranley-Patterson
// rotation). While some point falls into the excluded interval [lo, hi), a
// singularity of the integrand, the whole group redraws the shift.
//
// kernel(ok)
func LatticeAvoiding(out []float64, lo, hi float64, seed uint64) error {
	n := len(out)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		r := ForLane(seed, i)
		base := float64(i) / float64(n)
		x := frac(base + r.Shared(l))
		for spmd.Any(l, lo <= x && x < hi) {
			x = frac(base + r.Shared(l))
		}
		out[i] = x
	})
}

// LatticeAvoidingPerLane lets only the lane whose point is excluded redraw,
// but the shift it redraws is a group-wide broadcast.
//
// kernel(bug)
func LatticeAvoidingPerLane(out []float64, lo, hi float64, seed uint64) error {
	n := len(out)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		r := ForLane(seed, i)
		base := float64(i) / float64(n)
		x := frac(base + r.Shared(l))
		for lo <= x && x < hi {
			x = frac(base + r.Shared(l)) // EXPECT
		}
		out[i] = x
	})
}

// DropoutRows applies inverted dropout with keep probability keep to the
// rows x cols row-major matrix m, one row per lane, with a single column
// mask for the whole matrix: the lanes sync their generators to lane 0's and
// so draw the same mask.
//
// kernel(ok)
func DropoutRows(m []float64, rows, cols int, keep float64, seed uint64) error {
	return spmd.Run(rows, func(l spmd.Lane) {
		i := l.Index()
		r := ForLane(seed, i)
		row := m[i*cols : (i+1)*cols]
		r.Sync(l)
		for j := range row {
			if r.Bernoulli(keep) {
				row[j] /= keep
			} else {
				row[j] = 0
			}
		}
	})
}

// DropoutRowsSkipZero skips the rows that are all zero, which the mask
// cannot change, before the sync.
//
// kernel(bug)
func DropoutRowsSkipZero(m []float64, rows, cols int, keep float64, seed uint64) error {
	return spmd.Run(rows, func(l spmd.Lane) {
		i := l.Index()
		r := ForLane(seed, i)
		row := m[i*cols : (i+1)*cols]
		if !slices.ContainsFunc(row, func(v float64) bool { return v != 0 }) {
			return
		}
		r.Sync(l) // EXPECT
		for j := range row {
			if r.Bernoulli(keep) {
				row[j] /= keep
			} else {
				row[j] = 0
			}
		}
	})
}

// SelfTestMean is a generator self-test: lane i draws budget[i] numbers and
// the group mean of all the draws goes to *mean. The budgets differ, but
// GroupMean only meets the other lanes after a lane's own draws.
//
// kernel(ok)
func SelfTestMean(budget []int, seed uint64, mean *float64) error {
	return spmd.Run(len(budget), func(l spmd.Lane) {
		i := l.Index()
		r := ForLane(seed, i)
		m := r.GroupMean(l, budget[i])
		if i == 0 {
			*mean = m
		}
	})
}

// SelfTestMeanSkipIdle lets the lanes with no budget skip the self-test.
//
// kernel(bug)
func SelfTestMeanSkipIdle(budget []int, seed uint64, mean *float64) error {
	return spmd.Run(len(budget), func(l spmd.Lane) {
		i := l.Index()
		r := ForLane(seed, i)
		m := 0.0
		if budget[i] > 0 {
			m = r.GroupMean(l, budget[i]) // EXPECT
		}
		if i == 0 {
			*mean = m
		}
	})
}

// MaxTrace records, after each of draws rounds, the largest number any lane
// has drawn so far.
//
// kernel(ok)
func MaxTrace(lanes, draws int, seed uint64, trace []float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		r := ForLane(seed, l.Index())
		r.GroupMaxTrace(l, draws, trace)
	})
}

// MaxTraceBudgets gives every lane its own number of draws, which
// GroupMaxTrace turns into a different number of meetings per lane.
//
// kernel(bug)
func MaxTraceBudgets(budget []int, seed uint64, trace []float64) error {
	return spmd.Run(len(budget), func(l spmd.Lane) {
		r := ForLane(seed, l.Index())
		r.GroupMaxTrace(l, budget[l.Index()], trace) // EXPECT
	})
}

// ReflectAndRecenter moves one particle per lane for steps steps inside
// [0, width). Each step adds a lane-local kick; a particle that leaves the
// box bounces back with a random restitution; then, with probability
// pCenter, the group shifts every particle so that their mean is width/2.
// The restitution and the recentering coin come from the group generator g,
// seeded alike in every lane; every lane draws the restitution every step,
// used or not, so that g stays the same in all lanes.
//
// kernel(ok)
func ReflectAndRecenter(x []float64, width float64, steps int, pCenter float64, seed uint64) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		own := ForLane(seed, i)
		g := New(seed)
		p := x[i]
		for range steps {
			p += 2 * (own.Float64() - 0.5)
			e := g.Float64()
			if p < 0 {
				p = -p * e
			} else if p >= width {
				p = width - (p-width)*e
			}
			if g.Bernoulli(pCenter) {
				mean := spmd.ReduceAdd(l, p) / float64(l.Count())
				p += width/2 - mean
			}
		}
		x[i] = p
	})
}

// ReflectAndRecenterLazyDraw draws the restitution from g only when the
// particle bounces, so the lanes' copies of g drift apart.
//
// kernel(bug)
func ReflectAndRecenterLazyDraw(x []float64, width float64, steps int, pCenter float64, seed uint64) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		own := ForLane(seed, i)
		g := New(seed)
		p := x[i]
		for range steps {
			p += 2 * (own.Float64() - 0.5)
			if p < 0 {
				p = -p * g.Float64()
			} else if p >= width {
				p = width - (p-width)*g.Float64()
			}
			if g.Bernoulli(pCenter) {
				mean := spmd.ReduceAdd(l, p) / float64(l.Count()) // EXPECT
				p += width/2 - mean
			}
		}
		x[i] = p
	})
}

// Chains runs one AR(1) Markov chain per lane and, at random steps, records
// the group mean of the chains in Trace. Each lane's innovations come from
// its own PCG stream; the recording coin from stream 0, shared by the group
// (RunShared), or from the lane's own stream (RunLocal).
type Chains struct {
	State   []float64 // one chain per lane
	Steps   int
	PRecord float64
	Seed    uint64
	Trace   []float64
}

// chain is the kernel of RunShared.
//
//spmd:kernel
func (c *Chains) chain(l spmd.Lane) {
	i := l.Index()
	own := NewPCG(c.Seed, uint64(i)+1)
	group := NewPCG(c.Seed, 0)
	s := c.State[i]
	for range c.Steps {
		s = 0.9*s + own.Float64()
		if group.Float64() < c.PRecord {
			m := spmd.ReduceAdd(l, s) / float64(l.Count())
			if i == 0 {
				c.Trace = append(c.Trace, m)
			}
		}
	}
	c.State[i] = s
}

// chainLocal is the kernel of RunLocal.
//
//spmd:kernel
func (c *Chains) chainLocal(l spmd.Lane) {
	i := l.Index()
	own := NewPCG(c.Seed, uint64(i)+1)
	s := c.State[i]
	for range c.Steps {
		s = 0.9*s + own.Float64()
		if own.Float64() < c.PRecord {
			m := spmd.ReduceAdd(l, s) / float64(l.Count()) // EXPECT
			if i == 0 {
				c.Trace = append(c.Trace, m)
			}
		}
	}
	c.State[i] = s
}

// RunShared runs the chains with the shared recording coin.
//
// kernel(ok)
func (c *Chains) RunShared() error {
	return spmd.Run(len(c.State), c.chain)
}

// RunLocal runs the chains with a recording coin per lane.
//
// kernel(bug)
func (c *Chains) RunLocal() error {
	return spmd.Run(len(c.State), c.chainLocal)
}

// DecorrelateStreams derives one generator per lane from a single seed,
// mixes the states with log2(len(out)) butterfly exchanges, and writes each
// lane's first draw to out. len(out) must be a power of two.
//
// kernel(ok)
func DecorrelateStreams(out []uint64, seed uint64) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		r := ForLane(seed, l.Index())
		for m := 1; m < l.Count(); m <<= 1 {
			r.Exchange(l, m)
		}
		out[l.Index()] = r.Next()
	})
}

// DecorrelateStreamsEarlyOut stops mixing a lane's state as soon as its
// bits look balanced.
//
// kernel(bug)
func DecorrelateStreamsEarlyOut(out []uint64, seed uint64) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		r := ForLane(seed, l.Index())
		for m := 1; m < l.Count(); m <<= 1 {
			if c := bits.OnesCount64(r.S); 30 <= c && c <= 34 {
				break
			}
			r.Exchange(l, m) // EXPECT
		}
		out[l.Index()] = r.Next()
	})
}
