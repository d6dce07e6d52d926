package divergence

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// go/ssa deletes empty blocks by jump threading before it places phis. The
// empty "if.done" block of an if statement at the end of a loop body is one:
// the branch and the end of its arm then both jump straight to the loop
// header, which becomes the join of the branch, so every phi of the header
// looks divergent. A compiler keeps that block as the loop's latch (LLVM
// does for the same source), and the join is there. restoreDoneBlocks puts
// it back, as a block of the graph the analysis sees (not of the SSA
// function): the join of an if whose arm falls through is the block after
// the if, where both paths meet before anything else runs.
//
// Only ifs whose arm falls through are concerned: an arm that ends in goto,
// return, break or continue never reached if.done, so the edges are the
// ones the source wrote.

// doneBlock is a restored block: it sits on the edges from preds to succ,
// and merges what succ's phis received along them.
type doneBlock struct {
	index int
	preds []int
	succ  int
	// For each phi of succ whose values along those edges differ, a phi of
	// the restored block that merges them.
	phis map[*ssa.Phi]int
}

func (g *funcGraph) restoreDoneBlocks() {
	ifs := ifStmts(g.fn)
	if len(ifs) == 0 {
		return
	}
	for _, b := range g.fn.Blocks {
		if len(b.Instrs) == 0 || len(b.Succs) != 2 {
			continue
		}
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		stmt := ifs[condPos(b, ifi)]
		if stmt == nil || stmt.Else != nil || !fallsThrough(stmt.Body) {
			continue
		}
		then, succ := b.Succs[0], b.Succs[1]
		if succ.Comment == "if.done" || then == succ {
			continue // not threaded
		}
		// The ends of the arm: blocks the arm's entry dominates that jump
		// to succ.
		var exits []int
		for _, x := range g.fn.Blocks {
			if x == b || !(x == then || then.Dominates(x)) {
				continue
			}
			for _, s := range x.Succs {
				if s == succ {
					exits = append(exits, x.Index)
					break
				}
			}
		}
		if len(exits) == 0 {
			continue
		}
		g.insertDoneBlock(append([]int{b.Index}, exits...), succ.Index)
	}
}

// insertDoneBlock adds a block on the edges from preds to succ.
func (g *funcGraph) insertDoneBlock(preds []int, succ int) {
	v := len(g.succs)
	g.succs = append(g.succs, []int{succ})
	g.live = append(g.live, []int{succ})
	g.preds = append(g.preds, preds)
	g.inBlock = append(g.inBlock, nil)
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
	g.done = append(g.done, &doneBlock{index: v, preds: preds, succ: succ, phis: map[*ssa.Phi]int{}})
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

// addDoneInstrs gives each restored block its phis and a jump.
func (g *funcGraph) addDoneInstrs() {
	for _, d := range g.done {
		succ := g.fn.Blocks[d.succ]
		for _, instr := range succ.Instrs {
			phi, ok := instr.(*ssa.Phi)
			if !ok {
				break
			}
			var vals []ssa.Value
			for i, p := range succ.Preds {
				if containsIndex(d.preds, p.Index) {
					vals = append(vals, phi.Edges[i])
				}
			}
			id := g.newValue(d.index)
			g.phi[id] = true
			for _, val := range vals {
				g.depend(id, g.valueID(val))
			}
			d.phis[phi] = id
			g.inBlock[d.index] = append(g.inBlock[d.index], id)
		}
		jump := g.newValue(d.index)
		g.term[jump] = true
		g.inBlock[d.index] = append(g.inBlock[d.index], jump)
	}
}

// phiEdges returns the operands of phi as the analysis sees them: the
// edges from a restored block replaced by its phi.
func (g *funcGraph) phiEdges(phi *ssa.Phi) []int {
	var ops []int
	b := phi.Block()
	for _, d := range g.done {
		if d.succ != b.Index {
			continue
		}
		placed := false
		for i, p := range b.Preds {
			if containsIndex(d.preds, p.Index) {
				if !placed {
					ops = append(ops, d.phis[phi])
					placed = true
				}
				continue
			}
			ops = append(ops, g.valueID(phi.Edges[i]))
		}
		return ops
	}
	for _, e := range phi.Edges {
		ops = append(ops, g.valueID(e))
	}
	return ops
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
