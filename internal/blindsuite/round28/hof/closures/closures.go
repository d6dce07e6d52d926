// Package closures holds kernels that build closures over lane state and
// call them directly, defer them, hand them to helpers or keep them in
// tables.
package closures

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round28/hof/par"
	"github.com/spmdvet/spmdvet/spmd"
)

// ShiftLeftOK: out[i] = in[i+1] through a shared tile; spare lanes idle.
// kernel(ok)
func ShiftLeftOK(in, out []float32, lanes int) error {
	tile := make([]float32, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		load := func() {
			if i < len(in) {
				tile[i] = in[i]
			}
			l.Barrier()
		}
		load()
		if i+1 < len(in) {
			out[i] = tile[i+1]
		}
	})
}

// ShiftLeftBug: the loader returns early for spare lanes.
// kernel(bug)
func ShiftLeftBug(in, out []float32, lanes int) error {
	tile := make([]float32, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		load := func() {
			if i >= len(in) {
				return
			}
			tile[i] = in[i]
			l.Barrier() // EXPECT
		}
		load()
		if i+1 < len(in) {
			out[i] = tile[i+1]
		}
	})
}

// ActiveSumOK: inactive lanes contribute zero.
// kernel(ok)
func ActiveSumOK(data []int, active []bool, out []int) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		sum := func(v int) int { return spmd.ReduceAdd(l, v) }
		v := 0
		if active[i] {
			v = data[i]
		}
		total := sum(v)
		if i == 0 {
			out[0] = total
		}
	})
}

// ActiveSumBug: only active lanes call the reducing closure.
// kernel(bug)
func ActiveSumBug(data []int, active []bool, out []int) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		sum := func(v int) int { return spmd.ReduceAdd(l, v) }
		total := 0
		if active[i] {
			total = sum(data[i]) // EXPECT
		}
		if i == 0 {
			out[0] = total
		}
	})
}

// PublishOK: every lane defers the publishing step.
// kernel(ok)
func PublishOK(part []float64, out []float64) error {
	return spmd.Run(len(part), func(l spmd.Lane) {
		i := l.Index()
		publish := func() {
			s := spmd.ReduceAdd(l, part[i])
			if i == 0 {
				out[0] = s
			}
		}
		defer publish()
		part[i] *= 2
	})
}

// PublishBug: only lanes with a nonzero part defer the publishing step.
// kernel(bug)
func PublishBug(part []float64, out []float64) error {
	return spmd.Run(len(part), func(l spmd.Lane) {
		i := l.Index()
		publish := func() {
			s := spmd.ReduceAdd(l, part[i])
			if i == 0 {
				out[0] = s
			}
		}
		if part[i] != 0 {
			defer publish() // EXPECT
		}
		part[i] *= 2
	})
}

// DrainOK: a deferred literal syncs before lane 0 reads the tile.
// kernel(ok)
func DrainOK(in []int, out []int) error {
	tile := make([]int, len(in))
	return spmd.Run(len(in), func(l spmd.Lane) {
		i := l.Index()
		defer func() {
			l.Barrier()
			if i == 0 {
				s := 0
				for _, v := range tile {
					s += v
				}
				out[0] = s
			}
		}()
		tile[i] = in[i] * in[i]
	})
}

// DrainBug: the deferred literal syncs only in lanes that wrote.
// kernel(bug)
func DrainBug(in []int, out []int) error {
	tile := make([]int, len(in))
	return spmd.Run(len(in), func(l spmd.Lane) {
		i := l.Index()
		defer func() {
			if tile[i] != 0 {
				l.Barrier() // EXPECT
			}
			if i == 0 {
				s := 0
				for _, v := range tile {
					s += v
				}
				out[0] = s
			}
		}()
		tile[i] = in[i] * in[i]
	})
}

// eachOwned calls f for every index in [0, n) this lane owns.
func eachOwned(l spmd.Lane, n int, f func(k int)) {
	for k := l.Index(); k < n; k += l.Count() {
		f(k)
	}
}

