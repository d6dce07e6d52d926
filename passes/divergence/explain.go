package divergence

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/spmdvet/spmdvet/uniformity"
)

// A Note is one step of an explanation, at a place in the source.
type Note struct {
	Pos, End token.Pos
	Message  string
}

// ID returns the value number of an instruction or value in the analysis.
func (f *Func) ID(x any) (int, bool) {
	id, ok := f.graph.ids[x]
	return id, ok
}

// IsDivergent reports whether v may differ between lanes. For an
// instruction without a result, it reports whether it uses a divergent value.
func (f *Func) IsDivergent(x any) bool {
	id, ok := f.ID(x)
	return ok && f.IsDivergentID(id)
}

// IsDivergentID is IsDivergent for a value number. A phi folded into the
// one value it merges, as mem2reg would fold it, is as divergent as that
// value: the analysis may have tainted the phi itself (inside a cycle
// assumed divergent), but no use sees it.
func (f *Func) IsDivergentID(id int) bool {
	if phi, ok := f.graph.instrs[id].(*ssa.Phi); ok {
		_, v, ok := f.graph.findValue(phi)
		return ok && f.U.IsDivergent(v)
	}
	return f.U.IsDivergent(id)
}

// blockOf returns the block of the graph the analysis ran on that holds
// instr: go/ssa's block, or the part of it that a label starts.
func (f *Func) blockOf(instr ssa.Instruction) int {
	if id, ok := f.graph.ids[instr]; ok {
		return f.graph.blockOf[id]
	}
	return f.graph.termBlock[instr.Block().Index]
}

// ControlDivergence returns the divergent branches that decide whether
// instr runs, as the blocks they end.
func (f *Func) ControlDivergence(instr ssa.Instruction) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	for _, x := range f.U.ControlDivergence(f.blockOf(instr)) {
		out = append(out, f.Block(x))
	}
	return out
}

// DeferRunDivergence explains, for a deferred call, why lanes reach a
// return that runs it under divergent control, or returns nil: each return
// runs its own copy of the call. A call deferred in the body of a
// range-over-func loop runs at the returns of the function the loop is in.
func (f *Func) DeferRunDivergence(call ssa.CallInstruction) []Note {
	d, ok := call.(*ssa.Defer)
	if !ok {
		return nil
	}
	owner, from := f, -1
	if d.DeferStack == nil {
		if id, ok := f.graph.ids[call]; ok {
			from = f.graph.blockOf[id]
		}
	} else {
		owner, from = f.deferOwner()
	}
	if owner == nil || from < 0 {
		return nil
	}
	g := owner.graph
	for _, rd := range g.runDefersFrom(from) {
		if branch, ok := blockUnderDivergentControl(owner.U, g.blockOf[rd]); ok {
			p := owner.ReturnPos(g.instrs[rd])
			notes := []Note{{Pos: p, End: p, Message: "the deferred call runs at this return"}}
			if branch >= 0 {
				notes = append(notes, owner.explainBranch(branch)...)
			}
			return notes
		}
	}
	return nil
}

// deferOwner returns, for the body of a range-over-func loop, the function
// whose returns run what the body defers (the innermost enclosing function
// that is not such a body), and the block there of the call of the
// iterator that runs the body, directly or through nested loops.
func (f *Func) deferOwner() (*Func, int) {
	body := f
	for body.SSA.Synthetic == rangeFuncYield {
		parent := body.funcs[body.SSA.Parent()]
		if parent == nil {
			return nil, -1
		}
		call := iteratorCall(body.SSA)
		id, ok := parent.graph.ids[call]
		if call == nil || !ok {
			return nil, -1
		}
		if parent.SSA.Synthetic != rangeFuncYield {
			return parent, parent.graph.blockOf[id]
		}
		body = parent
	}
	return nil, -1
}

// iteratorCall returns the call of the iterator that runs body, the body of
// a range-over-func loop, in the function that makes it.
func iteratorCall(body *ssa.Function) ssa.Instruction {
	parent := body.Parent()
	if parent == nil {
		return nil
	}
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == body {
				for _, r := range *mc.Referrers() {
					if c, ok := r.(ssa.CallInstruction); ok && slices.Contains(c.Common().Args, ssa.Value(mc)) {
						return c
					}
				}
			}
		}
	}
	return nil
}

// ReturnPos returns the position of the return that ends instr's block: the
// return statement, or the closing brace of a function that falls off its
// end.
func (f *Func) ReturnPos(instr ssa.Instruction) token.Pos {
	b := instr.Block()
	if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && ret.Pos().IsValid() {
		return ret.Pos()
	}
	if body := funcBody(f.SSA); body != nil {
		return body.Rbrace
	}
	return token.NoPos
}

// findRanges indexes the range statements of f's body by their operand:
// its expression, and the value of a variable ranged over.
func (f *Func) findRanges() {
	body := funcBody(f.SSA)
	if body == nil {
		return
	}
	f.ranges = make(map[ast.Expr]*ast.RangeStmt)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // another function's code
		case *ast.RangeStmt:
			if n.X != nil {
				f.ranges[n.X] = n
			}
		}
		return true
	})
	if len(f.ranges) == 0 {
		return
	}
	f.rangeOfValue = make(map[ssa.Value]*ast.RangeStmt)
	for _, b := range f.SSA.Blocks {
		for _, instr := range b.Instrs {
			if ref, ok := instr.(*ssa.DebugRef); ok && !ref.IsAddr {
				if rs := f.ranges[ref.Expr]; rs != nil {
					f.rangeOfValue[ref.X] = rs
				}
			}
		}
	}
}

