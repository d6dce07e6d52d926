package uniformity

import (
	"slices"
	"sort"
)

// Config says where divergence comes from.
type Config struct {
	// Seeds are the sources of divergence: instructions whose result differs
	// between lanes (a lane index), or divergent parameters.
	Seeds []int
	// Uniform lists instructions that are uniform whatever their operands,
	// such as a collective whose result every lane shares.
	Uniform []int
	// LLVM22 reproduces LLVM 22 exactly, including two bugs, for
	// differential testing against opt-22:
	//   - the exit of a cycle where diverged paths meet is not treated as
	//     a join, so its phis stay uniform when they merge constants (fixed
	//     by LLVM PR #216296);
	//   - lanes that leave a nest of cycles straight into another cycle are
	//     taken to leave only the cycles deeper than that one, so values of
	//     the outer cycles used after the exit stay uniform (see
	//     testdata/llvm/sibling-exit.ll).
	LLVM22 bool
	// SameCFG, if set, is an analysis of a graph with the same blocks and
	// (live) edges: what depends only on those is shared with it rather
	// than computed again, the joins of its divergent branches included.
	SameCFG *Result
}

// Result is the uniformity of one function.
type Result struct {
	g    Graph
	cfg  Config
	dom  *domTree
	ci   *CycleInfo
	sync *syncDependence

	divergent     []bool  // per value
	divergentTerm []bool  // per block
	joinBranch    []int32 // per block: see JoinCause
	alwaysUniform []bool  // per value
	cause         []Cause
	termCause     []Cause
	worklist      []int
	// deferred holds divergent branches inside cycles assumed divergent,
	// whose walks are run once the worklist is empty, deepest cycle first.
	deferred       branchHeap
	deferredSeq    int32
	divergentExit  []bool // per cycle
	divergentExits []*Cycle
	// exitBranch is, per cycle, a divergent branch whose paths leave it by
	// an exit that runs (not one that only leads to a panic), or -1: the
	// cycle's blocks are under its control.
	exitBranch       []int32
	assumedDivergent []*Cycle
	assumedBy        []int  // the branch that made each assumed-divergent cycle so
	assumed          []bool // per cycle: in assumedDivergent
	temporal         []TemporalUse

	settle  *settled           // which divergent branches can change nothing more
	control *controlDependence // computed on first use
	cd      *controlEdges      // shared by every analysis of the same graph
}

// controlEdges are the control dependence edges of the graph, computed on
// first use.
type controlEdges struct {
	deps  [][]int
	alive []bool
}

// A TemporalUse is a use outside a cycle of a value defined inside it, where
// lanes leave the cycle in different iterations: even a value that is
// uniform in every iteration is divergent there, because each lane sees the
// value of its own last iteration.
type TemporalUse struct {
	Value, User int
	Cycle       *Cycle
}

// Analyze computes the uniformity of every value and branch of g.
func Analyze(g Graph, cfg Config) *Result {
	nb, nv := g.NumBlocks(), g.NumValues()
	r := &Result{
		g:             g,
		cfg:           cfg,
		divergent:     make([]bool, nv),
		divergentTerm: make([]bool, nb),
		joinBranch:    make([]int32, nb),
		alwaysUniform: make([]bool, nv),
		cause:         make([]Cause, nv),
		termCause:     make([]Cause, nb),
	}
	if nb == 0 {
		r.ci, r.cd = ComputeCycles(g), new(controlEdges)
		return r
	}
	if same := cfg.SameCFG; same != nil {
		if same.g.NumBlocks() != nb || same.cfg.LLVM22 != cfg.LLVM22 {
			panic("uniformity: Config.SameCFG analyzed another graph")
		}
		r.dom, r.ci, r.sync, r.cd = same.dom, same.ci, same.sync, same.cd
	} else {
		r.dom = newDomTree(nb, 0, g.Succs, g.Preds)
		r.ci = ComputeCycles(g)
		r.sync = newSyncDependence(g, r.ci, newModifiedPostOrder(g, r.ci), cfg.LLVM22)
		r.cd = new(controlEdges)
	}
	r.cfg.SameCFG = nil // not kept alive
	r.divergentExit = make([]bool, len(r.ci.All))
	r.assumed = make([]bool, len(r.ci.All))
	r.exitBranch = make([]int32, len(r.ci.All))
	for i := range r.exitBranch {
		r.exitBranch[i] = -1
	}
	for i := range r.joinBranch {
		r.joinBranch[i] = -1
	}
	r.settle = newSettled(r.ci, nb)

	for _, v := range cfg.Uniform {
		r.alwaysUniform[v] = true
	}
	for _, v := range cfg.Seeds {
		r.markDivergent(v, Cause{Kind: CauseSource, Value: v})
	}
	r.propagate()
	return r
}

