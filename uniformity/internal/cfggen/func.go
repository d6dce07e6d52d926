// Package cfggen generates random functions for testing and benchmarking
// the uniformity analysis: control-flow graphs with loops, irreducible
// cycles and unstructured joins, filled with SSA values whose branch
// conditions are uniform, divergent or mixed.
//
// A generated Func is both a uniformity.Graph, for tests that need no
// text, and valid LLVM IR (see Func.IR and Module), for comparisons with
// opt. Generation is deterministic for a given seed.
package cfggen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spmdvet/spmdvet/uniformity"
)

// Op is the kind of a value.
type Op uint8

const (
	OpParam         Op = iota
	OpConst            // Name holds the constant's text
	OpPhi              // Args[i] flows in from block From[i]
	OpBinary           // Sub is the opcode: add, sub, ...
	OpICmp             // Sub is the predicate: eq, slt, ...
	OpSelect           // Args: condition, then, else
	OpThreadID         // Sub is the dimension: x, y or z
	OpReadFirstLane    // uniform whatever its operand
	OpGEP              // &Args[0][Args[1]], with i32 elements
	OpLoad             // Args[0] is the address
	OpStore            // Args: value, address
	OpBr               // Args: the condition, if the block has two successors
	OpSwitch           // Args: the condition; cases 0, 1, ... go to Succs[1:]
	OpRet
	OpUnreachable
)

// Value is a parameter, a constant or an instruction.
type Value struct {
	Op    Op
	Name  string // "%v3" for values with a result, the text of a constant
	Type  string // "i32", "i1", "ptr addrspace(1)", or "void"
	Sub   string // opcode, predicate or dimension; "inreg" for parameters in registers
	Block int    // -1 for parameters and constants
	Args  []int  // operands; uniformity.Undef for undef
	From  []int  // phi incoming blocks, parallel to Args
}

// Block is a basic block. Its terminator is the last instruction.
type Block struct {
	Succs  []int
	Instrs []int
}

// Func is a generated function. After generation it must not be modified,
// except through the methods that return a modified copy.
type Func struct {
	Name   string
	Kernel bool // amdgpu_kernel: all parameters are uniform
	Blocks []Block
	Values []Value
	Params []int

	preds  [][]int
	users  [][]int
	consts map[string]int
}

var _ uniformity.Graph = (*Func)(nil)

func (f *Func) NumBlocks() int          { return len(f.Blocks) }
func (f *Func) Succs(b int) []int       { return f.Blocks[b].Succs }
func (f *Func) Preds(b int) []int       { return f.preds[b] }
func (f *Func) NumValues() int          { return len(f.Values) }
func (f *Func) Instrs(b int) []int      { return f.Blocks[b].Instrs }
func (f *Func) Block(v int) int         { return f.Values[v].Block }
func (f *Func) Operands(v int) []int    { return f.Values[v].Args }
func (f *Func) Users(v int) []int       { return f.users[v] }
func (f *Func) IsPhi(v int) bool        { return f.Values[v].Op == OpPhi }
func (f *Func) IsTerminator(v int) bool { return f.Values[v].Op >= OpBr }

// ValueName returns how v is written as an operand: "%v3", "%u0", "0".
func (f *Func) ValueName(v int) string { return f.Values[v].Name }

// BlockName returns the label of block b.
func (f *Func) BlockName(b int) string { return fmt.Sprintf("bb%d", b) }

// Seeds returns the sources of divergence: thread ids and, outside
// kernels, the parameters not passed in registers.
func (f *Func) Seeds() []int {
	var seeds []int
	for v, val := range f.Values {
		if val.Op == OpThreadID || val.Op == OpParam && !f.Kernel && val.Sub != "inreg" {
			seeds = append(seeds, v)
		}
	}
	return seeds
}

// Uniform returns the instructions that are uniform whatever their
// operands.
func (f *Func) Uniform() []int {
	var uniform []int
	for v, val := range f.Values {
		if val.Op == OpReadFirstLane {
			uniform = append(uniform, v)
		}
	}
	return uniform
}

// newFunc returns a function with the standard parameters: a divergent
// %a0 (unless in a kernel), uniform %u0 and %u1, and the %out pointer.
func newFunc(name string, kernel bool) *Func {
	f := &Func{Name: name, Kernel: kernel, consts: map[string]int{}}
	for _, p := range []Value{
		{Name: "%a0", Type: "i32"},
		{Name: "%u0", Type: "i32", Sub: "inreg"},
		{Name: "%u1", Type: "i32", Sub: "inreg"},
		{Name: "%out", Type: "ptr addrspace(1)", Sub: "inreg"},
	} {
		p.Op, p.Block = OpParam, -1
		f.Params = append(f.Params, len(f.Values))
		f.Values = append(f.Values, p)
	}
	return f
}

func (f *Func) param(name string) int {
	for _, p := range f.Params {
		if f.Values[p].Name == name {
			return p
		}
	}
	panic("no parameter " + name)
}

func (f *Func) addBlock() int {
	f.Blocks = append(f.Blocks, Block{})
	return len(f.Blocks) - 1
}

// add appends instruction v to block b and returns its id. Values with a
// result are named %v<id>, unless v already has a name.
func (f *Func) add(b int, v Value) int {
	id := len(f.Values)
	v.Block = b
	if v.Name == "" && v.Type != "void" {
		v.Name = fmt.Sprintf("%%v%d", id)
	}
	f.Values = append(f.Values, v)
	f.Blocks[b].Instrs = append(f.Blocks[b].Instrs, id)
	return id
}

