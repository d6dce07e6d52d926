// Package control holds kernels about divergent control: short-circuit
// operators, switch (with fallthrough), for and range loops, labelled break
// and continue, goto, early return, divergent break and continue, and
// temporal divergence. Each bug kernel has a twin right after it.
package control

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/exam/kit"
	"github.com/spmdvet/spmdvet/spmd"
)

// Lanes is the group size of the kernels that do not take it from their
// data.
const Lanes = 8

// ---------------------------------------------------------------------------
// Short-circuit operators: the right operand runs under the left's control.

// EvenLanesNegative kernel(bug): the even lanes ask whether any lane holds
// a negative value; the odd lanes never evaluate spmd.Any.
func EvenLanesNegative(data []int) ([]bool, error) {
	flags := make([]bool, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		if i%2 == 0 && spmd.Any(l, data[i] < 0) { // EXPECT
			flags[i] = true
		}
	})
	return flags, err
}

// PhaseNegative kernel(ok): the twin of EvenLanesNegative; the left operand
// is the phase parameter.
func PhaseNegative(data []int, phase int) ([]bool, error) {
	flags := make([]bool, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		if phase%2 == 0 && spmd.Any(l, data[i] < 0) {
			flags[i] = true
		}
	})
	return flags, err
}

// clipKernel marks lanes whose value is negative, or whose group total
// (a convergent helper of package kit) exceeds limit: the lanes with a
// negative value skip the helper.
//
//spmd:kernel
func clipKernel(l spmd.Lane, data []int, marks []int, limit int) {
	i := l.Index()
	if data[i] < 0 || kit.GroupSum(l, data[i]) > limit { // EXPECT
		marks[i] = 1
	}
}

// Clip kernel(bug): launches clipKernel.
func Clip(data, marks []int, limit int) error {
	return spmd.Run(len(data), func(l spmd.Lane) { clipKernel(l, data, marks, limit) })
}

// clipLimitKernel is the twin of clipKernel: the left operand is on the
// kernel parameter limit.
//
//spmd:kernel
func clipLimitKernel(l spmd.Lane, data []int, marks []int, limit int) {
	i := l.Index()
	if limit < 0 || kit.GroupSum(l, data[i]) > limit {
		marks[i] = 1
	}
}

// ClipLimit kernel(ok): launches clipLimitKernel.
func ClipLimit(data, marks []int, limit int) error {
	return spmd.Run(len(data), func(l spmd.Lane) { clipLimitKernel(l, data, marks, limit) })
}

// DrainQueues kernel(bug): each lane drains its own work counter, and the
// loop condition asks the group whether work is left, but only in lanes
// whose own counter is still positive.
func DrainQueues(todo []int) ([]int, error) {
	done := make([]int, len(todo))
	err := spmd.Run(len(todo), func(l spmd.Lane) {
		left := todo[l.Index()]
		for left > 0 && spmd.Any(l, left > 0) { // EXPECT
			left--
			done[l.Index()]++
		}
	})
	return done, err
}

// DrainRounds kernel(ok): the twin of DrainQueues; the left operand is a
// uniform round budget, and the lanes out of work idle.
func DrainRounds(todo []int, budget int) ([]int, error) {
	done := make([]int, len(todo))
	err := spmd.Run(len(todo), func(l spmd.Lane) {
		left := todo[l.Index()]
		rounds := budget
		for rounds > 0 && spmd.Any(l, left > 0) {
			rounds--
			if left > 0 {
				left--
				done[l.Index()]++
			}
		}
	})
	return done, err
}

// ---------------------------------------------------------------------------
// switch

// OpByClass kernel(bug): a switch on the lane's class runs a different
// reduction in each case; both are under divergent control.
func OpByClass(data []int) ([]int, error) {
	out := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		switch data[i] & 1 {
		case 0:
			out[i] = spmd.ReduceAdd(l, data[i]) // EXPECT
		case 1:
			out[i] = spmd.ReduceMax(l, data[i]) // EXPECT
		}
	})
	return out, err
}

// OpByMode kernel(ok): the twin of OpByClass; the switch is on the op
// parameter.
func OpByMode(data []int, op int) ([]int, error) {
	out := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		switch op & 1 {
		case 0:
			out[i] = spmd.ReduceAdd(l, data[i])
		case 1:
			out[i] = spmd.ReduceMax(l, data[i])
		}
	})
	return out, err
}

