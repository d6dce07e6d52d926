// Package shuffle holds kernels built on Shuffle/ShuffleXor butterflies and
// InclusiveAdd/ExclusiveAdd scans, whose results are divergent by the spec.
package shuffle

import (
	"math/bits"

	"github.com/spmdvet/spmdvet/spmd"
)

// ButterflyReduceCorrect (correct): an xor-butterfly all-reduce; the loop is
// controlled by l.Count() only, so every lane runs every ShuffleXor.
//
//spmd:kernel
func ButterflyReduceCorrect(l spmd.Lane, in, out []int) {
	i := l.Index()
	v := in[i]
	for m := l.Count() / 2; m > 0; m >>= 1 {
		v += spmd.ShuffleXor(l, v, m)
	}
	out[i] = v
}

// PairSwapBranchBug (bug): after one butterfly step each pair holds its own
// sum; a ShuffleXor result is divergent and so is the branch on it.
//
//spmd:kernel
func PairSwapBranchBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	v := in[i] + spmd.ShuffleXor(l, in[i], 1)
	if v > 10 {
		out[i] = spmd.ReduceAdd(l, v) // EXPECT
	}
}

// ShuffleRotateBug (bug): the value of the next lane, via Shuffle, compared
// with the lane's own value is divergent.
//
//spmd:kernel
func ShuffleRotateBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	up := spmd.Shuffle(l, in[i], (i+1)%l.Count())
	if up > in[i] {
		l.Barrier() // EXPECT
	}
	out[i] = up
}

// ShuffleLoopBoundBug (bug): a loop bound taken from a ShuffleXor result gives
// lanes different trip counts; lanes leave the loop in different iterations.
//
//spmd:kernel
func ShuffleLoopBoundBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	n := spmd.ShuffleXor(l, in[i], 1)
	for k := 0; k < n; k++ {
		out[i] += spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// CompactionCorrect (correct): stream compaction; ExclusiveAdd gives each kept
// element its offset (divergent, used only as an address), ReduceAdd gives the
// uniform total, and the barrier is outside the keep branch.
//
//spmd:kernel
func CompactionCorrect(l spmd.Lane, in, out []int, cnt *int) {
	i := l.Index()
	keep := in[i] > 0
	n := 0
	if keep {
		n = 1
	}
	off := spmd.ExclusiveAdd(l, n)
	total := spmd.ReduceAdd(l, n)
	if keep {
		out[off] = in[i]
	}
	l.Barrier()
	if total > 0 && i == 0 {
		*cnt = total
	}
}

// OffsetBranchBug (bug): the ExclusiveAdd offset is divergent; only lanes with
// small offsets reach the barrier.
//
//spmd:kernel
func OffsetBranchBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	off := spmd.ExclusiveAdd(l, in[i])
	if off < 3 {
		l.Barrier() // EXPECT
	}
	out[i] = off
}

// InclusiveTotalCorrect (correct): Broadcast of the inclusive sum from the last
// lane (uniform src l.Count()-1) is the uniform total.
//
//spmd:kernel
func InclusiveTotalCorrect(l spmd.Lane, in, out []int, limit int) {
	i := l.Index()
	incl := spmd.InclusiveAdd(l, in[i])
	total := spmd.Broadcast(l, incl, l.Count()-1)
	if total > limit {
		out[i] = spmd.ReduceMax(l, in[i])
	} else {
		out[i] = total
	}
}

// InclusiveOverflowBug (bug): twin of InclusiveTotalCorrect testing the
// divergent inclusive sum itself.
//
//spmd:kernel
func InclusiveOverflowBug(l spmd.Lane, in, out []int, limit int) {
	i := l.Index()
	incl := spmd.InclusiveAdd(l, in[i])
	if incl > limit {
		out[i] = spmd.ReduceMax(l, in[i]) // EXPECT
	}
}

// DivergentButterflyBug (bug): twin of ButterflyReduceCorrect whose loop bound
// is the lane index, so lanes run different numbers of ShuffleXor.
//
//spmd:kernel
func DivergentButterflyBug(l spmd.Lane, in, out []int) {
	i := l.Index()
	v := in[i]
	for m := 1; m <= i; m <<= 1 {
		v += spmd.ShuffleXor(l, v, m) // EXPECT
	}
	out[i] = v
}

type pair struct{ lo, hi int }

// ShuffleStructFieldBug (bug): a ShuffleXor result stored in a struct field
// stays divergent when read back.
//
//spmd:kernel
func ShuffleStructFieldBug(l spmd.Lane, in, out []int, limit int) {
	i := l.Index()
	p := pair{lo: limit}
	p.hi = spmd.ShuffleXor(l, in[i], 1)
	if p.hi > p.lo {
		l.Barrier() // EXPECT
	}
	out[i] = p.hi
}

// CountPow2Correct (correct): bit manipulation of the uniform l.Count()
// (bits.Len, shifts) picks the butterfly or a plain reduction uniformly.
//
//spmd:kernel
func CountPow2Correct(l spmd.Lane, in, out []int) {
	i := l.Index()
	c := l.Count()
	v := in[i]
	if lg := bits.Len(uint(c)) - 1; 1<<lg == c {
		for m := c >> 1; m > 0; m >>= 1 {
			v += spmd.ShuffleXor(l, v, m)
		}
	} else {
		v = spmd.ReduceAdd(l, v)
	}
	out[i] = v
}
