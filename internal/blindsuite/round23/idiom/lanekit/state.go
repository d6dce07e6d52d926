// Package lanekit holds per-lane kernel state types and generic per-lane containers.
package lanekit

import (
	"errors"

	"github.com/spmdvet/spmdvet/spmd"
)

// Data is shared read-only input: eight values, some negative.
var Data = []int{3, -1, 4, 1, -5, 9, 2, 6}

// ErrEmpty is returned by Pop on an empty container.
var ErrEmpty = errors.New("lanekit: empty")

// State is the kernel state of one lane: the lane handle, a per-lane value
// (Val, divergent) and a round counter that kernels keep uniform (Round).
type State struct {
	L     spmd.Lane
	Val   int
	Round int
}

// New returns the state of lane l with value v.
func New(l spmd.Lane, v int) *State { return &State{L: l, Val: v} }

// Sync is a barrier (pointer receiver).
func (s *State) Sync() { s.L.Barrier() }

// Total sums Val over the lanes (value receiver).
func (s State) Total() int { return spmd.ReduceAdd(s.L, s.Val) }

// Max is the largest Val over the lanes.
func (s *State) Max() int { return spmd.ReduceMax(s.L, s.Val) }

// AnyNeg reports whether some lane holds a negative value (uniform).
func (s *State) AnyNeg() bool { return spmd.Any(s.L, s.Val < 0) }

// Lead is the Val of lane 0 (value receiver).
func (s State) Lead() int { return spmd.BroadcastFirst(s.L, s.Val) }

// Step advances the round and waits for everybody.
func (s *State) Step() {
	s.Round++
	s.L.Barrier()
}

// Get returns the per-lane value; no collective.
func (s State) Get() int { return s.Val }

// Rounds returns the round counter; no collective.
func (s *State) Rounds() int { return s.Round }

// Bump adds d to the per-lane value; no collective.
func (s *State) Bump(d int) { s.Val += d }

// Positive reports Val > 0; no collective, divergent.
func (s *State) Positive() bool { return s.Val > 0 }

// Leader reports whether this is lane 0; divergent.
func (s *State) Leader() bool { return s.L.Index() == 0 }

// SyncIfLeader is broken on purpose: only lane 0 reaches the barrier.
func (s *State) SyncIfLeader() {
	if s.L.Index() == 0 {
		s.L.Barrier() // EXPECT
	}
}

// SyncIfWide branches on the group size, which is uniform.
func (s *State) SyncIfWide() {
	if s.L.Count() >= 4 {
		s.L.Barrier()
	}
}

// Tile embeds State by value and adds its own data.
type Tile struct {
	State
	Width int
}

// Area uses the embedded reduction.
func (t *Tile) Area() int { return t.Total() * t.Width }

// Quiet embeds *State but shadows Sync with a method that does not synchronize.
type Quiet struct {
	*State
	Calls int
}

// Sync shadows State.Sync: it only counts.
func (q *Quiet) Sync() { q.Calls++ }

// Meter is implemented by convergent and non-convergent types.
type Meter interface {
	Measure(v int) int
}

// SumMeter reduces across lanes (convergent).
type SumMeter struct{ L spmd.Lane }

func (m SumMeter) Measure(v int) int { return spmd.ReduceAdd(m.L, v) }

// SyncMeter synchronizes (convergent, pointer receiver).
type SyncMeter struct {
	L spmd.Lane
	N int
}

func (m *SyncMeter) Measure(v int) int {
	m.N++
	m.L.Barrier()
	return v
}

// Plain doubles its input (not convergent).
type Plain struct{ K int }

func (p Plain) Measure(v int) int { return v * p.K }

// Counter counts calls (not convergent, pointer receiver).
type Counter struct{ N int }

func (c *Counter) Measure(v int) int {
	c.N++
	return v
}
