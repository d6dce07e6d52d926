// Package llir reads the small subset of textual LLVM IR that the
// differential tests exchange with opt: straight-line integer code, phis,
// loads and stores, a few AMDGPU intrinsics and the usual terminators. It
// also reads the report of opt's print<uniformity> pass.
//
// A parsed function implements uniformity.Graph, so the analysis can run
// on exactly the input opt saw and the answers can be compared line by line.
package llir

import "github.com/spmdvet/spmdvet/uniformity"

// Func is one parsed function definition.
type Func struct {
	Name string
	// Kernel reports the amdgpu_kernel calling convention. All arguments
	// of a kernel are uniform; in other functions only inreg (and byval)
	// arguments are.
	Kernel bool
	// Text is the definition as it appeared in the source.
	Text string

	blocks []block
	vals   []value
	params []int // value ids of the parameters in order

	blockIndex map[string]int
	valueIndex map[string]int // "%x" and "@g" to value id
	seeds      []int
	uniform    []int
}

type block struct {
	name   string
	instrs []int
	succs  []int
	preds  []int
}

type valueKind uint8

const (
	kindParam valueKind = iota
	kindConst
	kindGlobal
	kindInstr
)

type value struct {
	kind  valueKind
	name  string // "%x" for parameters and named instructions, the text of constants and globals
	typ   string
	op    string // opcode of an instruction; "call" for calls
	text  string // canonical text of an instruction, "i32 inreg %u" for a parameter
	block int    // -1 unless kind == kindInstr
	ops   []int
	// inBlocks holds a phi's incoming block per operand.
	inBlocks []int
	users    []int
	inreg    bool // parameter passed in a scalar register
}

var _ uniformity.Graph = (*Func)(nil)

func (f *Func) NumBlocks() int          { return len(f.blocks) }
func (f *Func) Succs(b int) []int       { return f.blocks[b].succs }
func (f *Func) Preds(b int) []int       { return f.blocks[b].preds }
func (f *Func) NumValues() int          { return len(f.vals) }
func (f *Func) Instrs(b int) []int      { return f.blocks[b].instrs }
func (f *Func) Block(v int) int         { return f.vals[v].block }
func (f *Func) Operands(v int) []int    { return f.vals[v].ops }
func (f *Func) Users(v int) []int       { return f.vals[v].users }
func (f *Func) IsPhi(v int) bool        { return f.vals[v].op == "phi" }
func (f *Func) IsTerminator(v int) bool { return isTerminator(f.vals[v].op) }

func isTerminator(op string) bool {
	switch op {
	case "br", "switch", "ret", "unreachable":
		return true
	}
	return false
}

// BlockName returns the label of block b without the '%'.
func (f *Func) BlockName(b int) string { return f.blocks[b].name }

// BlockIndex returns the block labelled name ("loop", not "%loop"), or -1.
func (f *Func) BlockIndex(name string) int {
	if b, ok := f.blockIndex[name]; ok {
		return b
	}
	return -1
}

// Value returns the value named name ("%x" or "@g"), or -1.
func (f *Func) Value(name string) int {
	if v, ok := f.valueIndex[name]; ok {
		return v
	}
	return -1
}

// ValueName returns the name of v as it is written in operands: "%x" for
// parameters and instructions, "0" or "true" for constants. Instructions
// without a result have no name.
func (f *Func) ValueName(v int) string { return f.vals[v].name }

// InstrText returns the canonical text of instruction v (see Canonical);
// for a parameter it returns its declaration, "i32 inreg %u".
func (f *Func) InstrText(v int) string { return f.vals[v].text }

// Type returns the type of v as written, "void" for instructions without
// a result.
func (f *Func) Type(v int) string { return f.vals[v].typ }

// Opcode returns the opcode of instruction v ("add", "icmp", "call"), or
// "" if v is not an instruction.
func (f *Func) Opcode(v int) string { return f.vals[v].op }

// Params returns the value ids of the parameters in order.
func (f *Func) Params() []int { return f.params }

// IsParam reports whether v is a parameter.
func (f *Func) IsParam(v int) bool { return f.vals[v].kind == kindParam }

// PhiBlocks returns the incoming block of each operand of phi v.
func (f *Func) PhiBlocks(v int) []int { return f.vals[v].inBlocks }

// Seeds returns the values that are sources of divergence on AMDGPU, as
// LLVM's AMDGPU target describes them: thread-id intrinsics, calls of
// functions that are not intrinsics, loads through flat or private
// pointers and, outside kernels, parameters not passed in registers.
func (f *Func) Seeds() []int { return f.seeds }

// Uniform returns the instructions that are uniform whatever their
// operands, like readfirstlane.
func (f *Func) Uniform() []int { return f.uniform }
