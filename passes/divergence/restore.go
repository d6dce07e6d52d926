package divergence

import (
	"fmt"
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// go/ssa deletes every block that holds only a jump (jump threading), before
// it places phis. A label whose statement is a bare goto is such a block,
// and so is the empty arm or if.done of an if. A compiler keeps them (LLVM's
// IR of the same source has them), and they matter: an empty label can be
// the join of a divergent branch, or the entry of a cycle. The analysis
// therefore runs on go/ssa's graph with those blocks put back: restored
// blocks, numbered after go/ssa's. They hold phis where the values that
// reach them differ, and a jump.
//
// restoreLabels puts back empty labels (chains of them too) on the edges
// the source sends through them, and turns back into an if a jump that
// go/ssa made of an if whose two edges reached one block.
// restoreDoneBlocks (doneblocks.go) puts back if.done blocks.

// restoredBlock is a block the analysis put back into go/ssa's graph.
type restoredBlock struct {
	index   int
	comment string    // the label, or "if.done"
	pos     token.Pos // the label's
	jump    int       // its terminator
	phis    []restoredPhi
}

// restoredPhi is a phi of a restored block: it merges what phi (of the
// go/ssa block the restored block leads to) receives along the edges that
// now cross the restored block.
type restoredPhi struct {
	id  int
	phi *ssa.Phi
}

// newRestored adds a block without edges.
func (g *funcGraph) newRestored(comment string, pos token.Pos) *restoredBlock {
	r := &restoredBlock{index: len(g.succs), comment: comment, pos: pos, jump: -1}
	g.succs = append(g.succs, nil)
	g.preds = append(g.preds, nil)
	g.inBlock = append(g.inBlock, nil)
	g.restored = append(g.restored, r)
	return r
}

// restoredAt returns the restored block with index i, or nil.
func (g *funcGraph) restoredAt(i int) *restoredBlock {
	if n := len(g.fn.Blocks); i >= n && i-n < len(g.restored) {
		return g.restored[i-n]
	}
	return nil
}

// ssaSucc returns the go/ssa block that graph block b stands for: b
// itself, or the block a restored block leads to.
func (g *funcGraph) ssaSucc(b int) int {
	for b >= len(g.fn.Blocks) {
		b = g.succs[b][0]
	}
	return b
}

// flow returns the source flow of the function's body, or nil.
func (g *funcGraph) flow() *sourceFlow {
	if g.sf == nil {
		var body *ast.BlockStmt
		switch syntax := g.fn.Syntax().(type) {
		case *ast.FuncDecl:
			body = syntax.Body
		case *ast.FuncLit:
			body = syntax.Body
		}
		if body == nil {
			return nil
		}
		g.sf = newSourceFlow(body)
	}
	return g.sf
}

// restoreLabels puts back the empty labels and the ifs go/ssa threaded
// away. It changes nothing unless every edge it maps agrees with go/ssa's
// graph: a function it does not understand keeps go/ssa's shape.
func (g *funcGraph) restoreLabels() {
	if g.fn.Syntax() == nil || !hasGoto(g.fn) {
		return
	}
	sf := g.flow()
	if sf == nil {
		return
	}
	at := labelBlocks(g.fn, sf)
	type edge struct {
		from, slot int
		path       []string // the empty labels it crosses, in order
		to         int      // the go/ssa block it ends at
	}
	var edges []edge
	ifs := make(map[int]ssa.Value)
	for _, b := range g.fn.Blocks {
		labels, degenerate := sf.edgeLabels(b)
		if !degenerate && len(labels) != len(b.Succs) {
			continue
		}
		if degenerate && len(b.Succs) != 1 {
			return
		}
		reshaped := degenerate
		var mine []edge
		for slot, l := range labels {
			to := b.Succs[0]
			if !degenerate {
				to = b.Succs[slot]
			}
			e := edge{from: b.Index, slot: slot, to: to.Index}
			seen := make(map[string]bool)
			for l != "" && sf.next(l) != "" {
				if seen[l] {
					return // a loop of empty labels
				}
				seen[l] = true
				e.path = append(e.path, l)
				l = sf.next(l)
			}
			if blk, ok := at[l]; l != "" && (!ok || blk != to.Index) {
				return // not the graph the source describes
			}
			if l == "" && len(e.path) == 0 && degenerate {
				return
			}
			reshaped = reshaped || len(e.path) > 0
			mine = append(mine, e)
		}
		if !reshaped {
			continue
		}
		edges = append(edges, mine...)
		if degenerate {
			ifs[b.Index] = degenerateCond(b, sf)
		}
	}
	if len(edges) == 0 {
		return
	}
	// Each empty label becomes one block, leading where the label leads.
	nodes := make(map[string]*restoredBlock)
	final := make(map[string]int)
	node := func(l string) int {
		if r := nodes[l]; r != nil {
			return r.index
		}
		r := g.newRestored(l, sf.labels[l].stmt.Pos())
		nodes[l] = r
		return r.index
	}
	for _, e := range edges {
		for _, l := range e.path {
			if to, ok := final[l]; ok && to != e.to {
				return
			}
			final[l] = e.to
		}
	}
	for _, e := range edges {
		for i, l := range e.path {
			next := e.to
			if i+1 < len(e.path) {
				next = node(e.path[i+1])
			}
			g.succs[node(l)] = []int{next}
		}
	}
	for _, e := range edges {
		succs := g.succs[e.from]
		if _, ok := ifs[e.from]; ok && len(succs) == 1 {
			succs = []int{succs[0], succs[0]}
		} else {
			succs = append([]int(nil), succs...)
		}
		if len(e.path) > 0 {
			succs[e.slot] = node(e.path[0])
		}
		g.succs[e.from] = succs
	}
	g.restoredIfs = ifs
	g.rebuildPreds()
}

// rebuildPreds recomputes the predecessors from the successors. A go/ssa
// block keeps go/ssa's order, a restored block standing at the place of
// the first edge it took over; a restored block lists its predecessors in
// block order.
func (g *funcGraph) rebuildPreds() {
	n := len(g.fn.Blocks)
	preds := make([][]int, len(g.succs))
	for _, c := range g.fn.Blocks {
		var ps []int
		seen := make(map[int]bool)
		for _, p := range c.Preds {
			if seen[p.Index] {
				continue
			}
			seen[p.Index] = true
			for _, s := range g.succs[p.Index] {
				last := p.Index
				for s >= n {
					last, s = s, g.succs[s][0]
				}
				if s != c.Index {
					continue
				}
				if last >= n {
					if seen[last] {
						continue
					}
					seen[last] = true
				}
				ps = append(ps, last)
			}
		}
		preds[c.Index] = ps
	}
	for b := range g.succs {
		for _, s := range g.succs[b] {
			if s >= n && (b < n || !containsIndex(preds[s], b)) {
				preds[s] = append(preds[s], b)
			}
		}
	}
	g.preds = preds
}

// degenerateCond returns the condition of the if that go/ssa made the jump
// ending b, or nil if it is a constant.
func degenerateCond(b *ssa.BasicBlock, sf *sourceFlow) ssa.Value {
	for i := len(b.Instrs) - 1; i >= 0; i-- {
		if ref, ok := b.Instrs[i].(*ssa.DebugRef); ok && !ref.IsAddr {
			if _, leaf := sf.leaves[ref.Expr]; leaf {
				return ref.X
			}
		}
	}
	return nil
}

// hasGoto reports whether fn's own body has a goto statement.
func hasGoto(fn *ssa.Function) bool {
	found := false
	ast.Inspect(fn.Syntax(), func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return n == fn.Syntax()
		case *ast.BranchStmt:
			found = found || n.Tok == token.GOTO
		}
		return !found
	})
	return found
}