// SquareOwnedOK: the callback only stores; the barrier follows the loop.
// kernel(ok)
func SquareOwnedOK(buf []int, lanes int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		eachOwned(l, len(buf), func(k int) { buf[k] *= buf[k] })
		l.Barrier()
		if l.Index() == 0 {
			s := 0
			for _, v := range buf {
				s += v
			}
			out[0] = s
		}
	})
}

// SquareOwnedBug: the callback syncs, once per owned element.
// kernel(bug)
func SquareOwnedBug(buf []int, lanes int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		eachOwned(l, len(buf), func(k int) { buf[k] *= buf[k]; l.Barrier() }) // EXPECT
		if l.Index() == 0 {
			s := 0
			for _, v := range buf {
				s += v
			}
			out[0] = s
		}
	})
}

// RelaxOK: a fixed number of smoothing rounds, each synced.
// kernel(ok)
func RelaxOK(x []float64, rounds int) error {
	n := len(x)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		par.Repeat(rounds, func(r int) {
			v := (x[(i+n-1)%n] + x[i] + x[(i+1)%n]) / 3
			l.Barrier()
			x[i] = v
			l.Barrier()
		})
	})
}

// RelaxBug: each lane runs its own number of rounds.
// kernel(bug)
func RelaxBug(x []float64, rounds []int) error {
	n := len(x)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		par.Repeat(rounds[i], func(r int) { // EXPECT
			v := (x[(i+n-1)%n] + x[i] + x[(i+1)%n]) / 3
			l.Barrier()
			x[i] = v
			l.Barrier()
		})
	})
}

// reducer keeps its combining step in a field.
type reducer struct {
	combine func(float32) float32
	count   int
}

// PeakOK: every lane combines through the field.
// kernel(ok)
func PeakOK(v []float32, out []float32) error {
	return spmd.Run(len(v), func(l spmd.Lane) {
		i := l.Index()
		r := reducer{combine: func(x float32) float32 { return spmd.ReduceMax(l, x) }}
		x := v[i]
		if x < 0 {
			x = 0
		}
		m := r.combine(x)
		if i == 0 {
			out[0] = m
		}
	})
}

// PeakBug: negative lanes skip the combining step.
// kernel(bug)
func PeakBug(v []float32, out []float32) error {
	return spmd.Run(len(v), func(l spmd.Lane) {
		i := l.Index()
		r := reducer{combine: func(x float32) float32 { return spmd.ReduceMax(l, x) }}
		var m float32
		if v[i] >= 0 {
			m = r.combine(v[i]) // EXPECT
		}
		if i == 0 {
			out[0] = m
		}
	})
}

// StagesOK: every lane builds the same pipeline and runs it.
// kernel(ok)
func StagesOK(in []int, out []int, normalize bool) error {
	n := len(in)
	tmp := make([]int, n)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		var p par.Pipeline
		p.Add("load", func() { tmp[i] = in[i]; l.Barrier() })
		if normalize {
			p.Add("center", func() {
				m := spmd.ReduceAdd(l, tmp[i]) / n
				tmp[i] -= m
				l.Barrier()
			})
		}
		p.Add("store", func() { out[i] = tmp[(i+1)%n]; l.Barrier() })
		p.Exec()
	})
}

// StagesBug: only lanes with a positive input add the center stage.
// kernel(bug)
func StagesBug(in []int, out []int) error {
	n := len(in)
	tmp := make([]int, n)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		var p par.Pipeline
		p.Add("load", func() { tmp[i] = in[i]; l.Barrier() })
		if in[i] > 0 {
			p.Add("center", func() {
				m := spmd.ReduceAdd(l, tmp[i]) / n
				tmp[i] -= m
				l.Barrier()
			})
		}
		p.Add("store", func() { out[i] = tmp[(i+1)%n]; l.Barrier() })
		p.Exec() // EXPECT
	})
}

// PhasesOK: all lanes run phase number phase of a table.
// kernel(ok)
func PhasesOK(buf []int, phase int) error {
	n := len(buf)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		steps := []func(){
			func() { buf[i] += 1; l.Barrier() },
			func() { buf[i] *= 2; l.Barrier() },
			func() { v := buf[(i+1)%n]; l.Barrier(); buf[i] = v },
		}
		steps[phase%len(steps)]()
	})
}

