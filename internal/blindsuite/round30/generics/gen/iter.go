package gen

import (
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
)

// Strided yields the elements of xs that lane l owns: xs[l.Index()],
// xs[l.Index()+l.Count()], and so on.
func Strided[T any](l spmd.Lane, xs []T) iter.Seq[T] {
	return func(yield func(T) bool) {
		for j := l.Index(); j < len(xs); j += l.Count() {
			if !yield(xs[j]) {
				return
			}
		}
	}
}

// Tiles yields xs in consecutive tiles of w elements; the last one may be
// shorter.
func Tiles[T any](xs []T, w int) iter.Seq[[]T] {
	return func(yield func([]T) bool) {
		for start := 0; start < len(xs); start += w {
			if !yield(xs[start:min(start+w, len(xs))]) {
				return
			}
		}
	}
}

// Enumerate yields the index and value of each element of xs.
func Enumerate[T any](xs []T) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		for k, x := range xs {
			if !yield(k, x) {
				return
			}
		}
	}
}

// Synced yields the elements of xs in order and waits at a barrier after
// each, so that what the lanes wrote for one element is visible to all of
// them for the next. Every lane must consume the same elements.
func Synced[T any](l spmd.Lane, xs []T) iter.Seq[T] {
	return func(yield func(T) bool) {
		for _, x := range xs {
			if !yield(x) {
				return
			}
			l.Barrier()
		}
	}
}
