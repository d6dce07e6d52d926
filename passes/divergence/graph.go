package divergence

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/spmdvet/spmdvet/uniformity"
)

// funcGraph presents one ssa.Function to the uniformity core. It is where Go
// semantics meet the generic analysis: an instruction's operands in the
// graph are the values its result depends on, which for calls, loads and
// channel operations is not simply its SSA operands.
type funcGraph struct {
	fn *ssa.Function
	// callersGiveFuncs: fn is a declared function that is not a kernel
	// entry, so the functions its parameters hold are known at its calls,
	// which judge them (Summary.CallsInputs) instead of fn's body.
	callersGiveFuncs bool
	succs            [][]int
	preds            [][]int
	live             [][]int // successors, without the dead edge of a branch on a constant

	// Values: instructions first, in block order, then everything else.
	values    []ssa.Value       // nil for instructions without a result and for memory
	instrs    []ssa.Instruction // nil for values that are not instructions
	mems      []*memObject      // non-nil for per-lane memory
	ids       map[any]int
	consts    map[constKey]int
	blockOf   []int
	operands  [][]int
	users     [][]int
	phi, term []bool
	inBlock   [][]int

	seeds   []int
	uniform []int
	// why records the reason for a seed, for explanations; seedSource,
	// for a seed that is a callee's result, the source in the callee.
	// seedFrom is, for a captured variable seeded divergent, what made
	// it divergent in the function that made the literal.
	seedFrom   map[int]seedOrigin
	seedWhy    map[int]string
	seedSource map[int]string

	phiRepr   map[*ssa.Phi]ssa.Value // see phiValue
	phiAlias  map[*ssa.Phi]int       // see aliasRestoredPhis
	memByRoot map[ssa.Value][]*memObject
	memList   []*memObject // in creation order, for determinism
	escaped   []*memObject // whose address is stored in memory
	// escapedShared: whose address is stored in memory all lanes share.
	escapedShared []*memObject

	sem semantics
	// own holds the parameters and captured variables that point to memory
	// of the calling lane (a closure's variables captured from code that
	// lanes run), rather than to memory all lanes share (a kernel entry's,
	// or what a helper is given: see Summary.Private).
	own map[ssa.Value]bool
	// deepOwn: the own inputs the pointers held in whose memory point to
	// memory of the calling lane too (Summary.DeepInputs, or a closure's
	// variable that its maker stores its own memory in), with its objects
	// in deep.
	deepOwn map[ssa.Value]bool
	deep    map[ssa.Value][]*memObject
	// calleeStored maps a variable given to calls to the memory those
	// calls may have allocated and stored in it (see storedByCallee).
	calleeStored map[ssa.Value][]*memObject
	// analyzed is the number of values the analysis sees: memory objects
	// made later (for memory nothing here reads or writes) hold nothing.
	analyzed int
	// fieldRoots holds the values whose roots memRoots is finding for a
	// field of them.
	fieldRoots map[ssa.Value]bool
	// laneEnds are the blocks that end the lane (runtime.Goexit).
	laneEnds []int
	// typeTests are decided after each analysis (see typeTest).
	typeTests []typeTest
	// typeParamCalls are the calls of methods of fn's type parameters that
	// some implementation makes convergent (see Summary.Plain).
	typeParamCalls []TypeParamCall
	// sameCFG is an analysis of fn's blocks, whose joins and cycles the
	// next analyses share.
	sameCFG *uniformity.Result
	// calledArgs are nodes standing for the arguments of calls of function
	// inputs, as they reach the results (see Summary.CallControlFixed).
	calledArgs []int
	// inputs are the values a call supplies, by Input.
	inputs map[Input]int
	// fieldNodes holds, for a parameter that is a struct, a node per
	// field: its fields are inputs of their own, and the parameter as a
	// whole depends on them all.
	fieldNodes map[ssa.Value][]int
	// loadFields holds fieldsOf's nodes for a load of a struct element,
	// made once: the analysis must have them before it runs.
	loadFields map[ssa.Value][]int
	// effects are the nodes that stand for a callee's writes through its
	// arguments: writers of the caller's memory without a block.
	returns []int // the Return instructions
	// runDefers are the RunDefers instructions: where deferred calls run;
	// storesFuncs memoizes storesFuncsInto.
	storesFuncs map[*ssa.Parameter]bool
	// deferRunsOf memoizes runDefersFrom, by block.
	runDefers   []int
	deferRunsOf map[int][]int
	// effectOf maps a node standing for part of what an instruction writes
	// (a callee's writes through an argument, a field of a struct copy) to
	// the instruction.
	effectOf map[int]int
	// bodyWrites maps a node standing for what the body of a
	// range-over-func loop writes to a variable it captured to that body
	// and input, to explain the write in the body's own terms.
	bodyWrites map[int]bodyWrite
	// alwaysCalls holds the nodes standing for the results of functions
	// given as callbacks that depend on the lane whatever their inputs;
	// calleeOf, the function value each stands for, to explain it.
	alwaysCalls map[*ssa.Function]int
	calleeOf    map[int]ssa.Value
	// returnedCalls holds the nodes standing for the results of calling
	// the function a call returns.
	returnedCalls map[*ssa.Call]int
	// exprs maps values to the source expressions they compute, for the
	// words of summaries.
	exprs map[ssa.Value]ast.Expr
	src   *sources // quotes exprs
	// built: the graph is complete, so lookups that would add a node
	// answer that nothing is known instead (the analysis has no answer
	// for nodes added after it ran).
	built bool
	// restored are the blocks put back after go/ssa's jump threading (see
	// restore.go); their indices follow the SSA blocks'. restoredIfs maps
	// a block whose jump stands for an if to the condition (nil if
	// constant); restoredPhis memoizes phiIn.
	restored []*restoredBlock
	// For each graph block: the go/ssa block it is or is part of (-1 for
	// an empty label or if.done), its go/ssa instructions and its comment.
	// termBlock maps a go/ssa block to the part holding its terminator;
	// vterm the parts that end in a jump of their own to that jump.
	ssaOf        []int
	partInstrs   [][]ssa.Instruction
	partComment  []string
	termBlock    []int
	vterm        map[int]int
	restoredIfs  map[int]ssa.Value
	restoredPhis map[phiKey]int
	sf           *sourceFlow
	// convergent lists the calls that are convergent operations; requiring
	// the calls to functions that require uniform inputs.
	convergent []convergentSite
	requiring  []convergentSite
}

