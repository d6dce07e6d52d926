package divergence

import (
	"cmp"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// spmdFunctions lists the functions of pkg with a body, each after the
// function that encloses it, and finds the ones that run as SPMD code:
// kernel entries, functions given where a kernel is expected, functions with
// a parameter that is or holds a lane, or that read the lane index, and the
// closures they make.
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
	// The package initializer runs the variables' initializers: their
	// literals (var Err = spmd.Run(n, func(l spmd.Lane) {...})) are its.
	if init := pkg.Func("init"); init != nil && init.Synthetic != "" {
		add(init)
		// In the order of the source, a literal after the function
		// that makes it.
		slices.SortStableFunc(all, func(a, b *ssa.Function) int { return cmp.Compare(a.Pos(), b.Pos()) })
	}

	inferLaunchers(all, vocab)
	kernel = make(map[*ssa.Function]bool)
	spmd := make(map[*ssa.Function]bool)
	for _, fn := range all {
		if s := vocab.summary(funcObject(fn)); s != nil && s.Kernel && fn.Parent() == nil {
			kernel[fn] = true
		}
		for _, p := range fn.Params {
			if vocab.holdsLane(p.Type()) {
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
				if s := vocab.calleeSummary(call.Common()); s != nil && s.LaneID {
					spmd[fn] = true // a lane-ID function, or method of a lane type
				}
				for _, i := range vocab.kernelParams(callee) {
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

// inferLaunchers finds the functions of the package that give a function
// parameter of theirs on to a parameter that takes kernel entries (a test
// helper that calls spmd.Run with its argument): their parameter takes
// kernel entries too, so the literals given there are kernels, and what
// they capture is shared by their lanes. Their summaries say so, for this
// package and, as facts, for others. A function with directives of its
// own, or with a lane parameter, keeps what it has.
func inferLaunchers(all []*ssa.Function, vocab *vocabulary) {
	for changed := true; changed; {
		changed = false
		for _, fn := range all {
			obj := funcObject(fn)
			if fn.Parent() != nil || obj == nil || obj.Pkg() != vocab.pass.Pkg || slices.ContainsFunc(fn.Params, func(p *ssa.Parameter) bool { return vocab.isLane(p.Type()) }) {
				continue
			}
			if _, declared := vocab.local[obj]; declared {
				continue
			}
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					call, ok := instr.(ssa.CallInstruction)
					if !ok {
						continue
					}
					callee, args := callee(call.Common())
					for _, i := range vocab.kernelParams(callee) {
						if i >= len(args) {
							continue
						}
						p, ok := args[i].(*ssa.Parameter)
						j := slices.Index(fn.Params, p)
						if !ok || j < 0 || slices.Contains(vocab.launchers[obj], j) {
							continue
						}
						kp := append(slices.Clone(vocab.launchers[obj]), j)
						slices.Sort(kp)
						vocab.launchers[obj] = kp
						// The inferred summary, if any, replaces this one.
						vocab.pass.ExportObjectFact(obj, &Summary{KernelParams: kp})
						changed = true
					}
				}
			}
		}
	}
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
// memory of local composites: any function stored in a local struct,
// array, slice or map that v is, or was loaded from, counts, field by field
// for the fields of a struct. As input in says of v: with Contents, v
// points to the memory to look in; with a Field, only that field of the
// struct v is or points to counts. The list need not be complete: it finds
// candidates, for callers that have a fallback for what it misses. It also returns the calls whose
// results it reached, which may return functions.
func heldFuncs(v ssa.Value, in Input) ([]*ssa.Function, []*ssa.Call) {
	vals, calls, _ := heldFuncValues(v, in)
	out := make([]*ssa.Function, len(vals))
	for i, f := range vals {
		fn := funcOf(f)
		if o := fn.Origin(); o != nil {
			fn = o
		}
		out[i] = fn
	}
	return out, calls
}

// heldFuncValues is heldFuncs giving the values that denote the functions:
// each a function or a literal with the variables it captured. It also
// reports whether it met a value that may hold functions it cannot follow
// (a parameter, say): then what it found may not be all.
func heldFuncValues(v ssa.Value, in Input) (out []ssa.Value, calls []*ssa.Call, unknown bool) {
	return heldFuncValuesFrom(v, in, nil)
}

// heldFuncValuesFrom is heldFuncValues where the parameters of given are
// known: their callers see what they hold.
func heldFuncValuesFrom(v ssa.Value, in Input, given *ssa.Function) (out []ssa.Value, calls []*ssa.Call, unknown bool) {
	type key struct {
		v     ssa.Value
		field int
	}
	seen, seenMem := make(map[key]bool), make(map[key]bool)
	var value, memory func(v ssa.Value, field int)
	var lookup func(lk *ssa.Lookup)
	var givenTo func(common *ssa.CallCommon)
	// value finds the functions v may be or hold; field >= 0: only in
	// that field of the struct v is.
	value = func(v ssa.Value, field int) {
		if seen[key{v, field}] {
			return
		}
		seen[key{v, field}] = true
		if funcOf(v) != nil {
			out = append(out, v)
			return
		}
		switch v := v.(type) {
		case *ssa.Call:
			calls = append(calls, v)
			givenTo(v.Common())
		case *ssa.Phi:
			for _, e := range v.Edges {
				value(e, field)
			}
		case *ssa.ChangeType:
			value(v.X, field)
		case *ssa.MakeInterface:
			value(v.X, -1)
		case *ssa.TypeAssert:
			value(v.X, -1)
		case *ssa.Extract:
			if ta, ok := v.Tuple.(*ssa.TypeAssert); ok && v.Index == 0 {
				value(ta.X, -1)
			} else if lk, ok := v.Tuple.(*ssa.Lookup); ok && v.Index == 0 {
				lookup(lk)
			} else if c, ok := v.Tuple.(*ssa.Call); ok {
				calls = append(calls, c)
				givenTo(c.Common())
			}
		case *ssa.Field:
			value(v.X, v.Field)
		case *ssa.Index:
			value(v.X, -1)
		case *ssa.UnOp:
			if v.Op == token.MUL {
				memory(v.X, field)
			}
		case *ssa.Lookup:
			lookup(v)
		case *ssa.Slice, *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap, *ssa.FieldAddr, *ssa.IndexAddr:
			// Slices and maps are references: their elements are what
			// they hold.
			memory(v, -1)
		case *ssa.Const:
		case *ssa.Parameter:
			unknown = unknown || v.Parent() != given && holdsFunc(v.Type())
		default:
			unknown = unknown || holdsFunc(v.Type())
		}
	}
	// givenTo finds the functions a call is given: it may return them, or
	// memory that holds them (a factory, a constructor, options).
	givenTo = func(common *ssa.CallCommon) {
		for _, a := range common.Args {
			if holdsFunc(a.Type()) {
				value(a, -1)
			}
		}
	}
	// lookup finds what a map lookup may give: at a constant key of a
	// local map that only ever gets constant keys, what is stored there.
	lookup = func(lk *ssa.Lookup) {
		if vals, ok := constKeyEntries(lk); ok {
			for _, e := range vals {
				value(e, -1)
			}
			return
		}
		memory(lk.X, -1)
	}
	// memory finds every store into the memory p points into; field >= 0:
	// only into that field of the struct p points to.
	memory = func(p ssa.Value, field int) {
		root := p
		for {
			switch r := root.(type) {
			case *ssa.FieldAddr:
				root, field = r.X, r.Field
				continue
			case *ssa.IndexAddr:
				root, field = r.X, -1
				continue
			case *ssa.Slice:
				root, field = r.X, -1
				continue
			}
			break
		}
		roots := []ssa.Value{root}
		switch r := root.(type) {
		case *ssa.Alloc:
			// Stores to it may also be in closures that captured it, or
			// through a pointer to it kept in a variable (p := &h).
			roots = allocAliases(r)
			for _, a := range slices.Clone(roots) {
				roots = append(roots, pointerCopies(a)...)
			}
		case *ssa.MakeSlice, *ssa.MakeMap:
		case *ssa.FreeVar:
			// A variable a closure captured: stores to it may be in the
			// closure, in the function that made it, or in other
			// closures that captured it too.
			if roots = boxAliases(r); roots == nil {
				return
			}
			root = roots[0]
		case *ssa.Parameter:
			// The caller's, and what the function stores there itself.
			value(root, -1)
		default:
			value(root, -1) // a slice or map held somewhere else, or a pointer loaded from memory
			return
		}
		if seenMem[key{root, field}] {
			return
		}
		seenMem[key{root, field}] = true
		type item struct {
			a     ssa.Value
			field int // for root: the field looked for
		}
		var stack []item
		for _, r := range roots {
			stack = append(stack, item{r, field})
		}
		for len(stack) > 0 {
			it := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			refs := it.a.Referrers()
			if refs == nil {
				continue
			}
			for _, r := range *refs {
				switch r := r.(type) {
				case *ssa.Store:
					if r.Addr == it.a {
						value(r.Val, it.field)
					}
				case *ssa.MapUpdate:
					if r.Map == it.a {
						value(r.Value, -1)
					}
				case *ssa.FieldAddr:
					if it.field < 0 || r.Field == it.field {
						stack = append(stack, item{r, -1})
					}
				case *ssa.IndexAddr, *ssa.Slice:
					stack = append(stack, item{r.(ssa.Value), -1})
				}
			}
		}
	}
	if in.Contents {
		memory(v, in.Field-1)
	} else {
		value(v, in.Field-1)
	}
	return out, calls, unknown
}

// constKeyEntries returns the values stored in a local map at the constant
// key that lk looks up, if every store into the map, and every other use
// that could add to it, is known: map updates at constant keys.
func constKeyEntries(lk *ssa.Lookup) ([]ssa.Value, bool) {
	key, ok := lk.Index.(*ssa.Const)
	mm, isMake := lk.X.(*ssa.MakeMap)
	if !ok || !isMake || key.Value == nil {
		return nil, false
	}
	updates, ok := localMapUpdates(mm)
	if !ok {
		return nil, false
	}
	var out []ssa.Value
	for _, u := range updates {
		k, ok := u.Key.(*ssa.Const)
		if !ok || k.Value == nil {
			return nil, false
		}
		if types.Identical(k.Type(), key.Type()) && constant.Compare(k.Value, token.EQL, key.Value) {
			out = append(out, u.Value)
		}
	}
	return out, true
}

// localMapUpdates returns the updates of the map mm makes, if they are all
// that can change it: its other uses only look it up or take its length.
func localMapUpdates(mm *ssa.MakeMap) ([]*ssa.MapUpdate, bool) {
	var out []*ssa.MapUpdate
	for _, r := range *mm.Referrers() {
		switch r := r.(type) {
		case *ssa.MapUpdate:
			if r.Map != mm {
				return nil, false
			}
			out = append(out, r)
		case *ssa.Lookup, *ssa.Range, *ssa.DebugRef:
		case *ssa.Call:
			if b, ok := r.Call.Value.(*ssa.Builtin); !ok || b.Name() != "len" {
				return nil, false
			}
		default:
			return nil, false
		}
	}
	return out, true
}

// boxAliases returns the variable that free variable fv captured, an
// Alloc of an enclosing function, first, and then every free variable of a
// closure that captured it, at any depth; or nil if fv's closure is not
// made where it can be seen.
func boxAliases(fv *ssa.FreeVar) []ssa.Value {
	var v ssa.Value = fv
	for {
		fr, ok := v.(*ssa.FreeVar)
		if !ok {
			break
		}
		b := binding(fr)
		if b == nil {
			return nil
		}
		v = b
	}
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return nil
	}
	return allocAliases(alloc)
}

// allocAliases returns alloc and every free variable of a closure that
// captured it, at any depth.
func allocAliases(alloc *ssa.Alloc) []ssa.Value {
	out := []ssa.Value{alloc}
	for i := 0; i < len(out); i++ {
		refs := out[i].Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			mc, ok := r.(*ssa.MakeClosure)
			if !ok {
				continue
			}
			fn, _ := mc.Fn.(*ssa.Function)
			for k, b := range mc.Bindings {
				if b == out[i] && fn != nil && k < len(fn.FreeVars) && !slices.Contains(out, ssa.Value(fn.FreeVars[k])) {
					out = append(out, fn.FreeVars[k])
				}
			}
		}
	}
	return out
}

// pointerCopies returns the loads of the local variables that p, a
// pointer, is stored in, in the function and the closures that capture
// them: other names for p.
func pointerCopies(p ssa.Value) []ssa.Value {
	var out []ssa.Value
	seen := map[ssa.Value]bool{p: true}
	for i := -1; i < len(out); i++ {
		v := p
		if i >= 0 {
			v = out[i]
		}
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			st, ok := r.(*ssa.Store)
			if !ok || st.Val != v {
				continue
			}
			alloc, ok := st.Addr.(*ssa.Alloc)
			if !ok {
				continue
			}
			for _, a := range allocAliases(alloc) {
				for _, ar := range *a.Referrers() {
					if ld, ok := ar.(*ssa.UnOp); ok && ld.Op == token.MUL && ld.X == a && !seen[ld] {
						seen[ld] = true
						out = append(out, ld)
					}
				}
			}
		}
	}
	return out
}

// binding returns the value the closure that fv belongs to was made with
// for it, if the closure is made in its parent once.
func binding(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	i := slices.Index(fn.FreeVars, fv)
	if fn.Parent() == nil || i < 0 {
		return nil
	}
	var found ssa.Value
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				if found != nil && found != mc.Bindings[i] {
					return nil
				}
				found = mc.Bindings[i]
			}
		}
	}
	return found
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