// Clone returns a copy of r that Extend can grow without changing r. The
// parts that only depend on the graph (dominators, cycles, sync and control
// dependence) are shared: analyzing the same graph from more seeds costs
// only the propagation from them.
func (r *Result) Clone() *Result {
	c := *r
	c.divergent = slices.Clone(r.divergent)
	c.divergentTerm = slices.Clone(r.divergentTerm)
	c.joinBranch = slices.Clone(r.joinBranch)
	c.cause = slices.Clone(r.cause)
	c.termCause = slices.Clone(r.termCause)
	c.worklist = nil
	c.deferred = nil
	c.divergentExit = slices.Clone(r.divergentExit)
	c.divergentExits = slices.Clone(r.divergentExits)
	c.exitBranch = slices.Clone(r.exitBranch)
	c.assumedDivergent = slices.Clone(r.assumedDivergent)
	c.assumedBy = slices.Clone(r.assumedBy)
	c.assumed = slices.Clone(r.assumed)
	c.temporal = slices.Clone(r.temporal)
	c.control = nil
	if r.settle != nil {
		c.settle = r.settle.clone()
	}
	return &c
}

// Extend marks v divergent for a reason the caller found in the results so
// far, such as a write to memory under divergent control, and propagates.
// Divergence only grows, so a caller can iterate to a fixed point.
func (r *Result) Extend(v int, why Cause) {
	if r.dom == nil || r.IsDivergent(v) {
		return
	}
	r.markDivergent(v, why)
	r.propagate()
	r.control = nil
}

func (r *Result) markDivergent(v int, why Cause) {
	if r.alwaysUniform[v] {
		return
	}
	if b := r.g.Block(v); b >= 0 && r.g.IsTerminator(v) {
		if r.divergentTerm[b] {
			return
		}
		r.divergentTerm[b] = true
		r.termCause[b] = why
	} else {
		if r.divergent[v] {
			return
		}
		r.divergent[v] = true
		r.cause[v] = why
	}
	r.worklist = append(r.worklist, v)
}

func (r *Result) propagate() {
	g := r.g
	for {
		if len(r.worklist) == 0 {
			if len(r.deferred) == 0 {
				return
			}
			r.analyzeControlDivergence(r.deferred.pop())
			continue
		}
		v := r.worklist[len(r.worklist)-1]
		r.worklist = r.worklist[:len(r.worklist)-1]
		if b := g.Block(v); b >= 0 && g.IsTerminator(v) {
			if c := r.ci.cycleOf[b]; c != nil && r.insideAssumedDivergent(c) {
				r.deferred.push(deferredBranch{block: int32(b), depth: int32(c.Depth), seq: r.deferredSeq})
				r.deferredSeq++
				continue
			}
			r.analyzeControlDivergence(b)
			continue
		}
		// LLVM walks a use list, which holds the most recent use first, and
		// the worklist is a stack: the order decides which reason is found
		// first, and so what the temporal divergence list holds.
		users := g.Users(v)
		for i := len(users) - 1; i >= 0; i-- {
			r.markDivergent(users[i], Cause{Kind: CauseOperand, Value: v})
		}
	}
}