// refineKernel refines cells by depth: depth 2 doubles and falls through to
// the barrier of depth 1; other depths skip both.
//
//spmd:kernel
func refineKernel(l spmd.Lane, depth []int, cells []int) {
	i := l.Index()
	switch depth[i] {
	case 2:
		cells[i] *= 2
		fallthrough
	case 1:
		l.Barrier() // EXPECT
		cells[i]++
	default:
	}
}

// Refine kernel(bug): launches refineKernel.
func Refine(depth, cells []int) error {
	return spmd.Run(len(depth), func(l spmd.Lane) { refineKernel(l, depth, cells) })
}

// refineStageKernel is the twin of refineKernel: the switch is on the
// kernel parameter stage.
//
//spmd:kernel
func refineStageKernel(l spmd.Lane, stage int, cells []int) {
	i := l.Index()
	switch stage {
	case 2:
		cells[i] *= 2
		fallthrough
	case 1:
		l.Barrier()
		cells[i]++
	default:
	}
}

// RefineStage kernel(ok): launches refineStageKernel.
func RefineStage(stage int, cells []int) error {
	return spmd.Run(len(cells), func(l spmd.Lane) { refineStageKernel(l, stage, cells) })
}

// BigOrPositive kernel(bug): a tagless switch whose first case is uniform
// and whose second is on the lane's value: the barrier of the first case is
// reached by all lanes or none, the reduction of the second by some.
func BigOrPositive(data []int, n int) (int, error) {
	var out int
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		switch {
		case n > 64:
			l.Barrier()
		case data[i] > 0:
			s := spmd.ReduceAdd(l, data[i]) // EXPECT
			if i == 0 {
				out = s
			}
		}
	})
	return out, err
}

// BigOrHeadPositive kernel(ok): the twin of BigOrPositive; the second case
// tests data[0].
func BigOrHeadPositive(data []int, n int) (int, error) {
	var out int
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		switch {
		case n > 64:
			l.Barrier()
		case data[0] > 0:
			s := spmd.ReduceAdd(l, data[i])
			if i == 0 {
				out = s
			}
		}
	})
	return out, err
}

// SkipNegativeThenSync kernel(bug): the first case of a tagless switch is on
// the lane's value, so only the lanes that fail it evaluate the second,
// uniform, case: its barrier is under divergent control.
func SkipNegativeThenSync(data []int, n int) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		switch {
		case data[i] < 0:
			data[i] = 0
		case n > 4:
			l.Barrier() // EXPECT
		}
	})
}

// ClearAllThenSync kernel(ok): the twin of SkipNegativeThenSync; the first
// case is on the uniform flag clear.
func ClearAllThenSync(data []int, n int, clear bool) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		switch {
		case clear:
			data[i] = 0
		case n > 4:
			l.Barrier()
		}
	})
}

// ---------------------------------------------------------------------------
// for and range loops with lane-dependent trip counts

// StridedSum kernel(bug): the classic strided loop; with len(data) not a
// multiple of the group size, the last round is run by some lanes only, and
// the reduction inside it with them.
func StridedSum(data []int) (int, error) {
	var total int
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		acc := 0
		for k := l.Index(); k < len(data); k += l.Count() {
			acc += spmd.ReduceAdd(l, data[k]) // EXPECT
		}
		if l.Index() == 0 {
			total = acc
		}
	})
	return total, err
}

// RoundSum kernel(ok): the twin of StridedSum; the loop runs over rounds
// with a uniform trip count and lanes past the end add zero.
func RoundSum(data []int) (int, error) {
	var total int
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		acc := 0
		for base := 0; base < len(data); base += l.Count() {
			v := 0
			if k := base + l.Index(); k < len(data) {
				v = data[k]
			}
			acc += spmd.ReduceAdd(l, v)
		}
		if l.Index() == 0 {
			total = acc
		}
	})
	return total, err
}

// halveKernel halves the lane's value until it is below tol, syncing after
// each step: a while-style loop on a lane-dependent condition.
//
//spmd:kernel
func halveKernel(l spmd.Lane, xs []float64, tol float64) {
	x := xs[l.Index()]
	for x > tol {
		x /= 2
		l.Barrier() // EXPECT
	}
	xs[l.Index()] = x
}

// Halve kernel(bug): launches halveKernel.
func Halve(xs []float64, tol float64) error {
	return spmd.Run(len(xs), func(l spmd.Lane) { halveKernel(l, xs, tol) })
}

