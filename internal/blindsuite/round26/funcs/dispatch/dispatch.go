// Package dispatch calls kernel code through function values: tables in
// maps, slices and arrays, struct fields, interfaces, method values and
// method expressions.
package dispatch

import (
	"cmp"
	"math"
	"slices"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round26/funcs/kit"
	"github.com/spmdvet/spmdvet/spmd"
)

// ChannelStat reduces the samples, one per lane, with the combiner named
// op: "sum", "min" or "max".
//
// kernel(ok)
func ChannelStat(samples []float64, op string) (float64, error) {
	var res float64
	err := spmd.Run(len(samples), func(l spmd.Lane) {
		f := kit.Combiners[op]
		r := f(l, samples[l.Index()])
		if l.Index() == 0 {
			res = r
		}
	})
	return res, err
}

// ChannelStats reduces each lane's sample with the combiner of its
// channel; lane i is on channel i % len(ops).
//
// kernel(bug)
func ChannelStats(samples []float64, ops []string) ([]float64, error) {
	out := make([]float64, len(samples))
	err := spmd.Run(len(samples), func(l spmd.Lane) {
		idx := l.Index()
		f := kit.Combiners[ops[idx%len(ops)]]
		out[idx] = f(l, samples[idx]) // EXPECT
	})
	return out, err
}

// blur averages each lane's value with its neighbours'.
func blur(l spmd.Lane, v float64) float64 {
	i, n := l.Index(), l.Count()
	left := spmd.Shuffle(l, v, max(i-1, 0))
	right := spmd.Shuffle(l, v, min(i+1, n-1))
	return (left + v + right) / 3
}

// sharpen pushes each value away from the mean.
func sharpen(l spmd.Lane, v float64) float64 {
	m := spmd.ReduceAdd(l, v) / float64(l.Count())
	return v + 0.5*(v-m)
}

// clip zeroes small values.
func clip(_ spmd.Lane, v float64) float64 {
	if v < 0.1 {
		return 0
	}
	return v
}

var passes = []func(spmd.Lane, float64) float64{blur, sharpen, clip}

// Enhance runs pass p (modulo the number of passes) over the signal, one
// sample per lane.
//
// kernel(ok)
func Enhance(signal []float64, p int) ([]float64, error) {
	out := make([]float64, len(signal))
	err := spmd.Run(len(signal), func(l spmd.Lane) {
		idx := l.Index()
		out[idx] = passes[p%len(passes)](l, signal[idx])
	})
	return out, err
}

// EnhanceStriped gives each lane the pass of its stripe.
//
// kernel(bug)
func EnhanceStriped(signal []float64) ([]float64, error) {
	out := make([]float64, len(signal))
	err := spmd.Run(len(signal), func(l spmd.Lane) {
		idx := l.Index()
		out[idx] = passes[idx%len(passes)](l, signal[idx]) // EXPECT
	})
	return out, err
}

// A Layer is one stage of a small network evaluated one neuron per lane.
type Layer struct {
	Name    string
	Forward func(l spmd.Lane, x float64) float64
}

// Dense returns a layer that scales each neuron by its weight, with ReLU.
func Dense(w []float64) Layer {
	return Layer{"dense", func(l spmd.Lane, x float64) float64 {
		return max(0, x*w[l.Index()])
	}}
}

// Normalize returns a layer that divides by the sum over the neurons.
func Normalize() Layer {
	return Layer{"norm", func(l spmd.Lane, x float64) float64 {
		s := spmd.ReduceAdd(l, x)
		if s == 0 {
			return 0
		}
		return x / s
	}}
}

// Forward evaluates net on in, one neuron per lane.
//
// kernel(ok)
func Forward(net []Layer, in []float64) ([]float64, error) {
	out := make([]float64, len(in))
	err := spmd.Run(len(in), func(l spmd.Lane) {
		x := in[l.Index()]
		for _, ly := range net {
			x = ly.Forward(l, x)
		}
		out[l.Index()] = x
	})
	return out, err
}

// ForwardPruned stops evaluating a neuron as soon as it is dead.
//
// kernel(bug)
func ForwardPruned(net []Layer, in []float64) ([]float64, error) {
	out := make([]float64, len(in))
	err := spmd.Run(len(in), func(l spmd.Lane) {
		x := in[l.Index()]
		for _, ly := range net {
			if x == 0 {
				break
			}
			x = ly.Forward(l, x) // EXPECT
		}
		out[l.Index()] = x
	})
	return out, err
}

