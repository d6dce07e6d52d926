// Package ambig holds kernels whose verdict the spec does not settle.
package ambig

import (
	"slices"
	"sort"
	"sync"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round28/mem/memlib"
	"github.com/spmdvet/spmdvet/spmd"
)

// kernel A1
// Overwrite stores a per-lane value into a local through a pointer, then
// overwrites it with the group size before looping on it. Runs fine.
func Overwrite(x, out []int) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		var lim int
		p := &lim
		*p = x[l.Index()] // provisional per-lane value
		out[l.Index()] = *p
		*p = len(x)
		for k := 0; k < lim; k++ {
			l.Barrier()
		}
	})
}

type walker struct {
	pos    int
	rounds int
}

func (w *walker) budget() int { return w.rounds }

// kernel A2
// FieldHelper reads the uniform field of a per-lane struct whose other
// field is lane-dependent, through a pointer-receiver helper. Runs fine.
func FieldHelper(rounds int, out []int) error {
	return spmd.Run(4, func(l spmd.Lane) {
		w := walker{pos: l.Index(), rounds: rounds}
		for r := 0; r < w.budget(); r++ {
			w.pos += r
			l.Barrier()
		}
		out[l.Index()] = w.pos
	})
}

// kernel A3
// LockedCount bumps a shared counter under a mutex and reads it back in
// the critical section: a plain load of shared memory at a uniform
// address, but each lane sees a different count. Diverges at run time.
func LockedCount(lanes int) error {
	var mu sync.Mutex
	cnt := 0
	return spmd.Run(lanes, func(l spmd.Lane) {
		mu.Lock()
		cnt++
		v := cnt
		mu.Unlock()
		if v == l.Count() {
			l.Barrier()
		}
	})
}

// kernel A4
// SortedCopy sorts a private copy of shared data; every lane's copy is the
// same, so the median gate is uniform. Runs fine.
func SortedCopy(data []int, out []int) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		local := slices.Clone(data)
		sort.Ints(local)
		if local[len(local)/2] > 0 {
			out[l.Index()] = spmd.ReduceAdd(l, 1)
		}
	})
}

// kernel A5
// MapCopy copies a shared map into a per-lane map by ranging over it, then
// reads a fixed key: every lane's copy holds the same entries. Runs fine.
func MapCopy(cfg map[string]int, out []int) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		local := make(map[string]int, len(cfg))
		for k, v := range cfg {
			local[k] = v
		}
		local["lane"] = l.Index()
		for r := 0; r < local["reps"]; r++ {
			out[l.Index()] += spmd.ReduceAdd(l, 1)
		}
	})
}

// kernel A6
// HelperScratch gets a fresh buffer from a helper in each lane, marks the
// lane's slot and gates on slot 0: the buffer is per-lane memory, though
// not a local of the kernel. Diverges at run time.
func HelperScratch(lanes int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		buf := memlib.Scratch(lanes)
		buf[l.Index()] = 1
		if buf[0] == 1 {
			l.Barrier()
		}
		out[l.Index()] = buf[l.Index()]
	})
}
