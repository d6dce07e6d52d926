package divergence

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/spmdvet/spmdvet/uniformity"
)

// memRoots returns the per-lane memory objects that v may point into: what
// the function allocates itself (every lane allocates its own), and what the
// inputs in g.own point to. Other memory (globals, a kernel entry's
// parameters, what a helper is given unless its caller passes its own) is
// shared by all lanes and has no object: a load from it is as uniform as its
// address.
func (g *funcGraph) memRoots(v ssa.Value) []*memObject {
	var roots []*memObject
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value)
	walk = func(v ssa.Value) {
		if v == nil || seen[v] {
			return
		}
		seen[v] = true
		switch v := v.(type) {
		case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap, *ssa.MakeChan:
			roots = append(roots, g.memObjects(v)...)
		case *ssa.FreeVar, *ssa.Parameter:
			if g.own[v] {
				roots = append(roots, g.memObjects(v)...)
			}
		case *ssa.Field:
			walk(v.X)
		case *ssa.Index:
			walk(v.X)
		case *ssa.Extract:
			walk(v.Tuple)
		case *ssa.TypeAssert:
			walk(v.X)
		case *ssa.UnOp, *ssa.Lookup:
			// A pointer loaded from memory, or a struct holding one (not
			// a lane handle, whose pointers are its own): any pointer that
			// was stored; from memory all lanes share, any stored there.
			if pointsToMemory(v.Type()) || !g.sem.isLane(v.Type()) && len(heldPointers(types.NewPointer(v.Type()))) > 0 {
				var from ssa.Value
				switch v := v.(type) {
				case *ssa.UnOp:
					from = v.X
				case *ssa.Lookup:
					from = v.X
				}
				if ms := g.deepAt(from); ms != nil {
					roots = append(roots, ms...)
					return
				}
				if g.sharedAddress(from) {
					roots = append(roots, g.escapedShared...)
				} else {
					roots = append(roots, g.escaped...)
				}
			}
		case *ssa.Call:
			// A pointer a call returns may be one it was given.
			common := v.Common()
			if b, ok := common.Value.(*ssa.Builtin); ok {
				if b.Name() == "append" && len(common.Args) > 0 {
					// The array given, or a new one: each lane's own.
					walk(common.Args[0])
					roots = append(roots, g.memObjects(v)...)
				}
				return
			}
			walk(common.Value)
			if g.returnsFresh(v) || g.returnsUnknown(v) {
				// Or memory it allocated: each lane's own.
				roots = append(roots, g.memObjects(v)...)
			}
			for _, a := range common.Args {
				if pointsToMemory(a.Type()) {
					walk(a)
				}
			}
		case *ssa.FieldAddr:
			if ms := g.splitObjects(v.X); ms != nil {
				roots = append(roots, ms[v.Field])
				return
			}
			// Of the structs v.X may point to, the field's object when
			// their fields are told apart (nodes of a list).
			if g.fieldRoots[v.X] {
				walk(v.X) // a cycle through calls: all of them
				return
			}
			g.fieldRoots[v.X] = true
			st := pointedStruct(v.X.Type())
			for _, m := range g.memRoots(v.X) {
				if m.field < 0 || m.st != st || m.field == v.Field {
					roots = append(roots, m)
				}
			}
			delete(g.fieldRoots, v.X)
		case *ssa.IndexAddr:
			if ms := g.elemObjects(v.X); ms != nil {
				if k, ok := constIndex(v.Index, len(ms)); ok {
					roots = append(roots, ms[k])
				} else {
					roots = append(roots, ms...)
				}
				return
			}
			walk(v.X)
		case *ssa.Slice:
			walk(v.X)
		case *ssa.ChangeType:
			walk(v.X)
		case *ssa.Convert:
			walk(v.X)
		case *ssa.MakeInterface:
			walk(v.X)
		case *ssa.SliceToArrayPointer:
			walk(v.X)
		case *ssa.Phi:
			for _, e := range v.Edges {
				walk(e)
			}
		case *ssa.MakeClosure:
			for _, b := range v.Bindings {
				walk(b)
			}
		}
	}
	walk(v)
	return roots
}

