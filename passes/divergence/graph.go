package divergence

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// funcGraph presents one ssa.Function to the uniformity core. It is where Go
// semantics meet the generic analysis: an instruction's operands in the
// graph are the values its result depends on, which for calls, loads and
// channel operations is not simply its SSA operands.
type funcGraph struct {
	fn     *ssa.Function
	blocks []*ssa.BasicBlock
	succs  [][]int
	preds  [][]int

	// Values: instructions first, in block order, then everything else.
	values    []ssa.Value       // nil for instructions without a result and for memory
	instrs    []ssa.Instruction // nil for values that are not instructions
	mems      []*memObject      // non-nil for per-lane memory
	ids       map[any]int
	consts    map[string]int
	blockOf   []int
	operands  [][]int
	users     [][]int
	phi, term []bool
	inBlock   [][]int

	seeds   []int
	uniform []int
	// why records the reason for a seed, for explanations.
	seedWhy map[int]string

	memByRoot map[ssa.Value]*memObject
	memList   []*memObject // in creation order, for determinism
}

func (g *funcGraph) NumBlocks() int          { return len(g.blocks) }
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
	// summary returns the vocabulary of a called function, or nil.
	summary(fn *types.Func) *Summary
	// isLane reports whether t is a lane handle type.
	isLane(t types.Type) bool
}

// memObject is memory private to each lane: a variable, array, slice or map
// that the function allocates, so that every lane has its own. Loads from it
// are divergent once any write to it is divergent or runs under divergent
// control.
type memObject struct {
	id      int
	root    ssa.Value // the allocation
	writers []int     // instructions that may write it
}

func newFuncGraph(fn *ssa.Function, sem semantics, perLaneFreeVars bool) *funcGraph {
	g := &funcGraph{
		fn:        fn,
		blocks:    fn.Blocks,
		ids:       make(map[any]int),
		consts:    make(map[string]int),
		seedWhy:   make(map[int]string),
		memByRoot: make(map[ssa.Value]*memObject),
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
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if id, ok := g.ids[instr]; ok {
				g.addInstr(id, instr, sem, perLaneFreeVars)
			}
		}
	}
	return g
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
	if c, ok := v.(*ssa.Const); ok {
		key := c.Type().String() + "\x00" + constString(c.Value)
		if id, ok := g.consts[key]; ok {
			return id
		}
		id := g.newValue(-1)
		g.values[id] = v
		g.consts[key] = id
		return id
	}
	if id, ok := g.ids[v]; ok {
		return id
	}
	id := g.newValue(-1)
	g.values[id] = v
	g.ids[v] = id
	return id
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
func (g *funcGraph) addInstr(id int, instr ssa.Instruction, sem semantics, perLaneFreeVars bool) {
	dependOn := func(vs ...ssa.Value) {
		for _, v := range vs {
			if v != nil {
				g.depend(id, g.valueID(v))
			}
		}
	}
	switch instr := instr.(type) {
	case *ssa.Phi:
		// go/ssa has no undef: a variable unassigned on some path merges its
		// zero value, which is a real value here.
		dependOn(instr.Edges...)
		return

	case ssa.CallInstruction:
		g.addCall(id, instr, sem, perLaneFreeVars)
		return

	case *ssa.UnOp:
		switch instr.Op {
		case token.ARROW:
			// Each lane receives its own element.
			g.seed(id, "receives from a channel: each lane gets its own element")
			return
		case token.MUL:
			dependOn(instr.X)
			g.readMemory(id, instr.X, perLaneFreeVars)
			return
		}

	case *ssa.Select:
		if len(instr.States) > 1 || !instr.Blocking {
			g.seed(id, "is a select: lanes may take different cases")
			return
		}

	case *ssa.Extract:
		if next, ok := instr.Tuple.(*ssa.Next); ok && !next.IsString && instr.Index > 0 {
			g.seed(id, "comes from map iteration, whose order differs between lanes")
			return
		}

	case *ssa.Lookup:
		dependOn(instr.X, instr.Index)
		if !isString(instr.X.Type()) {
			g.readMemory(id, instr.X, perLaneFreeVars)
		}
		return

	case *ssa.Store:
		dependOn(instr.Addr, instr.Val)
		g.writeMemory(id, instr.Addr, perLaneFreeVars)
		return

	case *ssa.MapUpdate:
		dependOn(instr.Map, instr.Key, instr.Value)
		g.writeMemory(id, instr.Map, perLaneFreeVars)
		return

	case *ssa.Range:
		dependOn(instr.X)
		g.readMemory(id, instr.X, perLaneFreeVars)
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