func (g *funcGraph) NumBlocks() int          { return len(g.succs) }
func (g *funcGraph) LiveSuccs(b int) []int   { return g.live[b] }
func (g *funcGraph) Succs(b int) []int       { return g.succs[b] }
func (g *funcGraph) Preds(b int) []int       { return g.preds[b] }
func (g *funcGraph) NumValues() int          { return len(g.blockOf) }
func (g *funcGraph) Instrs(b int) []int      { return g.inBlock[b] }
func (g *funcGraph) Block(v int) int         { return g.blockOf[v] }
func (g *funcGraph) Operands(v int) []int    { return g.operands[v] }
func (g *funcGraph) Users(v int) []int       { return g.users[v] }
func (g *funcGraph) IsPhi(v int) bool        { return g.phi[v] }
func (g *funcGraph) IsTerminator(v int) bool { return g.term[v] }

// semantics is what the graph needs to know about the rest of the program.
type semantics interface {
	// calleeSummary returns what is known of the function a call calls:
	// declared vocabulary or an inferred summary, or nil.
	calleeSummary(common *ssa.CallCommon) *Summary
	// isLane reports whether t is a lane handle type.
	isLane(t types.Type) bool
	// callName names a call's callee as the source writes it.
	callName(call ssa.CallInstruction) string
	// funcSummary returns the summary inferred for a function of this
	// package, closures included, or nil.
	funcSummary(fn *ssa.Function) *Summary
	// summaryOf returns what is known of a declared function.
	summaryOf(fn *types.Func) *Summary
	// boundInvoke bounds an interface method call by the implementations
	// it may reach: the summary of a convergent one, or nil if none is;
	// ok is false when they are not all known.
	boundInvoke(common *ssa.CallCommon) (s *Summary, ok bool)
	// recovers reports whether fn calls recover itself.
	recovers(fn *ssa.Function) bool
}

// memObject is memory private to each lane: a variable, array, slice or map
// that the function allocates, so that every lane has its own, or memory of
// the calling lane reached through a parameter or captured variable. Loads
// from it are divergent once any write to it is divergent or runs under
// divergent control.
type memObject struct {
	id      int
	root    ssa.Value     // the allocation, parameter or free variable
	field   int           // the field of the struct root points to, or -1: all of it
	st      *types.Struct // with a field, the struct
	elem    int           // the element of the local array root is, or the part of its map (mapKeys, mapValues), or -1: all of it
	writers []int         // values that may write it: instructions and effect nodes
}

