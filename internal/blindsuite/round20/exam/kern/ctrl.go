package kern

import "github.com/spmdvet/spmdvet/spmd"

// ---- Short-circuit && and || are control flow ----

// PosAndRight: the right operand of && runs under the left's control.
func PosAndRight(l spmd.Lane) {
	if l.Index() < 2 && spmd.Any(l, true) { // EXPECT
		Out[l.Index()] = 1
	}
}

func NegAndRight(l spmd.Lane) {
	if l.Count() > 2 && spmd.Any(l, l.Index() == 0) {
		Out[l.Index()] = 1
	}
}

// PosOrRight: the right operand of || runs only where the left is false.
func PosOrRight(l spmd.Lane) {
	if l.Index() == 0 || spmd.All(l, true) { // EXPECT
		Out[l.Index()] = 1
	}
}

func NegOrRight(l spmd.Lane) {
	if l.Count() == 0 || spmd.All(l, l.Index() >= 0) {
		Out[l.Index()] = 1
	}
}

// PosAndLeftConvergent: a collective as the left operand is fine; the body is not.
func PosAndLeftConvergent(l spmd.Lane) {
	if spmd.Any(l, true) && l.Index() < 2 {
		l.Barrier() // EXPECT
	}
}

func NegAndLeftConvergent(l spmd.Lane) {
	if spmd.Any(l, l.Index() == 1) && l.Count() > 2 {
		l.Barrier()
	}
	Out[l.Index()] = 1
}

// PosShortCircuitValue: the value of || with a divergent operand.
func PosShortCircuitValue(l spmd.Lane) {
	ok := Flag || l.Index() < 2
	if ok {
		l.Barrier() // EXPECT
	}
}

func NegShortCircuitValue(l spmd.Lane) {
	ok := Flag || l.Count() > 2
	if ok {
		l.Barrier()
	}
	Out[l.Index()] = 1
}

// ---- switch ----

func PosSwitchTag(l spmd.Lane) {
	switch l.Index() {
	case 0:
		l.Barrier() // EXPECT
	case 1:
		Out[1] = 1
	}
}

func NegSwitchTag(l spmd.Lane) {
	switch l.Count() {
	case 4:
		l.Barrier()
	case 1:
		Out[0] = 2
	}
	Out[l.Index()] = 1
}

// PosSwitchCases: a later case condition runs only where earlier ones failed.
func PosSwitchCases(l spmd.Lane) {
	switch {
	case Flag:
		Out[l.Index()] = 2
	case l.Index() < 2:
		Out[l.Index()] = 1
	default:
		l.Barrier() // EXPECT
	}
}

func NegSwitchCases(l spmd.Lane) {
	switch {
	case Flag:
		Out[l.Index()] = 2
	case l.Count() < 2:
		Out[l.Index()] = 1
	default:
		l.Barrier()
	}
}

// PosSwitchNoFallthrough / NegSwitchFallthrough: with fallthrough the default
// body is where every lane meets again.
func PosSwitchNoFallthrough(l spmd.Lane) {
	x := 0
	switch {
	case l.Index() == 0:
		x = 1
	default:
		l.Barrier() // EXPECT
	}
	Out[l.Index()] = x
}

func NegSwitchFallthrough(l spmd.Lane) {
	x := 0
	switch {
	case l.Index() == 0:
		x = 1
		fallthrough
	default:
		l.Barrier()
	}
	Out[l.Index()] = x
}

// PosTypeSwitch / NegTypeSwitch.
func PosTypeSwitch(l spmd.Lane) {
	switch Ifaces[l.Index()].(type) {
	case int:
		l.Barrier() // EXPECT
	}
}

func NegTypeSwitch(l spmd.Lane) {
	switch Ifaces[0].(type) {
	case int:
		l.Barrier()
	}
	Out[l.Index()] = 1
}

// ---- goto ----

func PosGoto(l spmd.Lane) {
	if l.Index() == 0 {
		goto done
	}
	l.Barrier() // EXPECT
done:
	Out[l.Index()] = 1
}

func NegGoto(l spmd.Lane) {
	if l.Count() == 0 {
		goto done
	}
	l.Barrier()
done:
	Out[l.Index()] = 1
}

// NegGotoJoin: the label is where every lane meets again.
func NegGotoJoin(l spmd.Lane) {
	x := 0
	if l.Index() == 0 {
		goto done
	}
	x = 2
done:
	l.Barrier()
	Out[l.Index()] = x
}

// PosGotoLoop / NegGotoLoop: a loop built with goto.
func PosGotoLoop(l spmd.Lane) {
	i := 0
again:
	l.Barrier() // EXPECT
	i++
	if i <= l.Index() {
		goto again
	}
}

func NegGotoLoop(l spmd.Lane) {
	i := 0
again:
	l.Barrier()
	i++
	if i < l.Count() {
		goto again
	}
	Out[l.Index()] = i
}

// ---- early return ----

func PosEarlyReturn(l spmd.Lane) {
	if l.Index() == 0 {
		return
	}
	l.Barrier() // EXPECT
}

func NegEarlyReturn(l spmd.Lane) {
	Out[l.Index()] = 1
	if l.Count() == 0 {
		return
	}
	l.Barrier()
}

// PosReturnInLoop: lanes return from inside a loop.
func PosReturnInLoop(l spmd.Lane) {
	for i := 0; i < 3; i++ {
		if i == l.Index() {
			return
		}
	}
	l.Barrier() // EXPECT
}

// NegBreakInLoop: the same loop left with break: lanes meet after it.
func NegBreakInLoop(l spmd.Lane) {
	for i := 0; i < 3; i++ {
		if i == l.Index() {
			break
		}
	}
	l.Barrier()
	Out[l.Index()] = 1
}

// PosNestedReturn: a return under a uniform condition that only the lanes of
// a divergent branch evaluate.
func PosNestedReturn(l spmd.Lane) {
	if l.Index() < 2 {
		if Flag {
			return
		}
	}
	l.Barrier() // EXPECT
}

func NegNestedReturn(l spmd.Lane) {
	Out[l.Index()] = 1
	if l.Count() > 2 {
		if Flag {
			return
		}
	}
	l.Barrier()
}

// PosJoinNotIPDom: x is merged at a join of the divergent branch that is not
// its immediate post-dominator (the return path skips it).
func PosJoinNotIPDom(l spmd.Lane) {
	x := 0
	if l.Index() < 2 {
		if Flag {
			return
		}
		x = 1
	}
	Out[l.Index()] = x
	if x == 1 {
		l.Barrier() // EXPECT
	}
}

// NegJoinNotIPDom: the same shape under a uniform outer condition.
func NegJoinNotIPDom(l spmd.Lane) {
	x := 0
	if l.Count() > 2 {
		if Flag {
			return
		}
		x = 1
	}
	Out[l.Index()] = x
	if x == 1 {
		l.Barrier()
	}
}
