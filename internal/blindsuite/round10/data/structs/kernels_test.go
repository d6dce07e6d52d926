package structs

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %T %v", err, err)
	}
	t.Log(err)
}

func wantNil(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("want nil, got %v", err)
	}
}

func TestGridRows(t *testing.T) {
	g := &Grid{W: 5, H: 3, Cells: make([]float64, 15)}
	for i := range g.Cells {
		g.Cells[i] = float64(i)
	}
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { GridRows(l, g) }))
	for i, c := range g.Cells {
		if c != float64(2*i) {
			t.Fatalf("cell %d = %v", i, c)
		}
	}
}

func TestActiveOwnParticle(t *testing.T) {
	ps := []Particle{{Active: true}, {}, {Active: true}, {}}
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { ActiveOwnParticle(l, ps) }))
}

func TestActiveAnyParticle(t *testing.T) {
	ps := []Particle{{Active: true}, {}, {Active: true}, {}}
	var hits int32
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { ActiveAnyParticle(l, ps, &hits) }))
	if hits != 4 {
		t.Fatalf("hits = %d", hits)
	}
}

func TestNestedRounds(t *testing.T) {
	var passed int32
	cfg := &Config{Phase: Phase{Rounds: 3}}
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { NestedRounds(l, cfg, &passed) }))
	if passed != 12 {
		t.Fatalf("passed = %d", passed)
	}
}

func TestPerLaneRounds(t *testing.T) {
	cfg := &Config{PerLane: []Phase{{Rounds: 1}, {Rounds: 2}, {Rounds: 3}, {Rounds: 1}}}
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { PerLaneRounds(l, cfg) }))
}

func TestPerLaneRoundsMax(t *testing.T) {
	var passed int32
	cfg := &Config{PerLane: []Phase{{Rounds: 1}, {Rounds: 2}, {Rounds: 3}, {Rounds: 1}}}
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { PerLaneRoundsMax(l, cfg, &passed) }))
	if passed != 12 {
		t.Fatalf("passed = %d", passed)
	}
}

func TestStepsByValueMethod(t *testing.T) {
	var passed int32
	cfg := &Config{Phase: Phase{Rounds: 2, Stride: 3}}
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { StepsByValueMethod(l, cfg, &passed) }))
	if passed != 24 {
		t.Fatalf("passed = %d", passed)
	}
}

func TestSharedCountAfterBarrier(t *testing.T) {
	s := &Slots{}
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { SharedCountAfterBarrier(l, s) }))
	if s.Count != 4 || s.Sum[3] != 6 || !s.Done[0] || !s.Done[3] {
		t.Fatalf("slots = %+v", s)
	}
}

func TestSharedOwnSlot(t *testing.T) {
	s := &Slots{}
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { SharedOwnSlot(l, s) }))
}

func TestSharedFixedSlot(t *testing.T) {
	s := &Slots{}
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { SharedFixedSlot(l, s) }))
	if !s.Done[0] || !s.Done[3] {
		t.Fatalf("slots = %+v", s)
	}
}

func TestLocalFlagDivergentStore(t *testing.T) {
	wantDivergence(t, spmd.Run(4, LocalFlagDivergentStore))
}

func TestLocalFlagUniformStore(t *testing.T) {
	var passed int32
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { LocalFlagUniformStore(l, &passed) }))
	if passed != 4 {
		t.Fatalf("passed = %d", passed)
	}
}

func TestLocalStructFieldDivergentControl(t *testing.T) {
	wantDivergence(t, spmd.Run(4, LocalStructFieldDivergentControl))
}

func TestLocalStructFieldUniformControl(t *testing.T) {
	var passed int32
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { LocalStructFieldUniformControl(l, &passed) }))
	if passed != 4 {
		t.Fatalf("passed = %d", passed)
	}
}

func TestNewParticleCell(t *testing.T) {
	wantDivergence(t, spmd.Run(4, NewParticleCell))
}

func TestLocalPhaseTable(t *testing.T) {
	var passed int32
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { LocalPhaseTable(l, &passed) }))
	if passed != 12 {
		t.Fatalf("passed = %d", passed)
	}
}

func TestLocalPhaseTableLaneValue(t *testing.T) {
	wantDivergence(t, spmd.Run(4, LocalPhaseTableLaneValue))
}

func workers(n int) []Worker {
	ws := make([]Worker, n)
	for i := range ws {
		ws[i].ID = i
	}
	return ws
}

func TestPromotedWaitOwnWorker(t *testing.T) {
	ws := workers(4)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { PromotedWaitOwnWorker(l, ws) }))
}

func TestPromotedWaitFirstWorker(t *testing.T) {
	ws := workers(4)
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { PromotedWaitFirstWorker(l, ws) }))
	for i, w := range ws {
		if len(w.Data) != 1 || w.Data[0] != 0 {
			t.Fatalf("worker %d data %v", i, w.Data)
		}
	}
}

func TestStripedUpdate(t *testing.T) {
	ps := make([]Particle, 6)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { StripedUpdate(l, ps) }))
}

func TestTiledUpdate(t *testing.T) {
	ps := make([]Particle, 6)
	for i := range ps {
		ps[i].Vel = float64(i)
	}
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { TiledUpdate(l, ps) }))
	for i, p := range ps {
		if p.Pos != float64(i) {
			t.Fatalf("particle %d at %v", i, p.Pos)
		}
	}
}

func list(n int) *Node {
	var head *Node
	for i := 0; i < n; i++ {
		head = &Node{Val: i + 1, Next: head}
	}
	return head
}

func TestWalkSharedList(t *testing.T) {
	var passed int32
	head := list(3)
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { WalkSharedList(l, head, &passed) }))
	if passed != 12 {
		t.Fatalf("passed = %d", passed)
	}
}

func TestWalkOwnList(t *testing.T) {
	heads := []*Node{list(1), list(2), list(2), list(3)}
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { WalkOwnList(l, heads) }))
}

func TestRunStencil(t *testing.T) {
	g := &Grid{W: 4, H: 2, Cells: make([]float64, 8)}
	wantNil(t, RunStencil(g))
	for x := 0; x < 4; x++ {
		if g.Cells[x] != 1 {
			t.Fatalf("cells %v", g.Cells)
		}
	}
}

func TestRunStencilOwnRow(t *testing.T) {
	g := &Grid{W: 2, H: 2, Cells: []float64{1, 0, 0, 0}}
	wantDivergence(t, RunStencilOwnRow(g))
}

func TestPhaseCopyPerLane(t *testing.T) {
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { PhaseCopyPerLane(l, Phase{Rounds: 1}) }))
}

func TestPhaseCopyUniform(t *testing.T) {
	var passed int32
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { PhaseCopyUniform(l, Phase{Rounds: 2, Stride: 9}, &passed) }))
	if passed != 16 {
		t.Fatalf("passed = %d", passed)
	}
}
