// Package walks holds random-walk and particle-transport kernels: one walker
// or particle per lane, each with its own generator, walking until it is
// absorbed, leaves the domain or dies, while the group meets every step or
// every few steps to tally, compact or snapshot.
package walks

import (
	"iter"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round34/montecarlo/rng"
	"github.com/spmdvet/spmdvet/spmd"
)

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// GamblersRuin runs one walk per lane on 0..top, from start[i], stepping up
// with probability p, until it is absorbed at 0 or top. Every `every`
// rounds the group appends the number of walks still running to *alive.
// The rounds go on while any walk runs; absorbed walkers sit them out.
//
// kernel(ok)
func GamblersRuin(start []int, top int, p float64, every int, seed uint64, steps []int, wins []bool, alive *[]int) error {
	return spmd.Run(len(start), func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		x, n := start[i], 0
		for step := 0; spmd.Any(l, 0 < x && x < top); step++ {
			if 0 < x && x < top {
				if r.Bernoulli(p) {
					x++
				} else {
					x--
				}
				n++
			}
			if step%every == 0 {
				k := spmd.ReduceAdd(l, b2i(0 < x && x < top))
				if i == 0 {
					*alive = append(*alive, k)
				}
			}
		}
		steps[i], wins[i] = n, x == top
	})
}

// GamblersRuinOwnLoop lets each walk loop until its own absorption.
//
// kernel(bug)
func GamblersRuinOwnLoop(start []int, top int, p float64, every int, seed uint64, steps []int, wins []bool, alive *[]int) error {
	return spmd.Run(len(start), func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		x, n := start[i], 0
		for step := 0; 0 < x && x < top; step++ {
			if r.Bernoulli(p) {
				x++
			} else {
				x--
			}
			n++
			if step%every == 0 {
				k := spmd.ReduceAdd(l, b2i(0 < x && x < top)) // EXPECT
				if i == 0 {
					*alive = append(*alive, k)
				}
			}
		}
		steps[i], wins[i] = n, x == top
	})
}

// Fates of a particle in a slab.
const (
	Inside = iota
	Reflected
	Transmitted
	Absorbed
)

// SlabTransport follows one particle per lane through the slab [0, thick),
// entering at 0 straight in: exponential flights of mean free path 1, and at
// each collision absorption with probability absorb or an isotropic new
// direction. After each round of collisions the group appends to *history
// how many particles are still in the slab, and stops when none are.
//
// kernel(ok)
func SlabTransport(fate []int, thick, absorb float64, maxRounds int, seed uint64, history *[]int) error {
	return spmd.Run(len(fate), func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		x, mu := 0.0, 1.0
		live := true
		fate[i] = Inside
		for range maxRounds {
			if live {
				x += mu * r.Exp()
				switch {
				case x < 0:
					live, fate[i] = false, Reflected
				case x >= thick:
					live, fate[i] = false, Transmitted
				case r.Bernoulli(absorb):
					live, fate[i] = false, Absorbed
				default:
					mu = 2*r.Float64() - 1
				}
			}
			n := spmd.ReduceAdd(l, b2i(live))
			if i == 0 {
				*history = append(*history, n)
			}
			if n == 0 {
				break
			}
		}
	})
}

// SlabTransportReturnDead returns from the kernel as soon as a lane's
// particle is gone.
//
// kernel(bug)
func SlabTransportReturnDead(fate []int, thick, absorb float64, maxRounds int, seed uint64, history *[]int) error {
	return spmd.Run(len(fate), func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		x, mu := 0.0, 1.0
		live := true
		fate[i] = Inside
		for range maxRounds {
			if !live {
				return
			}
			x += mu * r.Exp()
			switch {
			case x < 0:
				live, fate[i] = false, Reflected
			case x >= thick:
				live, fate[i] = false, Transmitted
			case r.Bernoulli(absorb):
				live, fate[i] = false, Absorbed
			default:
				mu = 2*r.Float64() - 1
			}
			n := spmd.ReduceAdd(l, b2i(live)) // EXPECT
			if i == 0 {
				*history = append(*history, n)
			}
			if n == 0 {
				break
			}
		}
	})
}

