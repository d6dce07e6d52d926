// Package bad holds buggy kernels: each has exactly one convergent call (or
// helper call) under divergent control, marked with a trailing EXPECT comment.
package bad

import "github.com/spmdvet/spmdvet/spmd"

// BadGotoForwardSkip skips a barrier with a forward goto in some lanes.
func BadGotoForwardSkip(n int, data []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := data[l.Index()]
		if v < 0 {
			goto done
		}
		v *= 2
		l.Barrier() // EXPECT
	done:
		data[l.Index()] = v
	})
}

// BadGotoBackwardDivergentLoop loops with a backward goto a lane-dependent
// number of times, with a barrier in the loop.
func BadGotoBackwardDivergentLoop(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		i := 0
	top:
		l.Barrier() // EXPECT
		i++
		if i <= l.Index()%3 {
			goto top
		}
	})
}

// BadIrreducibleDivergentEntry enters a two-block cycle at A or at B
// depending on the lane: even lanes run one barrier fewer.
func BadIrreducibleDivergentEntry(n int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		i := 0
		if l.Index()%2 == 0 {
			goto B
		}
	A:
		l.Barrier() // EXPECT
	B:
		i++
		if i < 3 {
			goto A
		}
		out[l.Index()] = i
	})
}

// BadIrreducibleExitValue enters an irreducible cycle at a lane-dependent
// block and uses a value that leaves the cycle to decide a reduction.
func BadIrreducibleExitValue(n int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		i := 0
		acc := 0
		if l.Index() < l.Count()/2 {
			goto B
		}
	A:
		acc += 2
	B:
		i++
		if i < 4 {
			goto A
		}
		l.Barrier()
		if acc > 6 {
			out[l.Index()] = spmd.ReduceAdd(l, acc) // EXPECT
		}
	})
}

// BadIrreducibleInnerDivergence enters the cycle at a uniform block, but
// the cycle's own exit depends on the lane, so the barrier in it runs a
// lane-dependent number of times.
func BadIrreducibleInnerDivergence(n int, enterAtB bool) error {
	return spmd.Run(n, func(l spmd.Lane) {
		i := 0
		if enterAtB {
			goto B
		}
	A:
		i += 2
	B:
		l.Barrier() // EXPECT
		i++
		if i < 2+l.Index()%4 {
			goto A
		}
	})
}

// BadLabelledContinueDivergent skips the barrier at the end of an outer
// iteration in lanes that find a negative element.
func BadLabelledContinueDivergent(n, cols int, grid []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
	outer:
		for r := 0; r < 3; r++ {
			for c := 0; c < cols; c++ {
				if grid[(l.Index()*3+r)*cols+c] < 0 {
					continue outer
				}
			}
			l.Barrier() // EXPECT
		}
	})
}

// BadLabelledBreakOuter leaves the outer loop from the inner one in some
// lanes, while the others go on to the barrier in the outer body.
func BadLabelledBreakOuter(n int, limit []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		steps := 0
	outer:
		for r := 0; r < 4; r++ {
			for c := 0; c < 4; c++ {
				steps++
				if steps > limit[l.Index()] {
					break outer
				}
			}
			l.Barrier() // EXPECT
		}
	})
}

// BadSwitchFallthrough runs a barrier in a case that lanes reach by their
// index, some of them through fallthrough.
func BadSwitchFallthrough(n int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := 0
		switch l.Index() % 3 {
		case 0:
			v += 100
			fallthrough
		case 1:
			l.Barrier() // EXPECT
			v += 10
		default:
			v++
		}
		out[l.Index()] = v
	})
}

// BadTypeSwitch switches on a dynamic type that depends on the lane.
func BadTypeSwitch(n int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var x any = l.Index()
		if l.Index()%2 == 0 {
			x = "even"
		}
		switch y := x.(type) {
		case int:
			out[l.Index()] = spmd.ReduceAdd(l, y) // EXPECT
		case string:
			out[l.Index()] = len(y)
		}
	})
}

// BadTaglessSwitchCase evaluates a collective as a later case expression
// of a tagless switch: lanes matched by the first case never evaluate it.
func BadTaglessSwitchCase(n int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := l.Index()
		x := 0
		switch {
		case v%2 == 0:
			x = 1
		case spmd.All(l, v > 0): // EXPECT
			x = 2
		}
		out[v] = x
	})
}

// BadSelectDefault runs a barrier only in lanes whose non-blocking receive
// got a value.
func BadSelectDefault(n int, out []int) error {
	ch := make(chan int, n)
	for i := range n / 2 {
		ch <- i
	}
	return spmd.Run(n, func(l spmd.Lane) {
		select {
		case v := <-ch:
			out[l.Index()] = v
			l.Barrier() // EXPECT
		default:
			out[l.Index()] = -1
		}
	})
}

// BadOrRightOperand evaluates a vote as the right operand of || after a
// lane-dependent left operand.
func BadOrRightOperand(n int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := l.Index()
		if v%2 == 0 || spmd.Any(l, v > 3) { // EXPECT
			out[v] = 1
		}
	})
}
