// Package rangeloops: range over slices, arrays, pointers to arrays, strings,
// maps and ints, with lane-dependent continue and convergent calls.
package rangeloops

import "github.com/spmdvet/spmdvet/spmd"

// RSliceContinueEnd: continue as the last statement of the body; barrier before it.
// The trip count is len(data): uniform. Correct.
//
//spmd:kernel
func RSliceContinueEnd(l spmd.Lane, data []int, out []int) {
	s := 0
	for _, v := range data {
		s += v
		l.Barrier()
		if v > l.Index() {
			continue
		}
	}
	out[l.Index()] = spmd.ReduceAdd(l, s)
}

// RSliceContinueMiddleBad: collective after a lane-dependent continue.
//
//spmd:kernel
func RSliceContinueMiddleBad(l spmd.Lane, data []int, out []int) {
	s := 0
	for _, v := range data {
		if v == l.Index() {
			continue
		}
		s += spmd.ReduceAdd(l, v) // EXPECT
	}
	out[l.Index()] = spmd.ReduceAdd(l, s)
}

// RSliceCollectivesAroundContinue: Ballot before, the continue in the middle,
// plain work after, ReduceAdd after the loop. Correct.
//
//spmd:kernel
func RSliceCollectivesAroundContinue(l spmd.Lane, data []int, out []int) {
	s := 0
	for i, v := range data {
		b := spmd.Ballot(l, v > l.Index())
		if b&(1<<uint(l.Index())) != 0 {
			continue
		}
		s += i
	}
	l.Barrier()
	out[l.Index()] = spmd.ReduceAdd(l, s)
}

// RArrayNestedIf: range over an array value, continue inside a nested if.
// Ballot before the continue. Correct.
//
//spmd:kernel
func RArrayNestedIf(l spmd.Lane, arr [6]int, out []int) {
	s := 0
	for i, v := range arr {
		_ = spmd.Ballot(l, v%2 == 0)
		if v > 0 {
			if (i+l.Index())%2 == 0 {
				continue
			}
			s += v
		}
	}
	out[l.Index()] = spmd.ReduceAdd(l, s)
}

// RArrayNestedIfBad: Ballot after the nested-if continue.
//
//spmd:kernel
func RArrayNestedIfBad(l spmd.Lane, arr [6]int, out []int) {
	s := 0
	for i, v := range arr {
		if v > 0 {
			if i == l.Index() {
				continue
			}
		}
		s += int(spmd.Ballot(l, v%2 == 0)) // EXPECT
	}
	out[l.Index()] = s
}

// RPtrArrayDivergentPtr: p points at a per-lane row, but range over *[4]int
// has the constant trip count 4. Barrier before a switch-case continue. Correct.
//
//spmd:kernel
func RPtrArrayDivergentPtr(l spmd.Lane, rows [][4]int, out []int) {
	p := &rows[l.Index()]
	s := 0
	for i, v := range p {
		l.Barrier()
		switch {
		case v < 0:
			continue
		case v == 0:
			s += i
		default:
			s += v
		}
	}
	out[l.Index()] = spmd.ReduceAdd(l, s)
}

// RPtrArraySwitchContinueBad: barrier after a switch whose case continues on a
// per-lane element.
//
//spmd:kernel
func RPtrArraySwitchContinueBad(l spmd.Lane, rows [][4]int, out []int) {
	p := &rows[l.Index()]
	s := 0
	for i := range p {
		switch p[i] {
		case 0:
			continue
		case 1:
			s++
		}
		l.Barrier() // EXPECT
	}
	out[l.Index()] = s
}

// RStringContinue: range over a string; barrier before the continue, Any after
// the loop. Correct.
//
//spmd:kernel
func RStringContinue(l spmd.Lane, s string, out []int) {
	n := 0
	for i, r := range s {
		l.Barrier()
		if (int(r)+i)%l.Count() == l.Index() {
			continue
		}
		n++
	}
	if spmd.Any(l, n > 2) {
		n = -n
	}
	out[l.Index()] = n
}

