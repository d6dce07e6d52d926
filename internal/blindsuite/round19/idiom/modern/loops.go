// Package modern holds kernels written with Go 1.22+ features: per-iteration
// loop variables, range over int and over functions, iter.Pull, the min, max
// and clear builtins, generic type aliases and generic types with methods.
package modern

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// CapturedSteps builds one closure per iteration; each captures its own i
// (Go 1.22 semantics). Nothing captured is lane-dependent.
//
//spmd:kernel
func CapturedSteps(l spmd.Lane, out *int) {
	var steps []func() int
	for i := range 4 {
		steps = append(steps, func() int { return i * l.Count() })
	}
	total := 0
	for _, f := range steps {
		total += f()
	}
	if total == 6*l.Count() {
		l.Barrier()
	}
	if l.Index() == 0 {
		*out = total
	}
}

// RangeCount reduces once per lane of the group: uniform trip count.
//
//spmd:kernel
func RangeCount(l spmd.Lane, out *int) {
	s := 0
	for i := range l.Count() {
		s += spmd.ReduceAdd(l, i)
	}
	if l.Index() == 0 {
		*out = s
	}
}

// RangeLane reduces once per lower lane: the trip count is the lane index.
//
//spmd:kernel
func RangeLane(l spmd.Lane, out []int) {
	s := 0
	for i := range l.Index() + 1 {
		s += spmd.ReduceAdd(l, i) // EXPECT
	}
	out[l.Index()] = s
}

// MinLaneSteps syncs min(lane, 2) times.
//
//spmd:kernel
func MinLaneSteps(l spmd.Lane, out []int) {
	n := min(l.Index(), 2)
	for range n {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = n
}

// MaxCountSteps syncs max(count/2, 1) times: uniform.
//
//spmd:kernel
func MaxCountSteps(l spmd.Lane, out []int) {
	n := max(l.Count()/2, 1)
	for range n {
		l.Barrier()
	}
	out[l.Index()] = n
}

// ClearShared clears a per-lane scratch map built from shared keys and syncs
// once per remaining entry: there are none in any lane.
//
//spmd:kernel
func ClearShared(l spmd.Lane, keys []string, out []int) {
	seen := make(map[string]bool)
	for _, k := range keys {
		seen[k] = true
	}
	before := len(seen)
	clear(seen)
	if before > 2 {
		l.Barrier()
	}
	out[l.Index()] = before + len(seen)
}

// LabeledScan scans a shared grid row by row and leaves both loops at the
// first cell equal to the lane index; the barrier sits in the inner loop.
//
//spmd:kernel
func LabeledScan(l spmd.Lane, grid [][]int, out []int) {
	steps := 0
rows:
	for _, row := range grid {
		for _, c := range row {
			if c == l.Index() {
				break rows
			}
			l.Barrier() // EXPECT
			steps++
		}
	}
	out[l.Index()] = steps
}

// LabeledScanShared is the twin that stops at a shared target.
//
//spmd:kernel
func LabeledScanShared(l spmd.Lane, grid [][]int, target int, out []int) {
	steps := 0
rows:
	for _, row := range grid {
		for _, c := range row {
			if c == target {
				break rows
			}
			l.Barrier()
			steps++
		}
	}
	out[l.Index()] = steps
}