// halveFixedKernel is the twin of halveKernel: it halves a fixed number of
// times (kernel parameter steps).
//
//spmd:kernel
func halveFixedKernel(l spmd.Lane, xs []float64, steps int) {
	x := xs[l.Index()]
	for s := steps; s > 0; s-- {
		x /= 2
		l.Barrier()
	}
	xs[l.Index()] = x
}

// HalveFixed kernel(ok): launches halveFixedKernel.
func HalveFixed(xs []float64, steps int) error {
	return spmd.Run(len(xs), func(l spmd.Lane) { halveFixedKernel(l, xs, steps) })
}

// EmitCounts kernel(bug): range over an int that is the lane's count.
func EmitCounts(counts []int) ([]int, error) {
	out := make([]int, len(counts))
	err := spmd.Run(len(counts), func(l spmd.Lane) {
		for k := range counts[l.Index()] {
			out[l.Index()] += spmd.ReduceAdd(l, k) // EXPECT
		}
	})
	return out, err
}

// EmitPasses kernel(ok): the twin of EmitCounts; range over the passes
// parameter.
func EmitPasses(counts []int, passes int) ([]int, error) {
	out := make([]int, len(counts))
	err := spmd.Run(len(counts), func(l spmd.Lane) {
		for k := range passes {
			out[l.Index()] += spmd.ReduceAdd(l, k*counts[l.Index()])
		}
	})
	return out, err
}

// rowMaxKernel ranges over the lane's own row of a ragged matrix, reducing
// per element.
//
//spmd:kernel
func rowMaxKernel(l spmd.Lane, rows [][]int, out []int) {
	for _, v := range rows[l.Index()] {
		out[l.Index()] = max(out[l.Index()], spmd.ReduceMax(l, v)) // EXPECT
	}
}

// RaggedMax kernel(bug): launches rowMaxKernel.
func RaggedMax(rows [][]int, out []int) error {
	return spmd.Run(len(rows), func(l spmd.Lane) { rowMaxKernel(l, rows, out) })
}

// pivotRowKernel is the twin of rowMaxKernel: the row ranged over is the
// pivot row, at the kernel parameter pivot.
//
//spmd:kernel
func pivotRowKernel(l spmd.Lane, rows [][]int, out []int, pivot int) {
	for _, v := range rows[pivot] {
		out[l.Index()] = max(out[l.Index()], spmd.ReduceMax(l, v+l.Index()))
	}
}

// PivotMax kernel(ok): launches pivotRowKernel.
func PivotMax(rows [][]int, out []int, pivot int) error {
	return spmd.Run(len(rows), func(l spmd.Lane) { pivotRowKernel(l, rows, out, pivot) })
}

// ---------------------------------------------------------------------------
// Labelled break and continue

// ownerKernel walks the rows of a grid; a lane that finds its own id in a
// row continues with the next row, skipping the row's barrier.
//
//spmd:kernel
func ownerKernel(l spmd.Lane, grid []int, rows, cols int, seen []int) {
	i := l.Index()
rowLoop:
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if grid[r*cols+c] == i {
				continue rowLoop
			}
		}
		seen[i]++
		l.Barrier() // EXPECT
	}
}

// Owners kernel(bug): launches ownerKernel.
func Owners(grid []int, rows, cols int, seen []int) error {
	return spmd.Run(len(seen), func(l spmd.Lane) { ownerKernel(l, grid, rows, cols, seen) })
}

// sentinelKernel is the twin of ownerKernel: the row is skipped when it
// holds the sentinel (a kernel parameter), which every lane sees alike.
//
//spmd:kernel
func sentinelKernel(l spmd.Lane, grid []int, rows, cols int, seen []int, sentinel int) {
	i := l.Index()
rowLoop:
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if grid[r*cols+c] == sentinel {
				continue rowLoop
			}
		}
		seen[i]++
		l.Barrier()
	}
}

// Sentinels kernel(ok): launches sentinelKernel.
func Sentinels(grid []int, rows, cols int, seen []int, sentinel int) error {
	return spmd.Run(len(seen), func(l spmd.Lane) { sentinelKernel(l, grid, rows, cols, seen, sentinel) })
}

// FindRowSynced kernel(bug): a labelled break leaves both loops when the
// lane finds its id; the barrier at the end of each outer iteration is
// under divergent control.
func FindRowSynced(grid []int, rows, cols int) ([]int, error) {
	found := make([]int, Lanes)
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		i := l.Index()
		found[i] = -1
	search:
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				if grid[r*cols+c] == i {
					found[i] = r
					break search
				}
			}
			l.Barrier() // EXPECT
		}
	})
	return found, err
}

