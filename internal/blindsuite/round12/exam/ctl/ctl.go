// Package ctl tests spec section 2's control-flow items: short-circuit && and
// || as control flow, switch, for, range, labelled break/continue, goto,
// range over a map, temporal divergence, and (section 3 item 2) irreducible
// cycles built with goto and entered by diverged paths.
package ctl

import "github.com/spmdvet/spmdvet/spmd"

// ---- && and || ----

// AndDiv: "Short-circuit && ... the right operand runs under the left's
// control": a collective as right operand of a divergent left operand.
//
//spmd:kernel
func AndDiv(l spmd.Lane, out []int) {
	if l.Index() > 0 && spmd.Any(l, true) { // EXPECT
		out[l.Index()] = 1
	}
}

// AndUni: twin: uniform left operand; the collective's uniform result then
// guards a barrier.
//
//spmd:kernel
func AndUni(l spmd.Lane, out []int) {
	if l.Count() > 1 && spmd.Any(l, l.Index() == 0) {
		l.Barrier()
		out[l.Index()] = 1
	}
}

// OrDiv: short-circuit ||: a collective as right operand of a divergent left.
//
//spmd:kernel
func OrDiv(l spmd.Lane, out []int) {
	if l.Index() == 0 || spmd.All(l, true) { // EXPECT
		out[l.Index()] = 1
	}
}

