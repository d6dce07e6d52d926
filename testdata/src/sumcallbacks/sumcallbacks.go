// want package:"spmd"

// Package sumcallbacks pins what a helper's results and requirements owe
// to the callbacks it is given. The function value given is the same in
// every lane, but what it returns need not be: a literal that reads
// l.Index() returns lane-dependent values although it captured only the
// lane handle. A summary says so with an input that stands for the
// results of calling a parameter ("1()": the results of calling
// parameter 1), and a caller evaluates it with the summary of the
// function it gives.
//
// A summary also says under which control the function calls each function
// input (calls(1)=on(0): parameter 0 decides whether, or how often, it
// calls parameter 1), so that a caller giving a convergent function there
// must give a uniform parameter 0; and when a function it returns calls its
// first parameter under divergent control (returned-body-control): an
// iterator whose loop body runs under lane-dependent control.
package sumcallbacks

import (
	"iter"
	"slices"

	"github.com/spmdvet/spmdvet/spmd"
)

// apply returns what f returns.
func apply(x int, f func(int) int) int { // want apply:`spmd\(result0=on\(0,1,1\(\)\) calls\(1\)\)`
	return f(x)
}

// firstMatch returns the position of the first element that pred accepts,
// from inside the body of a range over a function.
func firstMatch(xs []int, pred func(int) bool) int { // want firstMatch:`spmd\(result0=on\(0,1,1\(\)\) calls\(1\) own`
	i := 0
	for x := range slices.Values(xs) {
		if pred(x) {
			return i
		}
		i++
	}
	return -1
}

// applyTwice hands its callback on to apply.
func applyTwice(x int, f func(int) int) int { // want applyTwice:`spmd\(result0=on\(0,1,1\(\)\) calls\(1\)\)`
	return apply(apply(x, f), f)
}

// maybeSync runs a barrier if pred says so: what pred returns must be
// uniform.
func maybeSync(l spmd.Lane, pred func() bool) { // want maybeSync:`spmd\(barrier requires\(1\) requires\(1\(\)\) calls\(1\)\)`
	if pred() {
		l.Barrier()
	}
}

func addLane(l spmd.Lane) func(int) int { // want addLane:`spmd\(result0=on\(0\) returned-results=always returned-no-writes\)`
	return func(x int) int { return x + l.Index() }
}

