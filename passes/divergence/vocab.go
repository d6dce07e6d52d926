package divergence

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// vocabulary answers what the functions and types of the program mean for
// uniformity: from this package's directives, or from facts that the
// packages it imports exported.
type vocabulary struct {
	pass      *analysis.Pass
	local     map[*types.Func]*Summary
	laneTypes map[*types.TypeName]bool
	imported  map[*types.Func]*Summary // cache, nil entries included
	errs      []directiveError
	directive bool // some //spmd: comment appears in the files
	src       *sources

	// inferred holds the summaries inferred for this package's functions,
	// closures included; inferredObj the same by declared function.
	inferred    map[*ssa.Function]*Summary
	inferredObj map[*types.Func]*Summary
	// launchers holds the parameters taking kernel entries of this
	// package's functions that give them on to such a parameter.
	launchers map[*types.Func][]int

	calls    map[token.Pos]*ast.CallExpr // by the position go/ssa gives a call
	laneList []*types.TypeName           // every lane type known, once asked
	pkgs     []*types.Package            // this package and its SPMD dependencies, once asked
}

func newVocabulary(pass *analysis.Pass) *vocabulary {
	v := &vocabulary{
		pass:      pass,
		local:     make(map[*types.Func]*Summary),
		laneTypes: make(map[*types.TypeName]bool),
		imported:  make(map[*types.Func]*Summary),
		directive: hasDirectives(pass.Files),

		inferred:    make(map[*ssa.Function]*Summary),
		inferredObj: make(map[*types.Func]*Summary),
		launchers:   make(map[*types.Func][]int),
		calls:       IndexCalls(pass.Files),
	}
	if !v.directive {
		return v
	}
	placed := make(map[*ast.Comment]bool) // directives where they belong
	for _, f := range pass.Files {
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				markDirectives(placed, decl.Doc)
				fn, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func)
				if !ok {
					continue
				}
				s, errs := parseFuncDirectives(decl, fn.Type().(*types.Signature))
				v.errs = append(v.errs, errs...)
				if s != nil {
					v.local[fn] = s
				}
			case *ast.GenDecl:
				if decl.Tok == token.TYPE && len(decl.Specs) > 1 && decl.Doc != nil {
					// type ( ... ): a directive belongs to one of them.
					for _, c := range decl.Doc.List {
						if strings.HasPrefix(c.Text, directivePrefix) {
							placed[c] = true
							v.errs = append(v.errs, directiveError{c.Pos(), fmt.Sprintf("%s above a group of type declarations: put it in the doc comment of the type it is for, inside the group", strings.Fields(c.Text)[0])})
						}
					}
				}
				for _, spec := range decl.Specs {
					ts, ok := spec.(*ast.TypeSpec)
					if !ok {
						continue
					}
					doc := ts.Doc
					if doc == nil && len(decl.Specs) == 1 {
						doc = decl.Doc
					}
					markDirectives(placed, doc)
					lane, errs := parseTypeDirectives(doc)
					v.errs = append(v.errs, errs...)
					if lane {
						if tn, ok := pass.TypesInfo.Defs[ts.Name].(*types.TypeName); ok {
							if ts.Assign.IsValid() {
								// An alias names a type declared elsewhere,
								// whose values it does not decide.
								v.errs = append(v.errs, directiveError{laneDirective(doc).Pos(), fmt.Sprintf("//spmd:lane on the alias %s: put it on the defined type it stands for, %s", tn.Name(), types.TypeString(types.Unalias(tn.Type()), types.RelativeTo(pass.Pkg)))})
							} else {
								v.laneTypes[tn] = true
							}
						}
					}
				}
			}
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				if strings.HasPrefix(c.Text, directivePrefix) && !placed[c] {
					v.errs = append(v.errs, directiveError{c.Pos(), fmt.Sprintf("misplaced %s: //spmd: directives belong in the doc comment of a function or type declaration", strings.Fields(c.Text)[0])})
				}
			}
		}
	}
	return v
}

// laneDirective returns the //spmd:lane comment of doc.
func laneDirective(doc *ast.CommentGroup) *ast.Comment {
	for _, c := range doc.List {
		if f := strings.Fields(c.Text); len(f) > 0 && f[0] == directivePrefix+"lane" {
			return c
		}
	}
	return doc.List[0]
}

func markDirectives(placed map[*ast.Comment]bool, doc *ast.CommentGroup) {
	if doc == nil {
		return
	}
	for _, c := range doc.List {
		if strings.HasPrefix(c.Text, directivePrefix) {
			placed[c] = true
		}
	}
}

