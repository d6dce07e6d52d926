package interp

import "github.com/spmdvet/spmdvet/spmd"

// RunShared runs one program in every lane, on acc = data[i] in lane i. Jumps
// are taken when acc is non-zero in any lane, and the loop counter is set by
// SetCnt to the group's largest acc, so every lane follows the same path.
//
// kernel(ok)
func RunShared(prog []Op, data []int, out []int) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		acc, cnt := data[l.Index()], 0
		for pc, steps := 0, 0; pc < len(prog) && steps < maxSteps; steps++ {
			op := prog[pc]
			pc++
			switch op.Code {
			case Halt:
				pc = len(prog)
			case Jmp:
				pc = op.Arg
			case Jnz:
				if spmd.Any(l, acc != 0) {
					pc = op.Arg
				}
			case Sum:
				acc = spmd.ReduceAdd(l, acc)
			case Max:
				acc = spmd.ReduceMax(l, acc)
			case SetCnt:
				cnt = spmd.ReduceMax(l, acc)
			case Loop:
				cnt--
				if cnt > 0 {
					pc = op.Arg
				}
			default:
				acc = apply(op, acc, nil, 0, 1)
			}
		}
		out[l.Index()] = acc
	})
}

// RunSharedLocal is RunShared where each lane decides Jnz from its own acc.
//
// kernel(bug)
func RunSharedLocal(prog []Op, data []int, out []int) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		acc, cnt := data[l.Index()], 0
		for pc, steps := 0, 0; pc < len(prog) && steps < maxSteps; steps++ {
			op := prog[pc]
			pc++
			switch op.Code {
			case Halt:
				pc = len(prog)
			case Jmp:
				pc = op.Arg
			case Jnz:
				if acc != 0 {
					pc = op.Arg
				}
			case Sum:
				acc = spmd.ReduceAdd(l, acc) // EXPECT
			case Max:
				acc = spmd.ReduceMax(l, acc) // EXPECT
			case SetCnt:
				cnt = spmd.ReduceMax(l, acc) // EXPECT
			case Loop:
				cnt--
				if cnt > 0 {
					pc = op.Arg
				}
			default:
				acc = apply(op, acc, nil, 0, 1)
			}
		}
		out[l.Index()] = acc
	})
}

// RunSharedFused runs one program in every lane with AddSum falling through
// into Sum.
//
// kernel(ok)
func RunSharedFused(prog []Op, data []int, out []int) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		acc := data[l.Index()]
	run:
		for pc := 0; pc < len(prog); pc++ {
			op := prog[pc]
			switch op.Code {
			case Halt:
				break run
			case AddSum:
				acc += op.Arg
				fallthrough
			case Sum:
				acc = spmd.ReduceAdd(l, acc)
			default:
				acc = apply(op, acc, nil, 0, 1)
			}
		}
		out[l.Index()] = acc
	})
}

// RunSharedCounted runs one program in every lane; SetCnt sets the loop
// counter to the group's sum of acc.
//
// kernel(ok)
func RunSharedCounted(prog []Op, data []int, out []int) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		acc, cnt := data[l.Index()], 0
	run:
		for pc, steps := 0, 0; pc < len(prog) && steps < maxSteps; steps++ {
			op := prog[pc]
			pc++
			switch op.Code {
			case Halt:
				break run
			case SetCnt:
				cnt = spmd.ReduceAdd(l, acc)
			case Loop:
				cnt--
				if cnt > 0 {
					pc = op.Arg
				}
			case Sum:
				acc = spmd.ReduceAdd(l, acc)
			default:
				acc = apply(op, acc, nil, 0, 1)
			}
		}
		out[l.Index()] = acc
	})
}

// RunSharedPrefix is RunSharedCounted where SetCnt takes the running sum of
// acc up to the lane instead of the group's sum.
//
// kernel(bug)
func RunSharedPrefix(prog []Op, data []int, out []int) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		acc, cnt := data[l.Index()], 0
	run:
		for pc, steps := 0, 0; pc < len(prog) && steps < maxSteps; steps++ {
			op := prog[pc]
			pc++
			switch op.Code {
			case Halt:
				break run
			case SetCnt:
				cnt = spmd.InclusiveAdd(l, acc) // EXPECT
			case Loop:
				cnt--
				if cnt > 0 {
					pc = op.Arg
				}
			case Sum:
				acc = spmd.ReduceAdd(l, acc) // EXPECT
			default:
				acc = apply(op, acc, nil, 0, 1)
			}
		}
		out[l.Index()] = acc
	})
}
