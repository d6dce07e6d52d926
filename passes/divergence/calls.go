package divergence

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// callee returns the function a call statically calls, through generic
// instantiations to their origin, and the call's arguments in the order of
// the callee's parameters, receiver first. A bound method value carries its
// receiver as a closure binding; it is put back in front.
func callee(common *ssa.CallCommon) (*types.Func, []ssa.Value) {
	if common.IsInvoke() {
		return common.Method, append([]ssa.Value{common.Value}, common.Args...)
	}
	args := common.Args
	var fn *ssa.Function
	switch v := common.Value.(type) {
	case *ssa.Function:
		fn = v
	case *ssa.MakeClosure:
		fn, _ = v.Fn.(*ssa.Function)
		if fn != nil && len(v.Bindings) == 1 && isBoundWrapper(fn) {
			args = append([]ssa.Value{v.Bindings[0]}, args...)
		}
	}
	if fn == nil {
		return nil, args
	}
	return funcObject(fn), args
}

// funcObject returns the declared function behind an SSA function: the
// generic origin of an instantiation, the method behind a wrapper.
func funcObject(fn *ssa.Function) *types.Func {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	obj, _ := fn.Object().(*types.Func)
	if obj != nil {
		obj = obj.Origin()
	}
	return obj
}

// isBoundWrapper reports whether fn is go/ssa's wrapper for a method value
// (x.M as a func), which holds the receiver as its only free variable. The
// Synthetic text is the only mark go/ssa leaves.
func isBoundWrapper(fn *ssa.Function) bool {
	return len(fn.FreeVars) == 1 && strings.HasPrefix(fn.Synthetic, "bound method wrapper")
}

// promotedInterfaceMethod reports whether fn is go/ssa's wrapper for a
// method promoted from an embedded interface: st.Sync(), where st's type
// embeds a Syncer, calls whatever Sync the Syncer it holds has.
func promotedInterfaceMethod(fn *ssa.Function) bool {
	if !strings.HasPrefix(fn.Synthetic, "wrapper for") {
		return false
	}
	m, ok := fn.Object().(*types.Func)
	return ok && interfaceMethod(m)
}

// interfaceMethod reports whether m is a method of an interface.
func interfaceMethod(m *types.Func) bool {
	recv := m.Type().(*types.Signature).Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// boundInvokeIn bounds the interface call in the wrapper fn of a bound
// interface method, or of a promoted one, by the methods that implement
// it, as for it.Do().
func (g *funcGraph) boundInvokeIn(fn *ssa.Function) *Summary {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok && call.Common().IsInvoke() {
				s, _ := g.sem.boundInvoke(call.Common())
				return s
			}
		}
	}
	return nil
}

// invokedMethod returns the method that the interface call common runs
// when the receiver holds a value of type t, or nil.
func invokedMethod(t types.Type, common *ssa.CallCommon) *types.Func {
	obj, _, _ := types.LookupFieldOrMethod(t, true, common.Method.Pkg(), common.Method.Name())
	m, _ := obj.(*types.Func)
	return m
}

// concreteInvoke bounds an interface method call whose receiver is made
// here from values of known concrete types by their methods: the summary
// of a convergent one, or nil if none is; ok is false when the types, or
// the methods' summaries, are not all known.
func (g *funcGraph) concreteInvoke(common *ssa.CallCommon) (*Summary, bool) {
	ts, ok := concreteTypes(common.Value)
	if !ok {
		return nil, false
	}
	var worst *Summary
	for _, t := range ts {
		m := invokedMethod(t, common)
		if m == nil {
			return nil, false
		}
		s := g.sem.summaryOf(m)
		if s == nil {
			if g.fn.Pkg == nil || m.Pkg() == g.fn.Pkg.Pkg {
				return nil, false // not analyzed yet
			}
			continue // a package with no facts cannot reach a lane
		}
		if s.Convergent && (worst == nil || s.Barrier && !worst.Barrier) {
			worst = s
		}
	}
	return worst, true
}

// boundInterfaceMethod reports whether fn is an interface's method bound to
// a value (s.Sync, s an interface): which method runs is not known.
func boundInterfaceMethod(fn *ssa.Function) bool {
	return isBoundWrapper(fn) && types.IsInterface(fn.FreeVars[0].Type())
}

// addCall records what a call's result depends on, according to what is
// known of the callee, and what it may do to per-lane memory.
func (g *funcGraph) addCall(id int, call ssa.CallInstruction) {
	common := call.Common()
	if b, ok := common.Value.(*ssa.Builtin); ok {
		g.addBuiltin(id, b, common.Args)
		return
	}
	fn, args := callee(common)
	for _, a := range common.Args {
		if mc, ok := a.(*ssa.MakeClosure); ok {
			// For what the literal calls through the variables it
			// captured (inputCalls).
			g.knowCallResults(mc.Bindings)
		}
	}
	s := g.callSummary(common)
	g.noteConvergent(id, call, s)
	if s != nil && s.Inferred {
		g.applySummary(id, common, s)
		if c, ok := call.(*ssa.Call); ok && g.returnsFresh(c) {
			// What the callee put in memory it returns: as lane-dependent
			// as the summary says, or as what it returns.
			writer := func(ds []Dependence) int {
				w := g.newValue(-1)
				g.effectOf[w] = id
				g.depend(w, id)
				for _, d := range ds {
					if d.Always {
						g.seed(w, "puts lane-dependent values in the memory it returns"+s.ownMemoryNote())
					} else {
						g.dependOnInputs(w, d.On, supplied(common))
					}
				}
				return w
			}
			w := writer(s.ResultContents)
			own := g.memObjects(c)
			if fields := g.resultFields(c, s, own); fields != nil {
				// Field by field, as the callee filled them.
				for _, m := range own {
					g.addWriter(m, writer(fields[m.field:m.field+1]))
				}
				own = nil
			}
			for _, m := range slices.Concat(own, g.deep[c]) {
				g.addWriter(m, w)
			}
		}
		return
	}
	dependOn := func(vs ...ssa.Value) {
		for _, v := range vs {
			if v != nil {
				g.depend(id, g.valueID(v))
			}
		}
	}

	// Without a summary of the body, the callee may read and write memory
	// reachable from its arguments, captured variables included.
	reachable := append([]ssa.Value{common.Value}, common.Args...)
	unknownLaneAccess := s == nil && callReachesLane(common, g.sem)
	for _, a := range reachable {
		if g.yieldSummary(a) != nil {
			// An iterator reaches the lane only through the loop body,
			// whose effects are known.
			unknownLaneAccess = false
		}
	}
	for _, a := range reachable {
		if y := g.yieldSummary(a); y != nil && s == nil {
			// The body of a range-over-func loop: its summary says what it
			// does to the variables it captured; how often it runs is up to
			// the iterator.
			g.applyYield(id, common, a.(*ssa.MakeClosure), y)
			continue
		}
		g.readMemory(id, a)
		if a == common.Value && g.returnedNoWrites(a) {
			continue
		}
		g.writeMemory(id, a)
		// A callee that can read the lane index but whose effects are
		// unknown may write lane-dependent data there.
		if unknownLaneAccess {
			for _, m := range g.memRoots(a) {
				e := g.newValue(-1)
				g.seed(e, "is written by a call that can read the lane index")
				g.effectOf[e] = id
				g.addWriter(m, e)
			}
		}
	}

	if s == nil && !common.IsInvoke() && staticFunc(common) == nil {
		g.applyHeldEffects(id, common)
	}

	if c, ok := call.(*ssa.Call); ok && g.returnsUnknown(c) {
		for _, m := range g.memObjects(c) {
			g.addWriter(m, id)
		}
	}

	switch {
	case isAtomicRMW(fn):
		g.seed(id, "is an atomic read-modify-write: each lane sees a different old value")
	case s != nil && s.LaneID:
		g.seed(id, "is the lane index")
	case s != nil && s.Divergent:
		g.seed(id, "differs between lanes (//spmd:divergent)")
	case s != nil && s.Uniform:
		g.uniform = append(g.uniform, id)
	case s != nil && len(s.UniformIf) > 0:
		for _, i := range s.UniformIf {
			if i < len(args) {
				dependOn(args[i])
			}
		}
	case unknownLaneAccess && hasResults(common):
		g.seed(id, "is the result of a call that can read the lane index")
	default:
		if !common.IsInvoke() {
			if _, static := common.Value.(*ssa.Function); !static {
				dependOn(common.Value)
			}
			if in, ok := g.calledInput(common.Value); ok {
				g.depend(id, g.callsNode(in))
				if len(common.Args) > 0 && hasResults(common) {
					// What a function input returns may depend on its
					// arguments, unless the function given does not
					// (see Summary.CallControlFixed).
					args := g.newValue(-1)
					for _, a := range common.Args {
						g.depend(args, g.valueID(a))
					}
					g.depend(id, args)
					g.calledArgs = append(g.calledArgs, args)
					return
				}
			}
		} else {
			dependOn(common.Value)
		}
		dependOn(common.Args...)
	}
}

