package divergence

import (
	"go/ast"
	"go/token"
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
							kernel[boundMethod(k)] = true
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

// heldFuncs lists functions that v may be or hold, looking through the
// memory of local composites: any function stored anywhere in a local
// struct, array, slice or map that v is, or was loaded from, counts (field
// by field would be more precise, and a false "may be convergent" only
// costs a report where lanes diverge anyway). With contents, v points to
// the memory to look in. The list need not be complete: it finds
// candidates, for callers that have a fallback for what it misses.
func heldFuncs(v ssa.Value, contents bool) []*ssa.Function {
	var out []*ssa.Function
	seen, seenMem := make(map[ssa.Value]bool), make(map[ssa.Value]bool)
	var value, memory func(v ssa.Value)
	value = func(v ssa.Value) {
		if seen[v] {
			return
		}
		seen[v] = true
		if fn := funcOf(v); fn != nil {
			if o := fn.Origin(); o != nil {
				fn = o
			}
			out = append(out, fn)
			return
		}
		switch v := v.(type) {
		case *ssa.Phi:
			for _, e := range v.Edges {
				value(e)
			}
		case *ssa.ChangeType:
			value(v.X)
		case *ssa.MakeInterface:
			value(v.X)
		case *ssa.TypeAssert:
			value(v.X)
		case *ssa.Extract:
			if ta, ok := v.Tuple.(*ssa.TypeAssert); ok && v.Index == 0 {
				value(ta.X)
			} else if lk, ok := v.Tuple.(*ssa.Lookup); ok && v.Index == 0 {
				memory(lk.X)
			}
		case *ssa.Field:
			value(v.X)
		case *ssa.Index:
			value(v.X)
		case *ssa.UnOp:
			if v.Op == token.MUL {
				memory(v.X)
			}
		case *ssa.Lookup:
			memory(v.X)
		case *ssa.Slice, *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap, *ssa.FieldAddr, *ssa.IndexAddr:
			// Slices and maps are references: their elements are what
			// they hold.
			memory(v)
		}
	}
	// memory finds every store into the memory p points into.
	memory = func(p ssa.Value) {
		root := p
		for {
			switch r := root.(type) {
			case *ssa.FieldAddr:
				root = r.X
				continue
			case *ssa.IndexAddr:
				root = r.X
				continue
			case *ssa.Slice:
				root = r.X
				continue
			}
			break
		}
		switch root.(type) {
		case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap:
		default:
			value(root) // a slice or map held somewhere else, or a pointer loaded from memory
			return
		}
		if seenMem[root] {
			return
		}
		seenMem[root] = true
		stack := []ssa.Value{root}
		for len(stack) > 0 {
			a := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			refs := a.Referrers()
			if refs == nil {
				continue
			}
			for _, r := range *refs {
				switch r := r.(type) {
				case *ssa.Store:
					if r.Addr == a {
						value(r.Val)
					}
				case *ssa.MapUpdate:
					if r.Map == a {
						value(r.Value)
					}
				case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Slice:
					stack = append(stack, r.(ssa.Value))
				}
			}
		}
	}
	if contents {
		memory(v)
	} else {
		value(v)
	}
	return out
}

// boundMethod returns the method a bound method wrapper calls (for a kernel
// given as a method value, s.Kernel), or fn itself.
func boundMethod(fn *ssa.Function) *ssa.Function {
	if !isBoundWrapper(fn) {
		return fn
	}
	if obj, ok := fn.Object().(*types.Func); ok {
		if m := fn.Prog.FuncValue(obj); m != nil {
			return m
		}
	}
	return fn
}
