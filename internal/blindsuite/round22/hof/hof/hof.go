// Package hof holds higher-order helpers for SPMD kernels: functions that call
// a callback they are given under various kinds of control, factories that
// build callbacks, plain convergent helpers for callbacks to use, non-convergent
// ones, and helpers whose parameter decides whether or how often a barrier runs.
//
// None of the lines in this package is expected to be reported: whether a
// convergent operation runs under divergent control is decided by the kernel
// that calls these helpers (with the callback or argument it passes), so the
// findings belong at the kernels' call sites.
package hof

import "github.com/spmdvet/spmdvet/spmd"

// ---------------------------------------------------------------- runners

// Strided calls f(l, i) for every index i the lane owns: Index, Index+Count, ...
// A per-lane loop: lanes leave it in different iterations when n is not a
// multiple of Count.
func Strided(l spmd.Lane, n int, f func(spmd.Lane, int)) {
	for i := l.Index(); i < n; i += l.Count() {
		f(l, i)
	}
}

// StridedDo is Strided for a callback without arguments (e.g. a method value).
func StridedDo(l spmd.Lane, n int, f func()) {
	for i := l.Index(); i < n; i += l.Count() {
		f()
	}
}

// StridedThen stores in a per-lane loop, then calls f after the loop: the
// lanes have reconverged.
func StridedThen(l spmd.Lane, n int, out []int, f func(spmd.Lane)) {
	for i := l.Index(); i < n; i += l.Count() {
		out[i] = 2 * i
	}
	f(l)
}

// IfLane calls f in the lanes below k only.
func IfLane(l spmd.Lane, k int, f func(spmd.Lane)) {
	if l.Index() < k {
		f(l)
	}
}

// IfLaneDo calls f in the lanes below k only.
func IfLaneDo(l spmd.Lane, k int, f func()) {
	if l.Index() < k {
		f()
	}
}

// EvenOdd calls f in even lanes and g in odd lanes: two different call sites.
func EvenOdd(l spmd.Lane, f, g func(spmd.Lane)) {
	if l.Index()%2 == 0 {
		f(l)
	} else {
		g(l)
	}
}

// IfWide calls f when the group has more than 4 lanes: a uniform condition.
func IfWide(l spmd.Lane, f func(spmd.Lane)) {
	if l.Count() > 4 {
		f(l)
	}
}

// When calls f if c holds. Whether that is divergent depends on c.
func When(l spmd.Lane, c bool, f func(spmd.Lane)) {
	if c {
		f(l)
	}
}

// Repeat calls f(l, r) for r = 0 .. n-1. Uniform when n is.
func Repeat(l spmd.Lane, n int, f func(spmd.Lane, int)) {
	for r := 0; r < n; r++ {
		f(l, r)
	}
}

// Rounds calls f(l, r) for r = 1, 2, 4, ... below Count: a uniform loop.
func Rounds(l spmd.Lane, f func(spmd.Lane, int)) {
	for r := 1; r < l.Count(); r *= 2 {
		f(l, r)
	}
}

// ExceptLast returns early in the last lane, then calls f in the others.
func ExceptLast(l spmd.Lane, f func(spmd.Lane)) {
	if l.Index() == l.Count()-1 {
		return
	}
	f(l)
}

// ThenExceptLast calls f first, and only then lets the last lane return early.
func ThenExceptLast(l spmd.Lane, out []int, f func(spmd.Lane)) {
	f(l)
	if l.Index() == l.Count()-1 {
		return
	}
	out[l.Index()] = 1
}

// Once calls f once, unconditionally.
func Once(l spmd.Lane, f func(spmd.Lane)) {
	f(l)
}

// Do calls f once; it knows nothing about lanes.
func Do(f func()) {
	f()
}

// MarkThen marks even lanes under a lane-dependent branch, reconverges, and
// then calls f in every lane.
func MarkThen(l spmd.Lane, marks []int, f func(spmd.Lane)) {
	if l.Index()%2 == 0 {
		marks[l.Index()] = 1
	}
	f(l)
}

