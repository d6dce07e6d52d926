// Package ambig holds kernels where it is unclear what the specification
// demands. No line here carries EXPECT; the line in question is marked AMBIG
// and the question is in the doc comment.
package ambig

import (
	"sync"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// MutexCounterBeforeBarrier (bug at run time): every lane increments a
// mutex-protected shared counter and reads it back under the lock, before any
// barrier; exactly one lane reads 1.
//
// Question: the spec says "A load from shared memory (parameters, globals) at
// a uniform address is uniform", and count is shared (captured from outside
// Run) at a uniform address; but the value each lane reads differs, so lanes
// do not reach the barrier together. Must the checker report?
func MutexCounterBeforeBarrier(lanes int) error {
	var mu sync.Mutex
	count := 0
	return spmd.Run(lanes, func(l spmd.Lane) {
		mu.Lock()
		count++
		mine := count
		mu.Unlock()
		if mine == 1 {
			l.Barrier() // AMBIG
		}
	})
}

// LoadRacesAdd (may-bug at run time): lanes Add to a shared counter and
// immediately Load it, without a barrier in between; a lane's Load may see 1
// or more depending on timing.
//
// Question: Load is not a read-modify-write, and the spec makes only RMW
// results divergent and loads of shared memory at uniform addresses uniform;
// yet the value is racy. Must the checker report?
func LoadRacesAdd(lanes int) error {
	var cnt atomic.Int64
	return spmd.Run(lanes, func(l spmd.Lane) {
		cnt.Add(1)
		if cnt.Load() == int64(l.Count()) {
			l.Barrier() // AMBIG
		}
	})
}

// OncePerLaneFlag (bug at run time): the Once is shared but got is the lane's
// own variable, set inside once.Do; only the lane that runs the function sees
// got == true.
//
// Question: the store to the per-lane variable happens inside a closure
// passed to sync.Once.Do, in uniform control as far as the closure body goes;
// only the semantics of Once (the function runs in one lane) makes it
// divergent. The spec's memory rule ("runs under divergent control") would
// demand a report only if the checker models Once.Do; within the "conservative
// rule is fine" clause for calls, is this required?
func OncePerLaneFlag(lanes int) error {
	var once sync.Once
	return spmd.Run(lanes, func(l spmd.Lane) {
		got := false
		once.Do(func() { got = true })
		if got {
			l.Barrier() // AMBIG
		}
	})
}

// SharedDoneAfterBarrier (correct at run time): lane 0 closes a shared done
// channel before barrier A in round 2; after A every lane sees it closed and
// returns in the same round; barrier B keeps lane 0 from closing while others
// are still checking.
//
// Question: a receive/select on a shared channel in general gives different
// lanes different outcomes (see chans.RecvBranch, which I annotate as a bug),
// but here the channel's state is fixed between two barriers. Is the select
// divergent by the spec (reporting barrier B), or uniform like a load of
// shared memory after a barrier?
func SharedDoneAfterBarrier(lanes int) (int, error) {
	done := make(chan struct{})
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		for round := 0; ; round++ {
			if l.Index() == 0 && round == 2 {
				close(done)
			}
			l.Barrier()
			select {
			case <-done:
				return
			default:
			}
			l.Barrier() // AMBIG
			out[l.Index()]++
		}
	})
	return out[0], err
}

// TokensForEveryone (correct at run time): the shared channel holds one token
// per lane, so every lane's non-blocking receive succeeds and got is true
// everywhere.
//
// Question: statically this is the same as chans.TokensSelectDefault (a
// receive from a shared channel, which I treat as divergent); only the
// capacity makes it uniform. Is a report required, forbidden, or a tolerable
// may-report?
func TokensForEveryone(lanes int) (int, error) {
	tokens := make(chan struct{}, lanes)
	for i := 0; i < lanes; i++ {
		tokens <- struct{}{}
	}
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		got := false
		select {
		case <-tokens:
			got = true
		default:
		}
		if got {
			out[l.Index()] = spmd.ReduceAdd(l, 1) // AMBIG
		}
	})
	return out[0], err
}
