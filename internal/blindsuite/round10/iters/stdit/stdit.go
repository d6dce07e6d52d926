// Package stdit holds kernels that range over the iterators of the standard
// library: slices.All, slices.Values, slices.Backward,
// maps.Keys, maps.All, strings.SplitSeq and iter.Pull.
//
// Map iteration order is chosen afresh by every range, so in a kernel it
// differs per lane; the number of entries does not.
package stdit

import (
	"iter"
	"maps"
	"slices"
	"strings"

	"github.com/spmdvet/spmdvet/spmd"
)

// AllUniform ranges over slices.All of a shared slice with a collective in
// the body. Correct.
//
//spmd:kernel
func AllUniform(l spmd.Lane, xs, out []int) {
	acc := 0
	for i, x := range slices.All(xs) {
		acc += spmd.ReduceAdd(l, x*i)
	}
	out[l.Index()] = acc
}

// AllLaneSlice ranges over slices.All of a lane-dependent subslice. Bug.
//
//spmd:kernel
func AllLaneSlice(l spmd.Lane, xs, out []int) {
	acc := 0
	for i, x := range slices.All(xs[l.Index():]) {
		acc += spmd.ReduceAdd(l, x+i) // EXPECT
	}
	out[l.Index()] = acc
}

// ValuesDivergentBreak breaks out of slices.Values when a lane meets its own
// index. Bug: the barrier after the break.
//
//spmd:kernel
func ValuesDivergentBreak(l spmd.Lane, xs, out []int) {
	k := 0
	for x := range slices.Values(xs) {
		if x == l.Index() {
			break
		}
		l.Barrier() // EXPECT
		k++
	}
	out[l.Index()] = k
}

// ValuesUniformBreak breaks out of slices.Values at the first negative
// element of the shared slice. Correct.
//
//spmd:kernel
func ValuesUniformBreak(l spmd.Lane, xs, out []int) {
	k := 0
	for x := range slices.Values(xs) {
		if x < 0 {
			break
		}
		l.Barrier()
		k += x
	}
	out[l.Index()] = k
}

// BackwardBroadcast ranges over slices.Backward and broadcasts from a lane
// chosen by the uniform position. Correct.
//
//spmd:kernel
func BackwardBroadcast(l spmd.Lane, xs, out []int) {
	acc := 0
	for i, x := range slices.Backward(xs) {
		acc += spmd.Broadcast(l, x*l.Index(), i%l.Count())
	}
	out[l.Index()] = acc
}

// BackwardLaneReturn returns from the kernel inside a slices.Backward body on
// a lane-dependent condition. Bug: the barrier after the loop.
//
//spmd:kernel
func BackwardLaneReturn(l spmd.Lane, xs, out []int) {
	for i, x := range slices.Backward(xs) {
		if x == l.Index() {
			out[l.Index()] = i
			return
		}
	}
	l.Barrier() // EXPECT
	out[l.Index()] = -1
}

// MapKeysUniformCount ranges over maps.Keys: the keys come in a per-lane
// order but every lane takes len(m) steps, so the barrier in the body and
// the branch on the count are fine. Correct.
//
//spmd:kernel
func MapKeysUniformCount(l spmd.Lane, m map[string]int, out []int) {
	n := 0
	for range maps.Keys(m) {
		l.Barrier()
		n++
	}
	if n > 2 {
		out[l.Index()] = spmd.ReduceAdd(l, n)
	}
}

// MapKeysBreak breaks out of maps.Keys at a given key, which each lane meets
// at a different step. Bug.
//
//spmd:kernel
func MapKeysBreak(l spmd.Lane, m map[string]int, stop string, out []int) {
	k := 0
	for key := range maps.Keys(m) {
		if key == stop {
			break
		}
		l.Barrier() // EXPECT
		k++
	}
	out[l.Index()] = k
}

// MapFirstKey keeps the first key maps.Keys yields, which differs per lane,
// and branches on it. Bug.
//
//spmd:kernel
func MapFirstKey(l spmd.Lane, m map[string]int, out []int) {
	first := ""
	for k := range maps.Keys(m) {
		first = k
		break
	}
	if first == "a" {
		l.Barrier() // EXPECT
		out[l.Index()] = 1
	}
}

// MapKeyBarrierThenSum ranges over maps.All; a barrier runs only in the step
// where a lane meets key (a different step in each lane), while the
// collective at the end of the body runs in every step. Bug at the barrier
// only.
//
//spmd:kernel
func MapKeyBarrierThenSum(l spmd.Lane, m map[string]int, key string, out []int) {
	n := 0
	for k, v := range maps.All(m) {
		if k == key {
			l.Barrier() // EXPECT
		}
		n += spmd.ReduceAdd(l, v)
	}
	out[l.Index()] = n
}

// MapLaneSize ranges over the keys of a map whose size depends on the lane.
// Bug.
//
//spmd:kernel
func MapLaneSize(l spmd.Lane, out []int) {
	m := map[int]bool{}
	for i := range l.Index() + 1 {
		m[i] = true
	}
	for range maps.Keys(m) {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = len(m)
}

// PullUniform pulls from slices.Values of a shared slice with iter.Pull and
// calls a collective per element. Correct.
//
//spmd:kernel
func PullUniform(l spmd.Lane, xs, out []int) {
	next, stop := iter.Pull(slices.Values(xs))
	defer stop()
	acc := 0
	for {
		v, ok := next()
		if !ok {
			break
		}
		acc += spmd.ReduceAdd(l, v)
	}
	out[l.Index()] = acc
}

// PullLaneLength pulls from a lane-dependent prefix of xs. Bug.
//
//spmd:kernel
func PullLaneLength(l spmd.Lane, xs, out []int) {
	next, stop := iter.Pull(slices.Values(xs[:l.Index()+1]))
	defer stop()
	acc := 0
	for {
		v, ok := next()
		if !ok {
			break
		}
		acc += spmd.ReduceAdd(l, v) // EXPECT
	}
	out[l.Index()] = acc
}

// SplitSeqUniform ranges over strings.SplitSeq of a shared string and
// branches on the uniform parts. Correct.
//
//spmd:kernel
func SplitSeqUniform(l spmd.Lane, s string, out []int) {
	acc := 0
	for part := range strings.SplitSeq(s, ",") {
		if part == "" {
			continue
		}
		acc += spmd.ReduceAdd(l, len(part))
	}
	out[l.Index()] = acc
}

// SplitSeqLaneContinue skips the part whose length is the lane index. Bug:
// the collective after the continue.
//
//spmd:kernel
func SplitSeqLaneContinue(l spmd.Lane, s string, out []int) {
	acc := 0
	for part := range strings.SplitSeq(s, ",") {
		if len(part) == l.Index() {
			continue
		}
		acc += spmd.ReduceAdd(l, 1) // EXPECT
	}
	out[l.Index()] = acc
}
