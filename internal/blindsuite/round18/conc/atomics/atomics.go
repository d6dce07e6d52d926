// Package atomics holds kernels that use sync/atomic: shared counters, flags,
// tickets of a work queue and cancellation flags.
package atomics

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// TicketCollectiveInLoop (bug): lanes pull jobs with atomic tickets until the
// tickets run out; the number of jobs a lane takes differs, so the reduction
// inside the loop is reached a different number of times.
func TicketCollectiveInLoop(lanes, jobs int) error {
	var next atomic.Int64
	return spmd.Run(lanes, func(l spmd.Lane) {
		for {
			t := next.Add(1) - 1
			if t >= int64(jobs) {
				break
			}
			_ = spmd.ReduceAdd(l, t) // EXPECT
		}
	})
}

// TicketReduceAfter (correct): twin of TicketCollectiveInLoop; the lane counts
// its jobs and the reduction follows the loop, which every lane leaves through
// the same exit.
func TicketReduceAfter(lanes, jobs int) (int, error) {
	var next atomic.Int64
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		done := 0
		for {
			t := next.Add(1) - 1
			if t >= int64(jobs) {
				break
			}
			done++
		}
		out[l.Index()] = spmd.ReduceAdd(l, done)
	})
	return out[0], err
}

// TicketReturnOnExact (bug): the lane that draws exactly ticket `jobs` returns
// from the kernel, the others break out of the loop; the barrier after the
// loop misses the returned lane.
func TicketReturnOnExact(lanes, jobs int) error {
	var next atomic.Int64
	return spmd.Run(lanes, func(l spmd.Lane) {
		for {
			t := next.Add(1) - 1
			if t >= int64(jobs) {
				if t == int64(jobs) {
					return
				}
				break
			}
		}
		l.Barrier() // EXPECT
	})
}

// TicketBreakOnExact (correct): twin of TicketReturnOnExact; the lane that
// draws ticket `jobs` only records it and breaks like the others, so all
// lanes reach the barrier after the loop.
func TicketBreakOnExact(lanes, jobs int) (int, error) {
	var next atomic.Int64
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		last := 0
		for {
			t := next.Add(1) - 1
			if t >= int64(jobs) {
				if t == int64(jobs) {
					last = 1
				}
				break
			}
		}
		l.Barrier()
		out[l.Index()] = spmd.ReduceAdd(l, last)
	})
	return out[0], err
}

// CASLeader (bug): exactly one lane wins the CompareAndSwap of a shared flag
// and only it reaches the barrier.
func CASLeader(lanes int) error {
	var leader atomic.Bool
	return spmd.Run(lanes, func(l spmd.Lane) {
		if leader.CompareAndSwap(false, true) {
			l.Barrier() // EXPECT
		}
	})
}

// CASLeaderPublish (correct): twin of CASLeader; the winner publishes its
// index with Store before a barrier, and every lane Loads it after the
// barrier, a uniform value used as Broadcast source and branch condition.
func CASLeaderPublish(lanes int) (int, error) {
	var leader atomic.Bool
	var leaderIdx atomic.Int64
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		if leader.CompareAndSwap(false, true) {
			leaderIdx.Store(int64(l.Index()))
		}
		l.Barrier()
		li := int(leaderIdx.Load())
		v := spmd.Broadcast(l, l.Index(), li)
		if v >= 0 {
			l.Barrier()
		}
		out[l.Index()] = v - li
	})
	for _, o := range out {
		if o != 0 {
			return -1, err
		}
	}
	return 0, err
}

// AddLastArriver (bug): the lane whose Add returns the lane count is the last
// to arrive; only it calls ReduceMax.
func AddLastArriver(lanes int) error {
	var cnt atomic.Int64
	return spmd.Run(lanes, func(l spmd.Lane) {
		if cnt.Add(1) == int64(l.Count()) {
			_ = spmd.ReduceMax(l, 1) // EXPECT
		}
	})
}

// AddThenLoadAfterBarrier (correct): twin of AddLastArriver; the Add result is
// ignored and the counter is Loaded after a barrier, when it equals the lane
// count in every lane.
func AddThenLoadAfterBarrier(lanes int) (int, error) {
	var cnt atomic.Int64
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		cnt.Add(1)
		l.Barrier()
		if cnt.Load() == int64(l.Count()) {
			out[l.Index()] = spmd.ReduceMax(l, l.Index())
		}
	})
	return out[0], err
}

// SwapFirst (bug): the old value returned by Swap is 0 in exactly one lane.
func SwapFirst(lanes int) error {
	var flag atomic.Int32
	return spmd.Run(lanes, func(l spmd.Lane) {
		if old := flag.Swap(1); old == 0 {
			_ = spmd.Ballot(l, true) // EXPECT
		}
	})
}

// CancelSharedFlag (correct): a context-like shared stop flag is set by lane 0
// in round 3 before barrier A; every lane checks it after A, and barrier B
// keeps lane 0 from setting it while others still read; all lanes stop in the
// same round.
func CancelSharedFlag(lanes int) (int, error) {
	var stop atomic.Bool
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		rounds := 0
		for {
			if l.Index() == 0 && rounds == 3 {
				stop.Store(true)
			}
			l.Barrier()
			if stop.Load() {
				break
			}
			l.Barrier()
			rounds++
		}
		out[l.Index()] = spmd.ReduceAdd(l, rounds)
	})
	return out[0], err
}

// CancelPerLaneBudget (bug): each lane has its own stop flag that it sets once
// the shared ticket counter passes a budget; lanes stop in different rounds
// and the barrier in the loop misses the stopped ones.
func CancelPerLaneBudget(lanes, budget int) error {
	var next atomic.Int64
	return spmd.Run(lanes, func(l spmd.Lane) {
		var stop atomic.Bool
		for {
			if next.Add(1) > int64(budget) {
				stop.Store(true)
			}
			if stop.Load() {
				break
			}
			l.Barrier() // EXPECT
		}
	})
}

// CASMaxRetryThenBarrier (correct): lanes fold their index into a shared max
// with a CAS retry loop whose trip count differs per lane; the barrier is
// after the loop, and the max read after it is uniform.
func CASMaxRetryThenBarrier(lanes int) (int, error) {
	var mx atomic.Int64
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		v := int64(l.Index())
		for {
			cur := mx.Load()
			if v <= cur || mx.CompareAndSwap(cur, v) {
				break
			}
		}
		l.Barrier()
		m := mx.Load()
		if m == int64(l.Count()-1) {
			out[l.Index()] = int(spmd.ReduceAdd(l, m))
		}
	})
	return out[0], err
}

// TicketsPerRound (correct): a uniform number of rounds; each lane takes one
// ticket per round and keeps it, with a barrier at the end of each round and
// no branch on the tickets.
func TicketsPerRound(lanes, rounds int) (int64, error) {
	var next atomic.Int64
	out := make([]int64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		var mine int64
		for r := 0; r < rounds; r++ {
			mine += next.Add(1) - 1
			l.Barrier()
		}
		out[l.Index()] = spmd.ReduceAdd(l, mine)
	})
	return out[0], err
}

// TicketParityContinue (bug): in a uniform loop, lanes with an even ticket
// skip the barrier with continue.
func TicketParityContinue(lanes, rounds int) error {
	var next atomic.Int64
	return spmd.Run(lanes, func(l spmd.Lane) {
		for r := 0; r < rounds; r++ {
			if next.Add(1)%2 == 0 {
				continue
			}
			l.Barrier() // EXPECT
		}
	})
}
