// Package tiles holds kernels that share memory: tiles made by the host and
// captured, globals, parameters of kernel entries and shared structs.
package tiles

import "github.com/spmdvet/spmdvet/spmd"

// kernel(bug)
// ShiftBug stages a tile and then gates on the right neighbour's value.
func ShiftBug(in, out []float32) error {
	n := len(in)
	tile := make([]float32, n)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		tile[i] = in[i]
		l.Barrier()
		if tile[(i+1)%n] > 0 {
			l.Barrier() // EXPECT
		}
		out[i] = tile[(i+1)%n]
	})
}

// kernel(ok)
// ShiftOK gates on the last lane's value, which every lane reads.
func ShiftOK(in, out []float32) error {
	n := len(in)
	tile := make([]float32, n)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		tile[i] = in[i]
		l.Barrier()
		if tile[n-1] > 0 {
			l.Barrier()
		}
		out[i] = tile[(i+1)%n]
	})
}

var weights = [8]float32{0, 0.5, 1, 0, 2, 0, 1, 0.25}

// kernel(bug)
// WeightedBug skips lanes whose filter tap is zero.
func WeightedBug(x, out []float32) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		if w := weights[i%8]; w != 0 {
			out[i] = spmd.ReduceAdd(l, w*x[i]) // EXPECT
		}
	})
}

// kernel(ok)
// WeightedOK uses one tap for the whole group.
func WeightedOK(x []float32, tap int, out []float32) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		if w := weights[tap]; w != 0 {
			out[i] = spmd.ReduceAdd(l, w*x[i])
		}
	})
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// kernel(bug)
// PartitionBug picks a pivot in lane 0, but the pivot is a per-lane local.
func PartitionBug(data []float32, out []int) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		var pivot float32
		if i == 0 {
			pivot = data[len(data)/2]
		}
		l.Barrier()
		if pivot != 0 {
			out[i] = spmd.ExclusiveAdd(l, b2i(data[i] < pivot)) // EXPECT
		}
	})
}

// kernel(ok)
// PartitionOK keeps the pivot in a variable every lane shares.
func PartitionOK(data []float32, out []int) error {
	var pivot float32
	return spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		if i == 0 {
			pivot = data[len(data)/2]
		}
		l.Barrier()
		if pivot != 0 {
			out[i] = spmd.ExclusiveAdd(l, b2i(data[i] < pivot))
		}
	})
}

// kernel(bug)
// CountFlagsBug counts the flags up to the lane's own (a prefix count).
func CountFlagsBug(x, out []int) error {
	n := len(x)
	flags := make([]bool, n)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		flags[i] = x[i] > 0
		l.Barrier()
		cnt := 0
		for j := 0; j <= i; j++ {
			if flags[j] {
				cnt++
			}
		}
		if cnt > 0 {
			out[i] = spmd.ReduceAdd(l, cnt) // EXPECT
		}
	})
}

// kernel(ok)
// CountFlagsOK has every lane count all the flags.
func CountFlagsOK(x, out []int) error {
	n := len(x)
	flags := make([]bool, n)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		flags[i] = x[i] > 0
		l.Barrier()
		cnt := 0
		for j := 0; j < n; j++ {
			if flags[j] {
				cnt++
			}
		}
		if cnt > 0 {
			out[i] = spmd.ReduceAdd(l, cnt)
		}
	})
}

// Sweep is shared by the whole group.
type Sweep struct {
	Iters  int
	Budget []int
	Acc    []float32
}

// kernel(bug)
// SweepBug iterates each lane's own budget with a barrier per iteration.
func SweepBug(p *Sweep) error {
	return spmd.Run(len(p.Acc), func(l spmd.Lane) {
		i := l.Index()
		for it := 0; it < p.Budget[i]; it++ {
			p.Acc[i] += 1
			l.Barrier() // EXPECT
		}
	})
}

// kernel(ok)
// SweepOK iterates the shared iteration count.
func SweepOK(p *Sweep) error {
	return spmd.Run(len(p.Acc), func(l spmd.Lane) {
		i := l.Index()
		for it := 0; it < p.Iters; it++ {
			p.Acc[i] += 1
			l.Barrier()
		}
	})
}

var scratch []float32

// kernel(bug)
// GatherBug reads the staged value named by each lane's order entry.
func GatherBug(order []int, vals, out []float32) error {
	scratch = make([]float32, len(vals))
	return spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		scratch[i] = vals[i]
		l.Barrier()
		idx := order[i]
		if scratch[idx] > 0 {
			out[i] = spmd.ReduceAdd(l, scratch[idx]) // EXPECT
		}
	})
}

