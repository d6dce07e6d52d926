package flow

import "github.com/spmdvet/spmdvet/spmd"

// GotoForwardBug tests a forward goto that lane 0 takes over a collective.
//
//spmd:kernel
func GotoForwardBug(l spmd.Lane) {
	x := l.Index()
	if x == 0 {
		goto done
	}
	x = spmd.ReduceMin(l, x) // EXPECT
done:
	Out[l.Index()] = x
}

// GotoForwardUniform tests a forward goto over a collective on a uniform
// condition.
//
//spmd:kernel
func GotoForwardUniform(l spmd.Lane) {
	x := l.Index()
	if l.Count() == 1 {
		goto done
	}
	x = spmd.ReduceMin(l, x+1)
done:
	Out[l.Index()] = x
}

// GotoLoopBug tests a loop built only from a label and a backward goto,
// whose trip count depends on the lane index.
//
//spmd:kernel
func GotoLoopBug(l spmd.Lane) {
	i := 0
again:
	l.Barrier() // EXPECT
	i++
	if i <= l.Index() {
		goto again
	}
	Out[l.Index()] = i
}

// GotoLoopUniform tests a backward-goto loop with a uniform trip count.
//
//spmd:kernel
func GotoLoopUniform(l spmd.Lane) {
	i := 0
	s := 0
again:
	l.Barrier()
	s += spmd.ReduceAdd(l, i)
	i++
	if i < l.Count() {
		goto again
	}
	Out[l.Index()] = s
}

// IrreducibleBug tests an irreducible loop (labels a and b, each a target
// from outside) that lanes enter at a or at b depending on their index; the
// barrier in b is then executed a different number of times.
//
//spmd:kernel
func IrreducibleBug(l spmd.Lane) {
	i := 0
	if l.Index()%2 == 0 {
		goto a
	}
	goto b
a:
	i++
b:
	l.Barrier() // EXPECT
	i++
	if i < 6 {
		goto a
	}
	Out[l.Index()] = i
}

// IrreducibleEntryBug tests the same irreducible loop with the collective
// in the block at label a: lanes entering at a run it once more.
//
//spmd:kernel
func IrreducibleEntryBug(l spmd.Lane) {
	i := 0
	var mask uint64
	if l.Index()%2 == 0 {
		goto a
	}
	goto b
a:
	mask |= spmd.Ballot(l, i > 2) // EXPECT
	i++
b:
	i++
	if i < 5 {
		goto a
	}
	Out[l.Index()] = int(mask)
}

// IrreducibleUniform tests the irreducible loop entered at a or b on a
// uniform condition, so that all lanes enter at the same label.
//
//spmd:kernel
func IrreducibleUniform(l spmd.Lane) {
	i := 0
	s := 0
	if l.Count()%2 == 0 {
		goto a
	}
	goto b
a:
	s += spmd.ReduceAdd(l, 1)
	i++
b:
	l.Barrier()
	i++
	if i < 6 {
		goto a
	}
	Out[l.Index()] = s
}

// AndBug tests && whose right operand, a collective, runs only in lanes
// where the divergent left operand is true.
//
//spmd:kernel
func AndBug(l spmd.Lane) {
	x := 0
	if l.Index() > 0 && spmd.Any(l, true) { // EXPECT
		x = 1
	}
	Out[l.Index()] = x
}

// OrAssignBug tests || in an assignment (not a condition) with a
// collective right operand.
//
//spmd:kernel
func OrAssignBug(l spmd.Lane) {
	ok := l.Index() == 0 || spmd.All(l, true) // EXPECT
	if ok {
		Out[l.Index()] = 1
	}
}

// ShortCircuitUniform tests collectives in && and || whose left operands
// are uniform (the left operand of || is itself a uniform &&).
//
//spmd:kernel
func ShortCircuitUniform(l spmd.Lane) {
	x := 0
	if l.Count() > 1 && spmd.Any(l, l.Index() == 1) || spmd.All(l, false) {
		x = 1
	}
	Out[l.Index()] = x
}

// TemporalBug tests a loop left in a lane-dependent iteration: the counter
// is the same in every lane while lanes are in the loop, but not after it.
//
//spmd:kernel
func TemporalBug(l spmd.Lane) {
	i := 0
	for {
		if i == l.Index() {
			break
		}
		i++
	}
	if i >= 2 {
		l.Barrier() // EXPECT
	}
	Out[l.Index()] = i
}

// TemporalInvariant tests the same loop followed by a collective under a
// condition on a value computed before the loop.
//
//spmd:kernel
func TemporalInvariant(l spmd.Lane) {
	n := l.Count() * 2
	k := 0
	for {
		if k >= l.Index() {
			break
		}
		k++
	}
	if n > 2 {
		k += spmd.ReduceAdd(l, 1)
	}
	Out[l.Index()] = k
}

// HeaderBarrierBug tests a barrier at the top of an endless for whose only
// exit is a divergent break after the barrier.
//
//spmd:kernel
func HeaderBarrierBug(l spmd.Lane) {
	i := 0
	for {
		l.Barrier() // EXPECT
		if i >= l.Index() {
			break
		}
		i++
	}
	Out[l.Index()] = i
}

// DeferLoopBug tests defer inside a loop with a lane-dependent trip count:
// each lane runs a different number of deferred barriers on return.
//
//spmd:kernel
func DeferLoopBug(l spmd.Lane) {
	for i := 0; i < l.Index(); i++ {
		defer l.Barrier() // EXPECT
	}
	Out[l.Index()] = 1
}

// DeferLoopUniform tests defer of a function literal that performs a
// collective, inside a loop with a uniform trip count.
//
//spmd:kernel
func DeferLoopUniform(l spmd.Lane) {
	Out[l.Index()] = 0
	for i := range 3 {
		defer func() {
			Out[l.Index()] += spmd.ReduceAdd(l, i)
		}()
	}
}
