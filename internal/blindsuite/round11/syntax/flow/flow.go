// Package flow holds kernels that exercise the control-flow statements of
// the spec (switch, for, labelled break/continue, goto, short-circuit
// operators, select, defer) in their less common syntax forms. Each buggy
// kernel has a correct twin.
package flow

import "github.com/spmdvet/spmdvet/spmd"

// Out receives one value per lane.
var Out [spmd.MaxLanes]int

// Things holds interface values of different dynamic types; a lane that
// indexes it by its lane index sees a lane-dependent dynamic type.
var Things = []any{1, "two", 3.0}

// FallthroughBug tests switch with fallthrough: lanes whose tag is 0 fall
// through into case 1 and reach the barrier, lanes with tag 1 reach it
// directly, but lanes with tag 2 go to default and skip it.
//
//spmd:kernel
func FallthroughBug(l spmd.Lane) {
	x := 0
	switch l.Index() % 3 {
	case 0:
		x = 10
		fallthrough
	case 1:
		x++
		l.Barrier() // EXPECT
	default:
		x = -1
	}
	Out[l.Index()] = x
}

// FallthroughJoin tests a divergent switch whose every case falls through
// into the last one: its body post-dominates the switch, so the collective
// there is reached by all lanes.
//
//spmd:kernel
func FallthroughJoin(l spmd.Lane) {
	x := 0
	switch l.Index() % 3 {
	case 0:
		x += 100
		fallthrough
	case 1:
		x += 10
		fallthrough
	default:
		x++
		Out[l.Index()] = spmd.ReduceAdd(l, x)
	}
}

// DefaultMiddleBug tests a default clause placed between cases that falls
// through into the last case: lanes with tag 0 never reach the collective.
//
//spmd:kernel
func DefaultMiddleBug(l spmd.Lane) {
	x := 0
	switch l.Index() % 4 {
	case 0:
		x = 1
	default:
		x = 2
		fallthrough
	case 3:
		x += spmd.ReduceMax(l, x) // EXPECT
	}
	Out[l.Index()] = x
}

// DefaultMiddleUniform is DefaultMiddleBug with a uniform tag.
//
//spmd:kernel
func DefaultMiddleUniform(l spmd.Lane) {
	x := 0
	switch l.Count() % 4 {
	case 0:
		x = 1
	default:
		x = 2
		fallthrough
	case 3:
		x += spmd.ReduceMax(l, x+l.Index())
	}
	Out[l.Index()] = x
}

// TaglessInitBug tests a tagless switch with an init statement: the first
// case compares the lane index.
//
//spmd:kernel
func TaglessInitBug(l spmd.Lane) {
	switch i := l.Index(); {
	case i < 2:
		Out[i] = spmd.ReduceAdd(l, 1) // EXPECT
	case i >= 2:
		Out[i] = -1
	}
}

// TaglessInitUniform tests a tagless switch with a two-variable init whose
// first case is uniform; the divergent case comes after the collective one.
//
//spmd:kernel
func TaglessInitUniform(l spmd.Lane) {
	switch n, i := l.Count(), l.Index(); {
	case n >= 4:
		Out[i] = spmd.ReduceAdd(l, i)
	case i == 0:
		Out[i] = -1
	}
}

// CaseExprBug tests a collective in a case expression: it is evaluated only
// by lanes for which the earlier, divergent case was false.
//
//spmd:kernel
func CaseExprBug(l spmd.Lane) {
	x := 0
	switch {
	case l.Index() == 0:
		x = 1
	case spmd.Any(l, l.Index() > 2): // EXPECT
		x = 2
	}
	Out[l.Index()] = x
}

// CaseExprUniform tests collectives in case expressions that are preceded
// only by uniform cases: Any is evaluated by all lanes, and All only when
// Any was false, which is the same in every lane.
//
//spmd:kernel
func CaseExprUniform(l spmd.Lane) {
	x := 0
	switch {
	case spmd.Any(l, l.Index() > 100):
		x = 2
	case spmd.All(l, l.Index() >= 0):
		x = 3
	case l.Index() == 0:
		x = 1
	}
	Out[l.Index()] = x
}

// TypeSwitchBug tests a type switch on an interface value whose dynamic
// type depends on the lane.
//
//spmd:kernel
func TypeSwitchBug(l spmd.Lane) {
	switch v := Things[l.Index()%len(Things)].(type) {
	case int:
		Out[l.Index()] = spmd.ReduceAdd(l, v) // EXPECT
	case string:
		Out[l.Index()] = len(v)
	default:
		Out[l.Index()] = -1
	}
}

