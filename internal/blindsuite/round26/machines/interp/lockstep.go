package interp

import "github.com/spmdvet/spmdvet/spmd"

// Lockstep runs progs[i] in lane i one instruction per round, as a warp
// would. After each round every lane publishes acc to shared[i] between two
// barriers, so Peek reads what a neighbour had at the end of the last round.
// Lanes whose program has ended keep taking part in the rounds.
//
// kernel(ok)
func Lockstep(progs [][]Op, shared []int, out []int) error {
	return spmd.Run(len(progs), func(l spmd.Lane) {
		me := l.Index()
		prog := progs[me]
		pc, acc := 0, 0
		for spmd.Any(l, pc < len(prog)) {
			if pc < len(prog) {
				acc = apply(prog[pc], acc, shared, me, l.Count())
				pc++
			}
			l.Barrier()
			shared[me] = acc
			l.Barrier()
		}
		out[me] = acc
	})
}

// LockstepSkip is Lockstep where a lane whose program has ended skips the
// rest of the round.
//
// kernel(bug)
func LockstepSkip(progs [][]Op, shared []int, out []int) error {
	return spmd.Run(len(progs), func(l spmd.Lane) {
		me := l.Index()
		prog := progs[me]
		pc, acc := 0, 0
		for spmd.Any(l, pc < len(prog)) {
			if pc >= len(prog) {
				continue
			}
			acc = apply(prog[pc], acc, shared, me, l.Count())
			pc++
			l.Barrier() // EXPECT
			shared[me] = acc
			l.Barrier() // EXPECT
		}
		out[me] = acc
	})
}

// LockstepLeave is Lockstep where a lane whose program has ended leaves the
// loop.
//
// kernel(bug)
func LockstepLeave(progs [][]Op, shared []int, out []int) error {
	return spmd.Run(len(progs), func(l spmd.Lane) {
		me := l.Index()
		prog := progs[me]
		pc, acc := 0, 0
		for spmd.Any(l, pc < len(prog)) { // EXPECT
			if pc >= len(prog) {
				break
			}
			acc = apply(prog[pc], acc, shared, me, l.Count())
			pc++
			l.Barrier() // EXPECT
			shared[me] = acc
			l.Barrier() // EXPECT
		}
		out[me] = acc
	})
}

// LockstepUntil runs the rounds of Lockstep in a bare loop that the group
// leaves once no program has instructions left.
//
// kernel(ok)
func LockstepUntil(progs [][]Op, shared []int, out []int) error {
	return spmd.Run(len(progs), func(l spmd.Lane) {
		me := l.Index()
		prog := progs[me]
		pc, acc := 0, 0
		for {
			if !spmd.Any(l, pc < len(prog)) {
				break
			}
			if pc < len(prog) {
				acc = apply(prog[pc], acc, shared, me, l.Count())
				pc++
			}
			l.Barrier()
			shared[me] = acc
			l.Barrier()
		}
		out[me] = acc
	})
}

// LockstepUntilOwn is LockstepUntil where each lane leaves the loop when its
// own program ends.
//
// kernel(bug)
func LockstepUntilOwn(progs [][]Op, shared []int, out []int) error {
	return spmd.Run(len(progs), func(l spmd.Lane) {
		me := l.Index()
		prog := progs[me]
		pc, acc := 0, 0
		for {
			if pc >= len(prog) {
				break
			}
			acc = apply(prog[pc], acc, shared, me, l.Count())
			pc++
			l.Barrier() // EXPECT
			shared[me] = acc
			l.Barrier() // EXPECT
		}
		out[me] = acc
	})
}
