// Package loops holds kernels with loops whose exits are uniform although
// their bodies use the lane index (divergent continue, divergent inner loops,
// irreducible goto cycles entered uniformly), and buggy twins whose exits or
// entries become lane-dependent.
package loops

import "github.com/spmdvet/spmdvet/spmd"

// ContinueBarrierAtTop (correct): the trip count n is uniform. The continue is
// lane-dependent, but it only skips the rest of the body: the next iteration
// starts for every lane, and the Barrier at the top of the body is reached n
// times by every lane.
//
//spmd:kernel
func ContinueBarrierAtTop(l spmd.Lane, n int, out []int) {
	i := l.Index()
	for j := 0; j < n; j++ {
		l.Barrier()
		if i > j {
			continue
		}
		out[i] += j
	}
	out[i] = spmd.ReduceAdd(l, out[i])
}

// ContinueBarrierAfter (bug): twin of ContinueBarrierAtTop. The Barrier is
// after the lane-dependent continue, so lane i reaches it only n-i times.
//
//spmd:kernel
func ContinueBarrierAfter(l spmd.Lane, n int, out []int) {
	i := l.Index()
	for j := 0; j < n; j++ {
		if i > j {
			continue
		}
		l.Barrier() // EXPECT
		out[i] += j
	}
	out[i] = spmd.ReduceAdd(l, out[i])
}

// ContinueKeepsExitUniform (correct): k is incremented before a lane-dependent
// continue, and the loop's only exit is the uniform j < n; so k is uniform
// after the loop, and so is the branch on it.
//
//spmd:kernel
func ContinueKeepsExitUniform(l spmd.Lane, n int, out []int) {
	i := l.Index()
	k := 0
	for j := 0; j < n; j++ {
		k += 2
		if j == i {
			continue
		}
		out[i] += j
	}
	if k > 4 {
		l.Barrier()
	}
	out[i] = spmd.ReduceAdd(l, k)
}

// BreakMakesExitDivergent (bug): twin of ContinueKeepsExitUniform, with break
// for continue. Lanes now leave the loop in different iterations (temporal
// divergence), so k after the loop is lane-dependent. The ReduceAdd after the
// loop is still reached by all lanes (the loop's exits join there) and has a
// divergent operand only: no finding there.
//
//spmd:kernel
func BreakMakesExitDivergent(l spmd.Lane, n int, out []int) {
	i := l.Index()
	k := 0
	for j := 0; j < n; j++ {
		k += 2
		if j == i {
			break
		}
		out[i] += j
	}
	if k > 4 {
		l.Barrier() // EXPECT
	}
	out[i] = spmd.ReduceAdd(l, k)
}

// DivergentTripBarrierAfter (correct): the grid-stride loop has a
// lane-dependent trip count, but the Barrier comes after it; every lane leaves
// the loop and reaches the Barrier once.
//
//spmd:kernel
func DivergentTripBarrierAfter(l spmd.Lane, data []int, out []int) {
	i := l.Index()
	part := 0
	for j := i; j < len(data); j += l.Count() {
		part += data[j]
	}
	l.Barrier()
	out[i] = spmd.ReduceAdd(l, part)
}

// DivergentTripBarrierInside (bug): twin of DivergentTripBarrierAfter. The
// Barrier is inside the grid-stride loop, whose trip count depends on the lane.
//
//spmd:kernel
func DivergentTripBarrierInside(l spmd.Lane, data []int, out []int) {
	i := l.Index()
	part := 0
	for j := i; j < len(data); j += l.Count() {
		part += data[j]
		l.Barrier() // EXPECT
	}
	out[i] = spmd.ReduceAdd(l, part)
}

// StrideTiled (correct): the tiled version of the grid-stride loop: the loop
// variable base is uniform (it starts at 0 and steps by l.Count()), the
// lane's element base+i is guarded by a divergent if that closes before the
// Barrier.
//
//spmd:kernel
func StrideTiled(l spmd.Lane, data []int, out []int) {
	i := l.Index()
	part := 0
	for base := 0; base < len(data); base += l.Count() {
		if j := base + i; j < len(data) {
			part += data[j]
		}
		l.Barrier()
	}
	out[i] = spmd.ReduceAdd(l, part)
}

