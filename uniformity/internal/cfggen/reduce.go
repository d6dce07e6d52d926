package cfggen

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/spmdvet/spmdvet/uniformity"
)

// Reduce shrinks f while interesting holds, for turning a function on
// which two analyses disagree into a small reproducer. It tries, until
// none succeeds: dropping a successor of a branch, short-cutting a block
// that only jumps on, deleting an instruction (its uses get a constant)
// and replacing an operand by a constant. Every candidate is a valid
// function (see Valid); interesting decides whether it still shows the
// problem. The result is interesting if f is.
func Reduce(f *Func, interesting func(*Func) bool) *Func {
	try := func(edit func(g *Func) bool) bool {
		g := f.clone()
		if !edit(g) {
			return false
		}
		g = g.compact()
		if g.Valid() != nil || !interesting(g) {
			return false
		}
		f = g
		return true
	}
	for changed := true; changed; {
		changed = false
		// Big steps first: edges and blocks. Indices run downwards, so a
		// success shifts only what was already tried; whatever a success
		// skips, the next round tries.
		for b := len(f.Blocks) - 1; b >= 0; b-- {
			for i := len(f.Blocks[min(b, len(f.Blocks)-1)].Succs) - 1; i >= 0; i-- {
				if b < len(f.Blocks) && i < len(f.Blocks[b].Succs) {
					changed = try(func(g *Func) bool { return g.dropSucc(b, i) }) || changed
				}
			}
		}
		for b := len(f.Blocks) - 1; b >= 0; b-- {
			if b < len(f.Blocks) {
				changed = try(func(g *Func) bool { return g.bypass(b) }) || changed
			}
		}
		for v := len(f.Values) - 1; v >= 0; v-- {
			if v < len(f.Values) && f.Values[v].Block >= 0 && !f.IsTerminator(v) {
				changed = try(func(g *Func) bool { return g.deleteInstr(v) }) || changed
			}
		}
		for v := len(f.Values) - 1; v >= 0; v-- {
			if v >= len(f.Values) || f.Values[v].Block < 0 || f.Values[v].Op == OpPhi {
				continue
			}
			for i := len(f.Values[v].Args) - 1; i >= 0; i-- {
				if v >= len(f.Values) || i >= len(f.Values[v].Args) {
					continue
				}
				if a := f.Values[v].Args[i]; a < 0 || f.Values[a].Op == OpConst || f.Values[a].Op == OpParam {
					continue
				}
				changed = try(func(g *Func) bool { return g.constOperand(v, i) }) || changed
			}
		}
	}
	return f
}

func (f *Func) clone() *Func {
	g := *f
	g.Blocks = make([]Block, len(f.Blocks))
	for b, blk := range f.Blocks {
		g.Blocks[b] = Block{Succs: slices.Clone(blk.Succs), Instrs: slices.Clone(blk.Instrs)}
	}
	g.Values = make([]Value, len(f.Values))
	for v, val := range f.Values {
		val.Args, val.From = slices.Clone(val.Args), slices.Clone(val.From)
		g.Values[v] = val
	}
	g.Params = slices.Clone(f.Params)
	g.consts = maps.Clone(f.consts)
	return &g
}

// zero returns a value of v's type that uses nothing.
func (f *Func) zero(v int) int {
	switch typ := f.Values[v].Type; typ {
	case "i1":
		return f.constant(typ, "false")
	case "ptr addrspace(1)":
		return f.param("%out")
	default:
		return f.constant(typ, "0")
	}
}

// deleteInstr removes instruction v, giving its users a constant instead.
func (f *Func) deleteInstr(v int) bool {
	if f.Values[v].Op == OpThreadID && f.Values[v].Name == "%tid" {
		return false // keep the source of divergence in the entry
	}
	z := f.zero(v)
	for u := range f.Values {
		for i, a := range f.Values[u].Args {
			if a == v {
				f.Values[u].Args[i] = z
			}
		}
	}
	b := f.Values[v].Block
	f.Blocks[b].Instrs = slices.DeleteFunc(f.Blocks[b].Instrs, func(x int) bool { return x == v })
	f.Values[v].Block = -1
	return true
}

