// Package good holds correct kernels: no convergent operation runs under
// divergent control.
package good

import "github.com/spmdvet/spmdvet/spmd"

// GoodGotoForwardUniform skips the middle phase with a forward goto decided
// by a kernel parameter.
func GoodGotoForwardUniform(n, rounds int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := l.Index() + 1
		if rounds == 0 {
			goto done
		}
		v *= rounds
		l.Barrier()
	done:
		s := spmd.ReduceAdd(l, v)
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// GoodGotoBackwardLoop is a loop built with a backward goto whose trip
// count is uniform; inside, a forward goto skips lane-dependent work only.
func GoodGotoBackwardLoop(n, rounds int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		i := 0
		acc := 0
	top:
		if l.Index()%2 == 1 {
			goto skip
		}
		acc += i
	skip:
		l.Barrier()
		i++
		if i < rounds {
			goto top
		}
		s := spmd.ReduceAdd(l, acc)
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// GoodIrreducibleUniformEntry enters a two-block cycle at A or at B, the
// choice made by a parameter, so all lanes enter at the same block.
func GoodIrreducibleUniformEntry(n int, enterAtB bool, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		i := 0
		if enterAtB {
			goto B
		}
	A:
		l.Barrier()
	B:
		i++
		if i < 3 {
			goto A
		}
		s := spmd.ReduceAdd(l, i)
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// GoodIrreducibleDivergentEntryNoConvergent enters an irreducible cycle at
// a lane-dependent block, but no convergent operation is inside: the
// barrier and the reduction come after the cycle's only exit, where all
// lanes meet again.
func GoodIrreducibleDivergentEntryNoConvergent(n int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		i := 0
		acc := 0
		if l.Index()%2 == 0 {
			goto B
		}
	A:
		acc += 10
	B:
		i++
		if i < 3 {
			goto A
		}
		l.Barrier()
		s := spmd.ReduceAdd(l, acc)
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// GoodLabelledContinueUniform skips the rest of an outer iteration with a
// labelled continue whose condition is uniform.
func GoodLabelledContinueUniform(n, rows, cols int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		acc := 0
	outer:
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				if r%2 == 1 && c == 1 {
					continue outer
				}
				acc += r*cols + c + l.Index()
			}
			l.Barrier()
		}
		s := spmd.ReduceAdd(l, acc)
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// GoodLabelledBreakDivergent leaves two nested loops with a lane-dependent
// labelled break; the collectives come only after the outer loop.
func GoodLabelledBreakDivergent(n int, grid [][]int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		found := -1
	search:
		for r := range grid {
			for c := range grid[r] {
				if grid[r][c] == l.Index() {
					found = r*100 + c
					break search
				}
			}
		}
		l.Barrier()
		lo := spmd.ReduceMin(l, found)
		if lo >= 0 {
			l.Barrier()
		}
		if l.Index() == 0 {
			out[0] = lo
		}
	})
}

// GoodSwitchFallthroughUniform runs barriers in switch cases chained by
// fallthrough, switching on a parameter.
func GoodSwitchFallthroughUniform(n, mode int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := l.Index()
		switch mode {
		case 0:
			v += 1
			l.Barrier()
			fallthrough
		case 1:
			v *= 2
			l.Barrier()
		case 2:
			v = spmd.ReduceMax(l, v)
		default:
		}
		s := spmd.ReduceAdd(l, v)
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// GoodSwitchFallthroughDivergent switches on the lane with fallthrough but
// only computes in the cases; the collectives follow the switch.
func GoodSwitchFallthroughDivergent(n int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := 0
		switch l.Index() % 3 {
		case 0:
			v += 100
			fallthrough
		case 1:
			v += 10
		default:
			v++
		}
		l.Barrier()
		s := spmd.ReduceAdd(l, v)
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// GoodTypeSwitchUniform switches on the dynamic type of a captured value.
func GoodTypeSwitchUniform(n int, cfg any, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := l.Index()
		switch c := cfg.(type) {
		case int:
			syncK(l, c)
		case string:
			v += len(c)
			l.Barrier()
		default:
		}
		s := spmd.ReduceAdd(l, v)
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

func syncK(l spmd.Lane, k int) {
	for i := 0; i < k; i++ {
		l.Barrier()
	}
}

// GoodTypeSwitchDivergent switches on a dynamic type that depends on the
// lane, computing only; the reduction follows the switch.
func GoodTypeSwitchDivergent(n int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var x any = l.Index()
		if l.Index()%2 == 0 {
			x = "ab"
		}
		v := 0
		switch y := x.(type) {
		case int:
			v = y
		case string:
			v = len(y)
		}
		s := spmd.ReduceAdd(l, v)
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// GoodSelectDefault receives without blocking (select with default): which
// lanes get a value is up to the scheduler, but only data depends on it; a
// vote turns it back into a uniform decision.
func GoodSelectDefault(n int, out []int) error {
	ch := make(chan int, n)
	for i := range n / 2 {
		ch <- i
	}
	return spmd.Run(n, func(l spmd.Lane) {
		got := false
		v := 0
		select {
		case x := <-ch:
			got = true
			v = x
		default:
		}
		l.Barrier()
		if spmd.Any(l, got) {
			v = spmd.ReduceAdd(l, v)
		}
		if l.Index() == 0 {
			out[0] = v
		}
	})
}
