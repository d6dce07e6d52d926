// Package loops holds kernels where a loop with a convergent call follows
// other loops in which lanes diverged (lane-dependent break or continue) and
// re-converged, next to buggy twins where the divergence survives.
//
// Every kernel takes the lane handle, read-only shared input data (uniform:
// kernel parameters) and an out slice with one slot per lane.
package loops

import "github.com/spmdvet/spmdvet/spmd"

// ForAfterBreakLoop (correct): a three-clause loop with a barrier follows a
// loop that lanes leave in different iterations; the second loop's bound is
// len(data), uniform.
//
//spmd:kernel
func ForAfterBreakLoop(l spmd.Lane, data, out []int) {
	idx := l.Index()
	pos := -1
	for i := 0; i < len(data); i++ {
		if data[i] == idx {
			pos = i
			break
		}
	}
	for j := 0; j < len(data); j++ {
		l.Barrier()
	}
	out[idx] = pos
}

// ForAfterBreakLoopBound (buggy twin): the second loop runs up to the first
// loop's induction variable, which is temporally divergent (lanes left the
// first loop in different iterations).
//
//spmd:kernel
func ForAfterBreakLoopBound(l spmd.Lane, data, out []int) {
	idx := l.Index()
	i := 0
	for ; i < len(data); i++ {
		if data[i] == idx {
			break
		}
	}
	for j := 0; j < i; j++ {
		l.Barrier() // EXPECT
	}
	out[idx] = i
}

// InitBeforeBreakLoop (correct): both loop variables are initialised before
// the divergent loop; the second loop uses j, untouched by the first loop.
//
//spmd:kernel
func InitBeforeBreakLoop(l spmd.Lane, data, out []int) {
	idx := l.Index()
	i, j := 0, 0
	for ; i < len(data); i++ {
		if data[i] == idx {
			break
		}
	}
	for ; j < len(data); j++ {
		l.Barrier()
	}
	out[idx] = i + j
}

// InitBeforeBreakLoopReuse (buggy twin): the second loop continues with i
// where the divergent loop left it.
//
//spmd:kernel
func InitBeforeBreakLoopReuse(l spmd.Lane, data, out []int) {
	idx := l.Index()
	i, j := 0, 0
	for ; i < len(data); i++ {
		if data[i] == idx {
			break
		}
	}
	for ; i < len(data); i++ {
		l.Barrier() // EXPECT
		j++
	}
	out[idx] = j
}

// CondLoopAfterBreak (correct): a `for cond` loop with ReduceAdd whose
// counter r is uniform follows a range loop with a lane-dependent break.
//
//spmd:kernel
func CondLoopAfterBreak(l spmd.Lane, data, out []int, rounds int) {
	idx := l.Index()
	hits := 0
	for _, d := range data {
		if d > idx {
			break
		}
		hits++
	}
	r := 0
	for r < rounds {
		out[idx] += spmd.ReduceAdd(l, hits)
		r++
	}
}

// CondLoopOnHits (buggy twin): the `for cond` loop counts on from hits,
// which was incremented in a loop lanes left in different iterations.
//
//spmd:kernel
func CondLoopOnHits(l spmd.Lane, data, out []int, rounds int) {
	idx := l.Index()
	hits := 0
	for _, d := range data {
		if d > idx {
			break
		}
		hits++
	}
	for hits < rounds {
		out[idx] += spmd.ReduceAdd(l, hits) // EXPECT
		hits++
	}
}

// ForeverAfterBreak (correct): a `for {}` loop whose only exit is a break
// on a uniform condition, with a barrier, follows a divergent search loop.
//
//spmd:kernel
func ForeverAfterBreak(l spmd.Lane, data, out []int) {
	idx := l.Index()
	found := false
	for _, d := range data {
		if d == idx {
			found = true
			break
		}
	}
	k := 0
	for {
		if k == len(data) {
			break
		}
		l.Barrier()
		k++
	}
	if found {
		out[idx] = k
	}
}

// ForeverBreakOnLane (buggy twin): the `for {}` loop breaks on k == idx, so
// lanes leave it in different iterations and the barrier in it diverges.
//
//spmd:kernel
func ForeverBreakOnLane(l spmd.Lane, data, out []int) {
	idx := l.Index()
	found := false
	for _, d := range data {
		if d == idx {
			found = true
			break
		}
	}
	k := 0
	for {
		if k == idx {
			break
		}
		l.Barrier() // EXPECT
		k++
	}
	if found {
		out[idx] = k
	}
}

// RangeIntAfterBreak (correct): range over the uniform int n with ReduceAdd
// after a loop with a lane-dependent break.
//
//spmd:kernel
func RangeIntAfterBreak(l spmd.Lane, data, out []int, n int) {
	idx := l.Index()
	first := len(data)
	for i, d := range data {
		if d%4 == idx%4 {
			first = i
			break
		}
	}
	for i := range n {
		out[idx] += spmd.ReduceAdd(l, first+i)
	}
}