// PhasesBug: the phase comes from the lane.
// kernel(bug)
func PhasesBug(buf []int) error {
	n := len(buf)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		steps := []func(){
			func() { buf[i] += 1; l.Barrier() },
			func() { buf[i] *= 2; l.Barrier() },
			func() { v := buf[(i+1)%n]; l.Barrier(); buf[i] = v },
		}
		steps[i%len(steps)]() // EXPECT
	})
}

// ScanOK: a fixed array of passes, all run in order.
// kernel(ok)
func ScanOK(buf []int) error {
	n := len(buf)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		var passes [3]func()
		passes[0] = func() { buf[i] = spmd.InclusiveAdd(l, buf[i]) }
		passes[1] = func() { buf[i] -= spmd.ReduceMin(l, buf[i]) }
		passes[2] = func() { buf[i] = spmd.Broadcast(l, buf[i], n-1) - buf[i] }
		for k := 0; k < len(passes); k++ {
			passes[k]()
		}
	})
}

// ScanBug: each lane runs only as many passes as its index allows.
// kernel(bug)
func ScanBug(buf []int) error {
	n := len(buf)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		var passes [3]func()
		passes[0] = func() { buf[i] = spmd.InclusiveAdd(l, buf[i]) }
		passes[1] = func() { buf[i] -= spmd.ReduceMin(l, buf[i]) }
		passes[2] = func() { buf[i] = spmd.Broadcast(l, buf[i], n-1) - buf[i] }
		for k := 0; k <= i%len(passes); k++ {
			passes[k]() // EXPECT
		}
	})
}

// StatsOK: the reductions are looked up by a mode shared by all lanes.
// kernel(ok)
func StatsOK(v []float64, mode string, out []float64) error {
	return spmd.Run(len(v), func(l spmd.Lane) {
		i := l.Index()
		ops := map[string]func(float64) float64{
			"sum": func(x float64) float64 { return spmd.ReduceAdd(l, x) },
			"min": func(x float64) float64 { return spmd.ReduceMin(l, x) },
			"max": func(x float64) float64 { return spmd.ReduceMax(l, x) },
		}
		r := ops[mode](v[i])
		if i == 0 {
			out[0] = r
		}
	})
}

// StatsBug: every lane picks its own reduction.
// kernel(bug)
func StatsBug(v []float64, modes []string, out []float64) error {
	return spmd.Run(len(v), func(l spmd.Lane) {
		i := l.Index()
		ops := map[string]func(float64) float64{
			"sum": func(x float64) float64 { return spmd.ReduceAdd(l, x) },
			"min": func(x float64) float64 { return spmd.ReduceMin(l, x) },
			"max": func(x float64) float64 { return spmd.ReduceMax(l, x) },
		}
		r := ops[modes[i]](v[i]) // EXPECT
		if i == 0 {
			out[0] = r
		}
	})
}

// AllStatsOK: runs every reduction, in a fixed order.
// kernel(ok)
func AllStatsOK(v []float64, out map[string]float64) error {
	names := []string{"sum", "min", "max", "first"}
	res := make([]float64, len(names))
	err := spmd.Run(len(v), func(l spmd.Lane) {
		i := l.Index()
		ops := map[string]func(float64) float64{
			"sum":   func(x float64) float64 { return spmd.ReduceAdd(l, x) },
			"min":   func(x float64) float64 { return spmd.ReduceMin(l, x) },
			"max":   func(x float64) float64 { return spmd.ReduceMax(l, x) },
			"first": func(x float64) float64 { return spmd.BroadcastFirst(l, x) },
		}
		for k, name := range names {
			r := ops[name](v[i])
			if i == 0 {
				res[k] = r
			}
		}
	})
	for k, name := range names {
		out[name] = res[k]
	}
	return err
}

