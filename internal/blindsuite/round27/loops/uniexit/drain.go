// Package uniexit holds loops whose exit is made uniform by a collective
// with a uniform result, next to the same loops exiting per lane.
package uniexit

import (
	"math/bits"

	"github.com/spmdvet/spmdvet/spmd"
)

// DrainQueues: each lane pops items from its own queue; the group runs a
// round while any lane still has items, with a barrier per round.
// kernel(ok)
func DrainQueues(counts []int, popped []int, rounds *int) error {
	return spmd.Run(len(counts), func(l spmd.Lane) {
		left := counts[l.Index()]
		r := 0
		for spmd.Any(l, left > 0) {
			if left > 0 {
				left--
				popped[l.Index()]++
			}
			l.Barrier()
			r++
		}
		if l.Index() == 0 {
			*rounds = r
		}
	})
}

// DrainQueuesBug loops on the lane's own queue.
// kernel(bug)
func DrainQueuesBug(counts []int, popped []int, rounds *int) error {
	return spmd.Run(len(counts), func(l spmd.Lane) {
		left := counts[l.Index()]
		r := 0
		for left > 0 {
			left--
			popped[l.Index()]++
			l.Barrier() // EXPECT
			r++
		}
		if l.Index() == 0 {
			*rounds = r
		}
	})
}

// DrainStats drains like DrainQueues, then the group averages the items
// popped when the drain took more than two rounds; the round count is
// the same in every lane.
// kernel(ok)
func DrainStats(counts []int, avg *int) error {
	return spmd.Run(len(counts), func(l spmd.Lane) {
		left := counts[l.Index()]
		rounds, mine := 0, 0
		for spmd.Any(l, left > 0) {
			if left > 0 {
				left--
				mine++
			}
			rounds++
		}
		if rounds > 2 {
			s := spmd.ReduceAdd(l, mine)
			if l.Index() == 0 {
				*avg = s / l.Count()
			}
		}
	})
}

// DrainStatsBug gates the average on the lane's own count.
// kernel(bug)
func DrainStatsBug(counts []int, avg *int) error {
	return spmd.Run(len(counts), func(l spmd.Lane) {
		left := counts[l.Index()]
		rounds, mine := 0, 0
		for spmd.Any(l, left > 0) {
			if left > 0 {
				left--
				mine++
			}
			rounds++
		}
		if mine > 2 {
			s := spmd.ReduceAdd(l, mine) // EXPECT
			if l.Index() == 0 {
				*avg = s / l.Count()
			}
		}
	})
}

// ServeKeys is a waterfall loop: lanes hold resource keys that may
// differ, and each round serves every lane holding the key of the lowest
// pending lane.
// kernel(ok)
func ServeKeys(keys []int, served []int, perRound []int) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		key := keys[l.Index()]
		pending := true
		round := 0
		for {
			mask := spmd.Ballot(l, pending)
			if mask == 0 {
				break
			}
			leader := bits.TrailingZeros64(mask)
			k := spmd.Broadcast(l, key, leader)
			hit := 0
			if pending && key == k {
				hit = 1
				served[l.Index()] = round
				pending = false
			}
			n := spmd.ReduceAdd(l, hit)
			if l.Index() == 0 {
				perRound[round] = n
			}
			round++
		}
	})
}

// ServeKeysBug loops while the lane itself is pending: served lanes leave
// the loop and the others ballot without them.
// kernel(bug)
func ServeKeysBug(keys []int, served []int, perRound []int) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		key := keys[l.Index()]
		pending := true
		round := 0
		for pending {
			mask := spmd.Ballot(l, true) // EXPECT
			leader := bits.TrailingZeros64(mask)
			k := spmd.Broadcast(l, key, leader) // EXPECT
			if key == k {
				served[l.Index()] = round
				pending = false
			}
			round++
		}
		_ = perRound
	})
}

// RowProduct multiplies a CSR matrix by x, one row per lane. The group
// steps through the longest row, reloading the staged x tile behind a
// barrier at each step.
// kernel(ok)
func RowProduct(rowPtr, col []int, val, x, y []float64) error {
	return spmd.Run(len(rowPtr)-1, func(l spmd.Lane) {
		r := l.Index()
		lo, hi := rowPtr[r], rowPtr[r+1]
		steps := spmd.ReduceMax(l, hi-lo)
		var sum float64
		for k := 0; k < steps; k++ {
			l.Barrier()
			if lo+k < hi {
				sum += val[lo+k] * x[col[lo+k]]
			}
		}
		y[r] = sum
	})
}

// RowProductBug steps through the lane's own row.
// kernel(bug)
func RowProductBug(rowPtr, col []int, val, x, y []float64) error {
	return spmd.Run(len(rowPtr)-1, func(l spmd.Lane) {
		r := l.Index()
		lo, hi := rowPtr[r], rowPtr[r+1]
		var sum float64
		for k := lo; k < hi; k++ {
			l.Barrier() // EXPECT
			sum += val[k] * x[col[k]]
		}
		y[r] = sum
	})
}
