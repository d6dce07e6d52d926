package divergence

import (
	"fmt"
	"go/constant"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/spmdvet/spmdvet/uniformity"
)

// loopBodies finds the bodies of range-over-func loops whose iterator call
// diverges: the iterator depends on the lane, or the loop itself runs under
// divergent control. Such a body runs a lane-dependent number of times.
func (pa *packageAnalysis) loopBodies() {
	for _, parent := range pa.funcs {
		f := pa.results[parent]
		if f == nil {
			continue
		}
		for _, b := range parent.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				for _, a := range call.Common().Args {
					mc, ok := a.(*ssa.MakeClosure)
					if !ok {
						continue
					}
					body, _ := mc.Fn.(*ssa.Function)
					if body == nil || body.Synthetic != rangeFuncYield || pa.results[body] == nil {
						continue
					}
					var why []Note
					switch {
					case f.outer != nil:
						why = f.outer
					case f.IsDivergent(call.Common().Value) && (f.graph.iteratorValueDiverges(f.U, call) || f.graph.loopControl(f.U, call)):
						why = append(f.iteratorNote(call, "the loop's iterator %s depends on the lane: lanes run the body a different number of times"), f.ExplainValue(call.Common().Value)...)
					case len(f.ControlDivergence(call)) > 0:
						why = f.ExplainControl(call)
					case f.graph.loopControl(f.U, call):
						why = f.iteratorNote(call, "the iterator %s runs the loop body under control that depends on the lane")
					case f.graph.iteratorRepeats(call.Common().Value):
						why = pa.results[body].divergentExit("lanes leave the loop here in different iterations, so fewer lanes run the body after")
					}
					pa.results[body].outer = why
				}
			}
		}
	}
}

// iteratorControl reports whether the iterator it calls the body of a
// range over it under control that depends on the lane, in r.
func (g *funcGraph) iteratorControl(r *uniformity.Result, it ssa.Value) bool {
	return g.iterator(r, it, callControl)
}

// loopControl is iteratorControl for the call of a range-over-func loop's
// iterator, where the body it is given is known: a body that never breaks
// on the values it gets cannot, through them, stop the iterator.
func (g *funcGraph) loopControl(r *uniformity.Result, call ssa.CallInstruction) bool {
	a := callControl
	if args := call.Common().Args; len(args) > 0 {
		a = g.controlAspect(args[0])
	}
	return g.iterator(r, call.Common().Value, a)
}

// iterator reports whether the iterator it calls the body of a range over
// it with aspect a divergent in r: its own summary, or that of the
// function that returned it, says so.
func (g *funcGraph) iterator(r *uniformity.Result, it ssa.Value, a callAspect) bool {
	if g.body(r, it, a) {
		return true
	}
	call := resultOf(it)
	if call == nil {
		return false
	}
	s := g.callSummary(call.Common())
	if s == nil || !s.Inferred {
		return false
	}
	c := s.returnedBody(a)
	if c.Always {
		return true
	}
	args := supplied(call.Common())
	id := g.ids[call]
	for _, in := range c.On {
		if in.Index < len(args) && g.inputDivergent(r, args[in.Index], in, id) {
			return true
		}
	}
	return false
}

// BodyExit explains, for the call of the iterator of a range-over-func
// loop, why lanes leave the loop in different iterations, or returns nil.
func (f *Func) BodyExit(call ssa.CallInstruction) []Note {
	for _, a := range call.Common().Args {
		if mc, ok := a.(*ssa.MakeClosure); ok {
			if fn, _ := mc.Fn.(*ssa.Function); fn != nil && fn.Synthetic == rangeFuncYield && f.funcs[fn] != nil {
				body := f.funcs[fn]
				return body.divergentExit("lanes leave the loop here in different iterations")
			}
		}
	}
	return nil
}

