// want package:"spmd"

// Package helper holds helpers for package kern, with no //spmd:
// directive: what kern reports depends on the summaries inferred here, and
// in package base, exported as facts.
package helper

import (
	"github.com/spmdvet/spmdvet/spmd"
	"spmdvet.test/sumxpkg/base"
)

// A chain into another package: Phase → base.Wait → l.Barrier.
func Phase(l spmd.Lane) { // want Phase:`spmd\(barrier\)`
	base.Wait(l)
}

// A parameter that must be uniform because another package's function
// requires it.
func Step(l spmd.Lane, k int) { // want Step:`spmd\(barrier requires\(1\)\)`
	base.WaitIf(l, k-1)
}

// Results.
func Twice(x int) int { // want Twice:`spmd\(result0=on\(0\)\)`
	return 2 * x
}

func LaneOf(l spmd.Lane) int { // want LaneOf:`spmd\(result0=always\)`
	return l.Index()
}

func Parity(l spmd.Lane) int { // want Parity:`spmd\(result0=always\)`
	if l.Index()%2 == 0 {
		return 0
	}
	return 1
}

func Reduce(l spmd.Lane, v int) int { // want Reduce:`spmd\(convergent result0=never\)`
	return spmd.ReduceAdd(l, v)
}

// Pointer effects.
func Fill(l spmd.Lane, p *int) { // want Fill:`spmd\(effect\(\*1\)=always\)`
	*p = l.Index()
}

func Set(p *int, v int) { // want Set:`spmd\(effect\(\*0\)=on\(0,1\)\)`
	*p = v
}

func WaitIfPositive(l spmd.Lane, p *int) { // want WaitIfPositive:`spmd\(barrier requires\(1\) requires\(\*1\)\)`
	if *p > 0 {
		l.Barrier()
	}
}

// Generics: the summary is on the generic declaration, since go/ssa builds
// no instance bodies for another package.
func Sync[T any](l spmd.Lane, v T) T { // want Sync:`spmd\(barrier result0=on\(1\)\)`
	l.Barrier()
	return v
}

func WaitIfEqual[T comparable](l spmd.Lane, a, b T) { // want WaitIfEqual:`spmd\(barrier requires\(1\) requires\(2\)\)`
	if a == b {
		l.Barrier()
	}
}

// Methods, for method values and method expressions.
type Stage struct {
	L spmd.Lane
	N int
}

func (s Stage) Wait() { // want Wait:`spmd\(barrier\)`
	s.L.Barrier()
}

func (s *Stage) WaitN() { // want WaitN:`^spmd\(barrier requires\(0\) own\[0\]=spmd\(barrier requires\(0\) requires\(\*0\.1\)\)\)$`
	if s.N > 0 {
		s.L.Barrier()
	}
}

// Recursion.
func Countdown(l spmd.Lane, n int) { // want Countdown:`spmd\(barrier requires\(1\)\)`
	if n == 0 {
		l.Barrier()
		return
	}
	Countdown(l, n-1)
}

func Fact(n int) int { // want Fact:`spmd\(result0=on\(0\)\)`
	if n <= 1 {
		return 1
	}
	return n * Fact(n-1)
}

// A helper that branches on the lane index around the barrier is reported
// here, not in its callers in other packages.
func Inside(l spmd.Lane) { // want Inside:`spmd\(barrier\)`
	if l.Index() == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Launch gives its kernel to spmd.Run: it takes kernel entries too, and
// its callers in other packages know it from its fact.
func Launch(n int, k func(spmd.Lane)) error { // want Launch:`kernel-params\[1\]`
	return spmd.Run(n, k)
}

// MarkThenSum sums when any lane saw a negative value, which it notes in
// flag: flag must be memory all lanes share.
func MarkThenSum(l spmd.Lane, data []int, flag []bool, out []int) { // want MarkThenSum:`spmd\(barrier requires\(2\) own\[1 2 3\]=spmd\(barrier requires-shared\(2\) requires-shared\(3\) effect\(\*2\)=always effect\(\*3\)=always\)\)`
	if data[l.Index()] < 0 {
		flag[0] = true
	}
	l.Barrier()
	if flag[0] {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}
