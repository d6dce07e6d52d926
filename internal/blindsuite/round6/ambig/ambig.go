// Package ambig has kernels on which the spec does not clearly say whether
// the checker must report. Each carries an AMBIG comment with the reason;
// the test only pins down what spmd.Run does with them.
package ambig

import (
	"github.com/spmdvet/spmdvet/spmd"
)

type pt struct{ a, b int }

func two(x int) (int, int) { return x, 7 }

// Diverges at run time: no.
func AmbigMapRangeBody(n int) error {
	m := map[int]int{1: 1, 2: 2, 3: 3}
	return spmd.Run(n, func(l spmd.Lane) {
		for k := range m { // AMBIG: keys are per lane, but is the trip count (Next's ok) of a uniform map uniform?
			_ = k
			l.Barrier()
		}
	})
}

// Diverges at run time: yes.
func AmbigLocalArrayDivIndex(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var a [4]int
		pa := &a
		pa[l.Index()%4] = 1 // AMBIG: a uniform value stored at a lane-dependent address of per-lane memory; the spec names only divergent values and divergent control
		if a[0] == 1 {
			l.Barrier()
		}
	})
}

// Diverges at run time: yes.
func AmbigMakeSlice(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		s := make([]int, 1) // AMBIG: memory from make is per lane, but it is not a local variable whose address is taken
		s[0] = l.Index()
		if s[0] > 1 {
			l.Barrier()
		}
	})
}

// Diverges at run time: yes.
func AmbigLocalMap(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		m := map[int]int{} // AMBIG: a per-lane map written with a divergent value; Lookup's operands (map, key) are uniform
		m[0] = l.Index()
		if m[0] > 1 {
			l.Barrier()
		}
	})
}

// Diverges at run time: yes.
func AmbigDivergentCallee(n int) error {
	fns := []func() int{func() int { return 1 }, func() int { return 2 }}
	return spmd.Run(n, func(l spmd.Lane) {
		f := fns[l.Index()%2]
		if f() == 1 { // AMBIG: the callee is divergent, no argument is; the spec only speaks of arguments
			l.Barrier()
		}
	})
}

// Diverges at run time: yes.
func AmbigMethodValue(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		f := l.Barrier
		if l.Index() < 2 {
			f() // AMBIG: a bound method value of Barrier; is the synthesized wrapper known to be convergent?
		}
	})
}

// Diverges at run time: yes.
func AmbigDefer(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if l.Index() < 2 {
			defer l.Barrier() // AMBIG: deferred barrier under divergent control; report at the defer, or at the return?
		}
	})
}

// Diverges at run time: no.
func AmbigSharedFlag(n int) error {
	flag := 0
	return spmd.Run(n, func(l spmd.Lane) {
		if l.Index() == 0 {
			flag = 1
		}
		l.Barrier()
		if flag == 1 { // AMBIG: shared memory at a uniform address is uniform by the spec, though one lane wrote it under divergent control
			_ = spmd.ReduceAdd(l, 1)
		}
	})
}

// Diverges at run time: no.
func AmbigExtractIndependent(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		_, b := two(l.Index())
		if b == 7 { // AMBIG: the second result does not depend on the argument; uniform only with per-result summaries
			l.Barrier()
		}
	})
}

// Diverges at run time: no.
func AmbigFieldSensitive(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var s pt
		ps := &s
		ps.a = l.Index()
		ps.b = 3
		if s.b == 3 { // AMBIG: another field of the same local was written with a divergent value; is per-lane memory tracked per field?
			l.Barrier()
		}
	})
}

// Diverges at run time: no.
func AmbigShuffleSameSrc(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := spmd.Shuffle(l, l.Index(), 0)
		if v == 0 { // AMBIG: Shuffle is //spmd:divergent, but with the same src in every lane it is a broadcast: a report that cannot diverge at run time
			l.Barrier()
		}
	})
}
