// Package ctrl holds kernels around Go control-flow corners: switch with
// fallthrough, type switches, labelled break/continue, goto (including an
// irreducible cycle), select, and short-circuit operators.
package ctrl

import "github.com/spmdvet/spmdvet/spmd"

// Inputs and outputs shared by the kernels. Globals are uniform; indexing them
// with a lane-dependent value gives a divergent value.
var (
	Out     []int
	Data        = []int{5, -3, 12, 0, 7, 20, -1, 9}
	Mixed       = []any{1, "two", 3}
	Setting any = 5
	Grid        = [][]int{{9, 9, 1}, {0, 9}, {9, 2, 3}}
)

// SwitchFallthroughAll (correct): every case falls through into the default
// clause, so the default body, which holds the ReduceAdd, is reached by every
// path out of the lane-dependent switch: it post-dominates the switch.
//
//spmd:kernel
func SwitchFallthroughAll(l spmd.Lane) {
	v := 0
	switch l.Index() % 3 {
	case 0:
		v += 1
		fallthrough
	case 1:
		v += 2
		fallthrough
	default:
		v += 4
		v = spmd.ReduceAdd(l, v)
	}
	Out[l.Index()] = v
}

// SwitchFallthroughPartial (bug): case 0 falls through into case 1, but lanes
// whose Index()%3 is 2 take the default clause and never reach the ReduceAdd
// in case 1.
//
//spmd:kernel
func SwitchFallthroughPartial(l spmd.Lane) {
	v := 0
	switch l.Index() % 3 {
	case 0:
		v = 1
		fallthrough
	case 1:
		v = spmd.ReduceAdd(l, v+1) // EXPECT
	default:
		v = -1
	}
	Out[l.Index()] = v
}

// SwitchTaglessMixed (bug): in a tagless switch the cases are tested in order.
// The first case is uniform, so its Barrier is fine; the second depends on the
// lane, so the Barrier in default runs only in the lanes that failed it.
//
//spmd:kernel
func SwitchTaglessMixed(l spmd.Lane) {
	switch {
	case l.Count() > 64:
		l.Barrier()
	case l.Index() == 0:
		Out[0] = 1
	default:
		l.Barrier() // EXPECT
	}
}

// TypeSwitchDivergent (bug): the interface value comes from a lane-dependent
// index, so its dynamic type differs between lanes; only the lanes holding an
// int reach the ReduceAdd.
//
//spmd:kernel
func TypeSwitchDivergent(l spmd.Lane) {
	v := Mixed[l.Index()%len(Mixed)]
	switch x := v.(type) {
	case int:
		Out[l.Index()] = spmd.ReduceAdd(l, x) // EXPECT
	case string:
		Out[l.Index()] = len(x)
	}
}

// TypeSwitchUniform (correct): the type switch is on a global, which is
// uniform, so all lanes take the same clause. Inside, && and || only combine
// uniform operands (Count, and All/Any, whose results are uniform), and All
// runs under the uniform left operand.
//
//spmd:kernel
func TypeSwitchUniform(l spmd.Lane) {
	switch x := Setting.(type) {
	case int:
		if l.Count() > 1 && spmd.All(l, x > 0) {
			Out[l.Index()] = spmd.ReduceAdd(l, x*l.Index())
		}
		if spmd.Any(l, l.Index() == 2) || l.Count() == 1 {
			l.Barrier()
		}
	case float64:
		Out[l.Index()] = int(spmd.ReduceMax(l, x))
	default:
		l.Barrier()
	}
}

// BreakOuterThenBarrier (correct): lanes leave the nested loops at different
// iterations through a labelled break, but the code after the outer loop is
// reached by every lane, so the ReduceMax and Barrier there are fine.
//
//spmd:kernel
func BreakOuterThenBarrier(l spmd.Lane) {
	found := -1
outer:
	for r := 0; r < len(Grid); r++ {
		for c := 0; c < len(Grid[r]); c++ {
			if Grid[r][c] == l.Index() {
				found = r*10 + c
				break outer
			}
		}
	}
	Out[l.Index()] = spmd.ReduceMax(l, found)
	l.Barrier()
}

