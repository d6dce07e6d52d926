// Package cycles holds kernels with irreducible cycles built with goto: a
// convergent call in a cycle that lanes split by a divergent branch enter
// at different blocks is a bug (the cycle is not m-converged); the same
// cycle entered by all lanes at the same block is fine, and so is a
// convergent call after the cycle, where the lanes meet again.
package cycles

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// Lanes is the group size.
const Lanes = 8

// PingPongParity kernel(bug): each lane alternates between a local update
// (even) and a group-wide sync (odd) for rounds steps; even lanes enter the
// alternation at even, odd lanes at odd, so the two labels form a cycle with
// two entries chosen by the lane.
func PingPongParity(buf []int, rounds int) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		i := l.Index()
		steps := rounds
		if i%2 == 0 {
			goto even
		}
		goto odd
	even:
		buf[i]++
		steps--
		if steps == 0 {
			return
		}
	odd:
		l.Barrier() // EXPECT
		steps--
		if steps == 0 {
			return
		}
		goto even
	})
}

// PingPongPhase kernel(ok): the twin of PingPongParity; the entry is chosen
// by the parity of the rounds parameter, the same in every lane.
func PingPongPhase(buf []int, rounds int) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		i := l.Index()
		steps := rounds
		if rounds%2 == 0 {
			goto even
		}
		goto odd
	even:
		buf[i]++
		steps--
		if steps == 0 {
			return
		}
	odd:
		l.Barrier()
		steps--
		if steps == 0 {
			return
		}
		goto even
	})
}

// PingPongThenSync kernel(ok): the same alternation as PingPongParity,
// entered at a block chosen by the lane, but without a convergent call
// inside the cycle: the lanes leave it to done, where they meet again, and
// sync there.
func PingPongThenSync(buf []int, rounds int) ([]int, error) {
	snap := make([]int, len(buf))
	err := spmd.Run(len(buf), func(l spmd.Lane) {
		i := l.Index()
		steps := rounds
		if i%2 == 0 {
			goto even
		}
		goto odd
	even:
		buf[i]++
		steps--
		if steps == 0 {
			goto done
		}
	odd:
		buf[i] *= 2
		steps--
		if steps == 0 {
			goto done
		}
		goto even
	done:
		l.Barrier()
		snap[i] = buf[(i+1)%l.Count()]
	})
	return snap, err
}

// phaseKernel alternates compute and exchange phases; a lane whose flag
// says its data is already computed starts at the exchange. The exchange
// (a ReduceMax) is in an irreducible cycle entered at two blocks.
//
//spmd:kernel
func phaseKernel(l spmd.Lane, buf []float64, steps int, ready []bool) {
	i := l.Index()
	n := steps
	if ready[i] {
		goto exchange
	}
compute:
	buf[i] += 1
	n--
	if n == 0 {
		return
	}
exchange:
	buf[i] = spmd.ReduceMax(l, buf[i]) // EXPECT
	n--
	if n == 0 {
		return
	}
	goto compute
}

// Phases kernel(bug): launches phaseKernel.
func Phases(buf []float64, steps int, ready []bool) error {
	return spmd.Run(len(buf), func(l spmd.Lane) { phaseKernel(l, buf, steps, ready) })
}

// phaseAllKernel is the twin of phaseKernel: the flag is the kernel
// parameter allReady.
//
//spmd:kernel
func phaseAllKernel(l spmd.Lane, buf []float64, steps int, allReady bool) {
	i := l.Index()
	n := steps
	if allReady {
		goto exchange
	}
compute:
	buf[i] += 1
	n--
	if n == 0 {
		return
	}
exchange:
	buf[i] = spmd.ReduceMax(l, buf[i])
	n--
	if n == 0 {
		return
	}
	goto compute
}

// PhasesAll kernel(ok): launches phaseAllKernel.
func PhasesAll(buf []float64, steps int, allReady bool) error {
	return spmd.Run(len(buf), func(l spmd.Lane) { phaseAllKernel(l, buf, steps, allReady) })
}

// duffKernel sums the lane's column over counts[lane] rows with a loop
// unrolled by two, entered in its middle when the count is odd (Duff's
// device): the entry and the trip count depend on the lane.
//
//spmd:kernel
func duffKernel[T spmd.Number](l spmd.Lane, grid []T, counts []int, out []T) {
	i := l.Index()
	n := counts[i]
	k := 0
	var acc T
	if n == 0 {
		goto done
	}
	if n%2 == 1 {
		goto odd
	}
even:
	acc += spmd.ReduceAdd(l, grid[k*l.Count()+i]) // EXPECT
	k++
odd:
	acc += spmd.ReduceAdd(l, grid[k*l.Count()+i]) // EXPECT
	k++
	if k < n {
		goto even
	}
done:
	out[i] = acc
}

// DuffColumns kernel(bug): launches duffKernel on float64 data.
func DuffColumns(grid []float64, counts []int, out []float64) error {
	return spmd.Run(len(out), func(l spmd.Lane) { duffKernel(l, grid, counts, out) })
}

// duffRowsKernel is the twin of duffKernel: every lane sums rows rows (a
// kernel parameter), so all enter the unrolled loop at the same block.
//
//spmd:kernel
func duffRowsKernel[T spmd.Number](l spmd.Lane, grid []T, rows int, out []T) {
	i := l.Index()
	n := rows
	k := 0
	var acc T
	if n == 0 {
		goto done
	}
	if n%2 == 1 {
		goto odd
	}
even:
	acc += spmd.ReduceAdd(l, grid[k*l.Count()+i])
	k++
odd:
	acc += spmd.ReduceAdd(l, grid[k*l.Count()+i])
	k++
	if k < n {
		goto even
	}
done:
	out[i] = acc
}

// DuffRows kernel(ok): launches duffRowsKernel on int data.
func DuffRows(grid []int, rows int, out []int) error {
	return spmd.Run(len(out), func(l spmd.Lane) { duffRowsKernel(l, grid, rows, out) })
}

// RetryOrSkip kernel(bug): lanes whose input is already valid jump into the
// middle of the repair loop (to the validation step), the others start with
// a repair; the loop runs rounds repairs, each followed by an All. Entering
// at two blocks, chosen by the lane, makes the cycle irreducible, and the
// lanes that skipped the first repair validate once more.
func RetryOrSkip(vals []int, rounds int) ([]bool, error) {
	good := make([]bool, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		r := 0
		if vals[i] >= 0 {
			goto validate
		}
	repair:
		r++
		vals[i] = -vals[i]
	validate:
		good[i] = spmd.All(l, vals[i] >= 0) // EXPECT
		if r < rounds {
			goto repair
		}
	})
	return good, err
}

// RetryAlways kernel(ok): the twin of RetryOrSkip; the jump past the first
// repair is taken by the whole group when the skip parameter says so.
func RetryAlways(vals []int, rounds int, skip bool) ([]bool, error) {
	good := make([]bool, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		r := 0
		if skip {
			goto validate
		}
	repair:
		r++
		vals[i] = -vals[i]
	validate:
		good[i] = spmd.All(l, vals[i] >= 0)
		if r < rounds {
			goto repair
		}
	})
	return good, err
}
