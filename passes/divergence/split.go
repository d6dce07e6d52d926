package divergence

import (
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// go/ssa also fuses a block into its only predecessor when that
// predecessor only jumps to it: a label reached from one place shares a
// block with the code before it (the entry's declarations, another label,
// the arm of an if). splitFused cuts such blocks where a label's code
// starts, so that each label of a goto kernel is a block of its own, as in
// LLVM's IR of the same source: a branch that go/ssa turned into a jump and
// then fused away can be put back (restoreLabels), and cycles and the dump
// speak of labels. The first part keeps the go/ssa block's index, the
// others are restored blocks; all but the last end in a jump of their own.

// splitFused cuts go/ssa's blocks at the labels fused into them.
func (g *funcGraph) splitFused() {
	n := len(g.fn.Blocks)
	g.ssaOf = make([]int, n)
	g.partInstrs = make([][]ssa.Instruction, n)
	g.termBlock = make([]int, n)
	g.partComment = make([]string, n)
	for _, b := range g.fn.Blocks {
		g.ssaOf[b.Index] = b.Index
		g.partInstrs[b.Index] = b.Instrs
		g.termBlock[b.Index] = b.Index
		g.partComment[b.Index] = b.Comment
	}
	if g.fn.Syntax() == nil || !hasGoto(g.fn) {
		return
	}
	sf := g.flow()
	if sf == nil {
		return
	}
	cuts := make(map[int][]cut)
	first := labelStarts(sf, g.partInstrs)
	for label, loc := range first {
		b := g.fn.Blocks[loc[0]]
		// The label's code starts after the last instruction with a
		// position that comes before it: unpositioned ones go with it.
		j := loc[1]
		for j > 0 && !instrPos(b.Instrs[j-1]).IsValid() {
			j--
		}
		if onlyPhis(b.Instrs[:j]) {
			if b.Index != 0 {
				g.partComment[b.Index] = label
			}
			continue
		}
		cuts[b.Index] = append(cuts[b.Index], cut{j, label})
	}
	// A label whose only code is an if on a constant shows in no
	// instruction: its If ends the block control falls into.
	for _, b := range g.fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if _, ok := ifi.Cond.(*ssa.Const); !ok {
			continue
		}
		last := lastPos(b.Instrs)
		ifs := sf.ifAfter(b.Index, b.Comment, last)
		if ifs == nil {
			continue
		}
		label := labelOf(sf, ifs)
		if _, ok := first[label]; label == "" || ok {
			continue
		}
		if !last.IsValid() {
			if b.Index != 0 {
				g.partComment[b.Index] = label
			}
			continue
		}
		cuts[b.Index] = append(cuts[b.Index], cut{len(b.Instrs) - 1, label})
	}
	for _, b := range g.fn.Blocks {
		cs := cuts[b.Index]
		if len(cs) == 0 {
			continue
		}
		slices.SortFunc(cs, func(x, y cut) int { return x.at - y.at })
		cs = slices.CompactFunc(cs, func(x, y cut) bool { return x.at == y.at })
		g.split(b, cs)
	}
}

// A cut is where a label's code starts inside a go/ssa block.
type cut struct {
	at    int // instruction index
	label string
}

// split cuts block b before the instructions of cuts, in order, each part
// after the first named after the label starting it.
func (g *funcGraph) split(b *ssa.BasicBlock, cuts []cut) {
	bounds := []int{0}
	labels := []string{""}
	for _, c := range cuts {
		bounds = append(bounds, c.at)
		labels = append(labels, c.label)
	}
	bounds = append(bounds, len(b.Instrs))
	oldSuccs := g.succs[b.Index]
	prev := b.Index
	g.partInstrs[b.Index] = b.Instrs[:bounds[1]]
	for i := 1; i+1 < len(bounds); i++ {
		r := g.newRestored(labels[i], token.NoPos)
		g.ssaOf[r.index] = b.Index
		g.partInstrs[r.index] = b.Instrs[bounds[i]:bounds[i+1]]
		g.succs[prev] = []int{r.index}
		g.preds[r.index] = []int{prev}
		prev = r.index
	}
	g.succs[prev] = oldSuccs
	g.termBlock[b.Index] = prev
	for _, s := range oldSuccs {
		g.preds[s] = replaceEdge(g.preds[s], b.Index, prev)
	}
	// Move the instructions' values to their parts, and end each part
	// but the last in a jump.
	for p := b.Index; ; p = g.succs[p][0] {
		var ids []int
		for _, instr := range g.partInstrs[p] {
			if id, ok := g.ids[instr]; ok {
				g.blockOf[id] = p
				ids = append(ids, id)
			}
		}
		g.inBlock[p] = ids
		if p == prev {
			break
		}
		jump := g.newValue(p)
		g.term[jump] = true
		g.inBlock[p] = append(g.inBlock[p], jump)
		g.vterm[p] = jump
	}
}

// labelStarts returns, for each label whose code leaves an instruction
// with a position, where its code starts among the blocks' instructions:
// the block of its instruction earliest in the source, and there the
// earliest in the block.
func labelStarts(sf *sourceFlow, blocks [][]ssa.Instruction) map[string][2]int {
	out := make(map[string][2]int)
	first := make(map[string]token.Pos)
	for b, instrs := range blocks {
		for i, instr := range instrs {
			p := instrPos(instr)
			if !p.IsValid() {
				continue
			}
			for n := sf.at(p); n != nil; n = n.parent {
				ls, ok := n.stmt.(*ast.LabeledStmt)
				if !ok || p < ls.Stmt.Pos() || p >= ls.Stmt.End() {
					continue
				}
				name := ls.Label.Name
				f, ok := first[name]
				switch {
				case !ok || p < f && out[name][0] != b:
					first[name] = p
					out[name] = [2]int{b, i}
				case p < f:
					first[name] = p
				}
			}
		}
	}
	return out
}

// lastPos returns the position of the last instruction that has one.
func lastPos(instrs []ssa.Instruction) token.Pos {
	for i := len(instrs) - 1; i >= 0; i-- {
		if p := instrPos(instrs[i]); p.IsValid() {
			return p
		}
	}
	return token.NoPos
}

// labelOf returns the label whose statement is s, or "".
func labelOf(sf *sourceFlow, s ast.Stmt) string {
	if s == nil {
		return ""
	}
	if n := sf.byStmt[s]; n != nil && n.parent != nil {
		if ls, ok := n.parent.stmt.(*ast.LabeledStmt); ok && ls.Stmt == s {
			return ls.Label.Name
		}
	}
	return ""
}

func onlyPhis(instrs []ssa.Instruction) bool {
	for _, instr := range instrs {
		if _, ok := instr.(*ssa.Phi); !ok {
			return false
		}
	}
	return true
}