// relevant reports whether the package has anything to do with SPMD code:
// directives of its own, or an import that does; or whether it is code
// outside the standard library that uses sync/atomic's read-modify-write
// operations, whose results differ between lanes (atomicsOnly).
func (v *vocabulary) relevant() bool {
	if v.directive {
		return true
	}
	for _, imp := range v.pass.Pkg.Imports() {
		if v.pass.ImportPackageFact(imp, new(SPMDPackage)) {
			return true
		}
	}
	return v.atomicsOnly()
}

// atomicsOnly reports whether the package is relevant only because it is
// code of the module being checked (not the standard library, not a
// versioned dependency) that imports sync/atomic: a helper that takes a
// ticket for a kernel, say. Dependencies' atomics are their locks and
// counters; analyzing them all would make every user of them pay.
func (v *vocabulary) atomicsOnly() bool {
	first, _, _ := strings.Cut(v.pass.Pkg.Path(), "/")
	if !strings.Contains(first, ".") {
		return false
	}
	if m := v.pass.Module; m != nil && !m.Main && m.Version != "" {
		return false
	}
	for _, imp := range v.pass.Pkg.Imports() {
		if imp.Path() == "sync/atomic" {
			return true
		}
	}
	return false
}

// declare exports this package's vocabulary as facts and reports malformed
// directives.
func (v *vocabulary) declare() {
	for fn, s := range v.local {
		v.pass.ExportObjectFact(fn, s)
	}
	for tn := range v.laneTypes {
		v.pass.ExportObjectFact(tn, new(LaneType))
	}
	for _, e := range v.errs {
		v.pass.Report(analysis.Diagnostic{Pos: e.pos, Category: "directive", Message: e.msg})
	}
}

// calleeSummary returns what is known of the function a call calls: its
// declared vocabulary, or the summary inferred from its body here or in
// another package. It returns nil when the callee is unknown or ordinary
// code outside SPMD packages.
func (v *vocabulary) calleeSummary(common *ssa.CallCommon) *Summary {
	if common.IsInvoke() {
		return v.invokeSummary(common)
	}
	fn, _ := callee(common)
	if s := v.summary(fn); s != nil {
		return v.forTypeArgs(s, common, false)
	}
	if sf := staticFunc(common); sf != nil {
		return v.inferred[sf]
	}
	return nil
}

// plainTypeParams is the vocabulary for the analysis of a generic body
// whose type arguments' methods are not convergent (Summary.Plain).
type plainTypeParams struct{ *vocabulary }

func (p plainTypeParams) boundInvoke(common *ssa.CallCommon) (*Summary, bool) {
	if plainReceiver(common.Value) {
		return nil, true
	}
	return p.vocabulary.boundInvoke(common)
}

func (p plainTypeParams) calleeSummary(common *ssa.CallCommon) *Summary {
	if common.IsInvoke() && plainReceiver(common.Value) {
		return nil
	}
	// Given the type parameters and interface parameters, plain too here.
	return p.forTypeArgs(p.vocabulary.calleeSummary(common), common, true)
}

// plainReceiver reports whether v is a value of a type parameter, or a
// parameter of interface type, whose methods Summary.Plain takes as not
// convergent.
func plainReceiver(v ssa.Value) bool {
	if _, ok := typeParamOf(v.Type()); ok {
		return true
	}
	p, ok := v.(*ssa.Parameter)
	return ok && types.IsInterface(p.Type())
}

// forTypeArgs returns the summary of the call common of a function with
// summary s: s.Plain when what the call gives is plain (plainTypeArgs).
func (v *vocabulary) forTypeArgs(s *Summary, common *ssa.CallCommon, params bool) *Summary {
	if s != nil && s.Plain != nil && !common.IsInvoke() && v.plainTypeArgs(s, common, params) {
		return s.Plain
	}
	return s
}

// plainTypeArgs reports whether the call common of a function with
// summary s gives type arguments, or values of one dynamic type, whose
// methods that the body calls (s.TypeParamCalls) are not convergent; with
// params, the caller's own type parameters and interface parameters count
// as such.
func (v *vocabulary) plainTypeArgs(s *Summary, common *ssa.CallCommon, params bool) bool {
	fn := funcOf(common.Value)
	if fn == nil {
		return false
	}
	targs := fn.TypeArgs()
	var pkg *types.Package // for the callee's unexported method names
	if o := fn.Origin(); o != nil && o.Pkg != nil {
		pkg = o.Pkg.Pkg
	} else if fn.Pkg != nil {
		pkg = fn.Pkg.Pkg
	}
	for _, c := range s.TypeParamCalls {
		var t types.Type
		switch {
		case c.Value && c.Param < len(common.Args):
			a := common.Args[c.Param]
			if params && plainReceiver(a) {
				continue
			}
			t = dynamicType(a)
		case !c.Value && c.Param < len(targs):
			t = targs[c.Param]
			if _, ok := typeParamOf(t); ok && params {
				continue
			}
		}
		if t == nil || types.IsInterface(t) {
			return false // any type in it, or another type parameter
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, c.Method)
		m, ok := obj.(*types.Func)
		if !ok {
			return false
		}
		if ms, known := v.methodSummary(m); !known || ms != nil && ms.Convergent {
			return false
		}
	}
	return true
}