// constant returns the value of the constant text of type typ, creating it
// on first use so that equal constants are one value.
func (f *Func) constant(typ, text string) int {
	key := typ + " " + text
	if v, ok := f.consts[key]; ok {
		return v
	}
	f.consts[key] = len(f.Values)
	f.Values = append(f.Values, Value{Op: OpConst, Name: text, Type: typ, Block: -1})
	return f.consts[key]
}

// finish derives predecessors and users once all blocks and values exist.
func (f *Func) finish() *Func {
	f.preds = make([][]int, len(f.Blocks))
	for b, blk := range f.Blocks {
		for _, s := range blk.Succs {
			f.preds[s] = append(f.preds[s], b)
		}
	}
	// In LLVM's order, which is that of llir: latest use first.
	for _, p := range f.preds {
		slices.Reverse(p)
	}
	f.users = make([][]int, len(f.Values))
	for v, val := range f.Values {
		for _, a := range val.Args {
			if a >= 0 {
				f.users[a] = append(f.users[a], v)
			}
		}
	}
	return f
}

// WithSuccOrder returns a copy of f whose blocks list their successors in
// the order given by perm(b, succs), which must return a permutation of
// succs. The copy describes the same program with branch targets (and,
// for a switch, case numbers) renamed; as IR text it is a different but
// valid function.
func (f *Func) WithSuccOrder(perm func(b int, succs []int) []int) *Func {
	g := *f
	g.Blocks = make([]Block, len(f.Blocks))
	for b, blk := range f.Blocks {
		g.Blocks[b] = Block{Succs: perm(b, append([]int(nil), blk.Succs...)), Instrs: blk.Instrs}
	}
	return g.finish()
}

// IR returns the function as an LLVM IR definition. It needs the
// declarations that Module writes.
func (f *Func) IR() string {
	var b strings.Builder
	b.Grow(64 * len(f.Values))
	b.WriteString("define ")
	if f.Kernel {
		b.WriteString("amdgpu_kernel ")
	}
	fmt.Fprintf(&b, "void @%s(", f.Name)
	for i, p := range f.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		v := f.Values[p]
		b.WriteString(v.Type + " ")
		if v.Sub != "" {
			b.WriteString(v.Sub + " ")
		}
		b.WriteString(v.Name)
	}
	b.WriteString(") {\n")
	for blk := range f.Blocks {
		fmt.Fprintf(&b, "%s:\n", f.BlockName(blk))
		for _, v := range f.Blocks[blk].Instrs {
			b.WriteString("  ")
			b.WriteString(f.InstrText(v))
			b.WriteByte('\n')
		}
	}
	b.WriteString("}\n")
	return b.String()
}

// operand returns how v is written as an operand.
func (f *Func) operand(v int) string {
	if v == uniformity.Undef {
		return "poison"
	}
	return f.Values[v].Name
}

// InstrText returns the text of instruction v as IR and as opt prints it.
func (f *Func) InstrText(v int) string {
	val := f.Values[v]
	arg := func(i int) string { return f.operand(val.Args[i]) }
	label := func(b int) string { return "%" + f.BlockName(b) }
	switch val.Op {
	case OpPhi:
		var in []string
		for i := range val.Args {
			in = append(in, fmt.Sprintf("[ %s, %s ]", arg(i), label(val.From[i])))
		}
		return fmt.Sprintf("%s = phi %s %s", val.Name, val.Type, strings.Join(in, ", "))
	case OpBinary:
		return fmt.Sprintf("%s = %s i32 %s, %s", val.Name, val.Sub, arg(0), arg(1))
	case OpICmp:
		return fmt.Sprintf("%s = icmp %s i32 %s, %s", val.Name, val.Sub, arg(0), arg(1))
	case OpSelect:
		return fmt.Sprintf("%s = select i1 %s, %s %s, %s %s", val.Name, arg(0), val.Type, arg(1), val.Type, arg(2))
	case OpThreadID:
		return fmt.Sprintf("%s = call i32 @llvm.amdgcn.workitem.id.%s()", val.Name, val.Sub)
	case OpReadFirstLane:
		return fmt.Sprintf("%s = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %s)", val.Name, arg(0))
	case OpGEP:
		return fmt.Sprintf("%s = getelementptr i32, ptr addrspace(1) %s, i32 %s", val.Name, arg(0), arg(1))
	case OpLoad:
		return fmt.Sprintf("%s = load i32, ptr addrspace(1) %s, align 4", val.Name, arg(0))
	case OpStore:
		return fmt.Sprintf("store %s %s, ptr addrspace(1) %s, align 4", f.Values[val.Args[0]].Type, arg(0), arg(1))
	case OpBr:
		succs := f.Blocks[val.Block].Succs
		if len(succs) == 1 {
			return "br label " + label(succs[0])
		}
		return fmt.Sprintf("br i1 %s, label %s, label %s", arg(0), label(succs[0]), label(succs[1]))
	case OpSwitch:
		succs := f.Blocks[val.Block].Succs
		var cases []string
		for i, s := range succs[1:] {
			cases = append(cases, fmt.Sprintf("i32 %d, label %s", i, label(s)))
		}
		return fmt.Sprintf("switch i32 %s, label %s [ %s ]", arg(0), label(succs[0]), strings.Join(cases, " "))
	case OpRet:
		return "ret void"
	case OpUnreachable:
		return "unreachable"
	}
	panic(fmt.Sprintf("value %d (op %d) is not an instruction", v, val.Op))
}

// Header is the start of every module Module writes: the target, which
// decides what is divergent, and the intrinsics generated code calls.
const Header = `target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
`

// Module returns a complete LLVM IR module holding funcs.
func Module(funcs ...*Func) string {
	var b strings.Builder
	b.WriteString(Header)
	for _, f := range funcs {
		b.WriteByte('\n')
		b.WriteString(f.IR())
	}
	return b.String()
}
