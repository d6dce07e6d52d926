// Package lib is a device library whose handle types hold the lane: its
// helpers take a Block, not a spmd.Lane, and are SPMD code all the same.
package lib

import "github.com/spmdvet/spmdvet/spmd"

// Block is a thread block's handle.
type Block struct{ L spmd.Lane }

// Tid is the lane's index in the block.
func (b Block) Tid() int { return b.L.Index() }

// Sync is the block's barrier.
func (b Block) Sync() { b.L.Barrier() }

// Flush writes the lane's slot, then syncs: every lane reaches the barrier.
func (b Block) Flush(out []int, v int) {
	if b.Tid() < len(out) {
		out[b.Tid()] = v
	}
	b.Sync()
}

// FlushFast lets the lanes past the end of out leave before the barrier.
func (b Block) FlushFast(out []int, v int) {
	if b.Tid() >= len(out) {
		return
	}
	out[b.Tid()] = v
	b.Sync() // want `^barrier b\.L\.Barrier \(reached through b\.Sync\) under divergent control`
}

// Lead has the block's first lane sync alone.
func Lead(b *Block, shared, src []int) int {
	if b.Tid() == 0 {
		shared[0] = src[0]
		b.Sync() // want `^barrier b\.L\.Barrier \(reached through b\.Sync\) under divergent control`
	}
	return shared[0]
}

// Reducer combines one value per lane.
type Reducer interface{ Reduce(v int) int }

// Sum is a convergent Reducer.
type Sum struct{ B Block }

func (r Sum) Reduce(v int) int { return spmd.ReduceAdd(r.B.L, v) }

// Scaled is a convergent Reducer with a factor of its own.
type Scaled struct {
	B Block
	K int
}

func (r Scaled) Reduce(v int) int { return spmd.ReduceAdd(r.B.L, r.K*v) }

// Serial is the Reducer of one lane: not convergent. A call of Reduce may
// still reach the others'.
type Serial struct{}

func (Serial) Reduce(v int) int { return v }

// Acc is a lane's accumulator, shared through a pointer.
type Acc struct {
	B Block
	N int
}

// Counter is an accumulator that can be muted.
type Counter struct {
	B     Block
	N     int
	Muted bool
}

// Add counts one more item.
func (c *Counter) Add() { c.N++ }

// Flush is the block's count, or 0 for a muted counter: Muted must be the
// same in every lane, N need not be.
func (c *Counter) Flush() int {
	if c.Muted {
		return 0
	}
	return spmd.ReduceAdd(c.B.L, c.N)
}

// Add counts one more item.
func (a *Acc) Add() { a.N++ }

// Total is the block's count.
func (a *Acc) Total() int { return spmd.ReduceAdd(a.B.L, a.N) }

// Syncer is anything that syncs the block.
type Syncer interface{ Sync() }

// NoSync is the Syncer of code that needs no barrier.
type NoSync struct{}

func (NoSync) Sync() {}

// Phases runs step n times, syncing s after each: n must be uniform when s
// is a barrier, and need not be when it is NoSync.
func Phases[S Syncer](s S, n int, step func(int)) {
	for p := range n {
		step(p)
		s.Sync()
	}
}

// Adder combines a number over the lanes, or not.
type Adder[T ~int] interface{ Add(v T) T }

// Lanes adds up over the lanes: a collective.
type Lanes[T ~int] struct{ L spmd.Lane }

func (a Lanes[T]) Add(v T) T { return spmd.ReduceAdd(a.L, v) }

// Alone adds nothing up.
type Alone[T ~int] struct{}

func (Alone[T]) Add(v T) T { return v }

// Total adds xs up in the lane, then combines the parts with a.
func Total[T ~int, A Adder[T]](a A, xs []T) T {
	var part T
	for _, x := range xs {
		part += x
	}
	return a.Add(part)
}

// PhasesOf is Phases with an interface: a NoSync in it is no barrier either.
func PhasesOf(s Syncer, n int) {
	for range n {
		s.Sync()
	}
}

// PhasesTwice gives its type parameter on to Phases.
func PhasesTwice[S Syncer](s S, n int) {
	Phases(s, n, func(int) {})
	Phases(s, n, func(int) {})
}

// Handle is a lane's handle made by a constructor: it keeps the lane's own
// index in one field, and a mode that every lane is given alike.
type Handle struct {
	B    Block
	mine int
	fast bool
}

// NewHandle stores the lane-dependent index in mine only.
func NewHandle(l spmd.Lane, fast bool) *Handle {
	return &Handle{B: Block{L: l}, mine: l.Index(), fast: fast}
}

// Sum syncs unless the handle is fast: fast must be uniform, mine need not.
func (h *Handle) Sum(v int) int {
	if h.fast {
		return v
	}
	return spmd.ReduceAdd(h.B.L, v+h.mine)
}