// iteratorRepeats reports whether the iterator it may call the body of a
// range over it more than once: unless its summary, or that of the function
// that returned it, says it calls it once at most.
func (g *funcGraph) iteratorRepeats(it ssa.Value) bool {
	if fn, _ := literal(it); fn != nil {
		s := g.sem.funcSummary(fn)
		return s == nil || !s.callsBodyOnce()
	}
	if call := resultOf(it); call != nil {
		if s := g.sem.calleeSummary(call.Common()); s != nil && s.ReturnedBodyOnce {
			return false
		}
	}
	return true
}

// iteratorNote says, at the iterator of the range-over-func loop that call
// runs, format with the iterator's text.
func (f *Func) iteratorNote(call ssa.CallInstruction, format string) []Note {
	rs := rangeOverFunc(call)
	if rs == nil {
		return nil
	}
	return []Note{{Pos: rs.X.Pos(), End: rs.X.End(), Message: fmt.Sprintf(format, f.text(rs.X))}}
}

// divergentExit explains why lanes leave the range-over-func loop whose
// body is f in different iterations, or returns nil. A body that returns
// false (break, return, or a jump out) to some lanes only makes the
// iterator stop calling it for those lanes: the others run it again
// without them, as in a loop with a divergent exit (the caller sees to
// iterators that call the body once at most: iteratorRepeats).
func (f *Func) divergentExit(message string) []Note {
	g := f.graph
	if len(f.SSA.Params) == 0 || f.SSA.Signature.Results().Len() != 1 || !g.resultDivergent(f.U, 0) {
		return nil
	}
	for _, id := range g.returns {
		ret := g.instrs[id].(*ssa.Return)
		if c, ok := ret.Results[0].(*ssa.Const); !ok || constant.BoolVal(c.Value) {
			continue
		}
		if len(f.ControlDivergence(ret)) == 0 {
			continue
		}
		p := f.ReturnPos(ret)
		return append([]Note{{Pos: p, End: p, Message: message}}, f.ExplainControl(ret)...)
	}
	p := f.SSA.Pos()
	return []Note{{Pos: p, End: p, Message: strings.Replace(message, " here", "", 1)}}
}

// seedClosures analyzes every function literal again, with the variables
// it captured marked divergent where they are divergent in the function
// that made it: the literal is that function's code, run by the same lanes
// (a range-over-func loop body at the place of the loop, any other where it
// is called), so a branch on such a variable is divergent in the literal,
// and its findings belong there. The literal's summary said what it needs
// of those variables; calls that break it need no report of their own
// (Func.Violations). Parents come first, so that a literal in a literal
// sees what its parent was given.
func (pa *packageAnalysis) seedClosures() {
	for _, parent := range pa.funcs {
		f := pa.results[parent]
		if f == nil {
			continue
		}
		seeds := make(map[*ssa.Function][]int)
		var order []*ssa.Function
		for _, b := range parent.Blocks {
			for _, instr := range b.Instrs {
				mc, ok := instr.(*ssa.MakeClosure)
				if !ok {
					continue
				}
				body, _ := mc.Fn.(*ssa.Function)
				if body == nil || pa.results[body] == nil || pa.kernel[body] || !calledInPlace(mc) {
					continue
				}
				ins := pa.results[body].capturedDivergent(mc, f)
				if body.Synthetic == rangeFuncYield {
					ins = append(ins, pa.results[body].yieldedParams(mc, f)...)
				}
				if len(ins) == 0 {
					continue
				}
				if _, ok := seeds[body]; !ok {
					order = append(order, body)
				}
				if f.seededClosures == nil {
					f.seededClosures = make(map[*ssa.Function]map[Input]bool)
				}
				if f.seededClosures[body] == nil {
					f.seededClosures[body] = make(map[Input]bool)
				}
				bg := pa.results[body].graph
				for _, in := range ins {
					f.seededClosures[body][in] = true
					seeds[body] = append(seeds[body], bg.inputs[in])
				}
			}
		}
		for _, body := range order {
			bf := pa.results[body]
			bf.U = bf.graph.run(seeds[body]...)
		}
	}
}