// RangeArrayAfterBreak (correct): range over a fixed-size array with Ballot
// inside, after a loop with a lane-dependent break.
//
//spmd:kernel
func RangeArrayAfterBreak(l spmd.Lane, data, out []int) {
	idx := l.Index()
	var weights [4]int
	for i := range weights {
		if i > idx {
			break
		}
		weights[i] = i + 1
	}
	for i, w := range weights {
		b := spmd.Ballot(l, w > 0)
		out[idx] += int(b>>uint(i)) & 1
	}
}

// RangeStringAfterBreak (correct): range over a constant string (uniform
// rune count) with a barrier, after a lane-dependent break.
//
//spmd:kernel
func RangeStringAfterBreak(l spmd.Lane, data, out []int) {
	idx := l.Index()
	n := 0
	for n < len(data) {
		if data[n] >= idx {
			break
		}
		n++
	}
	for _, r := range "héllo" {
		l.Barrier()
		n += int(r) & 1
	}
	out[idx] = n
}

// RangeLaneString (buggy twin): the string ranged over is chosen by lane, so
// the rune counts, and the number of barriers, differ.
//
//spmd:kernel
func RangeLaneString(l spmd.Lane, words []string, out []int) {
	idx := l.Index()
	n := 0
	for n < len(words) {
		if n >= idx {
			break
		}
		n++
	}
	for _, r := range words[idx%len(words)] {
		l.Barrier() // EXPECT
		n += int(r) & 1
	}
	out[idx] = n
}

// RangeMapCount (correct): range over a shared map with a barrier in the
// body. Keys come in a per-lane order, but every lane runs len(m)
// iterations, so the trip count is uniform; the key is only stored.
//
//spmd:kernel
func RangeMapCount(l spmd.Lane, m map[string]int, out []int) {
	idx := l.Index()
	sum := 0
	for _, v := range m {
		sum += v
		l.Barrier()
	}
	out[idx] = sum
}

// RangeMapBreakOnKey (buggy twin): breaking on a key makes the iteration in
// which lanes leave depend on the per-lane iteration order.
//
//spmd:kernel
func RangeMapBreakOnKey(l spmd.Lane, m map[string]int, out []int) {
	idx := l.Index()
	sum := 0
	for k, v := range m {
		if k == "stop" {
			break
		}
		sum += v
		l.Barrier() // EXPECT
	}
	out[idx] = sum
}

// RangeLocalChanAfterBreak (correct): each lane fills its own channel with
// the same n values and ranges over it with ReduceAdd inside, after a
// lane-dependent break loop. Every lane receives the same n values.
//
//spmd:kernel
func RangeLocalChanAfterBreak(l spmd.Lane, data, out []int, n int) {
	idx := l.Index()
	seen := 0
	for _, d := range data {
		if d == idx {
			break
		}
		seen++
	}
	ch := make(chan int, n)
	for i := range n {
		ch <- i
	}
	close(ch)
	for v := range ch {
		out[idx] += spmd.ReduceAdd(l, v)
	}
	out[idx] += seen
}

// ContinueBeforeBarrier (correct): lanes continue in different iterations,
// but the barrier is at the top of the body, before the continue, and the
// trip count is uniform; a second loop with ReduceAdd follows.
//
//spmd:kernel
func ContinueBeforeBarrier(l spmd.Lane, data, out []int) {
	idx := l.Index()
	acc := 0
	for i := 0; i < len(data); i++ {
		l.Barrier()
		if data[i] < idx {
			continue
		}
		acc += data[i]
	}
	for range 2 {
		acc += spmd.ReduceAdd(l, 1)
	}
	out[idx] = acc
}

// ContinueSkipsBarrier (buggy twin): the barrier is after the lane-dependent
// continue, so some lanes skip it in some iterations.
//
//spmd:kernel
func ContinueSkipsBarrier(l spmd.Lane, data, out []int) {
	idx := l.Index()
	acc := 0
	for i := 0; i < len(data); i++ {
		if data[i] < idx {
			continue
		}
		l.Barrier() // EXPECT
		acc += data[i]
	}
	out[idx] = acc
}

// step is the post statement of ContinueToPostBarrier: it performs a
// barrier, so its calls are convergent.
func step(l spmd.Lane, i int) int {
	l.Barrier()
	return i + 1
}

// ContinueToPostBarrier (correct): the loop's post statement calls a
// convergent helper; a lane-dependent continue jumps to the post statement,
// where lanes re-converge.
//
//spmd:kernel
func ContinueToPostBarrier(l spmd.Lane, data, out []int) {
	idx := l.Index()
	acc := 0
	for i := 0; i < len(data); i = step(l, i) {
		if data[i]%2 == idx%2 {
			continue
		}
		acc++
	}
	out[idx] = acc
}

