package physics

import (
	"errors"
	"math"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round16/apps/kit"
	"github.com/spmdvet/spmdvet/spmd"
)

func mustDiverge(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	t.Log(err)
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
}

func mustOK(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("want nil error, got %v", err)
	}
}

func bodies(n int) []Body {
	bs := make([]Body, n)
	for i := range bs {
		bs[i] = Body{Pos: Vec{X: float64(i%3) + 0.1*float64(i), Y: float64(i / 3)}, Mass: 1 + float64(i%2)}
	}
	return bs
}

func nbodyRef(bs []Body) []Vec {
	acc := make([]Vec, len(bs))
	for i := range bs {
		for j := range bs {
			acc[i] = acc[i].Add(gravity(bs[i], bs[j]))
		}
	}
	return acc
}

func close(a, b Vec) bool { return math.Abs(a.X-b.X) < 1e-9 && math.Abs(a.Y-b.Y) < 1e-9 }

func TestNBodyStep(t *testing.T) {
	bs := bodies(11)
	ref := nbodyRef(bs)
	for _, lanes := range []int{1, 4, 8, 16} {
		acc := make([]Vec, len(bs))
		tile := kit.NewTile[Body](lanes)
		mustOK(t, spmd.Run(lanes, func(l spmd.Lane) { NBodyStep(l, bs, acc, tile) }))
		for i := range acc {
			if !close(acc[i], ref[i]) {
				t.Fatalf("lanes %d body %d: %v, want %v", lanes, i, acc[i], ref[i])
			}
		}
	}
}

func TestNBodyEarlyReturn(t *testing.T) {
	bs := bodies(5)
	acc := make([]Vec, 5)
	tile := kit.NewTile[Body](8)
	mustDiverge(t, spmd.Run(8, func(l spmd.Lane) { NBodyEarlyReturn(l, bs, acc, tile) }))
}

func TestNBodyGuardedStage(t *testing.T) {
	bs := bodies(5)
	acc := make([]Vec, 5)
	tile := kit.NewTile[Body](4)
	mustDiverge(t, spmd.Run(4, func(l spmd.Lane) { NBodyGuardedStage(l, bs, acc, tile) }))
}

func TestCountCollisions(t *testing.T) {
	pos := []Vec{{X: 0, Y: 0}, {X: 0.1, Y: 0}, {X: 5, Y: 5}, {X: 5.05, Y: 5}, {X: 5, Y: 5.1}, {X: 9, Y: 9}}
	var got int
	mustOK(t, spmd.Run(4, func(l spmd.Lane) { CountCollisions(l, pos, 0.2, &got) }))
	if got != 4 { // (0,1) (2,3) (2,4) (3,4)
		t.Fatalf("collisions %d, want 4", got)
	}
}

func TestCountCollisionsCells(t *testing.T) {
	pos := []Vec{{X: 0, Y: 0}, {X: 0.1, Y: 0}, {X: 5, Y: 5}, {X: 5.05, Y: 5}, {X: 5, Y: 5.1}, {X: 9, Y: 9}}
	g := &Grid{Start: []int{0, 2, 5, 6}, Order: []int{0, 1, 2, 3, 4, 5}}
	var got int
	mustDiverge(t, spmd.Run(3, func(l spmd.Lane) { CountCollisionsCells(l, g, pos, 0.2, &got) }))
}

func TestMonteCarloPi(t *testing.T) {
	var pi float64
	mustOK(t, spmd.Run(8, func(l spmd.Lane) { MonteCarloPi(l, 20000, 42, &pi) }))
	if math.Abs(pi-math.Pi) > 0.05 {
		t.Fatalf("pi = %v", pi)
	}
}

func TestMonteCarloSplit(t *testing.T) {
	var pi float64
	// 10 samples over 8 lanes: 2 each, lanes 5, 6, 7 have none and return.
	mustDiverge(t, spmd.Run(8, func(l spmd.Lane) { MonteCarloSplit(l, 10, 1, &pi) }))
}

func TestMonteCarloAdaptive(t *testing.T) {
	var pi float64
	mustOK(t, spmd.Run(8, func(l spmd.Lane) { MonteCarloAdaptive(l, 500, 200, 1e-3, 7, &pi) }))
	if math.Abs(pi-math.Pi) > 0.1 {
		t.Fatalf("pi = %v", pi)
	}
}

func TestMonteCarloAdaptiveLocal(t *testing.T) {
	var pi float64
	mustDiverge(t, spmd.Run(8, func(l spmd.Lane) { MonteCarloAdaptiveLocal(l, 50, 200, 5e-3, 7, &pi) }))
}

func particles() []Particle {
	return []Particle{{X: 0.5, V: 3.2}, {X: 0.1, V: -0.5}, {X: 0.9, V: 0.05}, {X: 0.2, V: -2.6}, {X: 0.7, V: 0.1}}
}

func integrateRef(ps []Particle, dt float64) int {
	b := 0
	for i := range ps {
		p := &ps[i]
		p.X += p.V * dt
		for p.X < 0 || p.X > 1 {
			if p.X < 0 {
				p.X = -p.X
			} else {
				p.X = 2 - p.X
			}
			p.V = -p.V
			b++
		}
	}
	return b
}

func TestIntegrate(t *testing.T) {
	ps, ref := particles(), particles()
	want := integrateRef(ref, 1)
	var got int
	mustOK(t, spmd.Run(3, func(l spmd.Lane) { Integrate(l, ps, 1, &got) }))
	if got != want || want == 0 {
		t.Fatalf("bounces %d, want %d", got, want)
	}
	for i := range ps {
		if math.Abs(ps[i].X-ref[i].X) > 1e-12 || ps[i].V != ref[i].V {
			t.Fatalf("particle %d: %v, want %v", i, ps[i], ref[i])
		}
	}
}

func TestIntegrateRounds(t *testing.T) {
	ps := particles()
	var got int
	mustDiverge(t, spmd.Run(3, func(l spmd.Lane) { IntegrateRounds(l, ps, 1, &got) }))
}