// calledInPlace reports whether the literal mc makes runs as code of the
// function that makes it, by the lanes that run that: called there
// (directly, or from a local composite), when it returns (deferred),
// handed to a function that calls it, or the body of a range-over-func
// loop. A literal started as a goroutine is not: it runs outside the lanes.
func calledInPlace(mc *ssa.MakeClosure) bool {
	for _, r := range *mc.Referrers() {
		if g, ok := r.(*ssa.Go); ok && (g.Call.Value == ssa.Value(mc) || slices.Contains(g.Call.Args, ssa.Value(mc))) {
			return false
		}
	}
	return true
}

// capturedDivergent returns the inputs of the literal body, made by mc in
// parent, that are variables it captured and that are divergent there; it
// marks why in body's graph.
func (body *Func) capturedDivergent(mc *ssa.MakeClosure, parent *Func) []Input {
	g, pg := body.graph, parent.graph
	analyzed := pg.NumValues() // nodes made after the analysis have no answer
	divergent := func(id int) bool { return id < analyzed && parent.U.IsDivergent(id) }
	var out []Input
	for _, in := range g.sortedInputs() {
		i := in.Index - len(body.SSA.Params)
		if i < 0 || i >= len(mc.Bindings) {
			continue
		}
		b := mc.Bindings[i]
		hit := false
		from := -1 // what made it divergent in parent
		if in.Contents {
			for _, m := range pg.contentRoots(b, in) {
				if divergent(m.id) {
					hit, from = true, m.id
					break
				}
			}
		} else if id, ok := pg.ids[b]; ok && divergent(id) {
			hit, from = true, id
		}
		if hit {
			g.seedFrom[g.inputs[in]] = seedOrigin{parent, from}
			why := "is lane-dependent where the function literal is made"
			if body.SSA.Synthetic == rangeFuncYield {
				why = "is lane-dependent where the loop starts"
			}
			g.seedWhy[g.inputs[in]] = why
			out = append(out, in)
		}
	}
	return out
}

// yieldedParams returns the parameters of the body of a range-over-func
// loop, made by mc in parent, if its iterator yields them in map order or
// yields lane-dependent values; it marks why in body's graph.
func (body *Func) yieldedParams(mc *ssa.MakeClosure, parent *Func) []Input {
	for _, r := range *mc.Referrers() {
		call, ok := r.(ssa.CallInstruction)
		if !ok || !slices.Contains(call.Common().Args, ssa.Value(mc)) {
			continue
		}
		why := ""
		switch {
		case parent.graph.yieldsMapOrder(call.Common()):
			why = "is yielded in map order, which differs between lanes"
		case parent.graph.iterator(parent.U, call.Common().Value, callArgs):
			why = "is yielded by an iterator whose values depend on the lane"
		default:
			continue
		}
		var out []Input
		for i := range body.SSA.Params {
			in := Input{Index: i}
			if id, ok := body.graph.inputs[in]; ok {
				body.graph.seedWhy[id] = why
				out = append(out, in)
			}
		}
		return out
	}
	return nil
}

// ownInputs returns the inputs of fn that point to memory of the calling
// lane at every call: the variables a closure captures from code that each
// lane runs for itself.
func (pa *packageAnalysis) ownInputs(fn *ssa.Function) map[ssa.Value]bool {
	own := make(map[ssa.Value]bool)
	parent := fn.Parent()
	if parent == nil || pa.kernel[fn] {
		return own
	}
	if pa.ownedBy == nil {
		pa.ownedBy = make(map[*ssa.Function]map[ssa.Value]bool)
	}
	if m, ok := pa.ownedBy[fn]; ok {
		return m
	}
	pa.ownedBy[fn] = own
	parentOwn := pa.ownInputs(parent)
	lanesRunParent := !pa.createsKernel(parent) && !pa.hostCode(parent)
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok || mc.Fn != fn {
				continue
			}
			for i, bv := range mc.Bindings {
				switch bv := bv.(type) {
				case *ssa.Alloc:
					if lanesRunParent {
						own[fn.FreeVars[i]] = true
					}
				case *ssa.FreeVar:
					if parentOwn[bv] {
						own[fn.FreeVars[i]] = true
					}
				}
			}
		}
	}
	return own
}