// FindRowThenSync kernel(ok): the twin of FindRowSynced; the barrier is
// after the labelled loop, where the lanes that broke out meet the others.
func FindRowThenSync(grid []int, rows, cols int) ([]int, error) {
	found := make([]int, Lanes)
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		i := l.Index()
		found[i] = -1
	search:
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				if grid[r*cols+c] == i {
					found[i] = r
					break search
				}
			}
		}
		l.Barrier()
	})
	return found, err
}

// ---------------------------------------------------------------------------
// goto

// SkipZeroGoto kernel(bug): lanes with a zero element jump over the work
// and its reduction to the label.
func SkipZeroGoto(data []int) (int, error) {
	var out int
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		acc := 0
		if data[i] == 0 {
			goto done
		}
		acc = 100 / data[i]
		acc = spmd.ReduceAdd(l, acc) // EXPECT
	done:
		if i == 0 {
			out = acc
		}
	})
	return out, err
}

// SkipZeroJoin kernel(ok): the twin of SkipZeroGoto; the reduction is after
// the label, where the lanes that jumped meet the others.
func SkipZeroJoin(data []int) (int, error) {
	var out int
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		acc := 0
		if data[i] == 0 {
			goto done
		}
		acc = 100 / data[i]
	done:
		acc = spmd.ReduceAdd(l, acc)
		if i == 0 {
			out = acc
		}
	})
	return out, err
}

// retryKernel is a loop built with a backward goto whose exit depends on
// the lane's retry count.
//
//spmd:kernel
func retryKernel(l spmd.Lane, retries []int, tries []int) {
	k := 0
again:
	tries[l.Index()] += spmd.ReduceAdd(l, 1) // EXPECT
	k++
	if k < retries[l.Index()] {
		goto again
	}
}

// Retry kernel(bug): launches retryKernel.
func Retry(retries, tries []int) error {
	return spmd.Run(len(retries), func(l spmd.Lane) { retryKernel(l, retries, tries) })
}

// retryAllKernel is the twin of retryKernel: the goto loop runs the
// kernel parameter budget times.
//
//spmd:kernel
func retryAllKernel(l spmd.Lane, budget int, tries []int) {
	k := 0
again:
	tries[l.Index()] += spmd.ReduceAdd(l, 1)
	k++
	if k < budget {
		goto again
	}
}

// RetryAll kernel(ok): launches retryAllKernel.
func RetryAll(budget int, tries []int) error {
	return spmd.Run(len(tries), func(l spmd.Lane) { retryAllKernel(l, budget, tries) })
}

// ---------------------------------------------------------------------------
// Early return

// NormalizePositive kernel(bug): lanes with nothing to normalize return
// early; the rest of the kernel is under divergent control.
func NormalizePositive(xs []float64) error {
	return spmd.Run(len(xs), func(l spmd.Lane) {
		i := l.Index()
		if xs[i] <= 0 {
			return
		}
		norm := spmd.ReduceAdd(l, xs[i]) // EXPECT
		xs[i] /= norm
	})
}

// NormalizeAll kernel(ok): the twin of NormalizePositive; the early return
// is taken by the whole group when the scale parameter is not positive.
func NormalizeAll(xs []float64, scale float64) error {
	return spmd.Run(len(xs), func(l spmd.Lane) {
		i := l.Index()
		if scale <= 0 {
			return
		}
		norm := spmd.ReduceAdd(l, xs[i])
		xs[i] = scale * xs[i] / norm
	})
}

// ScanReturn kernel(bug): a lane that meets a sentinel in its row returns
// from inside the loop; the reduction after the loop is reached by the
// others only.
func ScanReturn(rows [][]int) ([]int, error) {
	out := make([]int, len(rows))
	err := spmd.Run(len(rows), func(l spmd.Lane) {
		n := 0
		for _, v := range rows[0] {
			if v == l.Index() {
				return
			}
			n++
		}
		out[l.Index()] = spmd.ReduceAdd(l, n) // EXPECT
	})
	return out, err
}

// ScanBreak kernel(ok): the twin of ScanReturn with break instead of
// return: the lanes that break meet the others after the loop.
func ScanBreak(rows [][]int) ([]int, error) {
	out := make([]int, len(rows))
	err := spmd.Run(len(rows), func(l spmd.Lane) {
		n := 0
		for _, v := range rows[0] {
			if v == l.Index() {
				break
			}
			n++
		}
		out[l.Index()] = spmd.ReduceAdd(l, n)
	})
	return out, err
}

