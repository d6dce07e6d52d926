// Package lanelocal holds kernels whose lanes keep state in their own
// memory: locals whose address is taken, struct fields, small arrays,
// scratch slices and maps.
package lanelocal

import "github.com/spmdvet/spmdvet/spmd"

// accumulate adds v to *acc.
func accumulate(acc *float32, v float32) { *acc += v }

// lower lowers *m to v when v is smaller.
func lower(m *int, v int) {
	if v < *m {
		*m = v
	}
}

// kernel(bug)
// RowScaleBug scales each row's sum by the group total; rows that sum to
// zero or less skip the reduction.
func RowScaleBug(rows [][]float32, cols int, out []float32) error {
	return spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		var sum, n float32
		for j := 0; j < cols; j++ {
			accumulate(&sum, rows[i][j])
			accumulate(&n, 1)
		}
		if sum > 0 {
			total := spmd.ReduceAdd(l, sum) // EXPECT
			out[i] = sum / total
		}
	})
}

// kernel(ok)
// RowScaleOK gates the reduction on the element count, the same in every lane.
func RowScaleOK(rows [][]float32, cols int, out []float32) error {
	return spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		var sum, n float32
		for j := 0; j < cols; j++ {
			accumulate(&sum, rows[i][j])
			accumulate(&n, 1)
		}
		if n > 0 {
			total := spmd.ReduceAdd(l, sum)
			out[i] = sum / total
		}
	})
}

// kernel(bug)
// SmoothBug runs 3-point smoothing passes, capped by each lane's own budget.
func SmoothBug(budget []int, maxPasses int, buf []float32) error {
	n := len(buf)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		passes := maxPasses
		lower(&passes, budget[i])
		for p := 0; p < passes; p++ {
			v := (buf[(i+n-1)%n] + buf[i] + buf[(i+1)%n]) / 3
			l.Barrier() // EXPECT
			buf[i] = v
			l.Barrier() // EXPECT
		}
	})
}

// kernel(ok)
// SmoothOK caps the passes by a group-wide limit.
func SmoothOK(limit int, maxPasses int, buf []float32) error {
	n := len(buf)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		passes := maxPasses
		lower(&passes, limit)
		for p := 0; p < passes; p++ {
			v := (buf[(i+n-1)%n] + buf[i] + buf[(i+1)%n]) / 3
			l.Barrier()
			buf[i] = v
			l.Barrier()
		}
	})
}

type laneState struct {
	id     int
	rounds int
	energy float32
}

// kernel(bug)
// RelaxBug halves each lane's energy until it is small, with a barrier per
// sweep: lanes sweep a different number of times.
func RelaxBug(energy []float32, rounds int, out []float32) error {
	return spmd.Run(len(energy), func(l spmd.Lane) {
		st := laneState{id: l.Index(), rounds: rounds, energy: energy[l.Index()]}
		for st.energy > 1 {
			st.energy /= 2
			st.rounds--
			l.Barrier() // EXPECT
		}
		out[st.id] = st.energy
	})
}

// kernel(ok)
// RelaxOK sweeps a fixed number of rounds, counted in the same struct.
func RelaxOK(energy []float32, rounds int, out []float32) error {
	return spmd.Run(len(energy), func(l spmd.Lane) {
		st := laneState{id: l.Index(), rounds: rounds, energy: energy[l.Index()]}
		for st.rounds > 0 {
			st.energy /= 2
			st.rounds--
			l.Barrier()
		}
		out[st.id] = st.energy
	})
}

// kernel(bug)
// ClassifyBug counts each lane's class in a small per-lane table and syncs
// when the header slot was bumped.
func ClassifyBug(class []int, out []int) error {
	return spmd.Run(len(class), func(l spmd.Lane) {
		i := l.Index()
		var slots [4]int
		slots[0] = 1
		slots[class[i]%4] += 2
		if slots[0] > 1 {
			l.Barrier() // EXPECT
		}
		out[i] = slots[0] + slots[1] + slots[2] + slots[3]
	})
}

// kernel(ok)
// ClassifyOK keeps the class in a fixed slot; the header slot is untouched.
func ClassifyOK(class []int, out []int) error {
	return spmd.Run(len(class), func(l spmd.Lane) {
		i := l.Index()
		var slots [4]int
		slots[0] = 2
		slots[3] += class[i]
		if slots[0] > 1 {
			l.Barrier()
		}
		out[i] = slots[0] + slots[1] + slots[2] + slots[3]
	})
}

// kernel(bug)
// ParityBug marks the lane's parity slot through a pointer; only even lanes
// see slot 0 set.
func ParityBug(lanes int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		var seen [2]bool
		p := &seen[l.Index()%2]
		*p = true
		if seen[0] {
			l.Barrier() // EXPECT
		}
		if seen[1] {
			out[l.Index()] = 1
		}
	})
}

