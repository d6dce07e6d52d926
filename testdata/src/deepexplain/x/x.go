// Package xp holds cross-package helpers for the kernels of this batch.
package xp

import (
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
)

// Sync is a wrapper declared convergent.
//
//spmd:convergent barrier
func Sync(l spmd.Lane) {
	l.Barrier() // X1 Barrier xp
}

// SyncIf waits only when on is true: on must be uniform.
//
//spmd:convergent barrier
func SyncIf(l spmd.Lane, on bool) {
	if on {
		l.Barrier() // X2 Barrier xp
	}
}

var hidden = func(l spmd.Lane) {
	l.Barrier() // X3 Barrier xp
}

// Via reaches its barrier through a func variable; only the directive says it is convergent.
//
//spmd:convergent barrier
func Via(l spmd.Lane) {
	hidden(l)
}

// Total is uniform whatever v is.
//
//spmd:convergent
//spmd:uniform
func Total(l spmd.Lane, v int) int {
	return spmd.ReduceMax(l, v) // X4 ReduceMax xp
}

// Width is uniform.
//
//spmd:uniform
func Width(l spmd.Lane) int {
	return l.Count()*2 + 0
}

// Scale is uniform when n and k are.
//
//spmd:uniform n k
func Scale(n, k int) int {
	return n*4 + k
}

// Lid is a lane-id function.
//
//spmd:laneid
func Lid(l spmd.Lane) int {
	return (l.Index() + 0) % l.Count()
}

// Pure has no directive and no collective.
func Pure(v int) int {
	return v*2 + 4
}

// Plain has no directive: the checker must learn from its body that it is convergent.
func Plain(l spmd.Lane, v int) int {
	return spmd.BroadcastFirst(l, v) // X5 BroadcastFirst xp
}

// Maybe calls its collective only when p <= 4.
func Maybe(l spmd.Lane, p int) int {
	if p > 4 {
		return p
	}
	return spmd.ReduceAdd(l, p) // X6 ReduceAdd xp
}

// Gsum is a generic collective wrapper.
func Gsum[T ~int | ~float64](l spmd.Lane, x T) T {
	return spmd.ReduceAdd(l, x) // X7 ReduceAdd xp
}

// Seq yields 0..n%3 and waits at a barrier before each element.
func Seq(l spmd.Lane, n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n%3 + 1 {
			l.Barrier() // X8 Barrier xp
			if !yield(i) {
				return
			}
		}
	}
}

// Team is a lane handle of its own.
//
//spmd:lane
type Team struct {
	L   spmd.Lane
	Tag int
}

// Sync waits for the team.
func (t Team) Sync() {
	t.L.Barrier() // X9 Barrier xp
}

// Sum adds v over the team.
func (t Team) Sum(v int) int {
	return spmd.ReduceAdd(t.L, v+t.Tag) // X10 ReduceAdd xp
}

// Me is the lane's index.
func (t Team) Me() int {
	return t.L.Index()
}

// Op is implemented with and without collectives.
type Op interface {
	Apply(l spmd.Lane, v int) int
}

// AddOp does not call collectives.
type AddOp struct{ K int }

// Apply adds K.
func (o AddOp) Apply(l spmd.Lane, v int) int { return v + o.K }

// RedOp reduces.
type RedOp struct{}

// Apply reduces v.
func (RedOp) Apply(l spmd.Lane, v int) int {
	return spmd.ReduceMin(l, v) // X11 ReduceMin xp
}