// A seedOrigin is the value or memory object id of parent whose
// divergence a closure's captured variable stands for.
type seedOrigin struct {
	parent *Func
	id     int
}

func newFuncGraph(fn *ssa.Function, sem semantics, own, deepOwn map[ssa.Value]bool, entry bool) *funcGraph {
	g := &funcGraph{
		fn:               fn,
		callersGiveFuncs: !entry && fn.Parent() == nil && fn.Synthetic == "",
		ids:              make(map[any]int),
		consts:           make(map[constKey]int),
		seedWhy:          make(map[int]string),
		seedFrom:         make(map[int]seedOrigin),
		seedSource:       make(map[int]string),
		memByRoot:        make(map[ssa.Value][]*memObject),
		phiRepr:          make(map[*ssa.Phi]ssa.Value),
		phiAlias:         make(map[*ssa.Phi]int),
		deferRunsOf:      make(map[int][]int),
		storesFuncs:      make(map[*ssa.Parameter]bool),
		restoredPhis:     make(map[phiKey]int),
		vterm:            make(map[int]int),
		sem:              sem,
		own:              own,
		deepOwn:          deepOwn,
		inputs:           make(map[Input]int),
		deep:             make(map[ssa.Value][]*memObject),
		calleeStored:     make(map[ssa.Value][]*memObject),
		fieldRoots:       make(map[ssa.Value]bool),
		fieldNodes:       make(map[ssa.Value][]int),
		loadFields:       make(map[ssa.Value][]int),
		effectOf:         make(map[int]int),
		bodyWrites:       make(map[int]bodyWrite),
		calleeOf:         make(map[int]ssa.Value),
	}
	n := len(fn.Blocks)
	g.succs = make([][]int, n)
	g.preds = make([][]int, n)
	g.inBlock = make([][]int, n)
	for _, b := range fn.Blocks {
		for _, s := range b.Succs {
			g.succs[b.Index] = append(g.succs[b.Index], s.Index)
		}
		for _, p := range b.Preds {
			g.preds[b.Index] = append(g.preds[b.Index], p.Index)
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if _, ok := instr.(*ssa.DebugRef); ok {
				continue
			}
			id := g.newValue(b.Index)
			g.ids[instr] = id
			g.instrs[id] = instr
			if v, ok := instr.(ssa.Value); ok {
				g.values[id] = v
			}
			_, g.phi[id] = instr.(*ssa.Phi)
			switch instr.(type) {
			case *ssa.If, *ssa.Jump, *ssa.Return, *ssa.Panic:
				g.term[id] = true
			}
			g.inBlock[b.Index] = append(g.inBlock[b.Index], id)
		}
	}
	g.splitFused()
	g.restoreLabels()
	g.restoreDegenerateIfs()
	g.findLive()
	g.dropDoomedEdges()
	g.restoreDoneBlocks()
	g.restoreRangeLatches()
	g.restoreLoopEntries()
	// Inputs: each parameter and captured variable, and the memory each
	// points to when that memory belongs to the calling lane.
	for i, v := range inputValues(fn) {
		if st := valueStruct(v); st != nil && !g.sem.isLane(v.Type()) {
			whole := g.valueID(v)
			for f := range st.NumFields() {
				node := g.newValue(-1)
				g.depend(whole, node)
				g.fieldNodes[v] = append(g.fieldNodes[v], node)
				g.inputs[Input{Index: i, Field: f + 1}] = node
			}
			continue
		}
		g.inputs[Input{Index: i}] = g.valueID(v)
		if g.own[v] {
			for _, m := range g.memObjects(v) {
				g.inputs[Input{Index: i, Contents: true, Field: m.field + 1}] = m.id
			}
			if g.deepOwn[v] && holdsPointer(g.sem, v.Type()) {
				for _, m := range g.deepObjects(v) {
					g.inputs[Input{Index: i, Contents: true, Deep: true, Field: m.field + 1}] = m.id
				}
			}
		}
	}
	g.simplifyPhis()
	g.aliasRestoredPhis()
	g.freshDeepObjects()
	g.findEscaped()
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if id, ok := g.ids[instr]; ok {
				g.addInstr(id, instr)
			}
		}
	}
	g.finishRestored()
	g.addConstConds()
	g.addRecoveredPanics()
	g.built = true
	g.analyzed = len(g.blockOf)
	return g
}

