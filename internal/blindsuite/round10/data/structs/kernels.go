package structs

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// GridRows doubles every cell, row by row, with a barrier after each row. The
// row loop bound g.H is shared memory read at a uniform address; the inner
// column loop is divergent but holds no convergent call. Correct.
//
//spmd:kernel
func GridRows(l spmd.Lane, g *Grid) {
	for y := 0; y < g.H; y++ {
		for x := l.Index(); x < g.W; x += l.Count() {
			g.Cells[y*g.W+x] *= 2
		}
		l.Barrier()
	}
}

// ActiveOwnParticle waits only if this lane's own particle is active: the
// field is loaded through a lane-dependent address. Bug.
//
//spmd:kernel
func ActiveOwnParticle(l spmd.Lane, ps []Particle) {
	p := &ps[l.Index()]
	if p.Active {
		l.Barrier() // EXPECT
	}
}

// ActiveAnyParticle is the twin of ActiveOwnParticle: the lanes vote with Any,
// whose result is uniform. Correct.
//
//spmd:kernel
func ActiveAnyParticle(l spmd.Lane, ps []Particle, hits *int32) {
	p := &ps[l.Index()]
	if spmd.Any(l, p.Active) {
		l.Barrier()
		atomic.AddInt32(hits, 1)
	}
}

// NestedRounds loops over a field of a nested struct reached through a kernel
// parameter: shared memory at a uniform address. Correct.
//
//spmd:kernel
func NestedRounds(l spmd.Lane, cfg *Config, passed *int32) {
	for r := 0; r < cfg.Phase.Rounds; r++ {
		l.Barrier()
		atomic.AddInt32(passed, 1)
	}
}

// PerLaneRounds loops over this lane's own entry of a slice of structs, so the
// lanes leave the loop in different iterations. Bug.
//
//spmd:kernel
func PerLaneRounds(l spmd.Lane, cfg *Config) {
	ph := cfg.PerLane[l.Index()]
	for r := 0; r < ph.Rounds; r++ {
		l.Barrier() // EXPECT
	}
}

// PerLaneRoundsMax is the twin of PerLaneRounds: the bound is the group maximum
// of the per-lane counts, a uniform value. Correct.
//
//spmd:kernel
func PerLaneRoundsMax(l spmd.Lane, cfg *Config, passed *int32) {
	n := spmd.ReduceMax(l, cfg.PerLane[l.Index()].Rounds)
	for r := 0; r < n; r++ {
		l.Barrier()
		atomic.AddInt32(passed, 1)
	}
}

// StepsByValueMethod takes its loop bound from a value-receiver method of a
// nested struct of shared memory. Correct.
//
//spmd:kernel
func StepsByValueMethod(l spmd.Lane, cfg *Config, passed *int32) {
	for i := 0; i < cfg.Phase.Steps(); i++ {
		l.Barrier()
		atomic.AddInt32(passed, 1)
	}
}

// SharedCountAfterBarrier: lanes write lane-dependent values into their own
// slots, lane 0 alone writes Count under a divergent branch, and after a
// barrier every lane branches on Count. Count is shared memory at a uniform
// address, so it is uniform. Correct.
//
//spmd:kernel
func SharedCountAfterBarrier(l spmd.Lane, s *Slots) {
	s.Sum[l.Index()] = l.Index() * 2
	if l.Index() == 0 {
		s.Count = l.Count()
	}
	l.Barrier()
	if s.Count > 2 {
		l.Barrier()
		s.Done[l.Index()] = true
	}
}

// SharedOwnSlot branches on this lane's own slot of shared memory after a
// barrier: the address is lane-dependent. Bug.
//
//spmd:kernel
func SharedOwnSlot(l spmd.Lane, s *Slots) {
	s.Sum[l.Index()] = l.Index()
	l.Barrier()
	if s.Sum[l.Index()] > 1 {
		l.Barrier() // EXPECT
	}
}

// SharedFixedSlot is the twin of SharedOwnSlot: all lanes read slot 1, a
// uniform address in shared memory. Correct.
//
//spmd:kernel
func SharedFixedSlot(l spmd.Lane, s *Slots) {
	s.Sum[l.Index()] = l.Index()
	l.Barrier()
	if s.Sum[1] == 1 {
		l.Barrier()
		s.Done[l.Index()] = true
	}
}

// LocalFlagDivergentStore stores through a pointer to a per-lane local under a
// divergent branch, then branches on the local. Bug.
//
//spmd:kernel
func LocalFlagDivergentStore(l spmd.Lane) {
	flag := false
	p := &flag
	if l.Index()%2 == 0 {
		*p = true
	}
	if flag {
		l.Barrier() // EXPECT
	}
}

// LocalFlagUniformStore is the twin: the store through the pointer is a
// uniform value under uniform control. Correct.
//
//spmd:kernel
func LocalFlagUniformStore(l spmd.Lane, passed *int32) {
	flag := false
	p := &flag
	*p = l.Count() > 2
	if flag {
		l.Barrier()
		atomic.AddInt32(passed, 1)
	}
}

// LocalStructFieldDivergentControl writes a constant into a field of a
// per-lane struct under a divergent branch, then branches on that field. Bug.
//
//spmd:kernel
func LocalStructFieldDivergentControl(l spmd.Lane) {
	var st struct {
		done bool
		n    int
	}
	if l.Index() < 2 {
		st.done = true
	}
	if st.done {
		l.Barrier() // EXPECT
	}
}

