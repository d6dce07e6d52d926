package divergence

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// exportRecovers exports Recovers for the functions of the package that call
// recover themselves. It reads the syntax only, so that a package without
// SPMD code, which builds no SSA, still tells its importers which of its
// helpers stop a panic when deferred.
func exportRecovers(pass *analysis.Pass) {
	for _, f := range pass.Files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !bodyCallsRecover(pass.TypesInfo, fd.Body) {
				continue
			}
			if obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				pass.ExportObjectFact(obj, new(Recovers))
			}
		}
	}
}

// bodyCallsRecover reports whether body calls the builtin recover, not
// counting the function literals in it: only a call made by the deferred
// function itself stops a panic.
func bodyCallsRecover(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
				if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "recover" {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// callsRecover reports whether fn calls recover itself, and may then
// return: a deferred function that recovers only to panic again
// (if r := recover(); r != nil { log(r); panic(r) }) stops no panic.
func callsRecover(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok {
				if bi, ok := call.Call.Value.(*ssa.Builtin); ok && bi.Name() == "recover" && returnsAfterRecover(call) {
					return true
				}
			}
		}
	}
	return false
}

// returnsAfterRecover reports whether a path on which the recover call
// got a panic (its result tested against nil and found set, or not
// tested) leads to a return.
func returnsAfterRecover(rec *ssa.Call) bool {
	var starts []*ssa.BasicBlock
	for _, ref := range *rec.Referrers() {
		cmp, ok := ref.(*ssa.BinOp)
		if !ok || cmp.X != rec || !isNilConst(cmp.Y) || cmp.Op != token.NEQ && cmp.Op != token.EQL {
			continue
		}
		for _, use := range *cmp.Referrers() {
			if ifi, ok := use.(*ssa.If); ok && ifi.Cond == cmp {
				succ := ifi.Block().Succs[0] // r != nil
				if cmp.Op == token.EQL {
					succ = ifi.Block().Succs[1]
				}
				starts = append(starts, succ)
			}
		}
	}
	if len(starts) == 0 {
		return true // the result is not tested: any panic stops here
	}
	seen := make(map[*ssa.BasicBlock]bool)
	for len(starts) > 0 {
		b := starts[len(starts)-1]
		starts = starts[:len(starts)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			return true
		}
		starts = append(starts, b.Succs...)
	}
	return false
}

func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// recovers reports whether fn calls recover itself: from its body, or for a
// function of another package, from its fact.
func (v *vocabulary) recovers(fn *ssa.Function) bool {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Blocks != nil {
		return callsRecover(fn)
	}
	obj := funcObject(fn)
	return obj != nil && obj.Pkg() != v.pass.Pkg && v.pass.ImportObjectFact(obj, new(Recovers))
}