// kernel(ok)
// ParityOK marks the slot of the group's phase.
func ParityOK(lanes, phase int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		var seen [2]bool
		p := &seen[phase%2]
		*p = true
		if seen[0] {
			l.Barrier()
		}
		if seen[1] {
			out[l.Index()] = 1
		}
	})
}

// kernel(bug)
// CompactBug keeps each lane's positive values in a scratch slice and syncs
// once per chunk of it.
func CompactBug(rows [][]float32, cols, chunk int, out []float32) error {
	return spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		var keep []float32
		for j := 0; j < cols; j++ {
			if v := rows[i][j]; v > 0 {
				keep = append(keep, v)
			}
		}
		var s float32
		for k := 0; k < len(keep); k += chunk {
			for _, v := range keep[k:min(k+chunk, len(keep))] {
				s += v
			}
			l.Barrier() // EXPECT
		}
		out[i] = s
	})
}

// kernel(ok)
// CompactOK clamps instead of dropping, so every lane keeps cols values.
func CompactOK(rows [][]float32, cols, chunk int, out []float32) error {
	return spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		var keep []float32
		for j := 0; j < cols; j++ {
			keep = append(keep, max(rows[i][j], 0))
		}
		var s float32
		for k := 0; k < len(keep); k += chunk {
			for _, v := range keep[k:min(k+chunk, len(keep))] {
				s += v
			}
			l.Barrier()
		}
		out[i] = s
	})
}

// kernel(bug)
// OneHotBug builds a one-hot vector of each lane's label and reduces over
// the lanes whose class 0 is hot.
func OneHotBug(labels []int, classes int, out []float32) error {
	return spmd.Run(len(labels), func(l spmd.Lane) {
		i := l.Index()
		hot := make([]float32, classes)
		hot[labels[i]] = 1
		if hot[0] > 0 {
			out[i] = spmd.ReduceAdd(l, float32(labels[i])) // EXPECT
		}
	})
}

// kernel(ok)
// OneHotOK marks the group's target class instead.
func OneHotOK(labels []int, classes, target int, out []float32) error {
	return spmd.Run(len(labels), func(l spmd.Lane) {
		i := l.Index()
		hot := make([]float32, classes)
		hot[target] = 1
		if hot[0] > 0 {
			out[i] = spmd.ReduceAdd(l, float32(labels[i]))
		}
	})
}

// kernel(bug)
// SearchBug scans each lane's row for key; lanes that found it join a count.
func SearchBug(grid [][]int, key int, hits []int) error {
	return spmd.Run(len(grid), func(l spmd.Lane) {
		i := l.Index()
		found := false
		visit := func(v int) {
			if v == key {
				found = true
			}
		}
		for _, v := range grid[i] {
			visit(v)
		}
		if found {
			hits[i] = spmd.ReduceAdd(l, 1) // EXPECT
		}
	})
}

// kernel(ok)
// SearchOK scans the group's shared row, so every lane finds the same.
func SearchOK(grid [][]int, row, key int, hits []int) error {
	return spmd.Run(len(grid), func(l spmd.Lane) {
		i := l.Index()
		found := false
		visit := func(v int) {
			if v == key {
				found = true
			}
		}
		for _, v := range grid[row] {
			visit(v)
		}
		if found {
			hits[i] = spmd.ReduceAdd(l, 1)
		}
	})
}

// kernel(bug)
// LeaderBug: lane 0 sets its own leader flag, then the leader reduces.
func LeaderBug(vals []int, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		var lead bool
		mark := &lead
		if l.Index() == 0 {
			*mark = true
		}
		if lead {
			m := spmd.ReduceMax(l, vals[l.Index()]) // EXPECT
			out[0] = m
		}
	})
}

// kernel(ok)
// LeaderOK sets the flag on a group-wide condition.
func LeaderOK(vals []int, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		var lead bool
		mark := &lead
		if l.Count() > 1 {
			*mark = true
		}
		if lead {
			m := spmd.ReduceMax(l, vals[l.Index()])
			if l.Index() == 0 {
				out[0] = m
			}
		}
	})
}

// kernel(bug)
// DistinctBug counts the distinct values of each lane's row; lanes with
// many of them sync.
func DistinctBug(grid [][]int, out []int) error {
	return spmd.Run(len(grid), func(l spmd.Lane) {
		i := l.Index()
		seen := map[int]bool{}
		for j := 0; j < len(grid[0]); j++ {
			seen[grid[i][j]] = true
		}
		if len(seen) > 2 {
			l.Barrier() // EXPECT
		}
		out[i] = len(seen)
	})
}

// kernel(ok)
// DistinctOK keys the map by column, the same keys in every lane.
func DistinctOK(grid [][]int, out []int) error {
	return spmd.Run(len(grid), func(l spmd.Lane) {
		i := l.Index()
		pos := map[int]bool{}
		for j := 0; j < len(grid[0]); j++ {
			pos[j] = grid[i][j] > 0
		}
		if len(pos) > 2 {
			l.Barrier()
		}
		n := 0
		for _, p := range pos {
			if p {
				n++
			}
		}
		out[i] = n
	})
}
