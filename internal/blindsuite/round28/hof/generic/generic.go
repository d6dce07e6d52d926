// Package generic holds kernels built on generic higher-order helpers and
// range-over-func iterators.
package generic

import (
	"iter"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round28/hof/par"
	"github.com/spmdvet/spmdvet/spmd"
)

// ColumnTotalsOK: totals of the shared columns, one reduction per column.
// kernel(ok)
func ColumnTotalsOK(cols []float64, lanes int, out []float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		tot := par.Map(cols, func(c float64) float64 { return spmd.ReduceAdd(l, c*float64(i)) })
		if i == 0 {
			copy(out, tot)
		}
	})
}

// ColumnTotalsBug: each lane maps over its own row.
// kernel(bug)
func ColumnTotalsBug(rows [][]float64, out []float64) error {
	return spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		tot := par.Map(rows[i], func(c float64) float64 { return spmd.ReduceAdd(l, c) }) // EXPECT
		if i == 0 {
			copy(out, tot)
		}
	})
}

func fold[T, A any](xs []T, acc A, f func(A, T) A) A {
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

// DotOK: a dot product folded over shared weights, reduced per term.
// kernel(ok)
func DotOK(w []int, x [][]int, out []int) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		k := 0
		s := fold(w, 0, func(acc, wk int) int {
			acc += spmd.ReduceAdd(l, wk*x[i][k])
			k++
			return acc
		})
		if i == 0 {
			out[0] = s
		}
	})
}

// DotBug: the fold runs over the lane's nonzero terms only.
// kernel(bug)
func DotBug(w []int, x [][]int, out []int) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		var terms []int
		for k, wk := range w {
			if x[i][k] != 0 {
				terms = append(terms, wk*x[i][k])
			}
		}
		s := fold(terms, 0, func(acc, t int) int { return acc + spmd.ReduceAdd(l, t) }) // EXPECT
		if i == 0 {
			out[0] = s
		}
	})
}

// ScatterOK: the lane that owns a column writes it; all sync per column.
// kernel(ok)
func ScatterOK(cols []float32, buf []float32, lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		par.ForEach(cols, func(k int, c float32) {
			if k%l.Count() == i {
				buf[k] = c * 2
			}
			l.Barrier()
		})
	})
}

// ScatterBug: only the owner syncs.
// kernel(bug)
func ScatterBug(cols []float32, buf []float32, lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		par.ForEach(cols, func(k int, c float32) {
			if k%l.Count() == i {
				buf[k] = c * 2
				l.Barrier() // EXPECT
			}
		})
	})
}

// allReduce sums each element of xs across lanes.
func allReduce[T spmd.Number](l spmd.Lane, xs []T) []T {
	return par.Map(xs, func(x T) T { return spmd.ReduceAdd(l, x) })
}

// HistogramOK: every lane takes part in the reduction.
// kernel(ok)
func HistogramOK(keys []int, bins int, out []int32) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		h := make([]int32, bins)
		if k := keys[l.Index()]; k >= 0 && k < bins {
			h[k]++
		}
		tot := allReduce(l, h)
		if l.Index() == 0 {
			copy(out, tot)
		}
	})
}

// HistogramBug: lanes with an out-of-range key skip the reduction.
// kernel(bug)
func HistogramBug(keys []int, bins int, out []int32) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		h := make([]int32, bins)
		k := keys[l.Index()]
		if k < 0 || k >= bins {
			return
		}
		h[k]++
		tot := allReduce(l, h) // EXPECT
		if l.Index() == 0 {
			copy(out, tot)
		}
	})
}

// owned yields the indices of [0, n) this lane owns.
func owned(l spmd.Lane, n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for k := l.Index(); k < n; k += l.Count() {
			if !yield(k) {
				return
			}
		}
	}
}

// BlurOK: a tiled loop, synced per tile.
// kernel(ok)
func BlurOK(src, dst []float32, lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		for lo := range par.Tiles(len(src), lanes) {
			if k := lo + i; k < len(src) {
				dst[k] = src[k] / 2
			}
			l.Barrier()
		}
	})
}

// BlurBug: a per-lane iterator, synced per element.
// kernel(bug)
func BlurBug(src, dst []float32, lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		for k := range owned(l, len(src)) {
			dst[k] = src[k] / 2
			l.Barrier() // EXPECT
		}
	})
}

