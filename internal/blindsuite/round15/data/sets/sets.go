// Package sets holds kernels that use Go maps as sets and counters. Map
// iteration order is chosen anew for every range statement, so it differs
// between lanes even for identical maps.
package sets

import "github.com/spmdvet/spmdvet/spmd"

// DistinctResidues (bug): the set of residues (d*(Index+1)) mod 5 has a
// lane-dependent size; the barrier loop is bounded by it.
//
//spmd:kernel
func DistinctResidues(l spmd.Lane, data []int, out []int) {
	set := map[int]bool{}
	for _, d := range data {
		set[(d*(l.Index()+1))%5] = true
	}
	for k := 0; k < len(set); k++ {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = len(set)
}

// DistinctShared (correct): the set is built from shared data only, so its
// size is the same in every lane.
//
//spmd:kernel
func DistinctShared(l spmd.Lane, data []int, out []int) {
	set := make(map[int]struct{})
	for _, d := range data {
		set[d] = struct{}{}
	}
	s := 0
	for k := 0; k < len(set); k++ {
		s += spmd.ReduceAdd(l, k*l.Index())
	}
	out[l.Index()] = s
}

// StopAtKey (bug): ranging over the shared map visits the keys in a per-lane
// order, so each lane reaches the stop key after a different number of
// barriers.
//
//spmd:kernel
func StopAtKey(l spmd.Lane, m map[string]int, stop string, out []int) {
	n := 0
	for k := range m {
		if k == stop {
			break
		}
		l.Barrier() // EXPECT
		n++
	}
	out[l.Index()] = n
}

// PerEntryReduce (correct): ranging over a shared map with no early exit runs
// len(m) iterations in every lane; the keys (and values) visited at a given
// iteration differ, but they only feed the sum, and the total over all
// iterations is Count times the sum of the values whatever the orders.
//
//spmd:kernel
func PerEntryReduce(l spmd.Lane, m map[string]int, out []int) {
	total := 0
	for _, v := range m {
		total += spmd.ReduceAdd(l, v)
	}
	out[l.Index()] = total
}

// FirstKeyRounds (bug): the first key of a range over a map is random per
// lane; the barrier loop is bounded by it.
//
//spmd:kernel
func FirstKeyRounds(l spmd.Lane, m map[int]bool, out []int) {
	first := 0
	for k := range m {
		first = k
		break
	}
	for i := 0; i < first; i++ {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = first
}

// CounterGuard (bug): a per-lane counter keyed by d mod (Index+2); whether
// bucket 0 is crowded depends on the lane.
//
//spmd:kernel
func CounterGuard(l spmd.Lane, data []int, out []int) {
	counts := map[int]int{}
	for _, d := range data {
		counts[d%(l.Index()+2)]++
	}
	if counts[0] > 1 {
		l.Barrier() // EXPECT
		out[l.Index()] = counts[0]
	}
}

// FrequentValues (correct): the counter is built from shared data in every
// lane, and the kernel walks the shared slice (not the map), so the guard
// counts[d] >= atLeast is the same in every lane.
//
//spmd:kernel
func FrequentValues(l spmd.Lane, data []int, atLeast int, out []int) {
	counts := map[int]int{}
	for _, d := range data {
		counts[d]++
	}
	s := 0
	for _, d := range data {
		if counts[d] >= atLeast {
			s += spmd.ReduceAdd(l, d*l.Index())
		}
	}
	out[l.Index()] = s
}

// LaneMember (bug): the set is shared-built, but the membership test uses the
// lane's own index as key.
//
//spmd:kernel
func LaneMember(l spmd.Lane, data []int, out []int) {
	seen := make(map[int]bool, len(data))
	for _, d := range data {
		seen[d] = true
	}
	if seen[l.Index()] {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// GroupSizes (bug): a map of slices grouping data by d mod (Index+1); the
// size of group 0 depends on the lane.
//
//spmd:kernel
func GroupSizes(l spmd.Lane, data []int, out []int) {
	groups := map[int][]int{}
	for _, d := range data {
		g := d % (l.Index() + 1)
		groups[g] = append(groups[g], d)
	}
	s := 0
	for _, d := range groups[0] {
		s += spmd.ReduceAdd(l, d) // EXPECT
	}
	out[l.Index()] = s
}

// PruneAndSync (correct): the set is built from shared data and pruned by a
// shared list, so len(set) is the same in every lane.
//
//spmd:kernel
func PruneAndSync(l spmd.Lane, data, drop []int, out []int) {
	set := map[int]bool{}
	for _, d := range data {
		set[d] = true
	}
	for _, d := range drop {
		delete(set, d)
	}
	for k := 0; k < len(set); k++ {
		l.Barrier()
	}
	out[l.Index()] = len(set)
}
