package divergence

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// spmdFunctions lists the functions of pkg with a body, each after the
// function that encloses it, and finds the ones that run as SPMD code:
// kernel entries, functions given where a kernel is expected, functions with
// a lane parameter or that read the lane index, and the closures they make.
func spmdFunctions(pkg *ssa.Package, vocab *vocabulary) (all []*ssa.Function, kernel map[*ssa.Function]bool, spmdFuncs []*ssa.Function) {
	var declared []*ssa.Function
	for _, f := range vocab.pass.Files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			obj, ok := vocab.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if fn := pkg.Prog.FuncValue(obj); fn != nil {
				declared = append(declared, fn)
			}
		}
	}
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		all = append(all, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	for _, fn := range declared {
		add(fn)
	}

	kernel = make(map[*ssa.Function]bool)
	spmd := make(map[*ssa.Function]bool)
	for _, fn := range all {
		if s := vocab.summary(funcObject(fn)); s != nil && s.Kernel && fn.Parent() == nil {
			kernel[fn] = true
		}
		for _, p := range fn.Params {
			if vocab.isLane(p.Type()) {
				spmd[fn] = true
			}
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee, args := callee(call.Common())
				s := vocab.summary(callee)
				if s == nil {
					continue
				}
				if s.LaneID {
					spmd[fn] = true
				}
				for _, i := range s.KernelParams {
					if i < len(args) {
						if k := funcOf(args[i]); k != nil {
							kernel[k] = true
						}
					}
				}
			}
		}
	}

	isSPMD := make(map[*ssa.Function]bool)
	for _, fn := range all {
		parentSPMD := fn.Parent() != nil && isSPMD[fn.Parent()]
		if kernel[fn] || spmd[fn] || parentSPMD {
			isSPMD[fn] = true
			spmdFuncs = append(spmdFuncs, fn)
		}
	}
	return all, kernel, spmdFuncs
}

// funcOf returns the function a function value denotes, if it is known.
func funcOf(v ssa.Value) *ssa.Function {
	switch v := v.(type) {
	case *ssa.Function:
		return v
	case *ssa.MakeClosure:
		fn, _ := v.Fn.(*ssa.Function)
		return fn
	case *ssa.ChangeType:
		return funcOf(v.X)
	}
	return nil
}
