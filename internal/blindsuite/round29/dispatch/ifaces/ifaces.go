// Package ifaces reaches the convergent methods of package gpu through
// interfaces and generics: interface values whose dynamic type each lane
// chooses (or the kernel chooses for all lanes), type switches and type
// assertions, interfaces embedded in structs, method values in maps, nil
// pointer receivers, and generic functions whose type parameters are
// constrained by interfaces with convergent methods.
package ifaces

import (
	"math"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round29/dispatch/gpu"
	"github.com/spmdvet/spmdvet/spmd"
)

// reducerFor returns the reducer an aggregation name stands for.
func reducerFor(agg string, w gpu.Warp) gpu.Reducer {
	switch agg {
	case "max":
		return gpu.MaxOf{W: w}
	case "mean":
		return &gpu.Mean{W: w}
	}
	return gpu.SumOf{W: w}
}

// AggregateBug aggregates one value per lane, each lane with the
// aggregation of its own column ("sum", "max", "mean").
// kernel(bug): the dynamic type of r depends on the lane, so the lanes of
// different columns run different collectives.
func AggregateBug(aggs []string, vals []float64) ([]float64, error) {
	out := make([]float64, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		r := reducerFor(aggs[i], gpu.Warp{L: l})
		out[i] = r.Reduce(vals[i]) // EXPECT
	})
	return out, err
}

// Aggregate aggregates one value per lane with the aggregation the caller
// names: the dynamic type of r is the same in every lane.
// kernel(ok)
func Aggregate(agg string, vals []float64) ([]float64, error) {
	out := make([]float64, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		r := reducerFor(agg, gpu.Warp{L: l})
		out[i] = r.Reduce(vals[i])
	})
	return out, err
}

// opTable maps statistic names to method values: value receivers (w.Sum,
// w.Max) and a pointer receiver through an interface ((*gpu.Mean).Reduce).
func opTable(w gpu.Warp) map[string]func(float64) float64 {
	var mean gpu.Reducer = &gpu.Mean{W: w}
	return map[string]func(float64) float64{
		"sum":  w.Sum,
		"max":  w.Max,
		"mean": mean.Reduce,
	}
}

// StatPerLaneBug looks up each lane's statistic in a table of method values.
// kernel(bug): the key, and so the function called, depends on the lane.
func StatPerLaneBug(stats []string, vals []float64) ([]float64, error) {
	out := make([]float64, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		ops := opTable(gpu.Warp{L: l})
		i := l.Index()
		out[i] = ops[stats[i]](vals[i]) // EXPECT
	})
	return out, err
}

// Stat looks up the statistic the caller names in a table of method values.
// kernel(ok)
func Stat(stat string, vals []float64) ([]float64, error) {
	out := make([]float64, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		ops := opTable(gpu.Warp{L: l})
		i := l.Index()
		out[i] = ops[stat](vals[i])
	})
	return out, err
}

// WeightedSumBug computes the weighted sum of vals. Lanes with weight zero
// take the serial reducer, which does not communicate.
// kernel(bug): the dynamic type (Scaled or Serial) depends on the lane's
// weight.
func WeightedSumBug(vals, weights []float64) (float64, error) {
	var total float64
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		var r gpu.Reducer = gpu.Serial{}
		if weights[i] != 0 {
			r = gpu.Scaled{W: gpu.Warp{L: l}, K: weights[i]}
		}
		s := r.Reduce(vals[i]) // EXPECT
		if i == 0 {
			total = s
		}
	})
	return total, err
}

// WeightedSum computes the weighted sum of vals. Every lane takes a Scaled
// reducer, with its own weight: the field differs between lanes, the
// dynamic type and so the method called does not.
// kernel(ok)
func WeightedSum(vals, weights []float64) (float64, error) {
	var total float64
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		var r gpu.Reducer = gpu.Scaled{W: gpu.Warp{L: l}, K: weights[i]}
		s := r.Reduce(vals[i])
		if i == 0 {
			total = s
		}
	})
	return total, err
}

// ReverseActiveBug reverses the first n elements of data in place through
// shared memory. The lanes past n get a no-op Syncer.
// kernel(bug): whether the lane's Syncer is a real barrier depends on the
// lane.
func ReverseActiveBug(data []float64, n, lanes int) error {
	shared := make([]float64, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		var s gpu.Syncer = gpu.Of(l)
		if i >= n {
			s = gpu.NoSync{} // idle lanes have nothing to wait for
		}
		if i < n {
			shared[i] = data[i]
		}
		s.Sync() // EXPECT
		if i < n {
			data[i] = shared[n-1-i]
		}
	})
}