// analyzeControlDivergence applies the effects of the divergent branch at
// the end of block b: phis at its joins, cycles it makes divergent, and
// cycles that lanes now leave in different iterations.
func (r *Result) analyzeControlDivergence(b int) {
	if !r.dom.reachable(b) {
		return
	}
	// Once every cycle around b is settled, its cycle exits can change
	// nothing, and need not be computed.
	pending := r.unsettledCycles(b)
	cyclesSettled := skipSettled && pending == 0
	if cyclesSettled && r.ci.cycleOf[b] != nil && r.reachSettled(r.regionOf(b)) {
		return // the walk could change nothing
	}
	desc := r.sync.joinsOf(b, !cyclesSettled)
	var divCycles []*Cycle
	listed := make(map[*Cycle]bool)
	for _, j32 := range desc.joins {
		j := int(j32)
		if r.inAssumedDivergent(j) {
			// Nothing left to do at j. Branches inside a large irreducible
			// region share most of their joins there.
			continue
		}
		if c := r.outermostDivergentCycle(b, j); c != nil {
			if !listed[c] {
				listed[c] = true
				divCycles = append(divCycles, c)
			}
			continue
		}
		r.taintPhis(j, b)
	}
	// Deepest first, so that a cycle nested in one already assumed divergent
	// is skipped.
	sort.SliceStable(divCycles, func(i, j int) bool { return divCycles[i].Depth > divCycles[j].Depth })
	for _, c := range divCycles {
		if r.insideAssumedDivergent(c) {
			continue
		}
		r.assumedDivergent = append(r.assumedDivergent, c)
		r.assumed[c.Index] = true
		r.assumedBy = append(r.assumedBy, b)
		why := Cause{Kind: CauseDivergentCycle, Branch: b, Cycle: c}
		for _, x := range c.Blocks() {
			for _, v := range r.g.Instrs(x) {
				if r.g.IsTerminator(v) {
					break
				}
				r.markDivergent(v, why)
			}
		}
	}
	if !cyclesSettled {
		inner := r.ci.cycleOf[b]
		_, alive := r.controlDeps()
		for _, e32 := range desc.cycleExits {
			e := int(e32)
			if pending == 0 && skipSettled {
				break // the remaining exits can change nothing
			}
			outer := r.exitedCycle(e, inner)
			was := r.cycleSettled(outer, alive[b])
			r.propagateCycleExitDivergence(e, outer, b)
			if !was && r.cycleSettled(outer, alive[b]) {
				pending--
			}
		}
	}
}

// inAssumedDivergent reports whether the outermost cycle around block j is
// assumed divergent: then so is every cycle around j, and every value in j
// is divergent.
func (r *Result) inAssumedDivergent(j int) bool {
	c := r.ci.cycleOf[j]
	return c != nil && r.assumed[c.outermost.Index]
}

func (r *Result) insideAssumedDivergent(c *Cycle) bool {
	for _, a := range r.assumedDivergent {
		if a.ContainsCycle(c) {
			return true
		}
	}
	return false
}

// taintPhis marks the phis of join block j of the divergent branch ending
// block branch divergent, except those that merge a single value (ignoring
// undef and the phi itself): they are the same on every path. The first
// such branch is kept for JoinCause.
func (r *Result) taintPhis(j, branch int) {
	why := Cause{Kind: CauseJoin, Block: j, Branch: branch}
	for _, v := range r.g.Instrs(j) {
		if !r.g.IsPhi(v) {
			continue
		}
		if r.joinBranch[j] < 0 {
			r.joinBranch[j] = int32(branch)
		}
		if r.mergesOneValue(v) {
			continue
		}
		r.markDivergent(v, why)
	}
}

func (r *Result) mergesOneValue(phi int) bool {
	common := Undef
	for _, op := range r.g.Operands(phi) {
		if op == Undef || op == phi {
			continue
		}
		if common != Undef && common != op {
			return false
		}
		common = op
	}
	return true
}

// outermostDivergentCycle returns the largest cycle around join j that the
// divergent branch b makes divergent as a whole, or nil.
func (r *Result) outermostDivergentCycle(b, j int) *Cycle {
	around := r.ci.cycleOf[j]
	if around == nil {
		return nil // j is in no cycle
	}
	// The cycles around j that do not contain b are the innermost ones, up
	// to outside; the others, from shared on, contain both.
	outside := around.outermostWithout(b)
	shared := around
	if outside != nil {
		shared = outside.Parent
	}
	if c := r.internalDivergentCycle(shared, b, j); c != nil {
		return c
	}
	// Paths that split at b outside an irreducible cycle may enter it at
	// different entries and meet inside it.
	if outside != nil && !outside.Reducible() {
		return outside
	}
	return nil
}

