// Package declaredbody pins functions whose directives declare what
// their results are (//spmd:uniform, //spmd:divergent) but not that they
// are convergent, while their bodies reach a barrier or collective.
//
// Fixed, was BUG(report): a declared summary replaces the body entirely, so calls of
// Total and Mine below are not convergent: calling them under divergent
// control is not reported, although spmd.Run stops such a kernel with a
// *DivergenceError. A wrapper around ReduceAdd that declares its uniform
// result and forgets //spmd:convergent is an easy mistake to make. The
// body's reaching a convergent operation should be inferred and added to
// the declared summary (directives can add to what the body shows, not hide
// it); alternatively, the missing //spmd:convergent could be reported at
// the declaration.
package declaredbody

import "github.com/spmdvet/spmdvet/spmd"

// Total is the sum of v over the lanes.
//
//spmd:uniform
func Total(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, v) }

// Mine waits for the other lanes, then returns the lane's index.
//
//spmd:divergent
func Mine(l spmd.Lane) int {
	l.Barrier()
	return l.Index()
}

func kernel(l spmd.Lane) {
	if l.Index() < 2 {
		_ = Total(l, 1) // want `collective spmd.ReduceAdd \(reached through Total\) under divergent control`
		_ = Mine(l)     // want `barrier l.Barrier \(reached through Mine\) under divergent control`
	}
	if Total(l, l.Index()) > 2 {
		_ = Mine(l) // fine: Total's result is declared uniform
	}
}

// SyncIf is declared convergent, and its own body waits only when on is
// true: on must be uniform, as without the directive. (Found by the
// runtime-oracle fuzzer: the directive hid the body's requirement.)
//
//spmd:convergent barrier
func SyncIf(l spmd.Lane, on bool) {
	if on {
		l.Barrier()
	}
}

func syncIfCallers(l spmd.Lane, n int) {
	SyncIf(l, l.Index()%2 == 1) // want `parameter on of SyncIf must be uniform, but a divergent value is passed`
	SyncIf(l, n > 2)
	if l.Index() < 2 {
		SyncIf(l, true) // want `barrier SyncIf under divergent control`
	}
}
