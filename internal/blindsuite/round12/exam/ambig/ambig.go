// Package ambig holds kernels for which the spec does not clearly say whether
// a line must be reported. No line carries an EXPECT annotation; each kernel
// says the question and which answer I lean to ("LEAN: report" or
// "LEAN: no report") and what spmd.Run shows.
package ambig

import (
	"sort"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round12/exam/lib"
	"github.com/spmdvet/spmdvet/spmd"
)

//go:noinline
func keep(p any) { _ = p }

// SelectShared: Select over a shared (uniform) channel. Question: is Select's
// result uniform when all its operands are uniform (spec: "Propagation
// through every SSA instruction: ... Select")? Each lane consumes a different
// element, so lanes can take different cases. Run: diverges.
//
//spmd:kernel
func SelectShared(l spmd.Lane, ch chan int) {
	got := false
	select {
	case <-ch:
		got = true
	default:
	}
	if got {
		l.Barrier() // LEAN: report
	}
}

// RecvShared: a receive (UnOp <-) from a uniform channel. Question: is it
// uniform like any UnOp of a uniform operand, or divergent like an atomic
// read-modify-write (each lane consumes a different element)? Run: diverges.
//
//spmd:kernel
func RecvShared(l spmd.Lane, ch chan int) {
	v := <-ch
	if v == 0 {
		l.Barrier() // LEAN: report
	}
}

// LocalStoreDivAddr: per-lane memory stored at a divergent address with a
// uniform value under uniform control, then loaded at a uniform address.
// The spec's rule ("stores a divergent value, or runs under divergent
// control") does not cover a divergent store address. Run: diverges.
//
//spmd:kernel
func LocalStoreDivAddr(l spmd.Lane) {
	var buf [4]int
	keep(&buf)
	buf[l.Index()%4] = 1
	if buf[0] == 1 {
		l.Barrier() // LEAN: report
	}
}

// LocalFieldSensitive: field a of a per-lane struct gets a divergent store,
// field b only a uniform one. Question: is "that memory" the whole Alloc or
// the field? Run: no divergence.
//
//spmd:kernel
func LocalFieldSensitive(l spmd.Lane, out []int) {
	var s struct{ a, b int }
	keep(&s)
	s.a = l.Index()
	s.b = 1
	if s.b == 1 {
		l.Barrier() // LEAN: no report (a field-insensitive checker reports)
	}
	out[l.Index()] = s.a + s.b
}

// LocalOverwritten: a divergent store is overwritten by a uniform one before
// the load. The spec says "if any store to that memory stores a divergent
// value", which read literally demands a report; a flow-sensitive checker
// would not. Run: no divergence.
//
//spmd:kernel
func LocalOverwritten(l spmd.Lane, out []int) {
	var x int
	keep(&x)
	x = l.Index()
	x = 3
	if x == 3 {
		l.Barrier() // LEAN: report (literal spec), though it is not a real bug
	}
	out[l.Index()] = x
}

// MakeSliceLocal: memory made by make() in the kernel is per-lane but is not
// an Alloc; the spec's memory rules name only Allocs of the kernel and shared
// memory (parameters, globals). Run: diverges.
//
//spmd:kernel
func MakeSliceLocal(l spmd.Lane) {
	buf := make([]int, 1)
	buf[0] = l.Index()
	if buf[0] > 1 {
		l.Barrier() // LEAN: report
	}
}

// MapRangeTrip: a barrier directly in a range-over-map loop. Keys and values
// are divergent, but every lane runs len(m) iterations. Question: is the
// loop's continuation (Next's ok) divergent too? Run: no divergence.
//
//spmd:kernel
func MapRangeTrip(l spmd.Lane, m map[int]int, out []int) {
	n := 0
	for range m {
		l.Barrier() // LEAN: no report
		n++
	}
	out[l.Index()] = n
}

// MapRangeSum: the sum of a map's values is the same in every lane, but by
// the spec's rule each value is divergent, hence the sum. Run: no divergence
// (so this cannot be a buggy kernel, though the spec's rule implies a report).
//
//spmd:kernel
func MapRangeSum(l spmd.Lane, m map[int]int, out []int) {
	s := 0
	for _, v := range m {
		s += v
	}
	if s > 3 {
		l.Barrier() // LEAN: report (by the rule, not a real bug)
	}
	out[l.Index()] = s
}

// helper is an SPMD function (Lane parameter) but not a kernel entry.
// Question: is its parameter x uniform (only kernel entries' parameters are
// said to be uniform)? Called with a divergent x, it diverges.
func helper(l spmd.Lane, x int) {
	if x > 1 {
		l.Barrier() // LEAN: report (x may be divergent)
	}
}

// HelperParam calls helper with a divergent argument. Run: diverges.
//
//spmd:kernel
func HelperParam(l spmd.Lane) {
	helper(l, l.Index())
}

// HiddenSyncDiv: lib.HiddenSync does perform a barrier, but neither a
// directive nor its body (an unknown function value) says so. Run: diverges.
//
//spmd:kernel
func HiddenSyncDiv(l spmd.Lane) {
	if l.Index() == 0 {
		lib.HiddenSync(l) // LEAN: no report (not known convergent)
	}
}

// DivergentCallee: the callee value itself is divergent, the arguments are
// uniform. The spec's rule speaks only of arguments. Run: diverges.
//
//spmd:kernel
func DivergentCallee(l spmd.Lane, fs []func(int) int) {
	f := fs[l.Index()%len(fs)]
	if f(3) > 3 {
		l.Barrier() // LEAN: report
	}
}

// FuncValueLaneArg: an unknown function value receiving the Lane, called
// under divergent control. Is it a convergent operation? Run: diverges
// (the value passed does a Barrier).
//
//spmd:kernel
func FuncValueLaneArg(l spmd.Lane, f func(spmd.Lane)) {
	if l.Index() == 0 {
		f(l) // LEAN: no report (not known convergent)
	}
}

func sumOf(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, v) }

// SumOfBody: a helper returning ReduceAdd's (uniform) result, called with a
// divergent argument: body reading says uniform, the conservative rule says
// divergent. Run: no divergence.
//
//spmd:kernel
func SumOfBody(l spmd.Lane, out []int) {
	s := sumOf(l, l.Index())
	if s > 3 {
		l.Barrier() // LEAN: no report
	}
	out[l.Index()] = s
}

// PanicDiv: some lanes panic before a barrier. Do panicking lanes "leave"
// like a return? Run: a *PanicError (or a divergence).
//
//spmd:kernel
func PanicDiv(l spmd.Lane) {
	if l.Index() == 3 {
		panic("lane 3")
	}
	l.Barrier() // LEAN: no report
}

func sortedKeys(m map[int]int) []int {
	var ks []int
	for k := range m {
		ks = append(ks, k)
	}
	sort.Ints(ks)
	return ks
}

// SortedKeys: map keys sorted by a helper are uniform, but the helper ranges
// over a map. Run: no divergence.
//
//spmd:kernel
func SortedKeys(l spmd.Lane, m map[int]int, out []int) {
	ks := sortedKeys(m)
	if ks[0] == 1 {
		l.Barrier() // LEAN: no report
	}
	out[l.Index()] = ks[0]
}

// SamePhi: both arms of a divergent branch assign the same constant; the
// Phi's operands are equal. Run: no divergence.
//
//spmd:kernel
func SamePhi(l spmd.Lane, out []int) {
	x := 0
	if l.Index()%2 == 0 {
		x = 1
	} else {
		x = 1
	}
	if x == 1 {
		l.Barrier() // LEAN: no report (a checker using sync dependence alone reports)
	}
	out[l.Index()] = x
}
