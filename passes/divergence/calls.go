package divergence

import (
	"go/types"
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

// addCall records what a call's result depends on, according to the
// callee's vocabulary, and what it may do to per-lane memory.
func (g *funcGraph) addCall(id int, call ssa.CallInstruction, sem semantics, perLaneFreeVars bool) {
	common := call.Common()
	fn, args := callee(common)
	var s *Summary
	if fn != nil {
		s = sem.summary(fn)
	}
	dependOn := func(vs ...ssa.Value) {
		for _, v := range vs {
			if v != nil {
				g.depend(id, g.valueID(v))
			}
		}
	}

	// The callee may read and write memory reachable from its arguments,
	// captured variables included.
	reachable := append([]ssa.Value{common.Value}, common.Args...)
	for _, a := range reachable {
		g.readMemory(id, a, perLaneFreeVars)
		g.writeMemory(id, a, perLaneFreeVars)
	}
	// A callee that can read the lane index but whose effects are unknown
	// may write lane-dependent data there.
	unknownLaneAccess := s == nil && callReachesLane(common, sem)
	if unknownLaneAccess {
		for _, a := range reachable {
			for _, m := range g.memRoots(a, perLaneFreeVars) {
				g.seed(m.id, "is written by a call that can read the lane index")
			}
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
		} else {
			dependOn(common.Value)
		}
		dependOn(common.Args...)
	}
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
