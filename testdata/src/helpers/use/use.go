// Package use calls the helpers of package helpers/lib, whose summaries
// come from facts: the same rules as for helpers of the same package.
package use

import (
	"github.com/spmdvet/spmdvet/spmd"

	"spmdvet.test/helpers/lib"
)

func kernel(l spmd.Lane, data []int, n int) {
	if l.Index() == 0 {
		lib.Sync(l) // want `barrier l.Barrier \(reached through lib.Sync\) under divergent control`
	}
	if l.Index() < 2 {
		_ = lib.Total(l, 1) // want `collective spmd.ReduceAdd \(reached through lib.Total\) under divergent control`
	}
	lib.Guard(l, n)         // fine: n is uniform
	lib.Guard(l, l.Index()) // want `parameter n of lib.Guard must be uniform`
	if lib.Total(l, l.Index()) > 0 {
		lib.Sync(l) // fine: Total's result is uniform
	}
	if lib.Mine(l, data) > 0 {
		lib.Sync(l) // want `barrier l.Barrier \(reached through lib.Sync\) under divergent control`
	}
	x := 0
	lib.Fill(l, &x)
	if x > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	lib.Sync(l) // fine
}
