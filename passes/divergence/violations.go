package divergence

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"

	"golang.org/x/tools/go/ssa"

	"github.com/spmdvet/spmdvet/uniformity"
)

// A convergentSite is a call in the function that is a convergent
// operation: a call to a function declared or found to be convergent.
type convergentSite struct {
	id      int
	call    ssa.CallInstruction
	summary *Summary
	name    string
	// For a closure passed to a callee that calls it: the closure's
	// inputs as far as they are known here (its captured variables), and
	// the argument that passes it. args is nil for the call's own callee.
	args     []ssa.Value
	argIndex int
	// literal is the function literal whose requirements these are, if
	// the call runs one: the callee, or the closure passed.
	literal *ssa.Function
	// callback, for a call that is convergent because the callee calls a
	// convergent function it is given, is the argument that gives it; -1
	// otherwise. calleeDivergence says why, if the callee calls it under
	// divergent control whatever it is given.
	callback         int
	calleeDivergence string
	// throughBody: the call is a range-over-func loop's call of its
	// iterator, convergent because the loop's body is.
	throughBody bool
}

func (c *convergentSite) step(fset *token.FileSet) Step {
	name := c.name
	if rs := rangeOverFunc(c.call); rs != nil && !c.call.Pos().IsValid() {
		name = "the iterator " + exprText(rs.X)
	}
	pos := callPos(c.call)
	return Step{Callee: name, At: shortPos(fset, pos), pos: pos}
}

// callPos is where call is in the source: a range-over-func loop's call of
// its iterator, which go/ssa places nowhere, is at the range's operand.
func callPos(call ssa.CallInstruction) token.Pos {
	if rs := rangeOverFunc(call); rs != nil && !call.Pos().IsValid() {
		return rs.X.Pos()
	}
	return call.Pos()
}

