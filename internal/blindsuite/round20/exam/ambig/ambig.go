// Package ambig holds kernels where the examiner is genuinely unsure what the
// spec demands. Each carries the question in its comment; the annotation is
// the examiner's best reading.
package ambig

import (
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
)

// Out receives per-lane results.
var Out []int

// Reset sizes Out for n lanes.
func Reset(n int) { Out = make([]int, n) }

// LaneFn returns the lane index, through a function value.
var LaneFn = func(l spmd.Lane) int { return l.Index() }

// UnknownCalleeLaneArg: Q: the spec says an unknown callee's results are
// divergent only "if any argument is divergent", and the doc says the Lane
// handle itself is uniform. So by the letter f(l) is uniform and no finding is
// due, yet at run time f(l) is the lane index and the kernel fails. Annotated
// by the letter of the spec (no EXPECT); the test shows the run-time failure.
func UnknownCalleeLaneArg(l spmd.Lane) {
	f := LaneFn
	if f(l) < 2 {
		l.Barrier()
	}
}

// Fns is shared memory of function values.
var Fns = []func() int{func() int { return 0 }, func() int { return 1 }, func() int { return 0 }, func() int { return 1 }}

// DivergentCallee: Q: the rule for unknown callees names only the arguments;
// here the callee value itself is divergent (loaded at a divergent address)
// and all arguments are uniform (there are none). Propagation through Call
// should count the callee operand, so EXPECT.
func DivergentCallee(l spmd.Lane) {
	f := Fns[l.Index()]
	if f() == 1 {
		l.Barrier() // EXPECT
	}
}

// Ch is a channel shared by all lanes.
var Ch chan int

// ChanRecvShared: Q: a receive (UnOp <-) from a uniform channel: by pure
// operand propagation it would be uniform, but each lane receives a different
// element. EXPECT, since the result really differs per lane.
func ChanRecvShared(l spmd.Lane) {
	v := <-Ch
	if v == 0 {
		l.Barrier() // EXPECT
	}
}

// Closed is a closed channel shared by all lanes.
var Closed chan int

// SelectClosed: Q: is Select with uniform operands uniform? Every lane sees the
// closed channel ready, so every lane takes the same case. No EXPECT.
func SelectClosed(l spmd.Lane) {
	x := 0
	select {
	case _, ok := <-Closed:
		if !ok {
			x = 1
		}
	default:
		x = 2
	}
	if x == 1 {
		l.Barrier()
	}
	Out[l.Index()] = x
}

// M is a shared map.
var M = map[int]int{0: 10, 1: 11, 2: 12}

// MapRangeCount: Q: the spec says keys and values of a map range are
// divergent; is the iteration count (Next's ok) divergent too? The number of
// iterations is the same in every lane, so no EXPECT.
func MapRangeCount(l spmd.Lane) {
	n := 0
	for range M {
		n++
	}
	if n == 3 {
		l.Barrier()
	}
	Out[l.Index()] = n
}

// helperParam is an SPMD function (Lane parameter) but not a kernel entry.
// Q: is n uniform? Only kernel-entry parameters are listed as uniform inputs,
// so n may be divergent (callers pass l.Index()). EXPECT.
func helperParam(l spmd.Lane, n int) {
	if n > 1 {
		l.Barrier() // EXPECT
	}
}

// HelperParam calls helperParam with a divergent argument.
func HelperParam(l spmd.Lane) {
	helperParam(l, l.Index())
}

func genReduce[T spmd.Number](l spmd.Lane, v T) T { return spmd.ReduceAdd(l, v) }

// KnownCalleeBodyUniform: Q: the result of a known helper whose body returns
// ReduceAdd, called with a divergent argument. The doc says the checker reads
// the body (uniform); the spec allows a conservative rule for callees "not
// known". By the doc, no EXPECT.
func KnownCalleeBodyUniform(l spmd.Lane) {
	s := genReduce(l, l.Index())
	if s > 3 {
		l.Barrier()
	}
	Out[l.Index()] = s
}

// DeferUnderDivergence: Q: a deferred barrier registered under divergent
// control runs at return in only some lanes. Is the defer statement a call
// "in a block under divergent control"? EXPECT.
func DeferUnderDivergence(l spmd.Lane) {
	if l.Index() < 2 {
		defer l.Barrier() // EXPECT
	}
	Out[l.Index()] = 1
}

// PanicPath: Q: lanes that panic leave abnormally; does a panic on a
// divergent path make later barriers divergent? A panicking kernel is already
// failing, so no EXPECT.
func PanicPath(l spmd.Lane) {
	if l.Index() > 100 {
		panic("impossible lane")
	}
	l.Barrier()
	Out[l.Index()] = 1
}

func upTo(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

// RangeOverFunc: Q: the loop body of a range-over-func becomes a synthetic
// yield closure called by the iterator; the trip count is divergent here.
// The spec does not mention range-over-func, but "for, range" are listed, so
// EXPECT.
func RangeOverFunc(l spmd.Lane) {
	for range upTo(l.Index()) {
		l.Barrier() // EXPECT
	}
}

func setTo(p *int, v int) { *p = v }

// LocalStoreViaCall: Q: the kernel's own address-taken local is stored to by
// a callee with a divergent value. "A load is divergent if any store to that
// memory stores a divergent value": the store is in another function. EXPECT.
func LocalStoreViaCall(l spmd.Lane) {
	x := 0
	setTo(&x, l.Index())
	if x > 1 {
		l.Barrier() // EXPECT
	}
}

type cell struct{ v int }

// LocalOverwritten: Q: a divergent store to the kernel's own memory that is
// later overwritten with a uniform value. The rule "a load is divergent if any
// store to that memory stores a divergent value" is flow-insensitive, so by
// its letter the load is divergent; but the kernel is correct at run time.
// Annotated by the letter of the spec (EXPECT); the run-time test shows no
// failure.
func LocalOverwritten(l spmd.Lane) {
	var c cell
	c.v = l.Index()
	c.v = 7
	if c.v == 7 {
		l.Barrier() // EXPECT
	}
	Out[l.Index()] = c.v
}
