package bad

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round5/dev"
	"github.com/spmdvet/spmdvet/spmd"
)

// stageRow copies row into the shared buffer and waits until the whole row
// is in. Lanes past the end of a short row leave before the barrier.
func stageRow(l spmd.Lane, sh, row []float64) {
	tid := l.Index()
	if tid >= len(row) {
		return
	}
	sh[tid] = row[tid]
	l.Barrier() // EXPECT
}

// StageShortRow calls stageRow with a row shorter than the group.
func StageShortRow(lanes int, row []float64) error {
	sh := make([]float64, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		stageRow(l, sh, row)
	})
}

// CapturedLimit stores a closure that captured a lane-dependent limit and
// lets it decide its barrier.
func CapturedLimit(lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		limit := l.Index() % 2
		step := func() {
			if limit > 0 {
				l.Barrier() // EXPECT
			}
		}
		step()
	})
}

// ReadyPredicate asks a closure over the lane index whether to sync.
func ReadyPredicate(lanes, rounds int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		ready := func(k int) bool { return k <= tid }
		for k := 0; k < rounds; k++ {
			if ready(k) {
				l.Barrier() // EXPECT
			}
		}
	})
}

// SearchThenSync searches a key table; steps, uniform within each
// iteration, is used after the loop, which lanes leave at different
// iterations.
func SearchThenSync(lanes int, keys []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		steps := 0
		for j := 0; j < len(keys); j++ {
			steps = j + 1
			if keys[j] == tid {
				break
			}
		}
		for s := 0; s < steps; s++ {
			l.Barrier() // EXPECT
		}
	})
}

// BoundedSearch leaves a uniformly bounded loop early on a lane-dependent
// condition and uses the counter afterwards.
func BoundedSearch(lanes int, work []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		iters := spmd.ReduceMax(l, work[l.Index()])
		i := 0
		for ; i < iters; i++ {
			if i >= work[l.Index()] {
				break
			}
		}
		if i > 1 {
			_ = spmd.ReduceAdd(l, i) // EXPECT
		}
	})
}

// RangeFuncBreak breaks out of a range-over-func loop on a lane-dependent
// condition, before the barrier in the body.
func RangeFuncBreak(lanes, rounds int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		for v := range dev.Seq(rounds) {
			if v > l.Index() {
				break
			}
			l.Barrier() // EXPECT
		}
	})
}

// RangeFuncReturn returns from the kernel inside a range-over-func loop.
func RangeFuncReturn(lanes, rounds int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		for v := range dev.Seq(rounds) {
			if v == l.Index() {
				return
			}
			_ = spmd.ReduceAdd(l, v) // EXPECT
		}
	})
}

// EnabledAndPositive: the right operand of && is lane-dependent.
func EnabledAndPositive(lanes int, enabled bool, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		if enabled && data[l.Index()] > 0 {
			l.Barrier() // EXPECT
		}
	})
}

// BigOrEven: the right operand of || is lane-dependent.
func BigOrEven(lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		if l.Count() > 1000 || l.Index()%2 == 0 {
			_ = spmd.Any(l, true) // EXPECT
		}
	})
}

// QuadSwitch switches on the lane index with a barrier in one arm.
func QuadSwitch(lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		switch l.Index() % 4 {
		case 0:
			l.Barrier() // EXPECT
		case 1, 2:
		default:
		}
	})
}

// SkipEmpty jumps past the barrier for empty cells.
func SkipEmpty(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		if data[l.Index()] == 0 {
			goto done
		}
		l.Barrier() // EXPECT
	done:
	})
}

// TwoDoorLoop is an irreducible goto cycle: even lanes enter at the
// barrier, odd lanes at the counter check.
func TwoDoorLoop(lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := 0
		if l.Index()%2 == 0 {
			goto sync
		}
	check:
		if i >= 3 {
			return
		}
		i++
	sync:
		l.Barrier() // EXPECT
		goto check
	})
}

// LaneSyncCount passes a lane-dependent count to a helper whose barriers
// it decides.
func LaneSyncCount(lanes int, counts []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		dev.SyncN(l, counts[l.Index()]) // EXPECT
	})
}

// RecoveredCheck recovers from its own precondition panic, so the lanes
// that panic return instead of bringing the kernel down.
func RecoveredCheck(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		defer func() { _ = recover() }()
		if data[l.Index()] < 0 {
			panic("negative input")
		}
		l.Barrier() // EXPECT
	})
}

// InvalidEarlyOut returns early on a per-lane validity flag instead of
// spmd.Any.
func InvalidEarlyOut(lanes int, valid []bool) (int, error) {
	total := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		if !valid[l.Index()] {
			return
		}
		s := spmd.ReduceAdd(l, 1) // EXPECT
		if l.Index() == 0 {
			total = s
		}
	})
	return total, err
}

// ContinueBeforeSync skips the barrier for empty cells with continue.
func ContinueBeforeSync(lanes, rounds int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		for i := 0; i < rounds; i++ {
			if data[i*l.Count()+l.Index()] == 0 {
				continue
			}
			l.Barrier() // EXPECT
		}
	})
}

// GlobalIDGuard guards a barrier with a global id from a //spmd:laneid
// helper.
func GlobalIDGuard(lanes, block, limit int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		if dev.GlobalID(l, block) < limit {
			dev.Sync(l) // EXPECT
		}
	})
}

// mergeLevel calls the three-level shared reduction only in the lower
// half of the block.
func mergeLevel(l spmd.Lane, sc *dev.Scratch, s int) int {
	if l.Index() < s {
		return dev.BlockSum(l, sc, 1) // EXPECT
	}
	return 0
}

// HalfBlockSum goes through mergeLevel.
func HalfBlockSum(lanes int) error {
	sc := dev.NewScratch(lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		_ = mergeLevel(l, sc, l.Count()/2)
	})
}

// FlagFromLane writes a lane-dependent value into a per-lane copy of a
// flag and decides a reduction on it; the shared scratch would have been
// right.
func FlagFromLane(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		var sc dev.Scratch
		if l.Index() == l.Count()-1 {
			sc.Flag = data[l.Index()]
		}
		l.Barrier()
		for i := 0; i < sc.Flag; i++ {
			_ = spmd.ReduceAdd(l, 1) // EXPECT
		}
	})
}

// ReverseShuffleBound uses Shuffle from the mirrored lane as a trip count.
func ReverseShuffleBound(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		n := spmd.Shuffle(l, data[l.Index()], l.Count()-1-l.Index())
		for i := 0; i < n; i++ {
			l.Barrier() // EXPECT
		}
	})
}