func shortPos(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

func (g *funcGraph) firstConvergent() *convergentSite {
	if len(g.convergent) == 0 {
		return nil
	}
	// One known to reach a convergent operation, rather than a function
	// that cannot be known, when there is one.
	for i := range g.convergent {
		if !g.convergent[i].summary.onlyPossibly() {
			return &g.convergent[i]
		}
	}
	return &g.convergent[0]
}

// A violation is a place where the function needs something uniform that
// is not: a convergent call under divergent control, or a divergent value
// passed where a callee requires a uniform one.
type violation struct {
	call   ssa.CallInstruction
	callID int
	req    *Requirement // nil: the call itself is under divergent control
	callee string
	// repeats: the divergent branch leaves a loop around the call, so
	// it decides how often the call runs rather than whether.
	repeats bool
	// calleeValue: the call is under uniform control, but lanes call
	// different functions.
	calleeValue bool
	arg         ssa.Value
	// argIndex is the argument of call that carries arg: the argument
	// for the input, or the closure that captured it.
	argIndex int
	barrier  bool
	closure  bool
	literal  *ssa.Function
}

// violationKey tells violations apart across analyses of one function.
type violationKey struct {
	call, arg int
	input     Input
	req       bool // false: the call itself is under divergent control
	shared    bool
}

func (v violation) key() violationKey {
	k := violationKey{call: v.callID, arg: v.argIndex}
	if v.req != nil {
		k.input, k.req, k.shared = v.req.Input, true, v.req.Shared
	}
	return k
}

// why explains the requirement on input in that the violation makes, and
// gives the positions of the calls its steps are about.
func (v violation) why(fset *token.FileSet, fn *ssa.Function, in Input) ([]string, []token.Pos) {
	name := RequirementSubject(Requirement{Input: in, Name: inputName(fn, in)}, funcName(fset, fn))
	if v.req == nil {
		pos := callPos(v.call)
		if v.calleeValue {
			return []string{fmt.Sprintf("%s decides which function %s at %s calls", name, v.callee, shortPos(fset, pos))}, []token.Pos{pos}
		}
		decides := "whether"
		if v.repeats {
			decides = "how often"
		}
		return []string{fmt.Sprintf("%s decides %s %s at %s runs", name, decides, v.callee, shortPos(fset, pos))}, []token.Pos{pos}
	}
	why := []string{fmt.Sprintf("%s is passed to %s at %s", name, v.callee, shortPos(fset, v.call.Pos()))}
	at := []token.Pos{v.call.Pos()}
	for i := range v.req.Why {
		at = append(at, v.req.WhyPos(i))
	}
	return append(why, v.req.Why...), at
}

// funcName names a function for messages: closures by where they are.
func funcName(fset *token.FileSet, fn *ssa.Function) string {
	if fn.Parent() != nil {
		return "the function literal at " + shortPos(fset, fn.Pos())
	}
	return fn.Name()
}

// inputName names an input in the words of the source: "parameter n",
// "captured variable x".
func inputName(fn *ssa.Function, in Input) string {
	vals := inputValues(fn)
	name := fmt.Sprintf("input %d", in.Index)
	if in.Index < len(vals) {
		v := vals[in.Index]
		name = v.Name()
		if _, ok := v.(*ssa.FreeVar); ok {
			name = "captured variable " + name
		} else {
			name = "parameter " + name
		}
	}
	return name
}

// fieldName names the field of the struct an input points to that the
// input stands for, if it stands for one.
func fieldName(fn *ssa.Function, in Input) string {
	vals := inputValues(fn)
	if in.Index >= len(vals) {
		return ""
	}
	return inputField(vals[in.Index].Type(), in)
}

// inputField names the field that in stands for, of the struct an input of
// type t points to (with Contents) or is, if it stands for one.
func inputField(t types.Type, in Input) string {
	if in.Field == 0 {
		return ""
	}
	st, _ := t.Underlying().(*types.Struct)
	if in.Contents {
		st = pointedStruct(t)
	}
	if st != nil && in.Field <= st.NumFields() {
		return st.Field(in.Field - 1).Name()
	}
	return ""
}

// repeatsUnder reports whether a divergent branch that controls the call
// w leaves a loop around it: then it decides how often the call runs.
func (g *funcGraph) repeatsUnder(r *uniformity.Result, w int) bool {
	if call, ok := g.effectOf[w]; ok {
		w = call
	}
	b := g.blockOf[w]
	if b < 0 {
		return false
	}
	for _, branch := range r.ControlDivergence(b) {
		for c := r.Cycles().CycleOf(b); c != nil; c = c.Parent {
			if !c.Contains(branch) {
				continue
			}
			for _, s := range g.succs[branch] {
				if !c.Contains(s) {
					return true
				}
			}
		}
	}
	return false
}

// violations returns the places in g that need uniformity they lack in r.
func (g *funcGraph) violations(r *uniformity.Result) map[violationKey]bool {
	out := make(map[violationKey]bool)
	for _, v := range g.findViolations(r) {
		out[v.key()] = true
	}
	return out
}

func (g *funcGraph) findViolations(r *uniformity.Result) []violation {
	var out []violation
	for _, c := range g.convergent {
		if _, ok := g.underDivergentControl(r, c.id); ok || c.calleeDivergence != "" {
			out = append(out, violation{call: c.call, callID: c.id, callee: c.name, repeats: ok && g.repeatsUnder(r, c.id)})
		} else if g.calleeDivergent(r, c) {
			out = append(out, violation{call: c.call, callID: c.id, callee: c.name, calleeValue: true})
		} else if rs := rangeOverFunc(c.call); rs != nil && g.iteratorDiverges(r, c) {
			// The body, which reaches a convergent operation, runs a
			// lane-dependent number of times.
			out = append(out, violation{call: c.call, callID: c.id, callee: "the body of the loop over " + g.src.text(rs.X)})
		}
	}
	for _, c := range g.requiring {
		args := c.args
		if args == nil {
			args = supplied(c.call.Common())
		}
		for i := range c.summary.Requires {
			req := &c.summary.Requires[i]
			if req.Input.Index >= len(args) || args[req.Input.Index] == nil {
				continue
			}
			a := args[req.Input.Index]
			var bad bool
			if req.Shared {
				bad = len(g.memRoots(a)) > 0
			} else {
				bad = g.inputDivergent(r, a, req.Input, c.id)
				if !bad && isFunc(a.Type()) && req.Input == (Input{Index: req.Input.Index}) {
					// An iterator whose own loop depends on the lane is
					// no more uniform than a lane-dependent one.
					bad = g.iteratorControl(r, a)
				}
			}
			if bad {
				argIndex := c.argIndex
				if c.args == nil {
					argIndex = req.Input.Index
				}
				out = append(out, violation{call: c.call, callID: c.id, req: req, callee: c.name, arg: a, argIndex: argIndex, barrier: c.summary.Barrier, closure: c.args != nil, literal: c.literal})
			}
		}
	}
	return out
}

// calleeDivergent reports whether lanes may pick different functions to
// call at the convergent call c in r: from a local composite at divergent
// places, or from an input at divergent indices or after divergent writes.
// A literal that captured lane-dependent variables is still one function.
func (g *funcGraph) calleeDivergent(r *uniformity.Result, c convergentSite) bool {
	common := c.call.Common()
	if common.IsInvoke() || staticFunc(common) != nil || rangeOverFunc(c.call) != nil {
		return false
	}
	if _, diverges, known := g.pickDivergent(r, common.Value, c.id); known {
		return diverges
	}
	return g.holdingInput(common.Value) >= 0
}

// pickDivergent reports whether lanes may hold different functions in the
// function value v at the node at in r, and why, when where v comes from
// tells (known); otherwise v is divergent and its sources are not known.
func (g *funcGraph) pickDivergent(r *uniformity.Result, v ssa.Value, at int) (why uniformity.Cause, diverges, known bool) {
	if !g.valueDivergent(r, v, at) || oneFunc(v) {
		return uniformity.Cause{}, false, true
	}
	if src, ok := storedFuncs(v); ok {
		why, diverges := g.selectionDivergent(r, src, at)
		return why, diverges, true
	}
	return uniformity.Cause{}, true, false
}

// selectionDivergent reports whether lanes may pick different functions at
// the node at from the sources src in r, and why (a Cause of kind CauseNone
// when there is nothing to show): at phis where lanes that diverged meet, or
// that lanes leave in different iterations of a cycle; by loading from
// local composites at divergent places, or after stores under divergent
// control.
func (g *funcGraph) selectionDivergent(r *uniformity.Result, src *funcStore, at int) (uniformity.Cause, bool) {
	divergent := func(v ssa.Value) (uniformity.Cause, bool) {
		_, id, ok := g.findValue(v)
		return uniformity.Cause{Kind: uniformity.CauseOperand, Value: id}, ok && r.IsDivergent(id)
	}
	for _, phi := range src.phis {
		if funcIdentity(phi) != phi {
			continue // one function on every path
		}
		v, id, ok := g.findValue(phi)
		if !ok {
			return uniformity.Cause{}, true
		}
		if _, ok := v.(*ssa.Phi); !ok {
			continue // folded: one value on every path
		}
		if c := r.JoinCause(g.blockOf[id]); c.Kind != uniformity.CauseNone {
			return c, true
		}
		if c := r.TemporalCause(id, at); c.Kind != uniformity.CauseNone {
			return c, true // each lane calls what its last iteration chose
		}
	}
	for _, a := range src.addrs {
		if c, ok := divergent(a); ok {
			return c, true
		}
	}
	for _, st := range src.stores {
		id, ok := g.ids[st]
		if !ok {
			return uniformity.Cause{}, true
		}
		var addr ssa.Value
		switch st := st.(type) {
		case *ssa.Store:
			addr = st.Addr
		case *ssa.MapUpdate:
			addr = st.Key
		}
		if c, ok := divergent(addr); ok {
			return c, true
		}
		if branch, ok := g.underDivergentControl(r, id); ok {
			return uniformity.Cause{Kind: uniformity.CauseControl, Value: id, Branch: branch}, true
		}
	}
	return uniformity.Cause{}, false
}

// iteratorDiverges reports whether the iterator that the range-over-func
// call c calls runs its body a lane-dependent number of times in r.
func (g *funcGraph) iteratorDiverges(r *uniformity.Result, c convergentSite) bool {
	return g.iteratorValueDiverges(r, c.call) || g.loopControl(r, c.call)
}

// iteratorValueDiverges reports whether lanes may run different iterators
// at the call of a range-over-func loop's iterator: its value differs
// between lanes, and the call that made it does not return only functions
// it made, whose calls of the body its summary describes (loopControl
// asks that). An iterator over the lane's own share of rounds that all
// lanes take is a different value in each lane, called as often.
func (g *funcGraph) iteratorValueDiverges(r *uniformity.Result, call ssa.CallInstruction) bool {
	it, id := call.Common().Value, g.ids[call]
	if made := resultOf(it); made != nil && r.TemporalCause(g.valueID(it), id).Kind == uniformity.CauseNone {
		if s := g.callSummary(made.Common()); s != nil && s.Inferred && s.ReturnedNoWrites {
			return false
		}
	}
	return r.IsDivergentUse(g.valueID(it), id)
}

// inputDivergent reports whether the value a, or what it points to, is
// divergent as the call user sees it.
func (g *funcGraph) inputDivergent(r *uniformity.Result, a ssa.Value, in Input, user int) bool {
	if in.Calls {
		for _, n := range g.callResults(a) {
			if r.IsDivergent(n) {
				return true
			}
		}
		return false
	}
	if call, d, ok := g.resultValueField(a, in.Field-1); ok && !in.Contents && in.Field > 0 {
		// A field of a struct a call returned: as divergent as the
		// callee's summary says, from what the call was given.
		if d.Always {
			return true
		}
		args := supplied(call.Common())
		for _, on := range d.On {
			if on.Index < len(args) && g.inputDivergent(r, args[on.Index], on, user) {
				return true
			}
		}
		return false
	}
	if !in.Contents && in.Field > 0 && g.fieldsOf(a) != nil {
		for _, n := range g.fieldArg(a, in.Field-1) {
			if r.IsDivergent(n) {
				return true
			}
		}
		return false
	}
	if !in.Contents {
		return r.IsDivergentUse(g.valueID(a), user)
	}
	for _, m := range g.contentRoots(a, in) {
		if g.memDivergent(r, m) {
			return true
		}
	}
	return false
}
