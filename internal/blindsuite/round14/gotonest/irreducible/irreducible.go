// Package irreducible holds kernels with goto-built cycles that have two
// entries (irreducible loops), entered after or from inside loop nests.
package irreducible

import "github.com/spmdvet/spmdvet/spmd"

// TwoEntryDivergent: the cycle top -> mid -> top is entered at top by odd
// lanes and at mid by even lanes; the barrier is in the part only the top
// entry runs first, so even lanes call it one time fewer. Bug.
//
//spmd:kernel
func TwoEntryDivergent(l spmd.Lane, out []int) {
	k := 0
	if l.Index()%2 == 0 {
		goto mid
	}
top:
	l.Barrier() // EXPECT
mid:
	k++
	if k < 3 {
		goto top
	}
	out[l.Index()] = k
}

// TwoEntryUniform: the same cycle, entered at one place or the other on a
// uniform condition. Correct.
//
//spmd:kernel
func TwoEntryUniform(l spmd.Lane, out []int) {
	k := 0
	if l.Count()%2 == 0 {
		goto mid
	}
top:
	l.Barrier()
	out[l.Index()]++
mid:
	k++
	if k < 3 {
		goto top
	}
}

// NestGotoIntoMiddle: a lane-dependent goto from the inner loop of a nest into
// the middle of the goto loop that follows the nest; lanes that finish the
// nest enter that loop at its top. Two entries reached from a divergent
// branch. Bug.
//
//spmd:kernel
func NestGotoIntoMiddle(l spmd.Lane, out []int) {
	k := 0
	for i := range 4 {
		for j := range 4 {
			if i*4+j == l.Index()*3 {
				goto mid
			}
		}
	}
top:
	l.Barrier() // EXPECT
mid:
	k++
	if k < 3 {
		goto top
	}
	out[l.Index()] = k
}

// NestGotoIntoMiddleUniform: the same shape, but the goto into the middle of
// the following loop tests loop counters against l.Count(): every lane takes
// the same entry. Correct.
//
//spmd:kernel
func NestGotoIntoMiddleUniform(l spmd.Lane, out []int) {
	k := 0
	for i := range 4 {
		for j := range 4 {
			if i*4+j == l.Count() {
				goto mid
			}
			out[l.Index()] += l.Index()
		}
	}
top:
	l.Barrier()
mid:
	k++
	if k < 3 {
		goto top
	}
}

// DivergentEntryNoConvergentInside: the two-entry cycle is entered from a
// divergent branch, but holds no convergent call; its only exit leads to the
// barrier, which every lane reaches once. Correct.
//
//spmd:kernel
func DivergentEntryNoConvergentInside(l spmd.Lane, out []int) {
	k := 0
	for i := range 4 {
		if i == l.Index() {
			goto mid
		}
	}
top:
	out[l.Index()] += 10
mid:
	k++
	if k < 3 {
		goto top
	}
	l.Barrier()
	out[l.Index()] += k
}

// UniformEntryCollectiveInside: the two-entry cycle is entered on a uniform
// condition; inside, lane-dependent data only flows into the collective's
// argument. Correct.
//
//spmd:kernel
func UniformEntryCollectiveInside(l spmd.Lane, out []int) {
	k, acc := 0, 0
	if l.Count() > 4 {
		goto mid
	}
top:
	acc = spmd.ReduceAdd(l, acc+l.Index())
mid:
	k++
	if k < 4 {
		goto top
	}
	out[l.Index()] = acc
}

// UniformEntryDivergentExit: entered on a uniform condition, but a
// lane-dependent goto leaves the cycle before the barrier. Bug.
//
//spmd:kernel
func UniformEntryDivergentExit(l spmd.Lane, out []int) {
	k := 0
	if l.Count() > 2 {
		goto mid
	}
top:
	if k == l.Index() {
		goto done
	}
	l.Barrier() // EXPECT
mid:
	k++
	if k < 4 {
		goto top
	}
done:
	out[l.Index()] = k
}

// EntryChosenByLastSeen: after a nest with a lane-dependent break outer, the
// entry of the two-entry cycle is chosen by the last outer index, which lanes
// bring from different outer iterations. Bug.
//
//spmd:kernel
func EntryChosenByLastSeen(l spmd.Lane, out []int) {
	last := 0
outer:
	for i := range 4 {
		last = i
		for j := range 4 {
			if i*4+j == l.Index() {
				break outer
			}
		}
	}
	k := 0
	if last > 0 {
		goto mid
	}
top:
	l.Barrier() // EXPECT
mid:
	k++
	if k < 3 {
		goto top
	}
	out[l.Index()] = k
}

// EntryChosenByReducedLastSeen: the same, but the entry is chosen by the
// ReduceMax of the last outer index, taken after the nest: uniform. Correct.
//
//spmd:kernel
func EntryChosenByReducedLastSeen(l spmd.Lane, out []int) {
	last := 0
outer:
	for i := range 4 {
		last = i
		for j := range 4 {
			if i*4+j == l.Index() {
				break outer
			}
		}
	}
	k := 0
	if spmd.ReduceMax(l, last) > 0 {
		goto mid
	}
top:
	l.Barrier()
	out[l.Index()]++
mid:
	k++
	if k < 3 {
		goto top
	}
}

// DivergentRejoinThenUniformEntry: a divergent if/else rejoins, then a
// uniform condition picks the entry of the two-entry cycle. Correct.
//
//spmd:kernel
func DivergentRejoinThenUniformEntry(l spmd.Lane, out []int) {
	x := 0
	if l.Index()%2 == 0 {
		x = 1
	} else {
		x = 2
	}
	k := 0
	if l.Count() > 3 {
		goto mid
	}
top:
	l.Barrier()
mid:
	k++
	if k < 3 {
		goto top
	}
	out[l.Index()] = x * k
}

// ThreeLevelNestTwoGotos: from a three-level nest, a lane-dependent goto to
// the top and another to the middle of the goto loop that follows; lanes
// that finish the nest enter at the top too. The Any in the top part runs one
// time fewer for lanes that enter in the middle. Bug.
//
//spmd:kernel
func ThreeLevelNestTwoGotos(l spmd.Lane, out []int) {
	k := 0
	for i := range 2 {
		for j := range 2 {
			for m := range 2 {
				if i*4+j*2+m == l.Index() {
					if l.Index()%2 == 0 {
						goto top
					}
					goto mid
				}
			}
		}
	}
top:
	if spmd.Any(l, k == l.Index()) { // EXPECT
		out[l.Index()]++
	}
mid:
	k++
	if k < 3 {
		goto top
	}
}

// RestartNestWithGoto: a backward goto from the inner loop restarts the whole
// nest once in lane-dependent lanes (a cycle with a divergent back edge). No
// convergent call is in the cycle; the barrier after the nest is reached by
// every lane. Correct.
//
//spmd:kernel
func RestartNestWithGoto(l spmd.Lane, out []int) {
	round := 0
again:
	for i := range 4 {
		for j := range 4 {
			if round == 0 && i*4+j == l.Index() {
				round++
				goto again
			}
			out[l.Index()]++
		}
	}
	l.Barrier()
}

// RestartNestBarrierInOuter: like RestartNestWithGoto, but with a barrier in
// the outer loop body: lanes that restart the nest call it at other times
// than those that do not. Bug.
//
//spmd:kernel
func RestartNestBarrierInOuter(l spmd.Lane, out []int) {
	round := 0
again:
	for i := range 4 {
		for j := range 4 {
			if round == 0 && i*4+j == l.Index()*5 {
				round++
				goto again
			}
		}
		l.Barrier() // EXPECT
		out[l.Index()]++
	}
}
