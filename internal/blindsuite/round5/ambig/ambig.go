// Package ambig holds kernels whose expected verdict is debatable; the
// line in question carries an AMBIG comment with the reason. The tests pin down
// what the CPU runtime does with them.
package ambig

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round5/dev"
	"github.com/spmdvet/spmdvet/spmd"
)

// InterfaceSyncDivergent calls a barrier through an interface under a
// lane-dependent condition. Runtime: diverges.
func InterfaceSyncDivergent(lanes int) error {
	var s dev.Syncer = dev.BlockSyncer{}
	return spmd.Run(lanes, func(l spmd.Lane) {
		if l.Index()%2 == 1 {
			s.Sync(l) // AMBIG: a bug, but found only if the checker resolves the interface call to its single implementation (CHA); the promise does not say it does
		}
	})
}

// InterfaceResultBranch branches on the result of an interface call whose
// only implementation returns a ReduceAdd. Runtime: fine.
func InterfaceResultBranch(lanes int, data []int) error {
	var c dev.Combiner = dev.SumCombiner{}
	return spmd.Run(lanes, func(l spmd.Lane) {
		total := c.Combine(l, data[l.Index()])
		if total > 0 {
			l.Barrier() // AMBIG: correct; reported unless the checker sees through the dynamic call to a uniform result
		}
	})
}

type plan struct {
	rounds int
	seed   int
}

func runPlan(l spmd.Lane, p plan) int {
	for i := 0; i < p.rounds; i++ {
		l.Barrier()
	}
	return p.seed
}

// MixedStructByValue passes a struct by value whose loop-control field is
// uniform and whose other field is lane-dependent. Runtime: fine.
func MixedStructByValue(lanes int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		p := plan{rounds: 2, seed: l.Index()}
		out[l.Index()] = runPlan(l, p) // AMBIG: correct; field-sensitivity of by-value struct arguments across calls is not promised
	})
}

// AtomicLoadGate branches on an atomic Load (not a read-modify-write) of a
// shared counter after a barrier. Runtime: fine.
func AtomicLoadGate(lanes int) error {
	var ctr atomic.Int64
	return spmd.Run(lanes, func(l spmd.Lane) {
		ctr.Add(1)
		l.Barrier()
		if ctr.Load() > 2 {
			l.Barrier() // AMBIG: correct; an atomic Load of shared memory at a uniform address, but atomics are only listed as sources of divergence
		}
	})
}

// RepeatLaneCount hands a barrier closure to a higher-order helper with a
// lane-dependent count. Runtime: diverges.
func RepeatLaneCount(lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		sync := func() { l.Barrier() }
		dev.Repeat(l.Index()%2+1, sync) // AMBIG: a bug, but the convergent operation arrives through a func-valued argument
	})
}

// ShuffleFromZero branches on a Shuffle whose source is lane 0 in every
// lane. Runtime: fine (it is a broadcast).
func ShuffleFromZero(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		v := spmd.Shuffle(l, data[l.Index()], 0)
		if v > 0 {
			l.Barrier() // AMBIG: runs fine, but Shuffle is declared //spmd:divergent, so reporting it is by the book
		}
	})
}

// AppendLen appends lane-dependent values a uniform number of times and
// uses the length as a bound. Runtime: fine.
func AppendLen(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		var xs []int
		for k := 0; k < 3; k++ {
			xs = append(xs, data[l.Index()]+k)
		}
		for i := 0; i < len(xs); i++ {
			l.Barrier() // AMBIG: correct; whether the length of an append result is separated from its lane-dependent contents is not promised
		}
	})
}
