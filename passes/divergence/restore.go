package divergence

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"

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
	g.ssaOf = append(g.ssaOf, -1)
	g.partInstrs = append(g.partInstrs, nil)
	g.partComment = append(g.partComment, comment)
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

// ssaSucc returns the go/ssa block that graph block b stands for: the one
// it is part of, or the one a restored block leads to.
func (g *funcGraph) ssaSucc(b int) int {
	for g.ssaOf[b] < 0 {
		b = g.succs[b][0]
	}
	return g.ssaOf[b]
}

// flow returns the source flow of the function's body, or nil.
func (g *funcGraph) flow() *sourceFlow {
	if g.sf == nil {
		body := funcBody(g.fn)
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
	at := g.labelBlocks(sf)
	saved := slices.Clone(g.partComment)
	done := false
	defer func() {
		if !done {
			g.partComment = saved
		}
	}()
	g.learnLabels(sf, at)
	loops := g.loopLabels(sf, at)
	var edges []sourceEdge
	ifs := make(map[int]ssa.Value)
	for b := range g.succs {
		mine, degenerate, ok := g.sourceEdges(sf, b)
		if !ok {
			if degenerate {
				return
			}
			continue
		}
		reshaped := degenerate
		for i := range mine {
			e := &mine[i]
			if blk, ok := at[e.label]; e.label != "" && (!ok || blk != e.to) {
				return // not the graph the source describes
			}
			if loops[e.label] {
				e.path = append(e.path, e.label)
			}
			reshaped = reshaped || len(e.path) > 0
		}
		if !reshaped {
			continue
		}
		edges = append(edges, mine...)
		if degenerate {
			ifs[b] = degenerateCond(g.partInstrs[b], sf)
		}
	}
	if len(edges) == 0 {
		done = true // the labels learned are right; there is nothing to restore
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
	for l := range loops {
		// The label has its own block now; the loop header is go/ssa's.
		if h := at[l]; nodes[l] != nil && g.partComment[h] == l && g.ssaOf[h] == h {
			g.partComment[h] = g.fn.Blocks[h].Comment
		}
	}
	g.restoredIfs = ifs
	g.rebuildPreds()
	done = true
}

// loopLabels returns the labels, targets of a goto, whose statement is a
// for loop with no init statement: no code runs between the label and the
// loop header, so go/ssa sends the label's edges to the header. LLVM's IR
// of the source has a block for the label, which makes the gotos to it
// enter a cycle around the loop, not back edges of the loop. A label is
// only returned when every edge into the header is known to come either
// into the label or round the loop.
func (g *funcGraph) loopLabels(sf *sourceFlow, at map[string]int) map[string]bool {
	var out map[string]bool
	for l := range gotoTargets(g.fn) {
		n := sf.labels[l]
		if n == nil {
			continue
		}
		loop, ok := n.stmt.(*ast.LabeledStmt).Stmt.(*ast.ForStmt)
		h, known := at[l]
		if !ok || loop.Init != nil || !known {
			continue
		}
		clear := true
		for _, p := range g.preds[h] {
			edges, _, ok := g.sourceEdges(sf, p)
			clear = clear && ok
			for _, e := range edges {
				clear = clear && (e.to != h || e.label == l || e.label == "" && len(e.path) == 0)
			}
		}
		if clear {
			if out == nil {
				out = make(map[string]bool)
			}
			out[l] = true
		}
	}
	return out
}

// gotoTargets returns the labels that goto statements of fn's own body
// jump to.
func gotoTargets(fn *ssa.Function) map[string]bool {
	out := make(map[string]bool)
	ast.Inspect(fn.Syntax(), func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return n == fn.Syntax()
		case *ast.BranchStmt:
			if n.Tok == token.GOTO {
				out[n.Label.Name] = true
			}
		}
		return true
	})
	return out
}

// learnLabels finds the blocks of labels whose code left no instruction
// with a position, such as an if on a constant comparison that go/ssa fused
// into an if arm: such a block is where an edge to the label ends. It
// names the block after the label, so that its own edges can be read from
// the label's statement.
func (g *funcGraph) learnLabels(sf *sourceFlow, at map[string]int) {
	for changed := true; changed; {
		changed = false
		for b := range g.succs {
			edges, _, ok := g.sourceEdges(sf, b)
			if !ok {
				continue
			}
			for _, e := range edges {
				if _, known := at[e.label]; known || e.label == "" {
					continue
				}
				if _, labelled := sf.labels[g.partComment[e.to]]; labelled || lastPos(g.partInstrs[e.to]).IsValid() {
					continue
				}
				at[e.label] = e.to
				g.partComment[e.to] = e.label
				changed = true
			}
		}
	}
}