// BreakOuterBarrierInOuter (bug): the Barrier sits in the outer loop body after
// the inner loop; a lane that finds its index leaves both loops with break
// outer and misses the Barrier of that row and every later one.
//
//spmd:kernel
func BreakOuterBarrierInOuter(l spmd.Lane) {
outer:
	for r := 0; r < len(Grid); r++ {
		for c := 0; c < len(Grid[r]); c++ {
			if Grid[r][c] == l.Index() {
				break outer
			}
		}
		l.Barrier() // EXPECT
	}
}

// ContinueOuterTopBarrier (correct): continue outer skips the rest of the row
// for some lanes, but it goes to the outer loop's post statement, which every
// lane reaches; the outer trip count is uniform, so the Barrier at the top of
// the outer body runs in every lane in every row.
//
//spmd:kernel
func ContinueOuterTopBarrier(l spmd.Lane) {
	hits := 0
outer:
	for r := 0; r < len(Grid); r++ {
		l.Barrier()
		for c := 0; c < len(Grid[r]); c++ {
			if Grid[r][c] == l.Index() {
				hits++
				continue outer
			}
		}
	}
	Out[l.Index()] = spmd.ReduceAdd(l, hits)
}

// GotoIrreducibleDivergent (bug): the gotos build a cycle a -> b -> a with two
// entries; even lanes enter at a, odd lanes at b. The cycle is irreducible and
// diverged paths enter it at different entries: even lanes pass the Barrier
// three times, odd lanes twice.
//
//spmd:kernel
func GotoIrreducibleDivergent(l spmd.Lane) {
	k := 0
	if l.Index()%2 == 0 {
		goto a
	}
	goto b
a:
	l.Barrier() // EXPECT
b:
	k++
	if k < 3 {
		goto a
	}
	Out[l.Index()] = k
}

// GotoIrreducibleUniform (correct): the same irreducible cycle, but the entry
// is chosen by a uniform condition, so all lanes enter at the same place and
// run the cycle in lockstep.
//
//spmd:kernel
func GotoIrreducibleUniform(l spmd.Lane) {
	k := 0
	if l.Count()%2 == 0 {
		goto a
	}
	goto b
a:
	l.Barrier()
b:
	k++
	if k < 3 {
		goto a
	}
	Out[l.Index()] = spmd.ReduceAdd(l, k)
}

// SelectBreakOnlySelect (correct): an unlabelled break inside a select case
// leaves the select, not the for loop, so every lane still reaches the Barrier
// after the select in every iteration. The channel is per lane and buffered,
// so the send case is always ready.
//
//spmd:kernel
func SelectBreakOnlySelect(l spmd.Lane) {
	ch := make(chan int, 8)
	n := 0
	for i := 0; i < 3; i++ {
		select {
		case ch <- i:
			if i == l.Index() {
				break
			}
			n++
		default:
		}
		l.Barrier()
	}
	Out[l.Index()] = n
}

// SelectBreakLoop (bug): the same loop, but break loop leaves the for loop, so
// lanes 0..2 stop before the Barrier of their own iteration.
//
//spmd:kernel
func SelectBreakLoop(l spmd.Lane) {
	ch := make(chan int, 8)
	n := 0
loop:
	for i := 0; i < 3; i++ {
		select {
		case ch <- i:
			if i == l.Index() {
				break loop
			}
			n++
		default:
		}
		l.Barrier() // EXPECT
	}
	Out[l.Index()] = n
}

// ShortCircuitDivergent (bug): the right operand of && runs only in the lanes
// where the left operand is true, and that depends on the lane; so Any is
// called by the even lanes only.
//
//spmd:kernel
func ShortCircuitDivergent(l spmd.Lane) {
	v := Data[l.Index()%len(Data)]
	if l.Index()%2 == 0 && spmd.Any(l, v > 10) { // EXPECT
		Out[l.Index()] = 1
	}
}

// SwitchBreakNotLoop (correct): an unlabelled break inside a switch leaves the
// switch, not the enclosing for loop; the lane-dependent break only skips an
// increment, and every lane reaches the Barrier after the switch in every
// iteration.
//
//spmd:kernel
func SwitchBreakNotLoop(l spmd.Lane) {
	n := 0
	for i := 0; i < 3; i++ {
		switch l.Index() % 2 {
		case 0:
			if i == 1 {
				break
			}
			n++
		default:
			n += 10
		}
		l.Barrier()
	}
	Out[l.Index()] = n
}