// NestedInnerBreak (correct): the inner loop has a lane-dependent break;
// the outer loop's barrier comes after the inner loop.
//
//spmd:kernel
func NestedInnerBreak(l spmd.Lane, data, out []int, rounds int) {
	idx := l.Index()
	acc := 0
	for r := 0; r < rounds; r++ {
		for j := 0; j < len(data); j++ {
			if data[j] == idx+r {
				break
			}
			acc++
		}
		l.Barrier()
	}
	out[idx] = acc
}

// NestedBreakOuter (buggy twin): the inner loop breaks out of the outer loop
// on a lane-dependent condition, so the outer loop's barrier diverges.
//
//spmd:kernel
func NestedBreakOuter(l spmd.Lane, data, out []int, rounds int) {
	idx := l.Index()
	acc := 0
outer:
	for r := 0; r < rounds; r++ {
		for j := 0; j < len(data); j++ {
			if data[j] == idx+r {
				break outer
			}
			acc++
		}
		l.Barrier() // EXPECT
	}
	out[idx] = acc
}

// NestedContinueOuter (buggy twin): the inner loop continues the outer loop
// on a lane-dependent condition, skipping the barrier after the inner loop.
//
//spmd:kernel
func NestedContinueOuter(l spmd.Lane, data, out []int, rounds int) {
	idx := l.Index()
	acc := 0
outer:
	for r := 0; r < rounds; r++ {
		for j := 0; j < len(data); j++ {
			if data[j] == idx+r {
				continue outer
			}
			acc++
		}
		l.Barrier() // EXPECT
	}
	out[idx] = acc
}

// NestedUniformContinueOuter (correct): the outer loop skips round skip with
// a uniform continue, tested at the outer level; the inner loop has a
// lane-dependent break.
//
//spmd:kernel
func NestedUniformContinueOuter(l spmd.Lane, data, out []int, rounds, skip int) {
	idx := l.Index()
	acc := 0
	for r := 0; r < rounds; r++ {
		if r == skip {
			continue
		}
		for j := 0; j < len(data); j++ {
			if data[j] == idx {
				break
			}
			acc++
		}
		l.Barrier()
	}
	out[idx] = acc
}

// NestedUniformContinueInside (buggy twin): the same uniform test r == skip
// moved into the inner loop after the lane-dependent break: only lanes that
// did not break yet reach it, so `continue outer` diverges.
//
//spmd:kernel
func NestedUniformContinueInside(l spmd.Lane, data, out []int, rounds, skip int) {
	idx := l.Index()
	acc := 0
outer:
	for r := 0; r < rounds; r++ {
		for j := 0; j < len(data); j++ {
			if data[j] == idx {
				break
			}
			if j == skip {
				continue outer
			}
			acc++
		}
		l.Barrier() // EXPECT
	}
	out[idx] = acc
}

// MultiUpdateUniform (correct): the induction variable is updated in two
// places under a uniform condition; a lane-dependent if in the body does
// not touch it.
//
//spmd:kernel
func MultiUpdateUniform(l spmd.Lane, data, out []int, n int) {
	idx := l.Index()
	acc := 0
	for i := 0; i < n; {
		l.Barrier()
		if data[i%len(data)] == idx {
			acc++
		}
		if i%3 == 0 {
			i += 3
		} else {
			i++
		}
	}
	out[idx] = acc
}

// MultiUpdateDivergent (buggy twin): the choice of increment depends on the
// lane, so lanes run different numbers of iterations.
//
//spmd:kernel
func MultiUpdateDivergent(l spmd.Lane, data, out []int, n int) {
	idx := l.Index()
	acc := 0
	for i := 0; i < n; {
		l.Barrier() // EXPECT
		if data[i%len(data)] == idx {
			acc++
		}
		if (i+idx)%3 == 0 {
			i += 3
		} else {
			i++
		}
	}
	out[idx] = acc
}

// BodyAndPostUpdate (correct): i is advanced both in the body (under a
// condition on shared data, uniform) and in the post statement.
//
//spmd:kernel
func BodyAndPostUpdate(l spmd.Lane, data, out []int) {
	idx := l.Index()
	acc := 0
	for i := 0; i < len(data); i++ {
		if data[i] == 0 {
			i++
		}
		acc += spmd.ReduceAdd(l, idx)
	}
	out[idx] = acc
}

// ThreeLoopsInARow (correct): two loops with lane-dependent exits (break,
// then continue), then a loop of uniform trip count with Any.
//
//spmd:kernel
func ThreeLoopsInARow(l spmd.Lane, data, out []int) {
	idx := l.Index()
	a, b := 0, 0
	for _, d := range data {
		if d == idx {
			break
		}
		a++
	}
	for _, d := range data {
		if d < idx {
			continue
		}
		b++
	}
	hits := 0
	for i := 0; i < len(data); i++ {
		if spmd.Any(l, data[i] == a) {
			hits++
		}
	}
	out[idx] = hits + b
}
