package divergence

import (
	"strings"

	"golang.org/x/tools/go/ssa"
)

// callGraphSCCs returns the strongly connected components of the static
// call graph among fns, callees before callers (Tarjan's algorithm).
func callGraphSCCs(fns []*ssa.Function) [][]*ssa.Function {
	in := make(map[*ssa.Function]bool, len(fns))
	methods := make(map[string][]*ssa.Function)
	for _, fn := range fns {
		in[fn] = true
		if fn.Signature.Recv() != nil {
			methods[fn.Name()] = append(methods[fn.Name()], fn)
		}
	}
	// callees are what fn needs summarized first: what it calls, through
	// the wrappers go/ssa makes for method values and expressions too, and
	// every method of the package that an interface call may reach, so
	// that the order the source declares them in does not matter.
	reached := func(out []*ssa.Function, fn *ssa.Function, direct []*ssa.Function) []*ssa.Function {
		out = append(out, direct...)
		for _, name := range invokedMethods(fn) {
			out = append(out, methods[name]...)
		}
		return out
	}
	callees := func(fn *ssa.Function) []*ssa.Function {
		direct := staticCallees(fn)
		out := reached(nil, fn, direct)
		for _, c := range direct {
			if c.Synthetic != "" && !in[c] {
				out = reached(out, c, staticCallees(c))
			}
		}
		return out
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
		for _, c := range callees(fn) {
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
				} else if !instr.Common().IsInvoke() {
					// A function held in a variable: a closure's
					// summary is needed before a call through it.
					fns, _ := heldFuncs(instr.Common().Value, Input{})
					out = append(out, fns...)
				}

			case *ssa.MakeClosure:
				if c, ok := instr.Fn.(*ssa.Function); ok {
					out = append(out, c)
				}
			}
			for _, op := range instr.Operands(nil) {
				// A function used as a value (a declared one, or a
				// literal without captured variables): given to a
				// callee, returned, stored.
				if c, ok := (*op).(*ssa.Function); ok {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// invokedMethods lists the names of the methods fn calls through an
// interface.
func invokedMethods(fn *ssa.Function) []string {
	var out []string
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok && call.Common().IsInvoke() {
				out = append(out, call.Common().Method.Name())
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
