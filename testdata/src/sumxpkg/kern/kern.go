// want package:"spmd"

// Package kern is the kernel package: every answer here depends on facts
// from packages helper, deep and base, whose summaries are inferred (none
// of them has an //spmd: directive). Every report is at a call in this
// package.
package kern

import (
	"github.com/spmdvet/spmdvet/spmd"
	"spmdvet.test/sumxpkg/base"
	"spmdvet.test/sumxpkg/deep"
	"spmdvet.test/sumxpkg/helper"
)

// Call chains into other packages under divergent control.
func chains(l spmd.Lane) { // want chains:`spmd\(barrier\)`
	helper.Phase(l)
	deep.Outer(l)
	if l.Index() < 4 {
		helper.Phase(l) // want `barrier l.Barrier \(reached through helper.Phase\) under divergent control`
		deep.Outer(l)   // want `barrier l.Barrier \(reached through deep.Outer\) under divergent control`
		base.Wait(l)    // want `barrier l.Barrier \(reached through base.Wait\) under divergent control`
	}
	if l.Count() > 4 {
		deep.Outer(l) // fine
	}
	helper.Inside(l) // fine: reported inside helper
}

// Parameters that must be uniform, across packages.
func params(l spmd.Lane) { // want params:`spmd\(barrier\)`
	helper.Step(l, l.Count())
	helper.Step(l, l.Index())    // want `parameter k of helper.Step must be uniform`
	deep.OuterStep(l, l.Index()) // want `parameter n of deep.OuterStep must be uniform`
	base.WaitIf(l, l.Index()%2)  // want `parameter n of base.WaitIf must be uniform`
	helper.Countdown(l, 3)
	helper.Countdown(l, l.Index()) // want `parameter n of helper.Countdown must be uniform`
}

// Results that depend on arguments, across packages.
func results(l spmd.Lane) { // want results:`spmd\(barrier\)`
	if helper.Twice(l.Count()) > 2 {
		l.Barrier() // fine
	}
	if helper.Twice(l.Index()) > 2 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	if helper.LaneOf(l) == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	if helper.Parity(l) == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	if helper.Reduce(l, l.Index()) > 0 {
		l.Barrier() // fine: a reduction
	}
	if helper.Fact(l.Count()) > 0 {
		l.Barrier() // fine
	}
	if helper.Fact(l.Index()) > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Pointer parameters, across packages.
func pointers(l spmd.Lane) { // want pointers:`spmd\(barrier\)`
	var a int
	helper.Fill(l, &a)
	if a > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	var b int
	helper.Set(&b, l.Count())
	if b > 0 {
		l.Barrier() // fine
	}
	var c int
	helper.Set(&c, l.Index())
	if c > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	d := l.Index()
	helper.WaitIfPositive(l, &d) // want `what parameter p of helper.WaitIfPositive points to must be uniform`
	e := l.Count()
	helper.WaitIfPositive(l, &e) // fine
}

// Generics across packages.
func generics(l spmd.Lane) { // want generics:`spmd\(barrier\)`
	_ = helper.Sync(l, 1)
	if l.Index() == 1 {
		_ = helper.Sync(l, "s")        // want `barrier l.Barrier \(reached through helper.Sync\) under divergent control`
		_ = helper.Sync[float64](l, 1) // want `barrier l.Barrier \(reached through helper.Sync\[float64\]\) under divergent control`
		_ = deep.SyncInt(l, 1)         // want `barrier l.Barrier \(reached through deep.SyncInt\) under divergent control`
	}
	if helper.Sync(l, l.Count()) > 0 {
		l.Barrier() // fine
	}
	if helper.Sync(l, l.Index()) > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	helper.WaitIfEqual(l, "a", "b")
	helper.WaitIfEqual(l, l.Index(), 3) // want `parameter a of helper.WaitIfEqual must be uniform`
}

// Method values, bound methods and method expressions of another package's
// type. (No requirement on l: it only reaches field L of s, and what
// decides WaitN's barrier is field N.)
func methods(l spmd.Lane) { // want methods:`^spmd\(barrier\)$`
	s := helper.Stage{L: l, N: l.Count()}
	f := s.Wait
	f()
	if l.Index() == 2 {
		f()                  // want `barrier s.L.Barrier \(reached through f\) under divergent control`
		s.Wait()             // want `barrier s.L.Barrier \(reached through s.Wait\) under divergent control`
		helper.Stage.Wait(s) // want `barrier s.L.Barrier \(reached through helper.Stage.Wait\) under divergent control`
	}
	g := s.WaitN
	g() // fine: s.N is uniform
	t := &helper.Stage{L: l, N: l.Index()}
	t.WaitN() // want `what parameter s of t.WaitN points to must be uniform|parameter s of t.WaitN must be uniform`
	h := t.WaitN
	h() // want `what parameter s of h points to must be uniform|parameter s of h must be uniform`
}

// A kernel literal given to spmd.Run, calling into other packages.
func launch(n int) error { // want launch:`spmd\(result0=on\(0\)\)`
	return spmd.Run(8, func(l spmd.Lane) {
		if l.Index() < 4 {
			deep.Outer(l) // want `barrier l.Barrier \(reached through deep.Outer\) under divergent control`
		}
		helper.Step(l, n)
		helper.Step(l, l.Index()) // want `parameter k of helper.Step must be uniform`
	})
}

// A literal given to another package's launcher is a kernel: flag, made
// once here, is shared by its lanes.
func launchShared(data, out []int) error { // want launchShared:`spmd\(result0=on\(0,1\)\)`
	flag := make([]bool, 8)
	return helper.Launch(8, func(l spmd.Lane) { helper.MarkThenSum(l, data, flag, out) })
}

func launchSharedBug(data, out []int) error { // want launchSharedBug:`spmd\(result0=on\(0,1\)\)`
	return helper.Launch(8, func(l spmd.Lane) {
		flag := make([]bool, 8)                // each lane's own
		helper.MarkThenSum(l, data, flag, out) // want `parameter flag of helper.MarkThenSum must point to memory all lanes share`
	})
}
