// Package wrap has kernels that use the generic collective wrappers and the
// generic lane-group handles of package gen, with user-defined named types
// as type arguments, method values and method expressions.
package wrap

import (
	"math"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round30/generics/gen"
	"github.com/spmdvet/spmdvet/spmd"
)

// Meters is a height or a distance.
type Meters float64

// Hits counts events.
type Hits int

// ClimbBug returns the total ascent of a height profile, one segment per
// lane. kernel(bug): only the lanes whose segment climbs reach the sum.
func ClimbBug(h []Meters) (Meters, error) {
	var total Meters
	err := spmd.Run(len(h)-1, func(l spmd.Lane) {
		i := l.Index()
		d := h[i+1] - h[i]
		if d > 0 {
			t := gen.Sum(l, d) // EXPECT
			if i == 0 {
				total = t
			}
		}
	})
	return total, err
}

// ClimbOK returns the total ascent of a height profile, one segment per
// lane; descending segments contribute zero. kernel(ok)
func ClimbOK(h []Meters) (Meters, error) {
	var total Meters
	err := spmd.Run(len(h)-1, func(l spmd.Lane) {
		i := l.Index()
		d := h[i+1] - h[i]
		up := Meters(0)
		if d > 0 {
			up = d
		}
		t := gen.Sum(l, up)
		if i == 0 {
			total = t
		}
	})
	return total, err
}

// PeakBug returns the largest count, with more lanes than counts.
// kernel(bug): the lanes past the end return before the maximum.
func PeakBug(counts []Hits, lanes int) (Hits, error) {
	var peak Hits
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		if i >= len(counts) {
			return
		}
		m := gen.Max(l, counts[i]) // EXPECT
		if i == 0 {
			peak = m
		}
	})
	return peak, err
}

// PeakOK returns the largest count (counts are not negative), with more
// lanes than counts; the lanes past the end bring 0. kernel(ok)
func PeakOK(counts []Hits, lanes int) (Hits, error) {
	var peak Hits
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		v := Hits(0)
		if i < len(counts) {
			v = counts[i]
		}
		m := gen.Max(l, v)
		if i == 0 {
			peak = m
		}
	})
	return peak, err
}

// blurLanes is the tile width of the blur kernels.
const blurLanes = 8

// BlurBug averages every element of src (at most 8) with its neighbours,
// through a shared tile. kernel(bug): the barrier is inside the bounds
// check.
func BlurBug(src []float64) ([]float64, error) {
	out := make([]float64, len(src))
	tile := make([]float64, blurLanes)
	err := spmd.Run(blurLanes, func(l spmd.Lane) {
		g := gen.NewGroup(l, tile)
		i := l.Index()
		if i < len(src) {
			tile[i] = src[i]
			g.Sync() // EXPECT
		}
		if i < len(src) {
			left, right := tile[max(i-1, 0)], tile[min(i+1, len(src)-1)]
			out[i] = (left + tile[i] + right) / 3
		}
	})
	return out, err
}

// BlurOK averages every element of src (at most 8) with its neighbours,
// through a shared tile. kernel(ok)
func BlurOK(src []float64) ([]float64, error) {
	out := make([]float64, len(src))
	tile := make([]float64, blurLanes)
	err := spmd.Run(blurLanes, func(l spmd.Lane) {
		g := gen.NewGroup(l, tile)
		i := l.Index()
		if i < len(src) {
			tile[i] = src[i]
		}
		g.Sync()
		if i < len(src) {
			left, right := tile[max(i-1, 0)], tile[min(i+1, len(src)-1)]
			out[i] = (left + tile[i] + right) / 3
		}
	})
	return out, err
}

// MaskedTotalBug sums the values whose mask bit is set, one value per lane,
// through a method value of a generic reducer. kernel(bug)
func MaskedTotalBug(vals []float64, mask []bool) (float64, error) {
	var total float64
	shared := make([]float64, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		r := gen.NewReducer(l, shared)
		sum := r.Sum
		i := l.Index()
		t := 0.0
		if mask[i] {
			t = sum(vals[i]) // EXPECT
		}
		if i == 0 {
			total = t
		}
	})
	return total, err
}

// MaskedTotalOK sums the values whose mask bit is set, one value per lane,
// through a method value of a generic reducer. kernel(ok)
func MaskedTotalOK(vals []float64, mask []bool) (float64, error) {
	var total float64
	shared := make([]float64, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		r := gen.NewReducer(l, shared)
		sum := r.Sum
		i := l.Index()
		w := 0.0
		if mask[i] {
			w = vals[i]
		}
		t := sum(w)
		if i == 0 {
			total = t
		}
	})
	return total, err
}

// NormInfBug returns the largest absolute value, through a method
// expression of a generic reducer. kernel(bug): each arm of the switch has
// its own reduction.
func NormInfBug(xs []int) (int, error) {
	var norm int
	maxOf := gen.Reducer[int].Max
	err := spmd.Run(len(xs), func(l spmd.Lane) {
		r := gen.NewReducer[int](l, nil)
		x := xs[l.Index()]
		var m int
		switch {
		case x < 0:
			m = maxOf(r, -x) // EXPECT
		default:
			m = maxOf(r, x) // EXPECT
		}
		if l.Index() == 0 {
			norm = m
		}
	})
	return norm, err
}