// labelBlocks maps each label whose statement runs code to the go/ssa block
// where that code starts: the block of its first instruction with a
// position, or else the block go/ssa named after it.
func labelBlocks(fn *ssa.Function, sf *sourceFlow) map[string]int {
	out := make(map[string]int)
	for _, b := range fn.Blocks {
		if _, ok := sf.labels[b.Comment]; ok {
			if _, seen := out[b.Comment]; !seen {
				out[b.Comment] = b.Index
			}
		}
	}
	first := make(map[string]token.Pos)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			p := instrPos(instr)
			if !p.IsValid() {
				continue
			}
			for n := sf.at(p); n != nil; n = n.parent {
				ls, ok := n.stmt.(*ast.LabeledStmt)
				if !ok || p < ls.Stmt.Pos() || p >= ls.Stmt.End() {
					continue
				}
				if f, ok := first[ls.Label.Name]; !ok || p < f {
					first[ls.Label.Name] = p
					out[ls.Label.Name] = b.Index
				}
			}
		}
	}
	return out
}

// instrPos is the position of an instruction, or of the expression a debug
// reference describes.
func instrPos(instr ssa.Instruction) token.Pos {
	if ref, ok := instr.(*ssa.DebugRef); ok {
		return ref.Expr.Pos()
	}
	return instr.Pos()
}