// A literal that reads the lane index.
func laneCallback(l spmd.Lane, n int) { // want laneCallback:`spmd\(barrier\)`
	y := apply(n, func(x int) int { return x + l.Index() })
	if y > 3 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A predicate that reads the lane index decides the first match.
func lanePredicate(l spmd.Lane, xs []int) { // want lanePredicate:`spmd\(barrier own`
	if firstMatch(xs, func(x int) bool { return x >= l.Index() }) == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Through two helpers.
func passedOn(l spmd.Lane, n int) { // want passedOn:`spmd\(barrier\)`
	if applyTwice(n, func(x int) int { return x * l.Index() }) > 3 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A closure returned by a helper, held in a variable.
func returnedCallback(l spmd.Lane, n int) { // want returnedCallback:`spmd\(barrier\)`
	f := addLane(l)
	if apply(n, f) > 3 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A callback whose result decides a barrier in the helper.
func predicateDecides(l spmd.Lane, n int) { // want predicateDecides:`spmd\(barrier requires\(0\) requires\(1\)\)`
	maybeSync(l, func() bool { return l.Index() > 2 }) // want `what parameter pred of maybeSync returns must be uniform`
	maybeSync(l, func() bool { return n > 2 })
	maybeSync(l, func() bool { return l.Count() > 2 })
}

// Fine: callbacks that compute the same in every lane.
func uniformCallbacks(l spmd.Lane, n int, xs []int) { // want uniformCallbacks:`spmd\(barrier requires\(0\) requires\(1\) requires\(2\) own`
	if apply(n, func(x int) int { return x * l.Count() }) > 3 {
		l.Barrier()
	}
	if firstMatch(xs, func(x int) bool { return x > n }) == 0 {
		l.Barrier()
	}
	if applyTwice(n, func(x int) int { return x + 1 }) > 3 {
		l.Barrier()
	}
}

// repeat calls f n times: n must be uniform when f is convergent.
func repeat(n int, f func()) { // want repeat:`spmd\(calls\(1\)=on\(0\)\)`
	for i := 0; i < n; i++ {
		f()
	}
}

// A lane-dependent count of barriers, through a method value.
func laneCount(l spmd.Lane, n int) { // want laneCount:`spmd\(barrier requires\(1\)\)`
	repeat(l.Index(), l.Barrier) // want `parameter n of repeat must be uniform`
	repeat(n, l.Barrier)
	repeat(l.Index(), func() {})
}

// strided yields the lane's own indices: how often it runs the loop body
// depends on the lane, although it captured only the lane handle.
func strided(l spmd.Lane, n int) iter.Seq[int] { // want strided:`spmd\(result0=on\(0,1\) returned-body-control=always returned-body-args=always returned-no-writes\)`
	return func(yield func(int) bool) {
		for i := l.Index(); i < n; i += l.Count() {
			if !yield(i) {
				return
			}
		}
	}
}

// rounds depends on the lane count only.
func rounds(l spmd.Lane) iter.Seq[int] { // want rounds:`spmd\(result0=on\(0\) returned-no-writes\)`
	return func(yield func(int) bool) {
		for m := l.Count() / 2; m > 0; m /= 2 {
			if !yield(m) {
				return
			}
		}
	}
}

func stridedLoop(l spmd.Lane, n int) { // want stridedLoop:`spmd\(convergent\)`
	for i := range strided(l, n) {
		_ = spmd.ReduceAdd(l, i) // want `collective spmd.ReduceAdd under divergent control`
	}
	for m := range rounds(l) {
		_ = spmd.ShuffleXor(l, m, m)
	}
}

// An iterator written in place.
func localIterator(l spmd.Lane) { // want localIterator:`spmd\(barrier\)`
	upToLane := func(yield func(int) bool) {
		for i := 0; i < l.Index(); i++ {
			if !yield(i) {
				return
			}
		}
	}
	for i := range upToLane {
		l.Barrier() // want `barrier l.Barrier under divergent control`
		_ = i
	}
}

// syncEach runs a barrier per value of the iterator it is given: the
// iterator must run the loop body the same number of times in every lane.
func syncEach(l spmd.Lane, seq iter.Seq[int]) { // want syncEach:`spmd\(barrier requires\(1\) calls\(1\)\)`
	for range seq {
		l.Barrier()
	}
}

func laneIterator(l spmd.Lane, n int) { // want laneIterator:`spmd\(barrier requires\(0\) requires\(1\)\)`
	syncEach(l, strided(l, n)) // want `parameter seq of syncEach must be uniform`
	syncEach(l, rounds(l))
	syncEach(l, slices.Values(make([]int, l.Index()))) // want `parameter seq of syncEach must be uniform`
	syncEach(l, slices.Values(make([]int, n)))
}

// An iterator written in place, whose bound is a variable it captured.
func localIteratorCapture(l spmd.Lane, n int) { // want localIteratorCapture:`spmd\(barrier( requires\(0\))?\)`
	bound := n
	if l.Index() == 0 {
		bound++
	}
	upTo := func(yield func(int) bool) {
		for i := 0; i < bound; i++ {
			if !yield(i) {
				return
			}
		}
	}
	for i := range upTo {
		l.Barrier() // want `barrier l.Barrier under divergent control`
		_ = i
	}
}

// filter yields what keep accepts, calling yield from the body of its own
// range over seq: whether it calls the body depends on what keep returns.
func filter(seq iter.Seq[int], keep func(int) bool) iter.Seq[int] { // want filter:`spmd\(result0=on\(0,1\) returned-body-control=on\(1,1\(\)\) returned-no-writes\)`
	return func(yield func(int) bool) {
		for v := range seq {
			if keep(v) && !yield(v) {
				return
			}
		}
	}
}

func filterLoop(l spmd.Lane, n int) { // want filterLoop:`spmd\(barrier requires\(1\)\)`
	for range filter(rounds(l), func(v int) bool { return v < l.Index() }) {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	for range filter(rounds(l), func(v int) bool { return v < n }) {
		l.Barrier()
	}
}

// onceSeq yields one value: a break in the body of a range over it cannot
// make lanes miss a later iteration.
func onceSeq(v int) iter.Seq[int] { // want onceSeq:`spmd\(result0=on\(0\) returned-body-args=on\(0\) returned-body-once returned-no-writes\)`
	return func(yield func(int) bool) {
		yield(v)
	}
}

func breakOutOfOnce(l spmd.Lane, n int) { // want breakOutOfOnce:`spmd\(barrier\)`
	for v := range onceSeq(n) {
		l.Barrier()
		if v == l.Index() {
			break
		}
	}
}

// A value the iterator yields decides a return out of the loop: strided
// yields each lane's own indices.
func returnOnYielded(l spmd.Lane, n int) { // want returnOnYielded:`spmd\(convergent( requires\(0\))?\)`
	for i := range strided(l, n) {
		if i == 3 {
			return
		}
	}
	_ = spmd.ReduceAdd(l, 1) // want `collective spmd.ReduceAdd under divergent control`
}

// Fine: rounds yields the same values in every lane.
func returnOnRounds(l spmd.Lane) { // want returnOnRounds:`spmd\(convergent( requires\(0\))?\)`
	for m := range rounds(l) {
		if m == 1 {
			return
		}
	}
	_ = spmd.ReduceAdd(l, 1)
}

// forEach calls f for each index the lane owns: lanes own different
// numbers, so it calls f under divergent control whatever it is given.
func forEach(l spmd.Lane, n int, f func(i int)) { // want forEach:`spmd\(calls\(2\)=always\)`
	for i := l.Index(); i < n; i += l.Count() {
		f(i)
	}
}

// guarded calls f in some lanes only.
func guarded(l spmd.Lane, f func()) { // want guarded:`spmd\(calls\(1\)=always\)`
	if l.Index() < 2 {
		f()
	}
}

// A convergent callback given to a helper that always calls it under
// divergent control: the call that gives it is reported, although the
// caller's own control is uniform.
func reduceEach(l spmd.Lane, n int, out []int) { // want reduceEach:`spmd\(convergent own\[2\]=spmd\(convergent effect\(\*2\)=always\)\)`
	forEach(l, n, func(i int) { // want `collective spmd.ReduceAdd \(reached through forEach\) under divergent control: forEach calls the function it is given under divergent control`
		out[i] = spmd.ReduceAdd(l, i)
	})
}

func reduceEachNamed(l spmd.Lane, n int, out []int) { // want reduceEachNamed:`spmd\(convergent own\[2\]=spmd\(convergent effect\(\*2\)=always\)\)`
	add := func(i int) { out[i] = spmd.ReduceAdd(l, i) }
	forEach(l, n, add) // want `collective spmd.ReduceAdd \(reached through forEach\) under divergent control`
}

func barrierGuarded(l spmd.Lane) { // want barrierGuarded:`spmd\(barrier\)`
	guarded(l, l.Barrier) // want `barrier l.Barrier \(reached through guarded\) under divergent control`
}

func literalGuarded(l spmd.Lane) { // want literalGuarded:`spmd\(barrier\)`
	guarded(l, func() { l.Barrier() }) // want `barrier l.Barrier \(reached through guarded\) under divergent control`
}

// Fine: the callbacks reach no convergent operation.
func storeEach(l spmd.Lane, n int, out []int) { // want storeEach:`spmd\(own\[2\]=spmd\(effect\(\*2\)=always\)\)`
	forEach(l, n, func(i int) { out[i] = i })
	guarded(l, func() { out[l.Index()] = 1 })
}

// eachLane is forEach for callbacks that take the lane. Its calls of f are
// judged where f is given, not here.
func eachLane(l spmd.Lane, n int, f func(spmd.Lane, int)) { // want eachLane:`spmd\(calls\(2\)=always\)`
	for i := l.Index(); i < n; i += l.Count() {
		f(l, i)
	}
}

// eachLaneVia gives f on to eachLane, which calls it under divergent
// control: so does eachLaneVia.
func eachLaneVia(l spmd.Lane, n int, f func(spmd.Lane, int)) { // want eachLaneVia:`spmd\(calls\(2\)=always\)`
	eachLane(l, n, f)
}

// Factories: one returns a function that only stores, one a barrier.
func marker(out []int) func(spmd.Lane, int) { // want marker:`spmd\(result0=on\(0\)\)`
	return func(l spmd.Lane, i int) { out[i] = 1 }
}

func syncerAt() func(spmd.Lane, int) { // want syncerAt:`spmd\(result0=never returns-convergent returned-no-writes\)`
	return func(l spmd.Lane, i int) { l.Barrier() }
}

func laneCallbacks(l spmd.Lane, n int, out []int) { // want laneCallbacks:`spmd\(barrier own\[2\]=spmd\(barrier effect\(\*2\)=always\)\)`
	eachLane(l, n, func(l spmd.Lane, i int) { l.Barrier() })                 // want `barrier l.Barrier \(reached through eachLane\) under divergent control`
	eachLaneVia(l, n, func(l spmd.Lane, i int) { _ = spmd.ReduceAdd(l, i) }) // want `collective spmd.ReduceAdd \(reached through eachLaneVia\) under divergent control`
	eachLaneVia(l, n, marker(out))
	eachLane(l, n, func(l spmd.Lane, i int) { out[i] = i })
	eachLane(l, n, syncerAt()) // want `barrier l.Barrier \(reached through eachLane\) under divergent control`
}

// What a callback writes to the variables it captured is written where the
// helper calls it: under the helper's control, with the arguments the
// helper passes.
func callbackWrites(l spmd.Lane) { // want callbackWrites:`spmd\(barrier\)`
	v := 0
	guarded(l, func() { v = 1 }) // under divergent control in guarded
	if v == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func callbackWritesArgs(l spmd.Lane, n int) { // want callbackWritesArgs:`spmd\(barrier\)`
	w := 0
	forEach(l, n, func(i int) { w = i }) // lane-dependent arguments, under divergent control
	if w == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func callbackWritesLane(l spmd.Lane) { // want callbackWritesLane:`spmd\(barrier\)`
	x := 0
	applyTwice(0, func(i int) int { x = l.Index(); return i }) // a lane-dependent value
	if x == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: as uniform as n.
func callbackWritesUniform(l spmd.Lane, n int) { // want callbackWritesUniform:`spmd\(barrier requires\(1\)\)`
	y := 0
	applyTwice(n, func(i int) int { y = i; return i })
	if y == 0 {
		l.Barrier()
	}
}

// Callbacks held in a parameter's field or elements are judged, like
// function parameters, where the helper is called: with the functions
// the caller put there.
type step struct {
	name string
	do   func(spmd.Lane, int)
}

func runStep(l spmd.Lane, n int, s step) { // want runStep:`spmd\(calls\(2\.1\)=always\)`
	for i := l.Index(); i < n; i += l.Count() {
		s.do(l, i)
	}
}

func runStages(l spmd.Lane, stages []func(spmd.Lane)) { // want runStages:`spmd\(calls\(\*1\)=always\)`
	if i := l.Index(); i < len(stages) {
		stages[i](l)
	}
}

// A helper that calls one field of the hooks it is given is judged with
// the function the caller put in that field, not with the others.
type hooks struct {
	sync, put func(spmd.Lane, int)
}

func putEach(l spmd.Lane, n int, h hooks) { // want putEach:`spmd\(calls\(2\.1\)=always\)`
	for i := l.Index(); i < n; i += l.Count() {
		h.put(l, i)
	}
}

func fieldByField(l spmd.Lane, n int, out []int) { // want fieldByField:`spmd\(barrier own\[2\]=spmd\(barrier effect\(\*2\)=always\)\)`
	sync := func(l spmd.Lane, _ int) { l.Barrier() }
	putEach(l, n, hooks{sync: sync, put: func(_ spmd.Lane, i int) { out[i] = i }}) // fine: putEach never calls h.sync
	putEach(l, n, hooks{sync: sync, put: sync})                                    // want `barrier l.Barrier \(reached through putEach\) under divergent control`
}

// promote moves one field's function into another before it calls it:
// then what the caller put in any field may be called.
func promote(l spmd.Lane, h *hooks, n int) { // want promote:`spmd\(convergent calls\(\*1\) own\[1\]=spmd\(convergent requires\(2\) effect\(\*1\.1\)=on\(1,\*1\.0,2\) calls\(\*1\)=on\(2\)\)\)`
	if n > 1 {
		h.put = h.sync
	}
	h.put(l, n)
}

func promoted(l spmd.Lane, n int) { // want promoted:`spmd\(barrier requires\(1\)\)`
	h := hooks{sync: func(l spmd.Lane, _ int) { l.Barrier() }, put: func(spmd.Lane, int) {}}
	promote(l, &h, n)
	promote(l, &h, l.Index()) // want `barrier l.Barrier \(reached through promote\) under divergent control|parameter n of promote must be uniform`
}

// pickStage calls the held callback that k picks: lanes given different
// values of k call different callbacks.
func pickStage(l spmd.Lane, stages [2]func(spmd.Lane), k int) { // want pickStage:`spmd\(calls\(1\)=on\(2\)\)`
	stages[k&1](l)
}

func pickedStages(l spmd.Lane, n int) { // want pickedStages:`spmd\(barrier requires\(1\)\)`
	stages := [2]func(spmd.Lane){func(l spmd.Lane) { l.Barrier() }, func(spmd.Lane) {}}
	pickStage(l, stages, n)
	pickStage(l, stages, l.Index()) // want `parameter k of pickStage must be uniform, but a divergent value is passed: it decides whether a barrier runs`
}

// switchStep replaces the step's function when n says so: lanes given
// different values of n call different functions. It stores a function
// into s itself, so its call is judged here, as possibly convergent, and
// lanes must agree on n and on alt whatever the functions are.
func switchStep(l spmd.Lane, s *step, alt func(spmd.Lane, int), n int) { // want switchStep:`spmd\(convergent calls\(\*1\) own\[1\]=spmd\(convergent requires\(2\) requires\(3\) effect\(\*1\.1\)=on\(1,2,3\) calls\(\*1\)=on\(2,3\)\)\)`
	if n > 1 {
		s.do = alt
	}
	s.do(l, n)
}

// switchToSync does so with a barrier of its own.
func switchToSync(l spmd.Lane, s *step, n int) { // want switchToSync:`spmd\(barrier calls\(\*1\) own\[1\]=spmd\(barrier requires\(2\) effect\(\*1\.1\)=on\(1,2\) calls\(\*1\)=on\(2\)\)\)`
	if n > 1 {
		s.do = func(l spmd.Lane, i int) { l.Barrier() }
	}
	s.do(l, n)
}

func switchedSteps(l spmd.Lane, n int) { // want switchedSteps:`spmd\(barrier requires\(1\)\)`
	s := step{do: func(spmd.Lane, int) {}}
	switchStep(l, &s, func(l spmd.Lane, i int) { l.Barrier() }, n)
	switchStep(l, &s, func(l spmd.Lane, i int) { l.Barrier() }, l.Index()) // want `parameter n of switchStep must be uniform, but a divergent value is passed: it decides whether a collective runs`
	switchToSync(l, &s, n)
	switchToSync(l, &s, l.Index()) // want `parameter n of switchToSync must be uniform, but a divergent value is passed: it decides whether a barrier runs`
}

// runStepVia gives its step on: judged at its callers too.
func runStepVia(l spmd.Lane, n int, s step) { // want runStepVia:`spmd\(calls\(2\.1\)=always\)`
	runStep(l, n, s)
}

// setAndRun stores the function it calls itself: judged here, by the
// conservative rule.
func setAndRun(l spmd.Lane, s *step) { // want setAndRun:`spmd\(convergent calls\(\*1\)=always own\[1\]=spmd\(convergent effect\(\*1\.1\)=on\(1\) calls\(\*1\)=always\)\)`
	s.do = func(l spmd.Lane, i int) {}
	if l.Index() == 0 {
		s.do(l, 0) // want `collective s.do under divergent control`
	}
}

func heldCallbacks(l spmd.Lane, n int, out []int) { // want heldCallbacks:`spmd\(barrier own\[2\]=spmd\(barrier effect\(\*2\)=always\)\)`
	runStep(l, n, step{name: "sync", do: func(l spmd.Lane, i int) { l.Barrier() }}) // want `barrier l.Barrier \(reached through runStep\) under divergent control`
	runStep(l, n, step{name: "put", do: func(l spmd.Lane, i int) { out[i] = i }})
	runStages(l, []func(spmd.Lane){func(l spmd.Lane) { _ = spmd.ReduceAdd(l, 1) }}) // want `collective spmd.ReduceAdd \(reached through runStages\) under divergent control`
	runStages(l, []func(spmd.Lane){func(l spmd.Lane) { out[l.Index()] = 1 }})
	runStepVia(l, n, step{do: func(l spmd.Lane, i int) { l.Barrier() }}) // want `barrier l.Barrier \(reached through runStepVia\) under divergent control`
	runStepVia(l, n, step{do: func(l spmd.Lane, i int) { out[i] = 2 }})
}

// A kernel's own parameter: what it holds is not known, so the call may
// reach a convergent operation.
//
//spmd:kernel
func heldByKernelParam(l spmd.Lane, n int, s step) { // want heldByKernelParam:`spmd\(convergent kernel\)`
	runStep(l, n, s) // want `collective a function held in s \(reached through runStep\) under divergent control: runStep calls the function it is given under divergent control`
}

// What a callback held in a field writes to its captured variables is
// written where runStep calls it.
func heldCallbackWrites(l spmd.Lane, n int) { // want heldCallbackWrites:`spmd\(barrier\)`
	v := 0
	runStep(l, n, step{do: func(l spmd.Lane, i int) { v = 1 }})
	if v == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A map entry at a constant key, given to a helper: only that entry is
// given.
func mapEntryGiven(l spmd.Lane, n int, out []int) { // want mapEntryGiven:`spmd\(convergent own\[2\]=spmd\(convergent effect\(\*2\)=always\)\)`
	m := map[string]func(int){
		"sum": func(i int) { out[i] = spmd.ReduceAdd(l, i) },
		"put": func(i int) { out[i] = i },
	}
	forEach(l, n, m["put"])
	forEach(l, n, m["sum"]) // want `collective spmd.ReduceAdd \(reached through forEach\) under divergent control`
}

// Functional options: the hook reaches the helper through a struct that
// buildConfig fills by calling the options it is given. A caller sees the
// functions it gives, and the summary says the result holds no other
// (blind round 23).
type config struct {
	hook  func(int)
	stage func(spmd.Lane, int) int
}

type option func(*config)

func withHook(h func(int)) option { return func(c *config) { c.hook = h } } // want withHook:`spmd\(result0=on\(0\)\)`

func buildConfig(opts ...option) config { // want buildConfig:`spmd\(result0=on\(0\) result-value-fields0=\[on\(0\) on\(0\)\] calls\(\*0\)=on\(0\) own\[0\]=spmd\(result0=on\(0,\*0\) result-value-fields0=\[on\(0,\*0\) on\(0,\*0\)\] calls\(\*0\)=on\(0\)\)\)`
	var c config
	for _, o := range opts {
		o(&c)
	}
	return c
}

func notify(l spmd.Lane, c config, xs []int) { // want notify:`spmd\(calls\(1\.0\)=always\)`
	for _, x := range xs {
		if x > l.Index() {
			c.hook(x)
		}
	}
}

func hookDecides(l spmd.Lane, xs []int) { // want hookDecides:`spmd\(barrier\)`
	seen := 0
	cfg := buildConfig(withHook(func(x int) { seen += x }))
	notify(l, cfg, xs)
	if seen > 5 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func hookBarrier(l spmd.Lane, xs []int) { // want hookBarrier:`spmd\(barrier\)`
	notify(l, buildConfig(withHook(func(int) { l.Barrier() })), xs) // want `barrier l.Barrier \(reached through notify\) under divergent control`
}

// Fine: the hook only counts, and the count is not branched on.
func hookCounts(l spmd.Lane, xs []int, out []int) { // want hookCounts:`spmd\(own\[1 2\]=spmd\(effect\(\*2\)=always\)\)`
	seen := 0
	notify(l, buildConfig(withHook(func(x int) { seen += x })), xs)
	out[l.Index()] = seen
}

// A function held in a global: a caller of defaultConfig cannot know it,
// so a helper that calls it under divergent control may be convergent.
var defaultStage func(spmd.Lane, int) int

func defaultConfig() config { // want defaultConfig:`spmd\(result0=never result-value-fields0=\[never never\] returns-unknown-funcs\)`
	return config{stage: defaultStage}
}

func runStage(l spmd.Lane, c config) int { // want runStage:`spmd\(result0=always calls\(1\.1\)=always\)`
	if l.Index() == 0 {
		return c.stage(l, 1)
	}
	return 0
}

func unknownStage(l spmd.Lane) int { // want unknownStage:`spmd\(convergent result0=always\)`
	return runStage(l, defaultConfig()) // want `collective a function held in defaultConfig\(\) \(reached through runStage\) under divergent control`
}

// A helper with a collective of its own that also calls a callback under
// divergent control: the callback's collective is reported at the call
// that gives it, though the helper's own operation runs in every lane
// (found by the runtime-oracle fuzzer).
func forEachThenSync(l spmd.Lane, n int, f func(int)) { // want forEachThenSync:`spmd\(barrier calls\(2\)=always\)`
	for i := l.Index(); i < n; i += l.Count() {
		f(i)
	}
	l.Barrier()
}

func ownAndCallback(l spmd.Lane, n int) int { // want ownAndCallback:`spmd\(barrier result0=always\)`
	s := 0
	forEachThenSync(l, n, func(x int) { s += spmd.ReduceAdd(l, x) }) // want `collective spmd.ReduceAdd \(reached through forEachThenSync\) under divergent control`
	forEachThenSync(l, n, func(x int) { s += x })
	return s
}
