// Package iface holds kernels that reach the group operations through
// interfaces: interfaces that embed other interfaces, structs that embed an
// interface, types that satisfy an interface through promoted methods, and
// interface values whose dynamic type is chosen uniformly or per lane
// (type switches and assertions on them).
package iface

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// Syncer waits for the lanes of a group.
type Syncer interface{ Sync() }

// Reducer combines a value over the lanes of a group.
type Reducer interface {
	Sum(float64) float64
	Max(float64) float64
}

// Group is all a kernel needs from its lanes: it embeds Syncer and Reducer.
type Group interface {
	Syncer
	Reducer
	Index() int
	Count() int
}

// Warp is a Group over a real group of lanes. Index and Count are promoted
// from the embedded lane handle; that is how Warp satisfies Group.
type Warp struct {
	spmd.Lane
}

func (w Warp) Sync()                 { w.Barrier() }
func (w Warp) Sum(v float64) float64 { return spmd.ReduceAdd(w.Lane, v) }
func (w Warp) Max(v float64) float64 { return spmd.ReduceMax(w.Lane, v) }

// Serial is a Group of one lane: nothing to wait for, nothing to combine.
type Serial struct{}

func (Serial) Sync()                 {}
func (Serial) Sum(v float64) float64 { return v }
func (Serial) Max(v float64) float64 { return v }
func (Serial) Index() int            { return 0 }
func (Serial) Count() int            { return 1 }

// Team satisfies Group entirely through the methods promoted from its
// embedded *Warp (and, through Warp, from the lane).
type Team struct {
	*Warp
	Name string
}

// Stage is a named step of a pipeline that embeds the Syncer it waits with:
// st.Sync() is promoted from whatever the interface holds.
type Stage struct {
	Syncer
	Name string
}

// pick returns the Group for a kernel: Serial when the group has one lane.
// The choice depends on Count only, so every lane gets the same type.
func pick(l spmd.Lane) Group {
	if l.Count() == 1 {
		return Serial{}
	}
	return Warp{l}
}

// Shape is an item with an area.
type Shape interface{ Area() float64 }

// Rect and Square are shapes.
type Rect struct{ W, H float64 }
type Square struct{ S float64 }

func (r Rect) Area() float64   { return r.W * r.H }
func (s Square) Area() float64 { return s.S * s.S }

// Weighted items carry a weight; items without one weigh 1.
type Weighted interface{ Weight() float64 }

// Item is a value, with or without a weight.
type Item struct{ V float64 }

// Heavy is an item with a weight.
type Heavy struct {
	Item
	W float64
}

func (h Heavy) Weight() float64 { return h.W }

// relax runs rounds Jacobi-like rounds on cur through g: each round every
// lane averages its slot with its neighbours, waiting before and after the
// write.
func relax(g Group, cur []float64, rounds int) {
	i, n := g.Index(), g.Count()
	for range rounds {
		v := cur[i]
		if i > 0 && i+1 < n {
			v = (cur[i-1] + cur[i] + cur[i+1]) / 3
		}
		g.Sync()
		cur[i] = v
		g.Sync()
	}
}

// Center writes in[i] - mean(in) to out on a group of `lanes` lanes (at
// least len(in)); the lanes past the data add zero. Index, Sum and Count all
// go through the Group interface.
//
// kernel(ok)
func Center(in, out []float64, lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		g := Group(Warp{l})
		x := 0.0
		if g.Index() < len(in) {
			x = in[g.Index()]
		}
		mean := g.Sum(x) / float64(len(in))
		if g.Index() < len(in) {
			out[g.Index()] = x - mean
		}
	})
}

// CenterInRange has only the lanes holding data call Sum: Index, promoted
// from the lane into Warp and called through the interface, is the lane
// index.
//
// kernel(bug)
func CenterInRange(in, out []float64, lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		g := Group(Warp{l})
		if g.Index() < len(in) {
			x := in[g.Index()]
			mean := g.Sum(x) / float64(len(in)) // EXPECT
			out[g.Index()] = x - mean
		}
	})
}