func (f *Func) constOperand(v, i int) bool {
	f.Values[v].Args[i] = f.zero(f.Values[v].Args[i])
	return true
}

// dropSucc removes successor i of block b: a two-way branch becomes a
// jump, a switch loses a case.
func (f *Func) dropSucc(b, i int) bool {
	succs := f.Blocks[b].Succs
	if len(succs) < 2 {
		return false
	}
	s := succs[i]
	f.Blocks[b].Succs = slices.Delete(succs, i, i+1)
	term := f.Blocks[b].Instrs[len(f.Blocks[b].Instrs)-1]
	if len(f.Blocks[b].Succs) == 1 {
		f.Values[term] = Value{Op: OpBr, Type: "void", Block: b}
	}
	if !slices.Contains(f.Blocks[b].Succs, s) {
		f.removeIncoming(s, b)
	}
	return true
}

// removeIncoming drops the entries for predecessor p from the phis of b.
func (f *Func) removeIncoming(b, p int) {
	for _, v := range f.Blocks[b].Instrs {
		val := &f.Values[v]
		if val.Op != OpPhi {
			continue
		}
		for k := len(val.From) - 1; k >= 0; k-- {
			if val.From[k] == p {
				val.From = slices.Delete(val.From, k, k+1)
				val.Args = slices.Delete(val.Args, k, k+1)
			}
		}
	}
}

// bypass sends the predecessors of block b, which must hold nothing but
// a jump, straight to b's successor, whose phis then take the value they
// took from b on the edge from each of b's predecessors.
func (f *Func) bypass(b int) bool {
	blk := f.Blocks[b]
	if b == 0 || len(blk.Instrs) != 1 || len(blk.Succs) != 1 || blk.Succs[0] == b {
		return false
	}
	s := blk.Succs[0]
	var preds []int
	for p := range f.Blocks {
		for k, t := range f.Blocks[p].Succs {
			if t == b {
				f.Blocks[p].Succs[k] = s
				if !slices.Contains(preds, p) {
					preds = append(preds, p)
				}
			}
		}
	}
	for _, v := range f.Blocks[s].Instrs {
		val := &f.Values[v]
		if val.Op != OpPhi {
			continue
		}
		k := slices.Index(val.From, b)
		in := val.Args[k]
		val.From = slices.Delete(val.From, k, k+1)
		val.Args = slices.Delete(val.Args, k, k+1)
		for _, p := range preds {
			if slices.Contains(val.From, p) {
				return false // p already reaches s: the phi would need two values for one block
			}
			for range count(f.Blocks[p].Succs, s) {
				val.From = append(val.From, p)
				val.Args = append(val.Args, in)
			}
		}
	}
	f.Blocks[b].Succs = nil
	return true
}

func count(s []int, x int) int {
	n := 0
	for _, y := range s {
		if y == x {
			n++
		}
	}
	return n
}

// compact returns f without the blocks the entry no longer reaches and
// without the values no block holds, renumbered.
func (f *Func) compact() *Func {
	reach := make([]bool, len(f.Blocks))
	for _, b := range reversePostOrder(f.shape()) {
		reach[b] = true
	}
	newBlock := make([]int, len(f.Blocks))
	g := newFunc(f.Name, f.Kernel)
	for b := range f.Blocks {
		newBlock[b] = -1
		if reach[b] {
			newBlock[b] = g.addBlock()
		}
	}
	newValue := make([]int, len(f.Values))
	for v := range newValue {
		newValue[v] = uniformity.Undef
	}
	for i, p := range f.Params {
		newValue[p] = g.Params[i]
	}
	for v, val := range f.Values {
		if val.Op == OpConst {
			newValue[v] = g.constant(val.Type, val.Name)
		}
	}
	// Number the instructions first: phis may use values defined later.
	next := len(g.Values)
	for b, blk := range f.Blocks {
		if reach[b] {
			for _, v := range blk.Instrs {
				newValue[v] = next
				next++
			}
		}
	}
	for b, blk := range f.Blocks {
		if !reach[b] {
			continue
		}
		nb := newBlock[b]
		for _, s := range blk.Succs {
			g.Blocks[nb].Succs = append(g.Blocks[nb].Succs, newBlock[s])
		}
		for _, v := range blk.Instrs {
			val := f.Values[v]
			val.Block = nb
			val.Args, val.From = nil, nil
			for k, a := range f.Values[v].Args {
				if val.Op == OpPhi && !reach[f.Values[v].From[k]] {
					continue
				}
				na := uniformity.Undef
				if a >= 0 {
					na = newValue[a]
				}
				val.Args = append(val.Args, na)
				if val.Op == OpPhi {
					val.From = append(val.From, newBlock[f.Values[v].From[k]])
				}
			}
			if val.Name != "%tid" && val.Type != "void" {
				val.Name = "" // renamed by add after its new number
			}
			g.add(nb, val)
		}
	}
	return g.finish()
}