// AllStatsBug: ranges over the map, whose order is per lane.
// kernel(bug)
func AllStatsBug(v []float64, out map[string]float64) error {
	res := make(map[string]float64)
	err := spmd.Run(len(v), func(l spmd.Lane) {
		i := l.Index()
		ops := map[string]func(float64) float64{
			"sum":   func(x float64) float64 { return spmd.ReduceAdd(l, x) },
			"min":   func(x float64) float64 { return spmd.ReduceMin(l, x) },
			"max":   func(x float64) float64 { return spmd.ReduceMax(l, x) },
			"first": func(x float64) float64 { return spmd.BroadcastFirst(l, x) },
		}
		for name, op := range ops {
			r := op(v[i]) // EXPECT
			if i == 0 {
				res[name] = r
			}
		}
	})
	for k, r := range res {
		out[k] = r
	}
	return err
}

// tileLoader returns a step that stages src[base:] into tile and syncs.
func tileLoader(l spmd.Lane, tile, src []float32) func(base int) {
	return func(base int) {
		i := l.Index()
		if base+i < len(src) {
			tile[i] = src[base+i]
		} else {
			tile[i] = 0
		}
		l.Barrier()
	}
}

// tileLoaderEarly is tileLoader with an early exit past the end.
func tileLoaderEarly(l spmd.Lane, tile, src []float32) func(base int) {
	return func(base int) {
		i := l.Index()
		if base+i >= len(src) {
			return
		}
		tile[i] = src[base+i]
		l.Barrier() // EXPECT
	}
}

// TiledSumOK: lane 0 adds up each staged tile.
// kernel(ok)
func TiledSumOK(src []float32, lanes int, out []float32) error {
	tile := make([]float32, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		load := tileLoader(l, tile, src)
		var s float32
		for base := 0; base < len(src); base += lanes {
			load(base)
			if l.Index() == 0 {
				for _, v := range tile {
					s += v
				}
			}
			l.Barrier()
		}
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// TiledSumBug: the same with the early-exit loader.
// kernel(bug)
func TiledSumBug(src []float32, lanes int, out []float32) error {
	tile := make([]float32, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		load := tileLoaderEarly(l, tile, src)
		var s float32
		for base := 0; base < len(src); base += lanes {
			clear(tile)
			l.Barrier()
			load(base)
			if l.Index() == 0 {
				for _, v := range tile {
					s += v
				}
			}
			l.Barrier()
		}
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// TreeSumOK: a recursive tree reduction in shared memory.
// kernel(ok)
func TreeSumOK(buf []int, out []int) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		i := l.Index()
		var reduce func(stride int)
		reduce = func(stride int) {
			if stride == 0 {
				return
			}
			if i < stride {
				buf[i] += buf[i+stride]
			}
			l.Barrier()
			reduce(stride / 2)
		}
		reduce(l.Count() / 2)
		if i == 0 {
			out[0] = buf[0]
		}
	})
}

// TreeSumBug: lanes past the stride leave the recursion early.
// kernel(bug)
func TreeSumBug(buf []int, out []int) error {
	return spmd.Run(len(buf), func(l spmd.Lane) {
		i := l.Index()
		var reduce func(stride int)
		reduce = func(stride int) {
			if stride == 0 || i >= stride {
				return
			}
			buf[i] += buf[i+stride]
			l.Barrier()        // EXPECT
			reduce(stride / 2) // EXPECT
		}
		reduce(l.Count() / 2)
		if i == 0 {
			out[0] = buf[0]
		}
	})
}

// FlushOK: every lane flushes as many rounds as the busiest lane.
// kernel(ok)
func FlushOK(rows [][]int, out []int) error {
	return spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		pending := 0
		for _, x := range rows[i] {
			if x > 0 {
				pending++
			}
		}
		rounds := spmd.ReduceMax(l, pending)
		flush := func() {
			for k := 0; k < rounds; k++ {
				out[k] = spmd.ReduceAdd(l, boolInt(k < pending))
			}
		}
		flush()
	})
}

// FlushBug: every lane flushes its own number of rounds.
// kernel(bug)
func FlushBug(rows [][]int, out []int) error {
	return spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		pending := 0
		for _, x := range rows[i] {
			if x > 0 {
				pending++
			}
		}
		flush := func() {
			for k := 0; k < pending; k++ {
				out[k] = spmd.ReduceAdd(l, 1) // EXPECT
			}
		}
		flush()
	})
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