// calledInput returns, if f is a function that a parameter is or a
// captured variable holds, the input standing for the results of calling
// it.
func (g *funcGraph) calledInput(f ssa.Value) (Input, bool) {
	if ct, ok := f.(*ssa.ChangeType); ok {
		f = ct.X
	}
	if u, ok := f.(*ssa.UnOp); ok && u.Op == token.MUL {
		if _, ok := u.X.(*ssa.FreeVar); ok {
			f = u.X
		}
	}
	switch f.(type) {
	case *ssa.Parameter, *ssa.FreeVar:
	default:
		return Input{}, false
	}
	for i, v := range inputValues(g.fn) {
		if v == f {
			return Input{Index: i, Calls: true}, true
		}
	}
	return Input{}, false
}

// callsNode returns the node standing for the results of calls of the
// function input in.
func (g *funcGraph) callsNode(in Input) int {
	if id, ok := g.inputs[in]; ok {
		return id
	}
	if g.built {
		return -1 // no node of the analysis: nothing known
	}
	id := g.newValue(-1)
	g.inputs[in] = id
	return id
}

// knowCallResults makes the nodes standing for what the functions that
// the variables a literal captured hold return known before the analysis,
// to ask about them after it (callResults adds none then).
func (g *funcGraph) knowCallResults(bindings []ssa.Value) {
	for _, b := range bindings {
		if isFunc(b.Type()) || isFunc(deref(b.Type())) {
			g.callResults(b)
		}
	}
}

// returnedResults returns the nodes that the results of calling a
// function that call returns depend on, as the callee's summary says.
func (g *funcGraph) returnedResults(call *ssa.Call) []int {
	s := g.sem.calleeSummary(call.Common())
	if s == nil || !s.Inferred {
		return nil
	}
	r := s.ReturnedResults
	if !r.Always && len(r.On) == 0 {
		return nil
	}
	if g.returnedCalls == nil {
		g.returnedCalls = make(map[*ssa.Call]int)
	}
	if node, ok := g.returnedCalls[call]; ok {
		return []int{node}
	}
	if g.built {
		return nil
	}
	node := g.newValue(-1)
	g.returnedCalls[call] = node
	if r.Always {
		g.seed(node, "returns a function that returns lane-dependent values")
		g.calleeOf[node] = call
	} else {
		g.dependOnInputs(node, r.On, supplied(call.Common()))
	}
	return []int{node}
}

// callResults returns the nodes that the results of calling the function
// value f, with uniform arguments, depend on: for a function or literal
// with a summary, what its results depend on among the variables it
// captured (seeded when they depend on the lane whatever those are), and
// for a function input of g's own, the node standing for its results.
func (g *funcGraph) callResults(f ssa.Value) []int {
	if in, ok := g.calledInput(f); ok {
		if n := g.callsNode(in); n >= 0 {
			return []int{n}
		}
		return nil
	}
	if ct, ok := f.(*ssa.ChangeType); ok {
		f = ct.X
	}
	if call := resultOf(f); call != nil {
		return g.returnedResults(call)
	}
	if alloc, ok := f.(*ssa.Alloc); ok {
		// A variable holding a function (one a literal captured): what
		// is stored in it.
		var out []int
		for _, r := range *alloc.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == alloc && isFunc(st.Val.Type()) {
				out = append(out, g.callResults(st.Val)...)
			}
		}
		return out
	}
	fn, bindings := literal(f)
	if fn == nil {
		return nil
	}
	s := g.sem.funcSummary(fn)
	if s == nil {
		if obj := funcObject(fn); obj != nil {
			s = g.sem.summaryOf(obj)
		}
	}
	if s == nil || !s.Inferred {
		return nil
	}
	if fn.Parent() == nil {
		bindings = nil
	}
	var out []int
	for _, r := range s.Results {
		if r.Always {
			if g.alwaysCalls == nil {
				g.alwaysCalls = make(map[*ssa.Function]int)
			}
			node, ok := g.alwaysCalls[fn]
			if !ok && g.built {
				return nil
			}
			if !ok {
				node = g.newValue(-1)
				g.seed(node, "returns lane-dependent values")
				g.alwaysCalls[fn] = node
				g.calleeOf[node] = f
			}
			return []int{node}
		}
		for _, in := range r.On {
			i := in.Index - len(fn.Params)
			if i < 0 || i >= len(bindings) || in.Calls {
				continue // supplied by the caller, which sees to them
			}
			if in.Contents {
				for _, m := range g.contentRoots(bindings[i], in) {
					out = append(out, m.id)
				}
			} else {
				out = append(out, g.valueID(bindings[i]))
			}
		}
	}
	return out
}

// addBuiltin records a call to a built-in function. Most depend on their
// arguments' values only; copy and append move memory contents.
func (g *funcGraph) addBuiltin(id int, b *ssa.Builtin, args []ssa.Value) {
	for _, a := range args {
		g.depend(id, g.valueID(a))
	}
	switch b.Name() {
	case "append":
		g.addAppend(id, args)
		return
	case "len", "cap":
		// A map's or channel's size is part of what it holds: inserts
		// at lane-dependent keys change it.
		if len(args) == 1 && isMapOrChan(args[0].Type()) {
			for _, m := range g.mapKeyObjects(args[0]) {
				g.depend(id, m.id)
			}
		}
	case "copy":
		if len(args) == 2 {
			g.readMemory(id, args[1])
			g.writeMemory(id, args[0])
		}
	case "close":
		// Whether the channel is closed is part of what it holds.
		if len(args) > 0 {
			g.writeMemory(id, args[0])
		}
	case "delete", "clear":
		if len(args) > 0 {
			g.writeMemory(id, args[0])
		}
	}
}

func isMapOrChan(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Map, *types.Chan:
		return true
	}
	return false
}

// addAppend records append(args...), call id. Its result, a slice header,
// depends on the headers given: as many values appended in every lane
// give a list of the same length, whatever they are. What it holds
// depends on what they hold; it is written in the array given (when that
// has room) or in a new one, the call's own memory.
func (g *funcGraph) addAppend(id int, args []ssa.Value) {
	if len(args) == 0 {
		return
	}
	elems := g.newValue(-1)
	g.effectOf[elems] = id
	for _, a := range args {
		g.depend(elems, g.valueID(a))
		g.readMemory(elems, a)
	}
	g.writeMemory(elems, args[0])
	if v, ok := g.instrs[id].(ssa.Value); ok {
		for _, m := range g.memObjects(v) {
			g.addWriter(m, elems)
		}
	}
}

