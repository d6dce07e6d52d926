package gpu

import "github.com/spmdvet/spmdvet/spmd"

// Reducer combines one value per lane into a value for the whole block.
// The implementations of this package are all convergent except Serial.
type Reducer interface {
	Reduce(v float64) float64
}

// SumOf adds v up over the warp.
type SumOf struct{ W Warp }

// Reduce is the warp-wide sum.
func (r SumOf) Reduce(v float64) float64 { return r.W.Sum(v) }

// MaxOf takes the maximum of v over the warp.
type MaxOf struct{ W Warp }

// Reduce is the warp-wide maximum.
func (r MaxOf) Reduce(v float64) float64 { return r.W.Max(v) }

// Scaled adds up K*v over the warp.
type Scaled struct {
	W Warp
	K float64
}

// Reduce is the warp-wide sum of K*v.
func (r Scaled) Reduce(v float64) float64 { return r.W.Sum(r.K * v) }

// Serial is the reducer of a one-lane launch: there is nothing to combine.
type Serial struct{}

// Reduce returns v unchanged; it is not a collective.
func (Serial) Reduce(v float64) float64 { return v }

// Mean averages v over the warp and counts how often it was used. A nil
// *Mean is the serial reducer.
type Mean struct {
	W     Warp
	Calls int
}

// Reduce is the warp-wide mean of v, or v itself for a nil *Mean.
func (m *Mean) Reduce(v float64) float64 {
	if m == nil {
		return v
	}
	m.Calls++
	return m.W.Sum(v) / float64(m.W.L.Count())
}

// Syncer is anything that can wait for the block.
type Syncer interface {
	Sync()
}

// NoSync is the Syncer of a one-lane launch.
type NoSync struct{}

// Sync does nothing.
func (NoSync) Sync() {}

var (
	_ Syncer  = Block{}
	_ Syncer  = Tile{}
	_ Syncer  = NoSync{}
	_ Reducer = SumOf{}
	_ Reducer = (*Mean)(nil)
)

// AllReduce reduces v with r: the generic entry point over any reducer.
func AllReduce[R Reducer](r R, v float64) float64 {
	return r.Reduce(v)
}

// Share returns v's share of the total that r computes (0 if the total is 0).
func Share[R Reducer](r R, v float64) float64 {
	t := r.Reduce(v)
	if t == 0 {
		return 0
	}
	return v / t
}

// Phases runs step for each of n phases and syncs s after each one. n must
// be the same in every lane when s is a real barrier.
func Phases[S Syncer](s S, n int, step func(phase int)) {
	for p := range n {
		step(p)
		s.Sync()
	}
}

// Adder combines a number over the lanes.
type Adder[T spmd.Number] interface {
	Add(v T) T
}

// Lanes adds up over the lanes of the group.
type Lanes[T spmd.Number] struct {
	L spmd.Lane
}

// Add is the sum of v over the group.
func (a Lanes[T]) Add(v T) T { return spmd.ReduceAdd(a.L, v) }

// Alone is the Adder of a single lane: it returns v.
type Alone[T spmd.Number] struct{}

// Add returns v; it is not a collective.
func (Alone[T]) Add(v T) T { return v }

// Total adds up xs within the lane and then combines the parts with a.
func Total[T spmd.Number, A Adder[T]](a A, xs []T) T {
	var part T
	for _, x := range xs {
		part += x
	}
	return a.Add(part)
}
