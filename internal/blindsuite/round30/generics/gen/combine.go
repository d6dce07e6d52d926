package gen

import "github.com/spmdvet/spmdvet/spmd"

// A Combiner combines values within a lane and reduces them across lanes.
type Combiner[T any] interface {
	Combine(a, b T) T
	Reduce(l spmd.Lane, v T) T
}

// AddAcross adds, and reduces over the whole group (convergent).
type AddAcross[T spmd.Number] struct{}

func (AddAcross[T]) Combine(a, b T) T          { return a + b }
func (AddAcross[T]) Reduce(l spmd.Lane, v T) T { return spmd.ReduceAdd(l, v) }

// AddLocal adds, and leaves every lane its own partial: Reduce is the
// identity. Nothing is exchanged between lanes.
type AddLocal[T spmd.Number] struct{}

func (AddLocal[T]) Combine(a, b T) T          { return a + b }
func (AddLocal[T]) Reduce(_ spmd.Lane, v T) T { return v }

// MaxAcross takes the maximum, and reduces over the whole group
// (convergent).
type MaxAcross[T spmd.Number] struct{}

func (MaxAcross[T]) Combine(a, b T) T          { return max(a, b) }
func (MaxAcross[T]) Reduce(l spmd.Lane, v T) T { return spmd.ReduceMax(l, v) }

// MaxLocal takes the maximum, within the lane only.
type MaxLocal[T spmd.Number] struct{}

func (MaxLocal[T]) Combine(a, b T) T          { return max(a, b) }
func (MaxLocal[T]) Reduce(_ spmd.Lane, v T) T { return v }

// Fold combines init and xs in order with c.Combine, then reduces the
// result with c.Reduce.
func Fold[T any, C Combiner[T]](c C, l spmd.Lane, init T, xs []T) T {
	acc := init
	for _, x := range xs {
		acc = c.Combine(acc, x)
	}
	return c.Reduce(l, acc)
}

// FoldNonEmpty is Fold that returns init at once, without reducing, when xs
// is empty.
func FoldNonEmpty[T any, C Combiner[T]](c C, l spmd.Lane, init T, xs []T) T {
	if len(xs) == 0 {
		return init
	}
	return Fold(c, l, init, xs)
}

// Scan writes the inclusive running combination of xs into out (which must
// be as long) and returns c.Reduce of the last one (the zero T if xs is
// empty).
func Scan[T any, C Combiner[T]](c C, l spmd.Lane, xs, out []T) T {
	var acc T
	for k, x := range xs {
		if k == 0 {
			acc = x
		} else {
			acc = c.Combine(acc, x)
		}
		out[k] = acc
	}
	return c.Reduce(l, acc)
}

// A Syncer orders the memory accesses of consecutive stages.
type Syncer interface{ Sync() }

// BarrierSync syncs the lanes of a group with a barrier.
type BarrierSync struct{ L spmd.Lane }

func (s BarrierSync) Sync() { s.L.Barrier() }

// NoSync does nothing: for stages that only touch the lane's own data.
type NoSync struct{}

func (NoSync) Sync() {}

// Stages runs step(0), ..., step(n-1), calling s.Sync after each.
func Stages[S Syncer](s S, n int, step func(k int)) {
	for k := range n {
		step(k)
		s.Sync()
	}
}

// StagesDyn is Stages with the syncer as an interface value.
func StagesDyn(s Syncer, n int, step func(k int)) {
	for k := range n {
		step(k)
		s.Sync()
	}
}

// An Accumulator is a pointer to an accumulator state A that values are
// added to and that is flushed into a result.
type Accumulator[A any] interface {
	*A
	Add(x float64)
	Flush(l spmd.Lane) float64
}

// SumAcc adds up, and its flush sums over the whole group (convergent).
type SumAcc struct{ s float64 }

func (a *SumAcc) Add(x float64)             { a.s += x }
func (a *SumAcc) Flush(l spmd.Lane) float64 { return spmd.ReduceAdd(l, a.s) }

// LocalAcc adds up, and its flush returns the lane's own sum.
type LocalAcc struct{ s float64 }

func (a *LocalAcc) Add(x float64)             { a.s += x }
func (a *LocalAcc) Flush(_ spmd.Lane) float64 { return a.s }

// Accumulate adds xs into a fresh accumulator of type A and flushes it.
func Accumulate[A any, P Accumulator[A]](l spmd.Lane, xs []float64) float64 {
	var a A
	p := P(&a)
	for _, x := range xs {
		p.Add(x)
	}
	return p.Flush(l)
}

// A Barrierer waits for its whole group; spmd.Lane is one.
type Barrierer interface{ Barrier() }

// NoBarrier does not wait: for rounds that only touch the lane's own data.
type NoBarrier struct{}

func (NoBarrier) Barrier() {}

// Rounds runs step(0), ..., step(n-1), calling b.Barrier after each.
func Rounds[B Barrierer](b B, n int, step func(k int)) {
	for k := range n {
		step(k)
		b.Barrier()
	}
}