// LocalStructFieldUniformControl is the twin: the same write under a uniform
// branch. Correct.
//
//spmd:kernel
func LocalStructFieldUniformControl(l spmd.Lane, passed *int32) {
	var st struct {
		done bool
		n    int
	}
	if l.Count() > 2 {
		st.done = true
	}
	if st.done {
		l.Barrier()
		atomic.AddInt32(passed, 1)
	}
}

// NewParticleCell allocates a per-lane struct with new and stores a
// lane-dependent value into the field it then branches on. Bug.
//
//spmd:kernel
func NewParticleCell(l spmd.Lane) {
	acc := new(Particle)
	acc.Cell = l.Index() % 2
	if acc.Cell == 0 {
		l.Barrier() // EXPECT
	}
}

// LocalPhaseTable fills a per-lane array of structs with uniform values at
// uniform indices and loops over one of them. Correct.
//
//spmd:kernel
func LocalPhaseTable(l spmd.Lane, passed *int32) {
	var pts [4]Phase
	for i := range pts {
		pts[i].Rounds = i
	}
	for r := 0; r < pts[3].Rounds; r++ {
		l.Barrier()
		atomic.AddInt32(passed, 1)
	}
}

// LocalPhaseTableLaneValue stores a lane-dependent value into an element of a
// per-lane array of structs and loops over it. Bug.
//
//spmd:kernel
func LocalPhaseTableLaneValue(l spmd.Lane) {
	var pts [4]Phase
	pts[1].Rounds = l.Index() % 3
	for r := 0; r < pts[1].Rounds; r++ {
		l.Barrier() // EXPECT
	}
}

// PromotedWaitOwnWorker calls the promoted method Wait under a branch on the
// promoted field of this lane's own worker. Bug.
//
//spmd:kernel
func PromotedWaitOwnWorker(l spmd.Lane, ws []Worker) {
	w := &ws[l.Index()]
	if w.Even() {
		w.Wait(l) // EXPECT
	}
}

// PromotedWaitFirstWorker is the twin: every lane tests worker 0, a uniform
// address. Correct.
//
//spmd:kernel
func PromotedWaitFirstWorker(l spmd.Lane, ws []Worker) {
	w := &ws[0]
	if w.Even() {
		w.Wait(l)
		ws[l.Index()].Data = append(ws[l.Index()].Data, w.ID)
	}
}

// StripedUpdate moves this lane's particles with a barrier per particle: lanes
// own different numbers of particles. Bug.
//
//spmd:kernel
func StripedUpdate(l spmd.Lane, ps []Particle) {
	for i := l.Index(); i < len(ps); i += l.Count() {
		ps[i].Pos += ps[i].Vel
		l.Barrier() // EXPECT
	}
}

// TiledUpdate is the twin of StripedUpdate: the loop runs over uniform tiles
// and only the update itself is guarded by the lane's index. Correct.
//
//spmd:kernel
func TiledUpdate(l spmd.Lane, ps []Particle) {
	for base := 0; base < len(ps); base += l.Count() {
		if i := base + l.Index(); i < len(ps) {
			ps[i].Pos += ps[i].Vel
		}
		l.Barrier()
	}
}

// WalkSharedList walks a shared linked list; every lane visits the same nodes.
// Correct.
//
//spmd:kernel
func WalkSharedList(l spmd.Lane, head *Node, passed *int32) {
	for n := head; n != nil; n = n.Next {
		if n.Val > 0 {
			l.Barrier()
			atomic.AddInt32(passed, 1)
		}
	}
}

// WalkOwnList walks this lane's own list; the lists differ in length. Bug.
//
//spmd:kernel
func WalkOwnList(l spmd.Lane, heads []*Node) {
	for n := heads[l.Index()]; n != nil; n = n.Next {
		l.Barrier() // EXPECT
	}
}

// RunStencil runs a closure kernel that captures a grid: captured values are
// uniform. Correct.
func RunStencil(g *Grid) error {
	return spmd.Run(4, func(l spmd.Lane) {
		if g.W > 2 {
			x := l.Index() % g.W
			g.Cells[x] += 1
			l.Barrier()
		}
	})
}

// RunStencilOwnRow runs a closure kernel that branches on the captured grid at
// a lane-dependent address. Bug.
func RunStencilOwnRow(g *Grid) error {
	return spmd.Run(4, func(l spmd.Lane) {
		row := l.Index() % g.H
		if g.Cells[row*g.W] > 0 {
			l.Barrier() // EXPECT
		}
	})
}

// PhaseCopyPerLane adds a lane-dependent value to its by-value Phase
// parameter, which makes the per-lane copy lane-dependent, and loops over it.
// Bug.
//
//spmd:kernel
func PhaseCopyPerLane(l spmd.Lane, ph Phase) {
	ph.Rounds += l.Index() % 2
	for r := 0; r < ph.Rounds; r++ {
		l.Barrier() // EXPECT
	}
}

// PhaseCopyUniform overwrites a field of its by-value Phase parameter with a
// uniform value and loops over the value method's result. Correct.
//
//spmd:kernel
func PhaseCopyUniform(l spmd.Lane, ph Phase, passed *int32) {
	ph.Stride = 2
	for i := 0; i < ph.Steps(); i++ {
		l.Barrier()
		atomic.AddInt32(passed, 1)
	}
}
