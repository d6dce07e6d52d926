// Package kinds holds kernels built from Go types: struct embedding with
// promoted methods, interfaces, type switches, method values and method
// expressions, and function-typed fields.
package kinds

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// Base carries the lane handle and the group-wide operations.
type Base struct {
	l spmd.Lane
}

// Sync waits for the whole group.
func (b Base) Sync() { b.l.Barrier() }

// Sum reduces v over the group.
func (b Base) Sum(v int) int { return spmd.ReduceAdd(b.l, v) }

// Width is the group size.
func (b Base) Width() int { return b.l.Count() }

// Me is the lane index.
func (b Base) Me() int { return b.l.Index() }

// Worker embeds Base and gets its methods promoted.
type Worker struct {
	Base
	id int
}

// Tile embeds a pointer to Worker: two levels of promotion.
type Tile struct {
	*Worker
	size int
}

// WorkerOddSync syncs only the odd workers, through the promoted Sync.
//
//spmd:kernel
func WorkerOddSync(l spmd.Lane, out []int) {
	w := Worker{Base: Base{l: l}, id: l.Index()}
	if w.id%2 == 1 {
		w.Sync() // EXPECT
	}
	out[l.Index()] = w.id
}

// WorkerWideSync syncs when the promoted Width says the group is wide.
//
//spmd:kernel
func WorkerWideSync(l spmd.Lane, out []int) {
	w := Worker{Base: Base{l: l}, id: 7}
	if w.Width() > 1 {
		w.Sync()
	}
	out[l.Index()] = w.id
}

// WorkerMeSum reduces only in the lanes where the promoted Me is small.
//
//spmd:kernel
func WorkerMeSum(l spmd.Lane, out []int) {
	w := Worker{Base: Base{l: l}}
	s := 0
	if w.Me() < 2 {
		s = w.Sum(1) // EXPECT
	}
	out[l.Index()] = s
}

// TileSum reduces through two levels of promotion, then syncs on the
// uniform result.
//
//spmd:kernel
func TileSum(l spmd.Lane, out *int) {
	t := Tile{Worker: &Worker{Base: Base{l: l}}, size: 3}
	s := t.Sum(t.size)
	if s > t.size {
		t.Sync()
	}
	if l.Index() == 0 {
		*out = s
	}
}

// TileSumEarly returns early from the lanes past size, through promotion.
//
//spmd:kernel
func TileSumEarly(l spmd.Lane, size int, out *int) {
	t := Tile{Worker: &Worker{Base: Base{l: l}}, size: size}
	if t.Me() >= t.size {
		return
	}
	s := t.Sum(1) // EXPECT
	if t.Me() == 0 {
		*out = s
	}
}