// Permute writes out[dst[i]] = in[i] then reads it back as in2[i] =
// out[i]*2, waiting in between through the Syncer embedded in a Stage.
// Lanes whose dst is negative drop their element but still wait.
//
// kernel(ok)
func Permute(in, out []float64, dst []int, back []float64) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		st := Stage{Syncer: Warp{l}, Name: "scatter"}
		i := l.Index()
		if dst[i] >= 0 {
			out[dst[i]] = in[i]
		}
		st.Sync()
		back[i] = out[i] * 2
	})
}

// PermuteDropped has the lanes with a negative dst skip the stage's wait.
//
// kernel(bug)
func PermuteDropped(in, out []float64, dst []int, back []float64) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		st := Stage{Syncer: Warp{l}, Name: "scatter"}
		i := l.Index()
		if dst[i] < 0 {
			return
		}
		out[dst[i]] = in[i]
		st.Sync() // EXPECT
		back[i] = out[i] * 2
	})
}

// Total adds up in, one element per lane, into *out through the Group that
// pick chooses from the group size: the same type in every lane.
//
// kernel(ok)
func Total(in []float64, out *float64) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		g := pick(l)
		x := in[l.Index()]
		s := g.Sum(x)
		if l.Index() == 0 {
			*out = s
		}
	})
}

// TotalNonzero only calls Sum in the lanes with a nonzero element.
//
// kernel(bug)
func TotalNonzero(in []float64, out *float64) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		g := pick(l)
		x := in[l.Index()]
		s := 0.0
		if x != 0 {
			s = g.Sum(x) // EXPECT
		}
		if l.Index() == 0 {
			*out = s
		}
	})
}

// AreaTotal adds up the areas of shapes, one per lane, into *out: the type
// switch on the lane's shape only computes the area, the reduction comes
// after the switch.
//
// kernel(ok)
func AreaTotal(shapes []Shape, out *float64) error {
	return spmd.Run(len(shapes), func(l spmd.Lane) {
		a := 0.0
		switch s := shapes[l.Index()].(type) {
		case Rect:
			a = s.W * s.H
		case Square:
			a = s.S * s.S
		}
		total := spmd.ReduceAdd(l, a)
		if l.Index() == 0 {
			*out = total
		}
	})
}

// AreaTotalPerCase reduces inside each case of the type switch: lanes with
// different dynamic types reach different reductions.
//
// kernel(bug)
func AreaTotalPerCase(shapes []Shape, out *float64) error {
	return spmd.Run(len(shapes), func(l spmd.Lane) {
		total := 0.0
		switch s := shapes[l.Index()].(type) {
		case Rect:
			total = spmd.ReduceAdd(l, s.W*s.H) // EXPECT
		case Square:
			total = spmd.ReduceAdd(l, s.S*s.S) // EXPECT
		}
		if l.Index() == 0 {
			*out = total
		}
	})
}

// SyncIfWarp writes out[i] = in[i] + in[(i+1)%n] through a shared buffer.
// It waits before reading its neighbour's slot only when the group is a
// Warp; a Serial group (one lane, its own neighbour) reads its input
// directly. pick chose the type from Count, so the type switch goes the
// same way in every lane.
//
// kernel(ok)
func SyncIfWarp(in, out []float64) error {
	buf := make([]float64, len(in))
	return spmd.Run(len(in), func(l spmd.Lane) {
		i := l.Index()
		n := l.Count()
		buf[i] = in[i]
		switch g := pick(l).(type) {
		case Warp:
			g.Sync()
			out[i] = buf[i] + buf[(i+1)%n]
		case Serial:
			out[i] = 2 * in[i]
		}
	})
}

// SyncIfWarpPerLane picks the Group per lane instead: a lane whose
// neighbour holds the same value thinks it can skip the wait and goes
// Serial, so the type switch differs between lanes.
//
// kernel(bug)
func SyncIfWarpPerLane(in, out []float64) error {
	buf := make([]float64, len(in))
	return spmd.Run(len(in), func(l spmd.Lane) {
		i := l.Index()
		n := l.Count()
		buf[i] = in[i]
		var g Group = Warp{l}
		if in[(i+1)%n] == in[i] {
			g = Serial{}
		}
		switch g := g.(type) {
		case Warp:
			g.Sync() // EXPECT
			out[i] = buf[i] + buf[(i+1)%n]
		case Serial:
			out[i] = 2 * in[i]
		}
	})
}