// possiblyConvergent stands for a callee that cannot be known (an interface
// method or a function value) but can reach a lane handle: it may reach a
// convergent operation.
var possiblyConvergent = &Summary{Convergent: true, Reaches: []Step{{Callee: UnknownCallee}}}

// onlyPossibly reports whether a convergent summary is so only because its
// calls reach a function that cannot be known statically.
func (s *Summary) onlyPossibly() bool {
	return len(s.Reaches) > 0 && s.Reaches[len(s.Reaches)-1].Callee == UnknownCallee
}

// Callees that a Step can name besides those of the source.
const (
	// UnknownCallee: a callee that cannot be known statically.
	UnknownCallee = "a function not known statically"
	// MoreCalls: calls left out of a long chain.
	MoreCalls = "more calls"
)

// noteConvergent records the calls that are convergent operations, and the
// calls whose callee requires some inputs to be uniform.
func (g *funcGraph) noteConvergent(id int, call ssa.CallInstruction, s *Summary) {
	common := call.Common()
	if !common.IsInvoke() && staticFunc(common) == nil {
		// A literal loaded from a local composite runs with the variables
		// it captured where it was made.
		if src, ok := storedFuncs(common.Value); ok {
			for _, mc := range src.closures {
				g.noteClosureRequires(id, call, mc, -1)
			}
		}
	}
	sf := staticFunc(common)
	if s == nil && sf != nil && (boundInterfaceMethod(sf) || promotedInterfaceMethod(sf)) {
		s = g.boundInvokeIn(sf) // f := it.Do; f(), or st.Sync() with an embedded Syncer
	}
	if s == nil && sf != nil && (sf.Pkg != g.fn.Pkg || len(sf.Blocks) == 0) {
		s = opaqueSummary(common)
	}
	throughBody := false
	var own *Summary // an iterator's own convergent operations, beside its body's
	dynamic := s == nil && sf == nil
	if dynamic {
		s = g.dynamicSummary(common)
	}
	g.noteTypeParamCalls(common, s)
	if dynamic {
		for _, a := range common.Args {
			// The iterator of a range-over-func loop is convergent as its
			// body is.
			if y := g.yieldSummary(a); y != nil && y.Convergent {
				if s != nil && s.Convergent && !s.onlyPossibly() {
					own = s
				}
				s = &Summary{Convergent: true, Barrier: y.Barrier, Reaches: y.Reaches, Inferred: true}
				throughBody = true
			}
		}
	}
	if s == nil {
		return
	}
	if own != nil {
		site := convergentSite{id: id, call: call, summary: own, name: g.sem.callName(call), callback: -1}
		g.convergent = append(g.convergent, site)
		if len(own.Requires) > 0 {
			g.requiring = append(g.requiring, site)
		}
	}
	for _, a := range supplied(common) {
		// Make it, its memory and what it returns when called known, to
		// ask about them after the analysis.
		g.valueID(a)
		g.memRoots(a)
		g.fieldsOf(a)
		if isFunc(a.Type()) {
			g.callResults(a)
		}
	}
	site := convergentSite{id: id, call: call, summary: s, name: g.sem.callName(call), callback: -1, throughBody: throughBody}
	if mc, ok := common.Value.(*ssa.MakeClosure); ok {
		site.literal, _ = mc.Fn.(*ssa.Function)
	}
	// A callee that calls a function it is given is convergent when the
	// function given is; one convergent itself also gets the callback's
	// control checked, which its own operations do not stand for.
	if cb, ok := g.callbackSite(site); ok {
		more := len(cb.summary.Requires) > len(s.Requires)
		switch {
		case !s.Convergent:
			g.noteClosureRequires(id, call, supplied(common)[cb.callback], cb.callback)
			site = cb
		case site.literal == nil && (cb.calleeDivergence != "" || more):
			// (A literal called here reports what it does inside.)
			g.noteClosureRequires(id, call, supplied(common)[cb.callback], cb.callback)
			g.convergent = append(g.convergent, cb)
			if more {
				g.requiring = append(g.requiring, cb)
			}
		}
	}
	if site.summary.Convergent {
		g.convergent = append(g.convergent, site)
	}
	if len(site.summary.Requires) > 0 {
		g.requiring = append(g.requiring, site)
	}
}

// opaqueSummary bounds a call of a function whose body this analysis does
// not see and that nothing summarizes (slices.SortFunc, say), for the
// functions it is given: it may call them any number of times, under
// control that depends on anything else it is given and what they return.
// Not on what its arguments point to: the call's own writes there, which
// are unknown, would make a lane's buffer of the same values in every lane
// look lane-dependent. Nil if it is given no function.
func opaqueSummary(common *ssa.CallCommon) *Summary {
	args := supplied(common)
	var funcs, others []Input
	for i, a := range args {
		if isFunc(a.Type()) {
			funcs = append(funcs, Input{Index: i})
			others = append(others, Input{Index: i, Calls: true})
			continue
		}
		others = append(others, Input{Index: i})
	}
	if len(funcs) == 0 {
		return nil
	}
	s := &Summary{Inferred: true, Opaque: true, CallsInputs: funcs}
	for range funcs {
		s.CallControl = append(s.CallControl, Dependence{On: others})
	}
	return s
}

// callbackSite returns, for the call of site, the site of the first
// convergent function it gives its callee to call, if any.
func (g *funcGraph) callbackSite(site convergentSite) (convergentSite, bool) {
	common := site.call.Common()
	s := site.summary
	args := supplied(common)
	for i, in := range s.CallsInputs {
		if in.Index >= len(args) {
			continue
		}
		fs := g.convergentFuncIn(args[in.Index], in)
		if fs == nil && g.unknownLaneFuncIn(args[in.Index], in) {
			fs = possiblyConvergent
		}
		if fs == nil {
			continue
		}
		reqs := s.Requires
		if deps := s.deps(g.controlAspect(args[in.Index])); i < len(deps) {
			reqs = append(slices.Clone(reqs), callbackRequires(common, deps[i], in, fs, s.Opaque)...)
			if deps[i].Always {
				site.calleeDivergence = deps[i].Why
			}
		}
		site.summary = &Summary{Convergent: true, Barrier: fs.Barrier, Reaches: fs.Reaches, Requires: reqs, Inferred: true}
		site.callback = in.Index
		return site, true
	}
	return site, false
}

// callbackRequires returns the requirements of a callee that calls its
// function input f, given a convergent function (fs), under control that
// depends on its inputs (or, opaque, may): those must be uniform.
func callbackRequires(common *ssa.CallCommon, control Dependence, f Input, fs *Summary, opaque bool) []Requirement {
	obj, _ := callee(common)
	var params []string
	var inTypes []types.Type
	name := "the callee"
	if obj != nil {
		name = obj.Name()
		sig := obj.Type().(*types.Signature)
		if sig.Recv() != nil {
			params = append(params, "receiver "+sig.Recv().Name())
			inTypes = append(inTypes, sig.Recv().Type())
		}
		for p := range sig.Params().Variables() {
			params = append(params, "parameter "+p.Name())
			inTypes = append(inTypes, p.Type())
		}
	}
	input := func(i int) string {
		if i < len(params) {
			return params[i]
		}
		return fmt.Sprintf("input %d", i)
	}
	reached := "a collective"
	if fs.Barrier {
		reached = "a barrier"
	}
	if len(fs.Reaches) > 0 {
		reached = fs.Reaches[0].String()
	}
	var out []Requirement
	for _, in := range control.On {
		if in.Calls && !opaque {
			continue // a declared summary requires those itself
		}
		req := Requirement{Input: in, Name: input(in.Index)}
		if in.Field > 0 {
			if in.Index < len(inTypes) {
				req.Field = inputField(inTypes[in.Index], in)
			}
			if req.Field == "" {
				continue
			}
		}
		decides := "decides"
		if opaque {
			decides = "may decide (its body is not analyzed)"
		}
		req.Why = []string{fmt.Sprintf("%s %s whether %s calls %s, given a function that reaches %s",
			RequirementSubject(req, name), decides, name, strings.TrimPrefix(input(f.Index), "parameter "), reached)}
		out = append(out, req)
	}
	return out
}

