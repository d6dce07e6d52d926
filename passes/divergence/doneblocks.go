package divergence

import (
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// The empty "if.done" block of an if statement at the end of a loop body is
// one that go/ssa threads away (see restore.go): the branch and the end of
// its arm then both jump straight to the loop header, which becomes the
// join of the branch, so every phi of the header looks divergent.
// restoreDoneBlocks puts it back: the join of an if whose arm falls through
// is the block after the if, where both paths meet before anything else
// runs.
//
// Only ifs whose arm falls through are concerned: an arm that ends in goto,
// return, break or continue never reached if.done, so the edges are the
// ones the source wrote. The same holds for an if/else whose arms both fall
// through, just before a loop with no init statement, say: the loop header
// became the join.
func (g *funcGraph) restoreDoneBlocks() {
	ifs := ifStmts(g.fn)
	if len(ifs) == 0 {
		return
	}
	for _, b := range g.fn.Blocks {
		tb := g.termBlock[b.Index]
		if len(g.succs[tb]) != 2 {
			continue
		}
		ifi, ok := g.termInstr(tb).(*ssa.If)
		if !ok {
			continue
		}
		stmt := ifs[condPos(b, ifi)]
		if stmt == nil || !fallsThrough(stmt.Body) {
			continue
		}
		then, other := g.succs[tb][0], g.succs[tb][1]
		if then == other || g.ssaOf[then] != then {
			continue
		}
		switch els := stmt.Else.(type) {
		case nil:
			// The false edge goes to if.done itself.
			if hasBranch(stmt.Body) {
				continue // a jump out of the arm may go there directly
			}
			exits := g.armExits(then, other)
			if len(exits) == 0 || len(exits)+1 == len(g.preds[other]) {
				continue // other is if.done itself, or joins nothing else
			}
			g.insertBlock("if.done", append([]int{tb}, exits...), other)
		case *ast.BlockStmt:
			// Both arms fall through to if.done. Where it was threaded to
			// is the one block both arms leave for; a jump in an arm could
			// leave for the same block without crossing if.done, so arms
			// with one are left as they are.
			if !fallsThrough(els) || g.ssaOf[other] != other || hasBranch(stmt.Body) || hasBranch(els) {
				continue
			}
			done, ok := g.armTarget(then)
			if d, ok2 := g.armTarget(other); !ok || !ok2 || d != done {
				continue
			}
			exits := append(g.armExits(then, done), g.armExits(other, done)...)
			if len(exits) == 0 || len(exits) == len(g.preds[done]) {
				continue // done is if.done itself, or joins nothing else
			}
			g.insertBlock("if.done", exits, done)
		}
	}
}

// armExits returns the ends of the if arm that starts at block arm: the
// blocks arm dominates that jump to succ.
func (g *funcGraph) armExits(arm, succ int) []int {
	var exits []int
	for _, x := range armBlocks(g.fn.Blocks[arm]) {
		if x.Index == g.ssaOf[succ] {
			continue
		}
		if xt := g.termBlock[x.Index]; containsIndex(g.succs[xt], succ) {
			exits = append(exits, xt)
		}
	}
	return exits
}

// armTarget returns the one block outside the if arm that starts at block
// arm that the arm's blocks go to, if there is exactly one.
func (g *funcGraph) armTarget(arm int) (int, bool) {
	armBlock := g.fn.Blocks[arm]
	target := -1
	for _, x := range armBlocks(armBlock) {
		for _, s := range g.succs[g.termBlock[x.Index]] {
			if g.ssaOf[s] >= 0 && g.ssaOf[s] != arm && armBlock.Dominates(g.fn.Blocks[g.ssaOf[s]]) {
				continue // inside the arm
			}
			if target >= 0 && target != s {
				return 0, false
			}
			target = s
		}
	}
	return target, target >= 0
}

// armBlocks returns the blocks that arm dominates, arm included: the arm's
// code, found in its dominator subtree rather than by testing every block,
// which made a function with many ifs quadratic.
func armBlocks(arm *ssa.BasicBlock) []*ssa.BasicBlock {
	out := []*ssa.BasicBlock{arm}
	for i := 0; i < len(out); i++ {
		out = append(out, out[i].Dominees()...)
	}
	return out
}

// hasBranch reports whether a goto, break or continue in body, outside
// function literals, may jump out of it: a break or continue of a loop,
// switch or select inside body, or a jump to a label inside it, stays in.
func hasBranch(body *ast.BlockStmt) bool {
	labels := make(map[string]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		if ls, ok := n.(*ast.LabeledStmt); ok {
			labels[ls.Label.Name] = true
		}
		_, lit := n.(*ast.FuncLit)
		return !lit
	})
	found := false
	var visit func(n ast.Node, loops, breakables int)
	visit = func(n ast.Node, loops, breakables int) {
		ast.Inspect(n, func(m ast.Node) bool {
			if found || m == nil {
				return false
			}
			if m == n {
				return true
			}
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ForStmt, *ast.RangeStmt:
				visit(m, loops+1, breakables+1)
				return false
			case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				visit(m, loops, breakables+1)
				return false
			case *ast.BranchStmt:
				switch {
				case m.Label != nil:
					found = !labels[m.Label.Name]
				case m.Tok == token.BREAK:
					found = breakables == 0
				case m.Tok == token.CONTINUE:
					found = loops == 0
				case m.Tok == token.GOTO:
					found = true
				}
			}
			return true
		})
	}
	visit(body, 0, 0)
	return found
}

