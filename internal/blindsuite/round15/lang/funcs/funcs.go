// Package funcs holds kernels around function-level Go corners: defer,
// panic/recover, method values and method expressions, closures, interfaces
// with convergent implementations, struct embedding of the lane, function
// tables, and generic functions calling collectives.
package funcs

import "github.com/spmdvet/spmdvet/spmd"

var (
	Out    []int
	Data   = []int{4, -2, 7, 0, 3, -5, 8, 1}
	Floats = []float64{1.5, 2.5, 3.5, 4.5}
)

// DeferSingleExit (correct): the deferred Barrier is registered by every lane
// and the kernel has a single exit, so every lane runs it at the same point.
// The lane-dependent if in between only guards a store.
//
//spmd:kernel
func DeferSingleExit(l spmd.Lane) {
	defer l.Barrier()
	if l.Index()%2 == 0 {
		Out[l.Index()] = 1
	}
}

// DeferInDivergentBranch (bug): only the even lanes register the deferred
// Barrier, so only they run it when the kernel returns.
//
//spmd:kernel
func DeferInDivergentBranch(l spmd.Lane) {
	if l.Index()%2 == 0 {
		defer l.Barrier() // EXPECT
	}
	Out[l.Index()] = 1
}

// RecoverThenBarrier (correct): the even lanes panic inside a helper closure
// whose deferred recover turns the panic into a return; all lanes come back to
// the kernel and reach the Barrier after the closure call.
//
//spmd:kernel
func RecoverThenBarrier(l spmd.Lane) {
	func() {
		defer func() { _ = recover() }()
		if l.Index()%2 == 0 {
			panic("even lane")
		}
		Out[l.Index()] = 1
	}()
	l.Barrier()
	Out[l.Index()] += 10
}

// PanicSkipsBarrier (bug): a lane-dependent panic, recovered by the closure's
// deferred recover, makes the even lanes leave the closure before its Barrier;
// they go on to the ReduceAdd while the odd lanes wait at the Barrier.
//
//spmd:kernel
func PanicSkipsBarrier(l spmd.Lane) {
	func() {
		defer func() { _ = recover() }()
		if l.Index()%2 == 0 {
			panic("even lane")
		}
		l.Barrier() // EXPECT
	}()
	Out[l.Index()] = spmd.ReduceAdd(l, 1)
}

// RecoverResult (bug): the closure's named result is true in lanes that return
// normally and false in lanes whose lane-dependent panic was recovered, so ok
// is divergent and so is the Barrier under it.
//
//spmd:kernel
func RecoverResult(l spmd.Lane) {
	ok := func() (ok bool) {
		defer func() {
			if recover() != nil {
				ok = false
			}
		}()
		if Data[l.Index()%len(Data)] < 0 {
			panic("negative")
		}
		return true
	}()
	if ok {
		l.Barrier() // EXPECT
	}
}

// FuncValuesUniform (correct): a method value (l.Barrier), a method expression
// ((spmd.Lane).Barrier), a closure over a collective, and a direct call through
// the method expression syntax, all called under uniform control only.
//
//spmd:kernel
func FuncValuesUniform(l spmd.Lane) {
	sync := l.Barrier
	sum := func(v int) int { return spmd.ReduceAdd(l, v) }
	bar := (spmd.Lane).Barrier
	x := Data[l.Index()%len(Data)]
	for range 3 {
		x = sum(x)
		sync()
	}
	if l.Count() > 1 {
		bar(l)
		spmd.Lane.Barrier(l)
	}
	Out[l.Index()] = x
}

// MethodValueDivergent (bug): the method value l.Barrier is called only in the
// lanes whose datum is positive.
//
//spmd:kernel
func MethodValueDivergent(l spmd.Lane) {
	sync := l.Barrier
	if Data[l.Index()%len(Data)] > 0 {
		sync() // EXPECT
	}
}

// MethodExprDivergent (bug): the method expression (spmd.Lane).Barrier called
// in a loop whose trip count depends on the lane.
//
//spmd:kernel
func MethodExprDivergent(l spmd.Lane) {
	bar := (spmd.Lane).Barrier
	for j := 0; j < l.Index()%3; j++ {
		bar(l) // EXPECT
	}
}

// ClosureDivergent (bug): the closure performs a ReduceAdd, so calling it is a
// convergent operation; it is called by the odd lanes only.
//
//spmd:kernel
func ClosureDivergent(l spmd.Lane) {
	reduce := func(v int) int { return spmd.ReduceAdd(l, v) }
	if l.Index()%2 == 1 {
		Out[l.Index()] = reduce(1) // EXPECT
	}
}

// Combiner combines one value per lane into a result.
type Combiner interface {
	Combine(l spmd.Lane, v int) int
}

// Phased is a Combiner that can also synchronize (interface embedding).
type Phased interface {
	Combiner
	Sync(l spmd.Lane)
}

type sumPhased struct{}

func (sumPhased) Combine(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, v) }
func (sumPhased) Sync(l spmd.Lane)               { l.Barrier() }

type maxPhased struct{}

func (maxPhased) Combine(l spmd.Lane, v int) int { return spmd.ReduceMax(l, v) }
func (maxPhased) Sync(l spmd.Lane)               { l.Barrier() }

// halfSum is a buggy Combiner: see InterfaceImplBug.
type halfSum struct{}

// Combine returns v unchanged in the upper half of the group and the sum in
// the lower half: the ReduceAdd runs after a lane-dependent return.
func (halfSum) Combine(l spmd.Lane, v int) int {
	if l.Index() >= l.Count()/2 {
		return v
	}
	return spmd.ReduceAdd(l, v) // EXPECT
}

