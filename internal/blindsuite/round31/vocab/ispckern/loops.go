package ispckern

import (
	"math"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/vocab/ispc"
	"github.com/spmdvet/spmdvet/spmd"
)

// ChainWidths walks a forest given by parent (a root is its own parent):
// each instance starts at start[instance] and climbs to its root. For every
// step it records how many instances were still climbing, and it returns
// the depth each instance reached. The loop stops when all() instances are
// at a root, so the gang leaves it together.
//
// kernel(ok)
func ChainWidths(parent, start []int) (widths, depths []int, err error) {
	depths = make([]int, Gang)
	err = spmd.Run(Gang, func(l spmd.Lane) {
		i := ispc.ProgramIndex(l)
		node, depth := start[i], 0
		var w []int
		for {
			done := parent[node] == node
			if ispc.All(l, done) {
				break
			}
			if !done {
				node = parent[node]
				depth++
			}
			w = append(w, ispc.ReduceAdd(l, b2i(!done)))
		}
		depths[i] = depth
		if i == 0 {
			widths = w
		}
	})
	return widths, depths, err
}

// ChainWidthsOwnWalk loops while the instance's own node is not a root:
// the trip count is the instance's depth, and the reduction in the loop
// runs under divergent control.
//
// kernel(bug)
func ChainWidthsOwnWalk(parent, start []int) (widths, depths []int, err error) {
	depths = make([]int, Gang)
	err = spmd.Run(Gang, func(l spmd.Lane) {
		i := ispc.ProgramIndex(l)
		node, depth := start[i], 0
		var w []int
		for parent[node] != node {
			node = parent[node]
			depth++
			w = append(w, ispc.ReduceAdd(l, 1)) // EXPECT
		}
		depths[i] = depth
		if i == 0 {
			widths = w
		}
	})
	return widths, depths, err
}

// Sqrt computes square roots by Newton's method, one value per instance.
// The gang iterates until all() instances have converged or maxIter runs
// out, so the iteration count after the loop is the same everywhere; it
// returns the roots and how many instances had not converged.
//
// kernel(ok)
func Sqrt(x []float64, maxIter int) ([]float64, int, error) {
	roots := make([]float64, Gang)
	failed := 0
	err := spmd.Run(Gang, func(l spmd.Lane) {
		i := ispc.ProgramIndex(l)
		v := x[i]
		y := max(v, 1)
		it := 0
		for ; it < maxIter; it++ {
			y = (y + v/y) / 2
			if ispc.All(l, math.Abs(y*y-v) <= 1e-9*max(v, 1)) {
				break
			}
		}
		roots[i] = y
		if it == maxIter {
			n := ispc.ReduceAdd(l, b2i(math.Abs(y*y-v) > 1e-9*max(v, 1)))
			if i == 0 {
				failed = n
			}
		}
	})
	return roots, failed, err
}

// SqrtOwnExit lets every instance leave the Newton loop when its own value
// has converged: it is uniform inside the loop, but after it, it holds the
// iteration at which each instance left.
//
// kernel(bug)
func SqrtOwnExit(x []float64, maxIter int) ([]float64, int, error) {
	roots := make([]float64, Gang)
	failed := 0
	err := spmd.Run(Gang, func(l spmd.Lane) {
		i := ispc.ProgramIndex(l)
		v := x[i]
		y := max(v, 1)
		it := 0
		for ; it < maxIter; it++ {
			y = (y + v/y) / 2
			if math.Abs(y*y-v) <= 1e-9*max(v, 1) {
				break
			}
		}
		roots[i] = y
		if it == maxIter {
			n := ispc.ReduceAdd(l, 1) // EXPECT
			if i == 0 {
				failed = n
			}
		}
	})
	return roots, failed, err
}

// CompactPositive copies the positive elements of in, in order, with
// packed_store_active; every instance calls it in every round.
//
// kernel(ok)
func CompactPositive(in []int) ([]int, error) {
	out := make([]int, len(in))
	n := 0
	err := spmd.Run(Gang, func(l spmd.Lane) {
		count := 0
		for base := 0; base < len(in); base += ispc.ProgramCount(l) {
			j := base + ispc.ProgramIndex(l)
			keep := j < len(in) && in[j] > 0
			v := 0
			if keep {
				v = in[j]
			}
			count = ispc.PackedStoreActive(l, out, count, v, keep)
		}
		if ispc.ProgramIndex(l) == 0 {
			n = count
		}
	})
	return out[:n], err
}

// CompactPositiveGuarded calls packed_store_active only in the instances
// that keep their element.
//
// kernel(bug)
func CompactPositiveGuarded(in []int) ([]int, error) {
	out := make([]int, len(in))
	n := 0
	err := spmd.Run(Gang, func(l spmd.Lane) {
		count := 0
		for base := 0; base < len(in); base += ispc.ProgramCount(l) {
			j := base + ispc.ProgramIndex(l)
			if j < len(in) && in[j] > 0 {
				count = ispc.PackedStoreActive(l, out, count, in[j], true) // EXPECT
			}
		}
		if ispc.ProgramIndex(l) == 0 {
			n = count
		}
	})
	return out[:n], err
}

// FirstKPositive copies the first k positive elements of in. The count
// returned by packed_store_active is the same in every instance, so the
// gang leaves the loop together once it has k.
//
// kernel(ok)
func FirstKPositive(in []int, k int) ([]int, error) {
	out := make([]int, len(in))
	n := 0
	err := spmd.Run(Gang, func(l spmd.Lane) {
		count := 0
		for base := 0; base < len(in); base += ispc.ProgramCount(l) {
			j := base + ispc.ProgramIndex(l)
			keep := j < len(in) && in[j] > 0
			v := 0
			if keep {
				v = in[j]
			}
			count = ispc.PackedStoreActive(l, out, count, v, keep)
			if count >= k {
				break
			}
		}
		if ispc.ProgramIndex(l) == 0 {
			n = min(count, k)
		}
	})
	return out[:n], err
}

