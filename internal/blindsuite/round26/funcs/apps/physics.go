package apps

import (
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

// A Particle moves on a line.
type Particle struct {
	X, V    float64
	Species string
}

// forces gives the acceleration of a particle by species.
var forces = map[string]func(l spmd.Lane, p *Particle) float64{
	"heavy": func(_ spmd.Lane, p *Particle) float64 { return -1 },
	"charged": func(l spmd.Lane, p *Particle) float64 {
		// pulled toward the mean position of the group
		mean := spmd.ReduceAdd(l, p.X) / float64(l.Count())
		return mean - p.X
	},
}

// StepAs advances every particle by dt under the force of species.
//
// kernel(ok)
func StepAs(ps []Particle, species string, dt float64) error {
	return spmd.Run(len(ps), func(l spmd.Lane) {
		f := forces[species]
		p := &ps[l.Index()]
		a := f(l, p)
		p.V += a * dt
		p.X += p.V * dt
	})
}

// StepMixed applies to each particle the force of its own species.
//
// kernel(bug)
func StepMixed(ps []Particle, dt float64) error {
	return spmd.Run(len(ps), func(l spmd.Lane) {
		p := &ps[l.Index()]
		f := forces[p.Species]
		a := f(l, p) // EXPECT
		p.V += a * dt
		p.X += p.V * dt
	})
}

// KMeansStep assigns points (one per lane) to the nearest of the
// centroids and returns the updated centroids.
//
// kernel(ok)
func KMeansStep(pts, cents []float64) ([]float64, error) {
	next := append([]float64(nil), cents...)
	err := spmd.Run(len(pts), func(l spmd.Lane) {
		idx := l.Index()
		x := pts[idx]
		nearest := func() int {
			best, bd := 0, math.Inf(1)
			for k, c := range cents {
				if d := math.Abs(x - c); d < bd {
					best, bd = k, d
				}
			}
			return best
		}
		c := nearest()
		update := func(k int, mine bool) {
			w := 0.0
			if mine {
				w = 1
			}
			n := spmd.ReduceAdd(l, w)
			s := spmd.ReduceAdd(l, w*x)
			if idx == 0 && n > 0 {
				next[k] = s / n
			}
		}
		for k := range cents {
			update(k, c == k)
		}
	})
	return next, err
}

// KMeansStepEarly stops scanning the clusters after the lane's own.
//
// kernel(bug)
func KMeansStepEarly(pts, cents []float64) ([]float64, error) {
	next := append([]float64(nil), cents...)
	err := spmd.Run(len(pts), func(l spmd.Lane) {
		idx := l.Index()
		x := pts[idx]
		nearest := func() int {
			best, bd := 0, math.Inf(1)
			for k, c := range cents {
				if d := math.Abs(x - c); d < bd {
					best, bd = k, d
				}
			}
			return best
		}
		c := nearest()
		update := func(k int, mine bool) {
			w := 0.0
			if mine {
				w = 1
			}
			n := spmd.ReduceAdd(l, w)
			s := spmd.ReduceAdd(l, w*x)
			if idx == 0 && n > 0 {
				next[k] = s / n
			}
		}
		for k := range cents {
			update(k, c == k) // EXPECT
			if c == k {
				break
			}
		}
	})
	return next, err
}

// Heat1D runs steps of explicit heat diffusion on a rod, one cell per
// lane; the two end cells keep their temperature.
//
// kernel(ok)
func Heat1D(u0 []float64, alpha float64, steps int) ([]float64, error) {
	out := make([]float64, len(u0))
	err := spmd.Run(len(u0), func(l spmd.Lane) {
		i, n := l.Index(), l.Count()
		u := u0[i]
		step := func(v float64) float64 {
			left := spmd.Shuffle(l, v, max(i-1, 0))
			right := spmd.Shuffle(l, v, min(i+1, n-1))
			if i == 0 || i == n-1 {
				return v
			}
			return v + alpha*(left-2*v+right)
		}
		for range steps {
			u = step(u)
		}
		out[i] = u
	})
	return out, err
}

// Heat1DEnds gives the end cells a closure of their own that does not
// exchange anything.
//
// kernel(bug)
func Heat1DEnds(u0 []float64, alpha float64, steps int) ([]float64, error) {
	out := make([]float64, len(u0))
	err := spmd.Run(len(u0), func(l spmd.Lane) {
		i, n := l.Index(), l.Count()
		u := u0[i]
		interior := func(v float64) float64 {
			left := spmd.Shuffle(l, v, max(i-1, 0))
			right := spmd.Shuffle(l, v, min(i+1, n-1))
			return v + alpha*(left-2*v+right)
		}
		fixed := func(v float64) float64 { return v }
		step := interior
		if i == 0 || i == n-1 {
			step = fixed
		}
		for range steps {
			u = step(u) // EXPECT
		}
		out[i] = u
	})
	return out, err
}