var (
	Impls = map[string]Phased{"sum": sumPhased{}, "max": maxPhased{}}
	Mode  = "sum"
)

// InterfaceUniformCall (correct): the implementation is chosen by a uniform
// key, and the interface methods (one reached through the embedded Combiner)
// are called unconditionally; their results are only stored.
//
//spmd:kernel
func InterfaceUniformCall(l spmd.Lane) {
	p := Impls[Mode]
	r := p.Combine(l, l.Index())
	p.Sync(l)
	var c Combiner = p
	r += c.Combine(l, 1)
	Out[l.Index()] = r
}

// InterfaceImplBug (bug, inside halfSum.Combine): the interface call itself is
// unconditional, but the implementation it reaches has a lane-dependent early
// return before its ReduceAdd (the finding belongs in halfSum.Combine).
//
//spmd:kernel
func InterfaceImplBug(l spmd.Lane) {
	var c Combiner = halfSum{}
	Out[l.Index()] = c.Combine(l, l.Index())
}

// worker embeds the lane, so w.Index() and w.Barrier() are promoted methods.
type worker struct {
	spmd.Lane
	data []int
}

// syncIfPositive calls the promoted Barrier only where this lane's datum is
// positive.
func (w worker) syncIfPositive() {
	if w.data[w.Index()%len(w.data)] > 0 {
		w.Barrier() // EXPECT
	}
}

// syncIfWide calls the promoted Barrier under the uniform Count.
func (w worker) syncIfWide() int {
	if w.Count() > 1 {
		w.Barrier()
	}
	return spmd.ReduceAdd(w.Lane, w.data[w.Index()%len(w.data)])
}

// EmbeddedLaneBug (bug, inside worker.syncIfPositive): the promoted Barrier is
// guarded by a lane-dependent datum.
//
//spmd:kernel
func EmbeddedLaneBug(l spmd.Lane) {
	worker{l, Data}.syncIfPositive()
}

// EmbeddedLaneUniform (correct): the promoted Barrier and ReduceAdd run under
// uniform control only.
//
//spmd:kernel
func EmbeddedLaneUniform(l spmd.Lane) {
	w := worker{Lane: l, data: Data}
	Out[l.Index()] = w.syncIfWide()
}

func phaseSum(l spmd.Lane, v int) int   { return spmd.ReduceAdd(l, v) }
func phaseMax(l spmd.Lane, v int) int   { return spmd.ReduceMax(l, v) }
func phaseShift(l spmd.Lane, v int) int { return spmd.Shuffle(l, v, (l.Index()+1)%l.Count()) }

var (
	Phases = []func(spmd.Lane, int) int{phaseShift, phaseSum, phaseMax}
	Steps  = map[string]func(spmd.Lane, int) int{"sum": phaseSum, "max": phaseMax}
	Step   = "max"
)

// FuncTableUniform (correct): tables of convergent functions indexed by
// uniform values (a range index over a global slice, a global key); every lane
// calls the same function at the same time.
//
//spmd:kernel
func FuncTableUniform(l spmd.Lane) {
	v := l.Index() + 1
	for p := range Phases {
		v = Phases[p](l, v)
	}
	v += Steps[Step](l, l.Index())
	Out[l.Index()] = v
}

// total sums xs locally and then across lanes.
func total[T spmd.Number](l spmd.Lane, xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return spmd.ReduceAdd(l, s)
}

// GenericDivergentCall (bug): the generic total performs a ReduceAdd, so each
// call of an instance of it is convergent; both are called by even lanes only.
//
//spmd:kernel
func GenericDivergentCall(l spmd.Lane) {
	if l.Index()%2 == 0 {
		f := total(l, Floats)    // EXPECT
		n := total[int](l, Data) // EXPECT
		Out[l.Index()] = int(f) + n
	}
}

// prefixOrTotal is a buggy generic helper: the last lane does a ReduceAdd
// while the others do an InclusiveAdd, so lanes wait at different collectives.
func prefixOrTotal[T spmd.Number](l spmd.Lane, v T) T {
	if l.Index() == l.Count()-1 {
		return spmd.ReduceAdd(l, v) // EXPECT
	}
	return spmd.InclusiveAdd(l, v) // EXPECT
}

// GenericBodyBug (bug, inside prefixOrTotal): the kernel calls the generic
// helper unconditionally; the bug is in the generic body.
//
//spmd:kernel
func GenericBodyBug(l spmd.Lane) {
	Out[l.Index()] = prefixOrTotal(l, l.Index())
}

// spread returns max-min over the group, plus lane 0's offset from the
// minimum; every branch is on a reduction result, which is uniform.
func spread[T spmd.Number](l spmd.Lane, v T) T {
	lo := spmd.ReduceMin(l, v)
	hi := spmd.ReduceMax(l, v)
	if hi == lo {
		return 0
	}
	return hi - lo + spmd.BroadcastFirst(l, v) - lo
}

// GenericUniform (correct): two instances of a generic helper whose collectives
// run under uniform control only, called under a uniform condition.
//
//spmd:kernel
func GenericUniform(l spmd.Lane) {
	if l.Count() > 1 {
		a := spread(l, Data[l.Index()%len(Data)])
		b := spread(l, Floats[l.Index()%len(Floats)])
		Out[l.Index()] = a + int(b)
	}
}

// DeferClosureCollective (correct): a deferred closure performs the ReduceAdd
// at the kernel's single exit; every lane registers it under uniform control,
// and the lane-dependent loop before only changes the value summed.
//
//spmd:kernel
func DeferClosureCollective(l spmd.Lane) {
	n := 0
	defer func() { Out[l.Index()] = spmd.ReduceAdd(l, n) }()
	for i := 0; i < l.Index(); i++ {
		n += Data[i]
	}
}
