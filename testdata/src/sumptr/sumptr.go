// want package:"spmd"

// Package sumptr pins pointer parameters: what a callee writes through a
// pointer (or slice, or map) into the caller's per-lane memory, and when;
// and what it needs to be uniform in the memory it reads.
package sumptr

import "github.com/spmdvet/spmdvet/spmd"

// fill always leaves a lane-dependent value in *p.
func fill(l spmd.Lane, p *int) { // want fill:`spmd\(effect\(\*1\)=always\)`
	*p = l.Index()
}

func branchOnFilled(l spmd.Lane) { // want branchOnFilled:`spmd\(barrier\)`
	var x int
	fill(l, &x)
	if x > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func branchOnFilledPointer(l spmd.Lane) { // want branchOnFilledPointer:`spmd\(barrier\)`
	p := new(int)
	fill(l, p)
	if *p > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// set leaves in *p whatever v is: divergent exactly when v is, or when p
// is (lanes that write the same value to different places leave the memory
// lane-dependent).
func set(p *int, v int) { // want set:`spmd\(effect\(\*0\)=on\(0,1\)\)`
	*p = v
}

func setUniform(l spmd.Lane) { // want setUniform:`spmd\(barrier\)`
	var x int
	set(&x, l.Count())
	if x > 0 {
		l.Barrier() // fine
	}
}

func setDivergent(l spmd.Lane) { // want setDivergent:`spmd\(barrier\)`
	var x int
	set(&x, l.Index())
	if x > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A uniform value written through a pointer, but by some lanes only: the
// lanes disagree about the variable afterwards (Tint:
// PointerParamModifiedInNonUniformControlFlow).
func setUnderDivergentControl(l spmd.Lane) { // want setUnderDivergentControl:`spmd\(barrier\)`
	var x int
	if l.Index() == 0 {
		set(&x, 42)
	}
	if x == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// copyTo moves the contents of one pointer into another.
func copyTo(dst, src *int) { // want copyTo:`spmd\(effect\(\*0\)=on\(0,1,\*1\)\)`
	*dst = *src
}

func copyDivergent(l spmd.Lane) { // want copyDivergent:`spmd\(barrier\)`
	a, b := l.Index(), 0
	copyTo(&b, &a)
	if b == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func copyUniform(l spmd.Lane) { // want copyUniform:`spmd\(barrier\)`
	a, b := l.Count(), 0
	copyTo(&b, &a)
	if b == 0 {
		l.Barrier() // fine
	}
}

// A callee that reads through its pointer to decide whether a barrier runs:
// what the pointer points to must be uniform, and so must the pointer
// (Tint: LoadNonUniformLocalThroughPointerParameter).
func waitIfPositive(l spmd.Lane, p *int) { // want waitIfPositive:`spmd\(barrier requires\(1\) requires\(\*1\)\)`
	if *p > 0 {
		l.Barrier()
	}
}

func passPointerToDivergent(l spmd.Lane) { // want passPointerToDivergent:`spmd\(barrier\)`
	v := l.Index()
	waitIfPositive(l, &v) // want `what parameter p of waitIfPositive points to must be uniform`
}

func passPointerToUniform(l spmd.Lane) { // want passPointerToUniform:`spmd\(barrier\)`
	v := l.Count()
	waitIfPositive(l, &v) // fine
}

// Slices: a helper that writes every lane's index into a slice the lane
// allocated makes the elements divergent.
func stamp(l spmd.Lane, s []int) { // want stamp:`spmd\(effect\(\*1\)=always\)`
	for i := range s {
		s[i] = l.Index()
	}
}

func branchOnStamped(l spmd.Lane) { // want branchOnStamped:`spmd\(barrier\)`
	s := make([]int, 4)
	stamp(l, s)
	if s[0] == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A helper that only reads through its pointer leaves the memory as it was.
func peek(p *int) int { // want peek:`spmd\(result0=on\(0,\*0\)\)`
	return *p
}

func readOnly(l spmd.Lane) { // want readOnly:`spmd\(barrier\)`
	v := l.Count()
	if peek(&v) > 0 {
		l.Barrier() // fine
	}
	w := l.Index()
	if peek(&w) > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A helper that stores a constant: the memory is uniform afterwards unless
// the pointer itself differs between lanes.
func reset(p *int) { // want reset:`spmd\(effect\(\*0\)=on\(0\)\)`
	*p = 42
}

// Conservative: memory is not tracked flow-sensitively, so a divergent
// value stored before the call still counts after reset overwrote it. Tint
// accepts this (its analysis is flow-sensitive through pointers).
func resetAfterDivergent(l spmd.Lane) { // want resetAfterDivergent:`spmd\(barrier\)`
	v := l.Index()
	reset(&v)
	if v == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// The memory of a kernel entry's parameters is shared by all lanes: a
// helper writing a lane-dependent value there does not make a load by the
// caller divergent, since loads from shared memory are as uniform as their
// address. (That the lanes race on it is another matter.)
func fillShared(l spmd.Lane, shared *int) { // want fillShared:`spmd\(effect\(\*1\)=always\)`
	fill(l, shared)
}

// Struct fields reached through a pointer, told apart: *0.0 is a.sum, *0.1
// a.n. The sum depends on v, the count only on what it was.
type acc struct{ sum, n int }

func (a *acc) add(v int) { // want add:`^spmd\(own\[0\]=spmd\(effect\(\*0\.0\)=on\(0,\*0\.0,1\) effect\(\*0\.1\)=on\(0,\*0\.1\)\)\)$`
	a.sum += v
	a.n++
}

func methodEffect(l spmd.Lane) { // want methodEffect:`spmd\(barrier\)`
	var a acc
	a.add(l.Count())
	if a.sum > 0 {
		l.Barrier() // fine
	}
	var b acc
	b.add(l.Index())
	if b.n > 0 {
		l.Barrier() // fine: every lane counted one
	}
	if b.sum > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A kernel entry's pointer parameter points to memory all lanes share. Its
// fact is its body's summary: a call from SPMD code must keep the promise
// of uniform parameters that the directive makes.
//
//spmd:kernel
func sharedKernel(l spmd.Lane, shared *int) { // want sharedKernel:`spmd\(barrier kernel requires\(1\) own\[1\]=spmd\(barrier requires-shared\(1\) effect\(\*1\)=always\)\)`
	fillShared(l, shared)
	if *shared > 0 {
		l.Barrier() // not reported: see fillShared
	}
}

// A variable the caller never writes is zero in every lane: uniform. (The
// analyzer once panicked here: the variable's memory was first seen when
// looking for violations, after the analysis.)
func waitIfZero(l spmd.Lane, p *int) { // want waitIfZero:`spmd\(barrier requires\(1\) requires\(\*1\)\)`
	if *p == 0 {
		l.Barrier()
	}
}

func zeroVar(l spmd.Lane) { // want zeroVar:`spmd\(barrier\)`
	var v int
	waitIfZero(l, &v)
}
