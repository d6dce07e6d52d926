package divergence

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/spmdvet/spmdvet/uniformity"
)

// run analyzes the graph with more seeds, if any. Writes to
// per-lane memory under divergent control make the memory divergent, which
// can make more control divergent, so it iterates to a fixed point.
func (g *funcGraph) run(extra ...int) *uniformity.Result {
	return g.analyze(extra, nil)
}

// runUniform is run with the nodes extra uniform whatever they depend on.
func (g *funcGraph) runUniform(extra []int) *uniformity.Result {
	return g.analyze(nil, extra)
}

func (g *funcGraph) analyze(seeds, uniform []int) *uniformity.Result {
	r := uniformity.Analyze(g, uniformity.Config{Seeds: slices.Concat(g.seeds, seeds), Uniform: slices.Concat(g.uniform, uniform), LLVM22: llvm22, SameCFG: g.sameCFG})
	if g.sameCFG == nil {
		g.sameCFG = r
	}
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

// An extension makes a node divergent for a reason found in the analysis.
type extension struct {
	node int
	why  uniformity.Cause
}

// extendMemory makes memory written under divergent control divergent, and
// type tests whose types may differ between lanes (see typeTest), to a
// fixed point.
func (g *funcGraph) extendMemory(r *uniformity.Result) {
	for {
		// Find every memory written under divergent control first, then
		// extend: control divergence is recomputed once per round.
		var round []extension
		for _, m := range g.memList {
			if g.memDivergent(r, m) {
				continue
			}
			for _, w := range m.writers {
				if branch, ok := g.underDivergentControl(r, w); ok {
					round = append(round, extension{m.id, uniformity.Cause{Kind: uniformity.CauseControl, Value: w, Branch: branch}})
					break
				}
			}
		}
		round = append(round, g.typeTestsDivergent(r)...)
		if len(round) == 0 {
			return
		}
		for _, e := range round {
			r.Extend(e.node, e.why)
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
	return g.runDefersFrom(g.blockOf[id])
}

// runDefersFrom returns the RunDefers instructions reachable from block b:
// where what is deferred at b runs. go/ssa leaves out RunDefers in a
// function whose only defers are in the bodies of its range-over-func
// loops; there, the returns stand for them.
func (g *funcGraph) runDefersFrom(b int) []int {
	// Asked for in every round of every run: find them once.
	if runs, ok := g.deferRunsOf[b]; ok {
		return runs
	}
	seen := reachableFrom(g.succs, b)
	runs := g.runDefers
	if len(runs) == 0 {
		runs = g.returns
	}
	var out []int
	for _, rd := range runs {
		if seen[g.blockOf[rd]] {
			out = append(out, rd)
		}
	}
	g.deferRunsOf[b] = out
	return out
}
