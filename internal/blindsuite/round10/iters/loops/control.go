package loops

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round10/iters/seqs"
	"github.com/spmdvet/spmdvet/spmd"
)

// LocalUniform ranges over a same-package iterator whose length is the
// uniform n and calls ReduceAdd in the body with a divergent operand.
// Correct.
//
//spmd:kernel
func LocalUniform(l spmd.Lane, n int, out []int) {
	acc := 0
	for i := range upTo(n) {
		acc += spmd.ReduceAdd(l, i*l.Index())
	}
	out[l.Index()] = acc
}

// LocalLaneLength ranges over a same-package iterator whose length depends on
// the lane. Bug: lanes run different numbers of ReduceAdd.
//
//spmd:kernel
func LocalLaneLength(l spmd.Lane, out []int) {
	acc := 0
	for i := range upTo(l.Index() + 1) {
		acc += spmd.ReduceAdd(l, i) // EXPECT
	}
	out[l.Index()] = acc
}

// CrossStrided ranges over seqs.Strided (another package), which yields a
// lane-dependent number of indices. Bug: ReduceAdd in the body.
//
//spmd:kernel
func CrossStrided(l spmd.Lane, data, out []int) {
	sum := 0
	for i := range seqs.Strided(l, len(data)) {
		sum += spmd.ReduceAdd(l, data[i]) // EXPECT
	}
	out[l.Index()] = sum
}

// CrossStepsPadded is the correct twin of CrossStrided: seqs.Steps walks
// blocks of Count elements, the same in every lane, and lanes past the end
// contribute 0. Correct.
//
//spmd:kernel
func CrossStepsPadded(l spmd.Lane, data, out []int) {
	sum := 0
	for base := range seqs.Steps(0, len(data), l.Count()) {
		v := 0
		if i := base + l.Index(); i < len(data) {
			v = data[i]
		}
		sum += spmd.ReduceAdd(l, v)
	}
	out[l.Index()] = sum
}

// UniformBreak breaks out of a seqs.Count loop on a uniform condition, with a
// barrier in the body after the break and a collective after the loop.
// Correct.
//
//spmd:kernel
func UniformBreak(l spmd.Lane, n, stop int, out []int) {
	k := 0
	for i := range seqs.Count(n) {
		if i == stop {
			break
		}
		l.Barrier()
		k++
	}
	out[l.Index()] = spmd.ReduceAdd(l, k)
}

// DivergentBreakBefore has a barrier at the top of the body and a
// lane-dependent break below it. Bug: lanes that broke miss the barrier of
// the next iterations. The barrier after the loop is reached by all lanes.
//
//spmd:kernel
func DivergentBreakBefore(l spmd.Lane, n int, out []int) {
	k := 0
	for i := range upTo(n) {
		l.Barrier() // EXPECT
		if i == l.Index() {
			break
		}
		k++
	}
	l.Barrier()
	out[l.Index()] = k
}

// DivergentBreakAfter breaks on a lane-dependent condition before a
// collective in the body. Bug in the body; the collective after the loop is
// fine.
//
//spmd:kernel
func DivergentBreakAfter(l spmd.Lane, n int, out []int) {
	k := 0
	for i := range seqs.Count(n) {
		if i == l.Index() {
			break
		}
		k += spmd.ReduceAdd(l, 1) // EXPECT
	}
	out[l.Index()] = spmd.ReduceAdd(l, k)
}

// DivergentContinue has a collective before a lane-dependent continue (fine:
// every lane runs every iteration) and a barrier after it (bug).
//
//spmd:kernel
func DivergentContinue(l spmd.Lane, n int, out []int) {
	k := 0
	for i := range upTo(n) {
		k += spmd.ReduceAdd(l, 1)
		if (i+l.Index())%2 == 0 {
			continue
		}
		l.Barrier() // EXPECT
	}
	out[l.Index()] = k
}

// DivergentReturn returns from the kernel inside the loop body when a lane
// finds its own index. Bug: the barrier after the loop.
//
//spmd:kernel
func DivergentReturn(l spmd.Lane, xs, out []int) {
	for i, x := range indexed(xs) {
		if x == l.Index() {
			out[l.Index()] = i
			return
		}
	}
	l.Barrier() // EXPECT
	out[l.Index()] = -1
}

// UniformReturn returns from the kernel inside the loop body on a uniform
// condition; barriers in the body and after the loop. Correct.
//
//spmd:kernel
func UniformReturn(l spmd.Lane, xs []int, limit int, out []int) {
	for i, x := range indexed(xs) {
		if x > limit {
			out[l.Index()] = i
			return
		}
		l.Barrier()
	}
	l.Barrier()
	out[l.Index()] = -1
}

// ReturnAfterBarrierInBody has the barrier before a lane-dependent return in
// the body. Bug: lanes that returned miss the barrier of later iterations.
//
//spmd:kernel
func ReturnAfterBarrierInBody(l spmd.Lane, n int, out []int) {
	for i := range seqs.Count(n) {
		l.Barrier() // EXPECT
		if i == l.Index() {
			out[l.Index()] = i
			return
		}
	}
}

// LabelledContinueOuter continues an outer (ordinary) loop from inside a
// range-over-func body on a lane-dependent condition. Bug: the collective
// after the inner loop; the one after the outer loop is fine.
//
//spmd:kernel
func LabelledContinueOuter(l spmd.Lane, rows [][]int, out []int) {
	k := 0
outer:
	for _, row := range rows {
		for x := range each(row) {
			if x == l.Index() {
				continue outer
			}
		}
		k += spmd.ReduceAdd(l, 1) // EXPECT
	}
	out[l.Index()] = spmd.ReduceAdd(l, k)
}

