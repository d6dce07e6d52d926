package interp

import "github.com/spmdvet/spmdvet/spmd"

// RunEach runs progs[i] in lane i. out[i] gets lane i's acc and out[len(progs)]
// the group's sum, taken once every lane has halted.
//
// kernel(ok)
func RunEach(progs [][]Op, out []int) error {
	return spmd.Run(len(progs), func(l spmd.Lane) {
		prog := progs[l.Index()]
		acc, steps := 0, 0
	run:
		for pc := 0; pc < len(prog) && steps < maxSteps; steps++ {
			op := prog[pc]
			pc++
			switch op.Code {
			case Halt:
				break run
			case Set:
				acc = op.Arg
			case Add:
				acc += op.Arg
			case Mul:
				acc *= op.Arg
			case Dec:
				acc--
			case Jmp:
				pc = op.Arg
			case Jnz:
				if acc != 0 {
					pc = op.Arg
				}
			}
		}
		total := spmd.ReduceAdd(l, acc)
		out[l.Index()] = acc
		if l.Index() == 0 {
			out[len(progs)] = total
		}
	})
}

// RunEachSync is RunEach with a Sync instruction for programs that publish
// results to each other.
//
// kernel(bug)
func RunEachSync(progs [][]Op, out []int) error {
	return spmd.Run(len(progs), func(l spmd.Lane) {
		prog := progs[l.Index()]
		acc, steps := 0, 0
	run:
		for pc := 0; pc < len(prog) && steps < maxSteps; steps++ {
			op := prog[pc]
			pc++
			switch op.Code {
			case Halt:
				break run
			case Set:
				acc = op.Arg
			case Add:
				acc += op.Arg
			case Mul:
				acc *= op.Arg
			case Dec:
				acc--
			case Jmp:
				pc = op.Arg
			case Jnz:
				if acc != 0 {
					pc = op.Arg
				}
			case Sync:
				l.Barrier() // EXPECT
			}
		}
		total := spmd.ReduceAdd(l, acc)
		out[l.Index()] = acc
		if l.Index() == 0 {
			out[len(progs)] = total
		}
	})
}

// RunEachChecked is RunEach that rejects unknown opcodes: the lane's acc
// becomes -1 and the lane stops.
//
// kernel(ok)
func RunEachChecked(progs [][]Op, out []int) error {
	return spmd.Run(len(progs), func(l spmd.Lane) {
		prog := progs[l.Index()]
		acc, steps := 0, 0
	run:
		for pc := 0; pc < len(prog) && steps < maxSteps; steps++ {
			op := prog[pc]
			pc++
			switch op.Code {
			case Halt:
				break run
			case Set, Add, Mul, Dec:
				acc = apply(op, acc, nil, 0, 1)
			case Jnz:
				if acc != 0 {
					pc = op.Arg
				}
			default:
				acc = -1
				break run
			}
		}
		total := spmd.ReduceAdd(l, acc)
		out[l.Index()] = acc
		if l.Index() == 0 {
			out[len(progs)] = total
		}
	})
}

// RunEachStrict is RunEachChecked where a lane that meets an unknown opcode
// returns at once.
//
// kernel(bug)
func RunEachStrict(progs [][]Op, out []int) error {
	return spmd.Run(len(progs), func(l spmd.Lane) {
		prog := progs[l.Index()]
		acc, steps := 0, 0
	run:
		for pc := 0; pc < len(prog) && steps < maxSteps; steps++ {
			op := prog[pc]
			pc++
			switch op.Code {
			case Halt:
				break run
			case Set, Add, Mul, Dec:
				acc = apply(op, acc, nil, 0, 1)
			case Jnz:
				if acc != 0 {
					pc = op.Arg
				}
			default:
				out[l.Index()] = -1
				return
			}
		}
		total := spmd.ReduceAdd(l, acc) // EXPECT
		out[l.Index()] = acc
		if l.Index() == 0 {
			out[len(progs)] = total
		}
	})
}

// RunEachFused runs per-lane programs of the same length, one instruction
// per step, where AddSum adds its argument and then sums over the group.
//
// kernel(bug)
func RunEachFused(progs [][]Op, out []int) error {
	return spmd.Run(len(progs), func(l spmd.Lane) {
		prog := progs[l.Index()]
		n := len(progs[0])
		acc := 0
		for pc := 0; pc < n; pc++ {
			op := prog[pc]
			switch op.Code {
			case AddSum:
				acc += op.Arg
				fallthrough
			case Sum:
				acc = spmd.ReduceAdd(l, acc) // EXPECT
			default:
				acc = apply(op, acc, nil, 0, 1)
			}
		}
		out[l.Index()] = acc
	})
}