// NormInfOK returns the largest absolute value, through a method expression
// of a generic reducer. kernel(ok)
func NormInfOK(xs []int) (int, error) {
	var norm int
	maxOf := gen.Reducer[int].Max
	err := spmd.Run(len(xs), func(l spmd.Lane) {
		r := gen.NewReducer[int](l, nil)
		x := xs[l.Index()]
		a := x
		switch {
		case x < 0:
			a = -x
		}
		m := maxOf(r, a)
		if l.Index() == 0 {
			norm = m
		}
	})
	return norm, err
}

// RefineBug refines a tile of cells when its owner lane's error is above
// tol: each lane asks the lane named in owner (a per-lane table) whether
// to refine, and refining needs a barrier. kernel(bug): lanes with
// different owners decide differently.
func RefineBug(errs []float64, owner []int, tol float64) ([]float64, error) {
	n := len(errs)
	cells := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		g := gen.NewGroup(l, cells)
		i := l.Index()
		refine := gen.From(l, errs[i] > tol, owner[i])
		if refine {
			g.Publish(errs[i] / 2) // EXPECT
		}
	})
	return cells, err
}

// RefineOK refines a tile of cells when the error of the tile's owner
// lane, owner[0], is above tol; refining needs a barrier. kernel(ok)
func RefineOK(errs []float64, owner []int, tol float64) ([]float64, error) {
	n := len(errs)
	cells := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		g := gen.NewGroup(l, cells)
		i := l.Index()
		refine := gen.From(l, errs[i] > tol, owner[0])
		if refine {
			g.Publish(errs[i] / 2)
		}
	})
	return cells, err
}

// RelaxBug halves each lane's residual and publishes it, unless the group
// may stop: the stop flag is read from the next lane. kernel(bug): Rotate
// gives every lane a different flag.
func RelaxBug(res []float64, tol float64) ([]float64, error) {
	n := len(res)
	shared := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		g := gen.NewGroup(l, shared)
		i := l.Index()
		stop := gen.Rotate(l, res[i] < tol, 1)
		if !stop {
			g.Publish(res[i] / 2) // EXPECT
		}
	})
	return shared, err
}

// RelaxOK halves each lane's residual and publishes it, unless the group
// may stop: the stop flag is lane 0's. kernel(ok)
func RelaxOK(res []float64, tol float64) ([]float64, error) {
	n := len(res)
	shared := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		g := gen.NewGroup(l, shared)
		i := l.Index()
		stop := gen.Lead(l, res[i] < tol)
		if !stop {
			g.Publish(res[i] / 2)
		}
	})
	return shared, err
}

// ForcesBug adds up, for every lane, the charges that all lanes own: in
// round k every lane publishes its k-th charge and adds up everybody's.
// Lanes own different numbers of charges. kernel(bug): the rounds run as
// many times as the lane owns charges.
func ForcesBug(owned [][]float64) ([]float64, error) {
	n := len(owned)
	slots := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		g := gen.NewGroup(l, slots)
		mine := owned[l.Index()]
		acc := 0.0
		for k := 0; k < len(mine); k++ {
			g.Publish(mine[k]) // EXPECT
			for j := range n {
				acc += g.Peer(j)
			}
			g.Sync() // EXPECT
		}
		out[l.Index()] = acc
	})
	return out, err
}

// ForcesOK adds up, for every lane, the charges that all lanes own: in
// round k every lane publishes its k-th charge, or 0 if it has run out,
// and adds up everybody's. kernel(ok)
func ForcesOK(owned [][]float64) ([]float64, error) {
	n := len(owned)
	slots := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		g := gen.NewGroup(l, slots)
		mine := owned[l.Index()]
		acc := 0.0
		rounds := gen.Max(l, len(mine))
		for k := 0; k < rounds; k++ {
			v := 0.0
			if k < len(mine) {
				v = mine[k]
			}
			g.Publish(v)
			for j := range n {
				acc += g.Peer(j)
			}
			g.Sync()
		}
		out[l.Index()] = acc
	})
	return out, err
}

// FeatureSumsBug adds up the feature vectors of all lanes, componentwise;
// the vectors are ragged. kernel(bug): every lane reduces as many
// components as it has.
func FeatureSumsBug(feat [][]float64) ([]float64, error) {
	var sums []float64
	err := spmd.Run(len(feat), func(l spmd.Lane) {
		s := gen.SumEach(l, feat[l.Index()]...) // EXPECT
		if l.Index() == 0 {
			sums = s
		}
	})
	return sums, err
}