// TypeSwitchUniform tests a type switch on an interface value picked at a
// uniform index, with a collective in every clause.
//
//spmd:kernel
func TypeSwitchUniform(l spmd.Lane) {
	switch v := Things[l.Count()%len(Things)].(type) {
	case int:
		Out[l.Index()] = spmd.ReduceAdd(l, v)
	case string:
		l.Barrier()
		Out[l.Index()] = len(v)
	default:
		Out[l.Index()] = spmd.BroadcastFirst(l, l.Index())
	}
}

// TypeSwitchPhiBug tests a type switch on an interface variable that is
// assigned a value of another dynamic type in a divergent branch: both
// assigned values are uniform, but the merge is divergent.
//
//spmd:kernel
func TypeSwitchPhiBug(l spmd.Lane) {
	var v any = l.Count()
	if l.Index()%2 == 1 {
		v = float64(l.Count())
	}
	switch v.(type) {
	case int:
		l.Barrier() // EXPECT
	}
	Out[l.Index()] = 1
}

// SelectBreakBug tests a labelled break out of a select inside a for loop:
// lanes leave the loop in different iterations, before the collective.
//
//spmd:kernel
func SelectBreakBug(l spmd.Lane) {
	ready := make(chan int, 1)
	n := 0
loop:
	for i := 0; i < 4; i++ {
		select {
		case ready <- i:
		default:
			<-ready
			if i > l.Index() {
				break loop
			}
		}
		n += spmd.ReduceAdd(l, 1) // EXPECT
	}
	Out[l.Index()] = n
}

// SelectBreakUniform is SelectBreakBug with a uniform break condition.
//
//spmd:kernel
func SelectBreakUniform(l spmd.Lane) {
	ready := make(chan int, 1)
	n := 0
loop:
	for i := 0; i < 4; i++ {
		select {
		case ready <- i:
		default:
			<-ready
			if i >= l.Count()-1 {
				break loop
			}
		}
		n += spmd.ReduceAdd(l, 1)
	}
	Out[l.Index()] = n
}

// SelectManyReady tests a select with two ready channels and a default
// inside a loop: lanes pick cases at random, but the barrier follows the
// whole select, so every lane reaches it in every iteration.
//
//spmd:kernel
func SelectManyReady(l spmd.Lane) {
	a := make(chan int, 4)
	b := make(chan int, 4)
	for range 4 {
		a <- 1
		b <- 2
	}
	got := 0
	for i := 0; i < 6; i++ {
		select {
		case v := <-a:
			got += v
		case v := <-b:
			got += v
		default:
			got += 100
		}
		l.Barrier()
	}
	Out[l.Index()] = spmd.ReduceAdd(l, 1) + got - got
}

// BreakInSwitchUniform tests an unlabelled break inside a switch inside a
// for loop: it leaves only the switch, so the collective after the switch
// is still reached by every lane in every iteration.
//
//spmd:kernel
func BreakInSwitchUniform(l spmd.Lane) {
	s := 0
	for i := 0; i < 4; i++ {
		switch {
		case i == l.Index():
			if i > 0 {
				break
			}
			s += 10
		default:
			s += i
		}
		s += spmd.ReduceAdd(l, 1)
	}
	Out[l.Index()] = s
}

// ContinueSwitchBug tests a labelled continue from a switch nested in a for
// loop, on a lane-dependent tag.
//
//spmd:kernel
func ContinueSwitchBug(l spmd.Lane) {
	s := 0
rows:
	for i := 0; i < 4; i++ {
		switch l.Index() - i {
		case 1, 2:
			continue rows
		}
		s += spmd.ReduceAdd(l, i) // EXPECT
	}
	Out[l.Index()] = s
}

// ContinueSwitchUniform is ContinueSwitchBug with a uniform tag.
//
//spmd:kernel
func ContinueSwitchUniform(l spmd.Lane) {
	s := 0
rows:
	for i := 0; i < 4; i++ {
		switch l.Count() - i {
		case 1, 2:
			continue rows
		}
		s += spmd.ReduceAdd(l, i)
	}
	Out[l.Index()] = s
}

// ContinueOuterTop tests a labelled continue of the outer loop from an
// inner loop on a divergent condition: the barrier at the top of the outer
// body is reached by all lanes in every outer iteration.
//
//spmd:kernel
func ContinueOuterTop(l spmd.Lane) {
	s := 0
outer:
	for i := 0; i < 3; i++ {
		l.Barrier()
		for j := 0; j < 3; j++ {
			if j+l.Index() == i {
				continue outer
			}
			s++
		}
	}
	Out[l.Index()] = s
}

// ContinueOuterBottomBug tests the same loops with the collective after
// the inner loop, which the lanes that continued the outer loop skip.
//
//spmd:kernel
func ContinueOuterBottomBug(l spmd.Lane) {
	s := 0
outer:
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if j+l.Index() == i {
				continue outer
			}
		}
		s += spmd.ReduceAdd(l, 1) // EXPECT
	}
	Out[l.Index()] = s
}