// methodSummary returns the summary of method m, an implementation found in
// an SPMD package. One of another package without a summary has nothing to
// say (its package was analyzed); one of this package without one is not
// analyzed yet, so not known.
func (v *vocabulary) methodSummary(m *types.Func) (s *Summary, known bool) {
	s = v.summary(m)
	return s, s != nil || m.Pkg() != v.pass.Pkg
}

// summary returns the declared vocabulary of fn, or its inferred summary.
func (v *vocabulary) summary(fn *types.Func) *Summary {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if s, ok := v.local[fn]; ok {
		return s
	}
	if s, ok := v.inferredObj[fn]; ok {
		return s
	}
	if fn.Pkg() == nil || fn.Pkg() == v.pass.Pkg {
		return nil
	}
	if s, ok := v.imported[fn]; ok {
		return s
	}
	var s *Summary
	if fact := new(Summary); v.pass.ImportObjectFact(fn, fact) {
		s = fact
	}
	v.imported[fn] = s
	return s
}

// kernelParams returns the parameters of fn that take kernel entries.
func (v *vocabulary) kernelParams(fn *types.Func) []int {
	if fn == nil {
		return nil
	}
	if kp, ok := v.launchers[fn.Origin()]; ok {
		return kp
	}
	if s := v.summary(fn); s != nil {
		return s.KernelParams
	}
	return nil
}

// isLane reports whether t, or what t points to, is a lane handle type.
func (v *vocabulary) isLane(t types.Type) bool {
	if v.isLaneNamed(t) {
		return true // type L *handle
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return v.isLaneNamed(p.Elem()) // *L
	}
	return false
}

// holdsLane reports whether a value of type t is or holds a lane handle:
// a handle type of a library (a thread block holding its lane) passed to
// the helpers that take it.
func (v *vocabulary) holdsLane(t types.Type) bool {
	return v.holdsLaneSeen(t, make(map[types.Type]bool))
}

func (v *vocabulary) holdsLaneSeen(t types.Type, seen map[types.Type]bool) bool {
	if v.isLane(t) {
		return true
	}
	if seen[t] {
		return false
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return v.holdsLaneSeen(u.Elem(), seen)
	case *types.Array:
		return v.holdsLaneSeen(u.Elem(), seen)
	case *types.Struct:
		for i := range u.NumFields() {
			if v.holdsLaneSeen(u.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}

func (v *vocabulary) isLaneNamed(t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	tn := named.Origin().Obj()
	if v.laneTypes[tn] {
		return true
	}
	if tn.Pkg() == nil || tn.Pkg() == v.pass.Pkg {
		return false
	}
	return v.pass.ImportObjectFact(tn, new(LaneType))
}

// IndexCalls maps the position go/ssa gives a call (its left parenthesis,
// or the go or defer keyword) to the call expression.
func IndexCalls(files []*ast.File) map[token.Pos]*ast.CallExpr {
	m := make(map[token.Pos]*ast.CallExpr)
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				m[n.Lparen] = n
			case *ast.GoStmt:
				m[n.Go] = n.Call
			case *ast.DeferStmt:
				m[n.Defer] = n.Call
			}
			return true
		})
	}
	return m
}

// callName names the function a call calls as the source writes it
// (l.Barrier, spmd.ReduceAdd), falling back to the callee's name.
func (v *vocabulary) callName(call ssa.CallInstruction) string {
	if e := v.calls[call.Pos()]; e != nil {
		return v.src.text(e.Fun)
	}
	return calleeName(call.Common())
}

// invokeSummary answers for a call through an interface (or a type
// parameter): if a lane type implements it, the value may be a lane, and the
// lane type's method applies. Other implementations are not bounded.
func (v *vocabulary) invokeSummary(common *ssa.CallCommon) *Summary {
	iface, ok := common.Value.Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	if t := dynamicType(common.Value); t != nil {
		// One dynamic type: the call is a call of its method (a lane's
		// Index promoted through the struct that embeds the lane, say).
		if m := invokedMethod(t, common); m != nil {
			if s := v.summary(m); s != nil {
				return s
			}
		}
	}
	for _, tn := range v.allLaneTypes() {
		t := tn.Type()
		if !types.Implements(t, iface) && !types.Implements(types.NewPointer(t), iface) {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, tn.Pkg(), common.Method.Name())
		if m, ok := obj.(*types.Func); ok {
			if s := v.summary(m); s != nil {
				return s
			}
		}
	}
	return nil
}

