// Package seqs holds kernels whose control flow depends on per-lane slices
// built with append, slicing, copy and sorting.
package seqs

import (
	"slices"
	"sort"

	"github.com/spmdvet/spmdvet/spmd"
)

// ScaledSum (correct): every lane appends exactly one item per element of
// data, so len(scaled) is len(data) in every lane; only the values depend on
// the lane. All lanes run the ReduceAdd loop the same number of times.
//
//spmd:kernel
func ScaledSum(l spmd.Lane, data []int, out []int) {
	var scaled []int
	for _, d := range data {
		scaled = append(scaled, d*l.Index())
	}
	total := 0
	for _, v := range scaled {
		total += spmd.ReduceAdd(l, v)
	}
	out[l.Index()] = total
}

// StridedMax (bug): lane i keeps every (i+1)-th element, so len(picks)
// depends on the lane and the ReduceMax loop runs a lane-dependent number of
// times.
//
//spmd:kernel
func StridedMax(l spmd.Lane, data []int, out []int) {
	var picks []int
	for j := 0; j < len(data); j += l.Index() + 1 {
		picks = append(picks, data[j])
	}
	best := 0
	for _, p := range picks {
		best = max(best, spmd.ReduceMax(l, p)) // EXPECT
	}
	out[l.Index()] = best
}

// OwnedPhases (bug): each lane collects the values it owns (d mod Count ==
// Index); the per-lane counts differ, and there is a barrier per owned value.
//
//spmd:kernel
func OwnedPhases(l spmd.Lane, data []int, out []int) {
	var mine []int
	for _, d := range data {
		if d%l.Count() == l.Index() {
			mine = append(mine, d)
		}
	}
	for _, v := range mine {
		out[l.Index()] += v
		l.Barrier() // EXPECT
	}
}

// OwnedPaddedSum (correct): the same lane-dependent ownership, but the lanes
// first agree on the trip count with ReduceMax (uniform result) and pad with
// zeros, so every lane reaches the ReduceAdd the same number of times.
//
//spmd:kernel
func OwnedPaddedSum(l spmd.Lane, data []int, out []int) {
	var mine []int
	for _, d := range data {
		if d%l.Count() == l.Index() {
			mine = append(mine, d)
		}
	}
	rounds := spmd.ReduceMax(l, len(mine))
	sum := 0
	for k := 0; k < rounds; k++ {
		v := 0
		if k < len(mine) {
			v = mine[k]
		}
		sum += spmd.ReduceAdd(l, v)
	}
	out[l.Index()] = sum
}

// WindowSums (correct): each lane copies the window starting at its own
// offset into a buffer whose length is a constant; the values differ, the
// length of win does not.
//
//spmd:kernel
func WindowSums(l spmd.Lane, data []int, out []int) {
	win := make([]int, 3)
	copy(win, data[l.Index():])
	s := 0
	for _, v := range win {
		s += spmd.ReduceAdd(l, v)
	}
	out[l.Index()] = s
}

// TailCount (bug): copy returns how many elements it copied, which depends on
// the lane's offset into data; the loop bounded by it is divergent.
//
//spmd:kernel
func TailCount(l spmd.Lane, data []int, out []int) {
	win := make([]int, 4)
	n := copy(win, data[3*l.Index():])
	for k := 0; k < n; k++ {
		win[k] = spmd.ReduceAdd(l, win[k]) // EXPECT
	}
	out[l.Index()] = win[0]
}

// SortedCutoff (bug): lane-dependent values, sorted per lane; the loop stops
// at the first value above the cutoff, which is at a lane-dependent position.
//
//spmd:kernel
func SortedCutoff(l spmd.Lane, data []int, out []int) {
	vals := make([]int, len(data))
	for k, d := range data {
		vals[k] = (d * (l.Index() + 1)) % 7
	}
	sort.Ints(vals)
	n := 0
	for _, v := range vals {
		if v > 3 {
			break
		}
		l.Barrier() // EXPECT
		n++
	}
	out[l.Index()] = n
}

// SortedSharedCutoff (correct): every lane sorts its own copy of the shared
// data, so the values tested by the break are the same in every lane; only
// the reduced operand depends on the lane.
//
//spmd:kernel
func SortedSharedCutoff(l spmd.Lane, data []int, limit int, out []int) {
	local := append([]int(nil), data...)
	slices.Sort(local)
	s := 0
	for _, v := range local {
		if v > limit {
			break
		}
		s += spmd.ReduceAdd(l, v*l.Index())
	}
	out[l.Index()] = s
}

// UntilZero (bug): lane i copies data shifted by i into a zeroed buffer, so
// lane i meets the trailing zeros i iterations earlier and breaks out sooner.
//
//spmd:kernel
func UntilZero(l spmd.Lane, data []int, out []int) {
	buf := make([]int, len(data))
	copy(buf, data[l.Index():])
	n := 0
	for _, v := range buf {
		if v == 0 {
			break
		}
		n += spmd.ReduceAdd(l, 1) // EXPECT
	}
	out[l.Index()] = n
}

// RaggedRows (bug): row r of lane i has r+i cells, so the inner loop's trip
// count depends on the lane.
//
//spmd:kernel
func RaggedRows(l spmd.Lane, rows int, out []int) {
	grid := make([][]int, rows)
	for r := range grid {
		grid[r] = make([]int, r+l.Index())
	}
	cells := 0
	for _, row := range grid {
		for range row {
			cells += spmd.ReduceAdd(l, 1) // EXPECT
		}
	}
	out[l.Index()] = cells
}

// TriangleRows (correct): row r has r+1 cells in every lane; the cells hold
// lane-dependent values, which only feed the reduction.
//
//spmd:kernel
func TriangleRows(l spmd.Lane, rows int, out []int) {
	grid := make([][]int, rows)
	for r := range grid {
		grid[r] = make([]int, r+1)
		for c := range grid[r] {
			grid[r][c] = r*c + l.Index()
		}
	}
	s := 0
	for _, row := range grid {
		for _, v := range row {
			s += spmd.ReduceAdd(l, v)
		}
	}
	out[l.Index()] = s
}

// SignedCopy (correct): the lane-dependent branch chooses the value to
// append, not whether to append; the append itself runs once per element in
// every lane.
//
//spmd:kernel
func SignedCopy(l spmd.Lane, data []int, out []int) {
	var xs []int
	for _, d := range data {
		v := d
		if (d+l.Index())%2 == 1 {
			v = -d
		}
		xs = append(xs, v)
	}
	s := 0
	for _, x := range xs {
		s += spmd.ReduceAdd(l, x)
	}
	out[l.Index()] = s
}
