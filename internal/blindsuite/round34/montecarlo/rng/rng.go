// Package rng holds the small random number generators the Monte Carlo
// kernels of this module carry per lane, the way a GPU kernel keeps a
// xorshift or PCG state in registers, and a few group-wide helpers on them
// that exchange state or draws between lanes with collectives.
//
// A generator seeded with the same seed in every lane draws the same
// numbers in every lane (a shared stream: decisions taken from it are the
// same in the whole group); one seeded from the lane index draws its own.
package rng

import (
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

// SplitMix64 scrambles x; it turns consecutive seeds into well spread
// generator states.
func SplitMix64(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
	x = (x ^ (x >> 27)) * 0x94D049BB133111EB
	return x ^ (x >> 31)
}

// XorShift is Marsaglia's xorshift64 generator.
type XorShift struct {
	S uint64
}

// New returns a generator for seed: the same stream for the same seed.
func New(seed uint64) XorShift {
	s := SplitMix64(seed)
	if s == 0 {
		s = 1
	}
	return XorShift{S: s}
}

// ForLane returns the generator of one lane: its own stream, derived from
// the seed and the lane number.
func ForLane(seed uint64, lane int) XorShift {
	return New(seed ^ (uint64(lane)+1)*0xD1B54A32D192ED03)
}

// Next returns the next 64 random bits.
func (r *XorShift) Next() uint64 {
	x := r.S
	x ^= x << 13
	x ^= x >> 7
	x ^= x << 17
	r.S = x
	return x
}

// Float64 returns a number uniform in [0, 1).
func (r *XorShift) Float64() float64 {
	return float64(r.Next()>>11) / (1 << 53)
}

// Intn returns a number uniform in [0, n) (with a negligible modulo bias).
func (r *XorShift) Intn(n int) int {
	return int(r.Next() % uint64(n))
}

// Bernoulli returns true with probability p.
func (r *XorShift) Bernoulli(p float64) bool {
	return r.Float64() < p
}

// Exp returns an exponentially distributed number of rate 1.
func (r *XorShift) Exp() float64 {
	return -math.Log(1 - r.Float64())
}

// Shared returns lane 0's next draw in every lane: one number for the whole
// group (a common random shift, a group-wide coin). Every lane's generator
// advances by one draw.
func (r *XorShift) Shared(l spmd.Lane) float64 {
	return spmd.BroadcastFirst(l, r.Float64())
}

// Sync makes every lane's generator a copy of lane 0's, so that from here
// on the group draws one shared stream.
func (r *XorShift) Sync(l spmd.Lane) {
	r.S = spmd.BroadcastFirst(l, r.S)
}

// Exchange mixes the state of lane i^mask into lane i's: the butterfly
// step used to decorrelate neighbouring streams.
func (r *XorShift) Exchange(l spmd.Lane, mask int) {
	r.S ^= SplitMix64(spmd.ShuffleXor(l, r.S, mask))
	if r.S == 0 {
		r.S = 1
	}
}

// GroupMean draws k numbers in each lane and returns the mean of all the
// draws of the group. k may differ between lanes: the lanes meet once,
// after their own draws.
func (r *XorShift) GroupMean(l spmd.Lane, k int) float64 {
	var s float64
	for range k {
		s += r.Float64()
	}
	total := spmd.ReduceAdd(l, s)
	n := spmd.ReduceAdd(l, k)
	return total / float64(n)
}

// GroupMaxTrace draws k numbers in each lane, and after every draw records
// the largest draw of the group so far into trace (when trace is long
// enough). The lanes meet once per draw, so k must be the same in every
// lane.
func (r *XorShift) GroupMaxTrace(l spmd.Lane, k int, trace []float64) float64 {
	best := 0.0
	for j := range k {
		best = max(best, spmd.ReduceMax(l, r.Float64()))
		if j < len(trace) && l.Index() == 0 {
			trace[j] = best
		}
	}
	return best
}

// PCG32 is O'Neill's PCG-XSH-RR generator, with a stream selector.
type PCG32 struct {
	State, Inc uint64
}

// NewPCG returns the generator of seed and stream.
func NewPCG(seed, stream uint64) PCG32 {
	p := PCG32{Inc: stream<<1 | 1}
	p.Uint32()
	p.State += seed
	p.Uint32()
	return p
}

// Uint32 returns the next 32 random bits.
func (p *PCG32) Uint32() uint32 {
	old := p.State
	p.State = old*6364136223846793005 + p.Inc
	xorshifted := uint32(((old >> 18) ^ old) >> 27)
	rot := uint32(old >> 59)
	return xorshifted>>rot | xorshifted<<((-rot)&31)
}

// Float32 returns a number uniform in [0, 1).
func (p *PCG32) Float32() float32 {
	return float32(p.Uint32()>>8) / (1 << 24)
}

// Float64 returns a number uniform in [0, 1) (with 32 random bits).
func (p *PCG32) Float64() float64 {
	return float64(p.Uint32()) / (1 << 32)
}