// MarkElse marks even lanes and calls f in the odd ones only.
func MarkElse(l spmd.Lane, marks []int, f func(spmd.Lane)) {
	if l.Index()%2 == 0 {
		marks[l.Index()] = 1
	} else {
		f(l)
	}
}

// CallThenUse calls f in every lane and only afterwards uses the lane index.
func CallThenUse(l spmd.Lane, out []int, f func(spmd.Lane) int) {
	id := l.Index()
	v := f(l)
	if id < v {
		out[id] = v
	}
}

// FirstOnly calls f in lane 0 only and stores its result.
func FirstOnly(l spmd.Lane, out []int, f func(spmd.Lane) int) {
	if l.Index() == 0 {
		out[0] = f(l)
	}
}

// ---------------------------------------------------------------- two layers

// StridedVia passes f on to Strided.
func StridedVia(l spmd.Lane, n int, f func(spmd.Lane, int)) {
	Strided(l, n, f)
}

// OnceVia passes f on to Once.
func OnceVia(l spmd.Lane, f func(spmd.Lane)) {
	Once(l, f)
}

// FirstVia calls Once(l, f) in lane 0 only: the divergence is in the outer
// layer, the call of f in the inner one.
func FirstVia(l spmd.Lane, f func(spmd.Lane)) {
	if l.Index() == 0 {
		Once(l, f)
	}
}

// IfWideVia passes f on to IfWide.
func IfWideVia(l spmd.Lane, f func(spmd.Lane)) {
	IfWide(l, f)
}

// ---------------------------------------------------------------- convergent helpers

// Sync is a barrier behind a helper.
func Sync(l spmd.Lane) {
	l.Barrier()
}

// SyncAt is Sync with the signature of a Strided callback.
func SyncAt(l spmd.Lane, i int) {
	l.Barrier()
}

// Sum is a reduction behind a helper.
func Sum(l spmd.Lane, v int) int {
	return spmd.ReduceAdd(l, v)
}

// CountTrue counts the lanes where p holds, with a ballot.
func CountTrue(l spmd.Lane, p bool) int {
	b := spmd.Ballot(l, p)
	n := 0
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}

// ---------------------------------------------------------------- non-convergent helpers

// Put stores v at out[i].
func Put(out []int, i, v int) {
	out[i] = v
}

// Note records the lane index in the lane's own slot.
func Note(l spmd.Lane, out []int) {
	out[l.Index()] = l.Index() + 100
}

// Square is arithmetic.
func Square(x int) int {
	return x * x
}

// ---------------------------------------------------------------- parameter decides the barrier

// BarrierIf runs a barrier when c holds.
func BarrierIf(l spmd.Lane, c bool) {
	if c {
		l.Barrier()
	}
}

// BarrierN runs n barriers.
func BarrierN(l spmd.Lane, n int) {
	for i := 0; i < n; i++ {
		l.Barrier()
	}
}

// SumRounds adds v over the lanes n times.
func SumRounds(l spmd.Lane, n, v int) int {
	s := 0
	for r := 0; r < n; r++ {
		s += spmd.ReduceAdd(l, v)
	}
	return s
}

// SyncUnlessZero returns early when k is zero, and otherwise runs a barrier.
func SyncUnlessZero(l spmd.Lane, k int) {
	if k == 0 {
		return
	}
	l.Barrier()
}

// ScaledSum multiplies a sum by k: k does not control the reduction.
func ScaledSum(l spmd.Lane, k, v int) int {
	return k * spmd.ReduceAdd(l, v)
}

// SyncThenMark runs a barrier and only then uses c.
func SyncThenMark(l spmd.Lane, c bool, out []int) {
	l.Barrier()
	if c {
		out[l.Index()] = 1
	}
}

