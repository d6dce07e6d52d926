package nests

import "github.com/spmdvet/spmdvet/spmd"

// stageTiles copies n tiles of src into the shared staging buffer, one
// slot per lane, syncing after each tile.
func stageTiles(l spmd.Lane, stage, src []float64, n int) float64 {
	acc := 0.0
	for t := 0; t < n; t++ {
		stage[l.Index()] = src[t*l.Count()+l.Index()]
		l.Barrier()
		acc += stage[(l.Index()+1)%l.Count()]
		l.Barrier()
	}
	return acc
}

// Stage stages the same number of tiles in every lane.
// kernel(ok)
func Stage(src []float64, tiles int, stage, out []float64) error {
	return spmd.Run(4, func(l spmd.Lane) {
		out[l.Index()] = stageTiles(l, stage, src, tiles)
	})
}

// StageBug stages as many tiles as the lane has data for.
// kernel(bug)
func StageBug(src []float64, tiles []int, stage, out []float64) error {
	return spmd.Run(4, func(l spmd.Lane) {
		out[l.Index()] = stageTiles(l, stage, src, tiles[l.Index()]) // EXPECT
	})
}

// syncPhase ends a phase: every lane publishes its value and waits.
func syncPhase(l spmd.Lane, board []int, v int) {
	board[l.Index()] = v
	l.Barrier()
}

// Phases runs the lane's own number of work items, then ends the phase
// once, after the loop.
// kernel(ok)
func Phases(work []int, board []int) error {
	return spmd.Run(len(work), func(l spmd.Lane) {
		done := 0
		for k := 0; k < work[l.Index()]; k++ {
			done += k
		}
		syncPhase(l, board, done)
	})
}

// PhasesBug ends a phase after every work item.
// kernel(bug)
func PhasesBug(work []int, board []int) error {
	return spmd.Run(len(work), func(l spmd.Lane) {
		done := 0
		for k := 0; k < work[l.Index()]; k++ {
			done += k
			syncPhase(l, board, done) // EXPECT
		}
	})
}

// clearSlots zeroes a shared slot array in steps of Count; every lane
// runs every step.
func clearSlots(l spmd.Lane, slots []int) {
	for base := 0; base < len(slots); base += l.Count() {
		if s := base + l.Index(); s < len(slots) {
			slots[s] = 0
		}
		l.Barrier()
	}
}

// clearOwned zeroes the slots the lane owns, a barrier after each: the
// loop of the helper itself depends on the lane.
func clearOwned(l spmd.Lane, slots []int) {
	for s := l.Index(); s < len(slots); s += l.Count() {
		slots[s] = 0
		l.Barrier() // EXPECT
	}
}

// Clear resets the slots through clearSlots.
// kernel(ok)
func Clear(slots []int) error {
	return spmd.Run(4, func(l spmd.Lane) {
		clearSlots(l, slots)
	})
}

// ClearBug resets the slots through clearOwned.
// kernel(bug)
func ClearBug(slots []int) error {
	return spmd.Run(4, func(l spmd.Lane) {
		clearOwned(l, slots)
	})
}

// TileSum sums, for each tile, the value of the next lane through a
// shared buffer; lanes past n stay in the loop and idle.
// kernel(ok)
func TileSum(data []float64, n, tiles int, buf, out []float64) error {
	return spmd.Run(8, func(l spmd.Lane) {
		i := l.Index()
		active := i < n
		acc := 0.0
		for t := 0; t < tiles; t++ {
			if active {
				buf[i] = data[t*n+i]
			}
			l.Barrier()
			if active {
				acc += buf[(i+1)%n]
			}
			l.Barrier()
		}
		if active {
			out[i] = acc
		}
	})
}

// TileSumBug returns early from lanes past n, as CUDA kernels often do,
// before a loop with barriers.
// kernel(bug)
func TileSumBug(data []float64, n, tiles int, buf, out []float64) error {
	return spmd.Run(8, func(l spmd.Lane) {
		i := l.Index()
		if i >= n {
			return
		}
		acc := 0.0
		for t := 0; t < tiles; t++ {
			buf[i] = data[t*n+i]
			l.Barrier() // EXPECT
			acc += buf[(i+1)%n]
			l.Barrier() // EXPECT
		}
		out[i] = acc
	})
}