// funcBody returns the body of fn's declaration or literal, or nil.
func funcBody(fn *ssa.Function) *ast.BlockStmt {
	switch syntax := fn.Syntax().(type) {
	case *ast.FuncDecl:
		return syntax.Body
	case *ast.FuncLit:
		return syntax.Body
	}
	return nil
}

// NotMConverged returns, for an instruction in a cycle that diverged paths
// may enter at different entries, the cycle and the branch that split them.
func (f *Func) NotMConverged(instr ssa.Instruction) (*uniformity.Cycle, *ssa.BasicBlock) {
	c, branch := f.U.NotMConverged(f.blockOf(instr))
	if c == nil || branch < 0 {
		return c, nil
	}
	return c, f.Block(branch)
}

// CondExpr returns the source expression of the condition that block b
// branches on, or nil.
func (f *Func) CondExpr(b *ssa.BasicBlock) ast.Expr {
	if len(b.Instrs) == 0 {
		return nil
	}
	ifInstr, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return nil
	}
	if e := condRef(b, ifInstr); e != nil {
		return e
	}
	if e, ok := f.exprs[ifInstr.Cond]; ok {
		return e
	}
	// A case of a tag switch compares the tag with the case expression:
	// the case expression is the place.
	if cmp, ok := ifInstr.Cond.(*ssa.BinOp); ok {
		for _, op := range []ssa.Value{cmp.Y, cmp.X} {
			if e, ok := f.exprs[op]; ok && e.Pos() >= cmp.Pos()-1 {
				return e
			}
		}
		if cmp.Pos().IsValid() {
			return f.exprAt(cmp.Pos())
		}
	}
	if rs := f.rangeOf(ifInstr); rs != nil {
		return rs.X
	}
	return nil
}

// condRef returns the expression of the if ifi's condition, from the
// DebugRef that names it in block b, or nil.
func condRef(b *ssa.BasicBlock, ifi *ssa.If) ast.Expr {
	for i := len(b.Instrs) - 1; i >= 0; i-- {
		if ref, ok := b.Instrs[i].(*ssa.DebugRef); ok && ref.X == ifi.Cond && !ref.IsAddr {
			return ref.Expr
		}
	}
	return nil
}

// rangeOf returns the range statement whose loop test is the branch ifInstr:
// go/ssa gives that test no position, but it is computed from the range's
// operand (its length, the next element, the bound of a range over an int).
func (f *Func) rangeOf(ifInstr *ssa.If) *ast.RangeStmt {
	f.rangesOnce.Do(f.findRanges)
	if len(f.ranges) == 0 {
		return nil
	}
	// The operand is a few steps up: len(x) < i, extract(next(range x)),
	// <-ch and the like.
	level := []ssa.Value{ifInstr.Cond}
	seen := make(map[ssa.Value]bool)
	for depth := 0; depth < 4 && len(level) > 0; depth++ {
		var next []ssa.Value
		for _, v := range level {
			if seen[v] {
				continue
			}
			seen[v] = true
			if rs := f.rangeOfValue[v]; rs != nil {
				return rs
			}
			if rs := f.ranges[f.exprs[v]]; rs != nil {
				return rs
			}
			if instr, ok := v.(ssa.Instruction); ok {
				for _, op := range instr.Operands(nil) {
					if *op != nil {
						next = append(next, *op)
					}
				}
			}
		}
		level = next
	}
	return nil
}

// BlockPos returns a position for block b: that of its first instruction
// with one, other than a phi (whose position is its variable's declaration).
func BlockPos(b *ssa.BasicBlock) token.Pos {
	for _, instr := range b.Instrs {
		if _, phi := instr.(*ssa.Phi); phi {
			continue
		}
		if p := instr.Pos(); p.IsValid() {
			return p
		}
	}
	return token.NoPos
}

// branchNote describes the divergent branch that ends graph block branch.
func (f *Func) branchNote(branch int) Note {
	condNote := func(e ast.Expr) Note {
		return Note{e.Pos(), e.End(), fmt.Sprintf("lanes diverge here: the condition %s depends on the lane", f.text(e))}
	}
	if cond, ok := f.graph.restoredIfs[branch]; ok && cond != nil {
		if e := f.Expr(cond); e != nil {
			return condNote(e)
		}
	}
	b := f.Block(branch)
	if rs := f.rangeTested(b); rs != nil {
		return Note{rs.X.Pos(), rs.X.End(), fmt.Sprintf("lanes diverge here: how many times the loop over %s runs depends on the lane", f.text(rs.X))}
	}
	if sel := selectOf(b); sel != nil {
		return Note{sel.Pos(), sel.Pos(), "lanes diverge here: lanes may take different cases of this select"}
	}
	if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
		if e, ok := ifi.Cond.(*ssa.Extract); ok {
			if ta, ok := e.Tuple.(*ssa.TypeAssert); ok && ta.CommaOk {
				if x := f.Expr(ta.X); x != nil {
					return Note{x.Pos(), x.End(), fmt.Sprintf("lanes diverge here: the dynamic type of %s depends on the lane", f.text(x))}
				}
			}
		}
	}
	if e := f.CondExpr(b); e != nil {
		if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			if rs := f.rangeOf(ifi); rs != nil && rs.X == e {
				return Note{e.Pos(), e.End(), fmt.Sprintf("lanes diverge here: how many times the loop over %s runs depends on the lane", f.text(e))}
			}
			if _, known := f.exprs[ifi.Cond]; !known {
				// A case of a tag switch: the tag is compared with it.
				return Note{e.Pos(), e.End(), fmt.Sprintf("lanes diverge here: the switch compares a lane-dependent value with case %s", f.text(e))}
			}
		}
		return condNote(e)
	}
	p := BlockPos(b)
	return Note{p, p, "lanes diverge at this branch"}
}