// funcStore says where a function value comes from when it was chosen by
// phis or loaded from a local composite that holds nothing but function
// literals and declared functions: the phis, the loads' addresses and
// indices (addrs), and the stores that put them there.
type funcStore struct {
	closures []*ssa.MakeClosure
	// addrs are the addresses and indices (map keys too) that chose v.
	addrs []ssa.Value
	// stores put functions there: *ssa.Store or *ssa.MapUpdate.
	stores []ssa.Instruction
	// phis chose v among functions on different paths.
	phis []*ssa.Phi
}

// funcIdentity returns what says which code the function value v runs: the
// function itself, or a literal's function whatever it captured. Values it
// cannot see through are their own identity.
func funcIdentity(v ssa.Value) ssa.Value {
	return identityOf(v, make(map[*ssa.Phi]bool))
}

func identityOf(v ssa.Value, seen map[*ssa.Phi]bool) ssa.Value {
	switch x := v.(type) {
	case *ssa.Const:
		return nil // nil: no code, and no other value
	case *ssa.MakeClosure:
		return x.Fn
	case *ssa.ChangeType:
		return identityOf(x.X, seen)
	case *ssa.Phi:
		if seen[x] {
			return nil // the phi itself: no other value
		}
		seen[x] = true
		var common ssa.Value
		for _, e := range x.Edges {
			id := identityOf(e, seen)
			if id == nil {
				continue
			}
			if common != nil && common != id {
				return x
			}
			common = id
		}
		return common
	}
	return v
}

