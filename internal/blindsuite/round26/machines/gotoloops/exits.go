package gotoloops

import "github.com/spmdvet/spmdvet/spmd"

func slot(key, n int) int { return (key*7 + 3) % n }

// Lookup finds each lane's key in an open-addressing table (0 marks an empty
// slot). The group probes in lockstep until every lane has found its key
// or an empty slot; if that took more than one probe, pos[len(keys)] gets the
// number of lanes whose key is not in its home slot. pos[i] gets lane i's
// slot or -1.
//
// kernel(ok)
func Lookup(table, keys []int, pos []int) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		key := keys[l.Index()]
		home := slot(key, len(table))
		h, probes, at, done := home, 0, -1, false
	probe:
		probes++
		if !done && table[h] == key {
			at = h
		}
		done = done || at >= 0 || table[h] == 0
		if !spmd.All(l, done) && probes < len(table) {
			h = (h + 1) % len(table)
			goto probe
		}
		if probes > 1 {
			moved := 0
			if at >= 0 && at != home {
				moved = 1
			}
			n := spmd.ReduceAdd(l, moved)
			if l.Index() == 0 {
				pos[len(keys)] = n
			}
		}
		pos[l.Index()] = at
	})
}

// LookupEach is Lookup where each lane stops probing as soon as it is done.
//
// kernel(bug)
func LookupEach(table, keys []int, pos []int) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		key := keys[l.Index()]
		home := slot(key, len(table))
		h, probes, at, done := home, 0, -1, false
	probe:
		probes++
		if !done && table[h] == key {
			at = h
		}
		done = done || at >= 0 || table[h] == 0
		if !done && probes < len(table) {
			h = (h + 1) % len(table)
			goto probe
		}
		if probes > 1 {
			moved := 0
			if at >= 0 && at != home {
				moved = 1
			}
			n := spmd.ReduceAdd(l, moved) // EXPECT
			if l.Index() == 0 {
				pos[len(keys)] = n
			}
		}
		pos[l.Index()] = at
	})
}

// FirstRow finds, per lane, the first row of grid holding the lane's key.
// Once every lane has left the search, the group takes a ballot of the
// lanes whose key is in the top half, if the earliest hit is there.
//
// kernel(ok)
func FirstRow(grid [][]int, keys []int, out []uint64) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		key := keys[l.Index()]
		row := 0
	rows:
		for row = 0; row < len(grid); row++ {
			for _, v := range grid[row] {
				if v == key {
					break rows
				}
			}
		}
		first := spmd.ReduceMin(l, row)
		if first < len(grid)/2 {
			m := spmd.Ballot(l, row < len(grid)/2)
			if l.Index() == 0 {
				out[0] = m
			}
		}
	})
}

// FirstRowOwn is FirstRow where each lane decides from its own row whether
// to take the ballot.
//
// kernel(bug)
func FirstRowOwn(grid [][]int, keys []int, out []uint64) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		key := keys[l.Index()]
		row := 0
	rows:
		for row = 0; row < len(grid); row++ {
			for _, v := range grid[row] {
				if v == key {
					break rows
				}
			}
		}
		if row < len(grid)/2 {
			m := spmd.Ballot(l, row < len(grid)/2) // EXPECT
			if l.Index() == 0 {
				out[0] = m
			}
		}
	})
}

// FillFrom searches a rows x cols matrix for a key, then walks the rows from
// the hit on, adding up over the group the per-lane weight of each row.
// All lanes search for lane 0's key; a search without a hit walks nothing.
//
// kernel(ok)
func FillFrom(m []int, rows, cols int, keys []int, weights [][]int, out []int) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		key := spmd.BroadcastFirst(l, keys[l.Index()])
		r, c, total := 0, 0, 0
		for r = 0; r < rows; r++ {
			for c = 0; c < cols; c++ {
				if m[r*cols+c] == key {
					goto fill
				}
			}
		}
	fill:
		if r < rows {
			total += spmd.ReduceAdd(l, weights[r][l.Index()])
			r++
			goto fill
		}
		out[l.Index()] = total
	})
}

// FillFromOwn is FillFrom where each lane searches for its own key.
//
// kernel(bug)
func FillFromOwn(m []int, rows, cols int, keys []int, weights [][]int, out []int) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		key := keys[l.Index()]
		r, c, total := 0, 0, 0
		for r = 0; r < rows; r++ {
			for c = 0; c < cols; c++ {
				if m[r*cols+c] == key {
					goto fill
				}
			}
		}
	fill:
		if r < rows {
			total += spmd.ReduceAdd(l, weights[r][l.Index()]) // EXPECT
			r++
			goto fill
		}
		out[l.Index()] = total
	})
}