// RangeOverParam (correct): range over a slice given to the kernel: the index,
// the element and the trip count are uniform. acc, summed from the elements,
// is uniform after the loop.
//
//spmd:kernel
func RangeOverParam(l spmd.Lane, data []int, out []int) {
	i := l.Index()
	acc := 0
	for k, v := range data {
		if k%l.Count() == i {
			out[i] += v
		}
		acc += v
		l.Barrier()
	}
	if acc > 0 {
		out[i] = spmd.ReduceAdd(l, out[i]) + acc
	}
}

// RangeOverLaneSlice (bug): twin of RangeOverParam. The loop ranges over
// data[i:], whose length depends on the lane; both the Barrier in the loop and
// the branch on acc after it are divergent.
//
//spmd:kernel
func RangeOverLaneSlice(l spmd.Lane, data []int, out []int) {
	i := l.Index()
	acc := 0
	for k, v := range data[i:] {
		if k%l.Count() == i {
			out[i] += v
		}
		acc += v
		l.Barrier() // EXPECT
	}
	if acc > 0 {
		out[i] = spmd.ReduceAdd(l, out[i]) + acc // EXPECT
	}
}

// GotoLoopUniform (correct): a loop built from goto, entered only through the
// uniform test n <= 0, and left through the uniform test j < n. The body uses
// the lane index for data only.
//
//spmd:kernel
func GotoLoopUniform(l spmd.Lane, n int, out []int) {
	i := l.Index()
	j := 0
	if n <= 0 {
		goto done
	}
top:
	l.Barrier()
	out[i] += i * j
	j++
	if j < n {
		goto top
	}
done:
	out[i] = spmd.ReduceAdd(l, out[i])
}

// GotoLoopDivergentExit (bug): twin of GotoLoopUniform. The backward goto is
// taken while j < n+i%2, so odd lanes run one more iteration: the Barrier in
// the loop is reached by lanes in different iterations.
//
//spmd:kernel
func GotoLoopDivergentExit(l spmd.Lane, n int, out []int) {
	i := l.Index()
	j := 0
	if n <= 0 {
		goto done
	}
top:
	l.Barrier() // EXPECT
	out[i] += i * j
	j++
	if j < n+i%2 {
		goto top
	}
done:
	out[i] = spmd.ReduceAdd(l, out[i])
}

// IrreducibleUniformEntry (correct): the cycle first -> second -> first has two
// entries (first by falling through, second by the forward goto), so it is
// irreducible. The choice of entry is the kernel parameter skipFirst, uniform:
// all lanes enter at the same place, and the exit test j < n is uniform, so
// the Barrier inside is reached by all lanes together.
//
//spmd:kernel
func IrreducibleUniformEntry(l spmd.Lane, n int, skipFirst bool, out []int) {
	i := l.Index()
	j := 0
	if skipFirst {
		goto second
	}
first:
	l.Barrier()
	out[i] += i
second:
	j++
	if j < n {
		goto first
	}
	out[i] = spmd.ReduceAdd(l, out[i]+j)
}

// IrreducibleDivergentEntry (bug): twin of IrreducibleUniformEntry. Odd lanes
// enter the irreducible cycle at second and even lanes at first: the two paths
// of a divergent branch enter the cycle at different entries, and even lanes
// run the Barrier once more. The ReduceAdd after the cycle is reached by all
// lanes once: no finding there.
//
//spmd:kernel
func IrreducibleDivergentEntry(l spmd.Lane, n int, out []int) {
	i := l.Index()
	j := 0
	if i%2 == 1 {
		goto second
	}
first:
	l.Barrier() // EXPECT
	out[i] += i
second:
	j++
	if j < n {
		goto first
	}
	out[i] = spmd.ReduceAdd(l, out[i]+j)
}

