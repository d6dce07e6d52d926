package bad

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round4/lib"

	"github.com/spmdvet/spmdvet/spmd"
)

// BadPublishLocal gives lib.Publish a lane's own array: st[0] is written
// by lane 0 only, so only lane 0 synchronises again.
func BadPublishLocal(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var mine [64]int
		lib.Publish(l, &mine, l.Index()+1) // EXPECT
	})
}

// publishSlice is Publish over a slice.
func publishSlice(l spmd.Lane, s []int) int {
	s[l.Index()] = l.Index() + 5
	l.Barrier()
	if s[0] > 2 {
		l.Barrier()
	}
	return s[0]
}

// BadPassLocalSlice slices a lane's own array for a helper that needs
// shared memory.
func BadPassLocalSlice(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var loc [16]int
		publishSlice(l, loc[:]) // EXPECT
	})
}

// BadSetLocalDivergent writes the lane index into a local variable
// through a helper, then branches on it.
func BadSetLocalDivergent(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		lib.Set(&x, l.Index())
		if x > 1 {
			l.Barrier() // EXPECT
		}
	})
}

// BadLocalWriteUnderDivergence writes a constant into a lane's array under
// a divergent condition, then branches on that element.
func BadLocalWriteUnderDivergence(n int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var arr [4]int
		if l.Index() == 1 {
			arr[2] = 7
		}
		l.Barrier()
		if arr[2] == 7 {
			out[0] = spmd.ReduceMax(l, l.Index()) // EXPECT
		}
	})
}

// BadTaskLocalRounds gives lib.RunTask a lane-local task whose round count
// depends on the lane.
func BadTaskLocalRounds(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		t := lib.Task{Rounds: 1 + l.Index()%3, Lane: l.Index()}
		lib.RunTask(l, &t) // EXPECT
	})
}

type bcell struct {
	steps int
	lane  int
}

// BadStructFieldControl loops on the lane-dependent field of a local
// struct.
func BadStructFieldControl(n, steps int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		c := bcell{steps: steps, lane: l.Index()}
		for i := 0; i < c.steps; i++ {
			l.Barrier()
		}
		for i := 0; i < c.lane%2; i++ {
			l.Barrier() // EXPECT
		}
	})
}

// BadShuffleXorResult lets a shuffled value decide a barrier.
func BadShuffleXorResult(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := spmd.ShuffleXor(l, l.Index(), 1)
		if v%2 == 0 {
			l.Barrier() // EXPECT
		}
	})
}

// BadInclusiveAddLoop bounds a loop of reductions by a scan result.
func BadInclusiveAddLoop(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		p := spmd.InclusiveAdd(l, 1)
		for i := 0; i < p%3; i++ {
			spmd.ReduceAdd(l, i) // EXPECT
		}
	})
}

// BadExclusiveAddShuffle feeds a scan result to a shuffle and branches on
// the shuffled value.
func BadExclusiveAddShuffle(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		off := spmd.ExclusiveAdd(l, 2)
		s := spmd.Shuffle(l, off, 0)
		if s+off > 4 {
			l.Barrier() // EXPECT
		}
	})
}

// BadBroadcastDivergentSrc broadcasts from a lane-dependent source: that
// is a shuffle, its result divergent.
func BadBroadcastDivergentSrc(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := spmd.Broadcast(l, l.Index(), (l.Index()+1)%l.Count())
		if v%2 == 1 {
			l.Barrier() // EXPECT
		}
	})
}

// BadTemporalDivergence counts iterations of a loop that lanes leave at
// different times: the count is uniform inside the loop, divergent after.
func BadTemporalDivergence(n int, data []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		k := 0
		for {
			k++
			if data[l.Index()] < k {
				break
			}
		}
		l.Barrier()
		if k > 2 {
			l.Barrier() // EXPECT
		}
	})
}

// BadPhiJoin merges lane-dependent branches into a flag and branches on
// it after the join.
func BadPhiJoin(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		flag := false
		if l.Index()%4 == 0 {
			flag = true
		}
		l.Barrier()
		if flag {
			lib.MaybeSync(l, true) // EXPECT
		}
	})
}

// BadMaybeSyncArg passes a lane-dependent flag to a library helper whose
// flag decides a barrier.
func BadMaybeSyncArg(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		lib.MaybeSync(l, l.Count() > 2)
		lib.MaybeSync(l, l.Index() < 3) // EXPECT
	})
}

// BadSyncNArg passes a lane-dependent count to lib.SyncN.
func BadSyncNArg(n int, data []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		lib.SyncN(l, len(data)/l.Count())
		lib.SyncN(l, data[l.Index()]) // EXPECT
	})
}

// BadAndRightOperand evaluates a collective as the right operand of &&
// after a lane-dependent left operand, in a loop condition.
func BadAndRightOperand(n int, data []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		i := 0
		for i < 4 && data[l.Index()] > i && spmd.Any(l, i > 10) { // EXPECT
			i++
		}
	})
}