// hostCode reports whether fn runs once, outside any group of lanes: it
// is, or is a literal in, a test, benchmark, example or fuzz function, main
// or init, with no SPMD function between. The literals it makes capture
// its variables for all the lanes that run them, whichever way they reach
// spmd.Run (a table of kernels, a variadic helper).
func (pa *packageAnalysis) hostCode(fn *ssa.Function) bool {
	for ; fn.Parent() != nil; fn = fn.Parent() {
		if slices.Contains(pa.spmd, fn) {
			return false
		}
	}
	if slices.Contains(pa.spmd, fn) || fn.Signature.Recv() != nil {
		return false
	}
	name := fn.Name()
	if fn.Pkg != nil && fn.Pkg.Pkg.Name() == "main" && name == "main" || name == "init" || strings.HasPrefix(name, "init#") {
		return true
	}
	if !strings.HasSuffix(pa.pass.Fset.Position(fn.Pos()).Filename, "_test.go") {
		return false
	}
	for _, prefix := range []string{"Test", "Benchmark", "Example", "Fuzz"} {
		if strings.HasPrefix(name, prefix) {
			return true
		}
	}
	return false
}

// createsKernel reports whether fn makes a kernel entry: then fn is the
// code that starts the lanes, which they share, not code each lane runs.
func (pa *packageAnalysis) createsKernel(fn *ssa.Function) bool {
	if pa.kernel[fn] {
		return false
	}
	for _, anon := range fn.AnonFuncs {
		if pa.kernel[anon] {
			return true
		}
	}
	return false
}

// ownPointees returns the variables of own, captured by a closure, in
// which the function that made it stores pointers to memory it allocated:
// what they point to is the calling lane's own memory too, not memory all
// lanes share (a kernel's parameter kept in a variable).
func ownPointees(own map[ssa.Value]bool) map[ssa.Value]bool {
	out := make(map[ssa.Value]bool)
	for v := range own {
		fv, ok := v.(*ssa.FreeVar)
		if !ok {
			continue
		}
		aliases := boxAliases(fv)
		if aliases == nil {
			out[v] = true // not known: as the calling lane's
			continue
		}
		for _, a := range aliases {
			for _, r := range *a.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == a && mayBeAllocated(st.Val) {
					out[v] = true
				}
			}
		}
	}
	return out
}

// mayBeAllocated reports whether pointer p may point to memory that the
// function holding it allocated, or got from a call, rather than to memory
// it was given.
func mayBeAllocated(p ssa.Value) bool {
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value) bool
	walk = func(v ssa.Value) bool {
		if seen[v] {
			return false
		}
		seen[v] = true
		switch v := v.(type) {
		case *ssa.Parameter, *ssa.Global, *ssa.Const, *ssa.Function:
			return false
		case *ssa.Slice:
			return walk(v.X)
		case *ssa.FieldAddr:
			return walk(v.X)
		case *ssa.IndexAddr:
			return walk(v.X)
		case *ssa.ChangeType:
			return walk(v.X)
		case *ssa.Convert:
			return walk(v.X)
		case *ssa.MakeInterface:
			return walk(v.X)
		case *ssa.Phi:
			for _, e := range v.Edges {
				if walk(e) {
					return true
				}
			}
			return false
		}
		return true // allocated here, loaded, returned by a call: maybe
	}
	return walk(p)
}
