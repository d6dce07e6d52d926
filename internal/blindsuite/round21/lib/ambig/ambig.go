// Package ambig holds kernels where the spec does not settle, for us, which
// lines must be reported. Each kernel says what the question is; the EXPECT
// comments are our best reading, not a certainty.
package ambig

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round21/lib/block"
	"github.com/spmdvet/spmdvet/spmd"
)

// ---- A1: a helper whose loop bound is its own parameter ----
//
// SyncN is not a kernel entry, so by the spec its parameter n is not a
// "uniform input". Question: is the barrier reported inside SyncN (helper
// parameters taken as divergent), at the call in SyncNByLane (a
// context-sensitive summary "convergent when n is divergent"), or nowhere?
// Our reading: parameters of a non-entry function are not uniform inputs,
// so the barrier is under divergent control inside SyncN; the calls in the
// kernels are unconditional and get no finding.
func SyncN(l spmd.Lane, n int) {
	for i := 0; i < n; i++ {
		l.Barrier() // EXPECT
	}
}

// SyncNUniform calls SyncN with a uniform count: correct at run time.
//
//spmd:kernel
func SyncNUniform(l spmd.Lane, n int) { SyncN(l, n) }

// SyncNByLane calls SyncN with the lane index: wrong at run time.
//
//spmd:kernel
func SyncNByLane(l spmd.Lane) { SyncN(l, l.Index()) }

// ---- A2: a convergent callback called under divergent control ----
//
// block.ForEach calls f for each item the lane owns, in a loop whose trip
// count depends on the lane. Here f reduces, so lanes that own fewer items
// miss reductions. Question: must a finding be reported at the f(i) call in
// block.ForEach (the callee is a parameter, not "known to be convergent by
// directive or fact"), or at the ForEach call here (unconditional)? Our
// reading of "a call to a function known to be convergent": f is not known,
// so there is no finding anywhere (a false negative by design).
//
//spmd:kernel
func ForEachReduce(l spmd.Lane, n int, out []int) {
	block.ForEach(l, n, func(i int) {
		out[i] = spmd.ReduceAdd(l, i)
	})
}

// ---- A3: an interface call under divergent control ----
//
// block.Combine calls c.Combine through the interface; some
// implementations are convergent. Question: is block.Combine "a function
// that itself performs" a convergent operation? Our reading: an interface
// call has no known callee, so block.Combine is not known to be convergent
// and the guarded call below gets no finding.
//
//spmd:kernel
func CombineFirstTwo(l spmd.Lane, out []int) {
	v := l.Index()
	if v < 2 {
		v = block.Combine[int](l, block.SumOf[int]{}, v)
	}
	out[l.Index()] = v
}

// ---- A4: functional options that decide whether to synchronize ----

type config struct {
	sync  bool
	scale int
}

// Option configures Stage.
type Option func(*config)

// WithSync makes Stage synchronize at the end.
func WithSync() Option { return func(c *config) { c.sync = true } }

// WithSyncIf makes Stage synchronize when b holds.
func WithSyncIf(b bool) Option { return func(c *config) { c.sync = b } }

// Stage scales buf[lane] and synchronizes if an option asked for it.
// Question: c is a local of a non-entry function written by unknown
// callees (the options). Is c.sync uniform? Our reading, consistent with
// A1: opts is a parameter of a non-entry function and the option calls are
// unknown callees, so c.sync is divergent and the barrier is reported.
func Stage(l spmd.Lane, buf []int, opts ...Option) {
	c := config{scale: 2}
	for _, o := range opts {
		o(&c)
	}
	buf[l.Index()] *= c.scale
	if c.sync {
		l.Barrier() // EXPECT
	}
}

// StageSync passes a uniform option: correct at run time.
//
//spmd:kernel
func StageSync(l spmd.Lane, buf []int) { Stage(l, buf, WithSync()) }

// StageLeader passes an option built from the lane index: wrong at run
// time.
//
//spmd:kernel
func StageLeader(l spmd.Lane, buf []int) { Stage(l, buf, WithSyncIf(l.Index() == 0)) }

// ---- A5: a collective in the body of a range over a map ----
//
// Keys and values are divergent (iteration order is per lane), but the
// number of iterations is len(m) in every lane. Question: is the loop exit
// (the ok of Next) divergent? Our reading: only keys and values are
// divergent, so the reduction in the body is not reported. At run time
// every lane reduces len(m) times: no error.
//
//spmd:kernel
func MapSum(l spmd.Lane, m map[int]int, out []int) {
	s := 0
	for k, v := range m {
		s += spmd.ReduceAdd(l, k*v)
	}
	out[l.Index()] = s
}

// ---- A6: per-lane array, one element divergent, another uniform ----
//
// The spec says a load from per-lane memory is divergent if any store to
// that memory stores a divergent value. Question: is "that memory" the
// whole array or the element? Our reading of the spec's words: the whole
// local array, so the branch on a[1] is divergent and the barrier is
// reported, although at run time a[1] is 7 in every lane (no error).
//
//spmd:kernel
func ArrayElems(l spmd.Lane, out []int) {
	var a [2]int
	a[0] = l.Index()
	a[1] = 7
	p := &a
	if p[1] == 7 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = a[0]
}

// ---- A7: a captured variable written by a closure called under divergent
// control ----
//
// hit is a kernel local whose address the closure takes; the store runs
// under divergent control, but in the closure's body. Our reading: "a load
// is divergent if any store ... runs under divergent control" covers it, so
// the barrier is reported.
//
//spmd:kernel
func ClosureFlag(l spmd.Lane, out []int) {
	hit := false
	mark := func() { hit = true }
	if l.Index() == 0 {
		mark()
	}
	if hit {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = 1
}

// ---- A8: a //spmd:kernel helper called with a divergent argument ----
//
// Rounds declares its parameters uniform (//spmd:kernel), and a kernel calls
// it with the lane index. Question: does the checker check the arguments at
// calls of a kernel entry? The spec says nothing; our reading: no finding
// anywhere (the directive is trusted), although the run diverges.
//
//spmd:kernel
func Rounds(l spmd.Lane, n int) {
	for i := 0; i < n; i++ {
		l.Barrier()
	}
}

// RoundsByLane calls Rounds with the lane index.
//
//spmd:kernel
func RoundsByLane(l spmd.Lane) { Rounds(l, l.Index()) }

// ---- A9: the result of an interface call whose implementation reads the
// lane ----
//
// Sizer.Size is called with uniform arguments (the handle and a uniform
// receiver). The spec's conservative rule for unknown callees makes the
// result uniform; the implementation returns the lane index. Our reading:
// no finding (a false negative by design); the run diverges.

// Sizer reports a size for the lane.
type Sizer interface{ Size(l spmd.Lane) int }

// LaneSizer is a Sizer that returns the lane index.
type LaneSizer struct{}

// Size returns the lane index.
func (LaneSizer) Size(l spmd.Lane) int { return l.Index() }

// SizedSync synchronizes when the size is above 2.
//
//spmd:kernel
func SizedSync(l spmd.Lane, s Sizer) {
	if s.Size(l) > 2 {
		l.Barrier()
	}
}