// FeatureSumsOK adds up the first dim components of the feature vectors
// of all lanes, componentwise; the vectors are ragged but have at least dim
// components. kernel(ok)
func FeatureSumsOK(feat [][]float64, dim int) ([]float64, error) {
	var sums []float64
	err := spmd.Run(len(feat), func(l spmd.Lane) {
		s := gen.SumEach(l, feat[l.Index()][:dim]...)
		if l.Index() == 0 {
			sums = s
		}
	})
	return sums, err
}

// RescaleBug maps xs linearly onto [0, 1] and returns the sum of the
// results. kernel(bug): the lanes at the minimum skip the sum, since they
// would only add 0.
func RescaleBug(xs []float64) ([]float64, float64, error) {
	out := make([]float64, len(xs))
	var total float64
	err := spmd.Run(len(xs), func(l spmd.Lane) {
		i := l.Index()
		x := xs[i]
		lo, hi := gen.MinMax(l, x)
		if lo == hi {
			return // every value is the same: nothing to rescale
		}
		if x == lo {
			return
		}
		out[i] = (x - lo) / (hi - lo)
		s := gen.Sum(l, out[i]) // EXPECT
		if i == 0 {
			total = s
		}
	})
	return out, total, err
}

// RescaleOK maps xs linearly onto [0, 1] and returns the sum of the
// results. kernel(ok): the early return depends on the group minimum and
// maximum only.
func RescaleOK(xs []float64) ([]float64, float64, error) {
	out := make([]float64, len(xs))
	var total float64
	err := spmd.Run(len(xs), func(l spmd.Lane) {
		i := l.Index()
		x := xs[i]
		lo, hi := gen.MinMax(l, x)
		if lo == hi {
			return // every value is the same: nothing to rescale
		}
		out[i] = (x - lo) / (hi - lo)
		s := gen.Sum(l, out[i])
		if i == 0 {
			total = s
		}
	})
	return out, total, err
}

// NaNGuardBug zeroes the active values if any active value is NaN. kernel(bug):
// the group test is the right operand of &&, so only active lanes vote.
func NaNGuardBug(vals []float64, active []bool) ([]float64, error) {
	out := make([]float64, len(vals))
	copy(out, vals)
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		if active[i] && gen.AnyOf(l, vals[i], math.IsNaN) { // EXPECT
			out[i] = 0
		}
	})
	return out, err
}

// NaNGuardOK zeroes the active values if any value is NaN. kernel(ok): the
// group test runs first, in every lane.
func NaNGuardOK(vals []float64, active []bool) ([]float64, error) {
	out := make([]float64, len(vals))
	copy(out, vals)
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		if gen.AnyOf(l, vals[i], math.IsNaN) && active[i] {
			out[i] = 0
		}
	})
	return out, err
}

// BudgetBug adds up the non-zero costs with the shared-memory tree of a
// generic reducer (a power-of-two group) and scales every cost down when
// the total is over budget. kernel(bug): the lanes with zero cost skip the
// tree sum.
func BudgetBug(costs []int, budget int) ([]int, error) {
	n := len(costs)
	out := make([]int, n)
	shared := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		r := gen.NewReducer(l, shared)
		i := l.Index()
		total := 0
		if costs[i] != 0 {
			total = r.TreeSum(costs[i]) // EXPECT
		}
		out[i] = costs[i]
		if total > budget {
			out[i] = costs[i] * budget / total
		}
	})
	return out, err
}

// BudgetOK adds up the costs with the shared-memory tree of a generic
// reducer (a power-of-two group) and, when the total is over budget,
// scales every cost down and republishes it. kernel(ok): the tree sum is
// read from shared memory after a barrier, the same in every lane.
func BudgetOK(costs []int, budget int) ([]int, error) {
	n := len(costs)
	out := make([]int, n)
	shared := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		r := gen.NewReducer(l, shared)
		i := l.Index()
		total := r.TreeSum(costs[i])
		out[i] = costs[i]
		if total > budget {
			out[i] = costs[i] * budget / total
			r.Publish(out[i])
		}
	})
	return out, err
}

// TallyBug adds up, over the group, every sample each lane owns, feeding
// them one at a time to a group tally through its method value. Lanes own
// different numbers of samples. kernel(bug)
func TallyBug(samples [][]int) (int, error) {
	var total int
	err := spmd.Run(len(samples), func(l spmd.Lane) {
		t := &gen.Tally[int]{L: l}
		gen.Each(samples[l.Index()], t.Add) // EXPECT
		if l.Index() == 0 {
			total = t.Total
		}
	})
	return total, err
}

// TallyOK adds up, over the group, every sample each lane owns, feeding
// them one at a time to a group tally through its method value, after
// padding every lane's samples with zeros to the same width. kernel(ok)
func TallyOK(samples [][]int, width int) (int, error) {
	var total int
	err := spmd.Run(len(samples), func(l spmd.Lane) {
		t := &gen.Tally[int]{L: l}
		gen.Each(gen.PadTo(samples[l.Index()], width), t.Add)
		if l.Index() == 0 {
			total = t.Total
		}
	})
	return total, err
}