// findEscaped finds the per-lane memory whose address is stored in memory,
// from where a load can bring it back: by a store here, or by a callee
// that stores a pointer it is given (a closure setting a captured pointer).
func (g *funcGraph) findEscaped() {
	seen, seenShared := make(map[*memObject]bool), make(map[*memObject]bool)
	escape := func(ms []*memObject, shared bool) {
		for _, m := range ms {
			if !seen[m] {
				seen[m] = true
				g.escaped = append(g.escaped, m)
			}
			if shared && !seenShared[m] {
				seenShared[m] = true
				g.escapedShared = append(g.escapedShared, m)
			}
		}
	}
	escapeValue := func(v ssa.Value, shared bool) {
		if pointsToMemory(v.Type()) || isFunc(v.Type()) {
			escape(g.memRoots(v), shared)
		}
	}
	for n := -1; n != len(g.escaped)+len(g.escapedShared); {
		n = len(g.escaped) + len(g.escapedShared)
		for _, b := range g.fn.Blocks {
			for _, instr := range b.Instrs {
				// Anything but a lane's own memory may be shared.
				switch instr := instr.(type) {
				case *ssa.Store:
					escapeValue(instr.Val, !g.privateAddress(instr.Addr))
				case *ssa.MapUpdate:
					escapeValue(instr.Value, !g.privateAddress(instr.Map))
				case *ssa.Send:
					escapeValue(instr.X, !g.privateAddress(instr.Chan))
				case ssa.CallInstruction:
					g.storedByCallee(instr, escapeValue, escape)
				}
			}
		}
	}
}

// storedByCallee finds the memory that a call's callee may store in memory
// an argument points to: a pointer argument that an effect of its summary
// depends on, and, for an effect on what pointers held there point to,
// memory the callee allocated (the array of an append to a slice field).
// The latter is the call's own memory object, listed in g.calleeStored.
func (g *funcGraph) storedByCallee(call ssa.CallInstruction, escapeValue func(ssa.Value, bool), escape func([]*memObject, bool)) {
	common := call.Common()
	if _, ok := common.Value.(*ssa.Builtin); ok {
		return
	}
	args := supplied(common)
	s := g.callSummary(common)
	if s == nil || !s.Inferred {
		return
	}
	for _, e := range s.Effects {
		if e.Input.Index >= len(args) {
			continue
		}
		a := args[e.Input.Index]
		shared := e.Input.Deep || !g.privateAddress(a)
		for _, in := range e.When.On {
			if !in.Contents && !in.Calls && in.Index < len(args) && writesPointers(a, e.Input) && mayPointInto(writtenType(a, e.Input), args[in.Index].Type()) {
				escapeValue(args[in.Index], shared)
			}
		}
		if v, ok := call.(*ssa.Call); ok && e.Input.Deep && slices.Contains(s.StoresFresh, e.Input.Index) {
			fresh := g.memObjects(v)
			escape(fresh, !g.privateAddress(a))
			if !slices.Contains(g.calleeStored[a], fresh[0]) {
				g.calleeStored[a] = append(g.calleeStored[a], fresh...)
			}
		}
	}
}

// writesPointers reports whether the memory that an effect on in writes,
// given a, can hold a pointer: an effect on an array of ints stores none
// of the pointers it depends on.
func writesPointers(a ssa.Value, in Input) bool {
	return mayHoldPointer(writtenType(a, in))
}

// writtenType returns the type of the memory that an effect on in writes,
// given a, or nil if not known.
func writtenType(a ssa.Value, in Input) types.Type {
	t := a.Type()
	if in.Deep {
		if held := heldPointers(t); len(held) == 1 {
			return pointee(held[0])
		}
		return nil
	}
	p := pointee(t)
	if p != nil && in.Field > 0 {
		if st, ok := p.Underlying().(*types.Struct); ok && in.Field <= st.NumFields() {
			return st.Field(in.Field - 1).Type()
		}
	}
	return p
}

