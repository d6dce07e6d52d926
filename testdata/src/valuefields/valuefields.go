// Package valuefields passes value handles returned by calls: a copy of a
// struct whose fields depend on different things.
package valuefields

import "github.com/spmdvet/spmdvet/spmd"

// Group is a value handle on the lanes [offset, offset+width).
type Group struct {
	l      spmd.Lane
	width  int
	offset int
}

func NewGroup(l spmd.Lane, width int) Group { return Group{l: l, width: width} }

// At returns a copy of g moved to offset off.
func (g Group) At(off int) Group {
	g.offset = off
	return g
}

// Offset and Width return the fields.
func (g Group) Offset() int { return g.offset }
func (g Group) Width() int  { return g.width }

// Tree runs one barrier per round; how many rounds depends on the width.
func (g Group) Tree(shared []int) {
	for s := g.width / 2; s > 0; s /= 2 {
		if j := g.l.Index() - g.offset; j < s {
			shared[g.offset+j] += shared[g.offset+j+s]
		}
		g.l.Barrier()
	}
}

// The offset depends on the lane, the width does not.
func segments(shared []int, w int) error {
	return spmd.Run(len(shared), func(l spmd.Lane) {
		i := l.Index()
		NewGroup(l, w).At(i / w * w).Tree(shared)
		g := NewGroup(l, w).At(i)
		if g.Width() > 2 {
			l.Barrier()
		}
		if g.width > 2 {
			l.Barrier()
		}
		tree := g.Tree
		tree(shared)
	})
}

// The width depends on the lane.
func ragged(shared []int, widths []int) error {
	return spmd.Run(len(shared), func(l spmd.Lane) {
		i := l.Index()
		NewGroup(l, widths[i]).At(0).Tree(shared) // want `^field width of parameter g of NewGroup\(l, widths\[i\]\)\.At\(0\)\.Tree must be uniform`
		g := NewGroup(l, 4).At(i)
		if g.Offset() > 2 {
			l.Barrier() // want `^barrier l\.Barrier under divergent control`
		}
		if g.offset > 2 {
			l.Barrier() // want `^barrier l\.Barrier under divergent control`
		}
	})
}