// A sourceEdge is an edge of the graph as the source describes it.
type sourceEdge struct {
	from, slot int
	path       []string // the empty labels it crosses, in order
	label      string   // the label it ends at; "" for code without one
	to         int      // the block go/ssa gives it
}

// sourceEdges reads from the source where each edge of graph block b goes.
// degenerate says that the block's jump stands for an if whose two edges
// meet. ok is false when the source's edges do not match the block's:
// their number differs, or a degenerate if does not end in one jump.
func (g *funcGraph) sourceEdges(sf *sourceFlow, b int) (edges []sourceEdge, degenerate, ok bool) {
	if g.ssaOf[b] < 0 {
		return nil, false, false
	}
	_, virtual := g.vterm[b]
	succs := g.succs[b]
	labels, degenerate := sf.edgeLabels(g.partInstrs[b], b, g.partComment[b], virtual)
	if degenerate && len(succs) != 1 || !degenerate && len(labels) != len(succs) {
		return nil, degenerate, false
	}
	for slot, l := range labels {
		e := sourceEdge{from: b, slot: slot, to: succs[0]}
		if !degenerate {
			e.to = succs[slot]
		}
		for sf.empty(l) {
			e.path = append(e.path, l)
			l = sf.next(l)
		}
		e.label = l
		edges = append(edges, e)
	}
	return edges, degenerate, true
}