// internalDivergentCycle applies the diverged-entry criterion in LLVM's
// conservative form: a branch b inside an irreducible cycle whose join j is
// dominated neither by b nor by the cycle's header makes the cycle (and every
// enclosing cycle whose header does not dominate j) not m-converged. The
// cycle is shared, the innermost around both.
func (r *Result) internalDivergentCycle(shared *Cycle, b, j int) *Cycle {
	if shared == nil || shared.Reducible() || r.dom.properlyDominates(b, j) || r.dom.properlyDominates(shared.Header(), j) {
		return nil
	}
	c := shared
	for c.Parent != nil && !r.dom.properlyDominates(c.Parent.Header(), j) {
		c = c.Parent
	}
	return c
}

// propagateCycleExitDivergence records that lanes leave the cycle outer,
// around branch b, through exit e, and marks the uses outside of values
// defined inside it.
func (r *Result) propagateCycleExitDivergence(e int, outer *Cycle, b int) {
	if r.exitBranch[outer.Index] < 0 {
		if _, alive := r.controlDeps(); alive[e] && alive[b] {
			r.exitBranch[outer.Index] = int32(b)
		}
	}
	if r.divergentExit[outer.Index] {
		return
	}
	r.divergentExit[outer.Index] = true
	r.divergentExits = append(r.divergentExits, outer)
	if r.insideAssumedDivergent(outer) {
		return // every value inside is divergent already
	}
	r.analyzeCycleExitDivergence(outer, b)
}

// exitedCycle is the outermost cycle around inner (the innermost cycle of a
// divergent branch) that lanes leave by exit e:
// the outermost that does not contain e. LLVM 22 compares depths instead,
// taking the cycle around b one deeper than e. When e lies in a cycle that
// does not hold b (an exit straight into a sibling loop), that stops too far
// in, and values of the outer cycles used after the exit stay uniform
// although lanes left those cycles in different iterations.
func (r *Result) exitedCycle(e int, inner *Cycle) *Cycle {
	if r.cfg.LLVM22 {
		if exitDepth := r.ci.Depth(e); inner.Depth > exitDepth {
			return inner.ancestorAt(exitDepth + 1)
		}
		return inner
	}
	if c := inner.outermostWithout(e); c != nil {
		return c
	}
	return inner
}

func (r *Result) analyzeCycleExitDivergence(c *Cycle, b int) {
	g := r.g
	exits := c.Exits()
	for _, x := range exits {
		for _, v := range g.Instrs(x) {
			if g.IsPhi(v) && r.usesValueFrom(v, c) {
				r.markDivergent(v, Cause{Kind: CauseTemporal, Value: v, Branch: b, Cycle: c})
			}
		}
	}
	// A value defined in c can be used outside it only in an exit phi, or
	// below a block that dominates an exit.
	for _, x := range c.Blocks() {
		dominatesExit := false
		for _, e := range exits {
			if r.dom.dominates(x, e) {
				dominatesExit = true
				break
			}
		}
		if !dominatesExit {
			continue
		}
		for _, v := range g.Instrs(x) {
			if r.divergent[v] {
				continue // its users are divergent already
			}
			for _, u := range g.Users(v) {
				if ub := g.Block(u); ub >= 0 && c.Contains(ub) {
					continue
				}
				r.markDivergent(u, Cause{Kind: CauseTemporal, Value: v, Branch: b, Cycle: c})
				r.temporal = append(r.temporal, TemporalUse{Value: v, User: u, Cycle: c})
			}
		}
	}
}

func (r *Result) usesValueFrom(v int, c *Cycle) bool {
	for _, op := range r.g.Operands(v) {
		if op >= 0 {
			if b := r.g.Block(op); b >= 0 && c.Contains(b) {
				return true
			}
		}
	}
	return false
}

// IsDivergent reports whether v may differ between lanes that execute its
// definition together. For an instruction without a result it reports
// whether the instruction uses a divergent operand; for a terminator,
// whether the branch is divergent.
func (r *Result) IsDivergent(v int) bool {
	if v < 0 {
		return false
	}
	if b := r.g.Block(v); b >= 0 && r.g.IsTerminator(v) {
		return r.divergentTerm[b]
	}
	return r.divergent[v]
}