// phiIn returns the value phi receives along the edge from graph block p,
// making restored blocks' phis as needed.
func (g *funcGraph) phiIn(phi *ssa.Phi, p int) int {
	if p < len(g.fn.Blocks) {
		for j, q := range phi.Block().Preds {
			if q.Index == p {
				return g.valueID(phi.Edges[j])
			}
		}
		panic("phiIn: not a predecessor")
	}
	key := phiKey{phi, p}
	if id, ok := g.restoredPhis[key]; ok {
		return id
	}
	var ops []int
	same := true
	for _, q := range g.preds[p] {
		op := g.phiIn(phi, q)
		same = same && (len(ops) == 0 || op == ops[0])
		ops = append(ops, op)
	}
	id := ops[0]
	if !same {
		id = g.newValue(p)
		g.phi[id] = true
		for _, op := range ops {
			g.depend(id, op)
		}
		g.inBlock[p] = append(g.inBlock[p], id)
		r := g.restoredAt(p)
		r.phis = append(r.phis, restoredPhi{id: id, phi: phi})
	}
	g.restoredPhis[key] = id
	return id
}

type phiKey struct {
	phi   *ssa.Phi
	block int
}

// phiEdges returns the operands of phi as the analysis sees them: one per
// predecessor in the graph.
func (g *funcGraph) phiEdges(phi *ssa.Phi) []int {
	var ops []int
	if len(g.restored) == 0 {
		for _, e := range phi.Edges {
			ops = append(ops, g.valueID(e))
		}
		return ops
	}
	for _, p := range g.preds[phi.Block().Index] {
		ops = append(ops, g.phiIn(phi, p))
	}
	return ops
}

// finishRestored ends each restored block with its jump, and makes the jump
// of each if go/ssa turned into one depend on the condition.
func (g *funcGraph) finishRestored() {
	for _, r := range g.restored {
		r.jump = g.newValue(r.index)
		g.term[r.jump] = true
		g.inBlock[r.index] = append(g.inBlock[r.index], r.jump)
	}
	for b, cond := range g.restoredIfs {
		if cond == nil {
			continue
		}
		instrs := g.fn.Blocks[b].Instrs
		g.depend(g.ids[instrs[len(instrs)-1]], g.valueID(cond))
	}
}

// A RestoredBlock is a block of the source's control flow that go/ssa
// removed and the analysis put back: an empty label or if.done. Its index
// follows go/ssa's blocks.
type RestoredBlock struct {
	Index   int
	Comment string    // the goto label, or "if.done"
	Pos     token.Pos // the label's
	Phis    []int     // the value numbers of its phis
	Jump    int       // the value number of its jump
}

// Restored returns the blocks the analysis put back, by index.
func (f *Func) Restored() []RestoredBlock {
	var out []RestoredBlock
	for _, r := range f.graph.restored {
		rb := RestoredBlock{Index: r.index, Comment: r.comment, Pos: r.pos, Jump: r.jump}
		for _, p := range r.phis {
			rb.Phis = append(rb.Phis, p.id)
		}
		out = append(out, rb)
	}
	return out
}

// Succs returns the successors of block b in the graph the analysis ran on.
func (f *Func) Succs(b int) []int { return f.graph.succs[b] }

// Preds returns the predecessors of block b in the graph the analysis ran
// on.
func (f *Func) Preds(b int) []int { return f.graph.preds[b] }

// Operands returns the value numbers a value depends on; for a phi, one per
// predecessor.
func (f *Func) Operands(id int) []int { return f.graph.operands[id] }

// PhiOf returns, for a phi of a restored block, the go/ssa phi it feeds.
func (f *Func) PhiOf(id int) *ssa.Phi {
	for _, r := range f.graph.restored {
		for _, p := range r.phis {
			if p.id == id {
				return p.phi
			}
		}
	}
	return nil
}

// ValueName names value id as go/ssa prints operands; a phi of a restored
// block is r<id>.
func (f *Func) ValueName(id int) string {
	if v := f.graph.values[id]; v != nil {
		return v.Name()
	}
	return fmt.Sprintf("r%d", id)
}

// RestoredCond returns the condition of the if that go/ssa turned into the
// jump ending block b, when the analysis restored it.
func (f *Func) RestoredCond(b int) (ssa.Value, bool) {
	cond, ok := f.graph.restoredIfs[b]
	return cond, ok
}