// DepositDose follows one particle per lane into a medium of len(dose)
// depth bins. Each step a live particle moves down 1 to 3 bins and
// deposits part of its energy into the step tally; after a barrier the
// lanes flush the tally into dose, each lane the bins i, i+Count, ..., and
// a second barrier closes the step.
//
// kernel(ok)
func DepositDose(lanes, steps int, energy int64, seed uint64, dose []int64) error {
	nb := len(dose)
	tally := make([]int64, nb)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		depth, e := 0, energy
		live := true
		for range steps {
			if live {
				depth += 1 + r.Intn(3)
				d := min(e, int64(50+r.Intn(200)))
				if depth >= nb {
					live = false
				} else {
					atomic.AddInt64(&tally[depth], d)
					e -= d
					live = e > 0
				}
			}
			l.Barrier()
			for b := i; b < nb; b += l.Count() {
				dose[b] += tally[b]
				tally[b] = 0
			}
			l.Barrier()
		}
	})
}

// DepositDoseSkipDead skips the rest of the step, barriers included, for
// particles that are gone.
//
// kernel(bug)
func DepositDoseSkipDead(lanes, steps int, energy int64, seed uint64, dose []int64) error {
	nb := len(dose)
	tally := make([]int64, nb)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		depth, e := 0, energy
		live := true
		for range steps {
			if !live {
				continue
			}
			depth += 1 + r.Intn(3)
			d := min(e, int64(50+r.Intn(200)))
			if depth >= nb {
				live = false
			} else {
				atomic.AddInt64(&tally[depth], d)
				e -= d
				live = e > 0
			}
			l.Barrier() // EXPECT
			for b := i; b < nb; b += l.Count() {
				dose[b] += tally[b]
				tally[b] = 0
			}
			l.Barrier() // EXPECT
		}
	})
}

// RandomSurfers runs one PageRank surfer per lane on the graph adj for hops
// hops: with probability damp it follows a random out-link, otherwise (and
// always at a dangling node) it teleports to a random node. After each hop
// the group appends to *trace how many surfers are at node watch.
//
// kernel(ok)
func RandomSurfers(adj [][]int, start []int, hops int, damp float64, watch int, seed uint64, end []int, trace *[]int) error {
	return spmd.Run(len(start), func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		v := start[i]
		for range hops {
			if out := adj[v]; len(out) > 0 && r.Bernoulli(damp) {
				v = out[r.Intn(len(out))]
			} else {
				v = r.Intn(len(adj))
			}
			k := spmd.ReduceAdd(l, b2i(v == watch))
			if i == 0 {
				*trace = append(*trace, k)
			}
		}
		end[i] = v
	})
}

// RandomSurfersStopAtDangling stops a surfer for good at a dangling node.
//
// kernel(bug)
func RandomSurfersStopAtDangling(adj [][]int, start []int, hops int, damp float64, watch int, seed uint64, end []int, trace *[]int) error {
	return spmd.Run(len(start), func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		v := start[i]
		for range hops {
			out := adj[v]
			if len(out) == 0 {
				break
			}
			if r.Bernoulli(damp) {
				v = out[r.Intn(len(out))]
			} else {
				v = r.Intn(len(adj))
			}
			k := spmd.ReduceAdd(l, b2i(v == watch)) // EXPECT
			if i == 0 {
				*trace = append(*trace, k)
			}
		}
		end[i] = v
	})
}

// PathQueue traces one light path per lane through a medium of the given
// albedo, with Russian roulette once the throughput is low. After every
// bounce the surviving paths are compacted into queue (row b holds the
// lanes still alive after bounce b, in order) with ExclusiveAdd, and lens[b]
// gets their number. depth[i] is the number of bounces of path i.
//
// kernel(ok)
func PathQueue(lanes, maxB int, albedo float64, seed uint64, queue []int, lens, depth []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		alive, tp, bounces := true, 1.0, 0
		for b := range maxB {
			if alive {
				tp *= albedo
				bounces++
				if q := min(1, 4*tp); r.Float64() >= q {
					alive = false
				} else {
					tp /= q
				}
			}
			slot := spmd.ExclusiveAdd(l, b2i(alive))
			if alive {
				queue[b*lanes+slot] = i
			}
			live := spmd.ReduceAdd(l, b2i(alive))
			if i == 0 {
				lens[b] = live
			}
			if live == 0 {
				break
			}
		}
		depth[i] = bounces
	})
}

