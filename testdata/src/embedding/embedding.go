// Package embedding reaches lanes and collectives through embedded fields:
// a lane promoted through a struct and an interface, an interface embedded
// in a struct, and a handle whose slice field a method appends to.
package embedding

import "github.com/spmdvet/spmdvet/spmd"

// Group is what a kernel needs of its lanes.
type Group interface {
	Syncer
	Index() int
	Sum(v int) int
}

type Syncer interface{ Sync() }

// Warp satisfies Group with Index promoted from the lane.
type Warp struct{ spmd.Lane }

func (w Warp) Sync()         { w.Barrier() }
func (w Warp) Sum(v int) int { return spmd.ReduceAdd(w.Lane, v) }

// Serial never waits.
type Serial struct{}

func (Serial) Sync() {}

// Stage embeds the Syncer it waits with.
type Stage struct {
	Syncer
	Name string
}

// g.Index() is the lane index, promoted from the lane through Warp.
func promoted(in []int) error {
	return spmd.Run(len(in), func(l spmd.Lane) {
		var g Group = Warp{l}
		if g.Index() < 2 {
			in[g.Index()] = g.Sum(1) // want `^collective spmd\.ReduceAdd \(reached through g\.Sum\) under divergent control`
		}
		in[g.Index()] += g.Sum(2)
	})
}

// st.Sync() runs the Sync of whatever st.Syncer holds.
func stage(dst []int) error {
	return spmd.Run(len(dst), func(l spmd.Lane) {
		st := Stage{Syncer: Warp{l}, Name: "scatter"}
		st.Sync()
		if dst[l.Index()] < 0 {
			return
		}
		st.Sync()        // want `^barrier w\.Barrier \(reached through st\.Sync\) under divergent control`
		st.Syncer.Sync() // want `^barrier w\.Barrier \(reached through st\.Syncer\.Sync\) under divergent control`
	})
}

// Tracer records the group's largest value when on.
type Tracer struct {
	lane spmd.Lane
	on   bool
	Log  []int
}

func NewTracer(l spmd.Lane, on bool) *Tracer { return &Tracer{lane: l, on: on} }

func (t *Tracer) Checkpoint(v int) {
	if t.on {
		t.Log = append(t.Log, spmd.ReduceMax(t.lane, v))
	}
}

// The appended slice depends on t, but cannot point into it: t's memory
// stays the lane's own, which the store to shared memory at a lane's own
// index does not touch.
func decay(buf []int, trace bool) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		tr := NewTracer(l, trace)
		i := l.Index()
		buf[i] *= 2
		tr.Checkpoint(buf[i])
	})
}

// Traced by the lanes that ask.
func decayOwn(buf []int) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		i := l.Index()
		tr := NewTracer(l, buf[i] > 0)
		tr.Checkpoint(buf[i]) // want `^field on of what parameter t of tr\.Checkpoint points to must be uniform`
	})
}

// monitor keeps the group's largest change at every check.
type monitor struct {
	tol     int
	history []int
}

func (m *monitor) settled(l spmd.Lane, change int) bool {
	g := spmd.ReduceMax(l, change)
	m.history = append(m.history, g)
	return g < m.tol
}

// The appended []int cannot point to m.tol, a lone int: the store to
// shared memory at a lane's own index does not reach m, though m is on
// the heap (its history is kept).
func iterate(x0, x []int, tol int) ([]int, error) {
	var hist []int
	err := spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		m := monitor{tol: tol}
		xi := x0[i]
		for it := 0; it < 10; it++ {
			next := xi / 2
			change := next - xi
			xi = next
			if m.settled(l, change) {
				break
			}
		}
		x[i] = xi
		if i == 0 {
			hist = m.history
		}
	})
	return hist, err
}

// With a tolerance of each lane's own, lanes stop at different checks.
func iterateOwn(x []int) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		m := monitor{tol: x[l.Index()]}
		for it := 0; it < 10; it++ {
			if m.settled(l, it) { // want `^collective spmd\.ReduceMax \(reached through m\.settled\) under divergent control`
				break
			}
		}
	})
}

// Tagged is a Warp that carries its lane's index.
type Tagged struct {
	Warp
	tag int
}

// Stages of two types, stored at known places, one holding the lane's
// index: every lane runs the same stage at each step.
func stages(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		list := []Syncer{Tagged{Warp{l}, l.Index()}, Serial{}}
		for _, s := range list {
			s.Sync()
		}
	})
}

// The stage picked by the lane's own index.
func stagesByLane(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		list := []Syncer{Warp{l}, Serial{}}
		list[l.Index()%2].Sync() // want `^barrier list\[l\.Index\(\)%2\]\.Sync called through a lane-dependent function value`
	})
}

// A stage replaced in some lanes only.
func stagesReplaced(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		list := []Syncer{Warp{l}, Warp{l}}
		if l.Index() > 2 {
			list[1] = Serial{}
		}
		for _, s := range list {
			s.Sync() // want `^barrier s\.Sync called through a lane-dependent function value`
		}
	})
}