// mayPointInto reports whether memory of type w can hold a pointer into
// what a value of type v points to: t.Log = append(t.Log, x) stores a
// []float64 that depends on t, but no []float64 points into a Tracer (not
// even into a float64 field of it, without package unsafe), so t's memory
// does not escape there.
func mayPointInto(w, v types.Type) bool {
	into := pointee(v)
	if w == nil || into == nil {
		return true
	}
	if _, ok := v.Underlying().(*types.Pointer); !ok {
		if _, ok := v.Underlying().(*types.Slice); !ok {
			return true // a map, a channel: their memory is not typed here
		}
	}
	// The types a pointer into the memory may point to: the pointee and,
	// within it, its fields and elements, but for the unexported fields of
	// another package's structs (inside a lane handle), which no code of
	// the pointee's package can take the address of.
	var pkg *types.Package
	if named, ok := types.Unalias(into).(*types.Named); ok {
		pkg = named.Obj().Pkg()
	}
	var parts []types.Type
	var addParts func(t types.Type)
	addParts = func(t types.Type) {
		parts = append(parts, t)
		switch u := t.Underlying().(type) {
		case *types.Struct:
			for i := range u.NumFields() {
				if f := u.Field(i); f.Exported() || f.Pkg() == pkg {
					addParts(f.Type())
				}
			}
		case *types.Array:
			addParts(u.Elem())
		}
	}
	addParts(into)
	points := func(elem types.Type) bool {
		return slices.ContainsFunc(parts, func(p types.Type) bool { return types.Identical(p, elem) })
	}
	// A slice points into an array of its elements: the memory of a slice
	// v, or an array in what v points to; not a lone field of that type.
	_, vSlice := v.Underlying().(*types.Slice)
	slicesInto := func(elem types.Type) bool {
		if vSlice && types.Identical(into, elem) {
			return true
		}
		return slices.ContainsFunc(parts, func(p types.Type) bool {
			a, ok := p.Underlying().(*types.Array)
			return ok && types.Identical(a.Elem(), elem)
		})
	}
	return hasPointer(w, func(elem types.Type, slice bool) bool {
		if slice {
			return slicesInto(elem)
		}
		return points(elem)
	})
}

// hasPointer reports whether a value of type t holds a pointer that ptr
// accepts, given its element type (a slice's if slice). Interfaces, maps,
// channels, functions and unsafe.Pointer may hold any pointer.
func hasPointer(t types.Type, ptr func(elem types.Type, slice bool) bool) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	case *types.Pointer:
		return ptr(u.Elem(), false)
	case *types.Slice:
		return ptr(u.Elem(), true)
	case *types.Array:
		return hasPointer(u.Elem(), ptr)
	case *types.Struct:
		for i := range u.NumFields() {
			if hasPointer(u.Field(i).Type(), ptr) {
				return true
			}
		}
		return false
	}
	return true
}

// pointee returns the type of what a value of type t points to, or nil.
func pointee(t types.Type) types.Type {
	switch t := t.Underlying().(type) {
	case *types.Pointer:
		return t.Elem()
	case *types.Slice:
		return t.Elem()
	case *types.Chan:
		return t.Elem()
	case *types.Map:
		return types.NewStruct([]*types.Var{
			types.NewVar(token.NoPos, nil, "k", t.Key()),
			types.NewVar(token.NoPos, nil, "v", t.Elem()),
		}, nil)
	}
	return nil
}

// mayHoldPointer reports whether a value of type t can hold a pointer;
// true for nil (not known).
func mayHoldPointer(t types.Type) bool {
	if t == nil {
		return true
	}
	return hasPointer(t, func(types.Type, bool) bool { return true })
}

