package kern

import "github.com/spmdvet/spmdvet/spmd"

// ---- Irreducible cycles built with goto ----

// PosIrreducible: diverged paths enter the cycle {a, b} at different entries.
func PosIrreducible(l spmd.Lane) {
	n := 0
	if l.Index() < 2 {
		goto b
	}
a:
	l.Barrier() // EXPECT
b:
	n++
	if n < 3 {
		goto a
	}
	Out[l.Index()] = n
}

// NegIrreducible: the same cycle, entered under uniform control.
func NegIrreducible(l spmd.Lane) {
	n := 0
	if Flag {
		goto b
	}
a:
	l.Barrier()
b:
	n++
	if n < 3 {
		goto a
	}
	Out[l.Index()] = n
}

// PosIrreducibleSecondEntry: the barrier sits in the entry that the
// divergent branch jumps to; the first pass through it looks like a join.
func PosIrreducibleSecondEntry(l spmd.Lane) {
	i := 0
	if l.Index() < 2 {
		goto b
	}
a:
	i++
b:
	l.Barrier() // EXPECT
	i++
	if i < 4 {
		goto a
	}
}

func NegIrreducibleSecondEntry(l spmd.Lane) {
	i := 0
	if l.Count() < 2 {
		goto b
	}
a:
	i++
b:
	l.Barrier()
	i++
	if i < 4 {
		goto a
	}
	Out[l.Index()] = i
}

// NegIrreducibleAfterReconvergence: a divergent branch that has already
// reconverged before a cycle entered under uniform control.
func NegIrreducibleAfterReconvergence(l spmd.Lane) {
	n := 0
	if l.Index() < 2 {
		Out[l.Index()] = 10
	}
	if Flag {
		goto b
	}
a:
	l.Barrier()
b:
	n++
	if n < 3 {
		goto a
	}
	Out[l.Index()] += n
}

// PosIrreducibleCollective: a collective (not a barrier) in such a cycle.
func PosIrreducibleCollective(l spmd.Lane) {
	n, s := 0, 0
	if l.Index() >= 2 {
		goto b
	}
a:
	s += spmd.ReduceAdd(l, 1) // EXPECT
b:
	n++
	if n < 3 {
		goto a
	}
	Out[l.Index()] = s
}