// findLive sets the live successors: all of them, except after a branch on
// a constant. go/ssa keeps "if true" (from "debug || x", say), where only
// one edge runs.
func (g *funcGraph) findLive() {
	g.live = make([][]int, len(g.succs))
	for b := range g.succs {
		g.live[b] = g.succs[b]
		if len(g.succs[b]) != 2 {
			continue
		}
		ifi, ok := g.termInstr(b).(*ssa.If)
		if !ok {
			continue
		}
		if c, ok := ifi.Cond.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Bool {
			if constant.BoolVal(c.Value) {
				g.live[b] = g.succs[b][:1]
			} else {
				g.live[b] = g.succs[b][1:]
			}
		}
	}
	// runtime.Goexit ends the lane as a return does: nothing after it runs.
	// So does a call of a function that always ends it.
	for _, blk := range g.fn.Blocks {
		for _, instr := range blk.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !isGoexit(call.Common()) && !g.callEndsLane(call.Common()) {
				continue
			}
			if id, ok := g.ids[instr]; ok {
				g.live[g.blockOf[id]] = nil
				g.laneEnds = append(g.laneEnds, g.blockOf[id])
			}
		}
	}
}

func (g *funcGraph) callEndsLane(common *ssa.CallCommon) bool {
	if _, ok := common.Value.(*ssa.Builtin); ok {
		return false
	}
	s := g.callSummary(common)
	return s != nil && s.Inferred && s.EndsLane
}

// endsLane reports whether the function never returns and ends the lane
// on some path (Summary.EndsLane).
func (g *funcGraph) endsLane() bool {
	if len(g.laneEnds) == 0 {
		return false
	}
	seen := reachableFrom(g.live, 0)
	for _, ret := range g.returns {
		if b := g.blockOf[ret]; seen[b] && !slices.Contains(g.laneEnds, b) {
			return false // a return that the block's Goexit does not cut off
		}
	}
	return slices.ContainsFunc(g.laneEnds, func(b int) bool { return seen[b] })
}

// isGoexit reports whether common calls runtime.Goexit.
func isGoexit(common *ssa.CallCommon) bool {
	fn, _ := callee(common)
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "runtime" && fn.Name() == "Goexit"
}

// phiValue returns the single value a phi merges, if it merges one (apart
// from itself), or the phi. go/ssa keeps phis like phi [2, 2] that LLVM's
// mem2reg folds away; using the value they stand for gives the answers LLVM
// gives on the same program.
func (g *funcGraph) phiValue(phi *ssa.Phi) ssa.Value {
	var v ssa.Value = phi
	for {
		p, ok := v.(*ssa.Phi)
		if !ok {
			return v
		}
		next, ok := g.phiRepr[p]
		if !ok || next == v {
			return v
		}
		v = next
	}
}

// aliasRestoredPhis folds, once labels are restored, the go/ssa phis whose
// edges now bring one value and the phi itself: go/ssa placed them for its
// threaded graph, where more edges met (a loop header reached from several
// places that restored labels now merge before it). mem2reg would place
// none there; a phi in a cycle would make its uses after the cycle
// temporally divergent.
func (g *funcGraph) aliasRestoredPhis() {
	if len(g.restored) == 0 {
		return
	}
	for changed := true; changed; {
		changed = false
		for _, b := range g.fn.Blocks {
			for _, instr := range b.Instrs {
				phi, ok := instr.(*ssa.Phi)
				if !ok || g.phiValue(phi) != ssa.Value(phi) {
					continue
				}
				if _, done := g.phiAlias[phi]; done {
					continue
				}
				self, only := g.ids[phi], -1
				for _, op := range g.phiEdges(phi) {
					if op == self {
						continue
					}
					if only >= 0 && op != only {
						only = -2
						break
					}
					only = op
				}
				if only >= 0 {
					g.phiAlias[phi] = only
					changed = true
				}
			}
		}
	}
}