// RStringContinueSwitchBad: continue in a switch case, barrier after the switch.
//
//spmd:kernel
func RStringContinueSwitchBad(l spmd.Lane, s string, out []int) {
	n := 0
	for _, r := range s {
		switch int(r) % l.Count() {
		case l.Index():
			continue
		default:
			n++
		}
		l.Barrier() // EXPECT
	}
	out[l.Index()] = n
}

// RStringDivergentSuffixBad: the string ranged over depends on the lane.
//
//spmd:kernel
func RStringDivergentSuffixBad(l spmd.Lane, s string, out []int) {
	n := 0
	for range s[l.Index():] {
		l.Barrier() // EXPECT
		n++
	}
	out[l.Index()] = n
}

// RMapContinue: range over a shared map. Keys are divergent (order per lane),
// but every lane visits len(m) entries. Barrier before the key-dependent
// continue, ReduceAdd after the loop. Correct.
//
//spmd:kernel
func RMapContinue(l spmd.Lane, m map[int]int, out []int) {
	s := 0
	for k, v := range m {
		l.Barrier()
		if k%2 == 0 {
			continue
		}
		s += v
	}
	out[l.Index()] = spmd.ReduceAdd(l, s)
}

// RMapKeyContinueBad: the continue depends on the key, which is divergent.
//
//spmd:kernel
func RMapKeyContinueBad(l spmd.Lane, m map[int]int, out []int) {
	s := 0
	for k, v := range m {
		if k <= l.Index() {
			continue
		}
		s += spmd.ReduceAdd(l, v) // EXPECT
	}
	out[l.Index()] = s
}

// RIntContinue: range over a uniform int; barrier before the continue. Correct.
//
//spmd:kernel
func RIntContinue(l spmd.Lane, n int, out []int) {
	acc := 0
	for i := range n {
		l.Barrier()
		if (i+l.Index())%3 == 0 {
			continue
		}
		acc += i
	}
	out[l.Index()] = spmd.ReduceAdd(l, acc)
}

// RIntContinueInSwitchAfterBad: range over int, continue inside a switch, Any after.
//
//spmd:kernel
func RIntContinueInSwitchAfterBad(l spmd.Lane, n int, out []int) {
	acc := 0
	for i := range n {
		switch {
		case i == l.Index():
			continue
		}
		if spmd.Any(l, i > 1) { // EXPECT
			acc++
		}
	}
	out[l.Index()] = acc
}

// RIntDivergentBoundBad: range over a lane-dependent int.
//
//spmd:kernel
func RIntDivergentBoundBad(l spmd.Lane, out []int) {
	acc := 0
	for i := range l.Index() + 1 {
		acc += spmd.ReduceAdd(l, i) // EXPECT
	}
	out[l.Index()] = acc
}

// RSliceDivergentSubsliceBad: range over a lane-dependent subslice.
//
//spmd:kernel
func RSliceDivergentSubsliceBad(l spmd.Lane, data []int, out []int) {
	s := 0
	for _, v := range data[:l.Index()+1] {
		l.Barrier() // EXPECT
		s += v
	}
	out[l.Index()] = spmd.ReduceAdd(l, s)
}

// RSliceReturnBad: a lane-dependent return inside the loop: barriers in later
// iterations and after the loop are not reached by the lanes that returned.
//
//spmd:kernel
func RSliceReturnBad(l spmd.Lane, data []int, out []int) {
	for _, v := range data {
		l.Barrier() // EXPECT
		if v == l.Index() {
			return
		}
	}
	l.Barrier() // EXPECT
	out[l.Index()] = 1
}

// RSliceBreakBad: lane-dependent break: the collective in the loop is bad,
// the barrier after the loop is fine.
//
//spmd:kernel
func RSliceBreakBad(l spmd.Lane, data []int, out []int) {
	s := 0
	for _, v := range data {
		if spmd.Any(l, v > 100) { // EXPECT
			s++
		}
		if v == l.Index() {
			break
		}
	}
	l.Barrier()
	out[l.Index()] = s
}