// ReverseActive reverses the first n elements of data in place through
// shared memory. A one-lane launch gets a no-op Syncer; the choice is the
// same in every lane.
// kernel(ok)
func ReverseActive(data []float64, n, lanes int) error {
	shared := make([]float64, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		var s gpu.Syncer = gpu.Of(l)
		if lanes == 1 {
			s = gpu.NoSync{} // nobody to wait for
		}
		if i < n {
			shared[i] = data[i]
		}
		s.Sync()
		if i < n {
			data[i] = shared[n-1-i]
		}
	})
}

// An Instr is an instruction of a tiny reduction program.
type Instr interface{ isInstr() }

// Add sums Scale*x over the lanes.
type Add struct{ Scale float64 }

// Peak takes the maximum of x over the lanes.
type Peak struct{}

// Skip does nothing.
type Skip struct{}

func (Add) isInstr()  {}
func (Peak) isInstr() {}
func (Skip) isInstr() {}

// ExecPerLaneBug runs one instruction per lane on the lane's value.
// kernel(bug): the type switch is on the lane's own instruction.
func ExecPerLaneBug(prog []Instr, x []float64) ([]float64, error) {
	out := make([]float64, len(x))
	err := spmd.Run(len(x), func(l spmd.Lane) {
		w := gpu.Warp{L: l}
		i := l.Index()
		switch in := prog[i].(type) {
		case Add:
			out[i] = w.Sum(in.Scale * x[i]) // EXPECT
		case Peak:
			out[i] = w.Max(x[i]) // EXPECT
		case Skip:
			out[i] = x[i]
		}
	})
	return out, err
}

// Exec runs the program, one instruction at a time, on every lane's value:
// the type switch is on the current instruction, the same in every lane.
// kernel(ok)
func Exec(prog []Instr, x []float64) ([]float64, error) {
	out := append([]float64(nil), x...)
	err := spmd.Run(len(x), func(l spmd.Lane) {
		w := gpu.Warp{L: l}
		i := l.Index()
		for _, ins := range prog {
			switch in := ins.(type) {
			case Add:
				out[i] = w.Sum(in.Scale * out[i])
			case Peak:
				out[i] = w.Max(out[i])
			case Skip:
			}
		}
	})
	return out, err
}

// hostBuffer is a resource that lives in host memory: it needs no barrier
// and does not implement gpu.Syncer.
type hostBuffer struct{ data []float64 }

// PublishBug writes each lane's value to its resource and syncs the
// resources that can sync (type assertion to gpu.Syncer). Each lane picks
// its resource by its kind. kernel(bug): the dynamic type, and so the
// assertion, depends on the lane.
func PublishBug(kind []int, x []float64) ([]float64, error) {
	out := make([]float64, len(x))
	err := spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		res := []any{gpu.Of(l), hostBuffer{data: out}}
		r := res[kind[i]]
		out[i] = 2 * x[i]
		if s, ok := r.(gpu.Syncer); ok {
			s.Sync() // EXPECT
		}
	})
	return out, err
}

// Publish writes each lane's value and syncs the resource the caller picks
// if it can sync: the assertion is on a value that every lane shares.
// kernel(ok)
func Publish(kind int, x []float64) ([]float64, error) {
	out := make([]float64, len(x))
	err := spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		res := []any{gpu.Of(l), hostBuffer{data: out}}
		r := res[kind]
		out[i] = 2 * x[i]
		if s, ok := r.(gpu.Syncer); ok {
			s.Sync()
		}
	})
	return out, err
}

// LoadShareBug gives each busy lane its share of the total load through the
// generic gpu.Share. kernel(bug): the idle lanes (load 0) skip it.
func LoadShareBug(load []float64) ([]float64, error) {
	out := make([]float64, len(load))
	err := spmd.Run(len(load), func(l spmd.Lane) {
		i := l.Index()
		if load[i] > 0 {
			out[i] = gpu.Share(gpu.SumOf{W: gpu.Warp{L: l}}, load[i]) // EXPECT
		}
	})
	return out, err
}

// LoadShare gives each lane its share of the total load through the generic
// gpu.Share; idle lanes get 0.
// kernel(ok)
func LoadShare(load []float64) ([]float64, error) {
	out := make([]float64, len(load))
	err := spmd.Run(len(load), func(l spmd.Lane) {
		i := l.Index()
		out[i] = gpu.Share(gpu.SumOf{W: gpu.Warp{L: l}}, load[i])
	})
	return out, err
}

// RowTotals adds up each lane's own row with the generic gpu.Total
// instantiated with gpu.Alone, which does not communicate, under the
// lane's own condition.
// kernel(ok)
func RowTotals(rows [][]int) ([]int, error) {
	out := make([]int, len(rows))
	err := spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		if len(rows[i]) > 0 {
			out[i] = gpu.Total(gpu.Alone[int]{}, rows[i])
		}
	})
	return out, err
}