// PathQueueBreakOnKill leaves the bounce loop when roulette kills a path.
//
// kernel(bug)
func PathQueueBreakOnKill(lanes, maxB int, albedo float64, seed uint64, queue []int, lens, depth []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		tp, bounces := 1.0, 0
		for b := range maxB {
			tp *= albedo
			bounces++
			q := min(1, 4*tp)
			if r.Float64() >= q {
				break
			}
			tp /= q
			slot := spmd.ExclusiveAdd(l, 1) // EXPECT
			queue[b*lanes+slot] = i
			live := spmd.ReduceAdd(l, 1) // EXPECT
			if i == 0 {
				lens[b] = live
			}
		}
		depth[i] = bounces
	})
}

var dirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// SelfAvoidingWalks grows a self-avoiding walk of length n per lane on the
// square lattice, by random growth that starts over when the walk traps
// itself, and stores each walk's squared end-to-end distance. The group
// then computes the mean squared distance and the most restarts any lane
// needed.
//
// kernel(ok)
func SelfAvoidingWalks(lanes, n int, seed uint64, r2 []int, meanR2 *float64, maxRestarts *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		restarts := 0
		var x, y int
	restart:
		seen := map[[2]int]bool{{0, 0}: true}
		x, y = 0, 0
		for k := 0; k < n; k++ {
			var free [][2]int
			for _, d := range dirs {
				if p := [2]int{x + d[0], y + d[1]}; !seen[p] {
					free = append(free, p)
				}
			}
			if len(free) == 0 {
				restarts++
				goto restart
			}
			p := free[r.Intn(len(free))]
			seen[p] = true
			x, y = p[0], p[1]
		}
		d2 := x*x + y*y
		r2[l.Index()] = d2
		sum := spmd.ReduceAdd(l, d2)
		most := spmd.ReduceMax(l, restarts)
		if l.Index() == 0 {
			*meanR2, *maxRestarts = float64(sum)/float64(l.Count()), most
		}
	})
}

// SelfAvoidingWalksTrackLongest also tracks the longest walk of the group
// after every growth step, from inside the growth loop that trapped walks
// leave for the restart.
//
// kernel(bug)
func SelfAvoidingWalksTrackLongest(lanes, n int, seed uint64, r2 []int, meanR2 *float64, maxRestarts *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		restarts, longest := 0, 0
		var x, y int
	restart:
		seen := map[[2]int]bool{{0, 0}: true}
		x, y = 0, 0
		for k := 0; k < n; k++ {
			var free [][2]int
			for _, d := range dirs {
				if p := [2]int{x + d[0], y + d[1]}; !seen[p] {
					free = append(free, p)
				}
			}
			if len(free) == 0 {
				restarts++
				goto restart
			}
			p := free[r.Intn(len(free))]
			seen[p] = true
			x, y = p[0], p[1]
			longest = max(longest, spmd.ReduceMax(l, k+1)) // EXPECT
		}
		d2 := x*x + y*y
		r2[l.Index()] = d2
		sum := spmd.ReduceAdd(l, d2)
		most := spmd.ReduceMax(l, restarts)
		if l.Index() == 0 {
			*meanR2, *maxRestarts = float64(sum)/float64(l.Count()), most
		}
	})
}

// WallWalkers runs +-1 walkers from x0[i] toward an absorbing wall: a
// walker that reaches the wall stays there. Every `every` steps the group
// records the spread of the walkers (max - min) through the closure snap.
//
// kernel(ok)
func WallWalkers(x0 []int, wall, steps, every int, seed uint64, spread *[]int) error {
	return spmd.Run(len(x0), func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		x := x0[i]
		snap := func() {
			lo, hi := spmd.ReduceMin(l, x), spmd.ReduceMax(l, x)
			if i == 0 {
				*spread = append(*spread, hi-lo)
			}
		}
		for step := range steps {
			if x < wall {
				x += 2*int(r.Next()>>63) - 1
			}
			if step%every == 0 {
				snap()
			}
		}
		x0[i] = x
	})
}

// WallWalkersStopAtWall ends a walker's loop when it reaches the wall.
//
// kernel(bug)
func WallWalkersStopAtWall(x0 []int, wall, steps, every int, seed uint64, spread *[]int) error {
	return spmd.Run(len(x0), func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		x := x0[i]
		snap := func() {
			lo, hi := spmd.ReduceMin(l, x), spmd.ReduceMax(l, x)
			if i == 0 {
				*spread = append(*spread, hi-lo)
			}
		}
		for step := 0; step < steps && x < wall; step++ {
			x += 2*int(r.Next()>>63) - 1
			if step%every == 0 {
				snap() // EXPECT
			}
		}
		x0[i] = x
	})
}

