package divergence

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/spmdvet/spmdvet/uniformity"
)

// packageAnalysis infers a summary for every function of the package and
// analyzes the SPMD ones. Callees come before callers; the functions of a
// recursive cycle are iterated together until their summaries stop
// changing.
type packageAnalysis struct {
	pass    *analysis.Pass
	vocab   *vocabulary
	funcs   []*ssa.Function // every function with a body, parents first
	kernel  map[*ssa.Function]bool
	spmd    []*ssa.Function
	results map[*ssa.Function]*Func
	ownedBy map[*ssa.Function]map[ssa.Value]bool // memoizes ownInputs
}

func newPackageAnalysis(pass *analysis.Pass, vocab *vocabulary, pkg *ssa.Package) *packageAnalysis {
	pa := &packageAnalysis{pass: pass, vocab: vocab, results: make(map[*ssa.Function]*Func)}
	pa.funcs, pa.kernel, pa.spmd = spmdFunctions(pkg, vocab)
	return pa
}

func (pa *packageAnalysis) inferAll() {
	for _, scc := range callGraphSCCs(pa.funcs) {
		recursive := len(scc) > 1 || callsItself(scc[0])
		if recursive {
			for _, fn := range scc {
				pa.vocab.setInferred(fn, &Summary{Inferred: true})
			}
		}
		// Summaries only grow as callee summaries grow, so this reaches
		// the least fixed point whatever the order of the members.
		for iter := 0; ; iter++ {
			changed := false
			for _, fn := range scc {
				f, s := pa.analyze(fn)
				pa.results[fn] = f
				if old := pa.vocab.inferred[fn]; old == nil || !old.equal(s) {
					pa.vocab.setInferred(fn, s)
					changed = true
				}
			}
			if !recursive || !changed || iter > 50 {
				break
			}
		}
	}
}

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
					case f.IsDivergent(call.Common().Value):
						why = append([]Note{{Pos: call.Pos(), End: call.Pos(), Message: "the loop's iterator depends on the lane: lanes run the body a different number of times"}}, f.ExplainValue(call.Common().Value)...)
					case len(f.ControlDivergence(call)) > 0:
						why = f.ExplainControl(call)
					}
					pa.results[body].outer = why
				}
			}
		}
	}
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
// function that makes it: called there (directly, or from a local
// composite), or the body of a range-over-func loop. A literal handed to
// another function, or deferred or started as a goroutine, is reported
// where it is handed over, by the requirements of its summary.
func calledInPlace(mc *ssa.MakeClosure) bool {
	if fn, _ := mc.Fn.(*ssa.Function); fn != nil && fn.Synthetic == rangeFuncYield {
		return true
	}
	for _, r := range *mc.Referrers() {
		switch r := r.(type) {
		case *ssa.Defer, *ssa.Go:
			return false
		case ssa.CallInstruction:
			if slices.Contains(r.Common().Args, ssa.Value(mc)) {
				return false
			}
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
		if in.Contents {
			for _, m := range pg.contentRoots(b, in) {
				hit = hit || divergent(m.id)
			}
		} else if id, ok := pg.ids[b]; ok {
			hit = divergent(id)
		}
		if hit {
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

// exportSummaries makes the inferred summaries of declared functions
// available to other packages.
func (pa *packageAnalysis) exportSummaries() {
	for _, fn := range pa.funcs {
		if fn.Parent() != nil {
			continue // closures are only called from this package
		}
		obj := funcObject(fn)
		if obj == nil || obj.Pkg() != pa.pass.Pkg {
			continue
		}
		if _, declared := pa.vocab.local[obj]; declared {
			continue
		}
		if s := pa.vocab.inferred[fn]; s != nil && !isCgoWrapper(fn) {
			pa.pass.ExportObjectFact(obj, s)
		}
	}
}

func (v *vocabulary) setInferred(fn *ssa.Function, s *Summary) {
	if isCgoWrapper(fn) {
		// C writes the results through memory the body does not show: the
		// body says nothing, so leave the call to the default rule.
		return
	}
	v.inferred[fn] = s
	// A function whose directives declare its results but not that it is
	// convergent still is when its body reaches a convergent operation.
	if obj := funcObject(fn); obj != nil && fn.Parent() == nil {
		if d, ok := v.local[obj]; ok && s.Convergent && !d.Convergent {
			d.Convergent, d.Barrier, d.Reaches = true, s.Barrier, s.Reaches
			v.pass.ExportObjectFact(obj, d)
		}
	}
	if fn.Parent() == nil {
		if obj := funcObject(fn); obj != nil && obj.Pkg() == v.pass.Pkg {
			if _, declared := v.local[obj]; !declared {
				v.inferredObj[obj] = s
			}
		}
	}
}

// analyze runs the uniformity analysis on fn once with only the sources of
// divergence in its body, then once per input with that input divergent
// too. Comparing them yields fn's summary. The memory fn is given is taken
// as shared by all lanes, as a kernel's is; when fn has pointer inputs, a
// second analysis, with that memory the calling lane's own, gives the
// summary for calls that pass it (Summary.Private).
func (pa *packageAnalysis) analyze(fn *ssa.Function) (*Func, *Summary) {
	own := pa.ownInputs(fn)
	g := newFuncGraph(fn, pa.vocab, own)
	base := g.run()
	f := &Func{SSA: fn, Kernel: pa.kernel[fn], graph: g, U: base, exprs: debugExprs(fn), calls: pa.vocab.calls}
	s := pa.summarize(g, base)
	var shared []int
	all := make(map[ssa.Value]bool)
	for i, v := range inputValues(fn) {
		if pointsToMemory(v.Type()) {
			all[v] = true
			if !own[v] {
				shared = append(shared, i)
			}
		}
	}
	if len(shared) == 0 || (pa.kernel[fn] && fn.Parent() != nil) {
		// A kernel literal is only run by what it is given to, never
		// called with a lane's memory.
		return f, s
	}
	pg := newFuncGraph(fn, pa.vocab, all)
	pbase := pg.run()
	p := pa.summarize(pg, pbase)
	p.Requires = append(p.Requires, pa.sharedRequirements(g, base, pg, pbase, shared)...)
	if p.String() != s.String() {
		p.OwnMemory = true
		s.SharedInputs, s.Private = shared, p
	}
	return f, s
}

// paramRequires keeps, of what the function s describes requires, what is
// about the parameters of its signature sig: what a caller of a returned
// function supplies (not the variables it captured).
func paramRequires(s *Summary, sig types.Type) []Requirement {
	sg, ok := sig.Underlying().(*types.Signature)
	if !ok {
		return nil
	}
	var out []Requirement
	for _, r := range s.Requires {
		if r.Input.Index < sg.Params().Len() {
			out = append(out, r)
		}
	}
	return out
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
	lanesRunParent := !pa.createsKernel(parent)
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

// summarize derives fn's summary from the analysis of g with no input
// divergent (base) and with each input divergent in turn.
func (pa *packageAnalysis) summarize(g *funcGraph, base *uniformity.Result) *Summary {
	fn := g.fn
	s := &Summary{Inferred: true}
	nres := fn.Signature.Results().Len()
	s.Results = make([]Dependence, nres)
	for k := 0; k < nres; k++ {
		s.Results[k].Always = g.resultDivergent(base, k)
	}
	if site := g.firstConvergent(); site != nil {
		s.Convergent = true
		s.Barrier = site.summary.Barrier
		s.Reaches = append([]string{site.describe(pa.pass.Fset)}, site.summary.Reaches...)
		for _, c := range g.convergent {
			if c.summary.Barrier {
				s.Barrier = true
			}
		}
	}
	s.CallsInputs = g.calledInputs()
	for _, ret := range g.returns {
		for _, op := range g.instrs[ret].(*ssa.Return).Results {
			if isFunc(op.Type()) {
				if fs := g.convergentFuncIn(op, false); fs != nil && s.ReturnsConvergent == nil {
					s.ReturnsConvergent = &Summary{Convergent: true, Barrier: fs.Barrier, Reaches: fs.Reaches, Requires: paramRequires(fs, op.Type()), Inferred: true}
				}
			}
		}
	}
	baseBad := g.violations(base)
	var contents []Input
	for in := range g.inputs {
		if in.Contents {
			contents = append(contents, in)
		}
	}
	sortInputs(contents)
	baseEffects := make(map[Input]bool)
	for _, in := range contents {
		baseEffects[in] = g.effectDivergent(base, in)
	}

	for _, in := range g.sortedInputs() {
		r := g.runFrom(base, g.inputs[in])
		for k := range s.Results {
			if !s.Results[k].Always && g.resultDivergent(r, k) {
				s.Results[k].On = append(s.Results[k].On, in)
			}
		}
		for _, v := range g.findViolations(r) {
			if !baseBad[v.key()] {
				s.Requires = append(s.Requires, Requirement{Input: in, Name: inputName(fn, in), Field: fieldName(fn, in), Why: v.why(pa.pass.Fset, fn, in)})
				break
			}
		}
		for _, c := range contents {
			if !baseEffects[c] && g.effectDivergent(r, c) {
				s.addEffect(c, in)
			}
		}
	}
	for _, c := range contents {
		if baseEffects[c] {
			s.Effects = append(s.Effects, Effect{Input: c, When: Dependence{Always: true}})
		}
	}
	sortEffects(s.Effects)
	return s
}

// sharedRequirements finds what goes wrong in fn, with no input divergent,
// only when the memory of the inputs shared is the calling lane's own (pg,
// analyzed as pbase) rather than shared (g, analyzed as base): fn's own
// writes make that memory lane-dependent. Each input whose memory they do
// must point to shared memory.
func (pa *packageAnalysis) sharedRequirements(g *funcGraph, base *uniformity.Result, pg *funcGraph, pbase *uniformity.Result, shared []int) []Requirement {
	bad := g.violations(base)
	var first *violation
	for _, v := range pg.findViolations(pbase) {
		if !bad[v.key()] {
			first = &v
			break
		}
	}
	if first == nil {
		return nil
	}
	fset := pa.pass.Fset
	vals := inputValues(g.fn)
	var reqs []Requirement
	for _, i := range shared {
		var m *memObject
		for _, o := range pg.memByRoot[vals[i]] {
			if pbase.IsDivergent(o.id) {
				m = o
				break
			}
		}
		if m == nil {
			continue
		}
		in := Input{Index: i, Contents: true}
		written := Input{Index: i, Contents: true, Field: m.field + 1}
		subject := RequirementSubject(Requirement{Input: written, Name: inputName(g.fn, in), Field: fieldName(g.fn, written)}, funcName(fset, g.fn))
		why := []string{pg.writeWhy(fset, pbase, m, subject)}
		why = append(why, first.why(fset, g.fn, in)...)
		reqs = append(reqs, Requirement{Input: Input{Index: i}, Shared: true, Name: inputName(g.fn, in), Why: why})
	}
	return reqs
}

// writeWhy says how fn makes the memory m lane-dependent: by a write of a
// lane-dependent value, or a write under divergent control.
func (g *funcGraph) writeWhy(fset *token.FileSet, r *uniformity.Result, m *memObject, subject string) string {
	c := r.Cause(m.id)
	w := c.Value
	if call, ok := g.effectOf[w]; ok {
		w = call
	}
	pos := token.NoPos
	if w >= 0 && w < len(g.instrs) && g.instrs[w] != nil {
		pos = g.instrs[w].Pos()
	}
	where := ""
	if pos.IsValid() {
		where = " at " + shortPos(fset, pos)
	}
	if c.Kind == uniformity.CauseControl {
		return fmt.Sprintf("%s is written under divergent control%s", subject, where)
	}
	return fmt.Sprintf("a lane-dependent value is written to %s%s", subject, where)
}

func (s *Summary) addEffect(target, on Input) {
	for i := range s.Effects {
		if s.Effects[i].Input == target {
			s.Effects[i].When.On = append(s.Effects[i].When.On, on)
			return
		}
	}
	s.Effects = append(s.Effects, Effect{Input: target, When: Dependence{On: []Input{on}}})
}

// run analyzes the graph with more seeds, if any. Writes to
// per-lane memory under divergent control make the memory divergent, which
// can make more control divergent, so it iterates to a fixed point.
func (g *funcGraph) run(extra ...int) *uniformity.Result {
	seeds := append(append([]int(nil), g.seeds...), extra...)
	r := uniformity.Analyze(g, uniformity.Config{Seeds: seeds, Uniform: g.uniform, LLVM22: llvm22})
	g.extendMemory(r)
	return r
}

// runFrom is run with the one more seed extra, grown from base, the
// analysis of the same graph without it: divergence only grows, so this
// reaches the same fixed point and spares what only depends on the graph.
func (g *funcGraph) runFrom(base *uniformity.Result, extra int) *uniformity.Result {
	r := base.Clone()
	r.Extend(extra, uniformity.Cause{Kind: uniformity.CauseSource, Value: extra})
	g.extendMemory(r)
	return r
}

// extendMemory makes memory written under divergent control divergent, to
// a fixed point.
func (g *funcGraph) extendMemory(r *uniformity.Result) {
	type extension struct {
		mem int
		why uniformity.Cause
	}
	for {
		// Find every memory written under divergent control first, then
		// extend: control divergence is recomputed once per round.
		var round []extension
		for _, m := range g.memList {
			if r.IsDivergent(m.id) {
				continue
			}
			for _, w := range m.writers {
				if branch, ok := g.underDivergentControl(r, w); ok {
					round = append(round, extension{m.id, uniformity.Cause{Kind: uniformity.CauseControl, Value: w, Branch: branch}})
					break
				}
			}
		}
		if len(round) == 0 {
			return
		}
		for _, e := range round {
			r.Extend(e.mem, e.why)
		}
	}
}

// underDivergentControl reports whether the value w (an instruction, or the
// effect of a call) runs under divergent control, and a branch to blame.
func (g *funcGraph) underDivergentControl(r *uniformity.Result, w int) (int, bool) {
	if call, ok := g.effectOf[w]; ok {
		w = call
	}
	if branch, ok := blockUnderDivergentControl(r, g.blockOf[w]); ok {
		return branch, true
	}
	for _, rd := range g.deferRuns(w) {
		if branch, ok := blockUnderDivergentControl(r, g.blockOf[rd]); ok {
			return branch, true
		}
	}
	return -1, false
}

func blockUnderDivergentControl(r *uniformity.Result, b int) (int, bool) {
	if b < 0 {
		return -1, false
	}
	if cd := r.ControlDivergence(b); len(cd) > 0 {
		return cd[0], true
	}
	if c, branch := r.NotMConverged(b); c != nil {
		return branch, true
	}
	return -1, false
}

// deferRuns returns, for a defer statement, the RunDefers instructions that
// may run its call: those reachable from it. Go runs deferred calls at each
// return, each return its own copy of the call, so lanes that leave by
// different returns run different calls, just as if the call were written
// out before each return.
func (g *funcGraph) deferRuns(id int) []int {
	d, ok := g.instrs[id].(*ssa.Defer)
	if !ok || d.DeferStack != nil || g.blockOf[id] < 0 {
		// A defer in a range-over-func body runs at the enclosing
		// function's returns, which are not in this graph.
		return nil
	}
	// Asked for in every round of every run: find them once.
	if runs, ok := g.deferRunsOf[id]; ok {
		return runs
	}
	seen := make([]bool, len(g.succs))
	stack := []int{g.blockOf[id]}
	seen[stack[0]] = true
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range g.succs[b] {
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	var out []int
	for _, rd := range g.runDefers {
		if seen[g.blockOf[rd]] {
			out = append(out, rd)
		}
	}
	g.deferRunsOf[id] = out
	return out
}

// resultDivergent reports whether result k may differ between lanes: a
// returned value is divergent where it is returned, or lanes return
// different values from different returns under divergent control.
func (g *funcGraph) resultDivergent(r *uniformity.Result, k int) bool {
	var first ssa.Value
	same := true
	controlled := false
	for _, ret := range g.returns {
		op := g.instrs[ret].(*ssa.Return).Results[k]
		id := g.valueID(op)
		if r.IsDivergentUse(id, ret) {
			return true
		}
		if first == nil {
			first = op
		} else if g.valueID(first) != id {
			same = false
		}
		if len(r.ControlDivergence(g.blockOf[ret])) > 0 || !r.IsMConverged(g.blockOf[ret]) {
			controlled = true
		}
	}
	return !same && controlled
}

// effectDivergent reports whether the function may leave divergent values
// in the memory that input in points to.
func (g *funcGraph) effectDivergent(r *uniformity.Result, in Input) bool {
	m := g.mems[g.inputs[in]]
	for _, w := range m.writers {
		if r.IsDivergent(w) {
			return true
		}
		if _, ok := g.underDivergentControl(r, w); ok {
			return true
		}
	}
	return false
}

func (g *funcGraph) sortedInputs() []Input {
	var ins []Input
	for in := range g.inputs {
		ins = append(ins, in)
	}
	sortInputs(ins)
	return ins
}

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
}

func (c *convergentSite) describe(fset *token.FileSet) string {
	return fmt.Sprintf("%s at %s", c.name, shortPos(fset, c.call.Pos()))
}

func shortPos(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

func (g *funcGraph) firstConvergent() *convergentSite {
	if len(g.convergent) == 0 {
		return nil
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
	arg    ssa.Value
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

func (v violation) why(fset *token.FileSet, fn *ssa.Function, in Input) []string {
	name := RequirementSubject(Requirement{Input: in, Name: inputName(fn, in)}, funcName(fset, fn))
	if v.req == nil {
		return []string{fmt.Sprintf("%s decides whether %s at %s runs", name, v.callee, shortPos(fset, v.call.Pos()))}
	}
	why := []string{fmt.Sprintf("%s is passed to %s at %s", name, v.callee, shortPos(fset, v.call.Pos()))}
	return append(why, v.req.Why...)
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
	if in.Field == 0 || in.Index >= len(vals) {
		return ""
	}
	st := pointedStruct(vals[in.Index].Type())
	if !in.Contents {
		st = valueStruct(vals[in.Index])
	}
	if st != nil && in.Field <= st.NumFields() {
		return st.Field(in.Field - 1).Name()
	}
	return ""
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
		if _, ok := g.underDivergentControl(r, c.id); ok {
			out = append(out, violation{call: c.call, callID: c.id, callee: c.name})
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

// inputDivergent reports whether the value a, or what it points to, is
// divergent as the call user sees it.
func (g *funcGraph) inputDivergent(r *uniformity.Result, a ssa.Value, in Input, user int) bool {
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
		if r.IsDivergent(m.id) {
			return true
		}
	}
	return false
}

func sortInputs(ins []Input) {
	for i := 1; i < len(ins); i++ {
		for j := i; j > 0 && less(ins[j], ins[j-1]); j-- {
			ins[j], ins[j-1] = ins[j-1], ins[j]
		}
	}
}

func less(a, b Input) bool {
	if a.Index != b.Index {
		return a.Index < b.Index
	}
	if a.Contents != b.Contents {
		return !a.Contents
	}
	return a.Field < b.Field
}

func sortEffects(es []Effect) {
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && less(es[j].Input, es[j-1].Input); j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
}

// callGraphSCCs returns the strongly connected components of the static
// call graph among fns, callees before callers (Tarjan's algorithm).
func callGraphSCCs(fns []*ssa.Function) [][]*ssa.Function {
	in := make(map[*ssa.Function]bool, len(fns))
	for _, fn := range fns {
		in[fn] = true
	}
	index := make(map[*ssa.Function]int)
	low := make(map[*ssa.Function]int)
	onStack := make(map[*ssa.Function]bool)
	var stack []*ssa.Function
	var sccs [][]*ssa.Function
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		index[fn] = len(index)
		low[fn] = index[fn]
		stack = append(stack, fn)
		onStack[fn] = true
		for _, c := range staticCallees(fn) {
			if !in[c] {
				continue
			}
			if _, seen := index[c]; !seen {
				visit(c)
				low[fn] = min(low[fn], low[c])
			} else if onStack[c] {
				low[fn] = min(low[fn], index[c])
			}
		}
		if low[fn] == index[fn] {
			var scc []*ssa.Function
			for {
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[top] = false
				scc = append(scc, top)
				if top == fn {
					break
				}
			}
			sccs = append(sccs, scc)
		}
	}
	for _, fn := range fns {
		if _, seen := index[fn]; !seen {
			visit(fn)
		}
	}
	return sccs
}

// staticCallees lists the functions fn calls directly, generic instances
// replaced by their origin, and the closures it makes, which it may call or
// hand to others to call: their summaries are needed first.
func staticCallees(fn *ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case ssa.CallInstruction:
				if c := staticFunc(instr.Common()); c != nil {
					out = append(out, c)
				}
			case *ssa.MakeClosure:
				if c, ok := instr.Fn.(*ssa.Function); ok {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

func callsItself(fn *ssa.Function) bool {
	for _, c := range staticCallees(fn) {
		if c == fn {
			return true
		}
	}
	return false
}

// staticFunc returns the SSA function a call calls, if it is known, with
// generic instantiations replaced by their origin.
func staticFunc(common *ssa.CallCommon) *ssa.Function {
	if common.IsInvoke() {
		return nil
	}
	fn := funcOf(common.Value)
	if fn == nil {
		return nil
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	return fn
}

// isCgoWrapper reports whether fn is one of the Go functions cgo generates
// to call C.
func isCgoWrapper(fn *ssa.Function) bool {
	name := fn.Name()
	return strings.HasPrefix(name, "_Cfunc_") || strings.HasPrefix(name, "_C2func_") || strings.HasPrefix(name, "_cgo_")
}

// calledInputs lists the inputs that hold functions g's body calls: a
// parameter or captured variable of function type, or a captured variable
// holding one.
func (g *funcGraph) calledInputs() []Input {
	index := make(map[ssa.Value]int)
	for i, v := range inputValues(g.fn) {
		index[v] = i
	}
	var out []Input
	add := func(in Input) {
		for _, x := range out {
			if x == in {
				return
			}
		}
		out = append(out, in)
	}
	for _, b := range g.fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || call.Common().IsInvoke() || staticFunc(call.Common()) != nil {
				continue
			}
			root, contents := projectionRoot(call.Common().Value)
			if i, ok := index[root]; ok {
				add(Input{Index: i, Contents: contents})
			} else if alloc, ok := root.(*ssa.Alloc); ok {
				// go/ssa copies a struct or array parameter into a local to
				// take the address of a field or element.
				for _, r := range *alloc.Referrers() {
					if st, ok := r.(*ssa.Store); ok && st.Addr == alloc {
						if i, ok := index[st.Val]; ok {
							add(Input{Index: i})
						}
					}
				}
			}
		}
	}
	sortInputs(out)
	return out
}

// projectionRoot follows a value back through field and element selection
// to the value it was taken from (a function in a struct, slice or map that
// is a parameter, say), and says whether the way went through memory.
func projectionRoot(v ssa.Value) (root ssa.Value, contents bool) {
	for {
		switch x := v.(type) {
		case *ssa.Field:
			v = x.X
		case *ssa.Index:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return v, contents
			}
			v, contents = x.X, true
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.IndexAddr:
			v, contents = x.X, contents || !isPointer(x.X.Type())
		case *ssa.Lookup:
			v, contents = x.X, true
		default:
			return v, contents
		}
	}
}

func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}