// BatchTotalsBug adds up, for each batch, the batch's items over all lanes
// with the generic gpu.Total instantiated with gpu.Lanes. Each lane loops
// over its own batches. kernel(bug): the lanes have different numbers of
// batches.
func BatchTotalsBug(batches [][][]int) ([]int, error) {
	maxb := 0
	for _, b := range batches {
		maxb = max(maxb, len(b))
	}
	out := make([]int, maxb)
	err := spmd.Run(len(batches), func(l spmd.Lane) {
		mine := batches[l.Index()]
		for k := range mine {
			s := gpu.Total(gpu.Lanes[int]{L: l}, mine[k]) // EXPECT
			if l.Index() == 0 {
				out[k] = s
			}
		}
	})
	return out, err
}

// BatchTotals adds up, for each batch, the batch's items over all lanes;
// every lane runs the same number of rounds, with an empty batch when it
// has run out.
// kernel(ok)
func BatchTotals(batches [][][]int) ([]int, error) {
	maxb := 0
	for _, b := range batches {
		maxb = max(maxb, len(b))
	}
	out := make([]int, maxb)
	err := spmd.Run(len(batches), func(l spmd.Lane) {
		mine := batches[l.Index()]
		for k := range maxb {
			var items []int
			if k < len(mine) {
				items = mine[k]
			}
			s := gpu.Total(gpu.Lanes[int]{L: l}, items)
			if l.Index() == 0 {
				out[k] = s
			}
		}
	})
	return out, err
}

// SampleMeansBug averages the first sample of every lane. Lanes with fewer
// than two samples keep a nil *gpu.Mean, which Reduce treats as serial.
// kernel(bug): whether the receiver is nil depends on the lane.
func SampleMeansBug(samples [][]float64) (float64, error) {
	var mean float64
	err := spmd.Run(len(samples), func(l spmd.Lane) {
		i := l.Index()
		var m *gpu.Mean
		if len(samples[i]) > 1 {
			m = &gpu.Mean{W: gpu.Warp{L: l}}
		}
		v := 0.0
		if len(samples[i]) > 0 {
			v = samples[i][0]
		}
		r := m.Reduce(v) // EXPECT
		if i == 0 {
			mean = r
		}
	})
	return mean, err
}

// SampleMeans averages the first sample of every lane. A one-lane launch
// keeps a nil *gpu.Mean; the choice is the same in every lane.
// kernel(ok)
func SampleMeans(samples [][]float64) (float64, error) {
	var mean float64
	err := spmd.Run(len(samples), func(l spmd.Lane) {
		i := l.Index()
		var m *gpu.Mean
		if l.Count() > 1 {
			m = &gpu.Mean{W: gpu.Warp{L: l}}
		}
		v := 0.0
		if len(samples[i]) > 0 {
			v = samples[i][0]
		}
		r := m.Reduce(v)
		if i == 0 {
			mean = r
		}
	})
	return mean, err
}

// column is a named column with its reducer embedded: Reduce is promoted
// from the embedded interface.
type column struct {
	gpu.Reducer
	name string
}

// ColumnSumBug adds up a column that may hold missing values (NaN).
// kernel(bug): the lanes with a missing value skip the reduction.
func ColumnSumBug(vals []float64) (float64, error) {
	var total float64
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		col := column{Reducer: gpu.SumOf{W: gpu.Warp{L: l}}, name: "amount"}
		x := vals[l.Index()]
		if !math.IsNaN(x) {
			s := col.Reduce(x) // EXPECT
			if l.Index() == 0 {
				total = s
			}
		}
	})
	return total, err
}

// ColumnSum adds up a column that may hold missing values (NaN), which
// count as zero.
// kernel(ok)
func ColumnSum(vals []float64) (float64, error) {
	var total float64
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		col := column{Reducer: gpu.SumOf{W: gpu.Warp{L: l}}, name: "amount"}
		x := vals[l.Index()]
		if math.IsNaN(x) {
			x = 0
		}
		s := col.Reduce(x)
		if l.Index() == 0 {
			total = s
		}
	})
	return total, err
}

// HistogramBug counts, for every bin, how many values fall in it, over all
// lanes, calling the generic method Lanes[int32].Add directly. Each lane
// only visits the bins from its own value's bin up. kernel(bug): the loop
// start depends on the lane.
func HistogramBug(vals []int, bins int) ([]int32, error) {
	hist := make([]int32, bins)
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		a := gpu.Lanes[int32]{L: l}
		v := vals[l.Index()]
		for b := v; b < bins; b++ {
			c := a.Add(b2i(v == b)) // EXPECT
			if l.Index() == 0 {
				hist[b] = c
			}
		}
	})
	return hist, err
}

