// Package stdlib holds kernels that call the standard library (slices, maps,
// sort, strings, strconv, bytes, math) and branch on what comes back.
package stdlib

import (
	"slices"
	"sort"

	"github.com/spmdvet/spmdvet/spmd"
)

// SortedMax sorts a private copy of the shared data and syncs when the
// largest element is big. Everything comes from the kernel parameter, so the
// maximum is uniform.
//
//spmd:kernel
func SortedMax(l spmd.Lane, data []int, out *int) {
	s := slices.Clone(data)
	slices.Sort(s)
	m := slices.Max(s)
	if m > 10 {
		l.Barrier()
	}
	if l.Index() == 0 {
		*out = m
	}
}

// AppendLaneMax appends the lane index to a clone, so the maximum depends on
// the lane.
//
//spmd:kernel
func AppendLaneMax(l spmd.Lane, data []int, out *int) {
	s := append(slices.Clone(data), l.Index())
	m := slices.Max(s)
	if m > 2 {
		l.Barrier() // EXPECT
	}
	if l.Index() == 0 {
		*out = m
	}
}

// ContainsLane asks whether the lane's own index is in the data.
//
//spmd:kernel
func ContainsLane(l spmd.Lane, data []int, out *int) {
	n := 0
	if slices.Contains(data, l.Index()) {
		n = spmd.ReduceAdd(l, 1) // EXPECT
	}
	if l.Index() == 0 {
		*out = n
	}
}

// ContainsCount asks whether the group size is in the data: uniform.
//
//spmd:kernel
func ContainsCount(l spmd.Lane, data []int, out *int) {
	n := 0
	if slices.Contains(data, l.Count()) {
		n = spmd.ReduceAdd(l, 1)
	}
	if l.Index() == 0 {
		*out = n
	}
}

// ReversedHead reverses a clone and looks at its head: uniform.
//
//spmd:kernel
func ReversedHead(l spmd.Lane, data []int, out *int) {
	r := slices.Clone(data)
	slices.Reverse(r)
	if r[0] > 0 {
		l.Barrier()
	}
	s := spmd.ReduceAdd(l, r[0])
	if l.Index() == 0 {
		*out = s
	}
}

// IndexOfDouble looks up 2*lane in the data; only some lanes find it.
//
//spmd:kernel
func IndexOfDouble(l spmd.Lane, data []int, out []int) {
	i := slices.Index(data, 2*l.Index())
	if i >= 0 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = i
}

// SortLaneLiteral sorts a small literal holding the lane index; the literal is
// per-lane memory with a divergent store, so its head is divergent.
//
//spmd:kernel
func SortLaneLiteral(l spmd.Lane, out []int) {
	xs := []int{l.Index(), 3, 1}
	sort.Ints(xs)
	if xs[0] == 0 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = xs[0]
}

// SortCountLiteral is the twin with the group size instead: uniform.
//
//spmd:kernel
func SortCountLiteral(l spmd.Lane, out []int) {
	xs := []int{l.Count(), 3, 1}
	sort.Ints(xs)
	if xs[0] == 1 {
		l.Barrier()
	}
	out[l.Index()] = xs[0]
}

// SearchLane binary-searches the lane index in sorted shared data.
//
//spmd:kernel
func SearchLane(l spmd.Lane, sorted []int, out []int) {
	i := sort.SearchInts(sorted, l.Index())
	if i == len(sorted) {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = i
}

// SearchCount binary-searches the group size: uniform.
//
//spmd:kernel
func SearchCount(l spmd.Lane, sorted []int, out []int) {
	i := sort.SearchInts(sorted, l.Count())
	if i == len(sorted) {
		l.Barrier()
	}
	out[l.Index()] = i
}
