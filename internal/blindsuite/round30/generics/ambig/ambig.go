// Package ambig has kernels whose right answer I am not sure of; see
// REPORT.md. No line carries a bug marker.
package ambig

import (
	"math"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round30/generics/gen"
	"github.com/spmdvet/spmdvet/spmd"
)

// butterflySum is gen.AllReduce without its //spmd:uniform directive.
func butterflySum[T spmd.Number](l spmd.Lane, v T) T {
	for m := 1; m < l.Count(); m <<= 1 {
		v += spmd.ShuffleXor(l, v, m)
	}
	return v
}

// A1 ButterflyBranch halves every value and republishes it when the group
// total, from a butterfly of ShuffleXor (no directive), is over cap. The
// total is the same in every lane at run time. kernel(ambig)
func ButterflyBranch(vals []int, cap int) ([]int, error) {
	n := len(vals)
	shared := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		g := gen.NewGroup(l, shared)
		v := vals[l.Index()]
		if butterflySum(l, v) > cap {
			g.Publish(v / 2)
		}
	})
	return shared, err
}

// settle halves xs[i] and syncs when it is above tol: a generic helper
// with the branch inside, which would be a bug with a barrier syncer.
func settle[S gen.Syncer](s S, xs []float64, i int, tol float64) {
	if math.Abs(xs[i]) > tol {
		xs[i] /= 2
		s.Sync()
	}
}

// A2 SettleNoSync calls settle only with NoSync. kernel(ambig)
func SettleNoSync(xs []float64, tol float64) error {
	return spmd.Run(len(xs), func(l spmd.Lane) {
		settle(gen.NoSync{}, xs, l.Index(), tol)
	})
}

// A3 PerLaneCombiner reduces with a combiner each lane picks for itself
// (an interface value): the call is reached by every lane, but the callee
// differs. kernel(ambig)
func PerLaneCombiner(vals []float64) ([]float64, error) {
	out := make([]float64, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		var c gen.Combiner[float64] = gen.AddAcross[float64]{}
		if i%2 == 1 {
			c = gen.MaxAcross[float64]{}
		}
		out[i] = c.Reduce(l, vals[i])
	})
	return out, err
}

// A4 ApplyLocal calls gen.Apply, declared //spmd:convergent, with an
// operation that exchanges nothing, under a branch on the lane's value.
// kernel(ambig)
func ApplyLocal(vals []float64) ([]float64, error) {
	out := make([]float64, len(vals))
	square := func(_ spmd.Lane, v float64) float64 { return v * v }
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		if vals[i] > 0 {
			out[i] = gen.Apply(l, square, vals[i])
		}
	})
	return out, err
}

// LaneLike is what a kernel body needs of its lane handle.
type LaneLike interface {
	Index() int
	Barrier()
}

// flushPositive waits at a barrier in the lanes whose element is positive:
// a bug, reached through methods of a type parameter.
func flushPositive[L LaneLike](l L, xs []int) {
	if xs[l.Index()] > 0 {
		l.Barrier()
	}
}

// A5 LaneTypeParam runs flushPositive with spmd.Lane as the type argument.
// kernel(ambig)
func LaneTypeParam(xs []int) error {
	return spmd.Run(len(xs), func(l spmd.Lane) {
		flushPositive(l, xs)
	})
}

// A6 DistinctLabels sums, label by label over each lane's set of labels,
// a group count; every lane's labels happen to be distinct and as many.
// kernel(ambig)
func DistinctLabels(labels [][]int) (int, error) {
	var total int
	err := spmd.Run(len(labels), func(l spmd.Lane) {
		var s gen.Set[int]
		for _, lab := range labels[l.Index()] {
			s.Add(lab)
		}
		n := 0
		for range s.All() {
			n += gen.Sum(l, 1)
		}
		if l.Index() == 0 {
			total = n
		}
	})
	return total, err
}

// A7 InterfaceInstantiated instantiates gen.Fold with the interface type
// gen.Combiner[float64] itself as C, holding AddLocal, under a branch on
// the lane's data. kernel(ambig)
func InterfaceInstantiated(rows [][]float64) ([]float64, error) {
	out := make([]float64, len(rows))
	var c gen.Combiner[float64] = gen.AddLocal[float64]{}
	err := spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		if len(rows[i]) > 0 {
			out[i] = gen.Fold(c, l, 0, rows[i])
		}
	})
	return out, err
}