// OrUni: twin: both operands of || are collectives; the second runs under
// the uniform result of the first.
//
//spmd:kernel
func OrUni(l spmd.Lane, out []int) {
	if spmd.All(l, l.Index() > 0) || spmd.Any(l, l.Index() == 2) {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// AndDivLeftCollective: a collective left operand runs unconditionally; only
// the body is under the divergent right operand, and it has no convergent call.
//
//spmd:kernel
func AndDivLeftCollective(l spmd.Lane, out []int) {
	if spmd.Any(l, l.Index() == 1) && l.Index() > 1 {
		out[l.Index()] = 1
	}
	l.Barrier()
}

// ---- switch ----

// SwitchDiv: switch on a divergent tag.
//
//spmd:kernel
func SwitchDiv(l spmd.Lane) {
	switch l.Index() % 3 {
	case 0:
		l.Barrier() // EXPECT
	}
}

// SwitchBothArms: every arm has its own barrier; lanes still meet at
// different call sites, so both calls are under divergent control.
//
//spmd:kernel
func SwitchBothArms(l spmd.Lane) {
	switch l.Index() % 2 {
	case 0:
		l.Barrier() // EXPECT
	default:
		l.Barrier() // EXPECT
	}
}

// SwitchUni: twin: switch on a uniform tag.
//
//spmd:kernel
func SwitchUni(l spmd.Lane, n int, out []int) {
	switch n {
	case 1:
		l.Barrier()
	case 2:
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	default:
		out[l.Index()] = -1
	}
}

// SwitchMixed: tagless switch: the first case is uniform (its body is fine);
// the second case's condition is divergent.
//
//spmd:kernel
func SwitchMixed(l spmd.Lane, n int) {
	switch {
	case n > 5:
		l.Barrier()
	case l.Index() == 0:
		l.Barrier() // EXPECT
	}
}

// SwitchFallthroughDiv: a divergent case falls through into a case whose
// uniform condition is only evaluated by the other lanes.
//
//spmd:kernel
func SwitchFallthroughDiv(l spmd.Lane, n int, out []int) {
	switch {
	case l.Index() == 0:
		out[0] = 1
		fallthrough
	case n > 0:
		l.Barrier() // EXPECT
	}
}

// SwitchFallthroughUni: twin: fallthrough between uniform cases.
//
//spmd:kernel
func SwitchFallthroughUni(l spmd.Lane, n int, out []int) {
	switch {
	case n == 1:
		out[l.Index()] = 1
		fallthrough
	case n > 0:
		l.Barrier()
		out[l.Index()]++
	}
}

// ---- for ----

// ForDivBound: a for loop with a divergent trip count.
//
//spmd:kernel
func ForDivBound(l spmd.Lane) {
	for i := 0; i < l.Index(); i++ {
		l.Barrier() // EXPECT
	}
}

// ForUniBound: twin: a uniform trip count; then a divergent loop without
// convergent calls, after which lanes have reconverged.
//
//spmd:kernel
func ForUniBound(l spmd.Lane, n int, out []int) {
	for i := 0; i < n; i++ {
		l.Barrier()
	}
	acc := 0
	for i := 0; i < l.Index(); i++ {
		acc += i
	}
	l.Barrier()
	out[l.Index()] = acc
}

// ForDivBreak: lanes break out in different iterations: the barrier in the
// loop is divergent; the one after the loop is not.
//
//spmd:kernel
func ForDivBreak(l spmd.Lane, n int, data []int) {
	for i := 0; i < n; i++ {
		if data[l.Index()] == i {
			break
		}
		l.Barrier() // EXPECT
	}
	l.Barrier()
}

// ForDivContinue: a divergent continue skips the barrier in some iteration.
//
//spmd:kernel
func ForDivContinue(l spmd.Lane, n int) {
	for i := 0; i < n; i++ {
		if l.Index() == 0 && i == 1 {
			continue
		}
		l.Barrier() // EXPECT
	}
}

// ForUniContinue: twin: a uniform continue.
//
//spmd:kernel
func ForUniContinue(l spmd.Lane, n int, out []int) {
	s := 0
	for i := 0; i < n; i++ {
		if i == 1 {
			continue
		}
		s += spmd.ReduceAdd(l, i)
	}
	out[l.Index()] = s
}

// ForDivReturn: lanes return from inside the loop in different iterations.
//
//spmd:kernel
func ForDivReturn(l spmd.Lane, n int) {
	for i := 0; i < n; i++ {
		if l.Index() == i {
			return
		}
		l.Barrier() // EXPECT
	}
}

// RetDiv: a divergent early return ("returned early").
//
//spmd:kernel
func RetDiv(l spmd.Lane) {
	if l.Index() == 3 {
		return
	}
	l.Barrier() // EXPECT
}

// RetUni: twin: a uniform early return.
//
//spmd:kernel
func RetUni(l spmd.Lane, n int, out []int) {
	if n == 0 {
		return
	}
	l.Barrier()
	out[l.Index()] = n
}

// LoopInnerReconverge: a divergent if inside a uniform loop reconverges
// before the barrier of the same iteration.
//
//spmd:kernel
func LoopInnerReconverge(l spmd.Lane, n int, out []int) {
	x := 0
	for i := 0; i < n; i++ {
		if l.Index() > i {
			x++
		}
		l.Barrier()
	}
	out[l.Index()] = x
}

// ---- range ----

// RangeSliceDiv: range over a slice with a divergent length.
//
//spmd:kernel
func RangeSliceDiv(l spmd.Lane, data []int) {
	for range data[:l.Index()] {
		l.Barrier() // EXPECT
	}
}

// RangeIntDiv: range over a divergent integer.
//
//spmd:kernel
func RangeIntDiv(l spmd.Lane) {
	for i := range l.Index() {
		_ = spmd.ReduceAdd(l, i) // EXPECT
	}
}

// RangeUni: twin: range over a shared slice; the elements are loaded at
// uniform addresses, so they are uniform and may guard a barrier.
//
//spmd:kernel
func RangeUni(l spmd.Lane, data []int, out []int) {
	s := 0
	for _, v := range data {
		if v > 0 {
			l.Barrier()
			s += v
		}
	}
	out[l.Index()] = s
}

// RangeIntUni: twin: range over a uniform integer.
//
//spmd:kernel
func RangeIntUni(l spmd.Lane, n int, out []int) {
	s := 0
	for i := range n {
		if i%2 == 0 {
			s += spmd.ReduceAdd(l, i)
		}
	}
	out[l.Index()] = s
}

// ---- labelled break / continue ----

// LabelContinueOuter: continue to an outer loop on a divergent condition:
// both the inner barrier and the one after the inner loop are skipped by
// the lanes that continued.
//
//spmd:kernel
func LabelContinueOuter(l spmd.Lane) {
outer:
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if l.Index() == j {
				continue outer
			}
			l.Barrier() // EXPECT
		}
		l.Barrier() // EXPECT
	}
	l.Barrier()
}

// LabelBreakOuter: break out of two loops on a divergent condition.
//
//spmd:kernel
func LabelBreakOuter(l spmd.Lane, n int, data []int) {
outer:
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if data[l.Index()] == i*n+j {
				break outer
			}
		}
		l.Barrier() // EXPECT
	}
	l.Barrier()
}

// LabelUni: twin: labelled break and continue on uniform conditions.
//
//spmd:kernel
func LabelUni(l spmd.Lane, n int, out []int) {
	s := 0
outer:
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if j > i && i == 0 {
				continue outer
			}
			if i == n-1 && j == 1 {
				break outer
			}
			s += spmd.ReduceAdd(l, 1)
		}
		l.Barrier()
	}
	out[l.Index()] = s
}

// ---- goto ----

// GotoSkipDiv: a divergent forward goto skips a barrier; the barrier at the
// label is reached by all lanes.
//
//spmd:kernel
func GotoSkipDiv(l spmd.Lane) {
	if l.Index() == 0 {
		goto done
	}
	l.Barrier() // EXPECT
done:
	l.Barrier()
}

// GotoLoopDiv: a backward-goto loop with a divergent exit.
//
//spmd:kernel
func GotoLoopDiv(l spmd.Lane) {
	i := 0
loop:
	if i < l.Index() {
		l.Barrier() // EXPECT
		i++
		goto loop
	}
}