// privateAddress reports whether addr is an address in memory of the lane
// alone: in what the function allocates or an input in g.own points to,
// reached without a load.
func (g *funcGraph) privateAddress(addr ssa.Value) bool {
	switch base, _ := addressBase(addr); base := base.(type) {
	case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap, *ssa.MakeChan:
		return true
	case *ssa.Parameter, *ssa.FreeVar:
		return g.own[base]
	}
	return false
}

// sharedAddress reports whether addr is an address in memory all lanes
// share, computed without a load: a global, or what a parameter or
// captured variable not in g.own points to, or a part of those.
func (g *funcGraph) sharedAddress(addr ssa.Value) bool {
	base, direct := addressBase(addr)
	if !direct {
		return false // through a slice, which was loaded
	}
	switch base := base.(type) {
	case *ssa.Global:
		return true
	case *ssa.Parameter, *ssa.FreeVar:
		return !g.own[base]
	}
	return false
}

// addressBase follows an address made of fields, elements and subslices
// of something back to that something. direct is false when the way went
// through a slice value (an element of a slice, or a subslice).
func addressBase(addr ssa.Value) (base ssa.Value, direct bool) {
	direct = true
	for {
		switch a := addr.(type) {
		case *ssa.FieldAddr:
			addr = a.X
		case *ssa.IndexAddr:
			direct = direct && isPointer(a.X.Type())
			addr = a.X
		case *ssa.Slice:
			direct = false
			addr = a.X
		case *ssa.ChangeType:
			addr = a.X
		default:
			return addr, direct
		}
	}
}

func isFunc(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// memObjects returns the objects for the memory root points to: one per
// field when that is a struct, so that lanes can agree about one field and
// not another, else one.
func (g *funcGraph) memObjects(root ssa.Value) []*memObject {
	if ms, ok := g.memByRoot[root]; ok {
		return ms
	}
	n := splitArray(root)
	if _, ok := root.(*ssa.MakeMap); ok {
		// Its keys and its values: how many entries a map has, and so
		// how often a range over it runs, depends on its keys alone.
		n = 2
	}
	var ms []*memObject
	if n > 0 {
		ms = make([]*memObject, n)
		for k := range ms {
			ms[k] = g.newMemObject(root, -1)
			ms[k].elem = k
		}
	} else {
		ms = g.newMemObjects(root, root.Type())
	}
	g.memByRoot[root] = ms
	return ms
}

// The parts of a map the function makes.
const (
	mapKeys   = 0
	mapValues = 1
)

// isMapPart reports whether m is that part of a map the function makes.
func (m *memObject) isMapPart(part int) bool {
	_, made := m.root.(*ssa.MakeMap)
	return made && m.elem == part
}

// mapKeyObjects returns the objects that hold the keys of map m: its keys'
// object where the function made it, all of it elsewhere.
func (g *funcGraph) mapKeyObjects(m ssa.Value) []*memObject {
	var out []*memObject
	for _, o := range g.memRoots(m) {
		if !o.isMapPart(mapValues) {
			out = append(out, o)
		}
	}
	return out
}

// maxElems bounds the local arrays whose elements are told apart.
const maxElems = 64

// splitArray returns the length of the array root allocates if its
// elements are objects of their own, else 0. Only local arrays are split:
// elements at constant indices stand for different variables, as after
// LLVM's SROA; an access at another index reaches them all.
func splitArray(root ssa.Value) int {
	if _, ok := root.(*ssa.Alloc); !ok || pointedStruct(root.Type()) != nil {
		return 0
	}
	a, ok := root.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array)
	if !ok || a.Len() < 2 || a.Len() > maxElems {
		return 0
	}
	return int(a.Len())
}

// elemObjects returns, if addr is a local array whose elements are told
// apart, its objects by element.
func (g *funcGraph) elemObjects(addr ssa.Value) []*memObject {
	if splitArray(addr) == 0 {
		return nil
	}
	return g.memObjects(addr)
}

// constIndex returns the constant index v, if it is one below n.
func constIndex(v ssa.Value, n int) (int, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil {
		return 0, false
	}
	k, exact := constant.Int64Val(constant.ToInt(c.Value))
	if !exact || k < 0 || k >= int64(n) {
		return 0, false
	}
	return int(k), true
}

