// Package structs holds kernels over structs, arrays, slices and pointers:
// which memory is per lane and which is shared by the group decides whether a
// loaded value is uniform.
package structs

import "github.com/spmdvet/spmdvet/spmd"

// Particle is one element of a particle system; a kernel gets a slice of them.
type Particle struct {
	Pos, Vel float64
	Active   bool
	Cell     int
}

// Grid is a shared 2-D array with uniform dimensions.
type Grid struct {
	W, H  int
	Cells []float64
}

// Phase describes a number of barrier-separated rounds.
type Phase struct {
	Rounds int
	Stride int
}

// Steps returns the number of steps of the phase (value receiver).
func (p Phase) Steps() int { return p.Rounds * p.Stride }

// Config nests a uniform Phase and a per-lane table of Phases.
type Config struct {
	Name    string
	Phase   Phase
	PerLane []Phase
}

// Slots is group-shared scratch memory with a slot per lane.
type Slots struct {
	Sum   [8]int
	Done  [8]bool
	Count int
}

// Base is embedded in Worker.
type Base struct {
	ID     int
	Rounds int
}

// Wait waits for the whole group (promoted to Worker; convergent).
func (b *Base) Wait(l spmd.Lane) { l.Barrier() }

// Even reports whether the ID is even (value receiver, promoted).
func (b Base) Even() bool { return b.ID%2 == 0 }

// Worker embeds Base.
type Worker struct {
	Base
	Data []int
}

// Node is a cell of a shared linked list.
type Node struct {
	Val  int
	Next *Node
}
