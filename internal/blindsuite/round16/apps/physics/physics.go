// Package physics has particle kernels: tiled n-body, collision counting,
// Monte-Carlo integration and a simple integrator with walls.
package physics

import (
	"math"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round16/apps/kit"
	"github.com/spmdvet/spmdvet/spmd"
)

// Vec is a 2-D vector.
type Vec struct{ X, Y float64 }

// Add returns v+w.
func (v Vec) Add(w Vec) Vec { return Vec{X: v.X + w.X, Y: v.Y + w.Y} }

// Dist2 is the squared distance between v and w.
func (v Vec) Dist2(w Vec) float64 {
	dx, dy := v.X-w.X, v.Y-w.Y
	return dx*dx + dy*dy
}

// Body is a point mass.
type Body struct {
	Pos  Vec
	Mass float64
}

// gravity is the acceleration b exerts on me (softened); zero for padding
// bodies of mass 0 and for me itself.
func gravity(me, b Body) Vec {
	if b.Mass == 0 || (me.Pos == b.Pos) {
		return Vec{}
	}
	dx, dy := b.Pos.X-me.Pos.X, b.Pos.Y-me.Pos.Y
	r2 := dx*dx + dy*dy + 1e-3
	f := b.Mass / (r2 * math.Sqrt(r2))
	return Vec{X: f * dx, Y: f * dy}
}

// NBodyStep (correct): the classic shared-tile n-body. Both loops step by
// Count() from 0 to the uniform len(bodies), so every lane runs the same
// number of rounds; lanes past the end stage a zero-mass body instead of
// skipping the Stage barrier.
//
//spmd:kernel
func NBodyStep(l spmd.Lane, bodies []Body, acc []Vec, tile *kit.Tile[Body]) {
	n := len(bodies)
	lanes := l.Count()
	for blk := 0; blk < n; blk += lanes {
		i := blk + l.Index()
		var me Body
		if i < n {
			me = bodies[i]
		}
		var a Vec
		for t := 0; t < n; t += lanes {
			j := t + l.Index()
			var b Body
			if j < n {
				b = bodies[j]
			}
			tile.Stage(l, b)
			for k := 0; k < lanes; k++ {
				a = a.Add(gravity(me, tile.Buf[k]))
			}
			l.Barrier()
		}
		if i < n {
			acc[i] = a
		}
	}
}

// NBodyEarlyReturn (bug): one body per lane, and lanes without a body return
// first ("if (i >= n) return;"). The Stage barrier and the barrier after the
// tile loop are then reached by the remaining lanes only.
//
//spmd:kernel
func NBodyEarlyReturn(l spmd.Lane, bodies []Body, acc []Vec, tile *kit.Tile[Body]) {
	i := l.Index()
	if i >= len(bodies) {
		return
	}
	me := bodies[i]
	var a Vec
	for t := 0; t < len(bodies); t += l.Count() {
		j := t + l.Index()
		var b Body
		if j < len(bodies) {
			b = bodies[j]
		}
		tile.Stage(l, b) // EXPECT
		for k := 0; k < l.Count(); k++ {
			a = a.Add(gravity(me, tile.Buf[k]))
		}
		l.Barrier() // EXPECT
	}
	acc[i] = a
}

// NBodyGuardedStage (bug): the load guard also wraps the Stage call, whose
// barrier lanes past the end then skip (they write a zero body themselves and
// go straight on to the second barrier). Only the last, partial tile
// diverges.
//
//spmd:kernel
func NBodyGuardedStage(l spmd.Lane, bodies []Body, acc []Vec, tile *kit.Tile[Body]) {
	n := len(bodies)
	lanes := l.Count()
	for blk := 0; blk < n; blk += lanes {
		i := blk + l.Index()
		var me Body
		if i < n {
			me = bodies[i]
		}
		var a Vec
		for t := 0; t < n; t += lanes {
			j := t + l.Index()
			if j < n {
				tile.Stage(l, bodies[j]) // EXPECT
			} else {
				tile.Buf[l.Index()] = Body{}
			}
			for k := 0; k < lanes; k++ {
				a = a.Add(gravity(me, tile.Buf[k]))
			}
			l.Barrier()
		}
		if i < n {
			acc[i] = a
		}
	}
}

// CountCollisions (correct): brute-force count of pairs closer than radius.
// The strided pair loops contain no collective; the generic kit.Sum after
// them is reached by every lane.
//
//spmd:kernel
func CountCollisions(l spmd.Lane, pos []Vec, radius float64, out *int) {
	n := len(pos)
	local := 0
	for i := l.Index(); i < n; i += l.Count() {
		for j := i + 1; j < n; j++ {
			if pos[i].Dist2(pos[j]) < radius*radius {
				local++
			}
		}
	}
	total := kit.Sum(l, local)
	if l.Index() == 0 {
		*out = total
	}
}

// Grid is a uniform spatial hash: particles sorted by cell, cell c holding
// Order[Start[c]:Start[c+1]].
type Grid struct {
	Start []int
	Order []int
}

// CountCollisionsCells (bug): one lane per cell (launched with as many lanes
// as cells) and a reduction per particle of the lane's cell. The particle
// loop's trip count is the cell's population, different in every lane, so
// lanes of sparse cells leave while others wait in the ReduceAdd.
//
//spmd:kernel
func CountCollisionsCells(l spmd.Lane, g *Grid, pos []Vec, radius float64, out *int) {
	c := l.Index()
	total := 0
	for k := g.Start[c]; k < g.Start[c+1]; k++ {
		p := g.Order[k]
		near := 0
		for q := range pos {
			if q > p && pos[p].Dist2(pos[q]) < radius*radius {
				near++
			}
		}
		total += spmd.ReduceAdd(l, near) // EXPECT
	}
	if c == 0 {
		*out = total
	}
}