func (f *Func) shape() shape {
	s := make(shape, len(f.Blocks))
	for b, blk := range f.Blocks {
		s[b] = blk.Succs
	}
	return s
}

// Valid reports why f is not a function LLVM's verifier accepts, as far
// as the generator's constructs go: a reachable block or a dominating
// definition missing, phis out of step with the predecessors, and so on.
func (f *Func) Valid() error {
	s := f.shape()
	if len(f.preds) != len(f.Blocks) {
		return errors.New("predecessors not computed")
	}
	if len(f.Blocks) == 0 {
		return errors.New("no blocks")
	}
	if len(f.preds[0]) > 0 {
		return errors.New("the entry block has predecessors")
	}
	if n := len(reversePostOrder(s)); n != len(f.Blocks) {
		return fmt.Errorf("%d blocks unreachable", len(f.Blocks)-n)
	}
	idom := dominators(s)
	dominates := func(a, b int) bool {
		for a != b {
			if b == 0 {
				return false
			}
			b = idom[b]
		}
		return true
	}
	pos := map[int]int{} // position of each instruction in its block
	for _, blk := range f.Blocks {
		for i, v := range blk.Instrs {
			pos[v] = i
		}
	}
	defined := func(a, b, at int) bool { // is a usable in block b before position at?
		if a < 0 || f.Values[a].Block < 0 {
			return true
		}
		d := f.Values[a].Block
		if d == b {
			return pos[a] < at
		}
		return dominates(d, b)
	}
	for b, blk := range f.Blocks {
		if len(blk.Instrs) == 0 {
			return fmt.Errorf("bb%d is empty", b)
		}
		phis := true
		for i, v := range blk.Instrs {
			val := f.Values[v]
			if val.Block != b {
				return fmt.Errorf("%s is in bb%d but says bb%d", val.Name, b, val.Block)
			}
			if f.IsTerminator(v) != (i == len(blk.Instrs)-1) {
				return fmt.Errorf("bb%d does not end in exactly one terminator", b)
			}
			if val.Op != OpPhi {
				phis = false
				for _, a := range val.Args {
					if !defined(a, b, i) {
						return fmt.Errorf("%s uses %s, which does not dominate it", f.InstrText(v), f.operand(a))
					}
				}
				continue
			}
			if !phis {
				return fmt.Errorf("phi %s after other instructions", val.Name)
			}
			if !slices.Equal(slices.Sorted(slices.Values(val.From)), slices.Sorted(slices.Values(f.preds[b]))) {
				return fmt.Errorf("phi %s does not match the predecessors of bb%d", val.Name, b)
			}
			for k, p := range val.From {
				if !defined(val.Args[k], p, len(f.Blocks[p].Instrs)) {
					return fmt.Errorf("phi %s takes %s from bb%d, which it does not dominate", val.Name, f.operand(val.Args[k]), p)
				}
				for k2, p2 := range val.From {
					if p2 == p && val.Args[k2] != val.Args[k] {
						return fmt.Errorf("phi %s takes two values from bb%d", val.Name, p)
					}
				}
			}
		}
		term := f.Values[blk.Instrs[len(blk.Instrs)-1]]
		switch n := len(blk.Succs); {
		case term.Op == OpBr && (n == 1 && len(term.Args) == 0 || n == 2 && len(term.Args) == 1),
			term.Op == OpSwitch && n >= 1,
			(term.Op == OpRet || term.Op == OpUnreachable) && n == 0:
		default:
			return fmt.Errorf("the terminator of bb%d does not fit its %d successors", b, n)
		}
	}
	return nil
}