// simplifyPhis folds the phis whose edges bring one value, or that value
// and the phi itself, repeating until nothing changes: what mem2reg's phi
// simplification does. Like it, it leaves a cycle of phis that only feed
// each other and one value alone.
func (g *funcGraph) simplifyPhis() {
	var phis []*ssa.Phi
	for _, b := range g.fn.Blocks {
		for _, instr := range b.Instrs {
			if phi, ok := instr.(*ssa.Phi); ok {
				phis = append(phis, phi)
			}
		}
	}
	same := func(a, b ssa.Value) bool {
		ca, oka := a.(*ssa.Const)
		cb, okb := b.(*ssa.Const)
		if oka && okb {
			return types.Identical(ca.Type(), cb.Type()) && constString(ca.Value) == constString(cb.Value)
		}
		return a == b
	}
	for changed := true; changed; {
		changed = false
		for _, phi := range phis {
			if _, done := g.phiRepr[phi]; done {
				continue
			}
			var only ssa.Value
			for _, e := range phi.Edges {
				if p, ok := e.(*ssa.Phi); ok {
					e = g.phiValue(p)
				}
				if e == ssa.Value(phi) {
					continue
				}
				if only != nil && !same(only, e) {
					only = nil
					break
				}
				only = e
			}
			if only != nil {
				g.phiRepr[phi] = only
				changed = true
			}
		}
	}
}

// dropDoomedEdges removes from the live edges those into blocks from which
// every path panics: a lane that panics brings the whole kernel down, so the
// lanes that go on are not waiting for it, and a branch that only decides
// whether to panic (a check, or go/ssa's own checks around range-over-func
// loops) does not put what follows under divergent control. Unless the
// function defers a recover: then a panic is one more way to return.
func (g *funcGraph) dropDoomedEdges() {
	if g.defersRecover() {
		return
	}
	n := len(g.succs)
	doomed := make([]bool, n)
	for changed := true; changed; {
		changed = false
		for b := range n {
			if doomed[b] {
				continue
			}
			_, d := g.termInstr(b).(*ssa.Panic)
			if live := g.live[b]; !d && len(live) > 0 {
				d = true
				for _, s := range live {
					d = d && doomed[s]
				}
			}
			if d {
				doomed[b] = true
				changed = true
			}
		}
	}
	for b := range g.live {
		if doomed[b] {
			continue
		}
		var keep []int
		for _, s := range g.live[b] {
			if !doomed[s] {
				keep = append(keep, s)
			}
		}
		if len(keep) != len(g.live[b]) {
			g.live[b] = keep
		}
	}
}

// defersRecover reports whether fn defers a function that calls recover,
// which stops a panic of fn.
func (g *funcGraph) defersRecover() bool { return len(g.recoveringDefers()) > 0 }

// recoveringDefers returns the defers of fn whose function calls recover.
func (g *funcGraph) recoveringDefers() []*ssa.Defer {
	var out []*ssa.Defer
	for _, b := range g.fn.Blocks {
		for _, instr := range b.Instrs {
			if d, ok := instr.(*ssa.Defer); ok {
				if f := funcOf(d.Call.Value); f != nil && g.sem.recovers(f) {
					out = append(out, d)
				}
			}
		}
	}
	return out
}

// addRecoveredPanics makes what a deferred recovering literal can write
// (the function's named results, say) depend on whether the function
// panicked, which depends on the operands of what can panic: a lane that
// divides by its own zero recovers and returns something else.
func (g *funcGraph) addRecoveredPanics() {
	defers := g.recoveringDefers()
	if len(defers) == 0 {
		return
	}
	panicked := g.newValue(-1)
	for _, b := range g.fn.Blocks {
		for _, instr := range b.Instrs {
			for _, v := range mayPanicOn(instr) {
				g.depend(panicked, g.valueID(v))
			}
		}
	}
	for _, d := range defers {
		mc, ok := d.Call.Value.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		w := g.newValue(-1)
		g.depend(w, panicked)
		g.effectOf[w] = g.ids[d]
		fn := mc.Fn.(*ssa.Function)
		for i, b := range mc.Bindings {
			if !storesTo(fn, fn.FreeVars[i]) {
				continue
			}
			for _, m := range g.memRoots(b) {
				g.addWriter(m, w)
			}
		}
	}
}

// storesTo reports whether fn stores into the memory v points to.
func storesTo(fn *ssa.Function, v ssa.Value) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok {
				if base, _ := addressBase(st.Addr); base == v {
					return true
				}
			}
		}
	}
	return false
}

