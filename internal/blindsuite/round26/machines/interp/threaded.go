package interp

import "github.com/spmdvet/spmdvet/spmd"

// RunThreaded runs progs[i] in lane i with goto dispatch. A division by zero
// faults the lane, which stops its program. out[0] gets the group's sum of
// acc over the lanes that did not fault, out[1] the mask of faulted lanes.
//
// kernel(ok)
func RunThreaded(progs [][]Op, out []uint64) error {
	return spmd.Run(len(progs), func(l spmd.Lane) {
		prog := progs[l.Index()]
		pc, acc, steps, faulted := 0, 0, 0, false
		var op Op
	next:
		if pc >= len(prog) || steps == maxSteps {
			goto done
		}
		op = prog[pc]
		pc++
		steps++
		switch op.Code {
		case Halt:
			goto done
		case Div:
			if op.Arg == 0 {
				goto fault
			}
			acc /= op.Arg
		case Jnz:
			if acc != 0 {
				pc = op.Arg
			}
		default:
			acc = apply(op, acc, nil, 0, 1)
		}
		goto next
	fault:
		faulted, acc = true, 0
	done:
		mask := spmd.Ballot(l, faulted)
		sum := spmd.ReduceAdd(l, acc)
		if l.Index() == 0 {
			out[0], out[1] = uint64(sum), mask
		}
	})
}

// RunThreadedTrap is RunThreaded where the fault handler records the
// highest faulting pc of the group when it runs.
//
// kernel(bug)
func RunThreadedTrap(progs [][]Op, out []uint64) error {
	return spmd.Run(len(progs), func(l spmd.Lane) {
		prog := progs[l.Index()]
		pc, acc, steps, trap := 0, 0, 0, 0
		var op Op
	next:
		if pc >= len(prog) || steps == maxSteps {
			goto done
		}
		op = prog[pc]
		pc++
		steps++
		switch op.Code {
		case Halt:
			goto done
		case Div:
			if op.Arg == 0 {
				goto fault
			}
			acc /= op.Arg
		case Jnz:
			if acc != 0 {
				pc = op.Arg
			}
		default:
			acc = apply(op, acc, nil, 0, 1)
		}
		goto next
	fault:
		trap, acc = spmd.ReduceMax(l, pc), 0 // EXPECT
	done:
		sum := spmd.ReduceAdd(l, acc)
		if l.Index() == 0 {
			out[0], out[1] = uint64(sum), uint64(trap)
		}
	})
}
