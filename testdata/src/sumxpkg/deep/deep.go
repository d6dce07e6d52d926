// want package:"spmd"

// Package deep adds a level to the chain: kern → deep.Outer →
// helper.Phase → base.Wait → l.Barrier, across four packages.
package deep

import (
	"github.com/spmdvet/spmdvet/spmd"
	"spmdvet.test/sumxpkg/helper"
)

func Outer(l spmd.Lane) { // want Outer:`spmd\(barrier\)`
	helper.Phase(l)
}

// A requirement passed on across two packages: n → helper.Step's k →
// base.WaitIf's n.
func OuterStep(l spmd.Lane, n int) { // want OuterStep:`spmd\(barrier requires\(1\)\)`
	helper.Step(l, n)
}

// A generic instantiated in another package, then wrapped.
func SyncInt(l spmd.Lane, v int) int { // want SyncInt:`spmd\(barrier result0=on\(1\)\)`
	return helper.Sync(l, v)
}

// A kernel in this package, to check reports here too.
func Kernel(l spmd.Lane) { // want Kernel:`spmd\(barrier\)`
	if l.Index() > 4 {
		helper.Phase(l) // want `barrier l.Barrier \(reached through helper.Phase\) under divergent control`
	}
	OuterStep(l, l.Index()) // want `parameter n of OuterStep must be uniform`
}
