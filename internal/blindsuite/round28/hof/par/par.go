// Package par holds small higher-order helpers that kernels use. It knows
// nothing about lanes: whether a callback is convergent is the caller's
// business.
package par

import "iter"

// ForEach calls f on every element of xs, in order.
func ForEach[T any](xs []T, f func(int, T)) {
	for i, x := range xs {
		f(i, x)
	}
}

// Map returns f applied to every element of xs.
func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

// Fold combines the elements of xs from the left.
func Fold[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

// Repeat calls f n times with the round number.
func Repeat(n int, f func(round int)) {
	for r := 0; r < n; r++ {
		f(r)
	}
}

// Stage is one named step of a pipeline.
type Stage struct {
	Name string
	Run  func()
}

// Pipeline runs stages in order.
type Pipeline struct {
	Stages []Stage
}

// Add appends a stage.
func (p *Pipeline) Add(name string, f func()) {
	p.Stages = append(p.Stages, Stage{Name: name, Run: f})
}

// Exec runs every stage once.
func (p *Pipeline) Exec() {
	for _, s := range p.Stages {
		s.Run()
	}
}

// Tiles yields the start of each tile of size tile covering [0, n).
func Tiles(n, tile int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for lo := 0; lo < n; lo += tile {
			if !yield(lo) {
				return
			}
		}
	}
}

// Enumerate yields index and element of xs.
func Enumerate[T any](xs []T) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		for i, x := range xs {
			if !yield(i, x) {
				return
			}
		}
	}
}

// Strided yields first, first+step, ... below n.
func Strided(first, step, n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := first; i < n; i += step {
			if !yield(i) {
				return
			}
		}
	}
}
