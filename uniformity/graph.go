package uniformity

// Graph describes one function to the analysis: its control-flow graph and
// the def-use relation of its values. Everything is a dense integer so that
// the analysis can keep its state in slices.
//
// Blocks are numbered 0..NumBlocks()-1 and block 0 is the entry. Values are
// numbered 0..NumValues()-1. A value is either an instruction (it has a block,
// and it may or may not produce a result: stores and branches are values too)
// or something defined outside every block: a parameter, a constant, a global.
// Equal constants should be one value, so that "every incoming value of this
// phi is the same" can be decided by comparing numbers.
type Graph interface {
	NumBlocks() int
	// Succs returns the successors of b in branch order. The order matters:
	// the cycle analysis walks them from last to first, as LLVM does, which
	// decides the header of an irreducible cycle.
	Succs(b int) []int
	Preds(b int) []int

	NumValues() int
	// Instrs returns the instructions of b in order. If b ends in a
	// terminator, it is the last one.
	Instrs(b int) []int
	// Block returns the block of instruction v, or -1 if v is not an
	// instruction.
	Block(v int) int
	// Operands returns the values that instruction v uses. Undef is used for
	// an operand that has no defined value (LLVM's undef/poison).
	Operands(v int) []int
	// Users returns the values that use v: instructions, or values outside
	// every block that depend on it (an adapter may model memory that way;
	// such a value counts as outside every cycle). Duplicates are allowed.
	// List them in program order: the analysis visits them backwards, as
	// LLVM visits a use list, so that it finds the same reasons first.
	Users(v int) []int
	IsPhi(v int) bool
	// IsTerminator reports whether v ends its block. The terminator's
	// operands decide the branch: it is divergent when one of them is.
	IsTerminator(v int) bool
}

// Undef is the operand of a phi (or any instruction) that has no defined
// value on that path. A phi ignores it when deciding whether all its
// incoming values are the same.
const Undef = -1