// noteClosureRequires records, for a closure given to a callee that calls
// it, the closure's requirements on the variables it captured: the callee
// runs the closure, but the values come from here.
func (g *funcGraph) noteClosureRequires(id int, call ssa.CallInstruction, arg ssa.Value, argIndex int) {
	mc, ok := arg.(*ssa.MakeClosure)
	if !ok {
		return
	}
	fn, _ := mc.Fn.(*ssa.Function)
	if fn == nil {
		return
	}
	// The closure's inputs: its parameters, which the callee supplies,
	// then its captured variables.
	inputs := make([]ssa.Value, len(fn.Params), len(fn.Params)+len(mc.Bindings))
	for _, b := range mc.Bindings {
		inputs = append(inputs, b)
		g.valueID(b)
		g.memRoots(b)
	}
	s := g.forArgs(g.sem.funcSummary(fn), inputs)
	if s == nil || len(s.Requires) == 0 {
		return
	}
	g.requiring = append(g.requiring, convergentSite{id: id, call: call, summary: s, name: funcName(g.fn.Prog.Fset, fn), args: inputs, argIndex: argIndex, literal: fn})
}

// dynamicSummary bounds a call of a function value: when every function it
// may hold is known (through phis and selects of functions and closures),
// the call is convergent if one of them is; otherwise, if it can reach a
// lane handle, it may be.
func (g *funcGraph) dynamicSummary(common *ssa.CallCommon) *Summary {
	if r := g.returnedFunc(common.Value); r != nil {
		return r
	}
	if !common.IsInvoke() {
		fns, complete := possibleFuncs(common.Value)
		if complete {
			return g.convergentOf(fns)
		}
		if s := g.convergentFuncIn(common.Value, Input{}); s != nil {
			return s
		}
		if _, ok := storedFuncs(common.Value); ok {
			// Loaded from a local composite of known functions, which
			// convergentFuncIn looked through field by field.
			return nil
		}
	}
	if common.IsInvoke() {
		if s, ok := g.concreteInvoke(common); ok {
			return s
		}
		if s, ok := g.sem.boundInvoke(common); ok {
			return s
		}
	}
	if g.givenFunc(common.Value) {
		return nil // judged where the function is given
	}
	if call := resultOf(common.Value); call != nil && !common.IsInvoke() {
		// Returned by a function whose summary knows every function it
		// returns, none convergent (see returnedFunc), and given no
		// function the caller does not know.
		if cs := g.sem.calleeSummary(call.Common()); cs != nil && cs.Inferred && !cs.ReturnsUnknownFuncs {
			if _, _, unknown := heldFuncValues(common.Value, Input{}); !unknown {
				return nil
			}
		}
	}
	if callReachesLane(common, g.sem) {
		return possiblyConvergent
	}
	return nil
}

// givenFunc reports whether v is a function that the function's callers
// give (see given): its calls are judged at theirs, with the function
// given (Summary.CallsInputs).
func (g *funcGraph) givenFunc(v ssa.Value) bool {
	return isFunc(v.Type()) && g.given(v)
}

// given reports whether v is a parameter, or is held in one (a field, an
// element, what it points to), whose functions the function's callers
// give: the body stores no function there itself.
func (g *funcGraph) given(v ssa.Value) bool {
	if !g.callersGiveFuncs {
		return false
	}
	root, _ := projectionRoot(v)
	p := g.paramOf(root)
	if p == nil {
		return false
	}
	return root == v || !g.storesFuncsInto(p)
}

// paramOf returns the parameter of g's function that v is, or that go/ssa
// copied into v (a local it takes the address of), or nil.
func (g *funcGraph) paramOf(v ssa.Value) *ssa.Parameter {
	if alloc, ok := v.(*ssa.Alloc); ok {
		for _, r := range *alloc.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == alloc {
				v = st.Val
				break
			}
		}
	}
	if p, ok := v.(*ssa.Parameter); ok && p.Parent() == g.fn {
		return p
	}
	return nil
}

// storesFuncsInto reports whether g's body stores values that hold
// functions into what parameter p holds or points to.
func (g *funcGraph) storesFuncsInto(p *ssa.Parameter) bool {
	if stores, ok := g.storesFuncs[p]; ok {
		return stores
	}
	stores := g.findStoresFuncsInto(p)
	g.storesFuncs[p] = stores
	return stores
}

func (g *funcGraph) findStoresFuncsInto(p *ssa.Parameter) bool {
	for _, b := range g.fn.Blocks {
		for _, instr := range b.Instrs {
			var addr, val ssa.Value
			switch instr := instr.(type) {
			case *ssa.Store:
				addr, val = instr.Addr, instr.Val
			case *ssa.MapUpdate:
				addr, val = instr.Map, instr.Value
			default:
				continue
			}
			if val == p {
				continue // go/ssa's copy of the parameter
			}
			if root, _ := projectionRoot(addr); g.paramOf(root) == p && holdsFunc(val.Type()) {
				return true
			}
		}
	}
	return false
}

// holdsFunc reports whether values of type t are or hold functions,
// directly or through what they point to.
func holdsFunc(t types.Type) bool {
	return holdsType(t, isFunc)
}

// holdsLaneFunc reports whether values of type t are or hold functions
// that take a lane handle.
func (g *funcGraph) holdsLaneFunc(t types.Type) bool {
	return holdsType(t, g.takesLane)
}

// takesLane reports whether t is a function type with a lane handle
// parameter.
func (g *funcGraph) takesLane(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok {
		return false
	}
	for p := range sig.Params().Variables() {
		if g.sem.isLane(p.Type()) || g.sem.isLane(deref(p.Type())) {
			return true
		}
	}
	return false
}

// holdsType reports whether values of type t are, or hold through fields,
// elements and pointers, values of a type that is.
func holdsType(t types.Type, is func(types.Type) bool) bool {
	seen := make(map[types.Type]bool)
	var walk func(t types.Type) bool
	walk = func(t types.Type) bool {
		if seen[t] {
			return false
		}
		seen[t] = true
		if is(t) {
			return true
		}
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			return walk(u.Elem())
		case *types.Slice:
			return walk(u.Elem())
		case *types.Array:
			return walk(u.Elem())
		case *types.Map:
			return walk(u.Key()) || walk(u.Elem())
		case *types.Chan:
			return walk(u.Elem())
		case *types.Struct:
			for f := range u.Fields() {
				if walk(f.Type()) {
					return true
				}
			}
		}
		return false
	}
	return walk(t)
}

// unknownLaneFunc reports whether v, given to a callee that calls it, is a
// function not known here that takes a lane handle: it may reach a
// convergent operation.
func (g *funcGraph) unknownLaneFunc(v ssa.Value) bool {
	if !isFunc(v.Type()) || g.givenFunc(v) {
		return false
	}
	if fns, complete := possibleFuncs(v); complete && !slices.ContainsFunc(fns, boundInterfaceMethod) {
		return false
	}
	if call := resultOf(v); call != nil {
		if s := g.sem.calleeSummary(call.Common()); s != nil && s.Inferred {
			return false // the summary says whether it returns convergent functions
		}
	}
	return g.takesLane(v.Type())
}

