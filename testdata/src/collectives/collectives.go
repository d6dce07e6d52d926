// Package collectives pins how collectives interact with divergence: those
// with a uniform result (Any, All, Ballot, the reductions, BroadcastFirst,
// Broadcast from a uniform source) turn lane-dependent data into a value
// every lane agrees on, while the shuffles and scans return a different
// value in each lane. It also pins the two kinds of diagnostic: barriers
// ("barrier ...", category "barrier") and other collectives ("collective
// ...", category "collective").
package collectives

import "github.com/spmdvet/spmdvet/spmd"

// Fine: Any is uniform, so every lane takes the same branch.
func anyGuard(l spmd.Lane) {
	if spmd.Any(l, l.Index() < 4) {
		l.Barrier()
	}
}

// Fine: All likewise.
func allGuard(l spmd.Lane, data []int) {
	if spmd.All(l, data[l.Index()] > 0) {
		l.Barrier()
	}
}

// Fine: a ballot mask is the same in every lane.
func ballotGuard(l spmd.Lane, p bool) {
	if spmd.Ballot(l, p) != 0 {
		l.Barrier()
	}
	mask := spmd.Ballot(l, l.Index()%2 == 0)
	if mask&1 != 0 {
		l.Barrier()
	}
}

// But testing one's own bit of the ballot is lane-dependent.
func ballotOwnBit(l spmd.Lane, p bool) {
	mask := spmd.Ballot(l, p)
	if mask&(1<<l.Index()) != 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: reductions are uniform.
func reductions(l spmd.Lane, data []float64) {
	sum := spmd.ReduceAdd(l, data[l.Index()])
	if sum > 1 {
		l.Barrier()
	}
	if spmd.ReduceMin(l, l.Index()) == 0 && spmd.ReduceMax(l, l.Index()) > 2 {
		l.Barrier()
	}
}

// Fine: BroadcastFirst gives every lane lane 0's value.
func broadcastFirst(l spmd.Lane) {
	if spmd.BroadcastFirst(l, l.Index()) == 0 {
		l.Barrier()
	}
}

// Fine: Broadcast from a uniform source lane is uniform.
func broadcastUniformSource(l spmd.Lane, src int) {
	if spmd.Broadcast(l, l.Index(), 0) == 0 {
		l.Barrier()
	}
	if spmd.Broadcast(l, l.Index()*2, src) > 3 {
		_ = spmd.ReduceAdd(l, 1)
	}
}

// Broadcast from a lane-dependent source is a shuffle: divergent.
func broadcastDivergentSource(l spmd.Lane) {
	if spmd.Broadcast(l, 7, l.Index()) > 3 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	v := spmd.Broadcast(l, 7, (l.Index()+1)%l.Count())
	if v > 3 {
		_ = spmd.ReduceAdd(l, v) // want `collective spmd.ReduceAdd under divergent control`
	}
}

// Shuffles and scans are divergent whatever their arguments: even a uniform
// value shuffled from a uniform source is declared divergent
// (//spmd:divergent).
func shuffles(l spmd.Lane, x int) {
	if spmd.Shuffle(l, x, l.Index()^1) > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	if spmd.ShuffleXor(l, x, 1) > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	if spmd.InclusiveAdd(l, 1) > 2 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	if spmd.ExclusiveAdd(l, 1) == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: a reduction of a shuffled value is uniform again.
func reduceShuffled(l spmd.Lane) {
	if spmd.ReduceAdd(l, spmd.ShuffleXor(l, l.Index(), 1)) > 0 {
		l.Barrier()
	}
}

// Every convergent operation is checked, not only barriers; the message says
// which kind it is.
func kinds(l spmd.Lane, v int) {
	if l.Index() < 4 {
		l.Barrier()                   // want `^barrier l.Barrier under divergent control: lanes that do not reach it wait forever \(deadlock\)$`
		_ = spmd.Any(l, true)         // want `^collective spmd.Any under divergent control: its result depends on which lanes happen to reach it$`
		_ = spmd.All(l, true)         // want `^collective spmd.All under divergent control`
		_ = spmd.Ballot(l, true)      // want `^collective spmd.Ballot under divergent control`
		_ = spmd.ReduceAdd(l, v)      // want `^collective spmd.ReduceAdd under divergent control`
		_ = spmd.ReduceMin(l, v)      // want `^collective spmd.ReduceMin under divergent control`
		_ = spmd.ReduceMax(l, v)      // want `^collective spmd.ReduceMax under divergent control`
		_ = spmd.Broadcast(l, v, 0)   // want `^collective spmd.Broadcast under divergent control`
		_ = spmd.BroadcastFirst(l, v) // want `^collective spmd.BroadcastFirst under divergent control`
		_ = spmd.Shuffle(l, v, 0)     // want `^collective spmd.Shuffle under divergent control`
		_ = spmd.ShuffleXor(l, v, 1)  // want `^collective spmd.ShuffleXor under divergent control`
		_ = spmd.InclusiveAdd(l, v)   // want `^collective spmd.InclusiveAdd under divergent control`
		_ = spmd.ExclusiveAdd(l, v)   // want `^collective spmd.ExclusiveAdd under divergent control`
	}
}

// Fine: the result of a collective used under divergent control is not the
// problem; only calling it there is.
func resultUsedUnderDivergence(l spmd.Lane, out []int) {
	sum := spmd.ReduceAdd(l, l.Index())
	if l.Index() == 0 {
		out[0] = sum
	}
}

// The value passed to a collective does not make it divergent control:
// lanes pass different values to the same call, which is what collectives
// are for.
func divergentArgument(l spmd.Lane) int {
	return spmd.ReduceAdd(l, l.Index()*l.Index())
}