// clampKernel returns early for the lanes whose value needs no clamping,
// and the others wait at a barrier.
//
//spmd:kernel
func clampKernel(l spmd.Lane, xs []int, hi int) {
	if xs[l.Index()] <= hi {
		return
	}
	xs[l.Index()] = hi
	l.Barrier() // EXPECT
}

// Clamp kernel(bug): launches clampKernel.
func Clamp(xs []int, hi int) error {
	return spmd.Run(len(xs), func(l spmd.Lane) { clampKernel(l, xs, hi) })
}

// clampOnlyKernel has the same early return as clampKernel but no barrier.
//
//spmd:kernel
func clampOnlyKernel(l spmd.Lane, xs []int, hi int) {
	if xs[l.Index()] <= hi {
		return
	}
	xs[l.Index()] = hi
}

// ClampThenSync kernel(ok): the twin of Clamp; the barrier is in the
// caller, after the call of clampOnlyKernel, which every lane returns from.
func ClampThenSync(xs []int, hi int) ([]int, error) {
	snap := make([]int, len(xs))
	err := spmd.Run(len(xs), func(l spmd.Lane) {
		clampOnlyKernel(l, xs, hi)
		l.Barrier()
		snap[l.Index()] = xs[(l.Index()+1)%l.Count()]
	})
	return snap, err
}

// ---------------------------------------------------------------------------
// Divergent break and continue

// PrefixUntilNegative kernel(bug): each lane scans its row and stops at the
// first negative value; the reduction in the loop is skipped by the lanes
// that stopped.
func PrefixUntilNegative(grid []int, cols int) ([]int, error) {
	out := make([]int, Lanes)
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		i := l.Index()
		for k := 0; k < cols; k++ {
			if grid[i*cols+k] < 0 {
				break
			}
			out[i] += spmd.ReduceAdd(l, grid[i*cols+k]) // EXPECT
		}
	})
	return out, err
}

// PrefixUntilAnyNegative kernel(ok): the twin of PrefixUntilNegative; the
// group stops together as soon as any lane meets a negative value.
func PrefixUntilAnyNegative(grid []int, cols int) ([]int, error) {
	out := make([]int, Lanes)
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		i := l.Index()
		for k := 0; k < cols; k++ {
			if spmd.Any(l, grid[i*cols+k] < 0) {
				break
			}
			out[i] += spmd.ReduceAdd(l, grid[i*cols+k])
		}
	})
	return out, err
}

// sparseKernel skips zero entries of the lane's row with continue; the
// barrier after the continue is skipped by those lanes in that iteration.
//
//spmd:kernel
func sparseKernel(l spmd.Lane, grid []int, cols int, acc []int) {
	i := l.Index()
	for k := 0; k < cols; k++ {
		if grid[i*cols+k] == 0 {
			continue
		}
		acc[i] += grid[i*cols+k]
		l.Barrier() // EXPECT
	}
}

// Sparse kernel(bug): launches sparseKernel.
func Sparse(grid []int, cols int, acc []int) error {
	return spmd.Run(len(acc), func(l spmd.Lane) { sparseKernel(l, grid, cols, acc) })
}

// sparseFirstKernel is the twin of sparseKernel: the reduction comes before
// the continue, where every lane still is; the three-clause loop meets the
// lanes that continued at its increment.
//
//spmd:kernel
func sparseFirstKernel(l spmd.Lane, grid []int, cols int, acc []int) {
	i := l.Index()
	for k := 0; k < cols; k++ {
		colSum := spmd.ReduceAdd(l, grid[i*cols+k])
		if grid[i*cols+k] == 0 {
			continue
		}
		acc[i] += colSum
	}
}

// SparseFirst kernel(ok): launches sparseFirstKernel.
func SparseFirst(grid []int, cols int, acc []int) error {
	return spmd.Run(len(acc), func(l spmd.Lane) { sparseFirstKernel(l, grid, cols, acc) })
}

// ---------------------------------------------------------------------------
// Temporal divergence: a value uniform inside a loop that lanes leave in
// different iterations, used after the loop.