// GotoLoopUni: twin: a backward-goto loop with a uniform exit.
//
//spmd:kernel
func GotoLoopUni(l spmd.Lane, n int, out []int) {
	i := 0
loop:
	if i < n {
		l.Barrier()
		i++
		goto loop
	}
	out[l.Index()] = i
}

// ---- range over a map ----

// MapFirstKeyDiv: "Range over a map: keys and values are divergent, because
// iteration order is per lane".
//
//spmd:kernel
func MapFirstKeyDiv(l spmd.Lane, m map[int]bool) {
	first := -1
	for k := range m {
		first = k
		break
	}
	if first == 1 {
		l.Barrier() // EXPECT
	}
}

// MapValueDiv: map values from range are divergent, too.
//
//spmd:kernel
func MapValueDiv(l spmd.Lane, m map[string]int) {
	for _, v := range m {
		if v == 1 {
			_ = spmd.Ballot(l, true) // EXPECT
		}
		break
	}
}

// MapUni: twin: len and lookups at uniform keys are uniform.
//
//spmd:kernel
func MapUni(l spmd.Lane, m map[string]int, out []int) {
	if len(m) > 2 && m["b"] == 2 {
		l.Barrier()
		out[l.Index()] = m["b"]
	}
}

// ---- temporal divergence ----

// TemporalDiv: i is computed uniformly in the loop, but lanes leave in
// different iterations, so i is divergent after the loop.
//
//spmd:kernel
func TemporalDiv(l spmd.Lane, limit []int) {
	i := 0
	for {
		if i >= limit[l.Index()] {
			break
		}
		i++
	}
	if i >= 2 {
		l.Barrier() // EXPECT
	}
}

// TemporalLastDiv: the last value assigned in a loop with a divergent exit.
//
//spmd:kernel
func TemporalLastDiv(l spmd.Lane, n int) {
	last := -1
	for i := 0; i < n; i++ {
		last = i
		if i == l.Index() {
			break
		}
	}
	if last == 1 {
		l.Barrier() // EXPECT
	}
}

// TemporalUni: twin: the loop exit is uniform, so the counter is uniform
// after the loop although a divergent branch runs inside it.
//
//spmd:kernel
func TemporalUni(l spmd.Lane, n int, out []int) {
	i := 0
	cnt := 0
	for ; i < n; i++ {
		if l.Index() > i {
			cnt++
		}
	}
	if i == n {
		l.Barrier()
	}
	out[l.Index()] = i*10 + cnt
}

// ---- irreducible cycles (section 3 item 2) ----

// IrrDiv: a goto cycle A <-> B with two entries; a divergent branch sends
// lanes to different entries; the barrier is inside the cycle.
//
//spmd:kernel
func IrrDiv(l spmd.Lane) {
	i := 0
	if l.Index()%2 == 0 {
		goto B
	}
A:
	l.Barrier() // EXPECT
B:
	i++
	if i < 3 {
		goto A
	}
}

// IrrDivMid: a cycle A -> (if) -> join -> B -> A entered at A and B by
// diverged paths; the barrier is in the join block, which is not an entry.
//
//spmd:kernel
func IrrDivMid(l spmd.Lane) {
	i := 0
	if l.Index()%2 == 0 {
		goto B
	}
A:
	i += 2
	if i == 100 {
		i = 0
	}
	l.Barrier() // EXPECT
B:
	i++
	if i < 7 {
		goto A
	}
}

// IrrUni: twin: the same cycle entered through a uniform branch.
//
//spmd:kernel
func IrrUni(l spmd.Lane, n int, out []int) {
	i := 0
	if n%2 == 0 {
		goto B
	}
A:
	l.Barrier()
B:
	i++
	if i < 3 {
		goto A
	}
	out[l.Index()] = i
}

// IrrDivBarrierAfter: twin: diverged paths enter the irreducible cycle at
// different entries, but the cycle holds no convergent call; the barrier
// after the cycle is reached by all lanes.
//
//spmd:kernel
func IrrDivBarrierAfter(l spmd.Lane, out []int) {
	i := 0
	if l.Index()%2 == 0 {
		goto B
	}
A:
	i += 2
B:
	i++
	if i < 5 {
		goto A
	}
	l.Barrier()
	out[l.Index()] = i
}

// ReducibleAfterDiv: twin: a goto loop with a single entry, reached after the
// divergent branch has reconverged.
//
//spmd:kernel
func ReducibleAfterDiv(l spmd.Lane, out []int) {
	x := 0
	if l.Index()%2 == 0 {
		x = 1
	}
	i := 0
loop:
	l.Barrier()
	i++
	if i < 3 {
		goto loop
	}
	out[l.Index()] = x + i
}