// mayPanicOn returns the operands that decide whether instr panics.
func mayPanicOn(instr ssa.Instruction) []ssa.Value {
	switch instr := instr.(type) {
	case *ssa.BinOp:
		if instr.Op == token.QUO || instr.Op == token.REM {
			if _, ok := instr.Y.(*ssa.Const); !ok {
				return []ssa.Value{instr.Y}
			}
		}
	case *ssa.IndexAddr:
		return []ssa.Value{instr.X, instr.Index}
	case *ssa.Index:
		return []ssa.Value{instr.X, instr.Index}
	case *ssa.Slice:
		return slices.DeleteFunc([]ssa.Value{instr.X, instr.Low, instr.High, instr.Max}, func(v ssa.Value) bool { return v == nil })
	case *ssa.TypeAssert:
		if !instr.CommaOk {
			return []ssa.Value{instr.X}
		}
	case *ssa.UnOp:
		if instr.Op == token.MUL {
			return []ssa.Value{instr.X}
		}
	case *ssa.Panic:
		return []ssa.Value{instr.X}
	case *ssa.Call:
		// The callee may panic on its arguments.
		return append([]ssa.Value{instr.Call.Value}, instr.Call.Args...)
	}
	return nil
}

// termInstr returns the go/ssa terminator that ends graph block b, or nil
// if b ends in a jump of the analysis's own.
func (g *funcGraph) termInstr(b int) ssa.Instruction {
	if b < len(g.ssaOf) && g.ssaOf[b] >= 0 && g.termBlock[g.ssaOf[b]] == b {
		instrs := g.fn.Blocks[g.ssaOf[b]].Instrs
		return instrs[len(instrs)-1]
	}
	return nil
}

// inputValues lists what a caller supplies: the parameters, receiver first,
// then the captured variables of a closure.
func inputValues(fn *ssa.Function) []ssa.Value {
	var vs []ssa.Value
	for _, p := range fn.Params {
		vs = append(vs, p)
	}
	for _, fv := range fn.FreeVars {
		vs = append(vs, fv)
	}
	return vs
}

// pointsToMemory reports whether values of type t give access to memory a
// callee could read or write: pointers, slices, maps and channels.
func pointsToMemory(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan:
		return true
	}
	return false
}

func (g *funcGraph) newValue(block int) int {
	id := len(g.blockOf)
	g.blockOf = append(g.blockOf, block)
	g.values = append(g.values, nil)
	g.instrs = append(g.instrs, nil)
	g.mems = append(g.mems, nil)
	g.operands = append(g.operands, nil)
	g.users = append(g.users, nil)
	g.phi = append(g.phi, false)
	g.term = append(g.term, false)
	return id
}

// valueID returns the graph value of an SSA value. Constants are interned,
// so that a phi merging the same constant on every edge merges one value.
func (g *funcGraph) valueID(v ssa.Value) int {
	v, id, ok := g.findValue(v)
	if ok {
		return id
	}
	id = g.newValue(-1)
	g.values[id] = v
	if c, ok := v.(*ssa.Const); ok {
		g.consts[constKey{c.Type(), constString(c.Value)}] = id
	} else {
		g.ids[v] = id
	}
	return id
}

// findValue returns what v stands for in the graph (a folded phi stands for
// the value it merges) and, if that has one yet, its graph value.
func (g *funcGraph) findValue(v ssa.Value) (ssa.Value, int, bool) {
	if phi, ok := v.(*ssa.Phi); ok {
		v = g.phiValue(phi)
		if phi, ok := v.(*ssa.Phi); ok {
			if id, ok := g.phiAlias[phi]; ok {
				return v, id, true
			}
		}
	}
	if c, ok := v.(*ssa.Const); ok {
		id, ok := g.consts[constKey{c.Type(), constString(c.Value)}]
		return v, id, ok
	}
	id, ok := g.ids[v]
	return v, id, ok
}

// constKey identifies a constant: by type (the same type is usually the
// same types.Type, and a second node for a constant costs nothing but a
// node) and value.
type constKey struct {
	t types.Type
	v string
}

func constString(v constant.Value) string {
	if v == nil {
		return "nil"
	}
	return v.ExactString()
}

func (g *funcGraph) depend(user, op int) {
	g.operands[user] = append(g.operands[user], op)
	g.users[op] = append(g.users[op], user)
}

func (g *funcGraph) seed(id int, why string) {
	g.seeds = append(g.seeds, id)
	g.seedWhy[id] = why
}