// rangeTested returns the range statement whose loop block b's branch
// enters (again), if one of its successors is the body of a range loop:
// the innermost range statement around that body's first instruction.
func (f *Func) rangeTested(b *ssa.BasicBlock) *ast.RangeStmt {
	if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); !ok {
		return nil
	}
	for _, s := range b.Succs {
		if !strings.HasPrefix(s.Comment, "range") || !strings.HasSuffix(s.Comment, ".body") {
			continue
		}
		f.rangesOnce.Do(f.findRanges)
		for _, instr := range s.Instrs {
			pos := instr.Pos()
			if !pos.IsValid() {
				continue
			}
			var inner *ast.RangeStmt
			for _, rs := range f.ranges {
				if rs.Body.Pos() <= pos && pos < rs.Body.End() && (inner == nil || rs.Pos() > inner.Pos()) {
					inner = rs
				}
			}
			if inner != nil {
				return inner
			}
		}
	}
	return nil
}

// selectOf returns the select whose case block b's branch tests, if it
// does.
func selectOf(b *ssa.BasicBlock) *ssa.Select {
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return nil
	}
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok {
		return nil
	}
	for _, op := range []ssa.Value{cmp.X, cmp.Y} {
		if e, ok := op.(*ssa.Extract); ok && e.Index == 0 {
			if sel, ok := e.Tuple.(*ssa.Select); ok {
				return sel
			}
		}
	}
	return nil
}

// ExplainControl explains why instr runs under divergent control: the
// branch, then the lane-dependent value it branches on, back to its source.
func (f *Func) ExplainControl(instr ssa.Instruction) []Note {
	at := f.blockOf(instr)
	cd := f.U.ControlDivergence(at)
	if len(cd) == 0 {
		return nil
	}
	notes := f.explainBranch(cd[0])
	if n, ok := f.leaveNote(cd[0], at, instr.Pos()); ok && len(notes) > 0 {
		notes = append(notes[:1], append([]Note{n}, notes[1:]...)...)
	}
	return notes
}

// leaveNote names the statement by which lanes that took one way out of
// the branch ending graph block branch left before reaching at (whose
// instruction is at pos): a return, break, continue or goto that ends an
// arm of the if statement, or a return that one way leads straight to.
func (f *Func) leaveNote(branch, at int, pos token.Pos) (Note, bool) {
	if jump := f.armJump(branch, at, pos); jump != nil {
		return jumpNote(jump), true
	}
	if ret := f.returnAfter(branch, at); ret != nil {
		if jump := f.jumpAt(ret.Pos()); jump != nil {
			return jumpNote(jump), true // or a break in a range-over-func body
		}
		return Note{ret.Pos(), ret.Pos(), "lanes that go this way return here"}, true
	}
	return Note{}, false
}

// armJump returns the jump that ends an arm of the if statement whose
// condition ends graph block branch, where the arm does not hold pos and
// does not lead to graph block at but through the branch again.
func (f *Func) armJump(branch, at int, pos token.Pos) ast.Stmt {
	succs := f.graph.succs[branch]
	stmt := f.ifStmt(f.Block(branch))
	if stmt == nil || len(succs) != 2 {
		return nil
	}
	for i, arm := range []ast.Stmt{stmt.Body, stmt.Else} {
		block, ok := arm.(*ast.BlockStmt)
		if !ok || len(block.List) == 0 || block.Pos() <= pos && pos < block.End() {
			continue
		}
		var jump ast.Stmt
		switch last := block.List[len(block.List)-1].(type) {
		case *ast.ReturnStmt:
			jump = last
		case *ast.BranchStmt:
			if last.Tok == token.CONTINUE {
				return last // it skips at in this iteration at least
			}
			if last.Tok != token.FALLTHROUGH {
				jump = last
			}
		}
		if jump != nil && !f.graph.reaches(succs[i], at, branch) {
			return jump
		}
	}
	return nil
}

// jumpAt returns the return, break, continue or goto statement at pos, if
// any.
func (f *Func) jumpAt(pos token.Pos) ast.Stmt {
	var found ast.Stmt
	if syntax := f.SSA.Syntax(); syntax != nil {
		ast.Inspect(syntax, func(n ast.Node) bool {
			if found != nil || n == nil || pos < n.Pos() || n.End() <= pos {
				return false
			}
			switch n := n.(type) {
			case *ast.ReturnStmt, *ast.BranchStmt:
				if n.Pos() == pos {
					found = n.(ast.Stmt)
				}
			}
			return true
		})
	}
	return found
}