// CollatzSteps kernel(bug): steps is incremented alike in every lane still
// in the loop, but lanes leave it after different numbers of steps.
func CollatzSteps(seeds []int, limit int) ([]int, error) {
	out := make([]int, len(seeds))
	err := spmd.Run(len(seeds), func(l spmd.Lane) {
		steps := 0
		for x := seeds[l.Index()]; x > 1; steps++ {
			if x%2 == 0 {
				x /= 2
			} else {
				x = 3*x + 1
			}
		}
		out[l.Index()] = steps
		if steps > limit {
			l.Barrier() // EXPECT
		}
	})
	return out, err
}

// CollatzSeed kernel(ok): the twin of CollatzSteps; the loop runs on the
// seed parameter, so every lane leaves it in the same iteration.
func CollatzSeed(seed int, limit int) ([]int, error) {
	out := make([]int, Lanes)
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		steps := 0
		for x := seed; x > 1; steps++ {
			if x%2 == 0 {
				x /= 2
			} else {
				x = 3*x + 1
			}
		}
		out[l.Index()] = steps
		if steps > limit {
			l.Barrier()
		}
	})
	return out, err
}

// lookupKernel searches the lane's key in a shared table; the loop counter
// k, uniform inside the loop, is read after it.
//
//spmd:kernel
func lookupKernel(l spmd.Lane, table []int, keys []int, miss []int) {
	k := 0
	for ; k < len(table); k++ {
		if table[k] == keys[l.Index()] {
			break
		}
	}
	if k == len(table) {
		miss[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// Lookup kernel(bug): launches lookupKernel.
func Lookup(table, keys, miss []int) error {
	return spmd.Run(len(keys), func(l spmd.Lane) { lookupKernel(l, table, keys, miss) })
}

// lookupTargetKernel is the twin of lookupKernel: the key searched is the
// kernel parameter target.
//
//spmd:kernel
func lookupTargetKernel(l spmd.Lane, table []int, target int, miss []int) {
	k := 0
	for ; k < len(table); k++ {
		if table[k] == target {
			break
		}
	}
	if k == len(table) {
		miss[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// LookupTarget kernel(ok): launches lookupTargetKernel.
func LookupTarget(table []int, target int, miss []int) error {
	return spmd.Run(len(miss), func(l spmd.Lane) { lookupTargetKernel(l, table, target, miss) })
}

// ValidPrefix kernel(bug): last records the last index visited (uniform in
// the loop); lanes stop at their first invalid entry, and last then bounds
// a loop of reductions.
func ValidPrefix(grid []int, cols int) ([]int, error) {
	out := make([]int, Lanes)
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		base := l.Index() * cols
		last := 0
		for k := 0; k < cols; k++ {
			last = k
			if grid[base+k] < 0 {
				break
			}
		}
		for r := 0; r < last; r++ {
			out[l.Index()] += spmd.ReduceAdd(l, grid[base+r]) // EXPECT
		}
	})
	return out, err
}

// ValidPrefixGroup kernel(ok): the twin of ValidPrefix; the group stops
// together at the first column where any lane is invalid.
func ValidPrefixGroup(grid []int, cols int) ([]int, error) {
	out := make([]int, Lanes)
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		base := l.Index() * cols
		last := 0
		for k := 0; k < cols; k++ {
			last = k
			if spmd.Any(l, grid[base+k] < 0) {
				break
			}
		}
		for r := 0; r < last; r++ {
			out[l.Index()] += spmd.ReduceAdd(l, grid[base+r])
		}
	})
	return out, err
}

// ---------------------------------------------------------------------------
// A branch that only decides whether a lane panics is not divergence.

// NormalizeOrPanic kernel(ok): the twin of NormalizePositive with a panic
// instead of the early return: a lane that panics brings the whole kernel
// down, so the others are not left waiting at the reduction.
func NormalizeOrPanic(xs []float64) error {
	return spmd.Run(len(xs), func(l spmd.Lane) {
		i := l.Index()
		if xs[i] <= 0 {
			panic("control: non-positive weight")
		}
		norm := spmd.ReduceAdd(l, xs[i])
		xs[i] /= norm
	})
}

// NormalizeOrRecover kernel(bug): the same panic as NormalizeOrPanic, but
// the kernel defers a recover, so the lanes that panic return and the
// others wait at the reduction without them.
func NormalizeOrRecover(xs []float64) error {
	return spmd.Run(len(xs), func(l spmd.Lane) {
		defer func() {
			if r := recover(); r != nil {
				xs[l.Index()] = 0
			}
		}()
		i := l.Index()
		if xs[i] <= 0 {
			panic("control: non-positive weight")
		}
		norm := spmd.ReduceAdd(l, xs[i]) // EXPECT
		xs[i] /= norm
	})
}
