// Package values holds kernels whose divergence flows through data written
// in less common syntax forms: immediately invoked function literals, method
// values and expressions, closures, composite literals, swaps, compound
// assignments, comma-ok forms, conversions, shadowing, named results set by
// defer, variadic helpers, iota constants, atomics and collective results.
package values

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// Out receives one value per lane.
var Out [spmd.MaxLanes]int

// IIFEBug tests an immediately invoked function literal, written on one
// line, that performs a barrier, called in a divergent branch.
//
//spmd:kernel
func IIFEBug(l spmd.Lane) {
	if l.Index() < 1 {
		func() { l.Barrier() }() // EXPECT
	}
	Out[l.Index()] = 1
}

// IIFEMultiLineBug tests a multi-line immediately invoked literal in a
// divergent branch: the call expression starts on the line of func.
//
//spmd:kernel
func IIFEMultiLineBug(l spmd.Lane) {
	if l.Index()%2 == 0 {
		func() { // EXPECT
			Out[l.Index()] = spmd.ReduceAdd(l, 1)
		}()
	}
}

// IIFEInnerBug tests divergence inside an immediately invoked literal: an
// early return in lane 0 before the collective.
//
//spmd:kernel
func IIFEInnerBug(l spmd.Lane) {
	x := func() int {
		if l.Index() == 0 {
			return 0
		}
		return spmd.ReduceAdd(l, 1) // EXPECT
	}()
	Out[l.Index()] = x
}

// IIFEResultBug tests an immediately invoked literal whose result depends
// on the lane, used as a branch condition.
//
//spmd:kernel
func IIFEResultBug(l spmd.Lane) {
	d := func() int { return l.Index() % 2 }()
	if d == 0 {
		l.Barrier() // EXPECT
	}
	Out[l.Index()] = d
}

// IIFEUniform tests immediately invoked literals with uniform arguments
// and results, one of which performs a collective, under uniform control.
//
//spmd:kernel
func IIFEUniform(l spmd.Lane) {
	n := func(k int) int { return k * 2 }(l.Count())
	s := 0
	if n > 2 {
		s = func() int { return spmd.ReduceAdd(l, l.Index()) }()
	}
	Out[l.Index()] = s
}

// Acc accumulates a group sum.
type Acc struct{ Sum int }

// Add adds the group sum of v; it is a convergent method.
func (a *Acc) Add(l spmd.Lane, v int) { a.Sum += spmd.ReduceAdd(l, v) }

// Scale multiplies before reducing.
type Scale int

// Reduce returns the group sum of s*v; it is convergent, with a uniform
// result.
func (s Scale) Reduce(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, int(s)*v) }

// MethodValueBug tests a call through a method value (bound to a) of a
// convergent method, in a divergent branch.
//
//spmd:kernel
func MethodValueBug(l spmd.Lane) {
	a := &Acc{}
	add := a.Add
	if l.Index() > 0 {
		add(l, 1) // EXPECT
	}
	Out[l.Index()] = a.Sum
}

// MethodExprBug tests a call through a method expression of a convergent
// method in a loop with a lane-dependent trip count.
//
//spmd:kernel
func MethodExprBug(l spmd.Lane) {
	a := &Acc{}
	f := (*Acc).Add
	for i := 0; i < l.Index(); i++ {
		f(a, l, i) // EXPECT
	}
	Out[l.Index()] = a.Sum
}

// MethodUniform tests a method value and a method expression of a value
// receiver type, called under uniform control.
//
//spmd:kernel
func MethodUniform(l spmd.Lane) {
	s := Scale(2)
	r := s.Reduce
	g := Scale.Reduce
	x := r(l, 3)
	if x > 0 {
		x += g(s, l, 1)
	}
	a := &Acc{}
	add := a.Add
	add(l, x)
	Out[l.Index()] = a.Sum
}

// ClosureCaptureBug tests a closure that adds a lane-dependent value to a
// captured variable, which then decides a branch.
//
//spmd:kernel
func ClosureCaptureBug(l spmd.Lane) {
	x := 0
	bump := func() { x += l.Index() }
	bump()
	if x > 0 {
		l.Barrier() // EXPECT
	}
	Out[l.Index()] = x
}

// ClosureCaptureUniform tests a closure that adds a uniform value to a
// captured variable, called twice unconditionally.
//
//spmd:kernel
func ClosureCaptureUniform(l spmd.Lane) {
	x := 0
	bump := func() { x += l.Count() }
	bump()
	bump()
	if x > 2 {
		x = spmd.ReduceAdd(l, x)
	}
	Out[l.Index()] = x
}

// ClosureDivergentCallBug tests a closure that stores a constant into a
// captured variable, but is called only by lane 0: the store runs under
// divergent control.
//
//spmd:kernel
func ClosureDivergentCallBug(l spmd.Lane) {
	x := 1
	set := func() { x = 2 }
	if l.Index() == 0 {
		set()
	}
	if x == 1 {
		l.Barrier() // EXPECT
	}
	Out[l.Index()] = x
}

type pair struct{ lo, hi int }