// insertBlock adds a block on the edges from preds to succ.
func (g *funcGraph) insertBlock(comment string, preds []int, succ int) {
	v := g.newRestored(comment, token.NoPos).index
	g.succs[v] = []int{succ}
	g.live = append(g.live, []int{succ})
	g.preds[v] = preds
	for _, p := range preds {
		g.succs[p] = replaceEdge(g.succs[p], succ, v)
		g.live[p] = replaceEdge(g.live[p], succ, v)
	}
	var kept []int
	placed := false
	for _, p := range g.preds[succ] {
		if containsIndex(preds, p) {
			if !placed {
				kept = append(kept, v)
				placed = true
			}
			continue
		}
		kept = append(kept, p)
	}
	g.preds[succ] = kept
}

// replaceEdge returns succs with old replaced by new, copying so that
// slices shared with go/ssa or with the live edges are not changed.
func replaceEdge(succs []int, old, new int) []int {
	out := make([]int, len(succs))
	for i, s := range succs {
		if s == old {
			s = new
		}
		out[i] = s
	}
	return out
}

func containsIndex(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// ifStmts maps the position of each if statement's condition to the
// statement, for the ifs of fn's own body.
func ifStmts(fn *ssa.Function) map[token.Pos]*ast.IfStmt {
	syntax := fn.Syntax()
	if syntax == nil {
		return nil
	}
	m := make(map[token.Pos]*ast.IfStmt)
	ast.Inspect(syntax, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return n == syntax
		case *ast.IfStmt:
			m[n.Cond.Pos()] = n
		}
		return true
	})
	return m
}

// condPos returns the position of the source expression an If branches on.
func condPos(b *ssa.BasicBlock, ifi *ssa.If) token.Pos {
	if e := condRef(b, ifi); e != nil {
		return e.Pos()
	}
	return token.NoPos
}

// fallsThrough reports whether control can leave a block statement at its
// end: it does not end in a jump, a return or a panic.
func fallsThrough(body *ast.BlockStmt) bool {
	if len(body.List) == 0 {
		return true
	}
	switch last := body.List[len(body.List)-1].(type) {
	case *ast.BranchStmt, *ast.ReturnStmt:
		return false
	case *ast.ExprStmt:
		if call, ok := last.X.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "panic" {
				return false
			}
		}
	}
	return true
}

// restoreDegenerateIfs turns back into an if each jump that go/ssa made of
// an if whose two edges met (restoreLabels does it first where the edges
// cross empty labels). Where one edge leaves the if at its end and the
// other by a jump statement (if c { continue } ending a loop body, if c {
// goto L } just before L), the first crosses the if's if.done, so the
// block both reach is a join, as in LLVM's IR of the source.
func (g *funcGraph) restoreDegenerateIfs() {
	var leaves map[ast.Expr]leafArms
	for b := range g.succs {
		if g.ssaOf[b] < 0 {
			continue
		}
		_, restored := g.restoredIfs[b]
		_, virtual := g.vterm[b]
		if _, jump := g.termInstr(b).(*ssa.Jump); !restored && !jump && !virtual {
			continue
		}
		ref := lastCondRef(g.partInstrs[b])
		if ref == nil {
			continue
		}
		if leaves == nil {
			leaves = ifLeaves(g.fn)
		}
		arms, ok := leaves[ref.Expr]
		if !ok {
			continue
		}
		succs := g.succs[b]
		if !restored {
			if len(succs) != 1 {
				continue
			}
			succs = []int{succs[0], succs[0]}
			g.preds[succs[0]] = slices.Insert(g.preds[succs[0]], slices.Index(g.preds[succs[0]], b), b)
			if g.restoredIfs == nil {
				g.restoredIfs = make(map[int]ssa.Value)
			}
			g.restoredIfs[b] = ref.X
		}
		if t, f := arms.fallsOut(0), arms.fallsOut(1); succs[0] == succs[1] && t != f {
			slot := 0
			if f {
				slot = 1
			}
			target := succs[slot]
			done := g.newRestored("if.done", token.NoPos).index
			g.succs[done] = []int{target}
			g.preds[done] = []int{b}
			g.preds[target] = slices.Clone(g.preds[target])
			g.preds[target][slices.Index(g.preds[target], b)] = done
			succs = slices.Clone(succs)
			succs[slot] = done
		}
		g.succs[b] = succs
	}
}