// addInstr records the dependences of one instruction.
func (g *funcGraph) addInstr(id int, instr ssa.Instruction) {
	dependOn := func(vs ...ssa.Value) {
		for _, v := range vs {
			if v != nil {
				g.depend(id, g.valueID(v))
			}
		}
	}
	switch instr := instr.(type) {
	case *ssa.Phi:
		if alias, ok := g.phiAlias[instr]; ok {
			g.depend(id, alias)
			return
		}
		// go/ssa has no undef: a variable unassigned on some path merges its
		// zero value, which is a real value here.
		for _, op := range g.phiEdges(instr) {
			g.depend(id, op)
		}
		return

	case ssa.CallInstruction:
		g.addCall(id, instr)
		return

	case *ssa.Field:
		if nodes := g.fieldNodes[instr.X]; nodes != nil {
			g.depend(id, nodes[instr.Field])
			return
		}
		if call, d, ok := g.resultValueField(instr.X, instr.Field); ok {
			g.dependOnResultField(id, call, d)
			return
		}
		if load, ok := instr.X.(*ssa.UnOp); ok && load.Op == token.MUL && load.Block() == instr.Block() {
			// A field of a struct just loaded: what that field's
			// objects hold. (In the load's block, so that the load
			// and the field are in the same cycles.)
			if ms, ok := g.fieldObjects(load.X, instr.Field); ok {
				dependOn(load.X)
				for _, m := range ms {
					g.depend(id, m.id)
				}
				return
			}
		}
		dependOn(instr.X)
		return

	case *ssa.UnOp:
		switch instr.Op {
		case token.ARROW:
			if laneChan(instr.X) {
				// A channel of this lane alone: what it receives is what
				// the lane sent, in the order it sent it.
				dependOn(instr.X)
				g.readMemory(id, instr.X)
				return
			}
			// Each lane receives its own element.
			g.seed(id, "receives from a channel: each lane gets its own element")
			return
		case token.MUL:
			dependOn(instr.X)
			g.readMemory(id, instr.X)
			return
		}

	case *ssa.Select:
		// Go picks at random among cases that are ready at once; with one
		// case on a channel of this lane alone, whether it is ready (or
		// the default runs) depends on what the lane sent.
		if len(instr.States) == 1 && laneChan(instr.States[0].Chan) {
			st := instr.States[0]
			dependOn(st.Chan, st.Send)
			g.readMemory(id, st.Chan)
			if st.Dir == types.SendOnly {
				g.writeMemory(id, st.Chan)
			}
			return
		}
		if len(instr.States) > 1 || !instr.Blocking {
			g.seed(id, "lanes may take different cases of this select")
			return
		}

	case *ssa.Extract:
		if ta, ok := instr.Tuple.(*ssa.TypeAssert); ok && instr.Index == 1 {
			switch {
			case oneDynamicType(ta.X):
				return // whether it holds a type is the same in every lane
			case testsTypeHere(ta.X):
				g.typeTests = append(g.typeTests, typeTest{id, ta.X})
				return
			}
		}
		if next, ok := instr.Tuple.(*ssa.Next); ok && !next.IsString && instr.Index > 0 {
			g.seed(id, "comes from map iteration, whose order differs between lanes")
			return
		}
		if call, ok := instr.Tuple.(*ssa.Call); ok && g.addResult(id, call, instr.Index) {
			return
		}

	case *ssa.Return:
		g.returns = append(g.returns, id)
		for _, res := range instr.Results {
			if _, ok := res.Type().Underlying().(*types.Struct); ok {
				g.fieldsOf(res) // for Summary.ResultValueFields
			}
			if isFunc(res.Type()) {
				// Known before the analysis, for Summary.ReturnedResults
				// and ReturnedBodyControl.
				g.callResults(res)
				if _, bindings := literal(res); bindings != nil {
					for _, b := range bindings {
						g.memRoots(b)
					}
					g.knowCallResults(bindings)
				}
			}
		}

	case *ssa.RunDefers:
		g.runDefers = append(g.runDefers, id)

	case *ssa.Lookup:
		dependOn(instr.X, instr.Index)
		if !isString(instr.X.Type()) {
			g.readMemory(id, instr.X)
		}
		return

	case *ssa.Store:
		dependOn(instr.Addr, instr.Val)
		if g.copyFields(id, instr) {
			return
		}
		g.writeMemory(id, instr.Addr)
		return

	case *ssa.MapUpdate:
		dependOn(instr.Map, instr.Key, instr.Value)
		// The keys a map holds do not depend on the values stored.
		keys := g.newValue(-1)
		g.effectOf[keys] = id
		g.depend(keys, g.valueID(instr.Map))
		g.depend(keys, g.valueID(instr.Key))
		for _, m := range g.memRoots(instr.Map) {
			if m.isMapPart(mapKeys) {
				g.addWriter(m, keys)
			} else {
				g.addWriter(m, id)
			}
		}
		return

	case *ssa.Send:
		dependOn(instr.Chan, instr.X)
		g.writeMemory(id, instr.Chan)
		return

	case *ssa.Range:
		dependOn(instr.X)
		if isMapOrChan(instr.X.Type()) {
			// How often it runs; the keys and values it yields are
			// in map order, which differs between lanes anyway.
			for _, m := range g.mapKeyObjects(instr.X) {
				g.depend(id, m.id)
			}
		} else if !isString(instr.X.Type()) {
			g.readMemory(id, instr.X)
		}
		return

	case *ssa.TypeAssert:
		// x.(T) for a concrete T holds what x was made from as a T, when
		// that is known: not the values of other types x may hold. Which
		// type x holds is a typeTest.
		if made, ok := madeFrom(instr.X); ok && len(made) > 1 && !types.IsInterface(instr.AssertedType) {
			for _, m := range made {
				if types.Identical(m.X.Type(), instr.AssertedType) {
					dependOn(m.X)
				}
			}
			g.typeTests = append(g.typeTests, typeTest{id, instr.X})
			return
		}
	case *ssa.MakeClosure:
		// A function value is its code and what it captured: lanes whose
		// captured variables differ hold different functions.
		dependOn(instr.Fn)
		dependOn(instr.Bindings...)
		for _, b := range instr.Bindings {
			g.readMemory(id, b)
		}
		return
	}
	var ops []*ssa.Value
	for _, op := range instr.Operands(ops) {
		if op != nil {
			dependOn(*op)
		}
	}
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// copyFields records a store that copies a struct into a per-lane one,
// *dst = *src or *dst = p for a struct parameter p, field by field: each
// field of dst is written with what the same field of the source holds, so
// that a lane-dependent field does not spill into the others. It reports
// false for any other store.
func (g *funcGraph) copyFields(id int, st *ssa.Store) bool {
	dst := g.splitObjects(st.Addr)
	src := g.fieldsOf(st.Val)
	if dst == nil || src == nil || len(dst) != len(src) {
		return false
	}
	for f, m := range dst {
		// A write of one field, made by the store: divergent when the
		// field copied is, or the address.
		w := g.newValue(-1)
		g.depend(w, src[f])
		g.depend(w, g.valueID(st.Addr))
		g.effectOf[w] = id
		g.addWriter(m, w)
	}
	return true
}

// fieldsOf returns, for a struct value v whose fields are known apart (a
// struct parameter, or a load of a per-lane struct), a node per field;
// otherwise nil.
func (g *funcGraph) fieldsOf(v ssa.Value) []int {
	if nodes := g.fieldNodes[v]; nodes != nil {
		return nodes
	}
	if nodes := g.loadFields[v]; nodes != nil {
		return nodes
	}
	if call, _, ok := g.resultValueField(v, 0); ok && !g.built {
		// A struct a call returned: per field, a node for what the
		// callee's summary says it depends on.
		st := v.Type().Underlying().(*types.Struct)
		ids := make([]int, st.NumFields())
		for f := range ids {
			_, d, _ := g.resultValueField(v, f)
			ids[f] = g.newValue(-1)
			g.dependOnResultField(ids[f], call, d)
		}
		g.loadFields[v] = ids
		return ids
	}
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		if ms := g.splitObjects(load.X); ms != nil {
			ids := make([]int, len(ms))
			for f, m := range ms {
				ids[f] = m.id
			}
			return ids
		}
		// An element of a slice of structs, say: per field, a node for
		// what that field's objects hold at that address.
		st := pointedStruct(load.X.Type())
		if st == nil {
			return nil
		}
		ids := make([]int, st.NumFields())
		for f := range ids {
			ms, ok := g.fieldObjects(load.X, f)
			if !ok {
				return nil
			}
			ids[f] = g.newValue(-1)
			g.depend(ids[f], g.valueID(load.X))
			for _, m := range ms {
				g.depend(ids[f], m.id)
			}
		}
		g.loadFields[v] = ids // the same nodes when asked again
		return ids
	}
	return nil
}

// valueStruct returns the struct type of a parameter passed by value, if
// its fields are told apart.
func valueStruct(v ssa.Value) *types.Struct {
	if _, ok := v.(*ssa.Parameter); !ok {
		return nil
	}
	st, ok := v.Type().Underlying().(*types.Struct)
	if !ok || st.NumFields() == 0 || st.NumFields() > maxFields {
		return nil
	}
	return st
}