// FirstKPositiveOwnSlot does the packing by hand with an exclusive scan
// and lets each instance stop when its own slot reaches k: the instances
// leave the loop in different rounds.
//
// kernel(bug)
func FirstKPositiveOwnSlot(in []int, k int) ([]int, error) {
	out := make([]int, len(in))
	n := 0
	err := spmd.Run(Gang, func(l spmd.Lane) {
		count := 0
		for base := 0; base < len(in); base += ispc.ProgramCount(l) {
			j := base + ispc.ProgramIndex(l)
			keep := j < len(in) && in[j] > 0
			off := ispc.ExclusiveScanAdd(l, b2i(keep)) // EXPECT
			if keep && count+off < k {
				out[count+off] = in[j]
			}
			count += ispc.ReduceAdd(l, b2i(keep)) // EXPECT
			if count+off >= k {
				break
			}
		}
		if ispc.ProgramIndex(l) == 0 {
			n = min(count, k)
		}
	})
	return out[:n], err
}

// TaskSums splits data into tasks of one gang each and returns the sum of
// each task; the last task also reports the largest element of its tile.
// The tail of the last tile contributes zero.
//
// kernel(ok)
func TaskSums(data []float64) (sums []float64, lastMax int, err error) {
	tasks := (len(data) + Gang - 1) / Gang
	sums = make([]float64, tasks)
	err = ispc.LaunchTasks(tasks, Gang, func(l spmd.Lane, taskIndex, taskCount int) {
		i := ispc.ProgramIndex(l)
		j := taskIndex*ispc.ProgramCount(l) + i
		v := 0.0
		if j < len(data) {
			v = data[j]
		}
		s := ispc.ReduceAdd(l, v)
		if i == 0 {
			sums[taskIndex] = s
		}
		if taskIndex == taskCount-1 {
			m := ispc.ReduceMax(l, int(v))
			if i == 0 {
				lastMax = m
			}
		}
	})
	return sums, lastMax, err
}

// TaskSumsBoundsBranch reduces inside the bounds check, which the
// instances of the last task answer differently.
//
// kernel(bug)
func TaskSumsBoundsBranch(data []float64) (sums []float64, lastMax int, err error) {
	tasks := (len(data) + Gang - 1) / Gang
	sums = make([]float64, tasks)
	err = ispc.LaunchTasks(tasks, Gang, func(l spmd.Lane, taskIndex, taskCount int) {
		i := ispc.ProgramIndex(l)
		j := taskIndex*ispc.ProgramCount(l) + i
		if j < len(data) {
			s := ispc.ReduceAdd(l, data[j]) // EXPECT
			if i == 0 {
				sums[taskIndex] = s
			}
		}
		if taskIndex == taskCount-1 {
			m := ispc.ReduceMax(l, int(data[min(j, len(data)-1)]))
			if i == 0 {
				lastMax = m
			}
		}
	})
	return sums, lastMax, err
}

// Mismatches counts the instances whose value differs from the mirrored
// one (a palindrome test), with a permute and a reduction of the flags.
//
// kernel(ok)
func Mismatches(x []float64) (int, error) {
	count := -1
	err := spmd.Run(Gang, func(l spmd.Lane) {
		i := ispc.ProgramIndex(l)
		v := x[i]
		mirror := ispc.Shuffle(l, v, ispc.ProgramCount(l)-1-i)
		n := ispc.ReduceAdd(l, b2i(mirror != v))
		if i == 0 {
			count = n
		}
	})
	return count, err
}

// MismatchesBranch counts inside the branch on the permuted value.
//
// kernel(bug)
func MismatchesBranch(x []float64) (int, error) {
	count := 0
	err := spmd.Run(Gang, func(l spmd.Lane) {
		i := ispc.ProgramIndex(l)
		v := x[i]
		mirror := ispc.Shuffle(l, v, ispc.ProgramCount(l)-1-i)
		if mirror != v {
			n := ispc.ReduceAdd(l, 1) // EXPECT
			if i == 0 {
				count = n
			}
		}
	})
	return count, err
}

// Stats returns the minimum, maximum and mean of a gang of samples,
// computed by all instances; the instances then split the stores.
//
// kernel(ok)
func Stats(x []float64) ([3]float64, error) {
	var out [3]float64
	err := spmd.Run(Gang, func(l spmd.Lane) {
		i := ispc.ProgramIndex(l)
		v := x[i]
		lo := ispc.ReduceMin(l, v)
		hi := float64(ispc.ReduceMax(l, int(v)))
		mean := ispc.ReduceAdd(l, v) / float64(ispc.ProgramCount(l))
		switch i {
		case 0:
			out[0] = lo
		case 1:
			out[1] = hi
		case 2:
			out[2] = mean
		}
	})
	return out, err
}

// StatsPerRole lets each instance compute only the statistic it stores:
// each reduction is then reached by a few instances only.
//
// kernel(bug)
func StatsPerRole(x []float64) ([3]float64, error) {
	var out [3]float64
	err := spmd.Run(Gang, func(l spmd.Lane) {
		i := ispc.ProgramIndex(l)
		v := x[i]
		switch i % 3 {
		case 0:
			out[0] = ispc.ReduceMin(l, v) // EXPECT
		case 1:
			out[1] = float64(ispc.ReduceMax(l, int(v))) // EXPECT
		default:
			out[2] = ispc.ReduceAdd(l, v) / float64(ispc.ProgramCount(l)) // EXPECT
		}
	})
	return out, err
}