// storedFuncs finds, for a function value v that is a function or literal,
// a phi of such values, or was loaded from a local struct, array, slice or map that only ever
// holds those and that nothing else gets hold of, where it comes from. It
// reports false for anything else.
func storedFuncs(v ssa.Value) (*funcStore, bool) {
	src := &funcStore{}
	seenMem := make(map[ssa.Value]bool)
	var value func(v ssa.Value) bool
	var memory, mapMemory func(p ssa.Value) bool
	value = func(v ssa.Value) bool {
		switch v := v.(type) {
		case *ssa.Function:
			return true
		case *ssa.Const:
			return v.IsNil() // calling it panics: no function to run
		case *ssa.MakeClosure:
			if fn, ok := v.Fn.(*ssa.Function); ok && boundInterfaceMethod(fn) {
				return false // r.Do: the dynamic type of r decides
			}
			src.closures = append(src.closures, v)
			return true
		case *ssa.ChangeType:
			return value(v.X)
		case *ssa.Phi:
			if slices.Contains(src.phis, v) {
				return true
			}
			src.phis = append(src.phis, v)
			for _, e := range v.Edges {
				if !value(e) {
					return false
				}
			}
			return true
		case *ssa.UnOp:
			if v.Op != token.MUL {
				return false
			}
			src.addrs = append(src.addrs, v.X)
			return memory(v.X)
		case *ssa.Index:
			src.addrs = append(src.addrs, v.Index)
			return value(v.X)
		case *ssa.Lookup:
			src.addrs = append(src.addrs, v.Index)
			return !v.CommaOk && mapMemory(v.X)
		case *ssa.Extract:
			if lk, ok := v.Tuple.(*ssa.Lookup); ok && v.Index == 0 {
				src.addrs = append(src.addrs, lk.Index)
				return mapMemory(lk.X)
			}
		}
		return false
	}
	mapMemory = func(m ssa.Value) bool {
		mm, ok := m.(*ssa.MakeMap)
		if !ok {
			return false
		}
		if seenMem[mm] {
			return true
		}
		seenMem[mm] = true
		updates, ok := localMapUpdates(mm)
		if !ok {
			return false
		}
		for _, u := range updates {
			if !value(u.Value) {
				return false
			}
			src.stores = append(src.stores, u)
		}
		return true
	}
	memory = func(p ssa.Value) bool {
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
		if _, ok := root.(*ssa.Alloc); !ok {
			return false
		}
		if seenMem[root] {
			return true
		}
		seenMem[root] = true
		stack := []ssa.Value{root}
		for len(stack) > 0 {
			a := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, r := range *a.Referrers() {
				switch r := r.(type) {
				case *ssa.Store:
					if r.Addr != a || !value(r.Val) {
						return false // the address escapes, or the value is not a known function
					}
					src.stores = append(src.stores, r)
				case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Slice:
					stack = append(stack, r.(ssa.Value))
				case *ssa.UnOp:
					if r.Op != token.MUL {
						return false
					}
				case *ssa.Call:
					if b, ok := r.Call.Value.(*ssa.Builtin); !ok || (b.Name() != "len" && b.Name() != "cap") {
						return false
					}
				case *ssa.DebugRef:
				default:
					return false
				}
			}
		}
		return true
	}
	return src, value(v)
}
