// Package loops holds kernels that leave loops early: break and continue
// with and without labels, break inside a switch, goto forward out of a
// nest, and values carried out of a loop lanes leave at different times.
package loops

import (
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

// Jacobi relaxes x toward the fixed point of x[i] = (x[i-1]+x[i+1]+b[i])/3
// on a ring. Each lane stops when its own update is small.
//
// kernel(bug)
func Jacobi(b []float64, maxIter int, tol float64) ([]float64, error) {
	n := len(b)
	x := make([]float64, n)
	next := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for it := 0; it < maxIter; it++ {
			next[i] = (x[(i+n-1)%n] + x[(i+1)%n] + b[i]) / 3
			d := math.Abs(next[i] - x[i])
			if d < tol {
				break
			}
			l.Barrier() // EXPECT
			x[i] = next[i]
			l.Barrier() // EXPECT
		}
	})
	return x, err
}

// JacobiOK stops when every lane's update is small, which all lanes learn
// together.
//
// kernel(ok)
func JacobiOK(b []float64, maxIter int, tol float64) ([]float64, error) {
	n := len(b)
	x := make([]float64, n)
	next := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for it := 0; it < maxIter; it++ {
			next[i] = (x[(i+n-1)%n] + x[(i+1)%n] + b[i]) / 3
			d := math.Abs(next[i] - x[i])
			if spmd.All(l, d < tol) {
				break
			}
			l.Barrier()
			x[i] = next[i]
			l.Barrier()
		}
	})
	return x, err
}

// MaskedRounds adds, in round k, the value of the neighbour k+1 lanes to
// the left into acc, but only for lanes whose mask has bit k. Lanes without
// the bit continue to the next round, past the barrier.
//
// kernel(bug)
func MaskedRounds(vals []int, masks []uint8, rounds int) ([]int, error) {
	n := len(vals)
	acc := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for k := 0; k < rounds; k++ {
			if masks[i]&(1<<k) == 0 {
				continue
			}
			acc[i] += vals[(i+n-k-1)%n]
			l.Barrier() // EXPECT
		}
	})
	return acc, err
}

// MaskedRoundsOK skips whole rounds by a table the group shares.
//
// kernel(ok)
func MaskedRoundsOK(vals []int, skip []bool, rounds int) ([]int, error) {
	n := len(vals)
	acc := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for k := 0; k < rounds; k++ {
			if skip[k] {
				continue
			}
			acc[i] += vals[(i+n-k-1)%n]
			l.Barrier()
		}
	})
	return acc, err
}

// FindInRows looks for each lane's target in a grid whose rows are as wide
// as the group, staging one row at a time into shared memory. A lane that
// finds its target leaves both loops.
//
// kernel(bug)
func FindInRows(grid []int, width int, targets []int) ([]int, error) {
	rows := len(grid) / width
	row := make([]int, width)
	pos := make([]int, width)
	err := spmd.Run(width, func(l spmd.Lane) {
		i := l.Index()
		pos[i] = -1
	scan:
		for r := 0; r < rows; r++ {
			row[i] = grid[r*width+i]
			l.Barrier() // EXPECT
			for c := 0; c < width; c++ {
				if row[c] == targets[i] {
					pos[i] = r*width + c
					break scan
				}
			}
			l.Barrier() // EXPECT
		}
	})
	return pos, err
}

// FindInRowsOK leaves only the inner loop and keeps staging rows with the
// others, remembering the first hit.
//
// kernel(ok)
func FindInRowsOK(grid []int, width int, targets []int) ([]int, error) {
	rows := len(grid) / width
	row := make([]int, width)
	pos := make([]int, width)
	err := spmd.Run(width, func(l spmd.Lane) {
		i := l.Index()
		pos[i] = -1
		for r := 0; r < rows; r++ {
			row[i] = grid[r*width+i]
			l.Barrier()
			for c := 0; c < width; c++ {
				if pos[i] < 0 && row[c] == targets[i] {
					pos[i] = r*width + c
					break
				}
			}
			l.Barrier()
		}
	})
	return pos, err
}

// ColumnTileSums sums each column of a row-major matrix in tiles of tile
// rows, and lane 0 adds up the partial sums of each tile. A lane that
// meets a NaN gives up on the whole tile with continue tiles.
//
// kernel(bug)
func ColumnTileSums(m []float64, width, tile int) ([]float64, error) {
	ntiles := len(m) / width / tile
	partial := make([]float64, width)
	out := make([]float64, ntiles)
	err := spmd.Run(width, func(l spmd.Lane) {
		i := l.Index()
	tiles:
		for t := 0; t < ntiles; t++ {
			s := 0.0
			for r := t * tile; r < (t+1)*tile; r++ {
				v := m[r*width+i]
				if math.IsNaN(v) {
					partial[i] = 0
					continue tiles
				}
				s += v
			}
			partial[i] = s
			l.Barrier() // EXPECT
			if i == 0 {
				for _, p := range partial {
					out[t] += p
				}
			}
			l.Barrier() // EXPECT
		}
	})
	return out, err
}