// jumpNote says where the lanes that took jump went.
func jumpNote(jump ast.Stmt) Note {
	msg := "lanes that go this way return here"
	if br, ok := jump.(*ast.BranchStmt); ok {
		switch br.Tok {
		case token.BREAK:
			msg = "lanes that go this way break out here"
		case token.CONTINUE:
			msg = "lanes that go this way skip to the next iteration here"
		case token.GOTO:
			msg = "lanes that go this way jump to " + br.Label.Name + " here"
		}
	}
	return Note{jump.Pos(), jump.End(), msg}
}

// returnAfter returns the return statement that one way out of the branch
// that ends graph block branch leads straight to (through blocks with one
// successor), if the other leads elsewhere than at and at does not lead
// there too (but through the branch again, as a loop does): the return
// that made lanes leave, which the branch's condition decided.
func (f *Func) returnAfter(branch, at int) *ssa.Return {
	g := f.graph
	for _, s := range g.succs[branch] {
		b := s
		for steps := 0; steps < 8 && b != at; steps++ {
			if ret, ok := g.termInstr(b).(*ssa.Return); ok && ret.Pos().IsValid() {
				if g.reaches(at, b, branch) {
					break // the lanes at at return there too
				}
				return ret
			}
			if len(g.succs[b]) != 1 {
				break
			}
			b = g.succs[b][0]
		}
	}
	return nil
}