// implementations bounds an interface method call by class hierarchy: the
// methods named name of the named types, declared here or in the SPMD
// packages this one depends on, that implement iface. Types of other
// packages cannot reach a lane, so they cannot make the call convergent.
func (v *vocabulary) implementations(iface *types.Interface, name string) []*types.Func {
	if v.pkgs == nil {
		v.pkgs = []*types.Package{v.pass.Pkg}
		seen := map[*types.Package]bool{v.pass.Pkg: true}
		var walk func(ps []*types.Package)
		walk = func(ps []*types.Package) {
			for _, p := range ps {
				if seen[p] {
					continue
				}
				seen[p] = true
				if v.pass.ImportPackageFact(p, new(SPMDPackage)) {
					v.pkgs = append(v.pkgs, p)
					walk(p.Imports())
				}
			}
		}
		walk(v.pass.Pkg.Imports())
	}
	var out []*types.Func
	for _, p := range v.pkgs {
		for _, n := range p.Scope().Names() {
			tn, ok := p.Scope().Lookup(n).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			t := tn.Type()
			if types.IsInterface(t) {
				continue
			}
			if named, ok := t.(*types.Named); ok && named.TypeParams().Len() > 0 {
				// Whether an instance implements iface depends on its
				// type arguments: any whose method has the name and shape.
				if m := genericMethod(named, iface, name); m != nil {
					out = append(out, m)
				}
				continue
			}
			if !types.Implements(t, iface) && !types.Implements(types.NewPointer(t), iface) {
				continue
			}
			var m *types.Func
			if sel := types.NewMethodSet(types.NewPointer(t)).Lookup(p, name); sel != nil {
				m, _ = sel.Obj().(*types.Func)
			} else if sel := types.NewMethodSet(types.NewPointer(t)).Lookup(nil, name); sel != nil {
				m, _ = sel.Obj().(*types.Func)
			}
			// A method promoted from an embedded interface calls one of
			// the others.
			if m != nil && !interfaceMethod(m) {
				out = append(out, m)
			}
		}
	}
	return out
}

// genericMethod returns the method named name of the generic type t if its
// signature has the shape of iface's method of that name, or nil.
func genericMethod(t *types.Named, iface *types.Interface, name string) *types.Func {
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), false, t.Obj().Pkg(), name)
	m, ok := obj.(*types.Func)
	if !ok {
		return nil
	}
	for i := range iface.NumMethods() {
		if im := iface.Method(i); im.Name() == name {
			a, b := m.Signature(), im.Signature()
			if a.Params().Len() == b.Params().Len() && a.Results().Len() == b.Results().Len() && a.Variadic() == b.Variadic() {
				return m
			}
		}
	}
	return nil
}

// allLaneTypes lists the lane types declared here and in the packages this
// one depends on.
func (v *vocabulary) allLaneTypes() []*types.TypeName {
	if v.laneList == nil {
		v.laneList = []*types.TypeName{}
		for tn := range v.laneTypes {
			v.laneList = append(v.laneList, tn)
		}
		for _, f := range v.pass.AllObjectFacts() {
			if _, ok := f.Fact.(*LaneType); ok {
				if tn, ok := f.Object.(*types.TypeName); ok {
					v.laneList = append(v.laneList, tn)
				}
			}
		}
	}
	return v.laneList
}

func (v *vocabulary) funcSummary(fn *ssa.Function) *Summary { return v.inferred[fn] }

func (v *vocabulary) summaryOf(fn *types.Func) *Summary { return v.summary(fn) }

func (v *vocabulary) boundInvoke(common *ssa.CallCommon) (*Summary, bool) {
	iface, ok := common.Value.Type().Underlying().(*types.Interface)
	if !ok {
		return nil, false
	}
	impls := v.implementations(iface, common.Method.Name())
	if len(impls) == 0 {
		return nil, false
	}
	var worst *Summary
	for _, m := range impls {
		s, known := v.methodSummary(m)
		if !known {
			return nil, false
		}
		if s == nil {
			continue
		}
		if s.Convergent && (worst == nil || s.Barrier && !worst.Barrier) {
			worst = s
		}
	}
	return worst, true
}