// ColumnTileSumsOK skips only the NaN element itself.
//
// kernel(ok)
func ColumnTileSumsOK(m []float64, width, tile int) ([]float64, error) {
	ntiles := len(m) / width / tile
	partial := make([]float64, width)
	out := make([]float64, ntiles)
	err := spmd.Run(width, func(l spmd.Lane) {
		i := l.Index()
		for t := 0; t < ntiles; t++ {
			s := 0.0
			for r := t * tile; r < (t+1)*tile; r++ {
				v := m[r*width+i]
				if math.IsNaN(v) {
					continue
				}
				s += v
			}
			partial[i] = s
			l.Barrier()
			if i == 0 {
				for _, p := range partial {
					out[t] += p
				}
			}
			l.Barrier()
		}
	})
	return out, err
}

// Instruction codes of Program.
const (
	InsAdd = iota
	InsNop
	InsHalt
)

// Program runs a per-lane program of add instructions in lock step, with a
// barrier after every step so that lanes can read each other's registers.
// InsHalt stops the lane: break loop from inside the switch.
//
// kernel(bug)
func Program(code [][]int, arg []int) ([]int, error) {
	n := len(code)
	reg := make([]int, n)
	steps := len(code[0])
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
	loop:
		for s := 0; s < steps; s++ {
			switch code[i][s] {
			case InsHalt:
				break loop
			case InsAdd:
				reg[i] += arg[i]
			}
			l.Barrier() // EXPECT
		}
	})
	return reg, err
}

// ProgramOK treats the per-lane instruction as a no-op: the plain break
// only leaves the switch, and the lane goes on to the barrier.
//
// kernel(ok)
func ProgramOK(code [][]int, arg []int) ([]int, error) {
	n := len(code)
	reg := make([]int, n)
	steps := len(code[0])
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for s := 0; s < steps; s++ {
			switch code[i][s] {
			case InsNop:
				break
			case InsAdd:
				reg[i] += arg[i]
			}
			l.Barrier()
		}
	})
	return reg, err
}

// Locate finds each lane's target in an h×w image and counts the lanes
// that found theirs. Lanes that find it jump forward out of both loops to
// found; the others count the misses first.
//
// kernel(bug)
func Locate(img []int, w int, targets []int) (hits, misses int, err error) {
	h := len(img) / w
	err = spmd.Run(len(targets), func(l spmd.Lane) {
		i := l.Index()
		var pos, miss, hit int
		pos = -1
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				if img[y*w+x] == targets[i] {
					pos = y*w + x
					goto found
				}
			}
		}
		miss = spmd.ReduceAdd(l, 1) // EXPECT
		if i == 0 {
			misses = miss
		}
	found:
		hit = spmd.ReduceAdd(l, min(pos+1, 1))
		if i == 0 {
			hits = hit
		}
	})
	return hits, misses, err
}

// LocateOK jumps to found before any collective, so that every lane meets
// there before counting.
//
// kernel(ok)
func LocateOK(img []int, w int, targets []int) (hits, misses int, err error) {
	h := len(img) / w
	err = spmd.Run(len(targets), func(l spmd.Lane) {
		i := l.Index()
		var pos, miss, hit int
		pos = -1
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				if img[y*w+x] == targets[i] {
					pos = y*w + x
					goto found
				}
			}
		}
	found:
		miss = spmd.ReduceAdd(l, -min(pos, 0))
		hit = spmd.ReduceAdd(l, min(pos+1, 1))
		if i == 0 {
			hits, misses = hit, miss
		}
	})
	return hits, misses, err
}

// EscapeSync iterates z = z² + c for each lane's c until it escapes, and
// then syncs the group once if the lane's loop ran to the end: the count it
// carries out of the loop differs per lane.
//
// kernel(bug)
func EscapeSync(cs []complex128, maxIter int) ([]int, error) {
	iters := make([]int, len(cs))
	err := spmd.Run(len(cs), func(l spmd.Lane) {
		i := l.Index()
		z := complex(0, 0)
		k := 0
		for ; k < maxIter; k++ {
			z = z*z + cs[i]
			if real(z)*real(z)+imag(z)*imag(z) > 4 {
				break
			}
		}
		iters[i] = k
		if k == maxIter {
			l.Barrier() // EXPECT
		}
	})
	return iters, err
}

// EscapeSyncOK branches on the largest count of the group instead.
//
// kernel(ok)
func EscapeSyncOK(cs []complex128, maxIter int) ([]int, error) {
	iters := make([]int, len(cs))
	err := spmd.Run(len(cs), func(l spmd.Lane) {
		i := l.Index()
		z := complex(0, 0)
		k := 0
		for ; k < maxIter; k++ {
			z = z*z + cs[i]
			if real(z)*real(z)+imag(z)*imag(z) > 4 {
				break
			}
		}
		iters[i] = k
		if spmd.ReduceMax(l, k) == maxIter {
			l.Barrier()
		}
	})
	return iters, err
}