// StructLitBug tests a struct literal with a lane-dependent field that
// decides a branch.
//
//spmd:kernel
func StructLitBug(l spmd.Lane) {
	p := pair{lo: l.Index(), hi: l.Count()}
	if p.lo < 2 {
		Out[l.Index()] = spmd.ReduceAdd(l, p.hi) // EXPECT
	}
}

// StructLitUniform tests a struct literal with only uniform fields.
//
//spmd:kernel
func StructLitUniform(l spmd.Lane) {
	p := pair{lo: l.Count() / 2, hi: l.Count()}
	if p.lo < p.hi {
		Out[l.Index()] = spmd.ReduceAdd(l, l.Index())
	}
}

// ArrayLitBug tests an array literal ([...]T) indexed by the lane.
//
//spmd:kernel
func ArrayLitBug(l spmd.Lane) {
	steps := [...]int{3, 1, 4, 1}
	if steps[l.Index()%len(steps)] > 2 {
		Out[l.Index()] = int(spmd.Ballot(l, true)) // EXPECT
	}
}

// ArrayLitUniform tests an array literal indexed by a constant.
//
//spmd:kernel
func ArrayLitUniform(l spmd.Lane) {
	steps := [...]int{3, 1, 4, 1}
	if steps[2] > 2 {
		Out[l.Index()] = int(spmd.Ballot(l, l.Index() < 2))
	}
}

// SwapBug tests a swap a, b = b, a that moves the lane index into b.
//
//spmd:kernel
func SwapBug(l spmd.Lane) {
	a, b := l.Index(), l.Count()
	a, b = b, a
	if b > 0 {
		Out[l.Index()] = spmd.InclusiveAdd(l, a) // EXPECT
	}
}

// SwapUniform tests the same swap, branching on a, which now holds the
// uniform count.
//
//spmd:kernel
func SwapUniform(l spmd.Lane) {
	a, b := l.Index(), l.Count()
	a, b = b, a
	if a > 0 {
		Out[l.Index()] = spmd.InclusiveAdd(l, b)
	}
}

func divmod(x, y int) (int, int) { return x / y, x % y }

// TupleAssignBug tests a multiple assignment from a two-result call with a
// lane-dependent argument.
//
//spmd:kernel
func TupleAssignBug(l spmd.Lane) {
	q, r := divmod(l.Index()+4, 4)
	if r == 0 {
		l.Barrier() // EXPECT
	}
	Out[l.Index()] = q
}

// TupleAssignUniform tests a multiple assignment from a two-result call
// with uniform arguments.
//
//spmd:kernel
func TupleAssignUniform(l spmd.Lane) {
	q, r := divmod(l.Count()+4, 4)
	if r == 0 {
		l.Barrier()
	}
	Out[l.Index()] = q
}

// CompoundBug tests compound assignments (<<=, |=, &^=) that carry the lane
// index into a condition; the collective call spans two lines.
//
//spmd:kernel
func CompoundBug(l spmd.Lane) {
	m := 1
	m <<= l.Index()
	m |= 1
	m &^= 2
	if m > 1 {
		Out[l.Index()] = spmd.ReduceMax( // EXPECT
			l, m)
	}
}

// CompoundUniform tests compound assignments (*=, %=, ^=, -=) of uniform
// values.
//
//spmd:kernel
func CompoundUniform(l spmd.Lane) {
	m := 3
	m *= l.Count()
	m %= 7
	m ^= 5
	m -= 1
	if m >= 0 {
		Out[l.Index()] = spmd.ReduceMax(l, l.Index())
	}
}

// ShadowBug tests a block that shadows x with a uniform value; the outer x,
// used afterwards, is still the lane index.
//
//spmd:kernel
func ShadowBug(l spmd.Lane) {
	x := l.Index()
	{
		x := l.Count()
		Out[l.Index()] = x
	}
	if x < 1 {
		l.Barrier() // EXPECT
	}
}

// ShadowUniform tests if and switch init statements that shadow a uniform
// x with divergent or derived values; the outer x stays uniform.
//
//spmd:kernel
func ShadowUniform(l spmd.Lane) {
	x := l.Count()
	if x := l.Index(); x > 0 {
		Out[x] = 1
	}
	switch x := x * 2; {
	case x > 2:
		Out[l.Index()] += spmd.ReduceAdd(l, 1)
	}
	if x > 1 {
		Out[l.Index()] += spmd.ReduceAdd(l, 10)
	}
}

// tickets is drawn atomically by every lane.
var tickets int64

// counter is incremented atomically by every lane.
var counter atomic.Int32

// AtomicBug tests the result of sync/atomic.AddInt64: exactly one lane
// draws ticket 1.
//
//spmd:kernel
func AtomicBug(l spmd.Lane) {
	t := atomic.AddInt64(&tickets, 1)
	if t == 1 {
		l.Barrier() // EXPECT
	}
	Out[l.Index()] = int(t)
}

// AtomicMethodBug tests the result of the Add method of atomic.Int32.
//
//spmd:kernel
func AtomicMethodBug(l spmd.Lane) {
	if counter.Add(1) > 1 {
		Out[l.Index()] = int(spmd.Ballot(l, true)) // EXPECT
	}
}

// ResetAtomics zeroes the counters used by AtomicBug and AtomicMethodBug.
func ResetAtomics() {
	atomic.StoreInt64(&tickets, 0)
	counter.Store(0)
}