// A Reducer combines a value over the lanes.
type Reducer interface {
	Reduce(l spmd.Lane, v float64) float64
}

type sumReducer struct{}

func (sumReducer) Reduce(l spmd.Lane, v float64) float64 { return spmd.ReduceAdd(l, v) }

type maxReducer struct{}

func (maxReducer) Reduce(l spmd.Lane, v float64) float64 { return spmd.ReduceMax(l, v) }

func reducerFor(name string) Reducer {
	if name == "max" {
		return maxReducer{}
	}
	return sumReducer{}
}

// Aggregate reduces the samples with the reducer named name.
//
// kernel(ok)
func Aggregate(samples []float64, name string) (float64, error) {
	var res float64
	err := spmd.Run(len(samples), func(l spmd.Lane) {
		r := reducerFor(name)
		v := r.Reduce(l, samples[l.Index()])
		if l.Index() == 0 {
			res = v
		}
	})
	return res, err
}

// AggregateMixed reduces each lane's sample with the reducer of its
// channel, names[i % len(names)].
//
// kernel(bug)
func AggregateMixed(samples []float64, names []string) ([]float64, error) {
	out := make([]float64, len(samples))
	err := spmd.Run(len(samples), func(l spmd.Lane) {
		idx := l.Index()
		r := reducerFor(names[idx%len(names)])
		out[idx] = r.Reduce(l, samples[idx]) // EXPECT
	})
	return out, err
}

// A meter adds weighted values to a total that all lanes share.
type meter struct {
	weight float64
	total  float64
}

// add adds x, weighted by each lane's own meter, to the meter's total.
func (m *meter) add(l spmd.Lane, x float64) {
	m.total += spmd.ReduceAdd(l, x*m.weight)
}

// addActive is add for meters with a nonzero weight only.
func (m *meter) addActive(l spmd.Lane, x float64) {
	if m.weight == 0 {
		return
	}
	m.total += spmd.ReduceAdd(l, x*m.weight)
}

// WeightedTotals feeds xs to one meter per lane, weighted by weights.
//
// kernel(ok)
func WeightedTotals(weights, xs []float64) ([]float64, error) {
	ms := make([]meter, len(weights))
	for i, w := range weights {
		ms[i].weight = w
	}
	out := make([]float64, len(weights))
	err := spmd.Run(len(weights), func(l spmd.Lane) {
		idx := l.Index()
		add := ms[idx].add
		for _, x := range xs {
			add(l, x)
		}
		out[idx] = ms[idx].total
	})
	return out, err
}

// WeightedTotalsActive uses addActive, whose lanes with zero weight skip
// the reduction.
//
// kernel(bug)
func WeightedTotalsActive(weights, xs []float64) ([]float64, error) {
	ms := make([]meter, len(weights))
	for i, w := range weights {
		ms[i].weight = w
	}
	out := make([]float64, len(weights))
	err := spmd.Run(len(weights), func(l spmd.Lane) {
		idx := l.Index()
		add := ms[idx].addActive
		for _, x := range xs {
			add(l, x) // EXPECT
		}
		out[idx] = ms[idx].total
	})
	return out, err
}

// A sim is a row of particles, one per lane.
type sim struct {
	pos, vel []float64
	active   []bool
	dt       float64
	energy   float64
}

func (s *sim) integrate(l spmd.Lane) {
	i := l.Index()
	s.pos[i] += s.vel[i] * s.dt
}

// collide bounces a particle that has passed its left neighbour.
func (s *sim) collide(l spmd.Lane) {
	i := l.Index()
	left := spmd.Shuffle(l, s.pos[i], max(i-1, 0))
	if i > 0 && s.pos[i] < left {
		s.vel[i] = -s.vel[i]
	}
}

func (s *sim) measure(l spmd.Lane) {
	i := l.Index()
	e := spmd.ReduceAdd(l, 0.5*s.vel[i]*s.vel[i])
	if i == 0 {
		s.energy = e
	}
}

// Simulate advances s by steps steps, each made of its phases in order.
//
// kernel(ok)
func Simulate(s *sim, steps int) error {
	phases := []func(*sim, spmd.Lane){(*sim).integrate, (*sim).collide, (*sim).measure}
	return spmd.Run(len(s.pos), func(l spmd.Lane) {
		for range steps {
			for _, ph := range phases {
				ph(s, l)
			}
		}
	})
}

