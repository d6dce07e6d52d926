// Package switches pins switch statements: each case is a branch, so a
// switch on a lane-dependent tag (or with lane-dependent case expressions)
// puts its cases under divergent control, while the statement after the
// switch is reached by every lane again.
package switches

import "github.com/spmdvet/spmdvet/spmd"

// An expression switch on the lane index.
func onIndex(l spmd.Lane) {
	switch l.Index() {
	case 0:
		l.Barrier() // want `barrier l.Barrier under divergent control`
	case 1, 2:
		_ = spmd.ReduceAdd(l, 1) // want `collective spmd.ReduceAdd under divergent control`
	default:
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	l.Barrier() // fine: after the switch
}

// A tagless switch with lane-dependent cases.
func tagless(l spmd.Lane, n int) {
	switch {
	case n > 4:
		l.Barrier() // fine: the first case is decided uniformly
	case l.Index() < n:
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A uniform tag with a lane-dependent case value.
func divergentCaseValue(l spmd.Lane, n int) {
	switch n {
	case l.Index():
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: a switch on a uniform value.
func onUniform(l spmd.Lane, n int) {
	switch n % 3 {
	case 0:
		l.Barrier()
	case 1:
		_ = spmd.ReduceAdd(l, l.Index())
	}
}

// A case that returns: lanes that took it miss the barrier after the switch.
func caseReturns(l spmd.Lane) {
	switch l.Index() % 4 {
	case 0:
		return
	case 1:
	}
	l.Barrier() // want `barrier l.Barrier under divergent control`
}

// Fallthrough from a uniform case keeps the next case uniform.
func fallthroughUniform(l spmd.Lane, n int) {
	x := 0
	switch n {
	case 0:
		if l.Index() == 0 {
			x = 1
		}
		fallthrough
	case 1:
		l.Barrier() // fine: reached from case 0 or 1, chosen uniformly
	}
	_ = x
}

// Fallthrough in a divergent switch: the case reached by falling through is
// still only reached by some lanes.
func fallthroughDivergent(l spmd.Lane) {
	switch l.Index() {
	case 0:
		fallthrough
	case 1:
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A type switch on a value whose dynamic type depends on the lane.
func typeSwitchDivergent(l spmd.Lane) {
	var v any = 1
	if l.Index() > 3 {
		v = "big"
	}
	switch v.(type) {
	case int:
		l.Barrier() // want `barrier l.Barrier under divergent control`
	case string:
	}
}

// Fine: a type switch on a kernel parameter, the same in every lane.
func typeSwitchUniform(l spmd.Lane, v any) {
	switch x := v.(type) {
	case int:
		_ = spmd.ReduceAdd(l, x)
	case float64:
		_ = spmd.ReduceAdd(l, x)
	default:
		l.Barrier()
	}
}

// A collective in a case expression is evaluated only when the cases before
// it did not match.
func collectiveInCase(l spmd.Lane) {
	switch {
	case l.Index() == 0:
	case spmd.Any(l, true): // want `collective spmd.Any under divergent control`
	}
	switch {
	case spmd.All(l, l.Index() < 4): // fine: the first case runs in every lane
	case spmd.Any(l, true): // fine: decided by a uniform first case
	}
}

// Fine: the value of v depends on the lane, its dynamic type (int) does
// not, and the type switch only reads the type.
func typeSwitchSameType(l spmd.Lane) {
	var v any = l.Index()
	switch v.(type) {
	case int:
		l.Barrier()
	}
}

// Lanes past 2 hold a string: the type switch is divergent.
func typeSwitchPerLane(l spmd.Lane) {
	var v any = l.Index()
	if l.Index() > 2 {
		v = "many"
	}
	switch v.(type) {
	case int:
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: a break in a switch leaves the switch, not the enclosing loop.
func breakLeavesSwitch(l spmd.Lane, n int) {
	for i := 0; i < n; i++ {
		switch l.Index() {
		case 0:
			break
		}
		l.Barrier()
	}
}
