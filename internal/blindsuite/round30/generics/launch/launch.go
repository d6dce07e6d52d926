// Package launch has generic kernels, declared with //spmd:kernel and
// started through the generic launchers of package gen, kernels made by
// generic factories, and kernels that use the helpers of package gen that
// carry directives (From, AllReduce, Apply, Slot, Width).
package launch

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round30/generics/gen"
	"github.com/spmdvet/spmdvet/spmd"
)

// Hits counts events.
type Hits int

// Volts is a voltage.
type Volts float64

// Vec holds a kernel's input and output, one element per lane.
type Vec[T any] struct {
	In, Out []T
}

// NormalizeBug scales every input to a percentage of the largest absolute
// input. Zero inputs are written out at once. kernel(bug)
//
//spmd:kernel
func NormalizeBug[T gen.Real](l spmd.Lane, v Vec[T]) {
	i := l.Index()
	x := v.In[i]
	if x == 0 {
		v.Out[i] = 0
		return
	}
	a := x
	if a < 0 {
		a = -a
	}
	m := gen.Max(l, a) // EXPECT
	v.Out[i] = x * 100 / m
}

// NormalizeOK scales every input to a percentage of the largest absolute
// input (not all inputs may be zero). kernel(ok)
//
//spmd:kernel
func NormalizeOK[T gen.Real](l spmd.Lane, v Vec[T]) {
	i := l.Index()
	x := v.In[i]
	a := x
	if a < 0 {
		a = -a
	}
	m := gen.Max(l, a)
	if x == 0 {
		v.Out[i] = 0
		return
	}
	v.Out[i] = x * 100 / m
}

// SmoothK smooths g.Cells, one cell per lane, passes times: each pass
// reads the neighbours, waits, writes, and waits. kernel(ok)
//
//spmd:kernel
func SmoothK[T gen.Real](l spmd.Lane, cells []T, passes int) {
	i := l.Index()
	n := len(cells)
	for range passes {
		v := (cells[max(i-1, 0)] + 2*cells[i] + cells[min(i+1, n-1)]) / 4
		l.Barrier()
		cells[i] = v
		l.Barrier()
	}
}

// SmoothJob is the argument of the smoothing drivers.
type SmoothJob[T gen.Real] struct {
	Cells  []T
	Passes []int // passes requested, per lane
}

// SmoothDriverBug runs SmoothK with the number of passes each lane
// requested. kernel(bug): SmoothK needs the same number in every lane.
//
//spmd:kernel
func SmoothDriverBug[T gen.Real](l spmd.Lane, j SmoothJob[T]) {
	SmoothK(l, j.Cells, j.Passes[l.Index()]) // EXPECT
}

// SmoothDriverOK runs SmoothK with the number of passes lane 0 requested.
// kernel(ok)
//
//spmd:kernel
func SmoothDriverOK[T gen.Real](l spmd.Lane, j SmoothJob[T]) {
	SmoothK(l, j.Cells, j.Passes[0])
}

// PositiveTotalBug writes, in the lanes with a positive input, the group
// total of the positive inputs, through a function made by gen.SumFunc.
// kernel(bug)
//
//spmd:kernel
func PositiveTotalBug[T gen.Real](l spmd.Lane, v Vec[T]) {
	sum := gen.SumFunc[T](l)
	i := l.Index()
	if v.In[i] > 0 {
		v.Out[i] = sum(v.In[i]) // EXPECT
	}
}

// PositiveDoubleOK doubles the positive inputs, through a function made by
// gen.ScaleFunc. kernel(ok)
//
//spmd:kernel
func PositiveDoubleOK[T gen.Real](l spmd.Lane, v Vec[T]) {
	scale := gen.ScaleFunc[T](2)
	i := l.Index()
	if v.In[i] > 0 {
		v.Out[i] = scale(v.In[i])
	}
}

// RingBug returns a kernel for gen.LaunchGroup that passes each lane's
// value hops[i] places down the ring, through a function made by
// gen.ShiftFunc. kernel(bug): each lane runs its own number of exchanges.
func RingBug[T any](vals []T, hops []int, out []T) func(gen.Group[T]) {
	return func(g gen.Group[T]) {
		i := g.L.Index()
		shift := gen.ShiftFunc(g, 1)
		v := vals[i]
		for range hops[i] {
			v = shift(v) // EXPECT
		}
		out[i] = v
	}
}

// RingOK returns a kernel for gen.LaunchGroup that passes each lane's
// value hops[0] places down the ring, through a function made by
// gen.ShiftFunc. kernel(ok)
func RingOK[T any](vals []T, hops []int, out []T) func(gen.Group[T]) {
	return func(g gen.Group[T]) {
		i := g.L.Index()
		shift := gen.ShiftFunc(g, 1)
		v := vals[i]
		for range hops[0] {
			v = shift(v)
		}
		out[i] = v
	}
}

// Buf is the argument of the capacity kernels: a power-of-two group of
// lanes, one input, output and shared slot per lane.
type Buf[T spmd.Number] struct {
	In, Out, Shared []T
	Cap             T
}

// CapBug halves every load and republishes it when the group's load is
// over capacity. kernel(bug): the inclusive prefix is each lane's running
// total, not the group's.
//
//spmd:kernel
func CapBug[T spmd.Number](l spmd.Lane, b Buf[T]) {
	g := gen.NewGroup(l, b.Shared)
	i := l.Index()
	v := b.In[i]
	if gen.Prefix(l, v) > b.Cap {
		v /= 2
		g.Publish(v) // EXPECT
	}
	b.Out[i] = v
}