// IsDivergentUse reports whether the value v, as seen by the instruction
// user, may differ between lanes. Besides IsDivergent(v), that is the case
// when v is defined in a cycle that lanes leave in different iterations and
// user lies outside it (temporal divergence).
func (r *Result) IsDivergentUse(v, user int) bool {
	return r.IsDivergent(v) || r.TemporalCause(v, user).Kind != CauseNone
}

// JoinCause returns why a phi of block b that merges different values is
// divergent whatever those values are: lanes that a divergent branch sent on
// different paths meet again at b (CauseJoin), or b lies in a cycle assumed
// divergent (CauseDivergentCycle). It returns a Cause of kind CauseNone if
// neither holds.
func (r *Result) JoinCause(b int) Cause {
	if c, branch := r.NotMConverged(b); c != nil {
		return Cause{Kind: CauseDivergentCycle, Branch: branch, Cycle: c}
	}
	if br := r.joinBranch[b]; br >= 0 {
		return Cause{Kind: CauseJoin, Block: b, Branch: int(br)}
	}
	return Cause{}
}

// TemporalCause returns why v, as the instruction user sees it, may differ
// between lanes even if it is the same in every iteration: v is defined in a
// cycle that lanes leave in different iterations, and user lies outside it.
// It returns a Cause of kind CauseNone if that is not so.
func (r *Result) TemporalCause(v, user int) Cause {
	def := r.g.Block(v)
	if def < 0 || r.divergentExit == nil {
		return Cause{}
	}
	at := r.g.Block(user)
	for c := r.ci.cycleOf[def]; c != nil && (at < 0 || !c.Contains(at)); c = c.Parent {
		if r.divergentExit[c.Index] {
			return Cause{Kind: CauseTemporal, Value: v, Branch: int(r.exitBranch[c.Index]), Cycle: c}
		}
	}
	return Cause{}
}

// IsDivergentTerminator reports whether the branch that ends b is divergent.
func (r *Result) IsDivergentTerminator(b int) bool { return r.divergentTerm[b] }

// NotMConverged returns the outermost cycle assumed divergent that contains
// b, and the divergent branch (as the block it ends) that made it so, or nil
// and -1 if b is m-converged.
func (r *Result) NotMConverged(b int) (*Cycle, int) {
	for i, c := range r.assumedDivergent {
		if c.Contains(b) {
			return c, r.assumedBy[i]
		}
	}
	return nil, -1
}

// IsMConverged reports whether lanes that execute b together are exactly
// those that would in a structured execution: b lies in no cycle that
// diverged paths may enter at different entries.
func (r *Result) IsMConverged(b int) bool {
	for _, c := range r.assumedDivergent {
		if c.Contains(b) {
			return false
		}
	}
	return true
}

// Cycles returns the cycle forest of the function.
func (r *Result) Cycles() *CycleInfo { return r.ci }

// AssumedDivergent returns the cycles assumed divergent by the
// diverged-entry criterion, as LLVM lists them: a cycle nested in one
// already listed is left out, but one listed before the cycle around it
// stays. Which nested cycles appear thus depends on the order in which the
// divergent branches were met; IsMConverged does not.
func (r *Result) AssumedDivergent() []*Cycle { return r.assumedDivergent }

// DivergentExits returns the cycles that lanes may leave in different
// iterations, in the order they were found.
func (r *Result) DivergentExits() []*Cycle { return r.divergentExits }

// HasDivergentExit reports whether lanes may leave c in different iterations.
func (r *Result) HasDivergentExit(c *Cycle) bool {
	return r.divergentExit != nil && r.divergentExit[c.Index]
}

// TemporalDivergence lists the uses outside a cycle with a divergent exit of
// values that are uniform inside it: the uses that only temporal divergence
// makes divergent. LLVM's list also holds some values that are divergent
// anyway, depending on the order its worklist met them; those are left out,
// so that the list does not depend on that order.
func (r *Result) TemporalDivergence() []TemporalUse {
	var out []TemporalUse
	for _, t := range r.temporal {
		if !r.divergent[t.Value] {
			out = append(out, t)
		}
	}
	return out
}

// Reachable reports whether the entry reaches b.
func (r *Result) Reachable(b int) bool { return r.dom != nil && r.dom.reachable(b) }