// newMemObjects makes the objects for memory of root whose address is of
// type ptr: one per field when it points to a struct, else one.
func (g *funcGraph) newMemObjects(root ssa.Value, ptr types.Type) []*memObject {
	st := pointedStruct(ptr)
	if st == nil {
		return []*memObject{g.newMemObject(root, -1)}
	}
	ms := make([]*memObject, st.NumFields())
	for f := range ms {
		ms[f] = g.newMemObject(root, f)
		ms[f].st = st
	}
	return ms
}

// maxFields bounds the structs whose fields are told apart.
const maxFields = 64

// pointedStruct returns the struct a pointer of type t points to, or the
// element struct of a slice or of an array a pointer points to, if its
// fields are told apart: one field of every element is one object.
func pointedStruct(t types.Type) *types.Struct {
	var elem types.Type
	switch t := t.Underlying().(type) {
	case *types.Pointer:
		elem = t.Elem()
		if a, ok := elem.Underlying().(*types.Array); ok {
			elem = a.Elem()
		}
	case *types.Slice:
		elem = t.Elem()
	default:
		return nil
	}
	st, ok := elem.Underlying().(*types.Struct)
	if !ok || st.NumFields() == 0 || st.NumFields() > maxFields {
		return nil
	}
	return st
}

// fieldObjects returns the objects that field f of the struct at addr
// may be in, if addr points only to per-lane structs whose fields are told
// apart (with objects that are not split by field, which hold all of it).
func (g *funcGraph) fieldObjects(addr ssa.Value, f int) ([]*memObject, bool) {
	st := pointedStruct(addr.Type())
	if st == nil {
		return nil, false
	}
	var out []*memObject
	split := false
	for _, m := range g.memRoots(addr) {
		switch {
		case m.field < 0:
			out = append(out, m)
		case m.st == st:
			split = true
			if m.field == f {
				out = append(out, m)
			}
		default:
			return nil, false
		}
	}
	return out, split
}

// splitObjects returns, if v is itself a root of per-lane memory that is a
// struct, its objects by field.
func (g *funcGraph) splitObjects(v ssa.Value) []*memObject {
	switch v := v.(type) {
	case *ssa.UnOp:
		// The pointer held in an own input's memory.
		if ms := g.deepAt(v.X); v.Op == token.MUL && ms != nil && ms[0].field >= 0 {
			return ms
		}
		return nil
	case *ssa.Alloc:
	case *ssa.FreeVar, *ssa.Parameter:
		if !g.own[v] {
			return nil
		}
	default:
		return nil
	}
	if ms := g.memObjects(v); ms[0].field >= 0 {
		return ms
	}
	return nil
}

// freshDeepObjects makes deep objects for what pointers held in memory
// that a call returns fresh point to (the map of a set that a constructor
// returns): memory the callee allocated too, the calling lane's own.
func (g *funcGraph) freshDeepObjects() {
	for _, b := range g.fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok && g.returnsFresh(call) && holdsPointer(g.sem, call.Type()) {
				g.deepObjects(call)
			}
		}
	}
}

// returnsFresh reports whether call, a call of a function whose body is
// known, returns a pointer to memory that the callee may have allocated:
// memory of the calling lane alone, holding what the callee put there.
func (g *funcGraph) returnsFresh(call *ssa.Call) bool {
	if !pointsToMemory(call.Type()) || call.Common().IsInvoke() {
		return false
	}
	s := g.sem.calleeSummary(call.Common())
	return s != nil && s.Inferred
}

// returnsUnknown reports whether call returns a pointer from a callee
// whose body is not summarized (slices.Clone, say): it may be memory the
// callee allocated, each lane's own, holding what the call read.
func (g *funcGraph) returnsUnknown(call *ssa.Call) bool {
	if !pointsToMemory(call.Type()) {
		return false
	}
	if _, ok := call.Common().Value.(*ssa.Builtin); ok {
		return false
	}
	s := g.sem.calleeSummary(call.Common())
	return s == nil || !s.Inferred
}