// staged yields each tile after loading it into tile, syncing around it.
func staged(l spmd.Lane, src, tile []int) iter.Seq[int] {
	return func(yield func(int) bool) {
		n := len(tile)
		for lo := 0; lo < len(src); lo += n {
			i := l.Index()
			tile[i] = 0
			if lo+i < len(src) {
				tile[i] = src[lo+i]
			}
			l.Barrier()
			if !yield(lo) {
				return
			}
			l.Barrier()
		}
	}
}

// FindOK: stops when any lane has found the key.
// kernel(ok)
func FindOK(src []int, key, lanes int, out []int) error {
	tile := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		at := -1
		for lo := range staged(l, src, tile) {
			if tile[i] == key && lo+i < len(src) {
				at = lo + i
			}
			if spmd.Any(l, at >= 0) {
				break
			}
		}
		if first := spmd.ReduceMax(l, at); i == 0 {
			out[0] = first
		}
	})
}

// FindBug: the lane that found the key stops on its own.
// kernel(bug)
func FindBug(src []int, key, lanes int, out []int) error {
	tile := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		at := -1
		for lo := range staged(l, src, tile) { // EXPECT
			if tile[i] == key && lo+i < len(src) {
				at = lo + i
				break
			}
		}
		if first := spmd.ReduceMax(l, at); i == 0 {
			out[0] = first
		}
	})
}

// RowSumsOK: enumerate the shared column totals, one reduction each.
// kernel(ok)
func RowSumsOK(rows [][]int, out []int) error {
	return spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		for k, v := range par.Enumerate(rows[0]) {
			s := spmd.ReduceAdd(l, v+rows[i][k])
			if i == 0 {
				out[k] = s
			}
		}
	})
}

// RowSumsBug: enumerate the lane's own row, ragged.
// kernel(bug)
func RowSumsBug(rows [][]int, out []int) error {
	return spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		for k, v := range par.Enumerate(rows[i]) {
			s := spmd.ReduceAdd(l, v) // EXPECT
			if i == 0 {
				out[k] = s
			}
		}
	})
}

// treeReduce folds buf[:Count] into buf[0] with op.
func treeReduce[T any](l spmd.Lane, buf []T, op func(a, b T) T) {
	i := l.Index()
	for s := l.Count() / 2; s > 0; s /= 2 {
		if i < s {
			buf[i] = op(buf[i], buf[i+s])
		}
		l.Barrier()
	}
}

// treeReduceEarly lets lanes leave once they have nothing to add.
func treeReduceEarly[T any](l spmd.Lane, buf []T, op func(a, b T) T) {
	i := l.Index()
	for s := l.Count() / 2; s > 0; s /= 2 {
		if i >= s {
			return
		}
		buf[i] = op(buf[i], buf[i+s])
		l.Barrier() // EXPECT
	}
}

// MaxOK: a generic tree reduction.
// kernel(ok)
func MaxOK(buf []float32, out []float32) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		treeReduce(l, buf, func(a, b float32) float32 { return max(a, b) })
		if l.Index() == 0 {
			out[0] = buf[0]
		}
	})
}

// MaxBug: the early-exit variant.
// kernel(bug)
func MaxBug(buf []float32, out []float32) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		treeReduceEarly(l, buf, func(a, b float32) float32 { return max(a, b) })
		if l.Index() == 0 {
			out[0] = buf[0]
		}
	})
}

// ClampOK: stops all lanes when any value is negative.
// kernel(ok)
func ClampOK(buf []int, lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		for lo := range par.Tiles(len(buf), lanes) {
			k := lo + i
			bad := k < len(buf) && buf[k] < 0
			if spmd.Any(l, bad) {
				return
			}
			if k < len(buf) {
				buf[k] = min(buf[k], 100)
			}
			l.Barrier()
		}
	})
}

// ClampBug: the lane with a negative value returns from the loop body.
// kernel(bug)
func ClampBug(buf []int, lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		for lo := range par.Tiles(len(buf), lanes) {
			k := lo + i
			if k < len(buf) && buf[k] < 0 {
				return
			}
			if k < len(buf) {
				buf[k] = min(buf[k], 100)
			}
			l.Barrier() // EXPECT
		}
	})
}