// IrreducibleDivergentEntryBarrierAfter (correct): the same divergently entered
// irreducible cycle, but with no convergent operation inside. The cycle's only
// exit leads to the Barrier and the ReduceAdd, which every lane reaches once.
// (j is the same in every lane at the exit, but an analysis may see it as
// divergent; it only feeds ReduceAdd's operand anyway.)
//
//spmd:kernel
func IrreducibleDivergentEntryBarrierAfter(l spmd.Lane, n int, out []int) {
	i := l.Index()
	j := 0
	if i%2 == 1 {
		goto second
	}
first:
	out[i] += i
second:
	j++
	if j < n {
		goto first
	}
	l.Barrier()
	out[i] = spmd.ReduceAdd(l, out[i]+j)
}

// NestedInnerDivergent (correct): the inner loop's trip count is l.Index(), but
// the Barrier is in the outer loop after the inner one; the outer loop's
// trip count is the uniform parameter rounds.
//
//spmd:kernel
func NestedInnerDivergent(l spmd.Lane, rounds int, out []int) {
	i := l.Index()
	for r := 0; r < rounds; r++ {
		for k := 0; k < i; k++ {
			out[i] += k + r
		}
		l.Barrier()
	}
	out[i] = spmd.ReduceMax(l, out[i])
}

// LabeledContinueOuter (correct): a lane-dependent continue of the outer loop
// from inside the inner loop; the outer loop's Barrier is at the top of its
// body, which every lane reaches in every iteration. The labelled break is on
// a uniform condition (the parameter stop) and is evaluated at the top of the
// body, before any lane can have continued, so every lane evaluates it in
// every iteration.
//
//spmd:kernel
func LabeledContinueOuter(l spmd.Lane, n, stop int, out []int) {
	i := l.Index()
outer:
	for j := 0; j < n; j++ {
		l.Barrier()
		if j == stop {
			break outer
		}
		for k := 0; k < 2; k++ {
			if k == i {
				continue outer
			}
			out[i] += j
		}
	}
	out[i] = spmd.ReduceAdd(l, out[i])
}

// LabeledContinueSkipsBarrier (bug): twin of LabeledContinueOuter. The Barrier
// is after the inner loop, which lanes 0 and 1 always leave by continue outer.
//
//spmd:kernel
func LabeledContinueSkipsBarrier(l spmd.Lane, n, stop int, out []int) {
	i := l.Index()
outer:
	for j := 0; j < n; j++ {
		if j == stop {
			break outer
		}
		for k := 0; k < 2; k++ {
			if k == i {
				continue outer
			}
			out[i] += j
		}
		l.Barrier() // EXPECT
	}
	out[i] = spmd.ReduceAdd(l, out[i])
}

// WhileAnyLoop (correct): the loop condition is Any(remaining > 0), a
// collective with a uniform result evaluated by every lane in every
// iteration; lanes that have no work left keep iterating, guarded by a
// divergent if that closes before the Barrier. steps is uniform.
//
//spmd:kernel
func WhileAnyLoop(l spmd.Lane, out []int) {
	i := l.Index()
	remaining := i
	steps := 0
	for spmd.Any(l, remaining > 0) {
		if remaining > 0 {
			out[i] += remaining
			remaining--
		}
		steps++
		l.Barrier()
	}
	out[i] += spmd.ReduceAdd(l, steps)
}

// WhileLaneLoop (bug): twin of WhileAnyLoop. The loop condition is the lane's
// own remaining > 0, so lanes leave the loop after different numbers of
// iterations. ReduceAdd after the loop only gets a divergent operand.
//
//spmd:kernel
func WhileLaneLoop(l spmd.Lane, out []int) {
	i := l.Index()
	remaining := i
	steps := 0
	for remaining > 0 {
		if remaining > 0 {
			out[i] += remaining
			remaining--
		}
		steps++
		l.Barrier() // EXPECT
	}
	out[i] += spmd.ReduceAdd(l, steps)
}
