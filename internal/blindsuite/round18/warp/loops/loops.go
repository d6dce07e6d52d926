// Package loops holds kernels whose loops are driven by spmd.Any/All, by the
// set bits of a ballot, by labelled break/continue and by goto.
package loops

import (
	"math/bits"

	"github.com/spmdvet/spmdvet/spmd"
)

// AnyLoopCorrect (correct): the loop condition spmd.Any is uniform, and the
// per-lane work is guarded by an if that reconverges before the barrier.
//
//spmd:kernel
func AnyLoopCorrect(l spmd.Lane, in, out []int) {
	i := l.Index()
	work := in[i]
	rounds := 0
	for spmd.Any(l, work > 0) {
		if work > 0 {
			work--
		}
		rounds++
		l.Barrier()
	}
	out[i] = rounds
}

// AnyLoopBreakBug (bug): twin of AnyLoopCorrect where lanes without work break
// out: the barrier is under the divergent break, and the Any of the header is
// reached again only by the lanes that stayed (they left in other iterations).
//
//spmd:kernel
func AnyLoopBreakBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	work := in[i]
	for spmd.Any(l, work > 0) { // EXPECT
		if work == 0 {
			break
		}
		work--
		l.Barrier() // EXPECT
	}
	out[i] = work
}

// AnyLoopEarlyReturnBug (bug): lanes with negative work return from inside an
// Any-driven loop; the remaining lanes evaluate Any again without them.
//
//spmd:kernel
func AnyLoopEarlyReturnBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	work := in[i]
	for spmd.Any(l, work > 0) { // EXPECT
		if work < 0 {
			return
		}
		work--
		out[i]++
	}
}

// AllLoopCorrect (correct): a Collatz iteration run until All lanes reach 1;
// the All condition is uniform, the barrier is outside the per-lane if.
//
//spmd:kernel
func AllLoopCorrect(l spmd.Lane, in, out []int) {
	i := l.Index()
	x := in[i]
	steps := 0
	for !spmd.All(l, x == 1) {
		if x != 1 {
			if x%2 == 0 {
				x /= 2
			} else {
				x = 3*x + 1
			}
		}
		steps++
		l.Barrier()
	}
	out[i] = steps
}

// SetBitsUniformCorrect (correct): iterating over the set bits of a uniform
// ballot (m &= m-1) is a uniform loop; each Broadcast has a uniform src.
//
//spmd:kernel
func SetBitsUniformCorrect(l spmd.Lane, in, out []int) {
	i := l.Index()
	acc := 0
	for m := spmd.Ballot(l, in[i] > 0); m != 0; m &= m - 1 {
		j := bits.TrailingZeros64(m)
		acc += spmd.Broadcast(l, in[i], j)
	}
	out[i] = acc
}

// SetBitsPerLaneBug (bug): twin of SetBitsUniformCorrect over the ballot bits
// below the lane (a per-lane mask): each lane loops a different number of times.
//
//spmd:kernel
func SetBitsPerLaneBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	below := spmd.Ballot(l, in[i] > 0) & (uint64(1)<<uint(i) - 1)
	acc := 0
	for m := below; m != 0; m &= m - 1 {
		acc += spmd.Broadcast(l, in[i], bits.TrailingZeros64(m)) // EXPECT
	}
	out[i] = acc
}

// PerLaneLoopThenReduceCorrect (correct): the per-lane set-bit loop contains no
// collective; the lanes reconverge after it, where ReduceMax is called.
//
//spmd:kernel
func PerLaneLoopThenReduceCorrect(l spmd.Lane, in, out []int) {
	i := l.Index()
	below := spmd.Ballot(l, in[i] > 0) & (uint64(1)<<uint(i) - 1)
	cnt := 0
	for m := below; m != 0; m &= m - 1 {
		cnt++
	}
	out[i] = spmd.ReduceMax(l, cnt)
}

// ContinueAnyCorrect (correct): finished lanes continue (back to the header)
// rather than leave; all lanes meet at the Any of the header every iteration.
//
//spmd:kernel
func ContinueAnyCorrect(l spmd.Lane, in, out []int) {
	i := l.Index()
	k := 0
	for spmd.Any(l, k < in[i]) {
		if k >= in[i] {
			continue
		}
		k++
	}
	out[i] = k
}

// ContinueBarrierBug (bug): twin of ContinueAnyCorrect with a barrier after
// the divergent continue.
//
//spmd:kernel
func ContinueBarrierBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	k := 0
	for spmd.Any(l, k < in[i]) {
		if k >= in[i] {
			continue
		}
		k++
		l.Barrier() // EXPECT
	}
	out[i] = k
}

// LabelBreakAnyCorrect (correct): break outer is taken when spmd.Any says so,
// a uniform decision, so all lanes leave the nested loops together.
//
//spmd:kernel
func LabelBreakAnyCorrect(l spmd.Lane, in, out []int, limit int) {
	i := l.Index()
	x := in[i]
outer:
	for r := 0; r < 4; r++ {
		for s := 0; s < 3; s++ {
			if spmd.Any(l, x > limit) {
				break outer
			}
			x += spmd.ShuffleXor(l, x, 1)
		}
		l.Barrier()
	}
	out[i] = x
}

// LabelBreakBug (bug): twin of LabelBreakAnyCorrect where each lane breaks on
// its own x: the ShuffleXor and the barrier are under the divergent break.
//
//spmd:kernel
func LabelBreakBug(l spmd.Lane, in, out []int, limit int) {
	i := l.Index()
	x := in[i]
outer:
	for r := 0; r < 4; r++ {
		for s := 0; s < 3; s++ {
			if x > limit {
				break outer
			}
			x += spmd.ShuffleXor(l, x, 1) // EXPECT
		}
		l.Barrier() // EXPECT
	}
	out[i] = x
}

// GotoRetryCorrect (correct): a goto retry loop whose exit is decided by the
// uniform spmd.All.
//
//spmd:kernel
func GotoRetryCorrect(l spmd.Lane, in, out []int, limit int) {
	i := l.Index()
	x := in[i]
retry:
	if !spmd.All(l, x >= limit) {
		if x < limit {
			x++
		}
		goto retry
	}
	out[i] = x
}

// GotoRetryBug (bug): twin of GotoRetryCorrect whose goto is taken per lane,
// so lanes run the ReduceAdd a different number of times.
//
//spmd:kernel
func GotoRetryBug(l spmd.Lane, in, out []int, limit int) {
	i := l.Index()
	x := in[i]
retry:
	s := spmd.ReduceAdd(l, 1) // EXPECT
	if x < limit {
		x++
		goto retry
	}
	out[i] = s + x
}

// IrreducibleBug (bug): even lanes enter the a/b cycle at b, odd lanes at a:
// an irreducible cycle entered at different entries by diverged paths.
//
//spmd:kernel
func IrreducibleBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	k := 0
	if i%2 == 0 {
		goto b
	}
a:
	k++
	out[i] += spmd.ReduceAdd(l, 1) // EXPECT
b:
	k++
	if k < 5 {
		goto a
	}
}

// IrreducibleUniformCorrect (correct): twin of IrreducibleBug where the entry
// is chosen by a kernel parameter, so all lanes enter at the same place.
//
//spmd:kernel
func IrreducibleUniformCorrect(l spmd.Lane, in, out []int, entry int) {
	i := l.Index()
	k := 0
	if entry%2 == 0 {
		goto b
	}
a:
	k++
	out[i] += spmd.ReduceAdd(l, 1)
b:
	k++
	if k < 5 {
		goto a
	}
}