// deepObjects returns the objects for the memory that the pointers held in
// own input v's memory point to. They are split by field as memObjects
// does when there is one such pointer, or one pointer field.
func (g *funcGraph) deepObjects(v ssa.Value) []*memObject {
	if ms, ok := g.deep[v]; ok {
		return ms
	}
	var ms []*memObject
	if held := heldPointers(v.Type()); len(held) == 1 {
		ms = g.newMemObjects(v, held[0])
	} else {
		ms = []*memObject{g.newMemObject(v, -1)}
	}
	g.deep[v] = ms
	return ms
}

// deepAt returns the deep objects that a pointer loaded from addr points
// to: addr is an own input with deep objects, or one of its pointer fields.
func (g *funcGraph) deepAt(addr ssa.Value) []*memObject {
	if ms := g.deep[addr]; ms != nil {
		return ms
	}
	if fa, ok := addr.(*ssa.FieldAddr); ok && pointsToMemory(fa.Type().Underlying().(*types.Pointer).Elem()) {
		return g.deep[fa.X]
	}
	return nil
}

// holdsPointer reports whether t points to memory that holds a pointer to
// more memory: a captured pointer, slice or map variable, or a struct with
// such a field, say. A lane handle's insides are not the kernel's.
func holdsPointer(sem semantics, t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok && sem.isLane(p.Elem()) {
		return false
	}
	return len(heldPointers(t)) > 0
}

// heldPointers returns the types of the pointers held in the memory that t
// points to: itself, or its fields that point to memory.
func heldPointers(t types.Type) []types.Type {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	if pointsToMemory(p.Elem()) {
		return []types.Type{p.Elem()}
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || st.NumFields() > maxFields {
		return nil
	}
	var held []types.Type
	for f := range st.NumFields() {
		if ft := st.Field(f).Type(); pointsToMemory(ft) {
			held = append(held, ft)
		}
	}
	return held
}

// storedPointees returns the objects that an input's Deep contents stand
// for at a call supplying a: the memory that the pointers stored in a's
// memory point to (with a field, that field's object where they point to
// a struct whose fields are told apart). a is a variable whose stores the
// function shows, such as go/ssa's box of a captured variable, or an input
// of this function with such contents itself.
func (g *funcGraph) storedPointees(a ssa.Value, in Input) []*memObject {
	if ms := g.deep[a]; ms != nil {
		if in.Field > 0 && ms[0].field >= 0 && in.Field <= len(ms) {
			return ms[in.Field-1 : in.Field]
		}
		return ms
	}
	out := slices.Clone(g.calleeStored[a])
	alloc, ok := a.(*ssa.Alloc)
	if !ok {
		return out
	}
	seen := make(map[ssa.Value]bool)
	var stored func(addr ssa.Value)
	stored = func(addr ssa.Value) {
		if seen[addr] {
			return
		}
		seen[addr] = true
		for _, ref := range *addr.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Store:
				if ref.Addr != addr {
					continue
				}
				if pointsToMemory(ref.Val.Type()) {
					out = append(out, g.contentRoots(ref.Val, Input{Contents: true, Field: in.Field})...)
				} else if ld, ok := ref.Val.(*ssa.UnOp); ok && ld.Op == token.MUL {
					// A struct copied in whole (a composite literal):
					// what its fields held.
					if src, ok := ld.X.(*ssa.Alloc); ok {
						stored(src)
					}
				}
			case *ssa.FieldAddr:
				if _, ok := addr.(*ssa.Alloc); ok {
					stored(ref)
				}
			}
		}
	}
	stored(alloc)
	return out
}

// memDivergent reports whether m may hold divergent values in r.
func (g *funcGraph) memDivergent(r *uniformity.Result, m *memObject) bool {
	return m.id < g.analyzed && r.IsDivergent(m.id)
}

