// Package interp holds small accumulator-machine interpreters run in SPMD
// fashion: either every lane runs its own program, or the group runs one
// shared program on per-lane data.
package interp

// Code is an opcode.
type Code uint8

const (
	Halt   Code = iota
	Set         // acc = Arg
	Add         // acc += Arg
	Mul         // acc *= Arg
	Div         // acc /= Arg
	Dec         // acc--
	Jmp         // pc = Arg
	Jnz         // if acc != 0, pc = Arg
	Sync        // barrier
	Sum         // acc = sum of acc over the group
	AddSum      // acc += Arg, then Sum
	Max         // acc = max of acc over the group
	SetCnt      // cnt = a group-wide value derived from acc
	Loop        // cnt--, if cnt > 0, pc = Arg
	Peek        // acc += published acc of lane (self+Arg) mod Count
	Emit        // queue acc
)

// Op is one instruction.
type Op struct {
	Code Code
	Arg  int
}

// maxSteps bounds every machine, so a looping program cannot hang a test.
const maxSteps = 1000

// apply executes the instructions that only touch acc.
func apply(op Op, acc int, shared []int, me, n int) int {
	switch op.Code {
	case Set:
		return op.Arg
	case Add:
		return acc + op.Arg
	case Mul:
		return acc * op.Arg
	case Dec:
		return acc - 1
	case Peek:
		return acc + shared[(me+op.Arg)%n]
	}
	return acc
}