// kernel(ok)
// GatherOK reads the staged value named by the first order entry.
func GatherOK(order []int, vals, out []float32) error {
	scratch = make([]float32, len(vals))
	return spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		scratch[i] = vals[i]
		l.Barrier()
		idx := order[0]
		if scratch[idx] > 0 {
			out[i] = spmd.ReduceAdd(l, scratch[idx])
		}
	})
}

// Grid is a row-major grid shared by the group.
type Grid struct {
	W     int
	Cells []int
}

// At returns the cell at column x of row y.
func (g *Grid) At(x, y int) int { return g.Cells[y*g.W+x] }

// kernel(bug)
// RowGateBug syncs in the lanes whose cell is set.
func RowGateBug(g *Grid, row int, out []int) error {
	return spmd.Run(g.W, func(l spmd.Lane) {
		x := l.Index()
		if g.At(x, row) != 0 {
			l.Barrier() // EXPECT
		}
		out[x] = g.At(x, row)
	})
}

// kernel(ok)
// RowGateOK gates on the row's first cell.
func RowGateOK(g *Grid, row int, out []int) error {
	return spmd.Run(g.W, func(l spmd.Lane) {
		x := l.Index()
		if g.At(0, row) != 0 {
			l.Barrier()
		}
		out[x] = g.At(x, row)
	})
}

// kernel(bug)
// ColumnBug sums each lane's column down to its first zero, syncing per row.
func ColumnBug(m [][]float32, out []float32) error {
	rows := len(m)
	return spmd.Run(len(m[0]), func(l spmd.Lane) {
		c := l.Index()
		var s float32
		for r := 0; r < rows; r++ {
			if m[r][c] == 0 {
				break
			}
			s += m[r][c]
			l.Barrier() // EXPECT
		}
		out[c] = s
	})
}

// kernel(ok)
// ColumnOK stops at the first row whose leading cell is zero.
func ColumnOK(m [][]float32, out []float32) error {
	rows := len(m)
	return spmd.Run(len(m[0]), func(l spmd.Lane) {
		c := l.Index()
		var s float32
		for r := 0; r < rows; r++ {
			if m[r][0] == 0 {
				break
			}
			s += m[r][c]
			l.Barrier()
		}
		out[c] = s
	})
}

// kernel(bug)
// RepeatBug looks up each lane's repeat count by its own name.
func RepeatBug(cfg map[string]int, names []string, out []int) error {
	return spmd.Run(len(names), func(l spmd.Lane) {
		i := l.Index()
		reps := cfg[names[i]]
		for r := 0; r < reps; r++ {
			out[i] += spmd.ReduceAdd(l, 1) // EXPECT
		}
	})
}

// kernel(ok)
// RepeatOK looks up the group's repeat count.
func RepeatOK(cfg map[string]int, names []string, out []int) error {
	return spmd.Run(len(names), func(l spmd.Lane) {
		i := l.Index()
		reps := cfg["reps"]
		for r := 0; r < reps; r++ {
			out[i] += spmd.ReduceAdd(l, 1)
		}
	})
}

// blockSumBug reduces buf in place but waits only in the active half.
//
// kernel(bug)
//
//spmd:kernel
func blockSumBug(l spmd.Lane, buf []int, out []int) {
	i := l.Index()
	for s := len(buf) / 2; s > 0; s /= 2 {
		if i < s {
			buf[i] += buf[i+s]
			l.Barrier() // EXPECT
		}
	}
	if buf[0] > 0 {
		out[i] = spmd.ReduceAdd(l, 1)
	}
}

// blockSumOK reduces buf in place, the barrier outside the active half;
// buf[0] is the total, read by every lane.
//
// kernel(ok)
//
//spmd:kernel
func blockSumOK(l spmd.Lane, buf []int, out []int) {
	i := l.Index()
	for s := len(buf) / 2; s > 0; s /= 2 {
		if i < s {
			buf[i] += buf[i+s]
		}
		l.Barrier()
	}
	if buf[0] > 0 {
		out[i] = spmd.ReduceAdd(l, 1)
	}
}

// BlockSumBug runs blockSumBug on buf.
func BlockSumBug(buf, out []int) error {
	return spmd.Run(len(buf), func(l spmd.Lane) { blockSumBug(l, buf, out) })
}

// BlockSumOK runs blockSumOK on buf.
func BlockSumOK(buf, out []int) error {
	return spmd.Run(len(buf), func(l spmd.Lane) { blockSumOK(l, buf, out) })
}