// unknownLaneFuncIn reports whether v, given for input in of a callee that
// calls what it is or holds, may be or hold a function not known here
// that takes a lane handle.
func (g *funcGraph) unknownLaneFuncIn(v ssa.Value, in Input) bool {
	if !in.Contents && in.Field == 0 && isFunc(v.Type()) {
		return g.unknownLaneFunc(v)
	}
	if g.given(v) || !g.holdsLaneFunc(v.Type()) {
		return false
	}
	vals, calls, unknown := heldFuncValues(v, in)
	if unknown || len(vals) == 0 && len(calls) == 0 {
		return true
	}
	for _, c := range calls {
		if s := g.sem.calleeSummary(c.Common()); s == nil || !s.Inferred || s.ReturnsUnknownFuncs {
			// It says nothing of the functions it returns, or of those
			// the memory it returns holds.
			return true
		}
	}
	return false
}

// returnedFunc returns, if v is a function returned by a call to a function
// known to return a convergent function, a summary saying so.
func (g *funcGraph) returnedFunc(v ssa.Value) *Summary {
	call := resultOf(v)
	if call == nil {
		return nil
	}
	return g.returnedBy(call)
}

// resultOf returns the call whose result (or one of whose results) v is,
// or nil.
func resultOf(v ssa.Value) *ssa.Call {
	if e, ok := v.(*ssa.Extract); ok {
		v = e.Tuple
	}
	call, _ := v.(*ssa.Call)
	return call
}

// returnedNoWrites reports whether f is what a call returns whose callee
// is known to return functions that write no memory they can reach.
func (g *funcGraph) returnedNoWrites(f ssa.Value) bool {
	call := resultOf(f)
	if call == nil {
		return false
	}
	s := g.callSummary(call.Common())
	return s != nil && s.Inferred && s.ReturnedNoWrites
}

// returnedBy returns, if call calls a function known to return a
// convergent function, a summary saying so.
func (g *funcGraph) returnedBy(call *ssa.Call) *Summary {
	s := g.sem.calleeSummary(call.Common())
	if s == nil || s.ReturnsConvergent == nil {
		return nil
	}
	return s.ReturnsConvergent
}

// convergentFuncIn returns the summary of a convergent function that v is
// or holds, as input in says of v (see heldFuncs). A function v holds may
// also come from a call that returns one.
func (g *funcGraph) convergentFuncIn(v ssa.Value, in Input) *Summary {
	fns, calls := heldFuncs(v, in)
	if s := g.convergentOf(fns); s != nil {
		return s
	}
	for _, c := range calls {
		if s := g.returnedBy(c); s != nil {
			return s
		}
	}
	return nil
}

// convergentOf returns the summary of the first convergent function of
// fns, or nil.
func (g *funcGraph) convergentOf(fns []*ssa.Function) *Summary {
	for _, fn := range fns {
		if boundInterfaceMethod(fn) {
			// it.Do as a value: the implementations bound it.
			if s := g.boundInvokeIn(fn); s != nil && s.Convergent {
				return s
			}
			continue
		}
		if s := g.sem.funcSummary(fn); s != nil && s.Convergent {
			return s
		}
		if obj := funcObject(fn); obj != nil {
			if s := g.sem.summaryOf(obj); s != nil && s.Convergent {
				return s
			}
		}
	}
	return nil
}

// possibleFuncs lists the functions v may be, if they are all known.
func possibleFuncs(v ssa.Value) ([]*ssa.Function, bool) {
	var out []*ssa.Function
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value) bool
	// oneOf walks the values v may be, vals: all of them if ok.
	oneOf := func(vals []ssa.Value, ok bool) bool {
		for _, e := range vals {
			ok = ok && walk(e)
		}
		return ok && len(vals) > 0
	}
	walk = func(v ssa.Value) bool {
		if seen[v] {
			return true
		}
		seen[v] = true
		switch v := v.(type) {
		case *ssa.Phi:
			for _, e := range v.Edges {
				if !walk(e) {
					return false
				}
			}
			return true
		case *ssa.ChangeType:
			return walk(v.X)
		case *ssa.Index:
			return oneOf(elementStores(v.X)) // an element of a local array
		case *ssa.UnOp:
			if v.Op != token.MUL {
				return false
			}
			if ia, ok := v.X.(*ssa.IndexAddr); ok {
				return oneOf(elementStores(ia.X)) // an element of a local slice or array
			}
			// A function variable (captured, or recursive): what was
			// stored in it.
			return oneOf(varStores(v.X))
		case *ssa.Extract:
			// A value of a range over a local map: any of its entries.
			next, ok := v.Tuple.(*ssa.Next)
			if !ok || next.IsString || v.Index != 2 {
				return false
			}
			rng, ok := next.Iter.(*ssa.Range)
			if !ok {
				return false
			}
			mm, ok := rng.X.(*ssa.MakeMap)
			if !ok {
				return false
			}
			updates, ok := localMapUpdates(mm)
			var vals []ssa.Value
			for _, u := range updates {
				vals = append(vals, u.Value)
			}
			return oneOf(vals, ok)
		case *ssa.Lookup:
			// A local map's entry at a constant key.
			vals, ok := constKeyEntries(v)
			for _, e := range vals {
				ok = ok && walk(e)
			}
			return ok
		}
		if fn := funcOf(v); fn != nil {
			if o := fn.Origin(); o != nil {
				fn = o
			}
			out = append(out, fn)
			return true
		}
		return false
	}
	ok := walk(v)
	return out, ok
}

// oneFunc reports whether the function value v is known to be one function
// on every path, whatever the literal captured: every lane runs the same
// code when it calls v.
func oneFunc(v ssa.Value) bool {
	fns, complete := possibleFuncs(v)
	if !complete || len(fns) == 0 || boundInterfaceMethod(fns[0]) {
		return false // r.Do: the dynamic type of r decides
	}
	for _, fn := range fns[1:] {
		if fn != fns[0] {
			return false
		}
	}
	return true
}

// varStores returns the values stored in the variable at p, a local
// variable (Alloc) or one a literal captured (FreeVar): by the function that
// declares it and by every literal that captures it. It reports false if
// the variable's address goes anywhere else, or a literal that captures it
// is made where it cannot be seen.
func varStores(p ssa.Value) ([]ssa.Value, bool) {
	names := varAliases(p)
	if names == nil {
		return nil, false
	}
	var vals []ssa.Value
	for _, a := range names {
		for _, r := range *a.Referrers() {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr != a {
					return nil, false
				}
				vals = append(vals, r.Val)
			case *ssa.UnOp:
				if r.Op != token.MUL {
					return nil, false
				}
			case *ssa.MakeClosure, *ssa.DebugRef:
				// Captured: allocAliases lists the closure's name for it.
			default:
				return nil, false
			}
		}
	}
	return vals, true
}

// varAliases returns the names of the local variable at p in the function
// that declares it and in the literals that capture it, or nil if p is not
// a local variable.
func varAliases(p ssa.Value) []ssa.Value {
	switch p := p.(type) {
	case *ssa.Alloc:
		return allocAliases(p)
	case *ssa.FreeVar:
		return boxAliases(p)
	}
	return nil
}

