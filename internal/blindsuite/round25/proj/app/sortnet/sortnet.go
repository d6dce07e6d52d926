// Package sortnet sorts and ranks small key sets, one key per lane.
package sortnet

import "github.com/spmdvet/spmdvet/spmd"

// Net configures the sorting network.
type Net struct {
	Desc bool
}

// Bitonic sorts keys (len Count, a power of two) and stores in *stages the
// number of stages that changed something.
// kernel(ok): every lane runs every stage; Any makes the count uniform.
//
//spmd:kernel
func (n Net) Bitonic(l spmd.Lane, keys []int, stages *int) {
	i := l.Index()
	v := keys[i]
	changed := 0
	for k := 2; k <= l.Count(); k <<= 1 {
		for j := k >> 1; j > 0; j >>= 1 {
			o := spmd.ShuffleXor(l, v, j)
			nv := max(v, o)
			if (i&j == 0) == ((i&k == 0) != n.Desc) {
				nv = min(v, o)
			}
			if spmd.Any(l, nv != v) {
				changed++
			}
			v = nv
		}
	}
	keys[i] = v
	if i == 0 {
		*stages = changed
	}
}

// BitonicSkipEqual skips the rest of a stage when the pair is equal.
// kernel(bug): per-lane continue before the Any of the stage.
//
//spmd:kernel
func (n Net) BitonicSkipEqual(l spmd.Lane, keys []int, stages *int) {
	i := l.Index()
	v := keys[i]
	changed := 0
	for k := 2; k <= l.Count(); k <<= 1 {
		for j := k >> 1; j > 0; j >>= 1 {
			o := spmd.ShuffleXor(l, v, j)
			if o == v {
				continue
			}
			nv := max(v, o)
			if (i&j == 0) == ((i&k == 0) != n.Desc) {
				nv = min(v, o)
			}
			if spmd.Any(l, nv != v) { // EXPECT
				changed++
			}
			v = nv
		}
	}
	keys[i] = v
	if i == 0 {
		*stages = changed
	}
}

// Rank stores in rank[i] the position keys[i] has once sorted (stable).
// kernel(ok): uniform loop over the shared keys; the minimum test only
// selects a value.
//
//spmd:kernel
func Rank(l spmd.Lane, keys []int, rank []int) {
	i := l.Index()
	lo := spmd.ReduceMin(l, keys[i])
	r := 0
	if keys[i] != lo || i > 0 {
		for j, k := range keys {
			if k < keys[i] || (k == keys[i] && j < i) {
				r++
			}
		}
	}
	l.Barrier()
	rank[i] = r
}

// RankSkipMin lets the lanes holding the minimum leave at once.
// kernel(bug): return on a divergent test before the barrier.
//
//spmd:kernel
func RankSkipMin(l spmd.Lane, keys []int, rank []int) {
	i := l.Index()
	lo := spmd.ReduceMin(l, keys[i])
	if keys[i] == lo && i == 0 {
		rank[i] = 0
		return
	}
	r := 0
	for j, k := range keys {
		if k < keys[i] || (k == keys[i] && j < i) {
			r++
		}
	}
	l.Barrier() // EXPECT
	rank[i] = r
}
