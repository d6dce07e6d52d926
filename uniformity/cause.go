package uniformity

// CauseKind says why a value or branch is divergent.
type CauseKind uint8

const (
	CauseNone CauseKind = iota
	// CauseSource: the value is a seed, a source of divergence.
	CauseSource
	// CauseOperand: the instruction uses Value, which is divergent.
	CauseOperand
	// CauseJoin: a phi at Block, where paths split by the divergent branch
	// ending block Branch meet again.
	CauseJoin
	// CauseTemporal: the instruction uses Value outside Cycle, which lanes
	// leave in different iterations because of the branch ending Branch.
	CauseTemporal
	// CauseDivergentCycle: the instruction is in Cycle, which is assumed
	// divergent because paths split by the branch ending Branch enter it at
	// different entries or meet in it (diverged-entry criterion).
	CauseDivergentCycle
	// CauseControl: the value depends on whether instruction Value ran (it
	// writes memory, say), and Value runs under the divergent branch ending
	// Branch. Only Extend records it.
	CauseControl
)

// A Cause is the first reason the analysis found for a divergence. Following
// causes from a divergent value always ends at a seed.
type Cause struct {
	Kind   CauseKind
	Value  int // CauseSource, CauseOperand, CauseTemporal, CauseControl
	Block  int // CauseJoin
	Branch int // CauseJoin, CauseTemporal, CauseDivergentCycle, CauseControl
	Cycle  *Cycle
}

// Cause returns why v is divergent; for a terminator, why its branch is.
func (r *Result) Cause(v int) Cause {
	if v < 0 {
		return Cause{}
	}
	if b := r.g.Block(v); b >= 0 && r.g.IsTerminator(v) {
		return r.termCause[b]
	}
	return r.cause[v]
}

// BranchCause returns why the branch that ends block b is divergent.
func (r *Result) BranchCause(b int) Cause { return r.termCause[b] }

// Explain returns the chain of causes from v back to a seed: each step's
// Value (or Branch) is explained by the next one. It is empty when v is
// uniform.
func (r *Result) Explain(v int) []Cause {
	var chain []Cause
	c := r.Cause(v)
	for steps := 0; c.Kind != CauseNone && steps <= r.g.NumValues()+r.g.NumBlocks(); steps++ {
		chain = append(chain, c)
		switch c.Kind {
		case CauseSource:
			return chain
		case CauseOperand:
			c = r.Cause(c.Value)
		default: // the divergence comes from a branch
			if c.Branch < 0 {
				return chain
			}
			c = r.termCause[c.Branch]
		}
	}
	return chain
}
