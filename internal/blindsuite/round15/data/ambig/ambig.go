// Package ambig holds kernels where what the specification demands is
// genuinely unclear to me. Each doc comment states the question and my lean;
// an EXPECT marks a line only where my lean is that a finding is due. The
// runtime tests show what actually happens.
package ambig

import (
	"fmt"
	"math"
	"sort"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round15/data/build"
	"github.com/spmdvet/spmdvet/spmd"
)

// BalancedAppend (correct at run time): both arms of the lane-dependent
// branch append exactly one element, so len(xs) is len(data) in every lane.
//
// Question: xs is a phi at the join of a divergent branch, which the usual
// sync-dependence rule makes divergent; must the checker see that the length
// is uniform? Lean: no finding is due (lanes always reach the ReduceAdd
// together), but a finding is what the spec's phi rule produces.
//
//spmd:kernel
func BalancedAppend(l spmd.Lane, data []int, out []int) {
	var xs []int
	for _, d := range data {
		if (d+l.Index())%2 == 0 {
			xs = append(xs, d)
		} else {
			xs = append(xs, -d)
		}
	}
	s := 0
	for _, x := range xs {
		s += spmd.ReduceAdd(l, x)
	}
	out[l.Index()] = s
}

// RotatedKeys (correct at run time): lane i inserts the keys (k+i) mod Count
// for k < Count, which is always the full set 0..Count-1; len(set) is Count in
// every lane.
//
// Question: every inserted key is divergent, and the spec says a load from
// per-lane memory is divergent if any store stores a divergent value. Does
// that rule cover len of a map? Lean: no finding is due.
//
//spmd:kernel
func RotatedKeys(l spmd.Lane, out []int) {
	set := map[int]bool{}
	for k := 0; k < l.Count(); k++ {
		set[(k+l.Index())%l.Count()] = true
	}
	for k := 0; k < len(set); k++ {
		l.Barrier()
	}
	out[l.Index()] = len(set)
}

// SortedPermutation (correct at run time): each lane fills vals with a
// rotation of 0..n-1; after sorting, vals[n-1] is n-1 in every lane.
//
// Question: sorting erases the lane dependence of the stored values; the
// spec's memory rule says the load is divergent. Lean: no finding is due.
//
//spmd:kernel
func SortedPermutation(l spmd.Lane, n int, out []int) {
	vals := make([]int, n)
	for k := range vals {
		vals[k] = (k + l.Index()) % n
	}
	sort.Ints(vals)
	s := 0
	for k := 0; k < vals[n-1]; k++ {
		s += spmd.ReduceAdd(l, k)
	}
	out[l.Index()] = s
}

// MinKey (correct at run time): the minimum over a range of a shared map does
// not depend on the (per-lane) iteration order.
//
// Question: the spec says keys of a map range are divergent; the fold min()
// over all of them is uniform. Lean: no finding is due.
//
//spmd:kernel
func MinKey(l spmd.Lane, m map[int]string, out []int) {
	lo := math.MaxInt
	for k := range m {
		lo = min(lo, k)
	}
	for k := 0; k < lo; k++ {
		l.Barrier()
	}
	out[l.Index()] = lo
}

// TiledSum (correct at run time): build.Tile returns ceil(n/Count) indices in
// every lane (the lane's share, padded with -1).
//
// Question: the helper reads l.Index() and its result's contents differ per
// lane, but not its length. Is "the result" of Tile divergent (so that
// len(result) is)? Lean: no finding is due.
//
//spmd:kernel
func TiledSum(l spmd.Lane, data []int, out []int) {
	s := 0
	for _, j := range build.Tile(l, len(data)) {
		v := 0
		if j >= 0 {
			v = data[j]
		}
		s += spmd.ReduceAdd(l, v)
	}
	out[l.Index()] = s
}

// sumEach is an SPMD function (it has a Lane parameter) but not a kernel
// entry, so the spec does not say its parameter xs is uniform.
func sumEach(l spmd.Lane, xs []int) int {
	s := 0
	for _, x := range xs {
		s += spmd.ReduceAdd(l, x) // EXPECT
	}
	return s
}

// OwnedTotals (bug at run time): passes a lane-dependent-length slice to
// sumEach, whose loop then runs a lane-dependent number of ReduceAdds.
//
// Question: where is the finding? The call sumEach(l, mine) is reached by
// every lane; the divergence is inside sumEach, driven by its parameter.
// Lean: report the ReduceAdd in sumEach, since a non-entry function's
// parameters are not among the spec's uniform inputs.
//
//spmd:kernel
func OwnedTotals(l spmd.Lane, data []int, out []int) {
	var mine []int
	for _, d := range data {
		if d%l.Count() == l.Index() {
			mine = append(mine, d)
		}
	}
	out[l.Index()] = sumEach(l, mine)
}

// SumEntry is declared a kernel entry, so by the spec its parameters are
// uniform and its loop is not divergent.
//
//spmd:kernel
func SumEntry(l spmd.Lane, xs []int, out []int) {
	s := 0
	for _, x := range xs {
		s += spmd.ReduceAdd(l, x)
	}
	out[l.Index()] = s
}

// PrefixToEntry (bug at run time): calls the kernel entry SumEntry with a
// lane-dependent prefix of data, breaking its uniform-parameter contract.
//
// Question: the spec defines no diagnostic for passing a divergent argument
// to a kernel entry's parameter, and the call itself is reached by every
// lane. Lean: no finding is due anywhere (the directive is a promise the
// checker takes at its word).
//
//spmd:kernel
func PrefixToEntry(l spmd.Lane, data []int, out []int) {
	SumEntry(l, data[:l.Index()+1], out)
}

// FixedWidth (correct at run time): "%04d" of an index below MaxLanes (1024)
// always has four bytes, so len(s) is 4 in every lane.
//
// Question: Sprintf's result is divergent (divergent argument), and so is
// len of it by propagation; only value-range reasoning shows the length is
// uniform. Lean: no finding is due.
//
//spmd:kernel
func FixedWidth(l spmd.Lane, out []int) {
	s := fmt.Sprintf("%04d", l.Index())
	for k := 0; k < len(s); k++ {
		l.Barrier()
	}
	out[l.Index()] = len(s)
}
