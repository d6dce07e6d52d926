// Package use runs kernels over the handles of package lib.
package use

import (
	"spmdvet.test/handles/errs"
	"spmdvet.test/handles/lib"

	"github.com/spmdvet/spmdvet/spmd"
)

// A Reducer picked per lane: lanes run different collectives.
func pickPerLane(names []string, out []int) error {
	return spmd.Run(len(names), func(l spmd.Lane) {
		b := lib.Block{L: l}
		var r lib.Reducer = lib.Sum{B: b}
		if names[l.Index()] == "serial" {
			r = lib.Serial{}
		}
		out[l.Index()] = r.Reduce(1) // want `^collective r\.Reduce called through a lane-dependent function value`
	})
}

// One dynamic type whose field depends on the lane: the same method runs in
// every lane.
func sameType(k []int, out []int) error {
	return spmd.Run(len(k), func(l spmd.Lane) {
		var r lib.Reducer = lib.Scaled{B: lib.Block{L: l}, K: k[l.Index()]}
		out[l.Index()] = r.Reduce(1)
		if _, ok := r.(lib.Scaled); ok {
			l.Barrier() // whether r holds a Scaled is the same in every lane
		}
	})
}

// Two dynamic types, each holding a lane-dependent factor, chosen by a
// kernel parameter: every lane runs the same Reduce, and takes the same case
// of the type switch.
func pickPerLaunch(scaled bool, k []int, out []int) error {
	return spmd.Run(len(k), func(l spmd.Lane) {
		b := lib.Block{L: l}
		var r lib.Reducer = lib.Sum{B: b}
		if scaled {
			r = lib.Scaled{B: b, K: k[l.Index()]}
		}
		out[l.Index()] = r.Reduce(1)
		switch r := r.(type) {
		case lib.Scaled:
			out[l.Index()] += r.Reduce(r.K)
		case lib.Sum:
			out[l.Index()] += r.Reduce(2)
		}
	})
}

// The same two types, chosen by the lane's own factor.
func pickByFactor(k []int, out []int) error {
	return spmd.Run(len(k), func(l spmd.Lane) {
		b := lib.Block{L: l}
		var r lib.Reducer = lib.Sum{B: b}
		if k[l.Index()] > 1 {
			r = lib.Scaled{B: b, K: k[l.Index()]}
		}
		out[l.Index()] = r.Reduce(1) // want `^collective r\.Reduce called through a lane-dependent function value`
		switch r := r.(type) {
		case lib.Scaled:
			out[l.Index()] += r.Reduce(r.K) // want `^collective spmd\.ReduceAdd \(reached through r\.Reduce\) under divergent control`
		}
	})
}

// The type chosen in a loop that lanes leave in different iterations: after
// it, lanes hold the types of different iterations.
func pickInLoop(k []int, out []int) error {
	return spmd.Run(len(k), func(l spmd.Lane) {
		b := lib.Block{L: l}
		var r lib.Reducer = lib.Sum{B: b}
		for i := 0; i < k[l.Index()]; i++ {
			if i%2 == 0 {
				r = lib.Scaled{B: b, K: 2}
			} else {
				r = lib.Sum{B: b}
			}
		}
		out[l.Index()] = r.Reduce(1) // want `^collective r\.Reduce called through a lane-dependent function value`
	})
}

// The lanes past the end call FlushFast like all the others: the bug is in
// FlushFast (reported there).
func flush(out []int) error {
	return spmd.Run(8, func(l spmd.Lane) {
		b := lib.Block{L: l}
		b.Flush(out, l.Index())
		b.FlushFast(out, l.Index())
	})
}

// Counts kept through a pointer held in a struct: each lane counts its own
// items, so the count decides per lane whether Total runs.
type meter struct {
	*lib.Acc
	name string
}

func countItems(items [][]int, out []int) error {
	return spmd.Run(len(items), func(l spmd.Lane) {
		m := meter{Acc: &lib.Acc{B: lib.Block{L: l}}, name: "items"}
		for range items[l.Index()] {
			m.Add()
		}
		if m.N > 0 {
			out[l.Index()] = m.Total() // want `^collective spmd\.ReduceAdd \(reached through m\.Total\) under divergent control`
		}
	})
}

// Add writes the lane's own counts into N; Flush needs Muted, which no lane
// writes, uniform: fine.
type counter struct {
	*lib.Counter
	name string
}

func flushCounts(items [][]int, out []int) error {
	return spmd.Run(len(items), func(l spmd.Lane) {
		m := counter{Counter: &lib.Counter{B: lib.Block{L: l}}, name: "items"}
		for range items[l.Index()] {
			m.Add()
		}
		out[l.Index()] = m.Flush()
	})
}

// A lane that panics is stopped by the recovering helper it deferred, and
// leaves: the others sum without it.
func recovered(x []int, out []int, errors []error) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		defer errs.Catch(&errors[l.Index()])
		if x[l.Index()] < 0 {
			panic("negative")
		}
		out[l.Index()] = spmd.ReduceAdd(l, x[l.Index()]) // want `^collective spmd\.ReduceAdd under divergent control`
	})
}

// Log's recover stops nothing: a lane that panics brings the kernel down,
// so the lanes that go on are all there.
func notRecovered(x []int, out []int, errors []error) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		defer errs.Log(&errors[l.Index()])
		if x[l.Index()] < 0 {
			panic("negative")
		}
		out[l.Index()] = spmd.ReduceAdd(l, x[l.Index()])
	})
}

// A generic helper whose barrier is its type argument's: a lane-dependent
// phase count is a bug with a Block, and harmless with NoSync.
func phases(rows [][]int) error {
	return spmd.Run(len(rows), func(l spmd.Lane) {
		row := rows[l.Index()]
		lib.Phases(lib.Block{L: l}, len(row), func(int) {}) // want `^parameter n of lib\.Phases must be uniform, but a divergent value is passed: it decides whether a barrier runs`
		lib.Phases(lib.NoSync{}, len(row), func(p int) { row[p]++ })
		lib.Phases(lib.Block{L: l}, l.Count(), func(int) {})
	})
}

// The same with a generic type's method: Lanes adds over the lanes,
// Alone does not.
func totals(batches [][][]int, out []int) error {
	return spmd.Run(len(batches), func(l spmd.Lane) {
		for _, b := range batches[l.Index()] {
			out[l.Index()] += lib.Total(lib.Lanes[int]{L: l}, b) // want `^collective spmd\.ReduceAdd \(reached through lib\.Total\) under divergent control`
			out[l.Index()] += lib.Total(lib.Alone[int]{}, b)
		}
	})
}

// Interface parameters and type parameters given on: what decides is the
// dynamic type, or the type argument, at the call.
func phasesOf(rows [][]int) error {
	return spmd.Run(len(rows), func(l spmd.Lane) {
		n := len(rows[l.Index()])
		lib.PhasesOf(lib.NoSync{}, n)
		lib.PhasesOf(lib.Block{L: l}, n) // want `^parameter n of lib\.PhasesOf must be uniform`
		lib.PhasesTwice(lib.NoSync{}, n)
		lib.PhasesTwice(lib.Block{L: l}, n) // want `^parameter n of lib\.PhasesTwice must be uniform`
	})
}

// The handle's lane-dependent index is in a field Sum does not branch on.
func handles(fast bool, data []int, out []int) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		h := lib.NewHandle(l, fast)
		out[l.Index()] = h.Sum(data[l.Index()])
		g := lib.NewHandle(l, data[l.Index()] > 0)
		out[l.Index()] += g.Sum(1) // want `^field fast of what parameter h of g\.Sum points to must be uniform`
	})
}