// elementStores returns the values stored in the elements of x, a slice or
// array that the function builds itself (make, composite literals, append,
// slicing, and local variables holding those), by any name it has: every
// value that an element may hold, whenever it is read. It reports false if
// x comes from anywhere else or goes where its elements could be written
// unseen (a call, a field, a result).
func elementStores(x ssa.Value) ([]ssa.Value, bool) {
	pool := make(map[ssa.Value]bool)
	var work, vals []ssa.Value
	add := func(v ssa.Value) {
		if !pool[v] {
			pool[v] = true
			work = append(work, v)
		}
	}
	isArrayAlloc := func(v ssa.Value) bool {
		a, ok := v.(*ssa.Alloc)
		if !ok {
			return false
		}
		_, ok = a.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array)
		return ok
	}
	// addVar takes in every value stored in the variable at p, and every
	// load of it.
	addVar := func(p ssa.Value) bool {
		stored, ok := varStores(p)
		if !ok {
			return false
		}
		for _, v := range stored {
			add(v)
		}
		for _, a := range varAliases(p) {
			for _, r := range *a.Referrers() {
				if load, ok := r.(*ssa.UnOp); ok {
					add(load)
				}
			}
		}
		return true
	}
	add(x)
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		// Where v comes from.
		switch v := v.(type) {
		case *ssa.Const, *ssa.MakeSlice:
			// nil, or zero elements
		case *ssa.Phi:
			for _, e := range v.Edges {
				add(e)
			}
		case *ssa.Slice:
			add(v.X)
		case *ssa.Alloc:
			if !isArrayAlloc(v) {
				return nil, false
			}
		case *ssa.Call:
			if b, ok := v.Call.Value.(*ssa.Builtin); !ok || b.Name() != "append" {
				return nil, false
			}
			for _, a := range v.Call.Args {
				add(a)
			}
		case *ssa.UnOp:
			if v.Op != token.MUL {
				return nil, false
			}
			if isArrayAlloc(v.X) {
				add(v.X)
			} else if !addVar(v.X) {
				return nil, false
			}
		default:
			return nil, false
		}
		// Where v goes.
		refs := v.Referrers()
		if refs == nil {
			continue // a constant
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.IndexAddr:
				for _, rr := range *r.Referrers() {
					switch rr := rr.(type) {
					case *ssa.Store:
						if rr.Addr != r {
							return nil, false
						}
						vals = append(vals, rr.Val)
					case *ssa.UnOp:
						if rr.Op != token.MUL {
							return nil, false
						}
					case *ssa.DebugRef:
					default:
						return nil, false
					}
				}
			case *ssa.Index, *ssa.DebugRef:
			case *ssa.Phi, *ssa.Slice:
				add(r.(ssa.Value))
			case *ssa.UnOp:
				if r.Op != token.MUL {
					return nil, false
				}
				add(r) // the value of a local array
			case *ssa.Call:
				b, ok := r.Call.Value.(*ssa.Builtin)
				if !ok {
					return nil, false
				}
				switch b.Name() {
				case "append":
					add(r)
				case "len", "cap":
				default:
					return nil, false
				}
			case *ssa.Store:
				switch {
				case r.Addr == v: // a whole local array
					add(r.Val)
				case isArrayAlloc(r.Addr):
					add(r.Addr)
				case !addVar(r.Addr):
					return nil, false
				}
			default:
				return nil, false
			}
		}
	}
	return vals, true
}

// supplied returns what a call supplies to the callee's inputs: arguments,
// receiver first, then the variables a closure captured.
func supplied(common *ssa.CallCommon) []ssa.Value {
	_, args := callee(common)
	if mc, ok := common.Value.(*ssa.MakeClosure); ok {
		if fn, _ := mc.Fn.(*ssa.Function); fn != nil && !isBoundWrapper(fn) {
			args = append(slices.Clone(args), mc.Bindings...)
		}
	}
	return args
}

// applySummary records a call to a function with an inferred summary: each
// result depends on the inputs the summary names, mapped to this call's
// arguments, and the memory the call may write depends on the same.
func (g *funcGraph) applySummary(id int, common *ssa.CallCommon, s *Summary) {
	args := supplied(common)
	name := calleeName(common)
	for _, r := range s.Results {
		if r.Always {
			g.seed(id, "is the result of "+name+", which depends on the lane"+s.ownMemoryNote()+because(r.Why))
			g.seedSource[id] = r.Why
			break
		}
		g.dependOnInputs(id, r.On, args)
	}
	if !hasResults(common) {
		// No result: the call is divergent, as LLVM prints a store, when it
		// uses a divergent value.
		for _, a := range common.Args {
			g.depend(id, g.valueID(a))
		}
	}
	g.applyEffects(id, s.Effects, args, nil, "writes lane-dependent values through its arguments")
	g.applyCallbacks(id, common, s)
}

// applyCallbacks records what the literals a call gives its callee write
// to the variables they captured when the callee calls them: as
// lane-dependent as the literal's summary says, with the arguments the
// callee passes it (Summary.CallArgs), and under the control the callee
// calls it under (CallControl), which may make the variables differ
// between lanes even when what is written does not.
func (g *funcGraph) applyCallbacks(id int, common *ssa.CallCommon, s *Summary) {
	args := supplied(common)
	for i, in := range s.CallsInputs {
		if in.Index >= len(args) || in.Calls {
			continue
		}
		held, _, _ := heldFuncValues(args[in.Index], in)
		for _, f := range held {
			g.applyCallback(id, args, s, i, f)
		}
	}
}

// applyCallback is applyCallbacks for f, given for s.CallsInputs[i].
func (g *funcGraph) applyCallback(id int, args []ssa.Value, s *Summary, i int, f ssa.Value) {
	fn, bindings := literal(f)
	if fn == nil || len(bindings) == 0 {
		return
	}
	inputs := append(make([]ssa.Value, len(fn.Params), len(fn.Params)+len(bindings)), bindings...)
	fs := g.forArgs(g.sem.funcSummary(fn), inputs)
	if fs == nil || !fs.Inferred {
		return
	}
	var control, passed Dependence
	if deps := s.deps(g.controlAspect(f)); i < len(deps) {
		control = deps[i]
	}
	if i < len(s.CallArgs) {
		passed = s.CallArgs[i]
	}
	for _, e := range fs.Effects {
		if e.Input.Index < len(fn.Params) {
			continue // memory the callee passes it, not the caller's
		}
		roots := g.contentRoots(inputs[e.Input.Index], e.Input)
		if len(roots) == 0 {
			continue
		}
		node := g.newValue(-1)
		g.effectOf[node] = id
		var own []Input
		fromParams := false
		for _, on := range e.When.On {
			if on.Index < len(fn.Params) {
				fromParams = true
			} else {
				own = append(own, on)
			}
		}
		switch {
		case e.When.Always:
			g.seed(node, "runs a function that writes lane-dependent values to the variables it captured"+because(e.When.Why))
		case control.Always:
			g.seed(node, "calls the function it is given, which writes to the variables it captured, under divergent control"+because(control.Why))
		case fromParams && passed.Always:
			g.seed(node, "passes lane-dependent arguments to the function it is given, which writes them to the variables it captured")
		default:
			g.dependOnInputs(node, own, inputs)
			g.dependOnInputs(node, control.On, args)
			if fromParams {
				g.dependOnInputs(node, passed.On, args)
			}
		}
		for _, m := range roots {
			g.addWriter(m, node)
		}
	}
}

// applyEffects records what call id writes through its arguments: for each
// effect, a node standing for the write, divergent when the effect's
// inputs are (or always), and when also depends on is; the memory the
// argument points to depends on it. It returns the nodes, by effect (-1
// for an effect on nothing here).
func (g *funcGraph) applyEffects(id int, effects []Effect, args []ssa.Value, also ssa.Value, why string) []int {
	nodes := make([]int, len(effects))
	for i, e := range effects {
		nodes[i] = -1
		if e.Input.Index >= len(args) {
			continue
		}
		roots := g.contentRoots(args[e.Input.Index], e.Input)
		if len(roots) == 0 {
			continue
		}
		node := g.newValue(-1)
		nodes[i] = node
		if e.When.Always {
			g.seed(node, why)
		} else {
			g.dependOnInputs(node, e.When.On, args)
		}
		if also != nil {
			g.depend(node, g.valueID(also))
		}
		g.effectOf[node] = id
		for _, m := range roots {
			g.addWriter(m, node)
		}
	}
	return nodes
}