// CapOK halves every load and republishes it when the group's load is over
// capacity; the group load comes from the butterfly AllReduce, declared
// uniform. kernel(ok)
//
//spmd:kernel
func CapOK[T spmd.Number](l spmd.Lane, b Buf[T]) {
	g := gen.NewGroup(l, b.Shared)
	i := l.Index()
	v := b.In[i]
	if gen.AllReduce(l, v) > b.Cap {
		v /= 2
		g.Publish(v)
	}
	b.Out[i] = v
}

// GroupSumBug writes, in the lanes with a non-zero input, the group total
// of the inputs, through gen.Apply (declared convergent) with gen.Sum.
// kernel(bug)
//
//spmd:kernel
func GroupSumBug[T spmd.Number](l spmd.Lane, v Vec[T]) {
	i := l.Index()
	x := v.In[i]
	if x != 0 {
		v.Out[i] = gen.Apply(l, gen.Sum[T], x) // EXPECT
	}
}

// GroupSumOK writes, in the lanes with a non-zero input, the group total of
// the inputs, through gen.Apply (declared convergent) with gen.Sum.
// kernel(ok)
//
//spmd:kernel
func GroupSumOK[T spmd.Number](l spmd.Lane, v Vec[T]) {
	i := l.Index()
	x := v.In[i]
	s := gen.Apply(l, gen.Sum[T], x)
	if x != 0 {
		v.Out[i] = s
	}
}

// TreeBug returns a kernel for gen.LaunchGroup that adds vals up with a
// tree in the shared slots (a power-of-two group) and stores the sum in
// *out. kernel(bug): the barrier is inside the test on the lane's slot.
func TreeBug[T spmd.Number](vals []T, out *T) func(gen.Group[T]) {
	return func(g gen.Group[T]) {
		me := gen.Slot(g)
		g.Shared[me] = vals[me]
		g.Sync()
		for s := gen.Width(g) / 2; s > 0; s /= 2 {
			if me < s {
				g.Shared[me] += g.Shared[me+s]
				g.Sync() // EXPECT
			}
		}
		if me == 0 {
			*out = g.Shared[0]
		}
	}
}

// TreeOK returns a kernel for gen.LaunchGroup that adds vals up with a tree
// in the shared slots (a power-of-two group) and stores the sum in *out.
// kernel(ok)
func TreeOK[T spmd.Number](vals []T, out *T) func(gen.Group[T]) {
	return func(g gen.Group[T]) {
		me := gen.Slot(g)
		g.Shared[me] = vals[me]
		g.Sync()
		for s := gen.Width(g) / 2; s > 0; s /= 2 {
			if me < s {
				g.Shared[me] += g.Shared[me+s]
			}
			g.Sync()
		}
		if me == 0 {
			*out = g.Shared[0]
		}
	}
}

// RunningMaxBug writes into Out[j] the largest input of the blocks up to
// j's block, the lanes taking strided elements (inputs are not negative).
// kernel(bug): the lanes leave the strided loop at different trips.
//
//spmd:kernel
func RunningMaxBug[T ~int | ~int32](l spmd.Lane, v Vec[T]) {
	var best T
	for j := l.Index(); j < len(v.In); j += l.Count() {
		best = max(best, gen.Max(l, v.In[j])) // EXPECT
		v.Out[j] = best
	}
}

// RunningMaxOK writes into Out[j] the largest input of the blocks up to j's
// block, block by block (inputs are not negative). kernel(ok)
//
//spmd:kernel
func RunningMaxOK[T ~int | ~int32](l spmd.Lane, v Vec[T]) {
	var best T
	for base := 0; base < len(v.In); base += l.Count() {
		j := base + l.Index()
		var x T
		if j < len(v.In) {
			x = v.In[j]
		}
		best = max(best, gen.Max(l, x))
		if j < len(v.In) {
			v.Out[j] = best
		}
	}
}

// A Body is something that moves.
type Body interface {
	Active() bool
	Speed() float64
}

// Ball is a Body.
type Ball struct {
	V   float64
	Off bool
}

func (b Ball) Active() bool   { return !b.Off }
func (b Ball) Speed() float64 { return b.V }

// Step is the argument of the time-step kernels.
type Step[B Body] struct {
	Bodies []B
	DT     []float64 // out: the step every lane agreed on
}

// TimeStepBug picks the time step from the fastest active body.
// kernel(bug): inactive bodies leave before the maximum.
//
//spmd:kernel
func TimeStepBug[B Body](l spmd.Lane, s Step[B]) {
	b := s.Bodies[l.Index()]
	if !b.Active() {
		return
	}
	vmax := gen.Max(l, b.Speed()) // EXPECT
	s.DT[l.Index()] = 1 / max(vmax, 1)
}

// TimeStepOK picks the time step from the fastest active body; inactive
// bodies bring speed 0. kernel(ok)
//
//spmd:kernel
func TimeStepOK[B Body](l spmd.Lane, s Step[B]) {
	b := s.Bodies[l.Index()]
	v := 0.0
	if b.Active() {
		v = b.Speed()
	}
	vmax := gen.Max(l, v)
	s.DT[l.Index()] = 1 / max(vmax, 1)
}
