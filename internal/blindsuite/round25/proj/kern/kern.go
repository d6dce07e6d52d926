// Package kern is the team's kernel library: small SPMD building blocks
// shared by the application packages.
package kern

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// Job is a one-dimensional job with one element per lane.
type Job struct {
	In, Out []float64
	Steps   int
	Scale   float64
}

// Normalize scales each element by Scale/sum(In).
// kernel(ok): reduction reached by every lane.
//
//spmd:kernel
func (j *Job) Normalize(l spmd.Lane) {
	i := l.Index()
	sum := spmd.ReduceAdd(l, j.In[i])
	j.Out[i] = j.In[i] / sum * j.Scale
}

// NormalizeSkipZero skips the work for zero elements.
// kernel(bug): lanes holding a zero return before the reduction.
//
//spmd:kernel
func (j *Job) NormalizeSkipZero(l spmd.Lane) {
	i := l.Index()
	if j.In[i] == 0 {
		j.Out[i] = 0
		return
	}
	sum := spmd.ReduceAdd(l, j.In[i]) // EXPECT
	j.Out[i] = j.In[i] / sum * j.Scale
}

// NormalizeZeroSafe is NormalizeSkipZero with the reduction hoisted.
// kernel(ok): the early return comes after the reduction.
//
//spmd:kernel
func (j *Job) NormalizeZeroSafe(l spmd.Lane) {
	i := l.Index()
	sum := spmd.ReduceAdd(l, j.In[i])
	if j.In[i] == 0 {
		j.Out[i] = 0
		return
	}
	j.Out[i] = j.In[i] / sum * j.Scale
}

// Relax runs Steps rounds of a three-point average on a ring.
// kernel(ok): uniform trip count, two barriers per round.
//
//spmd:kernel
func (j *Job) Relax(l spmd.Lane) {
	i, n := l.Index(), l.Count()
	for s := 0; s < j.Steps; s++ {
		left, mid, right := j.In[(i+n-1)%n], j.In[i], j.In[(i+1)%n]
		l.Barrier()
		j.In[i] = (left + mid + right) / 3
		l.Barrier()
	}
	j.Out[i] = j.In[i]
}

// RelaxOdd gives odd lanes one more smoothing round.
// kernel(bug): the trip count depends on the lane.
//
//spmd:kernel
func (j *Job) RelaxOdd(l spmd.Lane) {
	i, n := l.Index(), l.Count()
	for s := 0; s < j.Steps+i%2; s++ {
		left, mid, right := j.In[(i+n-1)%n], j.In[i], j.In[(i+1)%n]
		l.Barrier() // EXPECT
		j.In[i] = (left + mid + right) / 3
		l.Barrier() // EXPECT
	}
	j.Out[i] = j.In[i]
}

// Sum stores the sum of xs in *out.
// kernel(ok): generic; strided loop, reduction after it.
//
//spmd:kernel
func Sum[T spmd.Number](l spmd.Lane, xs []T, out *T) {
	var part T
	for i := l.Index(); i < len(xs); i += l.Count() {
		part += xs[i]
	}
	total := spmd.ReduceAdd(l, part)
	if l.Index() == 0 {
		*out = total
	}
}

// SumEager reduces element by element.
// kernel(bug): generic; the reduction runs inside the strided loop.
//
//spmd:kernel
func SumEager[T spmd.Number](l spmd.Lane, xs []T, out *T) {
	var total T
	for i := l.Index(); i < len(xs); i += l.Count() {
		total += spmd.ReduceAdd(l, xs[i]) // EXPECT
	}
	if l.Index() == 0 {
		*out = total
	}
}

// MaxOf returns a kernel that stores the largest of xs (one per lane) in *out.
// kernel(ok): generic factory; everything is reached by every lane.
func MaxOf[T spmd.Number](xs []T, out *T) func(spmd.Lane) {
	return func(l spmd.Lane) {
		v := max(xs[l.Index()], 0)
		m := spmd.ReduceMax(l, v)
		if l.Index() == 0 {
			*out = m
		}
	}
}

