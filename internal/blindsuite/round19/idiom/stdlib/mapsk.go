package stdlib

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// MapRangeSum sums the values of a shared map in whatever order this lane
// sees them, then reduces. The partial sum is divergent as far as a checker
// knows, but nothing branches on it; the reduction result is uniform.
//
//spmd:kernel
func MapRangeSum(l spmd.Lane, m map[string]int, out *int) {
	part := 0
	for _, v := range m {
		part += v
	}
	total := spmd.ReduceAdd(l, part)
	if total > 10 {
		l.Barrier()
	}
	if l.Index() == 0 {
		*out = total
	}
}

// MapRangeCount syncs once per entry of a shared map. Every lane makes
// len(m) iterations; only the keys and values come in a per-lane order, and
// the body uses neither.
//
//spmd:kernel
func MapRangeCount(l spmd.Lane, m map[string]int, out *int) {
	n := 0
	for range m {
		l.Barrier()
		n++
	}
	if l.Index() == 0 {
		*out = n
	}
}

// MapRangeStop syncs on each entry until it meets the key stop. Iteration
// order is per lane, so lanes leave the loop after different numbers of
// barriers.
//
//spmd:kernel
func MapRangeStop(l spmd.Lane, m map[string]int, stop string, out []int) {
	seen := 0
	for k := range m {
		l.Barrier() // EXPECT
		seen++
		if k == stop {
			break
		}
	}
	out[l.Index()] = seen
}

// MapLookupLane looks up the lane's own key: only some lanes find it.
//
//spmd:kernel
func MapLookupLane(l spmd.Lane, m map[int]int, out []int) {
	v, ok := m[l.Index()]
	if !ok {
		return
	}
	out[l.Index()] = spmd.ReduceAdd(l, v) // EXPECT
}

// MapLookupKey looks up a key given to the kernel: uniform.
//
//spmd:kernel
func MapLookupKey(l spmd.Lane, m map[int]int, key int, out []int) {
	v, ok := m[key]
	if !ok {
		return
	}
	out[l.Index()] = spmd.ReduceAdd(l, v+l.Index())
}
