package divergence

import (
	"go/ast"
	"go/token"

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
// ones the source wrote.
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
		if stmt == nil || stmt.Else != nil || !fallsThrough(stmt.Body) {
			continue
		}
		then, succ := g.succs[tb][0], g.succs[tb][1]
		if then == succ || g.ssaOf[then] != then {
			continue
		}
		if g.ssaOf[succ] == succ && g.fn.Blocks[succ].Comment == "if.done" {
			continue // not threaded
		}
		// The ends of the arm: blocks the arm's entry dominates that jump
		// to succ.
		var exits []int
		thenBlock := g.fn.Blocks[then]
		for _, x := range g.fn.Blocks {
			if x == b || !(x == thenBlock || thenBlock.Dominates(x)) {
				continue
			}
			if xt := g.termBlock[x.Index]; containsIndex(g.succs[xt], succ) {
				exits = append(exits, xt)
			}
		}
		if len(exits) == 0 {
			continue
		}
		g.insertDoneBlock(append([]int{tb}, exits...), succ)
	}
}

// insertDoneBlock adds a block on the edges from preds to succ.
func (g *funcGraph) insertDoneBlock(preds []int, succ int) {
	v := g.newRestored("if.done", token.NoPos).index
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
	for i := len(b.Instrs) - 1; i >= 0; i-- {
		if ref, ok := b.Instrs[i].(*ssa.DebugRef); ok && ref.X == ifi.Cond && !ref.IsAddr {
			return ref.Expr.Pos()
		}
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