// lastCondRef returns the debug reference that the last instruction with a
// position among instrs is, if it refers to a value (a condition, say).
func lastCondRef(instrs []ssa.Instruction) *ssa.DebugRef {
	for i := len(instrs) - 1; i >= 0; i-- {
		if instrPos(instrs[i]).IsValid() {
			if ref, ok := instrs[i].(*ssa.DebugRef); ok && !ref.IsAddr {
				return ref
			}
			return nil
		}
	}
	return nil
}

// An armEdge says where an edge of an operand of an if's condition goes.
type armEdge uint8

const (
	toNext armEdge = iota // the test of the condition's next operand
	toThen
	toElse
)

// leafArms is where the edges of an operand of an if's condition go.
type leafArms struct {
	stmt *ast.IfStmt
	to   [2]armEdge // true, false
}

// fallsOut reports whether the edge in slot (0 true, 1 false) leaves the
// if statement at its end, through if.done: it enters an arm that falls
// through, or it is the false edge of an if without else.
func (a leafArms) fallsOut(slot int) bool {
	switch a.to[slot] {
	case toThen:
		return fallsThrough(a.stmt.Body)
	case toElse:
		switch els := a.stmt.Else.(type) {
		case nil:
			return true
		case *ast.BlockStmt:
			return fallsThrough(els)
		}
	}
	return false
}

// ifLeaves maps each operand that the ifs of fn's own body branch on to
// where its edges go.
func ifLeaves(fn *ssa.Function) map[ast.Expr]leafArms {
	m := make(map[ast.Expr]leafArms)
	for _, stmt := range ifStmts(fn) {
		condLeaves(stmt.Cond, toThen, toElse, toNext, func(leaf ast.Expr, t, f armEdge) {
			m[leaf] = leafArms{stmt, [2]armEdge{t, f}}
		})
	}
	return m
}

// restoreRangeLatches gives the loop of a range over a slice, an array or
// a pointer to one a block where its back edges meet, as the increment of
// the for loop it stands for (for i := 0; i < len(s); i++) has. go/ssa
// increments the index in the loop header instead, so a continue and the
// end of the body met at the header, and its phi of the index, which
// takes the same value along both, looked divergent after a divergent
// continue: the loop's trip count depended on the lane.
func (g *funcGraph) restoreRangeLatches() {
	for _, h := range g.fn.Blocks {
		if h.Comment != "rangeindex.loop" || g.ssaOf[h.Index] != h.Index {
			continue
		}
		var back []int
		for _, p := range g.preds[h.Index] {
			if h.Dominates(g.fn.Blocks[g.ssaSource(p)]) {
				back = append(back, p)
			}
		}
		if len(back) > 1 {
			g.insertBlock("rangeindex.next", back, h.Index)
		}
	}
}

// restoreLoopEntries gives every loop one block that enters it, as LLVM's
// IR of the same source has. go/ssa threads away the empty block where the
// statement before a loop ends (the for.done of a loop with a break, a
// switch.done, ...), so the loop's header became that statement's join: the
// header's phis, which merge the loop's first value with its next ones,
// looked divergent when that statement's branch was, and so did the loop.
// A Go loop's header dominates its body (goto cannot jump into a block), so
// the edges from blocks it does not dominate are the entries.
func (g *funcGraph) restoreLoopEntries() {
	for _, h := range g.fn.Blocks {
		if !loopHeaders[h.Comment] || g.ssaOf[h.Index] != h.Index {
			continue
		}
		var entries []int
		back := false
		for _, p := range g.preds[h.Index] {
			if h.Dominates(g.fn.Blocks[g.ssaSource(p)]) {
				back = true
			} else {
				entries = append(entries, p)
			}
		}
		if back && len(entries) > 1 {
			g.insertBlock("loop.entry", entries, h.Index)
		}
	}
}

// loopHeaders are go/ssa's comments for the header of a loop: the block
// that tests the condition, or the body of a loop without one.
var loopHeaders = map[string]bool{
	"for.loop": true, "for.body": true,
	"rangeindex.loop": true, "rangeint.loop": true, "rangeiter.loop": true, "rangechan.loop": true,
}

// ssaSource returns the go/ssa block that graph block b is part of, or,
// for a restored block, the one its first predecessor is part of.
func (g *funcGraph) ssaSource(b int) int {
	for g.ssaOf[b] < 0 {
		b = g.preds[b][0]
	}
	return g.ssaOf[b]
}