func (g *funcGraph) newMemObject(root ssa.Value, field int) *memObject {
	m := &memObject{id: g.newValue(-1), root: root, field: field, elem: -1}
	g.mems[m.id] = m
	g.memList = append(g.memList, m)
	return m
}

// contentRoots returns the objects of what a points to that an input's
// contents stand for: with a field, only that field's object when a is
// the struct's root itself; otherwise all of them.
func (g *funcGraph) contentRoots(a ssa.Value, in Input) []*memObject {
	if in.Deep {
		return g.storedPointees(a, in)
	}
	if in.Field > 0 {
		if ms := g.splitObjects(a); ms != nil && in.Field <= len(ms) {
			return ms[in.Field-1 : in.Field]
		}
		// Of the structs a may point to, the field's object where their
		// fields are told apart (a pointer kept in a struct).
		st := pointedStruct(a.Type())
		var out []*memObject
		for _, m := range g.memRoots(a) {
			if m.field < 0 || m.st != st || m.field == in.Field-1 {
				out = append(out, m)
			}
		}
		return out
	}
	return g.memRoots(a)
}

// readMemory makes instruction id depend on the memory that addr points to.
func (g *funcGraph) readMemory(id int, addr ssa.Value) {
	for _, m := range g.memRoots(addr) {
		g.depend(id, m.id)
	}
}

// writeMemory makes the memory that addr points to depend on instruction id.
func (g *funcGraph) writeMemory(id int, addr ssa.Value) {
	for _, m := range g.memRoots(addr) {
		g.addWriter(m, id)
	}
}

func (g *funcGraph) addWriter(m *memObject, id int) {
	g.depend(m.id, id)
	m.writers = append(m.writers, id)
}

// isAtomicRMW reports whether fn is a sync/atomic operation that modifies
// memory and returns what it found there: lanes doing it at once each see a
// different old value.
func isAtomicRMW(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "sync/atomic" {
		return false
	}
	for _, prefix := range []string{"Add", "Swap", "CompareAndSwap", "And", "Or"} {
		if strings.HasPrefix(fn.Name(), prefix) {
			return true
		}
	}
	return false
}

// laneChan reports whether the channel ch is one the lane made for itself
// and keeps to itself: made in this function (make(chan T) run by each
// lane), and never handed to other code (a call, a goroutine, a literal,
// memory), which could send to it at any time. Receiving from it then
// yields what the lane sent, in order, like a load from its own memory.
func laneChan(ch ssa.Value) bool {
	seen := make(map[ssa.Value]bool)
	var local func(v ssa.Value) bool
	local = func(v ssa.Value) bool {
		if seen[v] {
			return true
		}
		seen[v] = true
		switch v := v.(type) {
		case *ssa.MakeChan:
			return keptChan(v, make(map[ssa.Value]bool))
		case *ssa.ChangeType:
			return local(v.X)
		case *ssa.Phi:
			for _, e := range v.Edges {
				if !local(e) {
					return false
				}
			}
			return true
		}
		return false
	}
	return local(ch)
}

// keptChan reports whether the channel v is used only to send, receive,
// select, close and take its length or capacity, here.
func keptChan(v ssa.Value, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return true
	}
	seen[v] = true
	for _, r := range *v.(interface{ Referrers() *[]ssa.Instruction }).Referrers() {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op != token.ARROW {
				return false
			}
		case *ssa.Send:
			if r.X == v {
				return false
			}
		case *ssa.DebugRef:
		case *ssa.Select:
			for _, st := range r.States {
				if st.Send == v {
					return false
				}
			}
		case *ssa.Call:
			b, ok := r.Call.Value.(*ssa.Builtin)
			if !ok || (b.Name() != "close" && b.Name() != "len" && b.Name() != "cap") {
				return false
			}
		case *ssa.Phi, *ssa.ChangeType:
			if !keptChan(r.(ssa.Value), seen) {
				return false
			}
		default:
			return false
		}
	}
	return true
}