// applyHeldEffects records, for a call of a function value kept in local
// variables or composites, what the literals it may be (heldFuncValues)
// write to the variables they captured. The call's own control decides
// whether they are written, as for any write, and so does the function
// value when it may be one of several functions: lanes that call another
// one do not write.
func (g *funcGraph) applyHeldEffects(id int, common *ssa.CallCommon) {
	vals, _, _ := heldFuncValues(common.Value, Input{})
	var also ssa.Value
	distinct := make(map[*ssa.Function]bool)
	for _, v := range vals {
		distinct[funcOf(v)] = true
	}
	if len(distinct) > 1 {
		also = common.Value
	}
	for _, v := range vals {
		fn, bindings := literal(v)
		if fn == nil || len(bindings) == 0 || len(fn.Params) != len(common.Args) {
			continue
		}
		inputs := append(slices.Clone(common.Args), bindings...)
		fs := g.forArgs(g.sem.funcSummary(fn), inputs)
		if fs == nil || !fs.Inferred {
			continue
		}
		g.applyEffects(id, fs.Effects, inputs, also, "may call a function that writes lane-dependent values to the variables it captured")
	}
}

// yieldSummary returns the summary of the body of a range-over-func loop,
// if v is that body's closure.
func (g *funcGraph) yieldSummary(v ssa.Value) *Summary {
	mc, ok := v.(*ssa.MakeClosure)
	if !ok {
		return nil
	}
	fn, _ := mc.Fn.(*ssa.Function)
	if fn == nil || fn.Synthetic != rangeFuncYield {
		return nil
	}
	return g.sem.funcSummary(fn)
}

// rangeFuncYield is how go/ssa marks the body of a range-over-func loop.
const rangeFuncYield = "range-over-func yield"

// applyYield records the effects of a loop body that the iterator call id
// runs: on the variables the body captured, depending on what the summary
// says and on the iterator itself, which decides how often the body runs.
func (g *funcGraph) applyYield(id int, common *ssa.CallCommon, body *ssa.MakeClosure, y *Summary) {
	fn := body.Fn.(*ssa.Function)
	args := make([]ssa.Value, 0, len(fn.Params)+len(body.Bindings))
	for range fn.Params {
		args = append(args, common.Value) // the iterator supplies them
	}
	args = append(args, body.Bindings...)
	y = g.forArgs(y, args)
	effects := y.Effects
	if g.yieldsMapOrder(common) || g.yieldsLaneValues(common.Value) {
		// What the iterator yields differs between lanes.
		effects = slices.Clone(effects)
		for i, e := range effects {
			if slices.ContainsFunc(e.When.On, func(in Input) bool { return in.Index < len(fn.Params) }) {
				effects[i].When = Dependence{Always: true}
			}
		}
	}
	aspect := g.controlAspect(body)
	for i, node := range g.applyEffects(id, effects, args, common.Value, "writes lane-dependent values there") {
		if node >= 0 {
			g.bodyWrites[node] = bodyWrite{fn, y.Effects[i].Input}
			g.dependOnIterator(node, common.Value, aspect)
		}
	}
}

// runsLaneTimes starts what iteratorWhy says.
const runsLaneTimes = "runs a lane-dependent number of times"

// iteratorWhy says why a loop body runs a lane-dependent number of times,
// when its iterator's summary says it calls the body under divergent
// control (d).
func iteratorWhy(d Dependence) string {
	if d.Why == "" {
		return runsLaneTimes + ": its iterator calls it under divergent control"
	}
	return runsLaneTimes + because(d.Why)
}

// dependOnIterator makes the node id, what a range-over-func loop's body
// writes, depend on whether the iterator it runs the body under divergent
// control (aspect a of its calls): then lanes run the body, and write, a
// different number of times. It mirrors funcGraph.iterator, before the
// analysis.
func (g *funcGraph) dependOnIterator(id int, it ssa.Value, a callAspect) {
	if fn, bindings := literal(it); fn != nil {
		inputs := append(make([]ssa.Value, len(fn.Params), len(fn.Params)+len(bindings)), bindings...)
		s := g.forArgs(g.sem.funcSummary(fn), inputs)
		if s == nil || !s.Inferred {
			return
		}
		d, ok := s.bodyDep(a)
		switch {
		case !ok:
		case d.Always:
			g.seed(id, iteratorWhy(d))
		default:
			var own []Input
			for _, in := range d.On {
				if in.Index >= len(fn.Params) {
					own = append(own, in)
				}
			}
			g.dependOnInputs(id, own, inputs)
		}
		return
	}
	call := resultOf(it)
	if call == nil {
		return
	}
	s := g.callSummary(call.Common())
	if s == nil || !s.Inferred {
		return
	}
	if d := s.returnedBody(a); d.Always {
		g.seed(id, iteratorWhy(d))
	} else {
		g.dependOnInputs(id, d.On, supplied(call.Common()))
	}
}