// Histogram counts, for every bin, how many values fall in it, over all
// lanes, calling the generic method Lanes[int32].Add directly for every bin
// in every lane.
// kernel(ok)
func Histogram(vals []int, bins int) ([]int32, error) {
	hist := make([]int32, bins)
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		a := gpu.Lanes[int32]{L: l}
		v := vals[l.Index()]
		for b := 0; b < bins; b++ {
			c := a.Add(b2i(v == b))
			if l.Index() == 0 {
				hist[b] = c
			}
		}
	})
	return hist, err
}

func b2i(p bool) int32 {
	if p {
		return 1
	}
	return 0
}

// PrefixStepsBug runs the phases of an in-place Hillis-Steele prefix sum
// with the generic gpu.Phases over a gpu.Block. Each lane runs as many
// phases as its own index needs. kernel(bug): the phase count given to
// Phases, which syncs after every phase, depends on the lane.
func PrefixStepsBug(x []int) ([]int, error) {
	n := len(x)
	buf := [2][]int{append([]int(nil), x...), make([]int, n)}
	phases := 0
	for 1<<phases < n {
		phases++
	}
	cur := 0
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		need := 0
		for 1<<need <= i {
			need++
		}
		gpu.Phases(gpu.Of(l), need, func(p int) { // EXPECT
			src, dst := buf[p%2], buf[1-p%2]
			dst[i] = src[i]
			if i >= 1<<p {
				dst[i] += src[i-1<<p]
			}
		})
		if i == 0 {
			cur = need % 2
		}
	})
	return buf[cur], err
}

// PrefixSteps runs the phases of an in-place Hillis-Steele prefix sum with
// the generic gpu.Phases over a gpu.Block, the same number of phases in
// every lane.
// kernel(ok)
func PrefixSteps(x []int) ([]int, error) {
	n := len(x)
	buf := [2][]int{append([]int(nil), x...), make([]int, n)}
	phases := 0
	for 1<<phases < n {
		phases++
	}
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		gpu.Phases(gpu.Of(l), phases, func(p int) {
			src, dst := buf[p%2], buf[1-p%2]
			dst[i] = src[i]
			if i >= 1<<p {
				dst[i] += src[i-1<<p]
			}
		})
	})
	return buf[phases%2], err
}

// PrefixLocal runs each lane's own phases of a serial prefix sum over its
// row with the generic gpu.Phases over gpu.NoSync, which does not sync: the
// lane-dependent phase count is harmless.
// kernel(ok)
func PrefixLocal(rows [][]int) ([][]int, error) {
	out := make([][]int, len(rows))
	err := spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		row := append([]int(nil), rows[i]...)
		gpu.Phases(gpu.NoSync{}, len(row), func(p int) {
			if p > 0 {
				row[p] += row[p-1]
			}
		})
		out[i] = row
	})
	return out, err
}

// rowTile and colTile are two tile kinds; both get Sync promoted from the
// same embedded gpu.Tile (and, through it, gpu.Block), so both satisfy
// gpu.Syncer, each through its own compiler-generated wrapper method.
type rowTile struct{ gpu.Tile }
type colTile struct{ gpu.Tile }

// MirrorTilesBug reverses x through shared memory, syncing through the
// gpu.Syncer of the lane's tile kind, which alternates with the lane.
// kernel(bug): the dynamic type behind s depends on the lane; the wrappers
// of the two types are different call sites of the barrier.
func MirrorTilesBug(x []float64) ([]float64, error) {
	n := len(x)
	out := make([]float64, n)
	shared := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		tile := gpu.Tile{Block: gpu.Of(l), Shared: shared}
		i := tile.Tid()
		var s gpu.Syncer = rowTile{tile}
		if i%2 == 1 {
			s = colTile{tile}
		}
		shared[i] = x[i]
		s.Sync() // EXPECT
		out[i] = shared[n-1-i]
	})
	return out, err
}

// MirrorTiles reverses x through shared memory, syncing through the
// gpu.Syncer of the tile kind the caller picks, the same in every lane.
// kernel(ok)
func MirrorTiles(x []float64, columns bool) ([]float64, error) {
	n := len(x)
	out := make([]float64, n)
	shared := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		tile := gpu.Tile{Block: gpu.Of(l), Shared: shared}
		i := tile.Tid()
		var s gpu.Syncer = rowTile{tile}
		if columns {
			s = colTile{tile}
		}
		shared[i] = x[i]
		s.Sync()
		out[i] = shared[n-1-i]
	})
	return out, err
}