// LabelledContinueOuterUniform is the twin of LabelledContinueOuter with a
// uniform condition (negative entries of the shared rows). Correct.
//
//spmd:kernel
func LabelledContinueOuterUniform(l spmd.Lane, rows [][]int, out []int) {
	k := 0
outer:
	for _, row := range rows {
		for x := range each(row) {
			if x < 0 {
				continue outer
			}
		}
		k += spmd.ReduceAdd(l, 1)
	}
	out[l.Index()] = spmd.ReduceAdd(l, k)
}

// LabelledBreakOuter breaks out of two nested range-over-func loops on a
// lane-dependent condition. Bug: the barrier in the outer body after the
// inner loop; the barrier after both loops is fine.
//
//spmd:kernel
func LabelledBreakOuter(l spmd.Lane, n, m int, out []int) {
	k := 0
outer:
	for i := range seqs.Count(n) {
		for j := range upTo(m) {
			if i*m+j == l.Index() {
				break outer
			}
			k++
		}
		l.Barrier() // EXPECT
	}
	l.Barrier()
	out[l.Index()] = k
}

// NestedUniform nests a same-package iterator inside a seqs one; the inner
// length depends on the outer value only. Correct.
//
//spmd:kernel
func NestedUniform(l spmd.Lane, n int, out []int) {
	acc := 0
	for i := range seqs.Count(n) {
		for j := range upTo(i) {
			acc += spmd.ReduceAdd(l, j)
		}
		l.Barrier()
	}
	out[l.Index()] = acc
}

// NestedInnerLaneLength nests an inner loop whose length depends on the lane.
// Bug: the collective in the inner body. The barrier after the inner loop is
// reached by all lanes in every outer iteration.
//
//spmd:kernel
func NestedInnerLaneLength(l spmd.Lane, n int, out []int) {
	acc := 0
	for i := range seqs.Count(n) {
		for j := range upTo(i + l.Index()%2) {
			acc += spmd.ReduceAdd(l, j) // EXPECT
		}
		l.Barrier()
	}
	out[l.Index()] = acc
}

// GotoOut jumps out of a range-over-func body with goto when a lane finds its
// index. Bug: the barrier skipped by the goto. The collective at the label
// is reached by all lanes.
//
//spmd:kernel
func GotoOut(l spmd.Lane, xs, out []int) {
	pos := -1
	for i, x := range indexed(xs) {
		if x == l.Index() {
			pos = i
			goto found
		}
	}
	l.Barrier() // EXPECT
found:
	out[l.Index()] = spmd.ReduceAdd(l, pos)
}

// GotoOutUniform is GotoOut with a uniform key. Correct.
//
//spmd:kernel
func GotoOutUniform(l spmd.Lane, xs []int, key int, out []int) {
	pos := -1
	for i, x := range indexed(xs) {
		if x == key {
			pos = i
			goto found
		}
	}
	l.Barrier()
found:
	out[l.Index()] = spmd.ReduceAdd(l, pos)
}

// DeferInBodyDivergent defers a barrier from a range-over-func body on a
// lane-dependent condition: only some lanes run it when the kernel returns.
// Bug at the defer.
//
//spmd:kernel
func DeferInBodyDivergent(l spmd.Lane, n int, out []int) {
	for i := range seqs.Count(n) {
		if i == l.Index() {
			defer l.Barrier() // EXPECT
		}
		out[l.Index()] += i
	}
}

// DeferInBodyUniform defers one barrier per iteration of a uniform loop:
// every lane runs n barriers when it returns. Correct.
//
//spmd:kernel
func DeferInBodyUniform(l spmd.Lane, n int, out []int) {
	for i := range upTo(n) {
		defer l.Barrier()
		out[l.Index()] += i
	}
}

// DeferInBodyLaneLength defers one barrier per iteration of seqs.Strided,
// whose length depends on the lane. Bug at the defer.
//
//spmd:kernel
func DeferInBodyLaneLength(l spmd.Lane, n int, out []int) {
	for i := range seqs.Strided(l, n) {
		defer l.Barrier() // EXPECT
		out[l.Index()] += i
	}
}

// ValueAfterLoopDivergent records in the body a position that depends on the
// lane and branches on it after the loop. Bug.
//
//spmd:kernel
func ValueAfterLoopDivergent(l spmd.Lane, xs, out []int) {
	found := -1
	for i, x := range indexed(xs) {
		if x == l.Index() {
			found = i
		}
	}
	if found >= 0 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = found
}

// ValueAfterLoopUniform records the last value of a uniform iterator and
// branches on it after the loop. Correct.
//
//spmd:kernel
func ValueAfterLoopUniform(l spmd.Lane, n int, out []int) {
	last := -1
	for i := range seqs.Count(n) {
		last = i
	}
	if last > 1 {
		l.Barrier()
	}
	out[l.Index()] = last
}

// FoundHelperDivergent branches on findLane, whose result comes from a
// lane-dependent return inside a range-over-func body. Bug.
//
//spmd:kernel
func FoundHelperDivergent(l spmd.Lane, xs, out []int) {
	if p := findLane(l, xs); p >= 0 {
		out[l.Index()] = p
		l.Barrier() // EXPECT
	}
}

// FoundHelperUniform branches on findKey with a uniform key. Correct.
//
//spmd:kernel
func FoundHelperUniform(l spmd.Lane, xs, out []int) {
	if p := findKey(xs, l.Count()); p >= 0 {
		l.Barrier()
		out[l.Index()] = p
	}
}
