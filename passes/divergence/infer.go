package divergence

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"sync/atomic"

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
	src     *sources
	// explaining is shared by the package's Funcs (Func.explaining).
	explaining *atomic.Int32
}

func newPackageAnalysis(pass *analysis.Pass, vocab *vocabulary, pkg *ssa.Package) *packageAnalysis {
	pa := &packageAnalysis{pass: pass, vocab: vocab, results: make(map[*ssa.Function]*Func), src: newSources(pass.Fset, pass.ReadFile), explaining: new(atomic.Int32)}
	vocab.src = pa.src
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

// exportSummaries makes the inferred summaries of declared functions
// available to other packages. It reports whether one of them is
// lane-dependent whatever its inputs.
func (pa *packageAnalysis) exportSummaries() (telling bool) {
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
			telling = telling || s.laneDependent()
		}
	}
	return telling
}

// sameRequirement reports whether a and b require the same of the same
// input, whatever their explanations say.
func sameRequirement(a, b Requirement) bool {
	return a.Input == b.Input && a.Shared == b.Shared
}

func (v *vocabulary) setInferred(fn *ssa.Function, s *Summary) {
	if isCgoWrapper(fn) {
		// C writes the results through memory the body does not show: the
		// body says nothing, so leave the call to the default rule.
		return
	}
	v.inferred[fn] = s
	if obj := funcObject(fn); obj != nil && fn.Parent() == nil && v.launchers[obj] != nil {
		s.KernelParams = v.launchers[obj]
	}
	if obj := funcObject(fn); obj != nil && fn.Parent() == nil {
		if d, ok := v.local[obj]; ok && d.onlyKernel() {
			// //spmd:kernel promises uniform parameters to the kernel's
			// body; a call from SPMD code must keep that promise, so
			// callers get the body's summary, requirements included.
			k := *s
			k.Kernel = true
			v.local[obj] = &k
			v.pass.ExportObjectFact(obj, &k)
			return
		}
	}
	// A function whose directives declare its results but not that it is
	// convergent still is when its body reaches a convergent operation,
	// but not when it only calls a function that cannot be known: the
	// directives say what it does (a lane-ID binding behind a hook).
	if obj := funcObject(fn); obj != nil && fn.Parent() == nil {
		if d, ok := v.local[obj]; ok && s.Convergent && !d.Convergent && !s.onlyPossibly() {
			d.Convergent, d.Barrier, d.Reaches = true, s.Barrier, s.Reaches
			v.pass.ExportObjectFact(obj, d)
		}
		// A declared convergent operation whose own body runs its
		// convergent operation only for some values of its inputs
		// (//spmd:convergent on a wrapper with a guard) needs them
		// uniform, as the same body without the directive would.
		if d, ok := v.local[obj]; ok && d.Convergent && s.Convergent && !s.onlyPossibly() && !slices.EqualFunc(d.Requires, s.Requires, sameRequirement) {
			d.Requires = s.Requires
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
	g := newFuncGraph(fn, pa.vocab, own, ownPointees(own), pa.kernel[fn])
	g.src = pa.src
	base := g.run()
	g.exprs = debugExprs(fn)
	f := &Func{SSA: fn, Kernel: pa.kernel[fn], graph: g, U: base, base: base, exprs: g.exprs, calls: pa.vocab.calls, funcs: pa.results, explaining: pa.explaining}
	s := pa.summarize(g, base)
	if len(g.typeParamCalls) > 0 {
		// For type arguments whose methods there are not convergent.
		plain := newFuncGraph(fn, plainTypeParams{pa.vocab}, own, ownPointees(own), pa.kernel[fn])
		plain.src, plain.exprs, plain.sameCFG = pa.src, g.exprs, base
		s.TypeParamCalls, s.Plain = g.typeParamCalls, pa.summarize(plain, plain.run())
	}
	var shared, deep []int
	all := make(map[ssa.Value]bool)
	for i, v := range inputValues(fn) {
		if pointsToMemory(v.Type()) {
			all[v] = true
			if !own[v] {
				shared = append(shared, i)
			}
			if holdsPointer(pa.vocab, v.Type()) {
				deep = append(deep, i)
			}
		}
	}
	if len(shared)+len(deep) == 0 || (pa.kernel[fn] && fn.Parent() != nil) {
		// A kernel literal is only run by what it is given to, never
		// called with a lane's memory.
		return f, s
	}
	pg := newFuncGraph(fn, pa.vocab, all, all, pa.kernel[fn])
	pg.src = pa.src
	pg.exprs = g.exprs
	pg.sameCFG = base
	pbase := pg.run()
	p := pa.summarize(pg, pbase)
	p.Requires = append(p.Requires, pa.sharedRequirements(g, base, pg, pbase, shared)...)
	if p.String() != s.String() {
		p.OwnMemory = true
		s.SharedInputs, s.DeepInputs, s.Private = shared, deep, p
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

// maxReaches is the most steps a summary's Reaches keeps.
const maxReaches = 16

// summarize derives fn's summary from the analysis of g with no input
// divergent (base) and with each input divergent in turn.
func (pa *packageAnalysis) summarize(g *funcGraph, base *uniformity.Result) *Summary {
	fn := g.fn
	s := &Summary{Inferred: true}
	nres := fn.Signature.Results().Len()
	s.Results = make([]Dependence, nres)
	for k := 0; k < nres; k++ {
		s.Results[k].Always = g.resultDivergent(base, k)
		if s.Results[k].Always {
			s.Results[k].Why = g.resultSource(pa.pass.Fset, base, k)
		}
		if pointsToMemory(fn.Signature.Results().At(k).Type()) && s.ResultContents == nil {
			s.ResultContents = make([]Dependence, nres)
		}
	}
	resultMem := make([][]*memObject, len(s.ResultContents))
	var fieldMem [][][]*memObject // per result, per field; nil if not split
	for k := range s.ResultContents {
		resultMem[k] = g.resultContents(k)
		s.ResultContents[k].Always = g.anyMemDivergent(base, resultMem[k])
		if fm := resultFieldMemory(fn.Signature.Results().At(k).Type(), resultMem[k]); fm != nil {
			if fieldMem == nil {
				fieldMem = make([][][]*memObject, len(s.ResultContents))
				s.ResultFields = make([][]Dependence, len(s.ResultContents))
			}
			fieldMem[k] = fm
			s.ResultFields[k] = make([]Dependence, len(fm))
			for f := range fm {
				s.ResultFields[k][f].Always = g.anyMemDivergent(base, fm[f])
			}
		}
	}
	valueFields := g.resultValueFields()
	if valueFields != nil {
		s.ResultValueFields = make([][]Dependence, nres)
		for k, fields := range valueFields {
			if fields == nil {
				continue
			}
			s.ResultValueFields[k] = make([]Dependence, len(fields[0]))
			for f := range fields[0] {
				s.ResultValueFields[k][f].Always = g.resultFieldDivergent(base, f, fields)
			}
		}
	}
	if site := g.firstConvergent(); site != nil {
		s.Convergent = true
		s.Barrier = site.summary.Barrier
		s.Reaches = append([]Step{site.step(pa.pass.Fset)}, site.summary.Reaches...)
		if n := len(s.Reaches); n > maxReaches {
			// A long chain of calls: keep the calls nearest the caller
			// and the operation reached, or the summaries of a chain of
			// n functions would hold n² steps.
			s.Reaches = append(s.Reaches[:maxReaches-2:maxReaches-2], Step{Callee: MoreCalls}, s.Reaches[n-1])
		}
		for _, c := range g.convergent {
			if c.summary.Barrier {
				s.Barrier = true
			}
		}
	}
	s.StoresFresh = g.storesFresh()
	s.EndsLane = g.endsLane()
	var inputCalls [][]inputCall
	s.CallsInputs, inputCalls = g.inputCalls()
	s.CallControl = make([]Dependence, len(s.CallsInputs))
	s.CallArgs = make([]Dependence, len(s.CallsInputs))
	// The control of calls of callbacks that return nothing depending on
	// their arguments: from runs where those arguments do not reach what
	// the calls of function inputs return (when there are such calls).
	baseFixed := base
	if len(g.calledArgs) > 0 {
		baseFixed = g.runUniform(g.calledArgs)
	}
	fixed := make([]Dependence, len(s.CallsInputs))
	for i, in := range s.CallsInputs {
		fixed[i].Always = g.callsDivergent(baseFixed, inputCalls[i], callControlFixed, false)
		s.CallControl[i].Always = g.callsDivergent(base, inputCalls[i], callControl, false)
		if s.CallControl[i].Always {
			s.CallControl[i].Why = g.callControlWhy(pa.pass.Fset, base, in, inputCalls[i])
		}
		s.CallArgs[i].Always = g.callsDivergent(base, inputCalls[i], callArgs, false)
		if c := inputCalls[i]; len(c) == 1 && c[0].via == nil && c[0].passed == nil && base.Cycles().CycleOf(g.blockOf[c[0].id]) == nil {
			s.CallsOnce = append(s.CallsOnce, in)
		}
	}
	// The functions it returns: whether one calls its body once at most,
	// whether they leave memory alone, whether one is convergent.
	returnsFuncs, writes := false, false
	for _, ret := range g.returns {
		for _, op := range g.instrs[ret].(*ssa.Return).Results {
			if !isFunc(op.Type()) {
				if holdsFunc(op.Type()) {
					g.returnedHolder(s, op)
				}
				continue
			}
			returnsFuncs = true
			s.ReturnsUnknownFuncs = s.ReturnsUnknownFuncs || g.unknownFuncsIn(op)
			var ls *Summary
			fn, _ := literal(op)
			if fn != nil {
				ls = g.sem.funcSummary(fn)
			}
			writes = writes || ls == nil || !ls.Inferred || len(ls.Effects) > 0 || ls.Private != nil && len(ls.Private.Effects) > 0
			if ls != nil && len(fn.Params) > 0 && ls.callsBodyOnce() {
				s.ReturnedBodyOnce = true
			}
			if fs := g.convergentFuncIn(op, Input{}); fs != nil && s.ReturnsConvergent == nil {
				s.ReturnsConvergent = &Summary{Convergent: true, Barrier: fs.Barrier, Reaches: fs.Reaches, Requires: paramRequires(fs, op.Type()), Inferred: true}
			}
		}
	}
	s.ReturnedNoWrites = returnsFuncs && !writes
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

	s.ReturnedResults.Always = g.returnedResultsDivergent(base)
	s.ReturnedBodyControl.Always = g.returnedBody(base, callControl)
	if s.ReturnedBodyControl.Always {
		s.ReturnedBodyControl.Why = g.returnedBodyWhy(callControl)
	}
	fixedBody := Dependence{Always: g.returnedBody(baseFixed, callControlFixed)}
	if fixedBody.Always {
		fixedBody.Why = g.returnedBodyWhy(callControlFixed)
	}
	s.ReturnedBodyArgs.Always = g.returnedBody(base, callArgs)
	for _, in := range g.sortedInputs() {
		r := g.runFrom(base, g.inputs[in])
		for k := range s.Results {
			if !s.Results[k].Always && g.resultDivergent(r, k) {
				s.Results[k].On = append(s.Results[k].On, in)
			}
		}
		for k := range s.ResultContents {
			if !s.ResultContents[k].Always && g.anyMemDivergent(r, resultMem[k]) {
				s.ResultContents[k].On = append(s.ResultContents[k].On, in)
			}
			if fieldMem != nil {
				for f, ms := range fieldMem[k] {
					if d := &s.ResultFields[k][f]; !d.Always && g.anyMemDivergent(r, ms) {
						d.On = append(d.On, in)
					}
				}
			}
		}
		for k, fields := range valueFields {
			if fields == nil {
				continue
			}
			for f := range fields[0] {
				if d := &s.ResultValueFields[k][f]; !d.Always && g.resultFieldDivergent(r, f, fields) {
					d.On = append(d.On, in)
				}
			}
		}
		if !s.ReturnedResults.Always && g.returnedResultsDivergent(r) {
			s.ReturnedResults.On = append(s.ReturnedResults.On, in)
		}
		for i := range s.CallsInputs {
			if !s.CallControl[i].Always && g.callsDivergent(r, inputCalls[i], callControl, in.Index == s.CallsInputs[i].Index) {
				s.CallControl[i].On = append(s.CallControl[i].On, in)
			}
			if !s.CallArgs[i].Always && g.callsDivergent(r, inputCalls[i], callArgs, false) {
				s.CallArgs[i].On = append(s.CallArgs[i].On, in)
			}
		}
		if !s.ReturnedBodyControl.Always && g.returnedBody(r, callControl) {
			s.ReturnedBodyControl.On = append(s.ReturnedBodyControl.On, in)
		}
		if !s.ReturnedBodyArgs.Always && g.returnedBody(r, callArgs) {
			s.ReturnedBodyArgs.On = append(s.ReturnedBodyArgs.On, in)
		}
		rFixed := r
		if baseFixed != base {
			rFixed = g.runFrom(baseFixed, g.inputs[in])
		}
		for i := range s.CallsInputs {
			if !fixed[i].Always && g.callsDivergent(rFixed, inputCalls[i], callControlFixed, in.Index == s.CallsInputs[i].Index) {
				fixed[i].On = append(fixed[i].On, in)
			}
		}
		if !fixedBody.Always && g.returnedBody(rFixed, callControlFixed) {
			fixedBody.On = append(fixedBody.On, in)
		}
		for _, v := range g.findViolations(r) {
			if v.calleeValue && g.holdingInput(v.call.Common().Value) == in.Index {
				// What the input holds differs, not which function
				// the body picks (see callsDivergent).
				continue
			}
			if !baseBad[v.key()] {
				why, at := v.why(pa.pass.Fset, fn, in)
				s.Requires = append(s.Requires, Requirement{Input: in, Name: inputName(fn, in), Field: fieldName(fn, in), Why: why, whyAt: at})
				break
			}
		}
		for _, c := range contents {
			if !baseEffects[c] && g.effectDivergent(r, c) {
				s.addEffect(c, in)
			}
		}
	}
	for i := range fixed {
		if fixed[i].String() != s.CallControl[i].String() {
			s.CallControlFixed = fixed
			break
		}
	}
	if fixedBody.String() != s.ReturnedBodyControl.String() {
		s.ReturnedBodyControlFixed = &fixedBody
	}
	if fn.Synthetic == rangeFuncYield && nres == 1 {
		// Temporal divergence: lanes that left the loop in different
		// iterations hold what the body wrote in different iterations.
		for _, c := range contents {
			if baseEffects[c] || len(g.mems[g.inputs[c]].writers) == 0 {
				continue
			}
			if s.Results[0].Always {
				baseEffects[c] = true
				continue
			}
			for _, in := range s.Results[0].On {
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
		rest, at := first.why(fset, g.fn, in)
		why := append([]string{pg.writeWhy(fset, pbase, m, subject)}, rest...)
		at = append([]token.Pos{token.NoPos}, at...)
		reqs = append(reqs, Requirement{Input: Input{Index: i}, Shared: true, Name: inputName(g.fn, in), Why: why, whyAt: at})
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
			if !slices.Contains(s.Effects[i].When.On, on) {
				s.Effects[i].When.On = append(s.Effects[i].When.On, on)
			}
			return
		}
	}
	s.Effects = append(s.Effects, Effect{Input: target, When: Dependence{On: []Input{on}}})
}

// resultDivergent reports whether result k may differ between lanes: a
// returned value is divergent where it is returned, or lanes return
// different values from different returns under divergent control.
func (g *funcGraph) resultDivergent(r *uniformity.Result, k int) bool {
	return g.returnedDivergent(r, func(i int) int {
		return g.valueID(g.instrs[g.returns[i]].(*ssa.Return).Results[k])
	})
}

// returnedDivergent reports whether what the function returns is divergent
// in r, node(i) being what the i-th return returns: a divergent value, or
// different values from returns that divergent control chooses between.
func (g *funcGraph) returnedDivergent(r *uniformity.Result, node func(i int) int) bool {
	first := -1
	same, controlled := true, false
	for i, ret := range g.returns {
		n := node(i)
		if r.IsDivergentUse(n, ret) {
			return true
		}
		if first < 0 {
			first = n
		} else if first != n {
			same = false
		}
		if len(r.ControlDivergence(g.blockOf[ret])) > 0 || !r.IsMConverged(g.blockOf[ret]) {
			controlled = true
		}
	}
	return !same && controlled
}

// resultValueFields returns, per result that is a struct, per return, its
// fields' nodes (fieldsOf), if every return has them; nil if no result has.
// A function without returns has none.
func (g *funcGraph) resultValueFields() [][][]int {
	var out [][][]int
	results := g.fn.Signature.Results()
	for k := range results.Len() {
		if _, ok := results.At(k).Type().Underlying().(*types.Struct); !ok || g.sem.isLane(results.At(k).Type()) {
			continue
		}
		var perReturn [][]int
		for _, ret := range g.returns {
			nodes := g.fieldsOf(g.instrs[ret].(*ssa.Return).Results[k])
			if nodes == nil {
				perReturn = nil
				break
			}
			perReturn = append(perReturn, nodes)
		}
		if perReturn == nil {
			continue
		}
		if out == nil {
			out = make([][][]int, results.Len())
		}
		out[k] = perReturn
	}
	return out
}

// resultFieldDivergent is resultDivergent for field f of result k, whose
// nodes per return are fields.
func (g *funcGraph) resultFieldDivergent(r *uniformity.Result, f int, fields [][]int) bool {
	return g.returnedDivergent(r, func(i int) int { return fields[i][f] })
}

// storesFresh returns the inputs in whose memory the function stores
// pointers to memory it allocated, or passes them to a callee that does.
func (g *funcGraph) storesFresh() []int {
	index := make(map[ssa.Value]int)
	for i, v := range inputValues(g.fn) {
		index[v] = i
	}
	var out []int
	add := func(addr ssa.Value) {
		base, _ := addressBase(addr)
		if i, ok := index[base]; ok && !slices.Contains(out, i) {
			out = append(out, i)
		}
	}
	for _, b := range g.fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Store:
				if pointsToMemory(instr.Val.Type()) && slices.ContainsFunc(g.memRoots(instr.Val), allocatedHere) {
					add(instr.Addr)
				}
			case ssa.CallInstruction:
				args := supplied(instr.Common())
				if s := g.callSummary(instr.Common()); s != nil {
					for _, i := range s.StoresFresh {
						if i < len(args) {
							add(args[i])
						}
					}
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// allocatedHere reports whether m is memory the function allocated (or a
// callee did for it), not memory an input points to.
func allocatedHere(m *memObject) bool {
	switch m.root.(type) {
	case *ssa.Parameter, *ssa.FreeVar:
		return false
	}
	return true
}

// resultContents returns the memory that the function allocated itself
// and may return as result k: what the result points to, or memory whose
// address was stored somewhere (in what it points to, say). The caller's
// memory is left out: effects say what is written there.
func (g *funcGraph) resultContents(k int) []*memObject {
	ms := slices.Clone(g.escaped)
	for _, ret := range g.returns {
		ms = append(ms, g.memRoots(g.instrs[ret].(*ssa.Return).Results[k])...)
	}
	return slices.DeleteFunc(ms, func(m *memObject) bool { return !allocatedHere(m) })
}

// resultFieldMemory splits ms, the memory a result of type t may point
// to, by the field of the struct t points to that holds it, or returns nil
// when its fields are not told apart. Memory of other types (what the
// fields point to) is not in any field's list: ResultContents covers it.
func resultFieldMemory(t types.Type, ms []*memObject) [][]*memObject {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	out := make([][]*memObject, st.NumFields())
	found := false
	for _, m := range ms {
		if m.st != st {
			continue
		}
		if m.field < 0 || m.field >= len(out) {
			return nil
		}
		out[m.field] = append(out[m.field], m)
		found = true
	}
	if !found {
		return nil
	}
	return out
}

// anyMemDivergent reports whether one of ms may hold divergent values in r.
func (g *funcGraph) anyMemDivergent(r *uniformity.Result, ms []*memObject) bool {
	return slices.ContainsFunc(ms, func(m *memObject) bool { return g.memDivergent(r, m) })
}

// resultSource names the source of divergence that result k of g's
// function is returned from, in r, or "".
func (g *funcGraph) resultSource(fset *token.FileSet, r *uniformity.Result, k int) string {
	for _, ret := range g.returns {
		id := g.valueID(g.instrs[ret].(*ssa.Return).Results[k])
		if why := g.sourceOf(fset, r, id); why != "" {
			return why
		}
	}
	return ""
}

// sourceOf names the source of divergence of value id for a summary:
// "l.Index() at h.go:12 is the lane index"; "" if id is not divergent or
// its source has no place in the source.
func (g *funcGraph) sourceOf(fset *token.FileSet, r *uniformity.Result, id int) string {
	if !r.IsDivergent(id) {
		return ""
	}
	chain := r.Explain(id)
	if len(chain) == 0 || chain[len(chain)-1].Kind != uniformity.CauseSource {
		return ""
	}
	src := chain[len(chain)-1].Value
	if inner := g.seedSource[src]; inner != "" {
		return inner // the innermost source, not the whole chain
	}
	v := g.values[src]
	why := g.seedWhy[src]
	if v == nil || why == "" {
		return ""
	}
	if e, ok := g.exprs[v]; ok {
		return fmt.Sprintf("%s at %s %s", g.src.text(e), shortPos(fset, e.Pos()), why)
	}
	return ""
}

// callControlWhy says, for a function input that g's body calls under
// divergent control whatever its inputs, where and why: "ForEach calls f
// at h.go:7 under divergent control: l.Index() at h.go:6 is the lane
// index".
func (g *funcGraph) callControlWhy(fset *token.FileSet, r *uniformity.Result, in Input, calls []inputCall) string {
	name := strings.TrimPrefix(inputName(g.fn, in), "parameter ")
	for _, c := range calls {
		branch, ok := g.underDivergentControl(r, c.id)
		if !ok {
			continue
		}
		why := fmt.Sprintf("%s calls %s at %s under divergent control", funcName(fset, g.fn), name, shortPos(fset, g.instrs[c.id].Pos()))
		for _, v := range g.inBlock[branch] {
			if g.term[v] {
				if src := g.sourceOf(fset, r, v); src != "" {
					why += ": " + src
				}
			}
		}
		return why
	}
	for _, c := range calls {
		if c.passed == nil {
			continue
		}
		if d := c.passed.deps(callControl); c.entry < len(d) && d[c.entry].Always {
			why := fmt.Sprintf("%s gives %s to %s at %s", funcName(fset, g.fn), name, calleeName(g.instrs[c.id].(ssa.CallInstruction).Common()), shortPos(fset, g.instrs[c.id].Pos()))
			if d[c.entry].Why != "" {
				return why + "; " + d[c.entry].Why
			}
			return why + ", which calls it under divergent control"
		}
	}
	return fmt.Sprintf("%s calls %s under divergent control", funcName(fset, g.fn), name)
}

// returnedResultsDivergent reports whether a function that g's function
// returns may return lane-dependent values.
func (g *funcGraph) returnedResultsDivergent(r *uniformity.Result) bool {
	for _, ret := range g.returns {
		for _, op := range g.instrs[ret].(*ssa.Return).Results {
			if !isFunc(op.Type()) {
				continue
			}
			for _, n := range g.callResults(op) {
				if r.IsDivergent(n) {
					return true
				}
			}
		}
	}
	return false
}

// A callAspect is one of the things a summary says about the calls of a
// function input: under which control they run, or with which arguments.
type callAspect int

const (
	callControl callAspect = iota
	// callControlFixed: control, for a callback whose results do not
	// depend on its arguments (see Summary.CallControlFixed).
	callControlFixed
	callArgs
)

// deps returns what s says about aspect a of the calls of CallsInputs.
func (s *Summary) deps(a callAspect) []Dependence {
	switch {
	case a == callArgs:
		return s.CallArgs
	case a == callControlFixed && s.CallControlFixed != nil:
		return s.CallControlFixed
	}
	return s.CallControl
}

// controlAspect returns the aspect of control that applies to the calls of
// the function f by a callee: callControlFixed if f is known to return
// nothing that depends on its arguments.
func (g *funcGraph) controlAspect(f ssa.Value) callAspect {
	fn, _ := literal(f)
	if fn == nil {
		return callControl
	}
	s := g.sem.funcSummary(fn)
	if s == nil || !s.Inferred {
		return callControl
	}
	for _, r := range s.Results {
		for _, in := range r.On {
			if in.Index < len(fn.Params) {
				return callControl
			}
		}
	}
	return callControlFixed
}

// bodyDep returns what s says about aspect a of the calls of its first
// parameter (for an iterator, the loop body), if it calls it.
func (s *Summary) bodyDep(a callAspect) (Dependence, bool) {
	deps := s.deps(a)
	for i, in := range s.CallsInputs {
		if in == (Input{Index: 0}) && i < len(deps) {
			return deps[i], true
		}
	}
	return Dependence{}, false
}

// callsBodyOnce reports whether s calls its first parameter once at most.
func (s *Summary) callsBodyOnce() bool {
	return slices.Contains(s.CallsOnce, Input{Index: 0})
}

// returnedBody returns what s says about aspect a of the calls that a
// function it returns makes of its first parameter.
func (s *Summary) returnedBody(a callAspect) Dependence {
	switch {
	case a == callArgs:
		return s.ReturnedBodyArgs
	case a == callControlFixed && s.ReturnedBodyControlFixed != nil:
		return *s.ReturnedBodyControlFixed
	}
	return s.ReturnedBodyControl
}

// returnedBody reports whether a function that g's function returns calls
// its first parameter (an iterator, the body of the loop over it) with
// aspect a divergent (under divergent control, or with divergent
// arguments), as the returned literal's summary says, with the variables
// it captured as they are in r.
func (g *funcGraph) returnedBody(r *uniformity.Result, a callAspect) bool {
	for _, ret := range g.returns {
		for _, op := range g.instrs[ret].(*ssa.Return).Results {
			if g.body(r, op, a) {
				return true
			}
		}
	}
	return false
}

// returnedHolder records in s what the memory op, which the function
// returns, holds: a convergent function it made, or functions it cannot
// account for (a call's without a summary that says).
func (g *funcGraph) returnedHolder(s *Summary, op ssa.Value) {
	if fs := g.convergentFuncIn(op, Input{}); fs != nil && s.ReturnsConvergent == nil {
		s.ReturnsConvergent = &Summary{Convergent: true, Barrier: fs.Barrier, Reaches: fs.Reaches, Inferred: true}
	}
	s.ReturnsUnknownFuncs = s.ReturnsUnknownFuncs || g.unknownFuncsIn(op)
}

// unknownFuncsIn reports whether op, a value the function returns, may be
// or hold functions that its callers cannot know: not literals or declared
// functions, nor functions they gave it.
func (g *funcGraph) unknownFuncsIn(op ssa.Value) bool {
	_, calls, unknown := heldFuncValuesFrom(op, Input{}, g.fn)
	for _, c := range calls {
		if cs := g.sem.calleeSummary(c.Common()); cs == nil || !cs.Inferred || cs.ReturnsUnknownFuncs {
			unknown = true
		}
	}
	return unknown
}

// returnedBodyWhy returns the reason a function that g's function returns
// gives for calling its first parameter with aspect a always divergent.
func (g *funcGraph) returnedBodyWhy(a callAspect) string {
	for _, ret := range g.returns {
		for _, op := range g.instrs[ret].(*ssa.Return).Results {
			if fn, _ := literal(op); fn != nil {
				if s := g.sem.funcSummary(fn); s != nil {
					if d, ok := s.bodyDep(a); ok && d.Always && d.Why != "" {
						return d.Why
					}
				}
			}
		}
	}
	return ""
}

// body reports whether the function value f, if it is a literal or
// function with a summary, calls its first parameter with aspect a
// divergent, with the variables it captured as they are in r.
func (g *funcGraph) body(r *uniformity.Result, f ssa.Value, a callAspect) bool {
	fn, bindings := literal(f)
	if fn == nil || len(fn.Params) == 0 {
		return false
	}
	inputs := make([]ssa.Value, len(fn.Params), len(fn.Params)+len(bindings))
	s := g.forArgs(g.sem.funcSummary(fn), append(inputs, bindings...))
	if s == nil || !s.Inferred {
		return false
	}
	d, ok := s.bodyDep(a)
	return ok && g.dependenceDivergent(r, d, fn, bindings)
}

// literal returns the function f is, and the variables it captured if it
// is a literal.
func literal(f ssa.Value) (*ssa.Function, []ssa.Value) {
	if ct, ok := f.(*ssa.ChangeType); ok {
		f = ct.X
	}
	switch f := f.(type) {
	case *ssa.Function:
		return f, nil
	case *ssa.MakeClosure:
		fn, _ := f.Fn.(*ssa.Function)
		return fn, f.Bindings
	}
	return nil, nil
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
	if a.Deep != b.Deep {
		return !a.Deep
	}
	if a.Calls != b.Calls {
		return !a.Calls
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

// An inputCall is a call of a function input: by the body itself (via
// nil), or by a literal (via) that the body gives to the call id, which
// calls that input through the variable it captured (its CallsInputs[entry]).
type inputCall struct {
	id  int
	via *ssa.MakeClosure
	// passed, for an input given as it is to a callee that calls it, is
	// the callee's summary; entry is the input's place in the CallsInputs
	// of via's function or of passed.
	passed *Summary
	entry  int
}

// inputCalls lists the inputs that hold functions g's body calls (a
// parameter or captured variable of function type, or a captured variable
// holding one), sorted, and for each the calls: its own, and those of the
// literals it gives to others (the body of a range over a function, say).
func (g *funcGraph) inputCalls() ([]Input, [][]inputCall) {
	index := make(map[ssa.Value]int)
	for i, v := range inputValues(g.fn) {
		index[v] = i
	}
	var out []Input
	var sites [][]inputCall
	add := func(in Input, site inputCall) {
		for i, x := range out {
			if x == in {
				sites[i] = append(sites[i], site)
				return
			}
		}
		out = append(out, in)
		sites = append(sites, []inputCall{site})
	}
	// input returns the input that v is, or a local holding one.
	input := func(v ssa.Value, contents bool) (Input, bool) {
		if i, ok := index[v]; ok {
			return Input{Index: i, Contents: contents}, true
		}
		if alloc, ok := v.(*ssa.Alloc); ok {
			// go/ssa copies a struct or array parameter into a local to
			// take the address of a field or element, and a parameter a
			// literal captures into a variable.
			for _, r := range *alloc.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == alloc {
					if i, ok := index[st.Val]; ok {
						return Input{Index: i}, true
					}
				}
			}
		}
		return Input{}, false
	}
	for _, b := range g.fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || call.Common().IsInvoke() {
				continue
			}
			id := g.ids[instr]
			if staticFunc(call.Common()) == nil {
				root, contents := projectionRoot(call.Common().Value)
				if in, ok := input(root, contents); ok {
					// Field by field, unless the body moves functions
					// between the fields itself.
					if p := g.paramOf(root); p == nil || !g.storesFuncsInto(p) {
						in.Field = heldField(call.Common().Value, root)
					}
					add(in, inputCall{id: id})
				}
			} else if s := g.sem.calleeSummary(call.Common()); s != nil && !s.Convergent {
				// A function parameter given on to a callee that calls it.
				args := supplied(call.Common())
				for j, lin := range s.CallsInputs {
					if lin.Index >= len(args) || !g.given(args[lin.Index]) {
						continue
					}
					root, contents := projectionRoot(args[lin.Index])
					if in, ok := input(root, contents || lin.Contents); ok {
						if root == args[lin.Index] {
							in.Field = lin.Field
						}
						add(in, inputCall{id: id, passed: s, entry: j})
					}
				}
			}
			for _, a := range call.Common().Args {
				mc, ok := a.(*ssa.MakeClosure)
				if !ok {
					continue
				}
				fn, _ := mc.Fn.(*ssa.Function)
				if fn == nil {
					continue
				}
				ls := g.sem.funcSummary(fn)
				if ls == nil {
					continue
				}
				for j, lin := range ls.CallsInputs {
					k := lin.Index - len(fn.Params)
					if k < 0 || k >= len(mc.Bindings) || !lin.Contents || lin.Field > 0 {
						continue
					}
					// The literal calls what its variable k holds.
					if in, ok := input(mc.Bindings[k], false); ok {
						add(in, inputCall{id: id, via: mc, entry: j})
					}
				}
			}
		}
	}
	order := make([]int, len(out))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		switch {
		case less(out[a], out[b]):
			return -1
		case less(out[b], out[a]):
			return 1
		}
		return 0
	})
	var ins []Input
	var calls [][]inputCall
	for _, i := range order {
		ins = append(ins, out[i])
		calls = append(calls, sites[i])
	}
	return ins, calls
}

// callsDivergent reports whether one of the calls has aspect a divergent
// in r (runs under divergent control, or passes a divergent argument): the
// call itself, or, for a call by a literal given to it, the literal's
// call, as its summary says with what it captured as it is in r. self: r
// is the run from the input the calls call.
func (g *funcGraph) callsDivergent(r *uniformity.Result, calls []inputCall, a callAspect, self bool) bool {
	for _, c := range calls {
		if a != callArgs {
			if _, ok := g.underDivergentControl(r, c.id); ok {
				return true
			}
		}
		switch {
		case c.passed != nil:
			if g.passedDivergent(r, c, a) {
				return true
			}
		case c.via == nil:
			if a != callArgs {
				// A callback picked by a lane-dependent index, or read
				// from a holder written under divergent control: lanes
				// call different ones. Not when the run makes the input
				// itself divergent: a holder of closures that capture
				// lane-dependent variables still holds the same code.
				if v := g.instrs[c.id].(ssa.CallInstruction).Common().Value; !self && g.valueDivergent(r, v, c.id) {
					return true
				}
				continue
			}
			for _, arg := range g.instrs[c.id].(ssa.CallInstruction).Common().Args {
				// A constant the call's node does not depend on has no
				// node: the analysis is over, make none.
				if _, id, ok := g.findValue(arg); ok && r.IsDivergentUse(id, c.id) {
					return true
				}
			}
		default:
			fn := c.via.Fn.(*ssa.Function)
			ls := g.sem.funcSummary(fn)
			if deps := ls.deps(a); c.entry < len(deps) && g.dependenceDivergent(r, deps[c.entry], fn, c.via.Bindings) {
				return true
			}
		}
	}
	return false
}

// passedDivergent reports whether the callee that c gives an input to calls
// it as aspect a says, under divergent control or with divergent
// arguments, given this call's arguments.
func (g *funcGraph) passedDivergent(r *uniformity.Result, c inputCall, a callAspect) bool {
	deps := c.passed.deps(a)
	if c.entry >= len(deps) {
		return false
	}
	if deps[c.entry].Always {
		return true
	}
	args := supplied(g.instrs[c.id].(ssa.CallInstruction).Common())
	for _, in := range deps[c.entry].On {
		if in.Index < len(args) && args[in.Index] != nil && g.inputDivergent(r, args[in.Index], in, c.id) {
			return true
		}
	}
	return false
}

// dependenceDivergent reports whether d, a dependence of the literal fn
// on its inputs, holds in r, given the variables it captured (bindings):
// its parameters are the callee's to supply, and are not followed.
func (g *funcGraph) dependenceDivergent(r *uniformity.Result, d Dependence, fn *ssa.Function, bindings []ssa.Value) bool {
	if d.Always {
		return true
	}
	for _, dep := range d.On {
		k := dep.Index - len(fn.Params)
		if k < 0 || k >= len(bindings) {
			continue
		}
		b := bindings[k]
		switch {
		case dep.Calls:
			for _, n := range g.callResults(b) {
				if r.IsDivergent(n) {
					return true
				}
			}
		case dep.Contents:
			for _, m := range g.contentRoots(b, dep) {
				if g.memDivergent(r, m) {
					return true
				}
			}
		default:
			if id, ok := g.ids[b]; ok && r.IsDivergent(id) {
				return true
			}
		}
	}
	return false
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

// holdingInput returns the index of the input that v is, or is held in,
// or -1.
func (g *funcGraph) holdingInput(v ssa.Value) int {
	root, _ := projectionRoot(v)
	if p := g.paramOf(root); p != nil {
		root = p
	}
	return slices.Index(inputValues(g.fn), root)
}

// heldField returns 1 + the field of a struct that the function value v is
// loaded from, when the struct is root itself, what root points to, or a
// load of root (go/ssa's copy of a struct parameter): s.f, p.f. Else 0.
func heldField(v, root ssa.Value) int {
	switch x := v.(type) {
	case *ssa.Field:
		if ld, ok := x.X.(*ssa.UnOp); x.X == root || ok && ld.Op == token.MUL && ld.X == root {
			return x.Field + 1
		}
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL && fa.X == root {
			return fa.Field + 1
		}
	}
	return 0
}

// valueDivergent reports whether v, if the analysis has a node for it, is
// divergent where node at uses it.
func (g *funcGraph) valueDivergent(r *uniformity.Result, v ssa.Value, at int) bool {
	_, id, ok := g.findValue(v)
	return ok && r.IsDivergentUse(id, at)
}

func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}
