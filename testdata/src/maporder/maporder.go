// Package maporder pins map iteration: the order of a range over a map is
// unspecified and differs from one loop to the next, so the keys and values
// a lane sees in a given iteration are divergent, even for a map shared by
// all lanes. The number of iterations is the map's length, which is the same
// in every lane, so the loop itself is uniform.
//
// The same holds for an iterator over a map from a function whose body the
// analysis does not see (maps.Keys, maps.Values, maps.All): it is taken to
// yield in map order. What is computed from the whole map in any order is
// divergent too (by the letter of the rule, as for a sum in a plain range),
// but sorting the keys first is not.
package maporder

import (
	"maps"
	"slices"

	"github.com/spmdvet/spmdvet/spmd"
)

// A branch on the key inside the loop.
func branchOnKey(l spmd.Lane, m map[string]int) {
	for k := range m {
		if k == "sync" {
			l.Barrier() // want `barrier l.Barrier under divergent control`
		}
	}
}

// A branch on the value.
func branchOnValue(l spmd.Lane, m map[int]int) {
	for _, v := range m {
		if v > 0 {
			_ = spmd.ReduceAdd(l, v) // want `collective spmd.ReduceAdd under divergent control`
		}
	}
}

// The first key seen, used after the loop.
func firstKey(l spmd.Lane, m map[int]bool) {
	first := -1
	for k := range m {
		first = k
		break
	}
	if first == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: a barrier in the loop body, not guarded by a key or value. Every
// lane runs len(m) iterations (the map is shared and unchanged), so every
// lane reaches the barrier the same number of times.
func barrierInMapLoop(l spmd.Lane, m map[string]int) {
	for range m {
		l.Barrier()
	}
	for k := range m {
		_ = k
		l.Barrier()
	}
}

// Conservative: a sum of the values is the same in every lane whatever the
// order (integer addition commutes), but the analysis follows values, not
// algebra: each addend is divergent, so the sum is.
func orderIndependentSum(l spmd.Lane, m map[string]int) {
	sum := 0
	for _, v := range m {
		sum += v
	}
	if sum > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: a lookup in a shared map at a uniform key is a load at a uniform
// address.
func lookup(l spmd.Lane, m map[string]int) {
	if m["n"] > 0 {
		l.Barrier()
	}
	if _, ok := m["flag"]; ok {
		l.Barrier()
	}
}

// A lookup at a lane-dependent key.
func lookupDivergentKey(l spmd.Lane, m map[int]int) {
	if m[l.Index()] > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: ranging over a slice or a string has a fixed order.
func orderedRanges(l spmd.Lane, s []int, str string) {
	for i, v := range s {
		if v > i {
			l.Barrier()
		}
	}
	for i, r := range str {
		if r == 'x' && i > 0 {
			l.Barrier()
		}
	}
}

// The map itself depends on the lane: its length, and so the trip count, do
// too.
func divergentMap(l spmd.Lane, maps []map[int]int) {
	for range maps[l.Index()%len(maps)] {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A branch on a key yielded by maps.Keys.
func branchOnKeysIterator(l spmd.Lane, m map[string]int) {
	for k := range maps.Keys(m) {
		if k == "sync" {
			l.Barrier() // want `barrier l.Barrier under divergent control`
		}
	}
}

// The first key maps.All yields, kept after the loop.
func firstKeyAfterLoop(l spmd.Lane, m map[string]int) {
	first := ""
	for k, v := range maps.All(m) {
		first = k
		_ = v
		break
	}
	if first == "a" {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: the loop over maps.Values runs len(m) times in every lane.
func barrierInValuesLoop(l spmd.Lane, m map[string]int) {
	for v := range maps.Values(m) {
		l.Barrier()
		_ = v
	}
}

// Fine: sorted keys are the same in every lane.
func sortedKeys(l spmd.Lane, m map[string]int) {
	keys := slices.Sorted(maps.Keys(m))
	if keys[0] == "a" {
		l.Barrier()
	}
}

// Fine: a map the lane makes, with its own values at the same keys in
// every lane, has as many entries in every lane.
func laneValuesCount(l spmd.Lane, n int) {
	m := map[int]int{0: n, 1: l.Index(), 2: 7}
	for range m {
		l.Barrier()
	}
	if len(m) == 3 {
		l.Barrier()
	}
}

// Keys that depend on the lane may collide: the count differs.
func laneKeysCount(l spmd.Lane, n int) {
	m := map[int]int{l.Index() % 2: 1, 1: n}
	for range m {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A value read back at a shared key is the lane's.
func laneValueLookup(l spmd.Lane) {
	m := map[int]int{0: 1, 1: l.Index()}
	if m[1] > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}