// reaches reports whether a path that avoids block avoid leads from graph
// block a to block b.
func (g *funcGraph) reaches(a, b, avoid int) bool {
	seen := make([]bool, len(g.succs))
	work := []int{a}
	seen[a], seen[avoid] = true, true
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == b {
			return true
		}
		for _, s := range g.succs[x] {
			if !seen[s] {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	return false
}

// ExplainBranch explains why the branch that ends b is divergent.
func (f *Func) ExplainBranch(b *ssa.BasicBlock) []Note {
	return f.explainBranch(f.graph.termBlock[b.Index])
}

func (f *Func) explainBranch(branch int) []Note {
	return f.explainCause(uniformity.Cause{Kind: uniformity.CauseJoin, Block: -1, Branch: branch})
}

// ExplainValue explains why the value (or instruction) x is divergent, back
// to the source of divergence.
func (f *Func) ExplainValue(x any) []Note {
	id, ok := f.ID(x)
	if !ok {
		return nil
	}
	return f.explainCause(f.U.Cause(id))
}

// maxExplainDepth bounds how many explanations may be under way at once,
// each asking for another's.
const maxExplainDepth = 12

// explainCause turns a chain of causes into notes, keeping only the steps
// that have a place in the source worth showing.
func (f *Func) explainCause(c uniformity.Cause) []Note {
	if f.explaining != nil {
		if f.explaining.Add(1) > maxExplainDepth {
			f.explaining.Add(-1)
			return nil
		}
		defer f.explaining.Add(-1)
	}
	var notes []Note
	type span struct{ pos, end token.Pos }
	seen := make(map[span]bool)
	add := func(n Note) {
		if n.Pos.IsValid() && !seen[span{n.Pos, n.End}] {
			seen[span{n.Pos, n.End}] = true
			notes = append(notes, n)
		}
	}
	g := f.graph
	user := -1 // the value whose cause c is, when known
	for steps := 0; c.Kind != uniformity.CauseNone && steps < 64; steps++ {
		switch c.Kind {
		case uniformity.CauseSource:
			n := f.sourceNote(c.Value)
			if last := len(notes) - 1; last >= 0 && notes[last].Pos == n.Pos && notes[last].End == n.End && !strings.HasSuffix(notes[last].Message, n.Message) {
				// The branch is on the source itself (an atomic's
				// result, say): say what the source is, too.
				notes = append(notes, n)
			} else {
				add(n)
			}
			for _, n := range f.bodyWriteNotes(c.Value) {
				add(n)
			}
			for _, n := range f.calleeNotes(c.Value) {
				add(n)
			}
			if o, ok := g.seedFrom[c.Value]; ok {
				// On, in the function that made the literal.
				for _, n := range o.parent.explainCause(o.parent.U.Cause(o.id)) {
					add(n)
				}
			}
			return notes
		case uniformity.CauseOperand:
			next := f.U.Cause(c.Value)
			if next.Kind != uniformity.CauseSource && !f.leftOperand(c.Value, notes) {
				if n, ok := f.valueNote(c.Value, "%s depends on the lane"); ok && !writtenHere(notes, n) {
					add(n)
				}
			}
			user, c = c.Value, next
			continue
		case uniformity.CauseJoin:
			if c.Block >= 0 {
				add(f.joinNote(c))
			}
		case uniformity.CauseTemporal:
			if n, ok := f.valueNote(c.Value, "%s is read after a loop that lanes leave in different iterations"); ok {
				if id := f.readAt(user, c.Value); id != nil {
					n.Pos, n.End = id.Pos(), id.End() // where it is read
				}
				add(n)
			}
		case uniformity.CauseDivergentCycle:
			p := BlockPos(f.Block(c.Cycle.Header()))
			add(Note{p, p, "in an irreducible cycle that lanes may enter at different blocks"})
		case uniformity.CauseControl:
			w := c.Value
			if call, ok := g.effectOf[w]; ok {
				w = call
			}
			if v := g.instrs[w]; v != nil {
				add(Note{v.Pos(), v.Pos(), "written under divergent control, so lanes disagree about the memory"})
			}
		}
		if c.Branch < 0 {
			return notes
		}
		n := f.branchNote(c.Branch)
		if c.Kind == uniformity.CauseTemporal {
			n.Message = strings.Replace(n.Message, "lanes diverge here", "lanes leave the loop here in different iterations", 1)
		}
		add(n)
		c = f.U.BranchCause(c.Branch)
	}
	return notes
}

// bodyWriteNotes explains, for a node standing for what the body of a
// range-over-func loop writes to a variable, why the body leaves
// lane-dependent values there: it writes them, or lanes leave the loop in
// different iterations.
func (f *Func) bodyWriteNotes(id int) []Note {
	w, ok := f.graph.bodyWrites[id]
	if !ok {
		return nil
	}
	body := f.funcs[w.body]
	if body == nil {
		return nil
	}
	if m, ok := body.graph.inputs[w.in]; ok && body.base.IsDivergent(m) {
		// In the body's own analysis, before the captured variables that
		// are lane-dependent at the loop were seeded: those include the
		// one written, which would explain itself.
		own := body.ownView()
		if w.jumps() {
			for _, wr := range body.graph.mems[m].writers {
				if instr := body.graph.instrs[wr]; instr != nil && len(own.ControlDivergence(instr)) > 0 {
					return append([]Note{{instr.Pos(), instr.Pos(), "lanes leave the loop here under divergent control"}}, own.ExplainControl(instr)...)
				}
			}
		}
		return own.explainCause(uniformity.Cause{Kind: uniformity.CauseOperand, Value: m, Branch: -1})
	}
	return body.divergentExit("lanes leave the loop here in different iterations, and keep what the body wrote before")
}

// ownView returns f as its own analysis saw it, before seedClosures made
// the variables it captured divergent where they are in its parent.
func (f *Func) ownView() *Func {
	return &Func{SSA: f.SSA, graph: f.graph, U: f.base, exprs: f.exprs, calls: f.calls, funcs: f.funcs, explaining: f.explaining}
}

// calleeNotes explains, for a node standing for the results of a function
// given as a callback, why they depend on the lane: in the function's own
// terms, at a return of a lane-dependent value.
func (f *Func) calleeNotes(id int) []Note {
	v, ok := f.graph.calleeOf[id]
	if !ok {
		return nil
	}
	callee := f.funcs[funcOf(v)]
	if callee == nil {
		return nil
	}
	own := callee.ownView()
	for _, id := range callee.graph.returns {
		for _, res := range callee.graph.instrs[id].(*ssa.Return).Results {
			if own.IsDivergent(res) {
				return own.ExplainValue(res)
			}
		}
	}
	return nil
}

// writtenHere reports whether the last note says that memory is set to a
// lane-dependent value where n's value is: the value written (x op= y's),
// which n would only name again.
func writtenHere(notes []Note, n Note) bool {
	if len(notes) == 0 {
		return false
	}
	last := notes[len(notes)-1]
	return last.Pos == n.Pos && strings.HasSuffix(last.Message, strings.TrimPrefix(memWrittenFormat, "%s"))
}

// leftOperand reports whether value id is an operation that starts where
// the last note does: the left operand of the expression quoted there, as
// a + b is of a + b + c. Its note would add nothing but a shorter quote.
func (f *Func) leftOperand(id int, notes []Note) bool {
	if len(notes) == 0 || f.graph.values[id] == nil {
		return false
	}
	e, ok := f.exprs[f.graph.values[id]].(*ast.BinaryExpr)
	return ok && e.Pos() == notes[len(notes)-1].Pos
}

func (f *Func) joinNote(c uniformity.Cause) Note {
	b := f.Block(c.Block)
	p := BlockPos(b)
	if end := f.ifEnd(c); end.IsValid() {
		return Note{end, end, "merges values from paths that lanes took differently, where the if ends"}
	}
	return Note{p, p, "merges values from paths that lanes took differently"}
}

// ifStmt returns the if statement whose condition b branches on, if any.
func (f *Func) ifStmt(b *ssa.BasicBlock) *ast.IfStmt {
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return nil
	}
	if f.ifs == nil {
		f.ifs = ifStmts(f.SSA)
	}
	return f.ifs[condPos(b, ifi)]
}

// ifEnd returns, for a join at the end of the if statement whose branch
// diverged, the position of the if's closing brace: the place of the join
// in the source. Other joins have NoPos.
func (f *Func) ifEnd(c uniformity.Cause) token.Pos {
	if c.Branch < 0 || c.Block < 0 || f.graph.partComment[c.Block] != "if.done" {
		return token.NoPos
	}
	stmt := f.ifStmt(f.Block(c.Branch))
	if stmt == nil || BlockPos(f.Block(c.Block)) < stmt.End() {
		return token.NoPos
	}
	return stmt.End() - 1
}

func (f *Func) sourceNote(id int) Note {
	g := f.graph
	why := g.seedWhy[id]
	if why == "" {
		why = "is a source of divergence"
	}
	if m := g.mems[id]; m != nil {
		return Note{m.root.Pos(), m.root.Pos(), fmt.Sprintf("%s %s", m.describe(f.exprs, f.graph.src), why)}
	}
	if v, ok := g.calleeOf[id]; ok {
		if e, ok := f.exprs[v]; ok {
			return Note{e.Pos(), e.End(), fmt.Sprintf("%s %s", f.text(e), why)}
		}
		return Note{v.Pos(), v.Pos(), "the function given here " + why}
	}
	if call, ok := g.effectOf[id]; ok {
		p := g.instrs[call].Pos()
		if e := f.callExpr(p); e != nil {
			return Note{e.Pos(), e.End(), fmt.Sprintf("%s %s", f.text(e), why)}
		}
		if c, ok := g.instrs[call].(ssa.CallInstruction); ok {
			if rs := rangeOverFunc(c); rs != nil {
				if w, ok := g.bodyWrites[id]; ok && w.jumps() {
					msg := fmt.Sprintf("where lanes go after the loop over %s depends on the lane", f.text(rs.X))
					if strings.HasPrefix(why, runsLaneTimes) {
						msg += ": the body " + why
					}
					return Note{rs.For, rs.X.End(), msg}
				}
				return Note{rs.For, rs.X.End(), fmt.Sprintf("the body of the loop over %s %s", f.text(rs.X), why)}
			}
		}
		return Note{p, p, why}
	}
	if v := g.values[id]; v != nil {
		if e, ok := f.exprs[v]; ok {
			return Note{e.Pos(), e.End(), fmt.Sprintf("%s %s", f.text(e), why)}
		}
		return Note{v.Pos(), v.Pos(), why}
	}
	if instr := g.instrs[id]; instr != nil {
		return Note{instr.Pos(), instr.Pos(), why}
	}
	return Note{}
}

const (
	memFormat        = "%s holds lane-dependent values"
	memWrittenFormat = "%s is set to a lane-dependent value here"
	memPlaceFormat   = "%s is written at a lane-dependent place here"
)

// valueNote describes a value by its source expression, if it has one.
func (f *Func) valueNote(id int, format string) (Note, bool) {
	g := f.graph
	if m := g.mems[id]; m != nil {
		if a, ok := m.root.(*ssa.Alloc); ok && (a.Comment == "complit" || a.Comment == "varargs") {
			// The literal built aside before it is copied into its
			// variable, which the next note names; the array of a
			// variadic call's arguments.
			return Note{}, false
		}
		if _, ok := m.root.(*ssa.Call); ok {
			if c := f.U.Cause(id); c.Kind == uniformity.CauseOperand && g.effectOf[c.Value] == g.ids[m.root] {
				// What the call allocated: the note on its writes
				// names it.
				return Note{}, false
			}
		}
		// Point at the write that made the memory lane-dependent, if it
		// has a place in the source; else at the variable.
		if c := f.U.Cause(id); c.Kind == uniformity.CauseOperand {
			w := g.instrs[c.Value]
			if in, ok := g.effectOf[c.Value]; ok {
				// A field of a struct copy; a call's writes get a note
				// of their own.
				if st, ok := g.instrs[in].(*ssa.Store); ok {
					w = st
				}
			}
			if w != nil && w.Pos().IsValid() {
				format := memWrittenFormat
				if st, ok := w.(*ssa.Store); ok && !f.IsDivergent(st.Val) {
					format = memPlaceFormat
				}
				return Note{w.Pos(), w.Pos(), fmt.Sprintf(format, m.describe(f.exprs, f.graph.src))}, true
			}
		}
		return Note{m.root.Pos(), m.root.Pos(), fmt.Sprintf(memFormat, m.describe(f.exprs, f.graph.src))}, true
	}
	if call, ok := g.effectOf[id]; ok {
		// What a call writes through its arguments.
		if _, ok := g.instrs[call].(ssa.CallInstruction); ok {
			if e := f.callExpr(g.instrs[call].Pos()); e != nil {
				return Note{e.Pos(), e.End(), f.text(e) + " writes lane-dependent values there"}, true
			}
		}
		return Note{}, false
	}
	v := g.values[id]
	if v == nil {
		return Note{}, false
	}
	e, ok := f.exprs[v]
	if !ok {
		return Note{}, false
	}
	return Note{e.Pos(), e.End(), fmt.Sprintf(format, f.text(e))}, true
}

// describe names the memory m stands for: "c.sum" for a field.
func (m *memObject) describe(exprs map[ssa.Value]ast.Expr, src *sources) string {
	d := describe(m.root, exprs, src)
	if st := pointedStruct(m.root.Type()); st != nil && m.field >= 0 {
		d += "." + st.Field(m.field).Name()
	}
	return d
}

// describe names a memory root: a variable by its name, anything else by
// the expression that made it.
func describe(v ssa.Value, exprs map[ssa.Value]ast.Expr, src *sources) string {
	if a, ok := v.(*ssa.Alloc); ok && a.Comment != "" && !ssaInternalNames[a.Comment] {
		return a.Comment
	}
	if e, ok := exprs[v]; ok {
		return src.text(e)
	}
	switch v := v.(type) {
	case *ssa.Parameter:
		return "what parameter " + v.Name() + " points to"
	case *ssa.FreeVar:
		if v.Parent().Synthetic == rangeFuncYield {
			return v.Name() // the loop's body is the function's own code
		}
		return "captured variable " + v.Name()
	}
	return "this memory"
}

// ssaInternalNames are the comments go/ssa gives allocations that are not
// variables.
var ssaInternalNames = map[string]bool{"new": true, "makeslice": true, "complit": true, "slicelit": true, "varargs": true}

// Instr returns the instruction with value number id, or nil.
func (f *Func) Instr(id int) ssa.Instruction { return f.graph.instrs[id] }

// A Violation is a call that passes a divergent value where the callee
// requires a uniform one.
type Violation struct {
	Call ssa.CallInstruction
	// Callee names the function called; Barrier says whether what the
	// requirement protects reaches a barrier.
	Callee      string
	Barrier     bool
	Requirement Requirement
	// Arg is the argument for the input (for a Contents input, the
	// pointer whose target is divergent), and ArgIndex the argument of
	// Call that passes it: the argument itself, or a closure that captured
	// it and that the callee calls; -1 for a closure that Call calls
	// through a value holding it.
	Arg      ssa.Value
	ArgIndex int
	// Closure: the requirement is a closure's, passed to Callee, which
	// calls it; Callee names the closure.
	Closure bool
}

// Violations lists the calls in f that pass divergent values where the
// callee requires uniform ones.
func (f *Func) Violations() []Violation {
	var out []Violation
	for _, v := range f.graph.findViolations(f.U) {
		if v.req == nil {
			continue // a convergent call under divergent control: the checker finds those itself
		}
		if v.literal != nil && f.seededClosures[v.literal][v.req.Input] {
			continue // the literal's own analysis has the variable divergent: reported there
		}
		out = append(out, Violation{Call: v.call, Callee: v.callee, Barrier: v.barrier, Requirement: *v.req, Arg: v.arg, ArgIndex: v.argIndex, Closure: v.closure})
	}
	return out
}

// ExplainArg explains why the argument a of call is divergent there.
func (f *Func) ExplainArg(a ssa.Value, in Input) []Note {
	if in.Calls {
		for _, n := range f.graph.callResults(a) {
			if f.U.IsDivergent(n) {
				return f.explainCause(uniformity.Cause{Kind: uniformity.CauseOperand, Value: n, Branch: -1})
			}
		}
		return nil
	}
	if !in.Contents && in.Field > 0 && f.graph.fieldsOf(a) != nil {
		for _, n := range f.graph.fieldArg(a, in.Field-1) {
			if f.U.IsDivergent(n) {
				return f.explainCause(f.U.Cause(n))
			}
		}
	}
	if !in.Contents {
		if !f.IsDivergent(a) && isFunc(a.Type()) && f.graph.iteratorControl(f.U, a) {
			if e := f.Expr(a); e != nil {
				return []Note{{e.Pos(), e.End(), fmt.Sprintf("%s runs a loop body under control that depends on the lane", f.text(e))}}
			}
		}
		return f.ExplainValue(a)
	}
	for _, m := range f.graph.contentRoots(a, in) {
		if f.graph.memDivergent(f.U, m) {
			return f.explainCause(f.U.Cause(m.id))
		}
	}
	return nil
}

// ExplainOwn says where the memory a points to, which belongs to each lane
// alone, comes from.
func (f *Func) ExplainOwn(a ssa.Value) []Note {
	var notes []Note
	seen := make(map[ssa.Value]bool)
	for _, m := range f.graph.memRoots(a) {
		if !seen[m.root] {
			seen[m.root] = true
			notes = append(notes, Note{m.root.Pos(), m.root.Pos(), describe(m.root, f.exprs, f.graph.src) + " belongs to each lane alone"})
		}
	}
	return notes
}

// Expr returns the source expression that computed v, if known.
func (f *Func) Expr(v ssa.Value) ast.Expr { return f.exprs[v] }

// callExpr returns the call expression whose left parenthesis is at pos.
func (f *Func) callExpr(pos token.Pos) *ast.CallExpr { return f.calls[pos] }

// DivergentCallee reports whether call calls a function value that may
// differ between lanes, so that lanes may run different functions there,
// and explains why. A function literal over lane-dependent variables is the
// same function in every lane: what it needs of its variables is checked at
// the call (noteClosureRequires).
func (f *Func) DivergentCallee(call ssa.CallInstruction) (bool, []Note) {
	common := call.Common()
	if sf := staticFunc(common); common.IsInvoke() || sf != nil {
		at := f.graph.ids[call]
		if common.IsInvoke() && !f.graph.typeUniform(f.U, common.Value, at) {
			return true, f.ExplainValue(common.Value)
		}
		if mc, ok := common.Value.(*ssa.MakeClosure); ok && sf != nil && boundInterfaceMethod(sf) && !f.graph.typeUniform(f.U, mc.Bindings[0], at) {
			return true, f.ExplainValue(mc.Bindings[0]) // reduce := r.Reduce; reduce()
		}
		return false, nil
	}
	why, diverges, known := f.graph.pickDivergent(f.U, common.Value, f.graph.ids[call])
	switch {
	case !diverges:
		return false, nil
	case known:
		return true, f.explainCause(why)
	}
	return true, f.ExplainValue(common.Value)
}

// A ConvergentCall is a call in f that is a convergent operation: to a
// function declared or found convergent, or to a function value that may be.
type ConvergentCall struct {
	Call    ssa.CallInstruction
	Summary *Summary
	// Callback, for a call that is convergent because the callee calls a
	// convergent function it is given, is the index of the argument that
	// gives it (receiver first); -1 otherwise.
	Callback int
	// CalleeDivergence, if not empty, says where and why the callee calls
	// that function under divergent control whatever its arguments.
	CalleeDivergence string
	// ThroughBody: the call is a range-over-func loop's call of its
	// iterator, convergent because the loop's body is (and reported there).
	ThroughBody bool
}

// ConvergentCalls lists the convergent operations in f, in program order.
func (f *Func) ConvergentCalls() []ConvergentCall {
	var out []ConvergentCall
	for _, c := range f.graph.convergent {
		out = append(out, ConvergentCall{Call: c.call, Summary: c.summary, Callback: c.callback, CalleeDivergence: c.calleeDivergence, ThroughBody: c.throughBody})
	}
	return out
}

// exprAt returns the outermost expression of f's source that starts at pos.
func (f *Func) exprAt(pos token.Pos) ast.Expr {
	var found ast.Expr
	if f.SSA.Syntax() == nil {
		return nil
	}
	ast.Inspect(f.SSA.Syntax(), func(n ast.Node) bool {
		if n == nil || found != nil || pos < n.Pos() || pos >= n.End() {
			return false
		}
		if e, ok := n.(ast.Expr); ok && e.Pos() == pos {
			found = e
			return false
		}
		return true
	})
	return found
}

// RequirementSubject names what a violated requirement is about, in the
// words of the source: "parameter n of h", "what parameter p of fill points
// to".
func RequirementSubject(r Requirement, callee string) string {
	// go/ssa captures variables by address: for a captured variable, what
	// it points to is the variable itself.
	captured := strings.HasPrefix(r.Name, "captured variable")
	switch {
	case r.Input.Calls && captured:
		return fmt.Sprintf("what the function in %s of %s returns", r.Name, callee)
	case r.Input.Calls:
		return fmt.Sprintf("what %s of %s returns", r.Name, callee)
	case !r.Input.Contents && r.Field != "":
		return fmt.Sprintf("field %s of %s of %s", r.Field, r.Name, callee)
	case r.Input.Contents && r.Field != "" && captured:
		return fmt.Sprintf("field %s of %s of %s", r.Field, r.Name, callee)
	case r.Input.Contents && r.Field != "":
		return fmt.Sprintf("field %s of what %s of %s points to", r.Field, r.Name, callee)
	case r.Input.Contents && !captured:
		return fmt.Sprintf("what %s of %s points to", r.Name, callee)
	}
	return fmt.Sprintf("%s of %s", r.Name, callee)
}

// ArgExpr returns the argument expression of call expression e that
// supplies input index of the callee (receiver first), or nil.
func ArgExpr(call ssa.CallInstruction, e *ast.CallExpr, index int) ast.Expr {
	_, args := callee(call.Common())
	offset := len(args) - len(e.Args)
	switch {
	case offset < 0 || index >= len(args):
		return nil // variadic, or a captured variable
	case index >= offset:
		return e.Args[index-offset]
	case index == 0 && offset == 1:
		if sel, ok := e.Fun.(*ast.SelectorExpr); ok {
			return sel.X // the receiver
		}
	}
	return nil
}

// Block returns the SSA block with index i in the analysis. A block that
// the analysis restored after go/ssa removed it has no SSA block: the block
// it leads to stands for it.
func (f *Func) Block(i int) *ssa.BasicBlock {
	if i < 0 || i >= len(f.graph.succs) {
		return nil
	}
	return f.SSA.Blocks[f.graph.ssaSucc(i)]
}

// text quotes e as the source writes it.
func (f *Func) text(e ast.Expr) string { return f.graph.src.text(e) }

// Text returns e as the source writes it, shortened if long.
func (f *Func) Text(e ast.Expr) string { return f.text(e) }

// EntryNote says that a cycle can be entered at block b: at its label, if
// b is a labelled statement, which is where a goto enters.
func (f *Func) EntryNote(b *ssa.BasicBlock) Note {
	var label *ast.LabeledStmt
	if token.IsIdentifier(b.Comment) {
		f.labelsOnce.Do(func() {
			syntax := f.SSA.Syntax()
			if syntax == nil {
				return
			}
			f.labels = make(map[string]*ast.LabeledStmt)
			ast.Inspect(syntax, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					return n == syntax
				case *ast.LabeledStmt:
					if _, ok := f.labels[n.Label.Name]; !ok {
						f.labels[n.Label.Name] = n
					}
				}
				return true
			})
		})
		label = f.labels[b.Comment]
	}
	if label != nil {
		return Note{label.Pos(), label.Colon + 1, "the cycle can be entered here, at " + label.Label.Name}
	}
	p := BlockPos(b)
	return Note{p, p, "the cycle can be entered here"}
}

// readAt returns the identifier by which the expression of value user
// reads the variable whose value is def, if both are known.
func (f *Func) readAt(user, def int) *ast.Ident {
	g := f.graph
	if user < 0 || g.values[user] == nil || g.values[def] == nil {
		return nil
	}
	ue, ok := f.exprs[g.values[user]]
	if !ok {
		return nil
	}
	de, ok := f.exprs[g.values[def]].(*ast.Ident)
	if !ok {
		return nil
	}
	var found *ast.Ident
	ast.Inspect(ue, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && found == nil && id.Name == de.Name && id.Pos() != de.Pos() {
			found = id
		}
		return found == nil
	})
	return found
}
