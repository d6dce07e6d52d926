package divergence

import (
	"go/ast"
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

// callsRecover reports whether fn calls recover itself.
func callsRecover(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok {
				if bi, ok := call.Call.Value.(*ssa.Builtin); ok && bi.Name() == "recover" {
					return true
				}
			}
		}
	}
	return false
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
