package nests

import "github.com/spmdvet/spmdvet/spmd"

// RowPrefix sums, for each row of a tiled grid, the values of the lane's
// block up to the first sentinel; the group syncs after every row.
// kernel(ok)
func RowPrefix(grid []int, w, sentinel int, sums []int) error {
	return spmd.Run(len(sums), func(l spmd.Lane) {
		stride := w * l.Count()
		sum := 0
		for r := 0; r < len(grid)/stride; r++ {
			for c := 0; c < w; c++ {
				v := grid[r*stride+l.Index()*w+c]
				if v == sentinel {
					break
				}
				sum += v
			}
			l.Barrier()
		}
		sums[l.Index()] = sum
	})
}

// RowPrefixBug skips to the next row at a sentinel, over the row's
// barrier.
// kernel(bug)
func RowPrefixBug(grid []int, w, sentinel int, sums []int) error {
	return spmd.Run(len(sums), func(l spmd.Lane) {
		stride := w * l.Count()
		sum := 0
	rows:
		for r := 0; r < len(grid)/stride; r++ {
			for c := 0; c < w; c++ {
				v := grid[r*stride+l.Index()*w+c]
				if v == sentinel {
					continue rows
				}
				sum += v
			}
			l.Barrier() // EXPECT
		}
		sums[l.Index()] = sum
	})
}

// FindTarget searches a shared grid for each lane's target and leaves
// the whole nest when found; the group counts the hits afterwards.
// kernel(ok)
func FindTarget(grid []int, w int, targets []int, found, seen []int, hits *int) error {
	return spmd.Run(len(targets), func(l spmd.Lane) {
		at := -1
		scanned := 0
	search:
		for r := 0; r < len(grid)/w; r++ {
			for c := 0; c < w; c++ {
				if grid[r*w+c] == targets[l.Index()] {
					at = r*w + c
					break search
				}
			}
			scanned++
		}
		found[l.Index()] = at
		seen[l.Index()] = scanned
		hit := 0
		if at >= 0 {
			hit = 1
		}
		n := spmd.ReduceAdd(l, hit)
		if l.Index() == 0 {
			*hits = n
		}
	})
}

// FindTargetBug counts the rows scanned with a reduction over the group;
// lanes that left the nest miss those counts.
// kernel(bug)
func FindTargetBug(grid []int, w int, targets []int, found, seen []int, hits *int) error {
	return spmd.Run(len(targets), func(l spmd.Lane) {
		at := -1
		scanned := 0
	search:
		for r := 0; r < len(grid)/w; r++ {
			for c := 0; c < w; c++ {
				if grid[r*w+c] == targets[l.Index()] {
					at = r*w + c
					break search
				}
			}
			scanned += spmd.ReduceAdd(l, 1) // EXPECT
		}
		found[l.Index()] = at
		seen[l.Index()] = scanned
		hit := 0
		if at >= 0 {
			hit = 1
		}
		n := spmd.ReduceAdd(l, hit)
		if l.Index() == 0 {
			*hits = n
		}
	})
}

// FirstNegative records, for each row, where the lane's block turns
// negative; the inner break only leaves the block scan, and the group
// sums the positions after it.
// kernel(ok)
func FirstNegative(grid []int, w int, pos []int) error {
	return spmd.Run(len(grid)/w/2, func(l spmd.Lane) {
		stride := w * l.Count()
		for r := 0; r < 2; r++ {
			k := 0
			for ; k < w; k++ {
				if grid[r*stride+l.Index()*w+k] < 0 {
					break
				}
			}
			s := spmd.ReduceAdd(l, k)
			if l.Index() == 0 {
				pos[r] = s
			}
		}
	})
}

// FirstNegativeBug sums inside the block scan, after the break.
// kernel(bug)
func FirstNegativeBug(grid []int, w int, pos []int) error {
	return spmd.Run(len(grid)/w/2, func(l spmd.Lane) {
		stride := w * l.Count()
		for r := 0; r < 2; r++ {
			k := 0
			for ; k < w; k++ {
				if grid[r*stride+l.Index()*w+k] < 0 {
					break
				}
				s := spmd.ReduceAdd(l, k) // EXPECT
				if l.Index() == 0 {
					pos[r] = s
				}
			}
		}
	})
}

// Opcodes interprets a small program per lane; a skip opcode contributes
// nothing to the step's sum.
// kernel(ok)
func Opcodes(ops []byte, steps int, sums []int) error {
	return spmd.Run(len(ops)/steps, func(l spmd.Lane) {
		v := 1
		for k := 0; k < steps; k++ {
			add := 0
			switch ops[l.Index()*steps+k] {
			case 's':
				// skip
			case 'd':
				v *= 2
				add = v
			default:
				v++
				add = v
			}
			s := spmd.ReduceAdd(l, add)
			if l.Index() == 0 {
				sums[k] = s
			}
		}
	})
}

// OpcodesBug continues the loop on a skip opcode, past the step's sum.
// kernel(bug)
func OpcodesBug(ops []byte, steps int, sums []int) error {
	return spmd.Run(len(ops)/steps, func(l spmd.Lane) {
		v := 1
		for k := 0; k < steps; k++ {
			add := 0
			switch ops[l.Index()*steps+k] {
			case 's':
				continue
			case 'd':
				v *= 2
				add = v
			default:
				v++
				add = v
			}
			s := spmd.ReduceAdd(l, add) // EXPECT
			if l.Index() == 0 {
				sums[k] = s
			}
		}
	})
}

// ClampScan accumulates each lane's samples with a barrier per sample; a
// sample below the floor leaves the switch with break, which in Go leaves
// only the switch.
// kernel(ok)
func ClampScan(samples []int, n, floor int, acc []int) error {
	return spmd.Run(len(samples)/n, func(l spmd.Lane) {
		sum := 0
		for k := 0; k < n; k++ {
			switch v := samples[l.Index()*n+k]; {
			case v < 0:
				if v < floor {
					break
				}
				sum += v
			default:
				sum += 2 * v
			}
			l.Barrier()
		}
		acc[l.Index()] = sum
	})
}

// ClampScanBug breaks out of the loop, not the switch.
// kernel(bug)
func ClampScanBug(samples []int, n, floor int, acc []int) error {
	return spmd.Run(len(samples)/n, func(l spmd.Lane) {
		sum := 0
	scan:
		for k := 0; k < n; k++ {
			switch v := samples[l.Index()*n+k]; {
			case v < 0:
				if v < floor {
					break scan
				}
				sum += v
			default:
				sum += 2 * v
			}
			l.Barrier() // EXPECT
		}
		acc[l.Index()] = sum
	})
}