// flightSteps yields, for steps collisions, the position of a particle
// doing isotropic exponential flights from x0 and whether it is still in
// [0, thick); once out, the particle stays where it left.
func flightSteps(r *rng.XorShift, x0, thick float64, steps int) iter.Seq2[float64, bool] {
	return func(yield func(float64, bool) bool) {
		x, inside := x0, true
		for range steps {
			if !yield(x, inside) {
				return
			}
			if inside {
				x += (2*r.Float64() - 1) * r.Exp()
				inside = 0 <= x && x < thick
			}
		}
	}
}

// flight yields the collisions of a particle doing isotropic exponential
// flights from x0, numbered, for as long as it stays in [0, thick).
func flight(r *rng.XorShift, x0, thick float64) iter.Seq2[int, float64] {
	return func(yield func(int, float64) bool) {
		x := x0
		for k := 0; 0 <= x && x < thick; k++ {
			if !yield(k, x) {
				return
			}
			x += (2*r.Float64() - 1) * r.Exp()
		}
	}
}

// CollisionCensus follows one particle per lane from the middle of a slab
// through steps collisions with flightSteps and appends to *census how many
// particles are still in the slab at each collision.
//
// kernel(ok)
func CollisionCensus(lanes int, thick float64, steps int, seed uint64, census *[]int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		for _, inside := range flightSteps(&r, thick/2, thick, steps) {
			n := spmd.ReduceAdd(l, b2i(inside))
			if l.Index() == 0 {
				*census = append(*census, n)
			}
		}
	})
}

// CollisionCensusUntilEscape ranges over flight, which stops yielding when
// the lane's particle leaves the slab.
//
// kernel(bug)
func CollisionCensusUntilEscape(lanes int, thick float64, steps int, seed uint64, census *[]int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		for k := range flight(&r, thick/2, thick) {
			if k == steps {
				break
			}
			n := spmd.ReduceAdd(l, 1) // EXPECT
			if l.Index() == 0 {
				*census = append(*census, n)
			}
		}
	})
}

// frames yields the frame numbers 0 to n-1 and waits at a barrier after
// the body has run for each frame, so that what lanes write in one frame is
// visible to all in the next.
func frames(l spmd.Lane, n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for k := range n {
			if !yield(k) {
				return
			}
			l.Barrier()
		}
	}
}

// VoterModel runs the voter model on a ring, one site per lane, for n
// frames: each frame a site copies the opinion of a random neighbour (or
// keeps its own) from the previous frame. A site that agrees with both
// neighbours keeps its opinion. The final opinions are in op (the last
// frame's barrier has passed when a lane copies its own site back).
//
// kernel(ok)
func VoterModel(op []int, n int, seed uint64) error {
	sites := len(op)
	bufs := [2][]int{op, make([]int, sites)}
	return spmd.Run(sites, func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		left, right := (i+sites-1)%sites, (i+1)%sites
		for k := range frames(l, n) {
			cur, next := bufs[k%2], bufs[(k+1)%2]
			j := [3]int{left, i, right}[r.Intn(3)]
			if cur[left] == cur[i] && cur[i] == cur[right] {
				j = i
			}
			next[i] = cur[j]
		}
		if n%2 == 1 {
			op[i] = bufs[1][i]
		}
	})
}

// VoterModelFreeze stops updating a site, for the rest of the run, once it
// agrees with both neighbours.
//
// kernel(bug)
func VoterModelFreeze(op []int, n int, seed uint64) error {
	sites := len(op)
	bufs := [2][]int{op, make([]int, sites)}
	return spmd.Run(sites, func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		left, right := (i+sites-1)%sites, (i+1)%sites
		for k := range frames(l, n) { // EXPECT
			cur, next := bufs[k%2], bufs[(k+1)%2]
			j := [3]int{left, i, right}[r.Intn(3)]
			if cur[left] == cur[i] && cur[i] == cur[right] {
				break
			}
			next[i] = cur[j]
		}
		if n%2 == 1 {
			op[i] = bufs[1][i]
		}
	})
}
