// Package ambig holds kernels where I could not tell from the spec whether a
// finding is required. They carry no expectation marks; each doc comment states the
// question, what spmd.Run does with the kernel, and which way I lean.
package ambig

import (
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
)

var (
	Out  []int
	Data = []int{4, -2, 7, 0, 3, -5, 8, 1}
)

// DeferAtDivergentReturn: the deferred Barrier is registered by every lane
// under uniform control, but lanes leave through different returns (one of
// them lane-dependent), and the deferred call runs at the return.
// spmd.Run reports a DivergenceError: the two returns are different sites.
// Question: is `defer l.Barrier()` "a convergent call lanes may not reach
// together"? Section 3 speaks of "a call ... in a block under divergent
// control"; the defer statement's block is uniform, the blocks that run the
// defers are not. Lean: report at the defer line (the runtime does).
//
//spmd:kernel
func DeferAtDivergentReturn(l spmd.Lane) {
	defer l.Barrier()
	if l.Index()%2 == 0 {
		return
	}
	Out[l.Index()] = 1
}

// DivergentPanic: an unrecovered lane-dependent panic before a Barrier.
// spmd.Run reports a *PanicError (the whole group stops), not a
// DivergenceError. Question: does a panicking lane count as one that
// "returned early", making the Barrier divergent? Most checkers treat panic
// paths as leaving the program (every index expression could panic). Lean: no
// report.
//
//spmd:kernel
func DivergentPanic(l spmd.Lane) {
	if Data[l.Index()%len(Data)] < 0 {
		panic("negative input")
	}
	l.Barrier()
	Out[l.Index()] = 1
}

// Syncer is implemented only by convergent methods in this package.
type Syncer interface{ Sync(l spmd.Lane) }

type barrierSyncer struct{}

func (barrierSyncer) Sync(l spmd.Lane) { l.Barrier() }

// InterfaceCallDivergent: an interface method call under lane-dependent
// control; every implementation of Syncer performs a Barrier. spmd.Run reports
// a DivergenceError. Question: the spec defines convergent calls by directive
// or fact; an invoke through an interface has no static callee. Is this "a
// call of a function that itself performs one"? Lean: report if the checker
// resolves the dynamic type (it is visible here: MakeInterface of
// barrierSyncer), otherwise a known false negative.
//
//spmd:kernel
func InterfaceCallDivergent(l spmd.Lane) {
	var s Syncer = barrierSyncer{}
	if l.Index()%2 == 0 {
		s.Sync(l)
	}
}

func syncA(l spmd.Lane) { l.Barrier() }
func syncB(l spmd.Lane) { l.Barrier() }

// Table holds two convergent functions.
var Table = []func(spmd.Lane){syncA, syncB}

// FuncTableDivergentIndex: every lane makes the call, under uniform control,
// but the function called depends on the lane, so lanes wait at two different
// Barriers. spmd.Run reports a DivergenceError. Question: the spec talks about
// divergent control, not divergent callees; is a call through a lane-dependent
// function value a finding, and where? Lean: report at the call.
//
//spmd:kernel
func FuncTableDivergentIndex(l spmd.Lane) {
	Table[l.Index()%len(Table)](l)
}

type hooks struct {
	sync func()
	sum  func(int) int
}

// StructFieldClosure: closures over convergent operations stored in struct
// fields and called from the fields under lane-dependent control. spmd.Run
// reports a DivergenceError. Question: the calls are indirect (the function
// is loaded from a field), so whether they are convergent depends on how far
// the checker tracks function values through memory. Lean: report both calls.
//
//spmd:kernel
func StructFieldClosure(l spmd.Lane) {
	h := hooks{sync: l.Barrier, sum: func(v int) int { return spmd.ReduceAdd(l, v) }}
	if l.Index()%2 == 0 {
		h.sync()
		Out[l.Index()] = h.sum(1)
	}
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

// RangeFuncDivergentIterator: a range-over-func loop whose iterator is built
// from a lane-dependent count; the body's Barrier runs Index()%3 times.
// spmd.Run reports a DivergenceError. Question: the loop's control lives in
// the iterator (a different function, which takes no lane); in the kernel the
// body is a closure passed to a call with a divergent function value. Is the
// Barrier in the body "under divergent control"? Lean: report at the Barrier
// (or at the range statement).
//
//spmd:kernel
func RangeFuncDivergentIterator(l spmd.Lane) {
	for range upTo(l.Index() % 3) {
		l.Barrier()
	}
}

// maybeSync branches on its parameter n. It is an SPMD function (it has a Lane
// parameter) but not a kernel entry, so the spec does not say whether n is
// uniform.
func maybeSync(l spmd.Lane, n int) {
	if n > 2 {
		l.Barrier()
	}
}

// HelperParamBranch: maybeSync is only ever called with the uniform Count(),
// so at run time it is correct (spmd.Run returns nil). Question: are the
// parameters of a non-kernel SPMD function uniform, divergent, or decided per
// call site? The spec leaves summaries to a later issue and allows "a
// conservative rule". Lean: no report (a conservative rule would flag the
// Barrier in maybeSync).
//
//spmd:kernel
func HelperParamBranch(l spmd.Lane) {
	maybeSync(l, l.Count())
	Out[l.Index()] = 1
}

// PerLaneChannel: each lane makes its own channel and sends its own index;
// the value received is then lane-dependent. spmd.Run reports a
// DivergenceError. Question: the spec lists no rule for channel receives; a
// receive is a UnOp of a channel created without divergent operands, so pure
// propagation calls it uniform, while the per-lane memory rule (for Allocs)
// would call it divergent. Lean: report (the sent value is divergent).
//
//spmd:kernel
func PerLaneChannel(l spmd.Lane) {
	ch := make(chan int, 1)
	ch <- l.Index()
	if <-ch == 0 {
		l.Barrier()
	}
}