// SimulateFrozen skips the collision phase for inactive particles.
//
// kernel(bug)
func SimulateFrozen(s *sim, steps int) error {
	phases := []func(*sim, spmd.Lane){(*sim).integrate, (*sim).collide, (*sim).measure}
	return spmd.Run(len(s.pos), func(l spmd.Lane) {
		for range steps {
			for k, ph := range phases {
				if k == 1 && !s.active[l.Index()] {
					continue
				}
				ph(s, l) // EXPECT
			}
		}
	})
}

// An instr is one instruction of a tiny accumulator machine whose program
// is the same in every lane.
type instr struct {
	op  string
	arg int
}

type regs struct{ acc float64 }

var handlers = map[string]func(l spmd.Lane, r *regs, arg int){
	"load": func(l spmd.Lane, r *regs, arg int) { r.acc = float64(l.Index() * arg) },
	"add":  func(_ spmd.Lane, r *regs, arg int) { r.acc += float64(arg) },
	"sum":  func(l spmd.Lane, r *regs, _ int) { r.acc = spmd.ReduceAdd(l, r.acc) },
	"max":  func(l spmd.Lane, r *regs, _ int) { r.acc = spmd.ReduceMax(l, r.acc) },
	"sync": func(l spmd.Lane, _ *regs, _ int) { l.Barrier() },
}

// Exec runs prog in every lane and returns the accumulators. "loop n"
// jumps back to the start n times in all.
//
// kernel(ok)
func Exec(prog []instr, lanes int) ([]float64, error) {
	out := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		var r regs
		loops := 0
		for pc := 0; pc < len(prog); pc++ {
			in := prog[pc]
			if in.op == "loop" {
				if loops < in.arg {
					loops++
					pc = -1
				}
				continue
			}
			handlers[in.op](l, &r, in.arg)
		}
		out[l.Index()] = r.acc
	})
	return out, err
}

// ExecSkip also knows "skipodd": skip the next instruction in the lanes
// whose accumulator is odd.
//
// kernel(bug)
func ExecSkip(prog []instr, lanes int) ([]float64, error) {
	out := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		var r regs
		loops := 0
		for pc := 0; pc < len(prog); pc++ {
			in := prog[pc]
			if in.op == "loop" {
				if loops < in.arg {
					loops++
					pc = -1
				}
				continue
			}
			if in.op == "skipodd" {
				if int(r.acc)%2 != 0 {
					pc++
				}
				continue
			}
			handlers[in.op](l, &r, in.arg) // EXPECT
		}
		out[l.Index()] = r.acc
	})
	return out, err
}

// l1 returns a function that divides by the sum of absolute values over
// the lanes.
func l1(l spmd.Lane) func(float64) float64 {
	return func(x float64) float64 { return x / spmd.ReduceAdd(l, math.Abs(x)) }
}

// linf returns a function that divides by the largest absolute value.
func linf(l spmd.Lane) func(float64) float64 {
	return func(x float64) float64 { return x / spmd.ReduceMax(l, math.Abs(x)) }
}

// NormalizeBy scales the signal by its L1 norm, or its max norm if mode is
// "max".
//
// kernel(ok)
func NormalizeBy(signal []float64, mode string) ([]float64, error) {
	out := make([]float64, len(signal))
	err := spmd.Run(len(signal), func(l spmd.Lane) {
		idx := l.Index()
		norm := l1(l)
		if mode == "max" {
			norm = linf(l)
		}
		out[idx] = norm(signal[idx])
	})
	return out, err
}

// NormalizeSplit uses the max norm in the second half of the lanes.
//
// kernel(bug)
func NormalizeSplit(signal []float64) ([]float64, error) {
	out := make([]float64, len(signal))
	err := spmd.Run(len(signal), func(l spmd.Lane) {
		idx := l.Index()
		norm := l1(l)
		if idx >= l.Count()/2 {
			norm = linf(l)
		}
		out[idx] = norm(signal[idx]) // EXPECT
	})
	return out, err
}

// Score returns the sum over lanes of xs[i] times weights[i].
//
// kernel(ok)
func Score(weights, xs []float64) (float64, error) {
	var res float64
	err := spmd.Run(len(weights), func(l spmd.Lane) {
		idx := l.Index()
		weight := weights[idx]
		score := func(l spmd.Lane, x float64) float64 { return spmd.ReduceAdd(l, x*weight) }
		s := score(l, xs[idx])
		if idx == 0 {
			res = s
		}
	})
	return res, err
}