// WeightedSum adds up V*weight over items, one per lane, where items that
// are not Weighted weigh 1; the assertion only picks the weight.
//
// kernel(ok)
func WeightedSum(items []any, out *float64) error {
	return spmd.Run(len(items), func(l spmd.Lane) {
		it := items[l.Index()]
		w := 1.0
		if h, ok := it.(Weighted); ok {
			w = h.Weight()
		}
		v := 0.0
		switch x := it.(type) {
		case Item:
			v = x.V
		case Heavy:
			v = x.V
		}
		s := spmd.ReduceAdd(l, v*w)
		if l.Index() == 0 {
			*out = s
		}
	})
}

// WeightedSumSplit reduces the weighted items and the plain ones in two
// different places, chosen by the lane's assertion.
//
// kernel(bug)
func WeightedSumSplit(items []any, out *float64) error {
	return spmd.Run(len(items), func(l spmd.Lane) {
		it := items[l.Index()]
		var s float64
		if h, ok := it.(Heavy); ok {
			s = spmd.ReduceAdd(l, h.V*h.Weight()) // EXPECT
		} else {
			s = spmd.ReduceAdd(l, it.(Item).V) // EXPECT
		}
		if l.Index() == 0 {
			*out = s
		}
	})
}

// Relax runs `rounds` smoothing rounds over cur (one element per lane)
// through the helper relax, given the Group as an interface; rounds is a
// kernel parameter.
//
// kernel(ok)
func Relax(cur []float64, rounds int) error {
	return spmd.Run(len(cur), func(l spmd.Lane) {
		relax(Warp{l}, cur, rounds)
	})
}

// RelaxOwn lets every lane choose its own number of rounds (given per lane
// in own), so relax waits a different number of times in each lane.
//
// kernel(bug)
func RelaxOwn(cur []float64, own []int) error {
	return spmd.Run(len(cur), func(l spmd.Lane) {
		relax(Warp{l}, cur, own[l.Index()]) // EXPECT
	})
}

// ClampLocal clamps every element of buf to [0, hi] in place. Each lane only
// touches its own element, so the fence it calls for negative elements is
// Serial, whose Sync waits for nobody.
//
// kernel(ok)
func ClampLocal(buf []float64, hi float64) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		var fence Syncer = Serial{}
		i := l.Index()
		if buf[i] < 0 {
			buf[i] = 0
			fence.Sync()
		}
		buf[i] = min(buf[i], hi)
	})
}

// ClampShared is ClampLocal with a Warp as the fence: its Sync is a barrier,
// reached only by the lanes with a negative element.
//
// kernel(bug)
func ClampShared(buf []float64, hi float64) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		var fence Syncer = Warp{l}
		i := l.Index()
		if buf[i] < 0 {
			buf[i] = 0
			fence.Sync() // EXPECT
		}
		buf[i] = min(buf[i], hi)
	})
}

// TeamPeak writes the largest element of in into *out through a Team, which
// is a Group by its promoted methods only; passed on as a Reducer, the
// interface its Group interface embeds.
//
// kernel(ok)
func TeamPeak(in []float64, out *float64) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		var g Group = Team{Warp: &Warp{l}, Name: "peak"}
		var r Reducer = g
		x := in[g.Index()]
		m := r.Max(x)
		if g.Index() == 0 {
			*out = m
		}
	})
}

// TeamPeakFinite leaves the lanes with an infinite element out of the Max.
//
// kernel(bug)
func TeamPeakFinite(in []float64, out *float64) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		var g Group = Team{Warp: &Warp{l}, Name: "peak"}
		var r Reducer = g
		x := in[g.Index()]
		m := x
		if x < 1e300 && x > -1e300 {
			m = r.Max(x) // EXPECT
		}
		if g.Index() == 0 {
			*out = m
		}
	})
}