// yieldsMapOrder reports whether the iterator that a range-over-func loop
// calls (common) yields the keys or values of a map in map order, which
// differs between lanes: the iterator comes from a function whose body is
// not known (maps.Keys, say) given a map.
func (g *funcGraph) yieldsMapOrder(common *ssa.CallCommon) bool {
	v := common.Value
	if ct, ok := v.(*ssa.ChangeType); ok {
		v = ct.X
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	if s := g.sem.calleeSummary(call.Common()); s != nil && s.Inferred {
		return false // its body is known: it says what the iterator yields
	}
	for _, a := range call.Call.Args {
		if _, ok := a.Type().Underlying().(*types.Map); ok {
			return true
		}
	}
	return false
}

// yieldsLaneValues reports whether the iterator it always passes its
// first parameter (the loop body) lane-dependent values, as its summary,
// or that of the function that returned it, says.
func (g *funcGraph) yieldsLaneValues(it ssa.Value) bool {
	if fn, _ := literal(it); fn != nil {
		if s := g.sem.funcSummary(fn); s != nil {
			d, _ := s.bodyDep(callArgs)
			return d.Always
		}
		return false
	}
	if call := resultOf(it); call != nil {
		s := g.sem.calleeSummary(call.Common())
		return s != nil && s.ReturnedBodyArgs.Always
	}
	return false
}

// A bodyWrite is what the body of a range-over-func loop writes to the
// memory an input of it points to.
type bodyWrite struct {
	body *ssa.Function
	in   Input
}

// jumps reports whether the body writes go/ssa's variable that says where
// the loop goes after the iterator returns: on, past a return, or to an
// outer loop's break or continue.
func (w bodyWrite) jumps() bool {
	vals := inputValues(w.body)
	if w.in.Index >= len(vals) {
		return false
	}
	fv, ok := vals[w.in.Index].(*ssa.FreeVar)
	return ok && strings.HasPrefix(fv.Name(), "jump$")
}

// RangeOverFunc returns the range statement of a range-over-func loop, if
// call is the call of its iterator.
func RangeOverFunc(call ssa.CallInstruction) *ast.RangeStmt { return rangeOverFunc(call) }

func rangeOverFunc(call ssa.CallInstruction) *ast.RangeStmt {
	for _, a := range call.Common().Args {
		if mc, ok := a.(*ssa.MakeClosure); ok {
			if fn, _ := mc.Fn.(*ssa.Function); fn != nil && fn.Synthetic == rangeFuncYield {
				rs, _ := fn.Syntax().(*ast.RangeStmt)
				return rs
			}
		}
	}
	return nil
}

// callSummary returns the summary that applies to the call common: its
// callee's, or the private one when it is given the lane's own memory.
func (g *funcGraph) callSummary(common *ssa.CallCommon) *Summary {
	return g.forArgs(g.sem.calleeSummary(common), supplied(common))
}

// forArgs returns the summary s that applies to a call supplying args:
// s.Private if the call passes memory of the calling lane for an input
// that s takes as shared.
func (g *funcGraph) forArgs(s *Summary, args []ssa.Value) *Summary {
	if s == nil || s.Private == nil {
		return s
	}
	for _, i := range s.SharedInputs {
		if i < len(args) && args[i] != nil && len(g.memRoots(args[i])) > 0 {
			return s.Private
		}
	}
	for _, i := range s.DeepInputs {
		// Pointers to the lane's memory are stored there, or it is the
		// lane's own variable, which the callee may fill with memory it
		// allocates (appending to a captured slice).
		if i < len(args) && args[i] != nil && (len(g.storedPointees(args[i], Input{})) > 0 || len(g.memRoots(args[i])) > 0) {
			return s.Private
		}
	}
	return s
}

// addResult gives an extracted result of a call the dependences of that
// result alone. It reports false if the callee has no inferred summary.
func (g *funcGraph) addResult(id int, call *ssa.Call, index int) bool {
	s := g.callSummary(call.Common())
	if s == nil || !s.Inferred || index >= len(s.Results) {
		return false
	}
	r := s.Results[index]
	if r.Always {
		g.seed(id, "is a result of "+calleeName(call.Common())+", which depends on the lane"+s.ownMemoryNote()+because(r.Why))
		g.seedSource[id] = r.Why
		return true
	}
	g.dependOnInputs(id, r.On, supplied(call.Common()))
	return true
}

// dependOnInputs makes id depend on the values a call supplies for inputs.
func (g *funcGraph) dependOnInputs(id int, inputs []Input, args []ssa.Value) {
	for _, in := range inputs {
		if in.Index >= len(args) {
			continue
		}
		a := args[in.Index]
		if in.Calls {
			for _, n := range g.callResults(a) {
				g.depend(id, n)
			}
		} else if in.Contents {
			for _, m := range g.contentRoots(a, in) {
				g.depend(id, m.id)
			}
		} else if in.Field > 0 {
			for _, n := range g.fieldArg(a, in.Field-1) {
				g.depend(id, n)
			}
		} else {
			g.depend(id, g.valueID(a))
		}
	}
}

// because appends a callee's reason to a note, if it has one.
func because(why string) string {
	if why == "" {
		return ""
	}
	return ": " + why
}

func calleeName(common *ssa.CallCommon) string {
	if fn, _ := callee(common); fn != nil {
		return fn.Name()
	}
	if f := funcOf(common.Value); f != nil {
		if f.Parent() != nil {
			return "the function literal"
		}
		return f.Name()
	}
	return "the callee"
}

func hasResults(common *ssa.CallCommon) bool {
	return common.Signature().Results().Len() > 0
}

// callReachesLane reports whether the callee can get hold of a lane handle:
// through an argument, a receiver, or a captured variable.
func callReachesLane(common *ssa.CallCommon, sem semantics) bool {
	vals := append([]ssa.Value{common.Value}, common.Args...)
	for _, v := range vals {
		if sem.isLane(v.Type()) {
			return true
		}
		if mc, ok := v.(*ssa.MakeClosure); ok {
			for _, b := range mc.Bindings {
				if sem.isLane(b.Type()) || sem.isLane(deref(b.Type())) {
					return true
				}
			}
		}
	}
	return false
}

func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// fieldArg returns the nodes that field f of the struct value a depends
// on: that field's alone when a's fields are known apart, else all of a.
func (g *funcGraph) fieldArg(a ssa.Value, f int) []int {
	if nodes := g.fieldsOf(a); f < len(nodes) {
		return nodes[f : f+1]
	}
	return []int{g.valueID(a)}
}

// noteTypeParamCalls records the calls of methods of fn's type parameters,
// and of its parameters of interface type, that may be convergent
// (Summary.Plain): a call of one, or a call of a function given one for
// one of its own. s is what the call is taken to do.
func (g *funcGraph) noteTypeParamCalls(common *ssa.CallCommon, s *Summary) {
	note := func(c TypeParamCall) {
		if !slices.Contains(g.typeParamCalls, c) {
			g.typeParamCalls = append(g.typeParamCalls, c)
		}
	}
	if s == nil {
		return
	}
	if common.IsInvoke() {
		if c, ok := g.plainCandidate(common.Value); ok && s.Convergent {
			c.Method = common.Method.Name()
			note(c)
		}
		return
	}
	fn := funcOf(common.Value)
	if fn == nil {
		return
	}
	targs := fn.TypeArgs()
	for _, c := range s.TypeParamCalls {
		var given TypeParamCall
		var ok bool
		switch {
		case c.Value && c.Param < len(common.Args):
			given, ok = g.plainCandidate(common.Args[c.Param])
		case !c.Value && c.Param < len(targs):
			given, ok = typeParamOf(targs[c.Param])
		}
		if ok {
			given.Method = c.Method
			note(given)
		}
	}
}

// plainCandidate reports whether v is a type parameter's value or an
// interface parameter of fn, whose methods' calls Summary.Plain is about.
func (g *funcGraph) plainCandidate(v ssa.Value) (TypeParamCall, bool) {
	if c, ok := typeParamOf(v.Type()); ok {
		return c, true
	}
	if p, ok := v.(*ssa.Parameter); ok && types.IsInterface(p.Type()) {
		if i := slices.Index(g.fn.Params, p); i >= 0 {
			return TypeParamCall{Param: i, Value: true}, true
		}
	}
	return TypeParamCall{}, false
}

func typeParamOf(t types.Type) (TypeParamCall, bool) {
	if tp, ok := types.Unalias(t).(*types.TypeParam); ok {
		return TypeParamCall{Param: tp.Index()}, true
	}
	return TypeParamCall{}, false
}

// dependOnResultField makes id stand for a field of a struct the call
// returned, whose dependence the callee's summary gives as d.
func (g *funcGraph) dependOnResultField(id int, call *ssa.Call, d Dependence) {
	if d.Always {
		g.seed(id, "is a field of a result of "+calleeName(call.Common())+", which depends on the lane")
		return
	}
	g.dependOnInputs(id, d.On, supplied(call.Common()))
}

// resultValueField returns the call whose struct result v is (or is a
// result of), and the summary's dependence of field f of it, if known.
func (g *funcGraph) resultValueField(v ssa.Value, f int) (*ssa.Call, Dependence, bool) {
	call, k := resultOf(v), 0
	if call == nil {
		return nil, Dependence{}, false
	}
	if e, ok := v.(*ssa.Extract); ok {
		k = e.Index
	}
	s := g.callSummary(call.Common())
	if s == nil || !s.Inferred || k >= len(s.ResultValueFields) || f >= len(s.ResultValueFields[k]) {
		return nil, Dependence{}, false
	}
	return call, s.ResultValueFields[k][f], true
}

// resultFields returns the summary's dependences of the fields of the
// struct the call's single result points to, when own, the call's memory
// objects, are that struct's fields told apart; otherwise nil.
func (g *funcGraph) resultFields(c *ssa.Call, s *Summary, own []*memObject) []Dependence {
	if len(s.ResultFields) != 1 || s.ResultFields[0] == nil {
		return nil
	}
	fields, st := s.ResultFields[0], pointedStruct(c.Type())
	for _, m := range own {
		if m.field < 0 || m.field >= len(fields) || m.st != st {
			return nil
		}
	}
	return fields
}