// rebuildPreds recomputes the predecessors from the successors. A go/ssa
// block keeps go/ssa's order, a restored block standing at the place of
// the first edge it took over; a restored block lists its predecessors in
// block order.
func (g *funcGraph) rebuildPreds() {
	preds := make([][]int, len(g.succs))
	// Restored blocks between a go/ssa block and its go/ssa successor.
	between := func(b int) bool { return g.ssaOf[b] < 0 }
	for _, c := range g.fn.Blocks {
		var ps []int
		seen := make(map[int]bool)
		for _, p := range g.preds[c.Index] {
			if between(p) {
				continue // found from the go/ssa block before it
			}
			if seen[p] {
				continue
			}
			seen[p] = true
			for _, s := range g.succs[p] {
				last := p
				for between(s) {
					last, s = s, g.succs[s][0]
				}
				if s != c.Index {
					continue
				}
				if between(last) {
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
			if g.ssaOf[s] != s && (!between(b) || !containsIndex(preds[s], b)) {
				preds[s] = append(preds[s], b)
			}
		}
	}
	g.preds = preds
}

// degenerateCond returns the condition of the if that go/ssa made the jump
// ending a block with instructions instrs, or nil if it is a constant.
func degenerateCond(instrs []ssa.Instruction, sf *sourceFlow) ssa.Value {
	for i := len(instrs) - 1; i >= 0; i-- {
		if ref, ok := instrs[i].(*ssa.DebugRef); ok && !ref.IsAddr {
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

// labelBlocks maps each label whose statement runs code to the graph block
// where that code starts: the block of its first instruction with a
// position, or else the block named after it.
func (g *funcGraph) labelBlocks(sf *sourceFlow) map[string]int {
	out := make(map[string]int)
	for b, comment := range g.partComment {
		if _, ok := sf.labels[comment]; ok && g.ssaOf[b] >= 0 {
			if _, seen := out[comment]; !seen {
				out[comment] = b
			}
		}
	}
	for label, at := range labelStarts(sf, g.partInstrs) {
		out[label] = at[0]
	}
	return out
}

// instrPos is the position of the code an instruction stands for: its own,
// or that of the expression a debug reference describes. A phi has none: its
// position is its variable's declaration, not code of its block.
func instrPos(instr ssa.Instruction) token.Pos {
	switch instr := instr.(type) {
	case *ssa.DebugRef:
		return instr.Expr.Pos()
	case *ssa.Phi:
		return token.NoPos
	}
	return instr.Pos()
}

// phiIn returns the value phi receives along the edge from graph block p,
// making restored blocks' phis as needed.
func (g *funcGraph) phiIn(phi *ssa.Phi, p int) int {
	if q := g.ssaOf[p]; q >= 0 {
		for j, pred := range phi.Block().Preds {
			if pred.Index == q {
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
	if len(g.restored) == 0 && len(g.restoredIfs) == 0 {
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
		if g.ssaOf[r.index] >= 0 {
			continue // a part of a go/ssa block: it has its terminator
		}
		r.jump = g.newValue(r.index)
		g.term[r.jump] = true
		g.inBlock[r.index] = append(g.inBlock[r.index], r.jump)
	}
	for b, cond := range g.restoredIfs {
		if cond == nil {
			continue
		}
		jump, ok := g.vterm[b]
		if !ok {
			instrs := g.fn.Blocks[g.ssaOf[b]].Instrs
			jump = g.ids[instrs[len(instrs)-1]]
		}
		g.depend(jump, g.valueID(cond))
	}
}

// A BlockView is one block of the graph the analysis ran on: a go/ssa
// block, a part of one that a label starts (go/ssa fused it into the block
// before), or a block go/ssa removed (an empty label or if.done).
type BlockView struct {
	Index   int
	Comment string
	Labels  []string          // the goto labels whose code starts here
	SSA     *ssa.BasicBlock   // the go/ssa block it is or is part of, or nil
	Instrs  []ssa.Instruction // its go/ssa instructions, debug references included
	Phis    []int             // the value numbers of the phis of a removed block
	Jump    int               // the value number of a jump go/ssa does not have, or -1
	Pos     token.Pos         // the label's, for a removed label
}

// Blocks returns the blocks of the graph the analysis ran on, by index:
// go/ssa's first, then those the analysis added.
func (f *Func) Blocks() []BlockView {
	g := f.graph
	labels := g.blockLabelNames()
	out := make([]BlockView, len(g.succs))
	for i := range out {
		v := BlockView{Index: i, Comment: g.partComment[i], Labels: labels[i], Instrs: g.partInstrs[i], Jump: -1}
		if q := g.ssaOf[i]; q >= 0 {
			v.SSA = f.SSA.Blocks[q]
		}
		if j, ok := g.vterm[i]; ok {
			v.Jump = j
		}
		if r := g.restoredAt(i); r != nil && g.ssaOf[i] < 0 {
			v.Pos, v.Jump = r.pos, r.jump
			for _, p := range r.phis {
				v.Phis = append(v.Phis, p.id)
			}
		}
		out[i] = v
	}
	return out
}

// blockLabelNames lists, for each block, the labels whose code starts in
// it: by the first instruction with a position, or the block restored for
// an empty label.
func (g *funcGraph) blockLabelNames() [][]string {
	out := make([][]string, len(g.succs))
	sf := g.flow()
	if sf == nil || len(sf.labels) == 0 {
		return out
	}
	at := g.labelBlocks(sf)
	for _, r := range g.restored {
		if g.ssaOf[r.index] < 0 && r.comment != "if.done" {
			at[r.comment] = r.index
		}
	}
	for _, n := range sf.nodes {
		if ls, ok := n.stmt.(*ast.LabeledStmt); ok {
			if b, ok := at[ls.Label.Name]; ok {
				out[b] = append(out[b], ls.Label.Name)
			}
		}
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

// PhiOf returns, for a phi of a removed block put back, the go/ssa phi it
// feeds.
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

// addConstConds gives each if on a comparison of constants an instruction
// for the comparison. go/ssa folds "if 1 < 2" to "if true", but the
// comparison is code: LLVM's IR of the source has an icmp, which is
// divergent, like everything in a cycle that diverged paths enter at
// different blocks, and then so is the branch.
func (g *funcGraph) addConstConds() {
	for b := range g.succs {
		ifi, ok := g.termInstr(b).(*ssa.If)
		if !ok {
			continue
		}
		if _, ok := ifi.Cond.(*ssa.Const); !ok {
			continue
		}
		sf := g.flow()
		if sf == nil {
			return
		}
		ifs := sf.ifAfter(b, g.partComment[b], lastPos(g.partInstrs[b]))
		if ifs == nil {
			continue
		}
		switch ast.Unparen(ifs.Cond).(type) {
		case *ast.Ident, *ast.BasicLit, *ast.SelectorExpr:
			continue // a named constant: nothing to compute
		}
		term := g.ids[ifi]
		cmp := g.newValue(b)
		ids := g.inBlock[b]
		g.inBlock[b] = append(append(ids[:len(ids)-1:len(ids)-1], cmp), term)
		g.depend(term, cmp)
	}
}