// StoreIf stores when c holds; nothing convergent depends on c.
func StoreIf(l spmd.Lane, c bool, out []int) {
	if c {
		out[l.Index()] = 7
	}
}

// ---------------------------------------------------------------- stored callbacks

// Step is a named stage with its callback in a struct field.
type Step struct {
	Name string
	Do   func(spmd.Lane, int)
}

// RunStrided calls s.Do for the indices the lane owns: a per-lane loop.
func RunStrided(l spmd.Lane, n int, s Step) {
	for i := l.Index(); i < n; i += l.Count() {
		s.Do(l, i)
	}
}

// RunOnce calls s.Do once in every lane.
func RunOnce(l spmd.Lane, s Step) {
	s.Do(l, 0)
}

// Strided is the method form of RunStrided.
func (s Step) Strided(l spmd.Lane, n int) {
	for i := l.Index(); i < n; i += l.Count() {
		s.Do(l, i)
	}
}

// Pipeline holds stages in a slice.
type Pipeline struct {
	Stages []func(spmd.Lane)
}

// Run calls every stage in order, in every lane: a uniform loop.
func (p *Pipeline) Run(l spmd.Lane) {
	for _, st := range p.Stages {
		st(l)
	}
}

// RunFromLane starts at stage Index%len: lanes run different numbers of stages.
func (p *Pipeline) RunFromLane(l spmd.Lane) {
	for i := l.Index() % len(p.Stages); i < len(p.Stages); i++ {
		p.Stages[i](l)
	}
}

// RunAll calls every callback of fs in order: a uniform loop.
func RunAll(l spmd.Lane, fs []func(spmd.Lane)) {
	for _, f := range fs {
		f(l)
	}
}

// RunMine calls the callback fs[Index] in the lanes that have one.
func RunMine(l spmd.Lane, fs []func(spmd.Lane)) {
	if i := l.Index(); i < len(fs) {
		fs[i](l)
	}
}

// Dispatch calls m[key] if there is one.
func Dispatch(l spmd.Lane, m map[string]func(spmd.Lane), key string) {
	if f, ok := m[key]; ok {
		f(l)
	}
}

// ---------------------------------------------------------------- factories

// Syncer returns a callback that runs a barrier.
func Syncer() func(spmd.Lane) {
	return func(l spmd.Lane) {
		l.Barrier()
	}
}

// SyncerAt returns a Strided callback that runs a barrier.
func SyncerAt() func(spmd.Lane, int) {
	return func(l spmd.Lane, i int) {
		l.Barrier()
	}
}

// Storer returns a Strided callback that stores i+1 at out[i].
func Storer(out []int) func(spmd.Lane, int) {
	return func(l spmd.Lane, i int) {
		out[i] = i + 1
	}
}

// Totaler returns a callback that adds v over the lanes into acc[0].
func Totaler(acc []int, v int) func(spmd.Lane) {
	return func(l spmd.Lane) {
		s := spmd.ReduceAdd(l, v)
		if l.Index() == 0 {
			acc[0] += s
		}
	}
}

// Marker returns a callback that stores in the lane's own slot.
func Marker(out []int) func(spmd.Lane) {
	return func(l spmd.Lane) {
		out[l.Index()] = 1
	}
}

// Chain returns a callback that calls f and then g.
func Chain(f, g func(spmd.Lane)) func(spmd.Lane) {
	return func(l spmd.Lane) {
		f(l)
		g(l)
	}
}

// Guarded returns a callback that calls f in the lanes below k only.
func Guarded(k int, f func(spmd.Lane)) func(spmd.Lane) {
	return func(l spmd.Lane) {
		if l.Index() < k {
			f(l)
		}
	}
}

// Group wraps a lane; its Sync method is a convergent method value.
type Group struct {
	L spmd.Lane
}

// Sync runs a barrier.
func (g Group) Sync() {
	g.L.Barrier()
}

// Log records the lane in out.
func (g Group) Log(out []int) {
	out[g.L.Index()]++
}