// ScorePositive scores only in the lanes with a positive weight.
//
// kernel(bug)
func ScorePositive(weights, xs []float64) (float64, error) {
	var res float64
	err := spmd.Run(len(weights), func(l spmd.Lane) {
		idx := l.Index()
		weight := weights[idx]
		score := func(l spmd.Lane, x float64) float64 { return spmd.ReduceAdd(l, x*weight) }
		s := 0.0
		if weight > 0 {
			s = score(l, xs[idx]) // EXPECT
		}
		if idx == 0 {
			res = s
		}
	})
	return res, err
}

// A job runs an optional hook on each lane's value.
type job struct {
	data []float64
	hook func(l spmd.Lane, v float64) float64
}

// RunJob doubles the data, then runs the hook if there is one.
//
// kernel(ok)
func RunJob(j job) ([]float64, error) {
	out := make([]float64, len(j.data))
	err := spmd.Run(len(j.data), func(l spmd.Lane) {
		v := 2 * j.data[l.Index()]
		if j.hook != nil {
			v = j.hook(l, v)
		}
		out[l.Index()] = v
	})
	return out, err
}

// RunJobHooks runs hooks[i], if not nil, in lane i.
//
// kernel(bug)
func RunJobHooks(data []float64, hooks []func(l spmd.Lane, v float64) float64) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		v := 2 * data[l.Index()]
		h := hooks[l.Index()]
		if h != nil {
			v = h(l, v) // EXPECT
		}
		out[l.Index()] = v
	})
	return out, err
}

// RowMedians sorts each lane's row on a grid scaled to the group's largest
// magnitude and returns the medians.
//
// kernel(ok)
func RowMedians(rows [][]float64) ([]float64, error) {
	out := make([]float64, len(rows))
	err := spmd.Run(len(rows), func(l spmd.Lane) {
		row := slices.Clone(rows[l.Index()])
		local := 0.0
		for _, v := range row {
			local = max(local, math.Abs(v))
		}
		scale := spmd.ReduceMax(l, local)
		slices.SortFunc(row, func(a, b float64) int {
			return cmp.Compare(math.Round(a/scale*100), math.Round(b/scale*100))
		})
		out[l.Index()] = row[len(row)/2]
	})
	return out, err
}

// RowMediansInline takes the group's largest magnitude inside the
// comparator, which each lane calls as often as its own sort needs.
//
// kernel(bug)
func RowMediansInline(rows [][]float64) ([]float64, error) {
	out := make([]float64, len(rows))
	err := spmd.Run(len(rows), func(l spmd.Lane) {
		row := slices.Clone(rows[l.Index()])
		slices.SortFunc(row, func(a, b float64) int { // EXPECT
			scale := spmd.ReduceMax(l, max(math.Abs(a), math.Abs(b)))
			return cmp.Compare(math.Round(a/scale*100), math.Round(b/scale*100))
		})
		out[l.Index()] = row[len(row)/2]
	})
	return out, err
}

// A solver iterates x <- x - step*r(x) on one unknown per lane.
type solver struct {
	residual func(l spmd.Lane, x float64) float64
	step     float64
	tol      float64
	maxIter  int
}

// Solve iterates until the residual is small in every lane.
//
// kernel(ok)
func Solve(s solver, x0 []float64) ([]float64, error) {
	out := make([]float64, len(x0))
	err := spmd.Run(len(x0), func(l spmd.Lane) {
		x := x0[l.Index()]
		for it := 0; it < s.maxIter; it++ {
			r := s.residual(l, x)
			if spmd.All(l, math.Abs(r) < s.tol) {
				break
			}
			x -= s.step * r
		}
		out[l.Index()] = x
	})
	return out, err
}

// SolveEach lets each lane stop as soon as its own residual is small.
//
// kernel(bug)
func SolveEach(s solver, x0 []float64) ([]float64, error) {
	out := make([]float64, len(x0))
	err := spmd.Run(len(x0), func(l spmd.Lane) {
		x := x0[l.Index()]
		for it := 0; it < s.maxIter; it++ {
			r := s.residual(l, x) // EXPECT
			if math.Abs(r) < s.tol {
				break
			}
			x -= s.step * r
		}
		out[l.Index()] = x
	})
	return out, err
}
