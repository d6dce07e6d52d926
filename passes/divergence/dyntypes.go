package divergence

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/spmdvet/spmdvet/uniformity"
)

// An interface value may differ between lanes in what it holds but not in
// its dynamic type: `var s Syncer = w; if blockWide { s = w.Block }` holds
// a lane's own handle, yet every lane calls the same Sync. Which method an
// interface call runs, and which case of a type switch lanes take, depend
// on the dynamic type alone.
//
// The graph has no node for a dynamic type. A type test on a value made
// here from concrete values (typeTests) is left out of the graph, and
// made divergent after each analysis when the type it tests may differ
// between lanes (typeUniform): divergence only grows, so this joins the
// fixed point that memory already iterates.

// A typeTest is a type assertion on an interface value made here from
// values of several concrete types, or its ok result: divergent when the
// type it tests may differ between lanes.
type typeTest struct {
	id int
	x  ssa.Value
}

// concreteTypes returns the dynamic types the interface value v may have,
// if they are all known: v is made from concrete values here.
func concreteTypes(v ssa.Value) ([]types.Type, bool) {
	made, ok := madeFrom(v)
	var out []types.Type
	for _, m := range made {
		out = append(out, m.X.Type())
	}
	return out, ok
}

// madeFrom returns the conversions of concrete values to interfaces that
// the interface value v may come from, if it comes from nothing else.
func madeFrom(v ssa.Value) ([]*ssa.MakeInterface, bool) {
	var out []*ssa.MakeInterface
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value) bool
	walk = func(v ssa.Value) bool {
		if seen[v] {
			return true
		}
		seen[v] = true
		switch v := v.(type) {
		case *ssa.MakeInterface:
			if types.IsInterface(v.X.Type()) {
				return false
			}
			out = append(out, v)
			return true
		case *ssa.ChangeInterface:
			return walk(v.X)
		case *ssa.Phi:
			for _, e := range v.Edges {
				if !walk(e) {
					return false
				}
			}
			return true
		}
		return false
	}
	return out, walk(v)
}

// oneDynamicType reports whether the interface value v holds the same
// dynamic type on every path, whatever the value it holds: then lanes that
// hold different values still call the same methods and pass the same
// type assertions.
func oneDynamicType(v ssa.Value) bool { return dynamicType(v) != nil }

// dynamicType returns the one dynamic type the interface value v holds on
// every path, or nil.
func dynamicType(v ssa.Value) types.Type {
	ts, ok := concreteTypes(v)
	if !ok || len(ts) == 0 {
		return nil
	}
	for _, t := range ts[1:] {
		if !types.Identical(t, ts[0]) {
			return nil
		}
	}
	return ts[0]
}

// testsTypeHere reports whether the ok result of x.(T) can be left to a
// typeTest: x is made here from concrete values, of more than one type.
func testsTypeHere(x ssa.Value) bool {
	ts, ok := concreteTypes(x)
	return ok && len(ts) > 1
}

// typeUniform reports whether the interface value v holds the same dynamic
// type in every lane where user uses it: it is uniform there, or it merges
// values of concrete types made here, and no divergent branch chooses
// between types (a join) and no lane sees another iteration's type.
func (g *funcGraph) typeUniform(r *uniformity.Result, v ssa.Value, user int) bool {
	_, id, ok := g.findValue(v)
	switch {
	case !ok:
		return false
	case !r.IsDivergentUse(id, user) || oneDynamicType(v):
		return true
	case r.TemporalCause(id, user).Kind != uniformity.CauseNone:
		return false
	}
	// sameIterations: the user of e sees the value of its own iteration.
	sameIterations := func(e ssa.Value, user int) bool {
		_, id, ok := g.findValue(e)
		return ok && r.TemporalCause(id, user).Kind == uniformity.CauseNone
	}
	joins := func(id int) bool {
		return id >= 0 && g.blockOf[id] >= 0 && r.JoinCause(g.blockOf[id]).Kind != uniformity.CauseNone
	}
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value) bool
	walk = func(v ssa.Value) bool {
		v, id, ok := g.findValue(v)
		if !ok {
			return false
		}
		if seen[v] || !r.IsDivergent(id) || oneDynamicType(v) {
			return true
		}
		seen[v] = true // a cycle of phis adds no type
		switch v := v.(type) {
		case *ssa.MakeInterface:
			return true
		case *ssa.ChangeInterface:
			return sameIterations(v.X, id) && walk(v.X)
		case *ssa.Phi:
			if own, ok := g.ids[v]; joins(id) || ok && own != id && joins(own) {
				return false
			}
			for _, e := range v.Edges {
				if !sameIterations(e, id) || !walk(e) {
					return false
				}
			}
			return true
		case *ssa.UnOp:
			return v.Op == token.MUL && g.storedTypesUniform(r, v.X, id, walk)
		}
		return false
	}
	return walk(v)
}

// storedTypesUniform reports whether a load at addr (by the node load)
// gives an interface value of the same dynamic type in every lane: the
// address is uniform, and only stores write the memory there, each at a
// uniform address under uniform control, of values whose type is (stored:
// []Syncer{w, w.Block} holds a *Warp and a *Block at known places).
func (g *funcGraph) storedTypesUniform(r *uniformity.Result, addr ssa.Value, load int, stored func(ssa.Value) bool) bool {
	_, a, ok := g.findValue(addr)
	if !ok || r.IsDivergentUse(a, load) {
		return false
	}
	ms := g.memRoots(addr)
	if len(ms) == 0 {
		return false // memory all lanes share, which any code may write
	}
	for _, m := range ms {
		for _, w := range m.writers {
			st, ok := g.instrs[w].(*ssa.Store)
			if !ok {
				return false
			}
			_, sa, ok := g.findValue(st.Addr)
			if !ok || r.IsDivergentUse(sa, w) {
				return false
			}
			if _, under := g.underDivergentControl(r, w); under || !stored(st.Val) {
				return false
			}
		}
	}
	return true
}

// typeTestsDivergent returns the extensions that the type tests whose
// types may differ between lanes need.
func (g *funcGraph) typeTestsDivergent(r *uniformity.Result) []extension {
	var out []extension
	for _, t := range g.typeTests {
		if r.IsDivergent(t.id) || g.typeUniform(r, t.x, t.id) {
			continue
		}
		_, x, _ := g.findValue(t.x)
		out = append(out, extension{t.id, uniformity.Cause{Kind: uniformity.CauseOperand, Value: x}})
	}
	return out
}