// MaxOfPositive only lets positive elements take part.
// kernel(bug): generic factory; the reduction is in a per-lane branch.
func MaxOfPositive[T spmd.Number](xs []T, out *T) func(spmd.Lane) {
	return func(l spmd.Lane) {
		v := xs[l.Index()]
		if v > 0 {
			m := spmd.ReduceMax(l, v) // EXPECT
			if l.Index() == 0 {
				*out = m
			}
		}
	}
}

// Weight is plain arithmetic; kernels call it with uniform or lane-dependent i.
func Weight(xs []float64, i int) float64 { return xs[i] * 0.5 }

// Pick reads element i of xs, wrapped to the group size.
func Pick(l spmd.Lane, xs []float64, i int) float64 { return xs[i%l.Count()] }

// Own returns this lane's element of xs.
func Own(l spmd.Lane, xs []float64) float64 { return xs[l.Index()] }

// Exchange publishes v and returns the right neighbour's value. It performs
// barriers, so every lane must call it together.
func Exchange(l spmd.Lane, buf []float64, v float64) float64 {
	i := l.Index()
	buf[i] = v
	l.Barrier()
	r := buf[(i+1)%l.Count()]
	l.Barrier()
	return r
}

// GroupMax returns the largest v in the group.
//
//spmd:uniform
func GroupMax(l spmd.Lane, v float64) float64 { return spmd.ReduceMax(l, v) }

// Slot is the lane's slot in a shared buffer.
//
//spmd:laneid
func Slot(l spmd.Lane) int { return l.Index() }

// From returns lane src's v.
//
//spmd:uniform src
func From(l spmd.Lane, v float64, src int) float64 { return spmd.Broadcast(l, v, src) }

// Fence stands for the device's group-wide memory fence.
//
//spmd:convergent barrier
func Fence(l spmd.Lane) { l.Barrier() }

// CountAbove stores in *mean the mean of the elements above limit.
// kernel(ok): atomic counter read back after a barrier.
//
//spmd:kernel
func CountAbove(l spmd.Lane, xs []float64, limit float64, ctr *atomic.Int64, mean *float64) {
	v := xs[l.Index()]
	if v > limit {
		ctr.Add(1)
	} else {
		v = 0
	}
	l.Barrier()
	n := ctr.Load()
	if n > 0 {
		s := spmd.ReduceAdd(l, v)
		if l.Index() == 0 {
			*mean = s / float64(n)
		}
	}
}

// CountAboveLast lets the last lane to count finish the job.
// kernel(bug): the branch depends on an atomic add's result.
//
//spmd:kernel
func CountAboveLast(l spmd.Lane, xs []float64, limit float64, ctr *atomic.Int64, mean *float64) {
	v := xs[l.Index()]
	if v <= limit {
		v = 0
	}
	if ctr.Add(1) == int64(l.Count()) {
		s := spmd.ReduceAdd(l, v) // EXPECT
		*mean = s
	}
}

// Stats holds per-lane partials and the group's result.
type Stats struct {
	Part []float64
	Max  float64
	Hits int64
}

// Gather fills s.Part and s.Max.
// kernel(ok): uniform max from a collective guards the barrier.
//
//spmd:kernel
func Gather(l spmd.Lane, xs []float64, s *Stats) {
	v := Own(l, xs)
	m := GroupMax(l, v)
	if m > 0 {
		s.Part[l.Index()] = v / m
		Fence(l)
	}
	if l.Index() == 0 {
		s.Max = m
	}
}

// GatherOwn guards the fence with the lane's own value.
// kernel(bug): Fence is //spmd:convergent and runs under a divergent branch.
//
//spmd:kernel
func GatherOwn(l spmd.Lane, xs []float64, s *Stats) {
	v := Own(l, xs)
	m := GroupMax(l, v)
	if v > 0 {
		s.Part[l.Index()] = v / m
		Fence(l) // EXPECT
	}
	if l.Index() == 0 {
		s.Max = m
	}
}