// MonteCarloPi (correct): per-lane RNG state, a fixed number of samples per
// lane (a kernel parameter: uniform), one reduction at the end.
//
//spmd:kernel
func MonteCarloPi(l spmd.Lane, samplesPerLane int, seed uint64, out *float64) {
	rng := kit.NewRNG(seed + uint64(l.Index()))
	hits := 0
	for s := 0; s < samplesPerLane; s++ {
		x, y := rng.Float64(), rng.Float64()
		if x*x+y*y <= 1 {
			hits++
		}
	}
	total := kit.Sum(l, hits)
	if l.Index() == 0 {
		*out = 4 * float64(total) / float64(samplesPerLane*l.Count())
	}
}

// MonteCarloSplit (bug): samples split into equal ranges per lane, rounding
// up; lanes whose range starts past the end return before the reduction.
//
//spmd:kernel
func MonteCarloSplit(l spmd.Lane, samples int, seed uint64, out *float64) {
	per := (samples + l.Count() - 1) / l.Count()
	start := l.Index() * per
	if start >= samples {
		return
	}
	end := min(start+per, samples)
	rng := kit.NewRNG(seed + uint64(l.Index()))
	hits := 0
	for s := start; s < end; s++ {
		x, y := rng.Float64(), rng.Float64()
		if x*x+y*y <= 1 {
			hits++
		}
	}
	total := kit.Sum(l, hits) // EXPECT
	if l.Index() == 0 {
		*out = 4 * float64(total) / float64(samples)
	}
}

// MonteCarloAdaptive (correct): sample in batches until the group estimate
// stops moving. The estimate comes from a ReduceAdd, so the stopping test is
// uniform and every lane runs the same batches.
//
//spmd:kernel
func MonteCarloAdaptive(l spmd.Lane, batch, maxBatches int, tol float64, seed uint64, out *float64) {
	rng := kit.NewRNG(seed + uint64(l.Index()))
	hits, n := 0, 0
	est, prev := 0.0, 0.0
	for b := 0; b < maxBatches; b++ {
		for s := 0; s < batch; s++ {
			x, y := rng.Float64(), rng.Float64()
			if x*x+y*y <= 1 {
				hits++
			}
		}
		n += batch
		total := spmd.ReduceAdd(l, hits)
		est = 4 * float64(total) / float64(n*l.Count())
		if b > 0 && math.Abs(est-prev) < tol {
			break
		}
		prev = est
	}
	if l.Index() == 0 {
		*out = est
	}
}

// MonteCarloAdaptiveLocal (bug): the same batches, but each lane stops when
// its own estimate settles, while the group sum is still taken inside the
// loop. Lanes that stop early miss the next ReduceAdd. The final ReduceAdd
// after the loop is reached by all lanes and is fine by itself.
//
//spmd:kernel
func MonteCarloAdaptiveLocal(l spmd.Lane, batch, maxBatches int, tol float64, seed uint64, out *float64) {
	rng := kit.NewRNG(seed + uint64(l.Index()))
	hits, n := 0, 0
	mine, prev := 0.0, 0.0
	progress := 0
	for b := 0; b < maxBatches; b++ {
		for s := 0; s < batch; s++ {
			x, y := rng.Float64(), rng.Float64()
			if x*x+y*y <= 1 {
				hits++
			}
		}
		n += batch
		progress = spmd.ReduceAdd(l, n) // EXPECT
		mine = 4 * float64(hits) / float64(n)
		if b > 0 && math.Abs(mine-prev) < tol {
			break
		}
		prev = mine
	}
	_ = progress
	total := spmd.ReduceAdd(l, hits)
	all := spmd.ReduceAdd(l, n)
	if l.Index() == 0 {
		*out = 4 * float64(total) / float64(all)
	}
}

// Particle moves on [0, 1] with reflecting walls.
type Particle struct{ X, V float64 }

// Integrate (correct): per-particle reflection loop whose trip count depends
// on the particle (a per-lane loop), but with no collective inside; the bounce
// count is reduced after all loops, where every lane arrives.
//
//spmd:kernel
func Integrate(l spmd.Lane, ps []Particle, dt float64, bounces *int) {
	local := 0
	for i := l.Index(); i < len(ps); i += l.Count() {
		p := &ps[i]
		p.X += p.V * dt
		for p.X < 0 || p.X > 1 {
			if p.X < 0 {
				p.X = -p.X
			} else {
				p.X = 2 - p.X
			}
			p.V = -p.V
			local++
		}
	}
	total := spmd.ReduceAdd(l, local)
	if l.Index() == 0 {
		*bounces = total
	}
}

// IntegrateRounds (bug): rounds of Count() particles with a barrier per round
// (so a later pass may read the round's positions), but lanes past the end
// of the last round "break" out of the round loop and skip its barrier. The
// reduction after the loop is reached by every lane and is not itself wrong.
//
//spmd:kernel
func IntegrateRounds(l spmd.Lane, ps []Particle, dt float64, bounces *int) {
	local := 0
	for base := 0; base < len(ps); base += l.Count() {
		i := base + l.Index()
		if i >= len(ps) {
			break
		}
		p := &ps[i]
		p.X += p.V * dt
		for p.X < 0 || p.X > 1 {
			if p.X < 0 {
				p.X = -p.X
			} else {
				p.X = 2 - p.X
			}
			p.V = -p.V
			local++
		}
		l.Barrier() // EXPECT
	}
	total := spmd.ReduceAdd(l, local)
	if l.Index() == 0 {
		*bounces = total
	}
}
